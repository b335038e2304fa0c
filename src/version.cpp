// SPDX-License-Identifier: Apache-2.0
// src/version.cpp: the linked library's version, which a program built against other headers
// can compare with header_version.
#include "ftpuri/version.hpp"

namespace ftpuri {

std::string_view version() noexcept
{
    return header_version;
}

} // namespace ftpuri
