// SPDX-License-Identifier: Apache-2.0
// src/rules/bad_byte.hpp: what a byte that its component does not allow is reported as.
// Internal.
#pragma once

#include <optional>

#include "ftpuri/charset.hpp"
#include "ftpuri/diagnostic.hpp"

namespace ftpuri::rules {

// A byte that no component of any profile allows raw: reported by what it is, wherever it is
// (docs/scanner.md, "Bad bytes"), rather than as a byte its component does not take.
[[nodiscard]] constexpr bool is_never_allowed(unsigned char c) noexcept
{
    return c == ' ' || chars::control.contains(c) || chars::non_ascii.contains(c) || chars::unsafe.contains(c);
}

// NUL, CR and LF: the bytes that end an FTP command line or start another (RFC 959 4.1), so
// never allowed decoded, in any component of any profile (docs/behaviour.md, "Safety rules"; the
// parser's pct.forbidden-control, and the command plan's check of what it sends).
[[nodiscard]] constexpr bool ends_a_command(unsigned char c) noexcept
{
    return c == '\0' || c == '\r' || c == '\n';
}

// 0xFF, Telnet's IAC (RFC 854), decoded in a component that a client sends on the control
// connection (USER, PASS, the path's CWD and RETR arguments, and the query, which some clients
// send as part of the file name): clients send it undoubled, and the server's Telnet layer reads
// "FF F4" as "interrupt process" and the rest as another name.
[[nodiscard]] constexpr bool is_telnet_iac(unsigned char c, component where) noexcept
{
    return c == 0xFF && (where == component::user || where == component::password || where == component::path ||
                         where == component::query);
}

struct bad_byte_report {
    diag_id id;
    std::optional<diag_id> note; // how other parsers read it, when that differs
};

// `at_edge`: the byte begins the input, or only spaces and controls follow it, where WHATWG
// parsers strip them.
[[nodiscard]] constexpr bad_byte_report classify_bad_byte(unsigned char c, bool at_edge, component where) noexcept
{
    if (chars::control.contains(c)) {
        std::optional<diag_id> note;
        if (c == '\t' || c == '\n' || c == '\r') note = diag_id::interop_tab_newline;
        if (at_edge && c != 0x7F) note = diag_id::interop_edge_whitespace;
        return {diag_id::char_control, note};
    }
    if (c == ' ')
        return {diag_id::char_space, at_edge ? std::optional(diag_id::interop_edge_whitespace) : std::nullopt};
    if (chars::non_ascii.contains(c)) return {diag_id::char_non_ascii, std::nullopt};
    if (chars::unsafe.contains(c))
        return {diag_id::char_unsafe, c == '\\' ? std::optional(diag_id::interop_backslash) : std::nullopt};
    return {where == component::host ? diag_id::host_invalid_char : diag_id::char_not_allowed, std::nullopt};
}

} // namespace ftpuri::rules
