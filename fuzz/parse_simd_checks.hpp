// SPDX-License-Identifier: Apache-2.0
// fuzz/parse_simd_checks.hpp: part of parse_fuzzer: the scanner's first stage at every SIMD level
// the machine has gives the portable scan's answers.
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
#include "scan/byte_runs.hpp"

namespace ftpuri_fuzz::parse_checks {

using namespace ftpuri;
using ftpuri_fuzz::iequals;
using ftpuri_fuzz::reference_decode;

// The SIMD levels only decide how far the scanner skips: every answer is the portable scan's.
inline void check_simd_levels(std::string_view input, parse_options const& options)
{
    using ftpuri::detail::simd_level;
    simd_level const machine = ftpuri::detail::active_simd_level;
    ftpuri::detail::active_simd_level = simd_level::scalar;
    diagnostic_list portable_found;
    parse_result const portable = parse(input, options, portable_found);
    parse_result const portable_quick = parse(input, options);
    for (simd_level const level : {simd_level::sse2, simd_level::avx2}) {
        if (level > ftpuri::detail::detected_simd_level()) continue;
        ftpuri::detail::active_simd_level = level;
        diagnostic_list found;
        parse_result const fast = parse(input, options, found);
        parse_result const quick = parse(input, options);
        FUZZ_CHECK(validate(input, options) == portable_quick.has_value(), input);
        FUZZ_CHECK(fast.has_value() == portable.has_value() && quick.has_value() == portable_quick.has_value(), input);
        FUZZ_CHECK(std::equal(found.begin(), found.end(), portable_found.begin(), portable_found.end()), input);
        if (fast) {
            FUZZ_CHECK(ftpuri::detail::view_access::parts(*fast) == ftpuri::detail::view_access::parts(*portable),
                       input);
        } else {
            FUZZ_CHECK(fast.error() == portable.error(), input);
        }
        if (quick) {
            FUZZ_CHECK(ftpuri::detail::view_access::parts(*quick) ==
                           ftpuri::detail::view_access::parts(*portable_quick),
                       input);
        } else {
            FUZZ_CHECK(quick.error() == portable_quick.error(), input);
        }
    }
    ftpuri::detail::active_simd_level = machine;
}

} // namespace ftpuri_fuzz::parse_checks
