// SPDX-License-Identifier: Apache-2.0
// src/scan/port.hpp: the port. Internal.
#pragma once

#include <cstdint>

#include "../rules/bad_byte.hpp"
#include "../rules/port.hpp"
#include "cursor.hpp"

namespace ftpuri::detail {

// port = *DIGIT                  ; value 1-65535 when present and non-empty
// The port after the ":" at `colon`, up to the authority's `end`; none when colon == end.
template <class Sink>
bool scan_port(cursor<Sink>& c, std::uint32_t colon, std::uint32_t end) noexcept
{
    if (colon == end) return true;
    std::uint32_t const begin = colon + 1;
    c.parts.at.port_begin = begin;
    c.parts.at.port_end = end;
    rules::port_value const port = rules::parse_port(c.input.substr(begin, end - begin));
    if (port.error) {
        std::uint32_t const at = begin + port.error->offset;
        if (port.error->id == diag_id::port_invalid && rules::is_never_allowed(c.s[at]))
            return c.bad_byte(at, component::port);
        return c.fail(port.error->id, component::port, at, port.error->length);
    }
    std::uint32_t const length = end - begin;
    if (length == 0) {
        c.warn(diag_id::port_empty, component::port, colon, 1);
        return true;
    }
    c.parts.port_number = port.value;
    if (length > 1 && c.s[begin] == '0') c.warn(diag_id::port_leading_zeros, component::port, begin, length);
    if (port.value == 21) c.warn(diag_id::port_default, component::port, begin, length);
    return true;
}

} // namespace ftpuri::detail
