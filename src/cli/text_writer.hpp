// SPDX-License-Identifier: Apache-2.0
// text_writer.hpp: the text format, each diagnostic as clang and ShellCheck print theirs.
//
//     mirrors.txt:3:11: error: empty label in the host name [host.empty-label]
//     ftp://ftp..example.org/pub/
//               ^
//       hint: remove the extra '.'
//
// The column counts bytes from 1, as clang's do. The source line is echoed so that a reader
// sees the bytes a diagnostic points at, but never verbatim: the password reads "****", and
// control bytes and bytes that are not UTF-8 show as <XX>, C1 and bidirectional controls as
// <U+XXXX> (terminal_safe.hpp), so that an input cannot move the terminal's cursor, change its
// colours or reorder or hide part of itself; file names likewise. A line too wide to read is
// shown as a window around the caret, and only the bytes around it are read. --fix writes the reports of invalid inputs
// this way too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "report_writer.hpp"

namespace ftpuri::cli {

class text_writer final : public report_writer {
public:
    // `colour`: ANSI colours (--color).
    explicit text_writer(bool colour) noexcept : colour_(colour) {}

    [[nodiscard]] report_needs needs() const noexcept override
    {
        return {.canonical = canonical_need::never, .password = true, .redacted = false};
    }
    void write(checked_input const& input, std::string& to) override;

private:
    void render_source(checked_input const& input, std::size_t begin, std::size_t end);
    void write_excerpt(checked_input const& input, diagnostic const& d, std::string& to);

    bool colour_;
    // The echo of bytes [rendered_begin_, rendered_end_) of the input: the whole input, or, for
    // a long one, a window around the diagnostic, so that memory stays bounded whatever the
    // line's length (--fix --in-place keeps a 100 MB line whole). display_ is what is printed,
    // and byte rendered_begin_ + i shows in display columns [column_[i], column_[i + 1]), which
    // start at byte display_offset_[i] of display_.
    std::size_t rendered_begin_ = 0;
    std::size_t rendered_end_ = 0;
    std::string display_;
    std::vector<std::uint32_t> column_;
    std::vector<std::uint32_t> display_offset_;
};

} // namespace ftpuri::cli
