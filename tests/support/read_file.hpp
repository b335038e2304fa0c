// SPDX-License-Identifier: Apache-2.0
// tests/support/read_file.hpp: a file's whole content, the one file reader of the tests and the
// oracle.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace ftpuri_test {

// The bytes of the file at `path`, unchanged; "" when it cannot be read (the caller's assertion
// on the content says what was missing).
inline std::string read_file(std::filesystem::path const& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace ftpuri_test
