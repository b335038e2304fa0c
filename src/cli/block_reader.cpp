// SPDX-License-Identifier: Apache-2.0
#include "block_reader.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ftpuri::cli {

namespace {

// The separators ("\n", or NUL with -0) in `bytes`. Sixteen bytes at a time where SSE2 is
// there: each lane of a byte counter goes up by one per separator, and the lanes are summed
// before any can pass 255.
std::uint64_t count_newlines(std::string_view bytes, char separator) noexcept
{
    std::uint64_t count = 0;
    std::size_t i = 0;
#if defined(__SSE2__)
    __m128i const newline = _mm_set1_epi8(separator);
    while (bytes.size() - i >= 16) {
        std::size_t const vectors = std::min<std::size_t>((bytes.size() - i) / 16, 255);
        __m128i lanes = _mm_setzero_si128();
        for (std::size_t v = 0; v < vectors; ++v, i += 16) {
            __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(bytes.data() + i));
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(x, newline)); // a match is -1
        }
        __m128i const sums = _mm_sad_epu8(lanes, _mm_setzero_si128()); // two 64-bit sums
        count += static_cast<std::uint64_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::uint64_t>(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
    }
#endif
    for (; i < bytes.size(); ++i)
        count += bytes[i] == separator ? 1U : 0U;
    return count;
}

} // namespace

whole_lines find_whole_lines(std::string_view bytes, std::uint64_t limit, char separator) noexcept
{
    // Counted a piece at a time; the piece that holds the limit-th "\n" is searched for it.
    constexpr std::size_t piece = 4080;
    std::uint64_t lines = 0;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
        std::string_view const part = bytes.substr(at, piece);
        std::uint64_t const here = count_newlines(part, separator);
        if (lines + here < limit) {
            lines += here;
            continue;
        }
        for (std::size_t i = 0;; ++i) {
            if (part[i] == separator && ++lines == limit) return {at + i + 1, lines};
        }
    }
    std::size_t const last = bytes.rfind(separator);
    return {last == std::string_view::npos ? 0 : last + 1, lines};
}

std::string not_checked_in(byte_order_mark const& mark)
{
    std::string s = "not checked: it begins with a ";
    s += mark.encoding;
    s += " byte order mark, and ftpuri-check reads UTF-8 (convert it with iconv -f ";
    s += mark.family;
    s += " -t UTF-8)";
    return s;
}

void line_block::reserve(std::size_t capacity)
{
    if (capacity <= capacity_) return;
    capacity = std::max(capacity, capacity_ + capacity_ / 2); // a long line grows geometrically
    std::unique_ptr<char[]> bigger(new char[capacity]);
    if (size_ > 0) std::memcpy(bigger.get(), data_.get(), size_);
    data_ = std::move(bigger);
    capacity_ = capacity;
}

block_reader::block_reader(std::FILE* file, std::size_t cap, std::size_t block_bytes, std::size_t block_lines)
    : file_(file), cap_(cap), block_bytes_(std::max<std::size_t>(block_bytes, 1)),
      block_lines_(std::max<std::size_t>(block_lines, 1)), chunk_(new char[chunk_bytes])
{
}

// Reads up to `size` bytes; fewer only at the end of the input or on an error.
std::size_t block_reader::read_into(char* to, std::size_t size)
{
    if (at_end_ || size == 0) return 0;
    errno = 0;
    std::size_t const n = std::fread(to, 1, size, file_);
    bytes_read_ += n;
    if (n < size) {
        at_end_ = true;
        if (std::ferror(file_)) error_ = errno != 0 ? errno : EIO;
    }
    return n;
}

// The input's first bytes: UTF-8's byte order mark is dropped, another ends the input, anything
// else is left for the first block.
void block_reader::read_byte_order_mark()
{
    started_ = true;
    std::array<char, 4> head{};
    std::string_view const read(head.data(), read_into(head.data(), head.size()));
    auto const mark = std::find_if(byte_order_marks.begin(), byte_order_marks.end(),
                                   [read](byte_order_mark const& m) { return read.starts_with(m.bytes); });
    if (mark == byte_order_marks.end()) {
        carry_.assign(read);
    } else if (mark->bytes == utf8_bom) {
        skipped_bom_ = true;
        carry_.assign(read.substr(utf8_bom.size()));
    } else {
        foreign_mark_ = &*mark;
    }
}

bool block_reader::next(line_block& to)
{
    if (!started_) read_byte_order_mark();
    to.size_ = 0;
    to.lines_ = 0;
    to.cap_ = cap_;
    to.separator_ = separator_;
    to.long_line_.reset();
    if (exhausted()) return false;
    // What the last block left (the start of a line, or with tiny blocks what followed a long
    // line in its chunk), then as much as fills the block.
    to.reserve(std::max(block_bytes_, carry_.size()));
    std::memcpy(to.data_.get(), carry_.data(), carry_.size());
    to.size_ = carry_.size();
    carry_.clear();
    if (to.size_ < block_bytes_) to.size_ += read_into(to.data_.get() + to.size_, block_bytes_ - to.size_);
    if (to.size_ == 0) return false;

    std::string_view const bytes(to.data_.get(), to.size_);
    auto [end, lines] = find_whole_lines(bytes, block_lines_, separator_);
    if (lines == 0 && !at_end_) {
        read_long_line(to); // a whole block and no "\n": a line longer than a block
        return true;
    }
    if (at_end_ && lines < block_lines_ && end < bytes.size()) {
        end = bytes.size(); // the input's last line, without "\n"
        ++lines;
    }
    carry_.assign(bytes.substr(end));
    to.size_ = end;
    to.lines_ = lines;
    return true;
}

// `b` holds a whole block of one line's first bytes: reads the rest of the line in chunks,
// keeping up to the cap, and leaves what follows its "\n" for the next block.
void block_reader::read_long_line(line_block& b)
{
    std::uint64_t length = b.size_;
    char last = b.data_[b.size_ - 1];
    b.size_ = std::min(b.size_, cap_);
    line_end end = line_end::none;
    for (;;) {
        std::size_t const n = read_into(chunk_.get(), chunk_bytes);
        if (n == 0) break; // the input's last line, without "\n"
        std::string_view const chunk(chunk_.get(), n);
        std::size_t const newline = chunk.find(separator_);
        std::string_view const part = chunk.substr(0, newline);
        if (b.size_ < cap_) { // everything so far was kept
            std::size_t const keep = std::min(part.size(), cap_ - b.size_);
            b.reserve(b.size_ + keep);
            std::memcpy(b.data_.get() + b.size_, part.data(), keep);
            b.size_ += keep;
        }
        if (!part.empty()) last = part.back();
        length += part.size();
        if (newline != std::string_view::npos) {
            carry_.assign(chunk.substr(newline + 1));
            end = line_end::lf;
            break;
        }
    }
    if (end == line_end::lf && last == '\r' && separator_ == '\n') {
        end = line_end::crlf;
        --length;
        b.size_ = static_cast<std::size_t>(std::min<std::uint64_t>(b.size_, length));
    }
    b.long_line_ = line_info{b.size_, length, end};
    b.lines_ = 1;
}

} // namespace ftpuri::cli
