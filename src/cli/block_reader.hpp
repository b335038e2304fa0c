// SPDX-License-Identifier: Apache-2.0
// block_reader.hpp: the lines of a FILE*, any bytes, any length, read in blocks of whole lines.
//
// Inputs are untrusted files: a line may hold NUL bytes and invalid UTF-8 and be gigabytes
// long. The thread that reads only reads: fread puts the bytes straight into a block, which is
// cut after its last whole line (the rest starts the next block), and the thread that checks
// the block splits it into lines (line_block::for_each_line). So the reading thread touches
// each byte once, to count the lines, and copies none but an unfinished line's.
//
// A block holds at most block_bytes bytes and block_lines lines: the lines bound its output
// when they are empty, the bytes its memory. A line longer than a block is read on its own,
// in chunks: its first `cap` bytes are kept and the rest counted, so that a 1 GB line costs no
// more memory than the cap (a line longer than the length limit is invalid whatever its tail
// holds).
//
// A UTF-8 byte order mark at the start of the input is no part of its first line: editors on
// Windows write one, and editors, compilers and linters alike skip it. The reader skips it and
// says so (skipped_bom()), so that --fix --in-place can write it back. A UTF-16 or UTF-32 mark
// (Windows PowerShell 5 writes UTF-16 with ">") means that every line would be misread: the
// reader gives no line of such an input, and says which encoding it found.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ftpuri::cli {

// A byte order mark, the encoding it names, and the encoding's family (which iconv reads the
// byte order of from the mark).
struct byte_order_mark {
    std::string_view bytes;
    std::string_view encoding;
    std::string_view family;
};
// The marks the reader knows, each before any that begins it (UTF-32LE's begins with UTF-16LE's).
inline constexpr std::array<byte_order_mark, 5> byte_order_marks{{
    {std::string_view("\x00\x00\xFE\xFF", 4), "UTF-32BE", "UTF-32"},
    {std::string_view("\xFF\xFE\x00\x00", 4), "UTF-32LE", "UTF-32"},
    {"\xEF\xBB\xBF", "UTF-8", "UTF-8"},
    {"\xFE\xFF", "UTF-16BE", "UTF-16"},
    {"\xFF\xFE", "UTF-16LE", "UTF-16"},
}};

// Why an input that begins with `mark`, UTF-16's or UTF-32's, was not checked, and how to
// convert it.
[[nodiscard]] std::string not_checked_in(byte_order_mark const& mark);

// How a line ended: --fix --in-place writes each line back with the ending it had.
enum class line_end : std::uint8_t { none, lf, crlf };
[[nodiscard]] constexpr unsigned ending_size(line_end end) noexcept
{
    return end == line_end::crlf ? 2U : end == line_end::lf ? 1U : 0U;
}

struct line_info {
    std::size_t kept;     // bytes kept of the line (at most the cap)
    std::uint64_t length; // the line's whole length, without its ending
    line_end end;
};

// Bit k set: bytes[k] is the separator ("\n", or NUL with -0), for k < 64.
inline std::uint64_t newline_mask(char const* bytes, char separator) noexcept
{
#if defined(__SSE2__)
    std::uint64_t mask = 0;
    for (unsigned block = 0; block < 4; ++block) {
        __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(bytes + std::size_t{16} * block));
        auto const bits = static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(separator))));
        mask |= std::uint64_t{bits} << (16 * block);
    }
    return mask;
#else
    std::uint64_t mask = 0;
    for (unsigned k = 0; k < 64; ++k)
        mask |= std::uint64_t{bytes[k] == separator} << k;
    return mask;
#endif
}

// Whole lines of an input, as block_reader::next() left them.
class line_block {
public:
    // The lines in input order, each without its "\n" and without a "\r" just before it (CRLF
    // files); nothing else is trimmed. With -0 the separator is NUL instead, and a "\r" is kept. A last line without
    // "\n" is a line. Calls f(std::string_view kept, line_info const&), `kept` being the first info.kept bytes.
    template <class F>
    void for_each_line(F&& f) const
    {
        if (long_line_) {
            f(std::string_view(data_.get(), size_), *long_line_);
            return;
        }
        char const* const data = data_.get();
        char const separator = separator_;
        std::size_t begin = 0;
        // The line from `begin` to `stop`: a "\n" there (lf), or the input's end (none).
        auto line = [&](std::size_t stop, line_end end) {
            std::size_t length = stop - begin;
            if (end == line_end::lf && length > 0 && data[stop - 1] == '\r' && separator == '\n') {
                end = line_end::crlf;
                --length;
            }
            std::size_t const kept = length < cap_ ? length : cap_;
            f(std::string_view(data + begin, kept), line_info{kept, length, end});
            begin = stop + 1;
        };
        // The "\n"s of 64 bytes at a time as a bit mask, rather than a call to memchr per line:
        // most lines are short.
        std::size_t at = 0;
        for (; size_ - at >= 64; at += 64) {
            for (std::uint64_t newlines = newline_mask(data + at, separator); newlines != 0; newlines &= newlines - 1)
                line(at + static_cast<std::size_t>(__builtin_ctzll(newlines)), line_end::lf);
        }
        for (; at < size_; ++at) {
            if (data[at] == separator) line(at, line_end::lf);
        }
        if (begin < size_) line(size_, line_end::none); // the input's last line, without "\n"
    }

