// SPDX-License-Identifier: Apache-2.0
// plan_lines.hpp: the command lines of a plan (ftpuri/plan.hpp) as --plan prints them.
//
//     USER anonymous
//     PASS ****                 (the password itself with --show-password)
//     CWD pub
//     RETR f.txt
//
// Each line is the command's display form: the verb, a space and the decoded argument, as the
// library writes it for the server (ftp_command::write_into; no CRLF) but with a byte 0xFF once
// where the wire form doubles it for Telnet; and with two changes unless the user asks for the
// password (--show-password):
//
// - the URI's password reads "PASS ****"; an empty one ("ftp://u:@h/") stays empty, "PASS ",
//   as in the echoed input: there is nothing to hide. The anonymous password is shown
//   ("PASS anonymous@"): it is the user's own --anonymous-password (an e-mail address by RFC
//   1738's convention), not a secret the URI carries, and a listed plan reads as sent;
// - the bytes of the input that another parser reads as a password (ftpuri/redact.hpp's
//   find_password: RFC 3986, WHATWG or curl) read "****" in any other command too. The rfc3986
//   and lenient profiles accept "ftp:///u:pw@h/", an empty host and the path "/u:pw@h/", where
//   a browser logs in as u with the password pw: the plan's "CWD u:pw@h" shows "CWD u:****@h".
//   That line is no longer what is sent; the password is whatever the user did not ask to see,
//   and a script that sends the plan asks for the exact lines with --show-password.
//
// The line is raw bytes, the argument decoded: the text format shows it with
// append_terminal_safe() (a %1B becomes <1B>, a %FF <FF>, and a literal '<' that could read as
// such an escape <3C>), JSON with its bytes that are not UTF-8 replaced (a %FF becomes U+FFFD)
// and its controls written \uXXXX.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/plan.hpp"
#include "ftpuri/redact.hpp"

namespace ftpuri::cli {

// What the lines of one input's plan hide.
struct command_mask {
    bool show_password = false; // --show-password: nothing
    // Where the input's password is (find_password), the offsets of the plan's URI.
    std::optional<byte_range> password;
};

// A password found in `input` (find_password), as offsets of `uri`, parsed from it: the lenient
// profile trims blanks off the input's front, and the plan's offsets are the URI's.
[[nodiscard]] inline std::optional<byte_range> password_in_uri(std::optional<byte_range> password,
                                                               std::string_view input, uri_view const& uri) noexcept
{
    auto const trimmed = static_cast<std::uint32_t>(uri.buffer().data() - input.data());
    if (!password || password->offset < trimmed) return password; // nothing trimmed holds one
    return byte_range{password->offset - trimmed, password->length};
}

// The line of `c` as --plan shows it, written into `line` (its content replaced; it is grown,
// never shrunk, so that a warmed-up buffer does not allocate). Returns a view of `line`, or of
// a literal.
std::string_view command_line(ftp_command const& c, command_mask const& mask, std::string& line);

// Appends the plan in the text format: each command line, terminal-safe, then an empty line.
// `scratch` is command_line()'s buffer.
void append_plan_text(std::string& to, command_plan const& plan, command_mask const& mask, std::string& scratch);

} // namespace ftpuri::cli
