// SPDX-License-Identifier: Apache-2.0
// props/gen_uris.hpp: whole URIs valid in each profile (gen_uri).
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_components.hpp"

namespace ftpuri_props {

// ---- whole URIs ------------------------------------------------------------------------------

namespace detail {

// The parts every profile shares, with strict's rules: usp-char userinfo, a strict host, an
// optional port, ftp segments (or RFC 3986 segments when !ftp_grammar), an optional typecode
// and fragment.
inline uri_parts base_parts(profile syntax, bool ftp_grammar)
{
    uri_parts u;
    u.syntax = syntax;
    u.scheme = flip_case("ftp", *gen_case_mask());
    if (*uniform(0, 3) == 0) {
        u.has_userinfo = true;
        u.user = *gen_user(byte_rules::no_controls);
        if (*uniform(0, 2) == 0) u.password = *gen_encoded(encode_set::usp_char, byte_rules::no_controls);
    }
    u.host = *gen_strict_host();
    u.port = *gen_port();
    int const segments = *gen::weightedOneOf<int>({{2, gen::just(0)}, {6, uniform(1, 5)}, {1, uniform(5, 12)}});
    for (int i = 0; i < segments; ++i)
        u.segments.push_back(*gen_segment(ftp_grammar, byte_rules::path_strict));
    keep_below_root(u.segments);
    if (!u.segments.empty() && *uniform(0, 3) == 0) u.typecode = *gen_typecode(false);
    if (*uniform(0, 4) == 0) u.fragment = *gen_fragment();
    return u;
}

// Constructs that rfc3986 and lenient accept with a warning but strict refuses. None has a
// strict spelling of the same resource except "..", which the canonical form drops.
inline void add_hazard(uri_parts& u)
{
    auto const control = *gen::element<std::string>("%01", "%7F", "%1f", "%09", "%1B");
    switch (*uniform(0, 7)) {
    case 0: // pct.control in the user or password
        u.has_userinfo = true;
        if (u.password && *uniform(0, 2) == 0) {
            *u.password += control;
        } else {
            u.user += control;
        }
        u.note += "pct.control(userinfo) ";
        break;
    case 1: // pct.control in the path
        u.segments.push_back("a" + control);
        u.note += "pct.control(path) ";
        break;
    case 2: // path.above-root
        u.segments.insert(u.segments.begin(), *gen::element<std::string>("..", "%2E%2E", ".%2e"));
        u.note += "path.above-root ";
        break;
    case 3: { // path.encoded-traversal
        auto const at = static_cast<std::ptrdiff_t>(*uniform<std::size_t>(0, u.segments.size() + 1));
        u.segments.insert(u.segments.begin() + at,
                          *gen::element<std::string>("..%2Fetc", "a%2F..", "%2E%2E%2Fx", ".%2F.", "x%2f.%2fy"));
        u.note += "path.encoded-traversal ";
        break;
    }
    case 4: // path.encoded-backslash
        u.segments.push_back(*gen::element<std::string>("%5C", "a%5cb", "..%5C.."));
        u.note += "path.encoded-backslash ";
        break;
    case 5: // host.empty
        u.host = host_spec{"", "", host_kind::reg_name, {}};
        u.note += "host.empty ";
        break;
    default: // host.numeric-ambiguous
        u.host = *gen_numeric_ambiguous_host();
        u.note += "host.numeric-ambiguous ";
        break;
    }
}

// rfc3986: a ";type=X" (X one of a, i, d, any case) that ends the path is the typecode
// (@constraint typecode-last), wherever the generator put it; keep the parts saying so, so
// that a re-spelling leaves it alone.
inline void split_rfc3986_typecode(uri_parts& u)
{
    if (u.typecode || u.segments.empty()) return;
    std::string& last = u.segments.back();
    if (last.size() < 7) return;
    std::string const tail = ascii_lower(last.substr(last.size() - 7));
    if (tail.substr(0, 6) != ";type=" || std::string_view("aid").find(tail[6]) == std::string_view::npos) return;
    u.typecode = last.substr(last.size() - 7);
    last.resize(last.size() - 7);
}

inline rc::Gen<std::vector<std::pair<std::size_t, char>>> gen_raw_picks(rc::Gen<char> byte)
{
    return gen::scale(0.1, gen::container<std::vector<std::pair<std::size_t, char>>>(
                               gen::pair(gen::arbitrary<std::size_t>(), std::move(byte))));
}

// lenient trims ASCII whitespace (WHATWG's: space, TAB, LF, FF, CR) around the input; other
// controls at the edges stay errors.
inline rc::Gen<std::string> gen_blank()
{
    return gen::nonEmpty(
        gen::scale(0.05, gen::container<std::string>(gen::element<char>(' ', '\t', '\n', '\r', '\f'))));
}

} // namespace detail

// Valid in strict: the grammar of docs/behaviour.md and every safety rule.
inline rc::Gen<uri_parts> gen_strict_uri()
{
    return gen::exec([] {
        uri_parts u = detail::base_parts(profile::strict, true);
        keep_below_root(u.segments);
        return u;
    });
}

// Valid in rfc3986: raw ';' in segments, more ':' in the password, a query, IPvFuture, any
// reg-name, and the safety rules' warnings.
inline rc::Gen<uri_parts> gen_rfc3986_uri()
{
    return gen::exec([] {
        uri_parts u = detail::base_parts(profile::rfc3986, *uniform(0, 2) == 0);
        if (*uniform(0, 3) == 0) {
            u.segments.push_back(
                *gen::element<std::string>("a;b", ";type=a", ";typecode=i", "x;type=q", ";", ";;type=d"));
            u.note += "raw-semicolon ";
        }
        keep_below_root(u.segments);
        if (*uniform(0, 2) == 0) u.host = *gen_rfc3986_host();
        if (u.has_userinfo && *uniform(0, 3) == 0) {
            u.password = insert_raw(u.password.value_or(""), *detail::gen_raw_picks(gen::just(':')));
            if (u.password->empty()) *u.password += ':';
            u.note += "raw-colon ";
        }
        if (*uniform(0, 3) == 0) u.query = *gen_encoded(encode_set::fragment, byte_rules::no_nul_crlf);
        if (*uniform(0, 3) == 0) detail::add_hazard(u);
        detail::split_rfc3986_typecode(u);
        return u;
    });
}

// Valid in lenient: surrounding blanks, raw spaces and non-ASCII bytes, ";typecode=", a raw
// ':' in the password, Unicode hosts, and the safety rules' warnings.
inline rc::Gen<uri_parts> gen_lenient_uri()
{
    return gen::exec([] {
        uri_parts u = detail::base_parts(profile::lenient, true);
        keep_below_root(u.segments);
        if (*uniform(0, 4) == 0) u.lead = *detail::gen_blank();
        if (*uniform(0, 4) == 0) u.trail = *detail::gen_blank();
        if (*uniform(0, 2) == 0) { // raw spaces and non-ASCII bytes
            auto const raw_byte = gen::weightedOneOf<char>({{2, gen::just(' ')}, {3, gen_byte_in(0x80, 0x100)}});
            switch (*uniform(0, 4)) {
            case 0:
                u.has_userinfo = true;
                u.user = insert_raw(u.user, *detail::gen_raw_picks(raw_byte));
                break;
            case 1:
                u.has_userinfo = true;
                u.password = insert_raw(u.password.value_or(""), *detail::gen_raw_picks(raw_byte));
                break;
            case 2:
                if (u.segments.empty()) u.segments.emplace_back();
                for (std::string& s : u.segments)
                    s = insert_raw(s, *detail::gen_raw_picks(raw_byte));
                break;
            default: u.fragment = insert_raw(u.fragment.value_or(""), *detail::gen_raw_picks(raw_byte)); break;
            }
            u.note += "raw-bytes ";
        }
        if (u.has_userinfo && *uniform(0, 4) == 0) {
            u.password = insert_raw(u.password.value_or(""), *detail::gen_raw_picks(gen::just(':')));
            if (u.password->empty()) *u.password += ':';
            u.note += "raw-colon ";
        }
        if (!u.segments.empty() && *uniform(0, 4) == 0) u.typecode = *gen_typecode(true);
        if (*uniform(0, 3) == 0) {
            u.host = *gen_unicode_host();
            u.note += "unicode-host ";
        }
        if (*uniform(0, 4) == 0) detail::add_hazard(u);
        return u;
    });
}

inline rc::Gen<uri_parts> gen_uri(profile p)
{
    switch (p) {
    case profile::strict: return gen_strict_uri();
    case profile::rfc3986: return gen_rfc3986_uri();
    case profile::lenient: return gen_lenient_uri();
    }
    return gen_strict_uri();
}

inline rc::Gen<profile> gen_profile()
{
    return gen::elementOf(all_profiles);
}

} // namespace ftpuri_props