    // How many lines for_each_line() gives.
    [[nodiscard]] std::uint64_t line_count() const noexcept { return lines_; }
    // The bytes of the block, separators included (a long line's first bytes only).
    [[nodiscard]] std::string_view text() const noexcept { return {data_.get(), size_}; }
    [[nodiscard]] char separator() const noexcept { return separator_; }

private:
    friend class block_reader;

    void reserve(std::size_t capacity);

    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
    std::uint64_t lines_ = 0;
    std::size_t cap_ = 0;
    char separator_ = '\n';
    std::optional<line_info> long_line_; // set: the block is this one line, its first bytes kept
};

class block_reader {
public:
    static constexpr std::size_t no_cap = std::numeric_limits<std::size_t>::max();
    static constexpr std::size_t default_block_bytes = std::size_t{256} * 1024;
    static constexpr std::size_t default_block_lines = std::size_t{16} * 1024;

    // Reads `file`, which the caller keeps open (and closes) while the reader is used, keeping
    // at most `cap` bytes of each line. Blocks of at most block_bytes bytes (at least 1) and
    // block_lines lines (at least 1), but for one line longer than block_bytes.
    block_reader(std::FILE* file, std::size_t cap, std::size_t block_bytes = default_block_bytes,
                 std::size_t block_lines = default_block_lines);

    // Replaces `to` with the next lines: false at the end of the input (an empty file has no
    // lines) or on a read error.
    bool next(line_block& to);

    // Lines end with `separator` rather than "\n": NUL for -0 (find -print0, git ls-files -z),
    // where a "\r" before it is part of the line. Before the first next().
    void use_separator(char separator) noexcept { separator_ = separator; }
    // True when next() can have no more lines to give.
    [[nodiscard]] bool exhausted() const noexcept { return (at_end_ && carry_.empty()) || foreign_mark_ != nullptr; }
    // True once a read has failed; errno_value() is the errno it failed with.
    [[nodiscard]] bool failed() const noexcept { return error_ != 0; }
    [[nodiscard]] int errno_value() const noexcept { return error_; }
    // Bytes read from the file so far (for the progress bar and --stats), a skipped mark's too.
    [[nodiscard]] std::uint64_t bytes_read() const noexcept { return bytes_read_; }
    // True once next() has found the input to begin with a UTF-8 byte order mark, which no line
    // holds.
    [[nodiscard]] bool skipped_bom() const noexcept { return skipped_bom_; }
    // The byte order mark at the input's start where it names another encoding than UTF-8, once
    // next() has found one and given no line; else null.
    [[nodiscard]] byte_order_mark const* foreign_mark() const noexcept { return foreign_mark_; }

    static constexpr std::string_view utf8_bom = byte_order_marks[2].bytes;
    static_assert(byte_order_marks[2].encoding == "UTF-8");

private:
    static constexpr std::size_t chunk_bytes = std::size_t{64} * 1024;

    std::size_t read_into(char* to, std::size_t size);
    void read_long_line(line_block& b);
    void read_byte_order_mark();

    std::FILE* file_;
    std::size_t cap_;
    char separator_ = '\n';
    std::size_t block_bytes_;
    std::size_t block_lines_;
    std::string carry_; // bytes read past the last whole line of the previous block
    std::unique_ptr<char[]> chunk_;
    std::uint64_t bytes_read_ = 0;
    bool at_end_ = false;
    bool started_ = false;
    bool skipped_bom_ = false;
    byte_order_mark const* foreign_mark_ = nullptr;
    int error_ = 0;
};

// Where the first `limit` lines of `bytes` end: the offset just past their last "\n", and how
// many "\n" that is (fewer than `limit` when `bytes` has fewer; then the offset is just past
// its last "\n", or 0). Exposed for the tests.
struct whole_lines {
    std::size_t end;
    std::uint64_t lines;
};
whole_lines find_whole_lines(std::string_view bytes, std::uint64_t limit, char separator = '\n') noexcept;

} // namespace ftpuri::cli
