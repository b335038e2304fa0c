// SPDX-License-Identifier: Apache-2.0
// tests/support/source_files.hpp: reading files of the source tree (docs/, include/), whose
// root CMake passes as FTPURI_SOURCE_DIR; read_file.hpp reads them.
#pragma once

#include <string>
#include <string_view>

#include "read_file.hpp"

namespace ftpuri_test {

// The path of `relative` (e.g. "docs/grammar.abnf") in the source tree.
inline std::string source_path(std::string_view relative)
{
    std::string path = FTPURI_SOURCE_DIR;
    path += '/';
    path += relative;
    return path;
}

} // namespace ftpuri_test
