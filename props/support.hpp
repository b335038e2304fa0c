// SPDX-License-Identifier: Apache-2.0
// props/support.hpp: reference implementations and small helpers for the properties.
//
// Everything here is written from the specifications (RFC 3986, RFC 5952, docs/behaviour.md), not
// from src/: a property that compared the library with itself would prove nothing. Nothing
// here depends on RapidCheck except the failure helpers at the end.
#pragma once

#include <arpa/inet.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <rapidcheck.h>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri_props {

// ---- printing -------------------------------------------------------------------------------

// A byte string as a C-like literal: printable ASCII as is, everything else \xNN, so that a
// counterexample with NUL, CR, LF or UTF-8 bytes prints unambiguously on one line.
inline std::string escape_bytes(std::string_view s)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out = "\"";
    for (char ch : s) {
        auto const c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c >= 0x20 && c < 0x7F) {
            out += ch;
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    out += '"';
    return out;
}

inline std::string_view profile_name(ftpuri::profile p)
{
    switch (p) {
    case ftpuri::profile::strict: return "strict";
    case ftpuri::profile::rfc3986: return "rfc3986";
    case ftpuri::profile::lenient: return "lenient";
    }
    return "?";
}

inline constexpr std::array all_profiles = {ftpuri::profile::strict, ftpuri::profile::rfc3986,
                                            ftpuri::profile::lenient};

inline constexpr std::array all_encode_sets = {ftpuri::encode_set::usp_char, ftpuri::encode_set::ftp_segment,
                                               ftpuri::encode_set::pchar,    ftpuri::encode_set::fragment,
                                               ftpuri::encode_set::reg_name, ftpuri::encode_set::unreserved};

inline std::string_view encode_set_name(ftpuri::encode_set s)
{
    switch (s) {
    case ftpuri::encode_set::usp_char: return "usp_char";
    case ftpuri::encode_set::ftp_segment: return "ftp_segment";
    case ftpuri::encode_set::pchar: return "pchar";
    case ftpuri::encode_set::fragment: return "fragment";
    case ftpuri::encode_set::reg_name: return "reg_name";
    case ftpuri::encode_set::unreserved: return "unreserved";
    }
    return "?";
}

inline std::string describe(ftpuri::diagnostic const& d)
{
    std::ostringstream os;
    os << d.info().name << " at " << d.offset << "+" << d.length;
    return os.str();
}

// ---- RFC 3986 character sets, spelled out independently of charset.hpp ----------------------

inline bool in_set(std::string_view members, unsigned char c)
{
    return members.find(static_cast<char>(c)) != std::string_view::npos;
}
inline bool is_alpha(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
inline bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}
inline bool is_hex(unsigned char c)
{
    return is_digit(c) || in_set("ABCDEFabcdef", c);
}
inline bool is_upper_hex(unsigned char c)
{
    return is_digit(c) || in_set("ABCDEF", c);
}
// RFC 3986 2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
inline bool is_unreserved(unsigned char c)
{
    return is_alpha(c) || is_digit(c) || in_set("-._~", c);
}
// RFC 3986 2.2 sub-delims
inline bool is_sub_delim(unsigned char c)
{
    return in_set("!$&'()*+,;=", c);
}
inline bool is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7F;
}

// The characters each encode_set leaves alone, from docs/grammar.abnf.
inline bool ref_allowed(ftpuri::encode_set set, unsigned char c)
{
    using ftpuri::encode_set;
    bool const pchar = is_unreserved(c) || is_sub_delim(c) || c == ':' || c == '@';
    switch (set) {
    case encode_set::usp_char: return is_unreserved(c) || is_sub_delim(c); // usp-char
    case encode_set::ftp_segment: return pchar && c != ';';                // ftp-segment-char
    case encode_set::pchar: return pchar;                                  // pchar
    case encode_set::fragment: return pchar || c == '/' || c == '?';       // fragment, query
    case encode_set::reg_name: return is_unreserved(c) || is_sub_delim(c); // reg-name
    case encode_set::unreserved: return is_unreserved(c);                  // unreserved
    }
    return false;
}

// ---- percent-encoding, by the book ----------------------------------------------------------

