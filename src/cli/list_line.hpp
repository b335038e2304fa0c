// SPDX-License-Identifier: Apache-2.0
// list_line.hpp: how a line of a list file divides into the URI and what surrounds it.
//
// People write mirror lists with comments after the URI, trailing blanks, and sometimes more
// than one field (`ftp://h/debian/ bookworm main`). The URI is what is checked and rewritten;
// the rest of the line is the file's, kept byte for byte. A repair never guesses between a
// space inside a file name and a second field:
//
//   - blanks (spaces, tabs) then '#' start a comment, which runs to the end of the line;
//   - blanks at the end of a line without a comment are the file's formatting, not the URI's:
//     list.trailing-blank, a warning that --fix removes;
//   - blanks left between two runs of text may separate fields: list.fields, an error in every
//     profile, and the line is kept as it is, unless the user said which field is the URI
//     (--field N: the rest of the line, blanks and all, is kept as it was) or that the whole
//     line is one (--whole-line, which checks the line as it is, comment, blanks and all).
//
// Arguments are never list lines: the library's verdict on a string does not change.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri::cli {

// What the user said about the lines of their files.
struct list_settings {
    std::uint32_t field = 0; // --field N: the Nth blank-separated field is the URI; 0: not said
    bool whole_line = false; // --whole-line: each line is one URI, blanks and '#' included
};

// One line, divided. The three views cover the line: before + uri + rest.
struct list_line {
    std::string_view before; // the fields before the URI (--field), kept as they are
    std::string_view uri;    // what is checked; with list.fields, the line without its comment
    std::string_view rest;   // what follows the URI: other fields, the comment, trailing blanks
    // How much of the end of `rest` --fix drops: the trailing blanks of list.trailing-blank.
    std::size_t dropped = 0;
    // list.fields (an error: `uri` is not to be checked) or list.trailing-blank (a warning), its
    // offset and length counted from the line's start.
    std::optional<diagnostic> finding;
};

// A line, or an argument, that is one URI and nothing else.
[[nodiscard]] constexpr list_line one_uri(std::string_view text) noexcept
{
    list_line whole;
    whole.before = text.substr(0, 0);
    whole.uri = text;
    whole.rest = text.substr(text.size());
    return whole;
}

[[nodiscard]] list_line split_list_line(std::string_view line, list_settings const& settings) noexcept;

} // namespace ftpuri::cli
