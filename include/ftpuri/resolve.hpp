// SPDX-License-Identifier: Apache-2.0
// ftpuri/resolve.hpp: relative references against an ftp base (RFC 3986 5.2).
//
//     auto const base = ftpuri::parse("ftp://ftp.example.org/pub/linux/README");
//     char out[128];
//     auto const r = ftpuri::resolve_into(*base, "../gnu/;type=d", out);
//     // std::string_view(out, r.size) == "ftp://ftp.example.org/pub/gnu/;type=d"
//
// The reference is split as RFC 3986 Appendix B does and resolved by 5.2.2's algorithm with
// 5.2.4's remove_dot_segments. A ".." above the root is dropped, as RFC 3986's text says
// ("../../../g" against "ftp://a/b/c/d;p?q" is "ftp://a/g"); Boost.URL (errata 4547) and Perl's
// URI keep it, uriparser, CPython and curl drop it, as we do. The result is a URI-reference's
// target, not yet checked: parse() it in the profile you need (an absolute reference with
// another scheme resolves to itself). Nothing is allocated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ftpuri/export.h"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

// A buffer of this size always suffices.
[[nodiscard]] inline std::size_t resolve_size_bound(uri_view const& base, std::string_view reference) noexcept
{
    return base.size() + reference.size() + 1;
}

// Writes the target of `reference` against `base` into `out`. Never invalid: any reference
// has a target.
[[nodiscard]] FTPURI_API write_result resolve_into(uri_view const& base, std::string_view reference,
                                                   std::span<char> out) noexcept;

// Former names, kept until 1.0.
using resolve_status = write_status;
using resolve_result = write_result;
[[nodiscard]] inline write_result resolve(uri_view const& base, std::string_view reference,
                                          std::span<char> out) noexcept
{
    return resolve_into(base, reference, out);
}

// Convenience (allocates): the target, or nothing when `base` is not a valid URI in `options`'s
// profile.
[[nodiscard]] FTPURI_API std::optional<std::string> resolve(std::string_view base, std::string_view reference,
                                                            parse_options const& options = {});

} // namespace ftpuri
