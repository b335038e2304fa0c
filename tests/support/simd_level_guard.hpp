// SPDX-License-Identifier: Apache-2.0
// simd_level_guard.hpp: sets the scanner's SIMD level for a scope and puts the machine's back,
// for the tests that hold the first stage's forms to one another (src/scan/byte_runs.hpp).
#pragma once

#include "scan/byte_runs.hpp"

namespace ftpuri_test {

class simd_level_guard {
public:
    explicit simd_level_guard(ftpuri::detail::simd_level level) : saved_(ftpuri::detail::active_simd_level)
    {
        ftpuri::detail::active_simd_level = level;
    }
    simd_level_guard(simd_level_guard const&) = delete;
    simd_level_guard& operator=(simd_level_guard const&) = delete;
    ~simd_level_guard() { ftpuri::detail::active_simd_level = saved_; }

private:
    ftpuri::detail::simd_level saved_;
};

} // namespace ftpuri_test
