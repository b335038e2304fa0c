// line_reader.hpp: the lines of a FILE*, any bytes, any length.
//
// Inputs are untrusted files: a line may hold NUL bytes and invalid UTF-8 and be gigabytes
// long. The reader reads fixed-size chunks with fread and splits them with memchr, so every
// byte is seen, and it appends each line to a caller's std::string that the caller reuses:
// once that string has grown, reading allocates nothing. A caller may cap how much of a line
// it keeps; the rest is skipped but counted, so that a 1 GB line costs no more memory than the
// cap (a line longer than the length limit is invalid whatever its tail holds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>

namespace ftpuri::cli {

// How a line ended: --fix --in-place writes each line back with the ending it had.
enum class line_end : std::uint8_t { none, lf, crlf };

struct line_info {
    std::size_t kept;     // bytes appended to the caller's string (at most the cap)
    std::uint64_t length; // the line's whole length, without its ending
    line_end end;
};

class line_reader {
public:
    static constexpr std::size_t no_cap = std::numeric_limits<std::size_t>::max();

    // Reads `file`, which the caller keeps open (and closes) while the reader is used.
    explicit line_reader(std::FILE* file);

    // Appends the next line to `to`, at most `cap` bytes of it, without its "\n" and without a
    // "\r" just before it (CRLF files); nothing else is trimmed. False at the end of the input
    // or on a read error. A last line without "\n" is a line; an empty file has no lines.
    bool next(std::string& to, line_info& info, std::size_t cap = no_cap);

    // Replaces `line` with the next line, whole.
    bool next(std::string& line)
    {
        line.clear();
        line_info info{};
        return next(line, info);
    }

    // True once a read has failed; errno_value() is the errno it failed with.
    [[nodiscard]] bool failed() const noexcept { return error_ != 0; }
    [[nodiscard]] int errno_value() const noexcept { return error_; }
    // Bytes read from the file so far (for the progress bar and --stats).
    [[nodiscard]] std::uint64_t bytes_read() const noexcept { return bytes_read_; }

private:
    static constexpr std::size_t chunk_size = std::size_t{64} * 1024;

    bool refill();

    std::FILE* file_;
    std::unique_ptr<char[]> chunk_;
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::uint64_t bytes_read_ = 0;
    bool at_end_ = false;
    int error_ = 0;
};

} // namespace ftpuri::cli
