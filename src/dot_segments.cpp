// src/dot_segments.cpp: RFC 3986 5.2.4 in place.
#include "dot_segments.hpp"

#include <cstring>
#include <string_view>

namespace ftpuri {

std::size_t remove_dot_segments(char* s, std::size_t n) noexcept
{
    // Steps 2A and 2D: leading "../" and "./", or a whole "." or "..", of a rootless path.
    std::size_t read = 0;
    for (;;) {
        std::string_view const rest(s + read, n - read);
        if (rest.substr(0, 3) == "../") {
            read += 3;
        } else if (rest.substr(0, 2) == "./") {
            read += 2;
        } else if (rest == "." || rest == "..") {
            read = n;
        } else {
            break;
        }
    }

    // Steps 2B, 2C and 2E, one segment (with its leading "/", if any) at a time.
    std::size_t write = 0;
    while (read < n) {
        bool const slash = s[read] == '/';
        std::size_t const begin = read + (slash ? 1 : 0);
        std::size_t end = begin;
        while (end < n && s[end] != '/')
            ++end;
        std::size_t const length = end - begin;
        bool const last = end == n;
        bool const dot = length == 1 && s[begin] == '.';
        bool const dot_dot = length == 2 && s[begin] == '.' && s[begin + 1] == '.';
        if (dot_dot) { // 2C: remove the last output segment and the "/" before it
            while (write > 0 && s[write - 1] != '/')
                --write;
            if (write > 0) --write;
        }
        if (dot || dot_dot) {
            if (last && slash) s[write++] = '/'; // "/a/b/.." ends in a directory: "/a/"
        } else {
            std::memmove(s + write, s + read, end - read);
            write += end - read;
        }
        read = end;
    }
    return write;
}

} // namespace ftpuri
