// SPDX-License-Identifier: Apache-2.0
// src/rules/dot_segments.hpp: RFC 3986 5.2.4, the removal of dot-segments, once. Internal.
//
// What a dot-segment is (dot_segment_length), which segments survive its removal (read
// backwards by kept_segments_backward, counted forwards by kept_segment_counter), and how the
// survivors are written without a scratch buffer (write_kept_segments). The canonical form,
// equivalent(), resolve() and the depth rule (directory_walk.hpp) all use these.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include "text.hpp"

namespace ftpuri::rules {

// 1 for a "." segment, 2 for "..", 0 otherwise; "%2E" (any case) counts as a ".", as RFC 3986
// 6.2.2.2 says it does once normalized. Reference resolution, which does not normalize, asks
// literal_dot_segment_length() instead.
[[nodiscard]] constexpr int dot_segment_length(std::string_view segment) noexcept
{
    if (segment.size() > 6) return 0;
    int dots = 0;
    for (std::size_t i = 0; i < segment.size();) {
        if (segment[i] == '.') {
            ++i;
        } else if (segment[i] == '%' && i + 2 < segment.size() && segment[i + 1] == '2' &&
                   to_lower_ascii(static_cast<unsigned char>(segment[i + 2])) == 'e') {
            i += 3;
        } else {
            return 0;
        }
        if (++dots > 2) return 0;
    }
    return dots;
}

[[nodiscard]] constexpr int literal_dot_segment_length(std::string_view segment) noexcept
{
    return segment == "." ? 1 : segment == ".." ? 2 : 0;
}

// The segments of a path, last first, as they were written: those after each "/", and for a
// rootless path the one before its first "/".
class backward_segments {
public:
    constexpr explicit backward_segments(std::string_view path) noexcept : path_(path), end_(path.size()) {}
    constexpr bool previous(std::string_view& segment) noexcept
    {
        if (done_) return false;
        std::size_t const slash = end_ == 0 ? std::string_view::npos : path_.rfind('/', end_ - 1);
        if (slash == std::string_view::npos) {
            done_ = true;
            segment = path_.substr(0, end_);
            return !path_.empty() && path_.front() != '/';
        }
        segment = path_.substr(slash + 1, end_ - slash - 1);
        end_ = slash;
        done_ = slash == 0;
        return true;
    }

private:
    std::string_view path_;
    std::size_t end_;
    bool done_ = false;
};

// The segments of `second` then those of `first`, last first: RFC 3986 5.2.3's merged path
// (the base's directory, then the reference) without building it.
template <class First, class Second>
class chained_segments {
public:
    constexpr chained_segments(First first, Second second) noexcept : first_(first), second_(second) {}
    constexpr bool previous(std::string_view& segment) noexcept
    {
        if (!second_done_ && second_.previous(segment)) return true;
        second_done_ = true;
        return first_.previous(segment);
    }

private:
    First first_;
    Second second_;
    bool second_done_ = false;
};

// The segments that 5.2.4 keeps, last first. Read backwards, a ".." is a debt that the next
// ordinary segment pays by vanishing: what 5.2.4 computes forwards with a stack takes only a
// counter backwards, so neither a buffer nor a second pass is needed. A final "." or ".."
// leaves an empty last segment ("/a/b/.." is "/a/"), so a non-empty rooted path always keeps at
// least one segment, as 5.2.4 never returns "" for one.
//
// `Source` yields raw segments last first (backward_segments, or a chain of two); `DotLength`
// says whether a raw segment is "." (1), ".." (2) or neither (0).
template <class Source, class DotLength>
class kept_segments_backward {
public:
    constexpr kept_segments_backward(Source source, DotLength dot_length) noexcept
        : source_(source), dot_length_(dot_length)
    {
    }

    constexpr bool previous(std::string_view& segment) noexcept
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

// The same removal read forwards, counting only: how many segments are kept so far, and which
// of them (by position among the kept, first 0) a ".." cancels, the nearest one not yet
// cancelled. No stack: a caller that needs to know what a cancelled segment held remembers the
// positions it cares about (directory_walk.hpp remembers two).
class kept_segment_counter {
public:
    static constexpr std::size_t none = static_cast<std::size_t>(-1);

