// SPDX-License-Identifier: Apache-2.0
// tests/support/source_files.hpp: reading files of the source tree (docs/, include/), whose
// root CMake passes as FTPURI_SOURCE_DIR.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace ftpuri_test {

// The path of `relative` (e.g. "docs/grammar.abnf") in the source tree.
inline std::string source_path(std::string_view relative)
{
    std::string path = FTPURI_SOURCE_DIR;
    path += '/';
    path += relative;
    return path;
}

// The whole content of the file at `path`, byte for byte; "" when it cannot be read.
inline std::string read_text(std::string const& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace ftpuri_test
