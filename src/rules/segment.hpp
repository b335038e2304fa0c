// SPDX-License-Identifier: Apache-2.0
// src/rules/segment.hpp: the safety rules that judge a path segment by what it decodes to.
// Internal.
//
// Each takes the raw text of one segment (escapes well-formed, as the scanner has checked them)
// and reads it decoded, because the FTP server sees the decoded bytes: "%2E%2E%2E" is "..." to
// it. docs/behaviour.md, "Safety rules", names the attack each one stops.
#pragma once

#include <cstddef>
#include <string_view>

#include "dot_segments.hpp"
#include "ftpuri/charset.hpp"
#include "text.hpp"

namespace ftpuri::rules {

// A segment that begins with "~" (raw or %7E): "~" alone is the login directory, "~user"
// another account's home (draft-casey 3.1), both expanded by the server.
[[nodiscard]] constexpr bool is_home_segment(std::string_view raw) noexcept
{
    unsigned char first = 0;
    return decoded_reader(raw).next(first) && first == '~';
}

// Exactly "~" (raw or %7E): the login directory itself.
[[nodiscard]] constexpr bool is_login_directory(std::string_view raw) noexcept
{
    decoded_reader bytes(raw);
    unsigned char c = 0;
    return bytes.next(c) && c == '~' && !bytes.next(c);
}

// "." or ".." followed by one or more dots and spaces ("...", "..%20", ". ."): Windows servers
// strip trailing dots and spaces and walk what is left as "." or "..".
[[nodiscard]] constexpr bool is_dot_lookalike(std::string_view raw) noexcept
{
    decoded_reader bytes(raw);
    unsigned char c = 0;
    if (!bytes.next(c) || c != '.') return false;
    std::size_t length = 1;
    bool exactly_dots = true; // "." and ".." are dot-segments, not look-alikes
    while (bytes.next(c)) {
        if (c != '.' && c != ' ') return false;
        exactly_dots = exactly_dots && c == '.';
        ++length;
    }
    return length >= 2 && !(exactly_dots && length == 2);
}

// The byte after a drive letter's letter: ":" (or "|", which WHATWG's file URLs read the same).
[[nodiscard]] constexpr bool is_drive_separator(unsigned char c) noexcept
{
    return c == ':' || c == '|';
}

// A drive letter, ALPHA and its separator: a Windows server may take "C:" as the drive, outside
// the FTP root.
[[nodiscard]] constexpr bool is_drive_letter(std::string_view raw) noexcept
{
    decoded_reader bytes(raw);
    unsigned char letter = 0;
    unsigned char colon = 0;
    unsigned char more = 0;
    return bytes.next(letter) && chars::alpha.contains(letter) && bytes.next(colon) && is_drive_separator(colon) &&
           !bytes.next(more);
}

// "..%2F..%2Fetc": whether a part of the raw segment between its "%2F"s (any case) is a
// dot-segment, or a look-alike of one that Windows walks as one ("..%20%2Fetc" is "CWD .. /etc").
// One segment to a URL normalizer, several directories to the FTP server.
[[nodiscard]] constexpr bool hides_dot_segment(std::string_view raw) noexcept
{
    constexpr std::size_t npos = std::string_view::npos;
    auto const slash_at = [raw](std::size_t q) {
        return q + 2 < raw.size() && raw[q + 1] == '2' && to_lower_ascii(static_cast<unsigned char>(raw[q + 2])) == 'f';
    };
    std::size_t part = 0;
    for (;;) {
        std::size_t q = raw.find('%', part); // the pieces end at a "%2F" or the segment's end
        while (q != npos && !slash_at(q))
            q = raw.find('%', q + 1);
        std::string_view const piece = raw.substr(part, (q == npos ? raw.size() : q) - part);
        if (dot_segment_length(piece) > 0 || is_dot_lookalike(piece)) return true;
        if (q == npos) return false;
        part = q + 3;
    }
}

} // namespace ftpuri::rules