    // `dots` as dot_segment_length() says. Returns the position a ".." cancels, or none.
    constexpr std::size_t next(int dots) noexcept
    {
        if (dots == 1) return none;
        if (dots == 2) return kept_ == 0 ? none : --kept_;
        ++kept_;
        return none;
    }
    // `count` segments that are no dot-segment, as many next(0) would take.
    constexpr void keep(std::size_t count) noexcept { kept_ += count; }
    [[nodiscard]] constexpr std::size_t kept() const noexcept { return kept_; }

private:
    std::size_t kept_ = 0;
};

// 5.2.4's steps 2A and 2D: a rootless path's leading "../" and "./", and a whole "." or "..",
// go without a trace. What is left is rooted, empty, or begins with a segment that is not a
// dot-segment.
[[nodiscard]] constexpr std::string_view strip_leading_dot_segments(std::string_view path) noexcept
{
    for (;;) {
        if (path.substr(0, 3) == "../") {
            path.remove_prefix(3);
        } else if (path.substr(0, 2) == "./") {
            path.remove_prefix(2);
        } else if (path == "." || path == "..") {
            return {};
        } else {
            return path;
        }
    }
}

// Writes each kept segment of `make()`'s sequence in path order, after a "/" when
// `after_slash(segment)` says so (always, but for the first segment of a rootless path), into
// out[at, at + size) where size is computed first by a dry run; `segment_size` and
// `write_segment` say how a raw segment is spelled (as is, or normalized). Returns the size;
// writes nothing when out cannot hold it. Two backward passes, no buffer.
template <class MakeKept, class AfterSlash, class SegmentSize, class WriteSegment>
std::size_t write_kept_segments(MakeKept make, AfterSlash after_slash, SegmentSize segment_size,
                                WriteSegment write_segment, char* out, std::size_t at, std::size_t capacity) noexcept
{
    std::size_t size = 0;
    std::string_view segment;
    for (auto kept = make(); kept.previous(segment);)
        size += (after_slash(segment) ? 1 : 0) + segment_size(segment);
    if (at + size > capacity) return size;
    std::size_t pos = at + size;
    for (auto kept = make(); kept.previous(segment);) {
        pos -= segment_size(segment);
        write_segment(segment, out + pos);
        if (after_slash(segment)) out[--pos] = '/';
    }
    return size;
}

// Reference resolution's removal (literal dot-segments only: "%2E%2E" is a name until
// normalized), written as it is spelled at its exact size into out[at, at + size): the size,
// as write_kept_segments(). `source` yields the path's segments last first; `rootless` is the
// path's text when it has no leading "/", where 5.2.4 writes the first segment without one if
// it is kept ("a/b/.." is "a/", but "a/../b" is "/b").
template <class Source>
std::size_t write_without_dot_segments(Source source, std::string_view rootless, char* out, std::size_t at,
                                       std::size_t capacity) noexcept
{
    auto const kept = [source] { return kept_segments_backward(source, literal_dot_segment_length); };
    auto const after_slash = [rootless](std::string_view segment) {
        return rootless.empty() || segment.data() != rootless.data() || segment.empty();
    };
    auto const length = [](std::string_view segment) { return segment.size(); };
    auto const copy = [](std::string_view segment, char* to) {
        if (!segment.empty()) std::memcpy(to, segment.data(), segment.size());
    };
    return write_kept_segments(kept, after_slash, length, copy, out, at, capacity);
}

// The same for one path as written, rooted or rootless (for a rootless one 5.2.4's steps 2A and
// 2D first: its leading "../" and "./" go).
inline std::size_t write_path_without_dot_segments(std::string_view path, char* out, std::size_t at,
                                                   std::size_t capacity) noexcept
{
    if (!path.empty() && path.front() != '/') path = strip_leading_dot_segments(path);
    bool const rootless = !path.empty() && path.front() != '/'; // "./" + "/x" is rooted now
    return write_without_dot_segments(backward_segments(path), rootless ? path : std::string_view(), out, at, capacity);
}

} // namespace ftpuri::rules
