// SPDX-License-Identifier: Apache-2.0
// src/rules/directory_walk.hpp: the depth rule, read as the default command plan walks a path.
// Internal.
#pragma once

#include <cstddef>

#include "dot_segments.hpp"

namespace ftpuri::rules {

// The directory walk that the safety rules "Directory escape" describe, fed one segment at a
// time. Two readings at once, because their disagreement is itself the finding:
//   - the default command plan's (multicwd): a segment other than ".", ".." and empty goes one
//     level down; "." and empty ones (null CWDs, which the plan skips) stay; ".." goes one up;
//     a first segment "~" or "~user" is a home directory, where the depth starts at 0;
//   - RFC 3986 5.2.4's removal of dot-segments (kept_segment_counter), where ".." cancels the
//     nearest preceding segment not yet cancelled ("." ones skipped), whatever it holds.
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
        std::size_t const position = rfc3986_.kept();
        std::size_t const cancelled = rfc3986_.next(dots);
        if (dots == 1) return found;
        if (dots == 2) {
            found.above_root = depth_ == 0;
            if (!found.above_root) --depth_;
            // Before the first such "..", no empty or slashed segment was ever cancelled, so the
            // topmost one kept of each kind is the last one kept: one position each is all it
            // takes.
            found.cancels_empty = cancelled != none && cancelled == last_empty_;
            found.cancels_slashed = cancelled != none && cancelled == last_slashed_;
            if (found.cancels_empty) last_empty_ = none;
            if (found.cancels_slashed) last_slashed_ = none;
            return found;
        }
        if (empty) last_empty_ = position;
        if (slashed) last_slashed_ = position;
        if (!empty && !home_first) ++depth_;
        return found;
    }

    // How many segments RFC 3986 keeps so far: 0 when the next one would be the path's first once
    // dot-segments are removed.
    [[nodiscard]] constexpr std::size_t kept() const noexcept { return rfc3986_.kept(); }

    // `count` segments neither empty nor a dot-segment, none of them the first, of which the one
    // at `last_slashed` (counted from 0; none, or past count, for none) is the last that holds an
    // encoded "/": as many next(0, false, ..., false) would take, which find nothing.
    constexpr void down(std::size_t count, std::size_t last_slashed = none) noexcept
    {
        if (last_slashed < count) last_slashed_ = rfc3986_.kept() + last_slashed;
        rfc3986_.keep(count);
        depth_ += count;
    }

    // `count` empty segments, none of them the first: as many next(0, true, false, false) would
    // take, which find nothing.
    constexpr void empties(std::size_t count) noexcept
    {
        if (count == 0) return;
        rfc3986_.keep(count);
        last_empty_ = rfc3986_.kept() - 1;
    }

private:
    static constexpr std::size_t none = kept_segment_counter::none;
    std::size_t depth_ = 0;           // the plan's depth below the starting directory
    kept_segment_counter rfc3986_{};  // the segments RFC 3986 has not cancelled
    std::size_t last_empty_ = none;   // the position among them of the last empty one
    std::size_t last_slashed_ = none; // and of the last one holding an encoded "/"
};

} // namespace ftpuri::rules