inline int ref_hex_value(unsigned char c)
{
    if (is_digit(c)) return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

inline std::string pct_escape(unsigned char b, bool lowercase = false)
{
    static constexpr char upper[] = "0123456789ABCDEF";
    static constexpr char lower[] = "0123456789abcdef";
    char const* digits = lowercase ? lower : upper;
    return {'%', digits[b >> 4], digits[b & 0xF]};
}

inline std::string ref_encode(std::string_view in, ftpuri::encode_set set)
{
    std::string out;
    for (char ch : in) {
        auto const c = static_cast<unsigned char>(ch);
        if (ref_allowed(set, c)) {
            out += ch;
        } else {
            out += pct_escape(c);
        }
    }
    return out;
}

// The offset of the first '%' not followed by two hex digits, if any.
inline std::optional<std::size_t> ref_first_malformed(std::string_view s)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') continue;
        bool const ok = i + 2 < s.size() && is_hex(static_cast<unsigned char>(s[i + 1])) &&
                        is_hex(static_cast<unsigned char>(s[i + 2]));
        if (!ok) return i;
        i += 2;
    }
    return std::nullopt;
}

// Decodes every well-formed escape; stops before the first malformed one.
inline std::string ref_decode(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            if (!(i + 2 < s.size() && is_hex(static_cast<unsigned char>(s[i + 1])) &&
                  is_hex(static_cast<unsigned char>(s[i + 2]))))
                break;
            out += static_cast<char>(ref_hex_value(static_cast<unsigned char>(s[i + 1])) * 16 +
                                     ref_hex_value(static_cast<unsigned char>(s[i + 2])));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

inline std::string ascii_lower(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// RFC 3986 6.2.2.1 and 6.2.2.2 applied to a component's raw text (escapes well-formed):
// escapes of unreserved characters decoded, other escapes uppercased, raw bytes the component
// may not hold raw encoded, and (for a host) raw letters lowercased.
template <class Allowed>
inline std::string ref_normalize(std::string_view raw, Allowed allowed, bool lowercase)
{
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        auto c = static_cast<unsigned char>(raw[i]);
        bool encoded = false;
        if (c == '%' && i + 2 < raw.size() && is_hex(static_cast<unsigned char>(raw[i + 1])) &&
            is_hex(static_cast<unsigned char>(raw[i + 2]))) {
            c = static_cast<unsigned char>(ref_hex_value(static_cast<unsigned char>(raw[i + 1])) * 16 +
                                           ref_hex_value(static_cast<unsigned char>(raw[i + 2])));
            encoded = !is_unreserved(c);
            i += 2;
        } else {
            encoded = !allowed(c);
        }
        if (encoded) {
            out += pct_escape(c);
        } else {
            out += static_cast<char>(lowercase && c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
    }
    return out;
}

// ---- paths ----------------------------------------------------------------------------------

// The raw segments of a path ("" or "/..."); an empty path has none.
inline std::vector<std::string> raw_segments(std::string_view path)
{
    std::vector<std::string> out;
    if (path.empty()) return out;
    std::size_t begin = 1;
    for (;;) {
        std::size_t const slash = path.find('/', begin);
        out.emplace_back(path.substr(begin, slash == std::string_view::npos ? std::string_view::npos : slash - begin));
        if (slash == std::string_view::npos) break;
        begin = slash + 1;
    }
    return out;
}

inline std::vector<std::string> decoded_segments(std::string_view path)
{
    std::vector<std::string> out;
    for (std::string const& s : raw_segments(path))
        out.push_back(ref_decode(s));
    return out;
}

// 1 for ".", 2 for "..", 0 otherwise: a decoded segment.
inline int dotness(std::string_view decoded)
{
    if (decoded == ".") return 1;
    if (decoded == "..") return 2;
    return 0;
}

// RFC 3986 5.2.4 remove_dot_segments over a list of decoded segments of an absolute path,
// "climbing" above the root clamped at the root (the algorithm's step 2C on an empty output
// buffer). An empty path is "/" (docs/behaviour.md: the empty path becomes "/"), that is one empty
// segment; a final "." or ".." leaves an empty name ("/a/b/.." is "/a/").
inline std::vector<std::string> ref_remove_dot_segments(std::vector<std::string> const& in)
{
    if (in.empty()) return {""};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < in.size(); ++i) {
        bool const last = i + 1 == in.size();
        int const d = dotness(in[i]);
        if (d == 2 && !out.empty()) out.pop_back();
        if (d == 0) {
            out.push_back(in[i]);
        } else if (last) {
            out.emplace_back();
        }
    }
    if (out.empty()) out.emplace_back();
    return out;
}

// The canonical form's segments (docs/behaviour.md "Canonical form"): remove_dot_segments, then a "."
// first when that left a first directory that is empty where the input's was not:
// "a/..//etc/x" is "./" + "/etc/x", not "//etc/x", whose singlecwd plan would be "CWD /etc",
// from the root (strict refuses such input: path.dot-before-empty). A first directory that begins
// with "%2F" gets none: every plan mode goes to the root for it either way.
// The segments may be decoded bytes or raw text with uppercase escapes: only "" matters here.
inline std::vector<std::string> ref_canonical_segments(std::vector<std::string> const& in)
{
    auto const at_root = [](std::string const& s) { return s.empty(); };
    std::vector<std::string> out = ref_remove_dot_segments(in);
    // After a first "~" (the login directory, which no plan sends), its next directory.
    bool const login = in.size() >= 3 && in.front() == "~" && out.size() >= 3 && out.front() == "~";
    if (login) {
        if (at_root(out[1]) && !at_root(in[1])) out.insert(out.begin() + 1, ".");
        return out;
    }
    if (out.size() >= 2 && at_root(out.front()) && in.size() >= 2 && !at_root(in.front())) out.insert(out.begin(), ".");
    return out;
}

// ---- hosts ----------------------------------------------------------------------------------

// RFC 3986 IPv4address: four dec-octets without leading zeros.
inline bool ref_is_ipv4address(std::string_view s)
{
    int octets = 0;
    std::size_t i = 0;
    for (;;) {
        std::size_t const begin = i;
        while (i < s.size() && is_digit(static_cast<unsigned char>(s[i])))
            ++i;
        std::size_t const n = i - begin;
        if (n == 0 || n > 3 || (n > 1 && s[begin] == '0')) return false;
        if (std::stoi(std::string(s.substr(begin, n))) > 255) return false;
        ++octets;
        if (i == s.size()) return octets == 4;
        if (s[i] != '.' || octets == 4) return false;
        ++i;
    }
}

// docs/behaviour.md's strict host, for a lowercase host without brackets: an IPv4address, or a
// dns-name (labels of 1-63 ALPHA/DIGIT/"-" not starting or ending with "-", 253 bytes at most
// without a trailing ".") whose last label is not numeric (all digits, or "0x" and hex digits).
inline bool ref_is_strict_name_host(std::string_view s)
{
    if (ref_is_ipv4address(s)) return true;
    if (s.empty()) return false;
    std::string_view name = s;
    if (name.size() > 1 && name.back() == '.') name.remove_suffix(1);
    if (name.size() > 253) return false;
    std::string_view last;
    std::size_t begin = 0;
    for (;;) {
        std::size_t const dot = name.find('.', begin);
        std::string_view const label =
            name.substr(begin, dot == std::string_view::npos ? std::string_view::npos : dot - begin);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
        for (char c : label)
            if (!is_alpha(static_cast<unsigned char>(c)) && !is_digit(static_cast<unsigned char>(c)) && c != '-')
                return false;
        last = label;
        if (dot == std::string_view::npos) break;
        begin = dot + 1;
    }
    bool all_digits = true;
    for (char c : last)
        all_digits = all_digits && is_digit(static_cast<unsigned char>(c));
    if (all_digits) return false;
    if (last.size() >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X')) {
        bool hex = true;
        for (char c : last.substr(2))
            hex = hex && is_hex(static_cast<unsigned char>(c));
        if (hex) return false;
    }
    return true;
}

// The 16 bytes of an IPv6 address text (no brackets), by the C library.
inline std::optional<std::array<unsigned char, 16>> ipv6_bytes(std::string_view text)
{
    std::array<unsigned char, 16> out{};
    std::string const z(text);
    if (inet_pton(AF_INET6, z.c_str(), out.data()) != 1) return std::nullopt;
    return out;
}

// RFC 5952 section 4 text of eight 16-bit pieces: lowercase, no leading zeros, the longest run
// (the first of equal ones) of two or more zero pieces as "::"; an IPv4-mapped address
// (::ffff:0:0/96) keeps its dotted quad (section 5).
inline std::string ref_rfc5952(std::array<std::uint16_t, 8> const& p)
{
    bool const mapped = p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0 && p[4] == 0 && p[5] == 0xFFFF;
    std::size_t const n = mapped ? 6 : 8;
    std::size_t best = n;
    std::size_t best_len = 0;
    for (std::size_t i = 0; i < n;) {
        if (p[i] != 0) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < n && p[j] == 0)
            ++j;
        if (j - i >= 2 && j - i > best_len) {
            best = i;
            best_len = j - i;
        }
        i = j;
    }
    std::ostringstream os;
    os << std::hex;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == best) {
            os << "::";
            i += best_len - 1;
            continue;
        }
        if (i != 0 && i != best + best_len) os << ':';
        os << p[i];
    }
    if (mapped) {
        if (best + best_len != n) os << ':';
        os << std::dec << (p[6] >> 8) << '.' << (p[6] & 0xFF) << '.' << (p[7] >> 8) << '.' << (p[7] & 0xFF);
    }
    return os.str();
}

