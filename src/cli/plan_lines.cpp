// SPDX-License-Identifier: Apache-2.0
// plan_lines.cpp: the command lines of --plan (plan_lines.hpp).
#include "plan_lines.hpp"

#include <cstddef>
#include <cstdint>

#include "ftpuri/pct.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {
namespace {

// The length of the unit of `raw` at i as decoded_view reads it: an escape, or one byte.
std::size_t unit_length(std::string_view raw, std::size_t i) noexcept
{
    bool const escape = raw[i] == '%' && i + 2 < raw.size() && hex_value(static_cast<unsigned char>(raw[i + 1])) >= 0 &&
                        hex_value(static_cast<unsigned char>(raw[i + 2])) >= 0;
    return escape ? 3 : 1;
}

void append_decoded(std::string& to, std::string_view raw)
{
    for (char const c : decoded_view(raw))
        to.push_back(c);
}

// "VERB " and the argument decoded, with the units that hold bytes [from, to) of the raw
// argument (clamped to it, and not empty) replaced by one "****".
std::string_view masked_line(ftp_command const& c, std::size_t from, std::size_t to, std::string& line)
{
    std::string_view const raw = c.raw_argument();
    // Whole units: an escape the password's edge would cut is masked whole.
    std::size_t begin = 0;
    std::size_t end = 0;
    bool masking = false;
    for (std::size_t i = 0; i < raw.size();) {
        std::size_t const n = unit_length(raw, i);
        if (i < to && from < i + n) {
            if (!masking) begin = i;
            masking = true;
            end = i + n;
        }
        i += n;
    }
    line.clear(); // keeps the capacity
    line.append(to_string(c.verb()));
    line.push_back(' ');
    append_decoded(line, raw.substr(0, begin));
    line.append("****");
    append_decoded(line, raw.substr(end));
    return line;
}

} // namespace

std::string_view command_line(ftp_command const& c, command_mask const& mask, std::string& line)
{
    if (!mask.show_password) {
        // The URI's password; the anonymous one is the user's own option, no secret of the URI.
        bool const uris_password = c.verb() == ftp_verb::pass && c.offset() != ftp_command::npos;
        if (uris_password && !c.argument().empty()) return "PASS ****";
        if (mask.password && mask.password->length != 0 && c.offset() != ftp_command::npos) {
            // A command whose argument holds bytes of the password (another parser's reading).
            std::uint64_t const begin = c.offset();
            std::uint64_t const end = begin + c.raw_argument().size();
            std::uint64_t const pw_begin = mask.password->offset;
            std::uint64_t const pw_end = pw_begin + mask.password->length;
            if (pw_begin < end && begin < pw_end)
                return masked_line(c, pw_begin > begin ? pw_begin - begin : 0, pw_end - begin, line);
        }
    }
    // The display form: the verb and the decoded argument, each byte once. The wire form
    // (write_into) doubles a 0xFF for Telnet, which a reader should not see twice.
    line.clear(); // keeps the capacity
    line.append(to_string(c.verb()));
    if (c.has_argument()) {
        line.push_back(' ');
        for (char const ch : c.argument())
            line.push_back(ch);
    }
    return line;
}

void append_plan_text(std::string& to, command_plan const& plan, command_mask const& mask, std::string& scratch)
{
    for (ftp_command const& c : plan) {
        append_terminal_safe(to, command_line(c, mask, scratch));
        to.push_back('\n');
    }
    to.push_back('\n');
}

} // namespace ftpuri::cli
