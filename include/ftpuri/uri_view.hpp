// SPDX-License-Identifier: Apache-2.0
// ftpuri/uri_view.hpp: a parsed ftp URI as offsets into the caller's string.
//
// A uri_view owns nothing and never allocates: it is the caller's pointer and length plus
// uint32_t offsets. It stays valid exactly as long as the caller's string does, which is why
// parse() refuses temporaries (see parse.hpp). Absent parts have the offset `npos`.
//
//     ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i?q#frag
//     |  |  |   ||   ||           ||   |                |      ||||   |
//     |  |  |   ||   ||           ||   |                |      ||||   size()
//     |  |  |   ||   ||           ||   |                |      |||fragment_begin
//     |  |  |   ||   ||           ||   |                |      ||query_end (the '#')
//     |  |  |   ||   ||           ||   |                |      |query_begin (rfc3986 only)
//     |  |  |   ||   ||           ||   |                |      typecode_end (the '?')
//     |  |  |   ||   ||           ||   |                path_end, typecode_begin
//     |  |  |   ||   ||           ||   port_end, path_begin
//     |  |  |   ||   ||           |port_begin
//     |  |  |   ||   ||           host_end (the ':')
//     |  |  |   ||   |host_begin
//     |  |  |   ||   password_end (the '@')
//     |  |  |   |password_begin
//     |  |  |   user_end (the ':')
//     |  |  user_begin
//     |  scheme_end (the ':')
//     0
//
//     user      [user_begin, user_end)          npos when there is no '@'
//     password  [password_begin, password_end)  npos when the userinfo has no ':'
//     host      [host_begin, host_end)          with the brackets of an IP-literal
//     port      [port_begin, port_end)          npos when there is no ':'; empty for "host:"
//     path      [path_begin, path_end)          "" or "/..."; excludes the typecode
//     typecode  [typecode_begin, typecode_end)  ";type=X"
//     query     [query_begin, query_end)        excludes '?'
//     fragment  [fragment_begin, size())        excludes '#'
//
// The path splits into segments at '/': every segment but the last is a <cwd>, the last is the
// <name> (RFC 1738 3.2.2). "ftp://h/a/b/" has cwds "a", "b" and an empty name; "ftp://h" has
// no segments at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/export.h"
#include "ftpuri/options.hpp"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

enum class host_kind : std::uint8_t {
    dns_name,  // a DNS host name (strict), letters, digits, '-' and '.'
    ipv4,      // dotted-decimal IPv4address
    ipv6,      // IP-literal holding an IPv6address
    ipvfuture, // IP-literal holding an IPvFuture (rfc3986, lenient)
    reg_name,  // a reg-name that is not a DNS name (rfc3986, lenient), or a host a profile only
               // warns about (rfc3986, lenient: an empty or numeric-ambiguous host)
};

[[nodiscard]] FTPURI_API std::string_view to_string(host_kind k) noexcept;
[[nodiscard]] FTPURI_API std::optional<host_kind> host_kind_from_string(std::string_view name) noexcept;

// The segments of a path, iterated without allocating.
class segment_range {
public:
    class iterator {
    public:
        using value_type = std::string_view;
        using difference_type = std::ptrdiff_t;
        using iterator_category = std::forward_iterator_tag;

        iterator() noexcept = default;
        [[nodiscard]] std::string_view operator*() const noexcept
        {
            // (pointer, size): Emscripten 3.1's libc++ lacks C++20's (first, last) constructor.
            return {begin_, static_cast<std::size_t>(next_slash() - begin_)};
        }
        iterator& operator++() noexcept
        {
            char const* s = next_slash();
            begin_ = s == end_ ? nullptr : s + 1;
            return *this;
        }
        iterator operator++(int) noexcept
        {
            iterator old = *this;
            ++*this;
            return old;
        }
        friend bool operator==(iterator const&, iterator const&) noexcept = default;

    private:
        friend class segment_range;
        iterator(char const* begin, char const* end) noexcept : begin_(begin), end_(end) {}
        [[nodiscard]] char const* next_slash() const noexcept
        {
            char const* s = begin_;
            while (s != end_ && *s != '/')
                ++s;
            return s;
        }
        char const* begin_ = nullptr; // first byte of the current segment; nullptr at the end
        char const* end_ = nullptr;   // end of the path
    };

