// line_reader.hpp: the lines of a FILE*, any bytes, any length.
//
// Inputs are untrusted files: a line may hold NUL bytes and invalid UTF-8 and be megabytes
// long. The reader reads fixed-size chunks with fread and splits them with memchr, so every
// byte is kept, and it fills a caller's std::string that the caller reuses from line to line:
// once that string has grown to the longest line, reading allocates nothing.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>

namespace ftpuri::cli {

class line_reader {
public:
    // Reads `file`, which the caller keeps open (and closes) while the reader is used.
    explicit line_reader(std::FILE* file);

    // Replaces `line` with the next line, without its "\n" and without a "\r" just before it
    // (CRLF files); nothing else is trimmed. False at the end of the input or on a read error.
    // A last line without "\n" is a line; an empty file has no lines.
    bool next(std::string& line);

    // True once a read has failed; errno_value() is the errno it failed with.
    [[nodiscard]] bool failed() const noexcept { return error_ != 0; }
    [[nodiscard]] int errno_value() const noexcept { return error_; }

private:
    static constexpr std::size_t chunk_size = std::size_t{64} * 1024;

    bool refill();

    std::FILE* file_;
    std::unique_ptr<char[]> chunk_;
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    bool at_end_ = false;
    int error_ = 0;
};

} // namespace ftpuri::cli
