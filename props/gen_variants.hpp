// SPDX-License-Identifier: Apache-2.0
// props/gen_variants.hpp: the same resource spelled differently, and edits that change it.
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_uris.hpp"

namespace ftpuri_props {

// ---- the same resource, spelled differently ---------------------------------------------------

// lenient: a raw space or non-ASCII byte is the same as its escape, except for the spaces
// that end the whole input, which the lenient profile trims (`at_end`).
inline std::string encode_some_raw(std::string_view raw, std::vector<std::uint8_t> const& flags, bool at_end)
{
    std::size_t keep_from = raw.size();
    if (at_end) {
        while (keep_from > 0 && raw[keep_from - 1] == ' ')
            --keep_from;
    }
    std::string out;
    std::size_t k = 0;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        auto const c = static_cast<unsigned char>(raw[i]);
        bool const flip = !flags.empty() && flags[k++ % flags.size()] >= 4 && i < keep_from;
        out += flip && (c == ' ' || c >= 0x80) ? pct_escape(c) : std::string(1, raw[i]);
    }
    return out;
}

inline std::uint32_t port_value(std::optional<std::string> const& port)
{
    if (!port || port->empty()) return 21;
    return static_cast<std::uint32_t>(std::stoul(*port));
}

// A spelling of u that docs/behaviour.md's canonical form maps to the same text: scheme and host
// case, unreserved characters encoded or not, hex case, an explicit or empty ":21", leading
// zeros in the port, another IPv6 notation, dot-segments that cancel out, an empty path for
// "/", typecode case, and in lenient other blanks around it and escapes for raw bytes.
inline rc::Gen<uri_parts> gen_variant(uri_parts const& original)
{
    uri_parts u = original;
    if (u.syntax == profile::rfc3986) detail::split_rfc3986_typecode(u); // (an edit may have exposed one)
    return gen::exec([u] {
        uri_parts v = u;
        bool const lenient = u.syntax == profile::lenient;
        bool const rfc3986 = u.syntax == profile::rfc3986;
        v.scheme = flip_case("ftp", *gen_case_mask());
        switch (u.host.kind) {
        case host_kind::ipv6: v.host.text = "[" + render_ipv6(u.host.v6, *gen_ipv6_form(u.host.v6, true)) + "]"; break;
        case host_kind::ipv4:
            if (rfc3986) v.host.text = respell(u.host.text, *gen_flags()); // "%31" is "1" (a reg-name then)
            break;
        case host_kind::ipvfuture: v.host.text = flip_case(u.host.text, *gen_case_mask()); break;
        case host_kind::dns_name:
        case host_kind::reg_name:
            v.host.text = flip_case(u.host.text, *gen_case_mask());
            if (rfc3986 || lenient) v.host.text = respell(v.host.text, *gen_flags());
            break;
        }
        if (port_value(u.port) == 21) {
            v.port = *gen::element<std::optional<std::string>>(std::nullopt, std::string(), std::string("21"),
                                                               std::string("0021"));
        } else {
            v.port = std::string(static_cast<std::size_t>(*uniform(0, 3)), '0') + std::to_string(port_value(u.port));
        }
        if (v.has_userinfo) {
            v.user = respell(v.user, *gen_flags());
            if (v.password) v.password = respell(*v.password, *gen_flags());
        }
        for (std::string& s : v.segments)
            s = respell(s, *gen_flags());
        if (rfc3986 && !v.segments.empty()) {
            // Decoding "x;type=%61" would make a typecode of it: keep that segment as it was.
            uri_parts probe = v;
            detail::split_rfc3986_typecode(probe);
            if (probe.typecode) v.segments.back() = u.segments.back();
        }
        if (v.query) v.query = respell(*v.query, *gen_flags());
        if (v.fragment) v.fragment = respell(*v.fragment, *gen_flags());
        if (lenient) {
            if (v.has_userinfo) v.user = encode_some_raw(v.user, *gen_flags(), false);
            if (v.password) v.password = encode_some_raw(*v.password, *gen_flags(), false);
            for (std::size_t i = 0; i < v.segments.size(); ++i) {
                bool const ends_input = i + 1 == v.segments.size() && !v.typecode && !v.fragment;
                v.segments[i] = encode_some_raw(v.segments[i], *gen_flags(), ends_input);
            }
            if (v.fragment) v.fragment = encode_some_raw(*v.fragment, *gen_flags(), true);
            v.lead = *uniform(0, 2) == 0 ? std::string() : *detail::gen_blank();
            v.trail = *uniform(0, 2) == 0 ? std::string() : *detail::gen_blank();
        }
        // Dot-segments that cancel out, never after the last segment (that would change the name).
        int const inserts = v.segments.empty() ? 0 : *uniform(0, 3);
        // Nothing goes before a first "~" segment: it is a home directory only where it is first.
        // Nor before a first directory that begins at the root, empty or "%2F...": "//etc/x"
        // joins to "/etc" in the singlecwd plan, from the root, and ".//etc/x" to ".//etc".
        // The same after a first "~" for the directory that follows it ("~//etc/x").
        auto const at_root = [&v](std::size_t i) {
            if (i + 1 >= v.segments.size()) return false; // a name, not a directory
            std::string const d = ref_decode(v.segments[i]);
            return d.empty() || d.front() == '/';
        };
        std::string const first = v.segments.empty() ? "" : ref_decode(v.segments.front());
        std::size_t first_free = first.starts_with('~') || at_root(0) ? 1 : 0;
        if (first == "~" && at_root(1)) first_free = 2;
        for (int i = 0; i < inserts && first_free < v.segments.size(); ++i) {
            auto const at = static_cast<std::ptrdiff_t>(*uniform<std::size_t>(first_free, v.segments.size()));
            if (*uniform(0, 2) == 0) {
                v.segments.insert(v.segments.begin() + at, *gen::element<std::string>(".", "%2E", "%2e"));
            } else {
                std::string const name = *gen::element<std::string>("x", "..x", "%2E%2Ex", "x.");
                v.segments.insert(v.segments.begin() + at, {name, *gen::element<std::string>("..", "%2E%2E", ".%2e")});
            }
        }
        // A directory's empty name is also "." or "x/.." ("/a/" is "/a/." is "/a/x/..").
        if (!v.segments.empty() && v.segments.back().empty() && *uniform(0, 3) == 0) {
            if (*uniform(0, 2) == 0) {
                v.segments.back() = ".";
            } else {
                v.segments.back() = "x";
                v.segments.emplace_back("..");
            }
        }
        // An empty path is "/".
        if (!v.typecode && *uniform(0, 3) == 0) {
            if (v.segments.empty()) {
                v.segments.emplace_back();
            } else if (v.segments.size() == 1 && v.segments[0].empty()) {
                v.segments.clear();
            }
        }
        if (v.typecode) {
            std::string const letter(1, v.typecode->back());
            bool const spelled_long = lenient && *uniform(0, 2) == 0;
            v.typecode = flip_case((spelled_long ? ";typecode=" : ";type=") + ascii_lower(letter), *gen_case_mask());
        }
        v.note = u.note + "variant ";
        return v;
    });
}

