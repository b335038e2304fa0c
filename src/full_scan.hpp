// SPDX-License-Identifier: Apache-2.0
// src/full_scan.hpp: parse() without its fast paths. Internal.
//
// parse(), validate() and their collecting forms take the shortcuts of plain_scan.hpp where a
// part is plain. This one reads every byte through the full scan and collects every finding:
// the reference that tests and properties (props/fast_path_props.cpp, tests/fast_path_test.cpp)
// hold the fast paths to.
#pragma once

#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"

namespace ftpuri::detail {

[[nodiscard]] parse_result parse_full_scan(std::string_view input, parse_options const& options,
                                           diagnostic_list& out) noexcept;

} // namespace ftpuri::detail
