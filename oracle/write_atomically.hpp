// SPDX-License-Identifier: Apache-2.0
// oracle/write_atomically.hpp: a build-time tool's output file, written whole or not at all, so
// that a failed run never leaves half a file for the build to take as done.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace ftpuri_oracle {

inline bool write_atomically(std::string const& path, std::string const& text)
{
    std::string const tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush()) return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return !ec;
}

} // namespace ftpuri_oracle
