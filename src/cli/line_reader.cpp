#include "line_reader.hpp"

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
    if (end_ == 0) {
        at_end_ = true;
        if (std::ferror(file_)) error_ = errno != 0 ? errno : EIO;
        return false;
    }
    return true;
}

bool line_reader::next(std::string& line)
{
    line.clear();
    bool have_bytes = false;
    while (pos_ < end_ || refill()) {
        char const* const begin = chunk_.get() + pos_;
        std::size_t const available = end_ - pos_;
        auto const* const newline = static_cast<char const*>(std::memchr(begin, '\n', available));
        if (newline == nullptr) {
            line.append(begin, available);
            pos_ = end_;
            have_bytes = true;
            continue;
        }
        auto const n = static_cast<std::size_t>(newline - begin);
        line.append(begin, n);
        pos_ += n + 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }
    return have_bytes;
}

} // namespace ftpuri::cli
