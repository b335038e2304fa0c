// src/dot_segments.hpp: RFC 3986 5.2.4 remove_dot_segments, in place. Internal.
#pragma once

#include <cstddef>

namespace ftpuri {

// Removes the dot-segments of the path s[0, n) in place and returns its new length. Any path:
// rooted ("/a/../b" is "/b", a ".." above the root vanishes) or not ("../a" is "a"). The output
// is always a prefix of what has been read, so one buffer serves as input and output, and the
// work is linear. Dots are literal here: decode "%2E" first (the canonicalizer does).
std::size_t remove_dot_segments(char* s, std::size_t n) noexcept;

} // namespace ftpuri