    segment_range() noexcept = default;
    // `path` is "" or begins with '/'.
    explicit segment_range(std::string_view path) noexcept : path_(path) {}

    [[nodiscard]] iterator begin() const noexcept
    {
        if (path_.empty()) return end();
        return {path_.data() + 1, path_.data() + path_.size()};
    }
    [[nodiscard]] iterator end() const noexcept { return {nullptr, path_.data() + path_.size()}; }
    [[nodiscard]] bool empty() const noexcept { return path_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept
    {
        std::size_t n = 0;
        for (char c : path_)
            n += c == '/' ? 1U : 0U;
        return n;
    }

private:
    std::string_view path_;
};

// The offsets of a parsed URI's parts into its input (see the diagram above); npos for an
// absent part. uri_view::raw_offsets() gives them to callers that want them directly.
struct uri_offsets {
    static constexpr std::uint32_t npos = 0xFFFF'FFFF;

    std::uint32_t scheme_end = 3; // "ftp" in any case
    std::uint32_t user_begin = npos, user_end = npos;
    std::uint32_t password_begin = npos, password_end = npos;
    std::uint32_t host_begin = 0, host_end = 0;
    std::uint32_t port_begin = npos, port_end = npos;
    std::uint32_t path_begin = 0, path_end = 0;
    std::uint32_t typecode_begin = npos;
    std::uint32_t query_begin = npos, query_end = npos;
    std::uint32_t fragment_begin = npos;
    bool operator==(uri_offsets const&) const = default;
};

namespace detail {

// Everything a uri_view holds, written directly by the scanner as it reads (src/scan/):
// the offsets, and what the scanner learned on the way. Not part of the API: use uri_view.
struct uri_parts {
    char const* data = nullptr;
    std::uint32_t size = 0;
    uri_offsets at;
    std::uint32_t typecode_end = uri_offsets::npos;
    std::uint16_t port_number = 0;
    host_kind kind = host_kind::dns_name;
    char typecode = '\0';
    profile syntax = profile::strict;
    // What the scan learned that the canonical form reuses instead of reading the path again.
    // Zero, "nothing known", in a view the scanner did not write: the canonical form then takes
    // its general path.
    std::uint8_t facts = 0;
    // The path's first byte that the canonical form may spell differently (a "%", or a byte the
    // lenient profile repairs), as an input offset; npos when it is written as it stands.
    std::uint32_t path_respelled_from = uri_offsets::npos;
    bool operator==(uri_parts const&) const = default;
};

// uri_parts::facts
enum scan_fact : std::uint8_t {
    facts_known = 1,        // the scanner wrote the facts below
    path_dot_segment = 2,   // a segment of the path is a dot-segment ("." or "..", escaped or not)
    host_as_written = 4,    // the host is ASCII without an uppercase letter or an escape, and no
                            // IP-literal: its canonical spelling is the input's
    host_not_converted = 8, // lenient: escapes IDNA makes no DNS name of, read as a reg-name:
                            // the canonical form spells it as rfc3986 does
};

class view_access;

} // namespace detail

class FTPURI_API uri_view {
public:
    static constexpr std::uint32_t npos = uri_offsets::npos;

    uri_view() noexcept = default;
    // What the scanner wrote; parse() is the way to get one.
    explicit uri_view(detail::uri_parts const& parts) noexcept : p_(parts) {}

    // The whole input, as given.
    [[nodiscard]] std::string_view buffer() const noexcept { return {p_.data, p_.size}; }
    [[nodiscard]] std::uint32_t size() const noexcept { return p_.size; }

    // "ftp" in any case (scheme_uppercase warns about "FTP").
    [[nodiscard]] std::string_view scheme() const noexcept { return {p_.data, 3}; }

    [[nodiscard]] bool has_userinfo() const noexcept { return p_.at.user_begin != npos; }
    [[nodiscard]] std::string_view user() const noexcept { return part(p_.at.user_begin, p_.at.user_end); }
    [[nodiscard]] bool has_password() const noexcept { return p_.at.password_begin != npos; }
    [[nodiscard]] std::string_view password() const noexcept { return part(p_.at.password_begin, p_.at.password_end); }