// One edit that changes which resource u names (or, now and then, turns out not to).
inline rc::Gen<uri_parts> gen_different(uri_parts const& u)
{
    return gen::exec([u] {
        uri_parts v = u;
        switch (*uniform(0, 11)) {
        case 0:
            if (u.host.kind == host_kind::dns_name && u.host.text.size() < 240 && !u.host.text.empty()) {
                v.host.text = "x." + u.host.text;
            } else {
                v.host = host_spec{"[::2]", "[::2]", host_kind::ipv6, {0, 0, 0, 0, 0, 0, 0, 2}};
            }
            break;
        case 1: v.port = port_value(u.port) == 2121 ? std::optional<std::string>() : std::string("2121"); break;
        case 2:
            if (v.has_userinfo) {
                v.user += "x";
            } else {
                v.has_userinfo = true;
            }
            break;
        case 3:
            v.has_userinfo = true;
            v.password = v.password ? std::optional<std::string>() : std::string("pw");
            break;
        case 4: v.segments.emplace_back("x"); break;
        case 5:
            if (!v.segments.empty()) v.segments.pop_back();
            if (v.segments.empty()) v.typecode.reset();
            break;
        case 6: v.segments.emplace_back(); break;
        case 7: { // the case of a path letter matters
            bool done = false;
            for (std::string& s : v.segments) {
                for (std::size_t i = 0; i < s.size() && !done; ++i) {
                    bool const in_escape = (i >= 1 && s[i - 1] == '%') || (i >= 2 && s[i - 2] == '%');
                    if (s[i] >= 'a' && s[i] <= 'z' && !in_escape) {
                        s[i] = static_cast<char>(s[i] - 'a' + 'A');
                        done = true;
                    }
                }
            }
            if (!done) v.segments.emplace_back("Q");
            break;
        }
        case 8:
            if (v.segments.empty()) v.segments.emplace_back("f");
            v.typecode = v.typecode && v.typecode->back() != 'i' && v.typecode->back() != 'I' ? ";type=i" : ";type=a";
            break;
        case 9: v.fragment = v.fragment ? std::optional<std::string>() : std::string("frag"); break;
        default: { // a sub-delim and its escape are different (RFC 3986 6.2.2.2)
            if (v.segments.empty()) v.segments.emplace_back();
            std::string& s = v.segments.back();
            std::size_t const bang = s.find('!');
            if (bang != std::string::npos) {
                s.replace(bang, 1, "%21");
            } else {
                s += "!";
            }
            break;
        }
        }
        if (v.syntax == profile::rfc3986) detail::split_rfc3986_typecode(v);
        v.note = u.note + "different ";
        return v;
    });
}

} // namespace ftpuri_props