// ---- the library, called the way the properties need it -------------------------------------

inline ftpuri::parse_options opts(ftpuri::profile p)
{
    ftpuri::parse_options o;
    o.syntax = p;
    return o;
}

// canonicalize(u), or nothing when u is invalid in profile p.
inline std::optional<std::string> canon(std::string const& u, ftpuri::profile p)
{
    return ftpuri::canonicalize(std::string_view(u), opts(p));
}

// A component decoded through the view's own decode_into, checked against decode_size_bound.
inline std::string view_decode(ftpuri::uri_view const& v, ftpuri::component c)
{
    std::string out(v.decode_size_bound(c), '\0');
    ftpuri::write_result const r = v.decode_into(c, out);
    if (!r || r.size != out.size()) {
        RC_FAIL("decode_into(" + std::string(ftpuri::to_string(c)) + ") of " + escape_bytes(v.raw(c)) +
                " did not write decode_size_bound() bytes");
    }
    return out;
}

// ---- failure reporting with readable bytes --------------------------------------------------

// RC_ASSERT prints std::string operands raw; these print them escaped.
#define PROP_EQ(a, b)                                                                                                  \
    do {                                                                                                               \
        auto const& prop_a_ = (a);                                                                                     \
        auto const& prop_b_ = (b);                                                                                     \
        if (!(prop_a_ == prop_b_)) {                                                                                   \
            RC_FAIL(std::string(#a " == " #b "\n  left:  ") + ::ftpuri_props::show_text(prop_a_) +                     \
                    "\n  right: " + ::ftpuri_props::show_text(prop_b_));                                               \
        }                                                                                                              \
    } while (false)

inline std::string show_text(std::string_view s)
{
    return escape_bytes(s);
}
inline std::string show_text(std::string const& s)
{
    return escape_bytes(s);
}
inline std::string show_text(char const* s)
{
    return escape_bytes(s);
}
inline std::string show_text(bool b)
{
    return b ? "true" : "false";
}
inline std::string show_text(char c)
{
    return escape_bytes(std::string_view(&c, 1));
}
template <class T>
requires std::is_integral_v<T>
inline std::string show_text(T v)
{
    return std::to_string(v);
}
inline std::string show_text(std::vector<std::string> const& v)
{
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i != 0) out += ", ";
        out += escape_bytes(v[i]);
    }
    return out + "]";
}
template <class T>
inline std::string show_text(std::optional<T> const& o)
{
    return o ? show_text(*o) : std::string("nullopt");
}
template <std::size_t N>
inline std::string show_text(std::array<unsigned char, N> const& a)
{
    return escape_bytes(std::string_view(reinterpret_cast<char const*>(a.data()), N));
}

} // namespace ftpuri_props