    // As written: brackets included for an IP-literal, case kept.
    [[nodiscard]] std::string_view host() const noexcept { return part(p_.at.host_begin, p_.at.host_end); }
    // The host without an IP-literal's brackets.
    [[nodiscard]] std::string_view host_address() const noexcept
    {
        bool const literal = p_.kind == host_kind::ipv6 || p_.kind == host_kind::ipvfuture;
        return literal ? part(p_.at.host_begin + 1, p_.at.host_end - 1) : host();
    }
    [[nodiscard]] host_kind host_type() const noexcept { return p_.kind; }

    // A port is present when a ':' follows the host, even with no digits ("host:").
    [[nodiscard]] bool has_port() const noexcept { return p_.at.port_begin != npos; }
    [[nodiscard]] std::string_view port() const noexcept { return part(p_.at.port_begin, p_.at.port_end); }
    // The port's value, 0 when there is none or it is empty.
    [[nodiscard]] std::uint16_t port_number() const noexcept { return p_.port_number; }
    // The port to connect to: the URI's, or 21.
    [[nodiscard]] std::uint16_t effective_port() const noexcept { return p_.port_number != 0 ? p_.port_number : 21; }

    // "" or "/...", without the typecode.
    [[nodiscard]] std::string_view path() const noexcept { return part(p_.at.path_begin, p_.at.path_end); }
    [[nodiscard]] segment_range segments() const noexcept { return segment_range(path()); }
    // The last segment, the file (or, for ;type=d, the directory) to act on; "" if none.
    [[nodiscard]] std::string_view name() const noexcept
    {
        std::string_view const p = path();
        return p.empty() ? p : p.substr(p.rfind('/') + 1);
    }
    // The directory part: the path up to and including its last '/'; "" if the path is empty.
    [[nodiscard]] std::string_view cwd_path() const noexcept
    {
        std::string_view const p = path();
        return p.empty() ? p : p.substr(0, p.rfind('/') + 1);
    }

    [[nodiscard]] bool has_typecode() const noexcept { return p_.at.typecode_begin != npos; }
    // 'a', 'i' or 'd' (lowercased), or '\0' when there is no typecode.
    [[nodiscard]] char typecode() const noexcept { return p_.typecode; }
    // ";type=X" as written (";typecode=X" in the lenient profile).
    [[nodiscard]] std::string_view typecode_part() const noexcept
    {
        return part(p_.at.typecode_begin, p_.typecode_end);
    }

    [[nodiscard]] bool has_query() const noexcept { return p_.at.query_begin != npos; }
    [[nodiscard]] std::string_view query() const noexcept { return part(p_.at.query_begin, p_.at.query_end); }
    [[nodiscard]] bool has_fragment() const noexcept { return p_.at.fragment_begin != npos; }
    [[nodiscard]] std::string_view fragment() const noexcept { return part(p_.at.fragment_begin, p_.size); }

    // The profile the view was parsed with: the canonical form repairs a lenient view.
    [[nodiscard]] profile syntax() const noexcept { return p_.syntax; }

    // The raw text of a component (user, password, host, port, path, typecode, query, fragment;
    // scheme; input for the whole buffer). Empty when absent.
    [[nodiscard]] std::string_view raw(component c) const noexcept;

    // Percent-decodes component `c` into `out`. Never allocates. Every escape in a view is
    // well-formed (the parser checked), so never invalid: a small buffer is the only failure.
    [[nodiscard]] write_result decode_into(component c, std::span<char> out) const noexcept;
    // The exact size decode_into(c, ...) writes.
    [[nodiscard]] std::size_t decode_size_bound(component c) const noexcept;
    // Former name, kept until 1.0.
    [[nodiscard]] std::size_t decoded_size(component c) const noexcept { return decode_size_bound(c); }

    // Offsets, for callers that want them directly (see the diagram above).
    using offsets = uri_offsets;
    [[nodiscard]] offsets raw_offsets() const noexcept { return p_.at; }

private:
    [[nodiscard]] std::string_view part(std::uint32_t b, std::uint32_t e) const noexcept
    {
        return b == npos ? std::string_view() : std::string_view(p_.data + b, e - b);
    }

    friend class detail::view_access;
    detail::uri_parts p_;
};

namespace detail {

// The parts behind a view, for the library's own code and tests. Not part of the API.
class view_access {
public:
    [[nodiscard]] static uri_parts const& parts(uri_view const& v) noexcept { return v.p_; }
};

} // namespace detail

} // namespace ftpuri
