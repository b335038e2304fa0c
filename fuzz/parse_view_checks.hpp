// SPDX-License-Identifier: Apache-2.0
// fuzz/parse_view_checks.hpp: part of parse_fuzzer: the view parse() returns: its offsets, the
// parts re-assembled to the input, the accessors, decoding; and two views compared.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/uri_view.hpp"

#include "fuzz_check.hpp"

namespace ftpuri_fuzz::parse_checks {

using namespace ftpuri;
using ftpuri_fuzz::iequals;
using ftpuri_fuzz::reference_decode;

inline constexpr std::uint32_t npos = uri_view::npos;

inline bool is_blank(char c) noexcept
{
    auto const u = static_cast<unsigned char>(c);
    return u <= 0x20 || u == 0x7F;
}

inline bool is_digit(char c) noexcept
{
    return c >= '0' && c <= '9';
}

// decode_into() and decode_size_bound() for one component, against the reference decoder.
inline void check_decoding(std::string_view input, uri_view const& v, component c)
{
    std::string const expected = reference_decode(v.raw(c));
    FUZZ_CHECK(v.decode_size_bound(c) == expected.size(), input);
    // Exactly sized heap buffers, so that ASan sees a write past the end.
    std::vector<char> exact(expected.size());
    write_result const n = v.decode_into(c, exact);
    FUZZ_CHECK(n && n.size == expected.size(), input);
    FUZZ_CHECK(std::string_view(exact.data(), exact.size()) == expected, input);
    if (!expected.empty()) {
        std::vector<char> small(expected.size() - 1);
        FUZZ_CHECK(v.decode_into(c, small).status == write_status::buffer_too_small, input);
    }
}

inline void check_view(std::string_view input, parse_options const& options, uri_view const& v)
{
    // The buffer: the input itself, or (lenient) the input without blanks around it.
    std::string_view const b = v.buffer();
    FUZZ_CHECK(b.size() == v.size(), input);
    FUZZ_CHECK(b.data() >= input.data() && b.data() + b.size() <= input.data() + input.size(), input);
    if (options.syntax != profile::lenient) {
        FUZZ_CHECK(b.data() == input.data() && b.size() == input.size(), input);
    } else {
        auto const lead = static_cast<std::size_t>(b.data() - input.data());
        for (std::size_t i = 0; i < lead; ++i)
            FUZZ_CHECK(is_blank(input[i]), input);
        for (std::size_t i = lead + b.size(); i < input.size(); ++i)
            FUZZ_CHECK(is_blank(input[i]), input);
        FUZZ_CHECK(!b.empty() && !is_blank(b.front()) && !is_blank(b.back()), input);
    }
    FUZZ_CHECK(v.syntax() == options.syntax, input);

    // Re-assembly, part by part, each offset checked against the previous one.
    uri_view::offsets const o = v.raw_offsets();
    std::uint32_t const n = v.size();
    FUZZ_CHECK(n >= 6, input);
    FUZZ_CHECK(iequals(b.substr(0, 3), "ftp") && v.scheme() == b.substr(0, 3), input);
    FUZZ_CHECK(b.substr(3, 3) == "://", input);
    FUZZ_CHECK(o.scheme_end == 3, input);

    std::uint32_t pos = 6;
    if (v.has_userinfo()) {
        FUZZ_CHECK(o.user_begin == 6 && o.user_end >= o.user_begin && o.user_end < n, input);
        if (v.has_password()) {
            FUZZ_CHECK(b[o.user_end] == ':' && o.password_begin == o.user_end + 1, input);
            FUZZ_CHECK(o.password_end >= o.password_begin && o.password_end < n && b[o.password_end] == '@', input);
            pos = o.password_end + 1;
        } else {
            FUZZ_CHECK(o.password_begin == npos && o.password_end == npos, input);
            FUZZ_CHECK(b[o.user_end] == '@', input);
            pos = o.user_end + 1;
        }
    } else {
        FUZZ_CHECK(o.user_end == npos && o.password_begin == npos && o.password_end == npos, input);
        FUZZ_CHECK(!v.has_password() && v.user().empty() && v.password().empty(), input);
    }
    FUZZ_CHECK(o.host_begin == pos && o.host_end >= o.host_begin && o.host_end <= n, input);
    pos = o.host_end;
    if (v.has_port()) {
        FUZZ_CHECK(pos < n && b[pos] == ':' && o.port_begin == pos + 1, input);
        FUZZ_CHECK(o.port_end >= o.port_begin && o.port_end <= n, input);
        pos = o.port_end;
    } else {
        FUZZ_CHECK(o.port_begin == npos && o.port_end == npos && v.port_number() == 0, input);
    }
    FUZZ_CHECK(o.path_begin == pos && o.path_end >= o.path_begin && o.path_end <= n, input);
    pos = o.path_end;
    std::uint32_t const typecode_end =
        v.has_typecode() ? o.typecode_begin + static_cast<std::uint32_t>(v.typecode_part().size()) : npos;
    if (v.has_typecode()) {
        FUZZ_CHECK(o.typecode_begin == pos && typecode_end > pos && typecode_end <= n, input);
        pos = typecode_end;
    } else {
        FUZZ_CHECK(o.typecode_begin == npos && v.typecode() == '\0' && v.typecode_part().empty(), input);
    }
    if (v.has_query()) {
        FUZZ_CHECK(pos < n && b[pos] == '?' && o.query_begin == pos + 1, input);
        FUZZ_CHECK(o.query_end >= o.query_begin && o.query_end <= n, input);
        pos = o.query_end;
    } else {
        FUZZ_CHECK(o.query_begin == npos && o.query_end == npos, input);
    }
    if (v.has_fragment()) {
        FUZZ_CHECK(pos < n && b[pos] == '#' && o.fragment_begin == pos + 1, input);
        pos = n;
    } else {
        FUZZ_CHECK(o.fragment_begin == npos, input);
    }
    FUZZ_CHECK(pos == n, input);

    std::string assembled(v.scheme());
    assembled += "://";
    if (v.has_userinfo()) {
        assembled += v.user();
        if (v.has_password()) {
            assembled += ':';
            assembled += v.password();
        }
        assembled += '@';
    }
    assembled += v.host();
    if (v.has_port()) {
        assembled += ':';
        assembled += v.port();
    }
    assembled += v.path();
    assembled += v.typecode_part();
    if (v.has_query()) {
        assembled += '?';
        assembled += v.query();
    }
    if (v.has_fragment()) {
        assembled += '#';
        assembled += v.fragment();
    }
    FUZZ_CHECK(assembled == b, input);

    // raw() agrees with the accessors.
    FUZZ_CHECK(v.raw(component::input) == b && v.raw(component::scheme) == v.scheme(), input);
    FUZZ_CHECK(v.raw(component::authority) == b.substr(6, o.path_begin - 6), input);
    FUZZ_CHECK(v.raw(component::user) == v.user() && v.raw(component::password) == v.password(), input);
    FUZZ_CHECK(v.raw(component::host) == v.host() && v.raw(component::port) == v.port(), input);
    FUZZ_CHECK(v.raw(component::path) == v.path() && v.raw(component::typecode) == v.typecode_part(), input);
    FUZZ_CHECK(v.raw(component::query) == v.query() && v.raw(component::fragment) == v.fragment(), input);

    // The host and its kind.
    std::string_view const host = v.host();
    switch (v.host_type()) {
    case host_kind::ipv6:
    case host_kind::ipvfuture:
        FUZZ_CHECK(host.size() >= 2 && host.front() == '[' && host.back() == ']', input);
        FUZZ_CHECK(v.host_address() == host.substr(1, host.size() - 2), input);
        FUZZ_CHECK(v.host_type() == host_kind::ipv6 || options.syntax != profile::strict, input);
        break;
    case host_kind::ipv4: {
        FUZZ_CHECK(v.host_address() == host, input);
        // lenient reads "127.0.0.%31" as 127.0.0.1, and a Unicode host through IDNA (not modelled).
        bool const unicode =
            std::any_of(host.begin(), host.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
        if (options.syntax == profile::lenient && unicode) break;
        std::string const address = reference_decode(host);
        FUZZ_CHECK(options.syntax == profile::lenient || address == host, input);
        int octets = 0;
        std::size_t i = 0;
        while (i <= address.size()) {
            std::size_t j = i;
            unsigned value = 0;
            while (j < address.size() && is_digit(address[j]) && j - i < 4)
                value = value * 10 + static_cast<unsigned>(address[j++] - '0');
            FUZZ_CHECK(j > i && j - i <= 3 && value <= 255, input);
            FUZZ_CHECK(address[i] != '0' || j - i == 1, input); // no leading zeros
            ++octets;
            if (j == address.size()) break;
            FUZZ_CHECK(address[j] == '.', input);
            i = j + 1;
        }
        FUZZ_CHECK(octets == 4, input);
        break;
    }
    case host_kind::dns_name:
        FUZZ_CHECK(v.host_address() == host, input);
        if (options.syntax == profile::strict) {
            FUZZ_CHECK(!host.empty() && host.size() <= 254, input);
            for (char c : host)
                FUZZ_CHECK((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '-' || c == '.',
                           input);
        }
        break;
    case host_kind::reg_name:
        // rfc3986's reg-names; lenient's too, for the hosts it accepts with a safety warning
        // (host.empty, host.numeric-ambiguous). Never in strict.
        FUZZ_CHECK(options.syntax != profile::strict, input);
        FUZZ_CHECK(v.host_address() == host, input);
        break;
    }

    // The port and its value.
    if (v.has_port()) {
        std::string_view const port = v.port();
        unsigned long value = 0;
        for (char c : port) {
            FUZZ_CHECK(is_digit(c), input);
            value = value * 10 + static_cast<unsigned long>(c - '0');
            FUZZ_CHECK(value <= 65535, input);
        }
        FUZZ_CHECK(port.empty() ? v.port_number() == 0 : (value >= 1 && v.port_number() == value), input);
    }
    FUZZ_CHECK(v.effective_port() == (v.port_number() != 0 ? v.port_number() : 21), input);

    // The path, its segments, name and cwd part.
    std::string_view const path = v.path();
    FUZZ_CHECK(path.empty() || path.front() == '/', input);
    FUZZ_CHECK(v.segments().empty() == path.empty(), input);
    std::string rejoined;
    std::size_t count = 0;
    std::string_view last;
    for (std::string_view segment : v.segments()) {
        FUZZ_CHECK(segment.find('/') == std::string_view::npos, input);
        FUZZ_CHECK(segment.data() >= path.data() && segment.data() + segment.size() <= path.data() + path.size(),
                   input);
        rejoined += '/';
        rejoined += segment;
        last = segment;
        ++count;
    }
    FUZZ_CHECK(rejoined == path && count == v.segments().size(), input);
    FUZZ_CHECK(v.name() == last, input);
    FUZZ_CHECK(path.empty() ? v.cwd_path().empty() : std::string(v.cwd_path()) + std::string(v.name()) == path, input);

    // The typecode.
    if (v.has_typecode()) {
        std::string_view const t = v.typecode_part();
        bool const misspelled = options.syntax == profile::lenient && t.size() == 11;
        FUZZ_CHECK(t.size() == 7 || misspelled, input);
        FUZZ_CHECK(iequals(t.substr(0, t.size() - 1), misspelled ? ";typecode=" : ";type="), input);
        char const x = ftpuri_fuzz::ascii_lower(t.back());
        FUZZ_CHECK((x == 'a' || x == 'i' || x == 'd') && v.typecode() == x, input);
    }

    // No query in strict.
    if (options.syntax == profile::strict) FUZZ_CHECK(!v.has_query(), input);

    for (component c : {component::user, component::password, component::host, component::port, component::path,
                        component::typecode, component::query, component::fragment})
        check_decoding(input, v, c);
}

inline bool same_view(uri_view const& a, uri_view const& b) noexcept
{
    uri_view::offsets const x = a.raw_offsets();
    uri_view::offsets const y = b.raw_offsets();
    return a.buffer().data() == b.buffer().data() && a.size() == b.size() && x.user_begin == y.user_begin &&
           x.user_end == y.user_end && x.password_begin == y.password_begin && x.password_end == y.password_end &&
           x.host_begin == y.host_begin && x.host_end == y.host_end && x.port_begin == y.port_begin &&
           x.port_end == y.port_end && x.path_begin == y.path_begin && x.path_end == y.path_end &&
           x.typecode_begin == y.typecode_begin && x.query_begin == y.query_begin && x.query_end == y.query_end &&
           x.fragment_begin == y.fragment_begin && a.port_number() == b.port_number() &&
           a.host_type() == b.host_type() && a.typecode() == b.typecode() && a.typecode_part() == b.typecode_part();
}

} // namespace ftpuri_fuzz::parse_checks
