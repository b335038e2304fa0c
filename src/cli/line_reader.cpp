#include "line_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace ftpuri::cli {

line_reader::line_reader(std::FILE* file) : file_(file), chunk_(new char[chunk_size]) {}

// Reads the next chunk; false when there is nothing more (the end, or an error).
bool line_reader::refill()
{
    if (at_end_) return false;
    errno = 0;
    pos_ = 0;
    end_ = std::fread(chunk_.get(), 1, chunk_size, file_);
    bytes_read_ += end_;
    if (end_ == 0) {
        at_end_ = true;
        if (std::ferror(file_)) error_ = errno != 0 ? errno : EIO;
        return false;
    }
    return true;
}

bool line_reader::next(std::string& to, line_info& info, std::size_t cap)
{
    info = {0, 0, line_end::none};
    auto keep = [&](char const* bytes, std::size_t n) {
        std::size_t const k = std::min(n, cap - info.kept);
        to.append(bytes, k);
        info.kept += k;
        info.length += n;
    };
    bool have_bytes = false;
    // A "\r" that ends a chunk may be the first half of a CRLF: it is held back until the next
    // byte is known, so that it is kept only when it is part of the line.
    bool held_cr = false;
    while (pos_ < end_ || refill()) {
        char const* const begin = chunk_.get() + pos_;
        std::size_t const available = end_ - pos_;
        auto const* const newline = static_cast<char const*>(std::memchr(begin, '\n', available));
        std::size_t const n = newline == nullptr ? available : static_cast<std::size_t>(newline - begin);
        have_bytes = true;
        if (newline == nullptr) {
            if (held_cr) keep("\r", 1);
            held_cr = n > 0 && begin[n - 1] == '\r';
            keep(begin, held_cr ? n - 1 : n);
            pos_ = end_;
            continue;
        }
        bool crlf = false;
        if (n == 0) {
            crlf = held_cr;
        } else {
            if (held_cr) keep("\r", 1);
            crlf = begin[n - 1] == '\r';
            keep(begin, crlf ? n - 1 : n);
        }
        pos_ += n + 1;
        info.end = crlf ? line_end::crlf : line_end::lf;
        return true;
    }
    if (held_cr) keep("\r", 1);
    return have_bytes;
}

} // namespace ftpuri::cli
