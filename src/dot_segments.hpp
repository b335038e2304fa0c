// src/dot_segments.hpp: RFC 3986 5.2.4 remove_dot_segments. Internal.
#pragma once

#include <cstddef>
#include <string_view>

namespace ftpuri {

// Removes the dot-segments of the path s[0, n) in place and returns its new length. Any path:
// rooted ("/a/../b" is "/b", a ".." above the root vanishes) or not ("../a" is "a"). The output
// is always a prefix of what has been read, so one buffer serves as input and output, and the
// work is linear. Dots are literal here.
std::size_t remove_dot_segments(char* s, std::size_t n) noexcept;

// The segments of a rooted path, last first, as they were written.
class backward_segments {
public:
    explicit backward_segments(std::string_view rooted_path) noexcept : path_(rooted_path), end_(rooted_path.size()) {}
    bool previous(std::string_view& segment) noexcept
    {
        if (end_ == 0) return false;
        std::size_t const slash = path_.rfind('/', end_ - 1);
        segment = path_.substr(slash + 1, end_ - slash - 1);
        end_ = slash;
        return true;
    }

private:
    std::string_view path_;
    std::size_t end_;
};

// The segments that remove_dot_segments keeps of a rooted path, last first. Read backwards, a
// ".." is a debt that the next ordinary segment pays by vanishing: what 5.2.4 computes forwards
// with a stack takes only a counter backwards, so neither a buffer nor a second pass is needed.
// A final "." or ".." leaves an empty last segment ("/a/b/.." is "/a/"), so a non-empty rooted
// path always keeps at least one segment, as 5.2.4 never returns "" for one.
//
// `Source` yields raw segments last first (backward_segments, or a merge of two); `DotLength`
// says whether a raw segment is "." (1), ".." (2) or neither (0): literally for reference
// resolution, after decoding "%2E" for the canonical form.
template <class Source, class DotLength>
class kept_segments_backward {
public:
    kept_segments_backward(Source source, DotLength dot_length) noexcept : source_(source), dot_length_(dot_length) {}

    bool previous(std::string_view& segment) noexcept
    {
        std::string_view raw;
        while (source_.previous(raw)) {
            bool const last = first_;
            first_ = false;
            int const dots = dot_length_(raw);
            if (dots == 2) ++debt_;
            if (dots > 0) {
                if (!last) continue;
                segment = {};
                return true;
            }
            if (debt_ > 0) {
                --debt_;
                continue;
            }
            segment = raw;
            return true;
        }
        return false;
    }

private:
    Source source_;
    DotLength dot_length_;
    std::size_t debt_ = 0;
    bool first_ = true;
};

// Writes "/" + segment for each kept segment of `make()`'s sequence, in path order, into
// out[at, at + size) where size is computed first by a dry run; `segment_size` and
// `write_segment` say how a raw segment is spelled (as is, or normalized). Returns the size;
// writes nothing when out cannot hold it. Two backward passes, no buffer.
template <class MakeKept, class SegmentSize, class WriteSegment>
std::size_t write_kept_segments(MakeKept make, SegmentSize segment_size, WriteSegment write_segment, char* out,
                                std::size_t at, std::size_t capacity) noexcept
{
    std::size_t size = 0;
    std::string_view segment;
    for (auto kept = make(); kept.previous(segment);)
        size += 1 + segment_size(segment);
    if (at + size > capacity) return size;
    std::size_t pos = at + size;
    for (auto kept = make(); kept.previous(segment);) {
        std::size_t const n = segment_size(segment);
        pos -= n;
        write_segment(segment, out + pos);
        out[--pos] = '/';
    }
    return size;
}

} // namespace ftpuri
