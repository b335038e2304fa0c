// SPDX-License-Identifier: Apache-2.0
// fuzz/oracle_fuzzer.cpp: the scanner against the RE2 oracle generated from docs/grammar.abnf.
//
// For any bytes and each grammar profile (strict, rfc3986), the claim of docs/assurance.md:
// the scanner accepts iff the oracle's regex matches and no named constraint is violated, and
// when the regex matches but a constraint is violated, the scanner's error is the id of one that
// is. ftpuri_oracle::judge() decides it; this target only feeds it what libFuzzer finds. The
// exhaustive tests (oracle/exhaustive_test.cpp) cover every short string; this covers long ones.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ftpuri/options.hpp"
#include "oracle.hpp"

#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    static ftpuri_oracle::oracle_set const& oracles = ftpuri_oracle::built_oracles();
    std::string_view const input(reinterpret_cast<char const*>(data), size);
    for (ftpuri::profile const p : {ftpuri::profile::strict, ftpuri::profile::rfc3986}) {
        ftpuri_oracle::verdict const v = ftpuri_oracle::judge(input, p, oracles);
        if (!v.agrees) {
            std::string const why = ftpuri_oracle::describe(input, p, v);
            FUZZ_CHECK_DETAIL(v.agrees, input, why);
        }
    }
    return 0;
}
