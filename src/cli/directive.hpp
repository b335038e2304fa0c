// SPDX-License-Identifier: Apache-2.0
// directive.hpp: the comments that silence findings in a list file, as ShellCheck's, ruff's
// and clang-tidy's do in source files.
//
//     ftp://FTP.example.org:21/pub/  # ftpuri-check: disable=host.uppercase,port.default
//     # ftpuri-check: disable=userinfo.password          <- the next line only
//     ftp://mirror:s3cret@ftp.example.org/
//     # ftpuri-check: disable-file=host.ip-address      <- every line of the file
//
// A directive hides warnings and notes only: an error makes the URI invalid and is always
// reported. disable-file belongs among the comment lines at the top of the file, before its
// first URI (as ShellCheck's file-wide directives): there it holds for every line, whichever
// thread checks it; anywhere else it is reported and ignored. An unknown id in a directive is
// reported, never ignored in silence.
#pragma once

#include <optional>
#include <string_view>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri::cli {

struct directive {
    bool whole_file = false;  // disable-file=
    diag_set ids;             // the ids it names that exist
    std::string_view unknown; // the first name that is no id, or empty
};

// The directive in `comment` (a comment line, or what follows a URI), if it holds one.
// Allocates nothing.
[[nodiscard]] std::optional<directive> find_directive(std::string_view comment) noexcept;

// What the file-wide directives among the leading comment and blank lines of `text` (a file's
// first block) hide.
[[nodiscard]] diag_set file_directives(std::string_view text, char separator) noexcept;

// The last line of `text` (a block of whole lines), without its ending.
[[nodiscard]] std::string_view last_line(std::string_view text, char separator) noexcept;

} // namespace ftpuri::cli
