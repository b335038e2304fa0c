// SPDX-License-Identifier: Apache-2.0
// src/resolve.cpp: RFC 3986 5.2 reference resolution into a caller's buffer.
#include "ftpuri/resolve.hpp"

#include <algorithm>

#include "ftpuri/charset.hpp"
#include "ftpuri/parse.hpp"
#include "rules/dot_segments.hpp"
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

} // namespace

write_result resolve_into(uri_view const& base, std::string_view reference, std::span<char> out) noexcept
{
    reference_parts const r = split(reference);
    // The base's path as RFC 3986 sees it: with its typecode, which is part of the last segment.
    auto const offsets = base.raw_offsets();
    std::uint32_t const base_path_end =
        base.has_typecode() ? offsets.typecode_begin + static_cast<std::uint32_t>(base.typecode_part().size())
                            : offsets.path_end;
    std::string_view const base_path = base.buffer().substr(offsets.path_begin, base_path_end - offsets.path_begin);
    std::optional<std::string_view> const base_query = base.has_query() ? std::optional(base.query()) : std::nullopt;

    span_writer w(out);
    w.put(r.scheme ? *r.scheme : base.scheme());
    w.put(":");

    std::optional<std::string_view> query = r.query;
    if (r.scheme || r.authority) {
        if (r.authority) {
            w.put("//");
            w.put(*r.authority);
        }
        // Rooted, or rootless ("g:h", another scheme).
        w.advance(rules::write_path_without_dot_segments(r.path, w.data(), w.size(), w.capacity()));
    } else {
        w.put("//");
        w.put(base.raw(component::authority));
        if (r.path.empty()) {
            w.put(base_path); // 5.2.2: the base path as it is, dot-segments and all
            if (!r.query) query = base_query;
        } else if (r.path.front() == '/') {
            w.advance(rules::write_path_without_dot_segments(r.path, w.data(), w.size(), w.capacity()));
        } else {
            // 5.2.3: the base path up to its last "/", then the reference's rootless path.
            std::string_view const base_dir = base_path.substr(0, base_path.empty() ? 0 : base_path.rfind('/'));
            auto const merged =
                rules::chained_segments(rules::backward_segments(base_dir), rules::backward_segments(r.path));
            w.advance(rules::write_without_dot_segments(merged, {}, w.data(), w.size(), w.capacity()));
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
    if (!w.fits()) return {write_status::buffer_too_small, w.size()};
    return {write_status::ok, w.size()};
}

std::optional<std::string> resolve(std::string_view base, std::string_view reference, parse_options const& options)
{
    parse_result const b = parse(base, options);
    if (!b) return std::nullopt;
    std::string out(resolve_size_bound(*b, reference), '\0');
    write_result const r = resolve_into(*b, reference, out);
    out.resize(r.size);
    return out;
}

} // namespace ftpuri
