// SPDX-License-Identifier: Apache-2.0
// src/write_result.cpp: write_status's names.
#include "ftpuri/write_result.hpp"

#include "enum_names.hpp"

namespace ftpuri {

std::string_view to_string(write_status status) noexcept
{
    switch (status) {
    case write_status::ok: return "ok";
    case write_status::buffer_too_small: return "buffer-too-small";
    case write_status::invalid: return "invalid";
    }
    return "?";
}

std::optional<write_status> write_status_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, write_status::invalid);
}

} // namespace ftpuri
