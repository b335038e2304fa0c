// src/segment_rules.hpp: the safety rules that judge a path segment by what it decodes to.
// Internal.
//
// Each takes the raw text of one segment (escapes well-formed, as the scanner has checked them)
// and reads it decoded, because the FTP server sees the decoded bytes: "%2E%2E%2E" is "..." to
// it. PRODUCT.md, "Safety rules", names the attack each one stops.
#pragma once

#include <cstddef>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "text.hpp"

namespace ftpuri {

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

// A drive letter, ALPHA ":" (or "|", which WHATWG's file URLs read the same): a Windows server
// may take "C:" as the drive, outside the FTP root.
[[nodiscard]] constexpr bool is_drive_letter(std::string_view raw) noexcept
{
    decoded_reader bytes(raw);
    unsigned char letter = 0;
    unsigned char colon = 0;
    unsigned char more = 0;
    return bytes.next(letter) && chars::alpha.contains(letter) && bytes.next(colon) && (colon == ':' || colon == '|') &&
           !bytes.next(more);
}

// The directory walk that the safety rules "Directory escape" describe, fed one segment at a
// time. Two readings at once, because their disagreement is itself the finding:
//   - the default command plan's (multicwd): a segment other than ".", ".." and empty goes one
//     level down; "." and empty ones (null CWDs, which the plan skips) stay; ".." goes one up;
//     a first segment "~" or "~user" is a home directory, where the depth starts at 0;
//   - RFC 3986 5.2.4's removal of dot-segments, where ".." cancels the nearest preceding
//     segment not yet cancelled ("." ones skipped), whatever it holds.
// A ".." that cancels an empty segment climbs one level more in the first reading than RFC 3986
// says ("ftp://h/pub//../x" is /pub/x to a normalizer and /x to a client); one that cancels a
// segment holding an encoded "/" climbs one level where the server went down two, or went to
// the root ("x%2Fy/.." is x to the server, "%2F/.." the root).
class directory_walk {
public:
    struct step {
        bool above_root = false;      // the plan's walk climbs above where it started
        bool cancels_empty = false;   // RFC 3986 cancels a null CWD with it
        bool cancels_slashed = false; // RFC 3986 cancels a segment the server walks as several
    };

    // The segment decodes to "." (dots == 1), ".." (2) or neither (0); `slashed`: it holds an
    // encoded "/".
    constexpr step next(int dots, bool empty, bool slashed, bool home_first) noexcept
    {
        step found;
        if (dots == 1) return found;
        if (dots == 2) {
            found.above_root = depth_ == 0;
            if (!found.above_root) --depth_;
            if (kept_ > 0) {
                // Before the first such "..", no empty or slashed segment was ever cancelled, so
                // the topmost one kept of each kind is the last one kept: one position each is
                // all it takes.
                --kept_;
                found.cancels_empty = kept_ == last_empty_;
                found.cancels_slashed = kept_ == last_slashed_;
                if (found.cancels_empty) last_empty_ = none;
                if (found.cancels_slashed) last_slashed_ = none;
            }
            return found;
        }
        if (empty) last_empty_ = kept_;
        if (slashed) last_slashed_ = kept_;
        if (!empty && !home_first) ++depth_;
        ++kept_;
        return found;
    }

private:
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::size_t depth_ = 0;           // the plan's depth below the starting directory
    std::size_t kept_ = 0;            // segments RFC 3986 has not cancelled
    std::size_t last_empty_ = none;   // the position among them of the last empty one
    std::size_t last_slashed_ = none; // and of the last one holding an encoded "/"
};

} // namespace ftpuri
