// SPDX-License-Identifier: Apache-2.0
// fuzz/parse_diagnostics_checks.hpp: part of parse_fuzzer: the diagnostics of both collecting
// entry points, and their agreement with parse().
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/uri_view.hpp"

#include "fuzz_check.hpp"

namespace ftpuri_fuzz::parse_checks {

using namespace ftpuri;
using ftpuri_fuzz::iequals;
using ftpuri_fuzz::reference_decode;

// The diagnostics of both collecting entry points, and their agreement with parse().
inline void check_diagnostics(std::string_view input, parse_options const& options, parse_result const& r)
{
    diagnostic_list parsed;
    parse_result const r2 = parse(input, options, parsed);
    diagnostic_list validated;
    bool const v2 = validate(input, options, validated);
    FUZZ_CHECK(r2.has_value() == r.has_value(), input);
    FUZZ_CHECK(v2 == r.has_value(), input);
    FUZZ_CHECK(parsed.size() == validated.size(), input);
    FUZZ_CHECK(parsed.dropped() == validated.dropped(), input);
    for (std::size_t i = 0; i < parsed.size(); ++i)
        FUZZ_CHECK(parsed[i] == validated[i], input);

    std::size_t errors = 0;
    std::size_t error_index = 0;
    std::vector<bool> warned(diag_catalogue.size(), false);
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        diagnostic const& d = parsed[i];
        FUZZ_CHECK(static_cast<std::size_t>(d.id) < diag_catalogue.size(), input);
        FUZZ_CHECK(std::uint64_t{d.offset} + d.length <= input.size(), input);
        if (d.level == severity::error) {
            ++errors;
            error_index = i;
        } else if (d.level == severity::warning) {
            FUZZ_CHECK(errors == 0, input); // warnings come before the error
            FUZZ_CHECK(!warned[static_cast<std::size_t>(d.id)], input);
            warned[static_cast<std::size_t>(d.id)] = true;
        } else if (errors == 1) { // a note never stands alone: it explains the error before it
            FUZZ_CHECK(d.offset == parsed[error_index].offset && d.length == parsed[error_index].length, input);
        } else { // or the warning right before it (interop.typecode-case beside typecode.uppercase)
            FUZZ_CHECK(i > 0 && parsed[i - 1].level == severity::warning, input);
            FUZZ_CHECK(d.offset == parsed[i - 1].offset && d.length == parsed[i - 1].length, input);
        }
        if (options.syntax == profile::strict) FUZZ_CHECK(d.level == d.info().level, input);
    }
    if (r.has_value()) {
        FUZZ_CHECK(errors == 0 && !parsed.has_error(), input);
    } else {
        FUZZ_CHECK(errors == 1 && parsed.has_error(), input);
        FUZZ_CHECK(parsed[error_index] == r.error(), input);
        FUZZ_CHECK(r2.error() == r.error(), input);
        diagnostic const& e = r.error();
        FUZZ_CHECK(e.level == severity::error, input);
        FUZZ_CHECK(std::uint64_t{e.offset} + e.length <= input.size(), input);
    }
}

} // namespace ftpuri_fuzz::parse_checks
