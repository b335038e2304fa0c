// SPDX-License-Identifier: Apache-2.0
// reference_lines.hpp: the lines of an input as ftpuri-check's reader must give them, split
// here independently of src/cli/block_reader (a plain loop, one byte at a time), so that the
// reader's tests and the cli fuzzer have one oracle to hold it to.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "block_reader.hpp"

struct reference_line {
    std::string_view bytes; // without its ending
    ftpuri::cli::line_end end;
};

// The bytes of a UTF-8 byte order mark that begins the input: they belong to no line.
inline std::size_t reference_bom_size(std::string_view input)
{
    return input.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
}

// Whether the input begins with UTF-16's or UTF-32's byte order mark: it then has no line.
inline bool reference_foreign_mark(std::string_view input)
{
    std::string_view const head = input.substr(0, 2);
    return head == "\xFF\xFE" || head == "\xFE\xFF" || input.substr(0, 4) == std::string_view("\0\0\xFE\xFF", 4);
}

// Every "\n" ends a line, and a "\r" just before it is part of the ending (CRLF); bytes after
// the last "\n" are a last line without one. Nothing else is trimmed, but a byte order mark
// that begins the input; one of another encoding than UTF-8 leaves no line.
inline std::vector<reference_line> reference_lines(std::string_view input)
{
    using ftpuri::cli::line_end;
    std::vector<reference_line> lines;
    if (reference_foreign_mark(input)) return lines;
    std::size_t begin = reference_bom_size(input);
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (input[i] != '\n') continue;
        bool const crlf = i > begin && input[i - 1] == '\r';
        lines.push_back({input.substr(begin, i - begin - (crlf ? 1 : 0)), crlf ? line_end::crlf : line_end::lf});
        begin = i + 1;
    }
    if (begin < input.size()) lines.push_back({input.substr(begin), line_end::none});
    return lines;
}
