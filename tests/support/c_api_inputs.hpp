// SPDX-License-Identifier: Apache-2.0
// tests/support/c_api_inputs.hpp: what the C API's tests run over: every seed input of the
// fuzzers (corpus/inputs: diagnostics, hand-made, real-world, peers' vectors: all families of
// error and warning, every host kind, long and odd inputs) in the three profiles, as C options.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "corpus_files.hpp"
#include "ftpuri.h"

namespace ftpuri_test {

inline std::vector<std::string> const& c_api_corpus()
{
    static std::vector<std::string> const all = [] {
        std::vector<std::string> v;
        for (source_file& file : files_under("corpus/inputs"))
            v.push_back(std::move(file.text));
        return v;
    }();
    return all;
}

inline constexpr std::array c_api_profiles = {FTPURI_PROFILE_STRICT, FTPURI_PROFILE_RFC3986, FTPURI_PROFILE_LENIENT};

inline ftpuri_parse_options c_options(ftpuri_profile p)
{
    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.profile = p;
    return o;
}

} // namespace ftpuri_test
