// SPDX-License-Identifier: Apache-2.0
// src/canonical_general.hpp: the canonical form's general writer. Internal.
//
// canonicalize_into() takes a fast path for the common shapes (no dot-segment to remove) and
// falls back to this one, which handles every URI. Tests and properties hold the fast path to
// it: on every input the two write the same bytes.
#pragma once

#include <span>

#include "ftpuri/canonical.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::detail {

// Whether canonicalize_into() takes its fast path for `uri` (tests use it to show that their inputs
// exercise both).
[[nodiscard]] bool takes_canonical_fast_path(uri_view const& uri, canonical_options const& options = {}) noexcept;

// Whether the canonical form of `uri` is its input, byte for byte (canonicalize_into() then
// copies it at once). False says nothing.
[[nodiscard]] bool is_own_canonical_form(uri_view const& uri, canonical_options const& options = {}) noexcept;

[[nodiscard]] write_result canonicalize_into_general(uri_view const& uri, std::span<char> out,
                                                     canonical_options const& options = {}) noexcept;

} // namespace ftpuri::detail
