// src/resolve.cpp: RFC 3986 5.2 reference resolution into a caller's buffer.
#include "ftpuri/resolve.hpp"

#include <algorithm>
#include <cstring>

#include "dot_segments.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/parse.hpp"
#include "span_writer.hpp"

namespace ftpuri {

namespace {

// A URI-reference split as RFC 3986 Appendix B's regular expression splits it:
//   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
struct reference_parts {
    std::optional<std::string_view> scheme, authority, query, fragment;
    std::string_view path;
};

reference_parts split(std::string_view r) noexcept
{
    reference_parts p;
    std::size_t const colon = r.find_first_of(":/?#");
    // A scheme must be a scheme (RFC 3986 4.2: "a:b" is a URI, "1a:b" a relative path).
    if (colon != std::string_view::npos && colon > 0 && r[colon] == ':' && chars::alpha.contains(r[0]) &&
        std::all_of(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(colon),
                    [](char c) { return chars::scheme_char.contains(c); })) {
        p.scheme = r.substr(0, colon);
        r.remove_prefix(colon + 1);
    }
    if (r.substr(0, 2) == "//") {
        std::size_t const end = std::min(r.find_first_of("/?#", 2), r.size());
        p.authority = r.substr(2, end - 2);
        r.remove_prefix(end);
    }
    std::size_t const hash = r.find('#');
    if (hash != std::string_view::npos) {
        p.fragment = r.substr(hash + 1);
        r = r.substr(0, hash);
    }
    std::size_t const question = r.find('?');
    if (question != std::string_view::npos) {
        p.query = r.substr(question + 1);
        r = r.substr(0, question);
    }
    p.path = r;
    return p;
}

// The segments of a merged path (5.2.3): the base path up to its last "/" (`base_dir`, which ends
// in "/") then the reference's rootless path (`relative`), last first, without building it.
class merged_segments {
public:
    merged_segments(std::string_view base_dir, std::string_view relative) noexcept
        : relative_(relative), end_(relative.size()), base_(base_dir.substr(0, base_dir.size() - 1))
    {
    }
    bool previous(std::string_view& segment) noexcept
    {
        if (relative_done_) return base_.previous(segment);
        std::size_t const slash = end_ == 0 ? std::string_view::npos : relative_.rfind('/', end_ - 1);
        if (slash == std::string_view::npos) {
            segment = relative_.substr(0, end_);
            relative_done_ = true;
        } else {
            segment = relative_.substr(slash + 1, end_ - slash - 1);
            end_ = slash;
        }
        return true;
    }

private:
    std::string_view relative_;
    std::size_t end_;
    bool relative_done_ = false;
    backward_segments base_;
};

// Reference resolution removes literal dot-segments only ("%2E%2E" is a name until normalized).
int literal_dots(std::string_view segment) noexcept
{
    if (segment == ".") return 1;
    if (segment == "..") return 2;
    return 0;
}

class writer : public span_writer {
public:
    using span_writer::span_writer;

    // A rooted path with its dot-segments removed, written in place at its exact size.
    template <class Source>
    void put_without_dot_segments(Source source) noexcept
    {
        auto const kept = [source] { return kept_segments_backward(source, literal_dots); };
        auto const length = [](std::string_view segment) { return segment.size(); };
        auto const copy = [](std::string_view segment, char* to) {
            if (!segment.empty()) std::memcpy(to, segment.data(), segment.size());
        };
        advance(write_kept_segments(kept, length, copy, data(), size(), capacity()));
    }
};

} // namespace

resolve_result resolve(uri_view const& base, std::string_view reference, std::span<char> out) noexcept
{
    reference_parts const r = split(reference);
    // The base's path as RFC 3986 sees it: with its typecode, which is part of the last segment.
    auto const offsets = base.raw_offsets();
    std::uint32_t const base_path_end =
        base.has_typecode() ? offsets.typecode_begin + static_cast<std::uint32_t>(base.typecode_part().size())
                            : offsets.path_end;
    std::string_view const base_path = base.buffer().substr(offsets.path_begin, base_path_end - offsets.path_begin);
    std::optional<std::string_view> const base_query = base.has_query() ? std::optional(base.query()) : std::nullopt;

    writer w(out);
    w.put(r.scheme ? *r.scheme : base.scheme());
    w.put(":");

    std::optional<std::string_view> query = r.query;
    if (r.scheme || r.authority) {
        if (r.authority) {
            w.put("//");
            w.put(*r.authority);
        }
        if (!r.path.empty() && r.path.front() == '/') {
            w.put_without_dot_segments(backward_segments(r.path));
        } else if (!r.path.empty()) {
            // A rootless path ("g:h", another scheme): 5.2.4's steps 2A and 2D apply, in place.
            // Here `size` may exceed the result when the buffer is too small for the input path.
            std::size_t const at = w.size();
            w.put(r.path);
            if (w.fits()) w.truncate(at + remove_dot_segments(w.data() + at, r.path.size()));
        }
    } else {
        w.put("//");
        w.put(base.raw(component::authority));
        if (r.path.empty()) {
            w.put(base_path); // 5.2.2: the base path as it is, dot-segments and all
            if (!r.query) query = base_query;
        } else if (r.path.front() == '/') {
            w.put_without_dot_segments(backward_segments(r.path));
        } else {
            std::string_view const base_dir =
                base_path.empty() ? std::string_view("/") : base_path.substr(0, base_path.rfind('/') + 1);
            w.put_without_dot_segments(merged_segments(base_dir, r.path));
        }
    }
    if (query) {
        w.put("?");
        w.put(*query);
    }
    if (r.fragment) {
        w.put("#");
        w.put(*r.fragment);
    }
    if (!w.fits()) return {resolve_status::buffer_too_small, w.size()};
    return {resolve_status::ok, w.size()};
}

std::optional<std::string> resolve(std::string_view base, std::string_view reference, parse_options const& options)
{
    parse_result const b = parse(base, options);
    if (!b) return std::nullopt;
    std::string out(resolve_size_bound(*b, reference), '\0');
    resolve_result const r = resolve(*b, reference, out);
    out.resize(r.size);
    return out;
}

} // namespace ftpuri
