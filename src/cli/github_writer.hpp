// SPDX-License-Identifier: Apache-2.0
// github_writer.hpp: GitHub Actions' workflow commands, one line per diagnostic, which the
// runner turns into annotations on the files of a pull request and on the run's summary.
//
//     ::error file=mirrors.txt,line=3,col=10,endColumn=10,title=char.space::raw space%0Ahint: percent-encode ...
//     ::warning file=mirrors.txt,line=4,col=9,endColumn=14,title=userinfo.password::password in the URI%0Ahint: ...
//
// An error, a warning and a note are ::error, ::warning and ::notice. `file` is the file's
// path relative to the working directory when it is in it (source_path.hpp): GitHub finds the
// file by its path in the repository, and CI jobs run at the checkout's root. `col` and
// `endColumn` are the first and the last column of the diagnostic's bytes, both included (a
// one-column finding has col = endColumn, as GitHub's default endColumn is col; an empty range,
// such as an empty host's, is the column where something is missing), counted in code points
// from 1 as SARIF counts them and as GitHub shows the line. The title is the id; the message is
// ftpuri::message() and, on a line of its own, the hint, as the text format prints them.
//
// stdin and the command line's arguments are no file of the repository: their commands have no
// file, line or column (GitHub would look for a file "<arg 1>"), and their message begins with
// the text format's "<stdin>:3:10: " instead, so that the summary still says where.
//
// Escaped as GitHub's toolkit escapes (@actions/core, toCommandValue and escapeData): in the
// message '%', CR and LF are %25, %0D and %0A; in a property ':' and ',' are %3A and %2C as
// well. A file name is made terminal-safe first (terminal_safe.hpp: <1B>, <U+202E>): the log is
// read on a terminal too, and a name may hold any bytes. Nothing echoes the input, so nothing
// can show a password.
#pragma once

#include <string>
#include <string_view>

#include "report_writer.hpp"

namespace ftpuri::cli {

class github_writer final : public report_writer {
public:
    [[nodiscard]] report_needs needs() const noexcept override { return {}; }
    void write(checked_input const& input, std::string& to) override;

private:
    // The origin named name_: as a file= property (a file), or as the message's prefix.
    void name_origin(input_origin const& origin);

    std::string name_;  // the origin's name as given
    std::string shown_; // made terminal-safe
    std::string escaped_;
    bool named_ = false;
    bool from_file_ = false;
};

// Appends `text` as a workflow command's message (escapeData): '%', CR and LF escaped.
void append_github_data(std::string& to, std::string_view text);
// Appends `text` as a workflow command's property value (escapeProperty): ':' and ',' too.
void append_github_property(std::string& to, std::string_view text);

} // namespace ftpuri::cli
