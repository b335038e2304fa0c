// SPDX-License-Identifier: Apache-2.0
// props/generators.hpp: RapidCheck generators for ftp URIs and the bytes inside them.
//
// Every generated type has a showValue() (RapidCheck's customization point, found by ADL in
// this namespace), so that a counterexample prints as one readable line with its non-printable
// bytes escaped (\x00, \x0d, \xc3 ...) and with the profile it was generated for.
//
//   gen_bytes()             arbitrary byte strings, weighted toward / ; % @ : # ? space, '.',
//                           '\', controls and non-ASCII
//   gen_uri(profile)        URIs valid in that profile, as uri_parts (the pieces and the text)
//   gen_variant(parts)      the same resource spelled differently (equivalent by docs/behaviour.md)
//   gen_different(parts)    one meaning-changing edit (another resource, or maybe the same)
//   gen_near_miss()         a valid URI with one byte-level mutation (valid or not)
//   gen_arbitrary_input()   arbitrary bytes, sometimes after an "ftp://"-like prefix
//   gen_builder_case()      decoded user, password, host and segments for the builder property
//
// Sizes: component strings are scaled down from RapidCheck's size (0..100 by default), so a
// URI stays around a few hundred bytes at most; hosts and labels sometimes hit their limits
// (63-byte labels, names near 253 bytes) on purpose.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "ftpuri/options.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/uri_view.hpp"
#include "support.hpp"

namespace ftpuri_props {

namespace gen = rc::gen;
using ftpuri::encode_set;
using ftpuri::host_kind;
using ftpuri::profile;

// ---- generated types and how they print -----------------------------------------------------

// An arbitrary byte string (percent-encoding input, decoding input).
struct byte_string {
    std::string bytes;
};
inline void showValue(byte_string const& b, std::ostream& os)
{
    os << escape_bytes(b.bytes) << " (" << b.bytes.size() << " bytes)";
}

struct host_spec {
    std::string text;     // as written in the URI
    std::string expected; // its canonical spelling, "" when the generator does not know it
    host_kind kind = host_kind::dns_name;
    std::array<std::uint16_t, 8> v6{}; // the address, when kind == ipv6
};

// A URI as the generator built it: the text is these parts concatenated.
struct uri_parts {
    profile syntax = profile::strict;
    std::string lead; // lenient: leading ASCII whitespace
    std::string scheme = "ftp";
    bool has_userinfo = false;
    std::string user;
    std::optional<std::string> password;
    host_spec host;
    std::optional<std::string> port;     // digits, possibly empty ("host:")
    std::vector<std::string> segments;   // raw segments; none: no path at all
    std::optional<std::string> typecode; // raw ";type=X" (any case; lenient ";typecode=X")
    std::optional<std::string> query;    // rfc3986 only
    std::optional<std::string> fragment;
    std::string trail; // lenient: trailing ASCII whitespace
    std::string note;  // what the generator did, for the counterexample

    [[nodiscard]] std::string text() const
    {
        std::string t = lead + scheme + "://";
        if (has_userinfo) {
            t += user;
            if (password) t += ":" + *password;
            t += "@";
        }
        t += host.text;
        if (port) t += ":" + *port;
        for (std::string const& s : segments)
            t += "/" + s;
        if (typecode) t += *typecode;
        if (query) t += "?" + *query;
        if (fragment) t += "#" + *fragment;
        return t + trail;
    }
};
inline void showValue(uri_parts const& u, std::ostream& os)
{
    os << profile_name(u.syntax) << " " << escape_bytes(u.text());
    if (!u.note.empty()) os << "  [" << u.note << "]";
}

// A valid URI with one byte-level mutation.
struct near_miss {
    profile base_syntax = profile::strict;
    std::string base;
    std::string text;
    std::string mutation;
};
inline void showValue(near_miss const& n, std::ostream& os)
{
    os << escape_bytes(n.text) << "  (" << n.mutation << " of " << profile_name(n.base_syntax) << "-valid "
       << escape_bytes(n.base) << ")";
}

// Arbitrary input for validate/parse.
struct arbitrary_input {
    std::string text;
};
inline void showValue(arbitrary_input const& a, std::ostream& os)
{
    os << escape_bytes(a.text);
}

// The builder property's decoded components.
struct builder_case {
    std::string user;
    std::string password;
    host_spec host;
    std::vector<std::string> segments; // decoded bytes
};
inline void showValue(builder_case const& b, std::ostream& os)
{
    os << "user " << escape_bytes(b.user) << ", password " << escape_bytes(b.password) << ", host "
       << escape_bytes(b.host.text) << ", segments " << show_text(b.segments);
}

// ---- choices ---------------------------------------------------------------------------------

// An integer in [low, high), uniformly at every size. (gen::inRange scales its range with
// RapidCheck's size, so early, small cases would only ever take the first branch.) It still
// shrinks toward `low`: order branches simplest first.
template <class T>
inline rc::Gen<T> uniform(T low, T high)
{
    return gen::resize(100, gen::inRange<T>(low, high));
}

// ---- bytes -----------------------------------------------------------------------------------

inline rc::Gen<char> gen_byte_in(int low, int high) // [low, high)
{
    return gen::map(uniform<int>(low, high), [](int v) { return static_cast<char>(static_cast<unsigned char>(v)); });
}

// Weighted toward the bytes that matter to an ftp URI.
inline rc::Gen<char> gen_risky_byte()
{
    return gen::weightedOneOf<char>({
        {10, gen::elementOf(std::string("/;%@:#? .\\[]~"))},
        {3, gen::elementOf(std::string("!$&'()*+,=-_\"<>^`{|}"))},
        {8, gen::elementOf(std::string("aZ09AaFfEe2x"))},
        {3, gen_byte_in(0x80, 0x100)},
        {2, gen::element<char>('\0', '\r', '\n', '\t', '\x01', '\x1f', '\x7f')},
        {2, gen_byte_in(0, 0x100)},
    });
}

enum class byte_rules : std::uint8_t {
    any,         // every byte
    no_nul_crlf, // docs/behaviour.md: decoded NUL, CR, LF are errors in every profile
    no_controls, // strict: every decoded C0 control and DEL is an error, and every UTF-8 look-alike
    path_strict, // strict path: as no_controls, and no '\' (path.encoded-backslash)
};

// The bytes that can begin a UTF-8 look-alike (overlong, surrogate, above U+10FFFF) or a line
// separator (U+0085, U+2028, U+2029), errors in strict (pct.overlong-utf8,
// pct.line-separator): without them no decoded sequence can be one.
inline bool may_lead_look_alike(unsigned char c)
{
    return c == 0xC0 || c == 0xC1 || c == 0xC2 || c == 0xE0 || c == 0xE2 || c == 0xED || c == 0xF0 || c >= 0xF4;
}

inline bool allowed_by(byte_rules r, char ch)
{
    auto const c = static_cast<unsigned char>(ch);
    switch (r) {
    case byte_rules::any: return true;
    case byte_rules::no_nul_crlf: return c != 0 && c != '\r' && c != '\n';
    case byte_rules::no_controls: return !is_control(c) && !may_lead_look_alike(c);
    case byte_rules::path_strict: return !is_control(c) && !may_lead_look_alike(c) && c != '\\';
    }
    return true;
}

inline rc::Gen<char> gen_byte(byte_rules r)
{
    if (r == byte_rules::any) return gen_risky_byte();
    return gen::suchThat(gen_risky_byte(), [r](char c) { return allowed_by(r, c); });
}

// A component's decoded bytes: up to about a quarter of RapidCheck's size.
inline rc::Gen<std::string> gen_component_bytes(byte_rules r, double scale = 0.25)
{
    return gen::scale(scale, gen::container<std::string>(gen_byte(r)));
}

inline rc::Gen<byte_string> gen_bytes()
{
    return gen::map(gen::container<std::string>(gen_risky_byte()),
                    [](std::string s) { return byte_string{std::move(s)}; });
}

// Bytes that make percent-decoding interesting: '%' and hex digits, a few others.
inline rc::Gen<byte_string> gen_escape_soup()
{
    return gen::map(gen::container<std::string>(gen::weightedOneOf<char>({
                        {5, gen::just('%')},
                        {6, gen::elementOf(std::string("0123456789ABCDEFabcdef"))},
                        {2, gen::elementOf(std::string("gGxz/ "))},
                        {2, gen_risky_byte()},
                    })),
                    [](std::string s) { return byte_string{std::move(s)}; });
}

// ---- spellings -------------------------------------------------------------------------------

// Flags that drive a re-spelling; 0 means "leave it", so shrinking leads to no change.
inline rc::Gen<std::vector<std::uint8_t>> gen_flags()
{
    return gen::scale(0.3, gen::container<std::vector<std::uint8_t>>(uniform<std::uint8_t>(0, 8)));
}

// Re-spells a component's raw text without changing what it means (RFC 3986 6.2.2.1-2): an
// escape of an unreserved character may be decoded, any escape's hex may change case, an
// unreserved character may be encoded. Flag values: escape 1 decode-or-lowercase,
// 2 decode-or-uppercase; raw unreserved 3 "%XX", 4 "%xx".
inline std::string respell(std::string_view raw, std::vector<std::uint8_t> const& flags)
{
    std::string out;
    std::size_t k = 0;
    auto const next_flag = [&] { return flags.empty() ? std::uint8_t{0} : flags[k++ % flags.size()]; };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        auto const c = static_cast<unsigned char>(raw[i]);
        std::uint8_t const f = next_flag();
        if (c == '%' && i + 2 < raw.size() && is_hex(static_cast<unsigned char>(raw[i + 1])) &&
            is_hex(static_cast<unsigned char>(raw[i + 2]))) {
            auto const b = static_cast<unsigned char>(ref_hex_value(static_cast<unsigned char>(raw[i + 1])) * 16 +
                                                      ref_hex_value(static_cast<unsigned char>(raw[i + 2])));
            if ((f == 1 || f == 2) && is_unreserved(b)) {
                out += static_cast<char>(b);
            } else if (f == 1 || f == 2) {
                out += pct_escape(b, f == 1);
            } else {
                out += raw.substr(i, 3);
            }
            i += 2;
        } else if ((f == 3 || f == 4) && is_unreserved(c)) {
            out += pct_escape(c, f == 4);
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

// Flips the case of the letters whose bit (index mod 64) is set.
inline std::string flip_case(std::string s, std::uint64_t mask)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        char& c = s[i];
        if (((mask >> (i % 64)) & 1U) == 0) continue;
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        } else if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return s;
}

inline rc::Gen<std::uint64_t> gen_case_mask()
{
    return gen::weightedOneOf<std::uint64_t>({
        {2, gen::just(std::uint64_t{0})},
        {1, gen::just(~std::uint64_t{0})},
        {4, gen::arbitrary<std::uint64_t>()},
    });
}

// Inserts raw bytes at token boundaries of a raw component (never inside an escape).
inline std::string insert_raw(std::string_view raw, std::vector<std::pair<std::size_t, char>> const& picks)
{
    std::vector<std::size_t> cuts; // token starts, then the end
    for (std::size_t i = 0; i < raw.size();) {
        cuts.push_back(i);
        i += raw[i] == '%' && i + 2 < raw.size() ? 3U : 1U;
    }
    cuts.push_back(raw.size());
    std::vector<std::string> inserted(cuts.size());
    for (auto const& [pos, c] : picks)
        inserted[pos % cuts.size()] += c;
    std::string out;
    for (std::size_t k = 0; k < cuts.size(); ++k) {
        out += inserted[k];
        if (k + 1 < cuts.size()) out += raw.substr(cuts[k], cuts[k + 1] - cuts[k]);
    }
    return out;
}

// ---- hosts -----------------------------------------------------------------------------------

inline bool numeric_last_label(std::string_view label)
{
    bool digits = !label.empty();
    for (char c : label)
        digits = digits && is_digit(static_cast<unsigned char>(c));
    if (digits) return true;
    if (label.size() < 2 || label[0] != '0' || (label[1] != 'x' && label[1] != 'X')) return false;
    for (char c : label.substr(2))
        if (!is_hex(static_cast<unsigned char>(c))) return false;
    return true;
}

// "xn--" begins an A-label, which must be valid Punycode (host.punycode-invalid): random
// letters are not, so such a label loses its second hyphen.
inline void drop_ace_prefix(std::string& label)
{
    if (label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' && label[2] == '-' && label[3] == '-')
        label[3] = 'a';
}

inline rc::Gen<std::string> gen_dns_label(bool last)
{
    return gen::exec([last] {
        int const length = *gen::weightedOneOf<int>({
            {12, uniform(1, 9)},
            {2, uniform(9, 64)},
            {1, gen::just(63)},
        });
        auto label = *gen::container<std::string>(static_cast<std::size_t>(length),
                                                  gen::weightedOneOf<char>({
                                                      {10, gen::elementOf(std::string("abcdefghijklmnopqrstuvwxyz"))},
                                                      {4, gen::elementOf(std::string("0123456789"))},
                                                      {2, gen::just('-')},
                                                      {1, gen::just('x')},
                                                  }));
        if (label.front() == '-') label.front() = 'a';
        if (label.back() == '-') label.back() = '0';
        // @constraint numeric-host: the last label of a name is never a number.
        if (last && numeric_last_label(label)) label.front() = 'z';
        return label;
    });
}

inline rc::Gen<host_spec> gen_dns_host()
{
    return gen::exec([] {
        int const count = *gen::weightedOneOf<int>({{8, uniform(1, 4)}, {1, uniform(4, 9)}});
        std::vector<std::string> labels;
        for (int i = 0; i < count; ++i) {
            labels.push_back(*gen_dns_label(i + 1 == count));
            drop_ace_prefix(labels.back());
        }
        // dns-name-length: 253 bytes at most, a trailing "." not counted
        auto joined = [&] {
            std::string s;
            for (std::size_t i = 0; i < labels.size(); ++i)
                s += std::string(i == 0 ? "" : ".") + labels[i];
            return s;
        };
        while (joined().size() > 253)
            labels.erase(labels.begin());
        std::string name = joined();
        if (*uniform(0, 8) == 0) name += ".";
        name = flip_case(name, *gen_case_mask());
        host_spec h;
        h.text = name;
        h.expected = ascii_lower(name);
        h.kind = host_kind::dns_name;
        return h;
    });
}

inline rc::Gen<std::string> gen_dec_octet_text()
{
    return gen::map(gen::weightedOneOf<int>({{2, uniform(0, 10)}, {1, uniform(10, 100)}, {2, uniform(100, 256)}}),
                    [](int v) { return std::to_string(v); });
}

inline rc::Gen<host_spec> gen_ipv4_host()
{
    return gen::exec([] {
        std::string text;
        for (int i = 0; i < 4; ++i) {
            if (i != 0) text += '.';
            text += *gen_dec_octet_text();
        }
        host_spec h;
        h.text = text;
        h.expected = text;
        h.kind = host_kind::ipv4;
        return h;
    });
}

// How an IPv6 address is written: where "::" stands for zero pieces, whether the last 32 bits
// are a dotted quad, each piece's leading zeros, letter case.
struct ipv6_form {
    bool embed_v4 = false;
    std::size_t run_begin = 0;
    std::size_t run_length = 0; // 0: no "::"
    std::vector<std::uint8_t> widths;
    std::uint64_t case_mask = 0;
};

inline std::string render_ipv6(std::array<std::uint16_t, 8> const& p, ipv6_form const& f)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::vector<std::string> tokens; // one per piece; the dotted quad stands for two
    std::size_t const hex_pieces = f.embed_v4 ? 6 : 8;
    for (std::size_t i = 0; i < hex_pieces; ++i) {
        std::string digits;
        for (int shift = 12; shift >= 0; shift -= 4)
            digits += hex[(p[i] >> shift) & 0xF];
        std::size_t const minimal =
            std::max<std::size_t>(1, 4 - std::min<std::size_t>(3, digits.find_first_not_of('0')));
        std::size_t const width =
            f.widths.empty() ? minimal : std::max<std::size_t>(minimal, f.widths[i % f.widths.size()] % 5);
        tokens.push_back(digits.substr(4 - width));
    }
    if (f.embed_v4) {
        tokens.push_back(std::to_string(p[6] >> 8) + "." + std::to_string(p[6] & 0xFF) + "." +
                         std::to_string(p[7] >> 8) + "." + std::to_string(p[7] & 0xFF));
    }
    std::string text;
    if (f.run_length == 0) {
        for (std::size_t i = 0; i < tokens.size(); ++i)
            text += std::string(i == 0 ? "" : ":") + tokens[i];
    } else {
        for (std::size_t i = 0; i < f.run_begin; ++i)
            text += std::string(i == 0 ? "" : ":") + tokens[i];
        text += "::";
        for (std::size_t i = f.run_begin + f.run_length; i < tokens.size(); ++i)
            text += std::string(i == f.run_begin + f.run_length ? "" : ":") + tokens[i];
    }
    return flip_case(text, f.case_mask);
}

// A form for the address p: "::" only over pieces that are zero.
inline rc::Gen<ipv6_form> gen_ipv6_form(std::array<std::uint16_t, 8> p, bool allow_v4)
{
    return gen::exec([p, allow_v4] {
        ipv6_form f;
        f.embed_v4 = allow_v4 && *uniform(0, 4) == 0;
        std::size_t const limit = f.embed_v4 ? 6 : 8;
        std::vector<std::pair<std::size_t, std::size_t>> runs; // every run of zero pieces
        for (std::size_t i = 0; i < limit; ++i) {
            for (std::size_t j = i; j < limit && p[j] == 0; ++j)
                runs.emplace_back(i, j + 1 - i);
        }
        if (!runs.empty() && *uniform(0, 4) != 0) {
            auto const [b, n] = *gen::elementOf(runs);
            f.run_begin = b;
            f.run_length = n;
        }
        f.widths = *gen::container<std::vector<std::uint8_t>>(uniform<std::uint8_t>(0, 5));
        f.case_mask = *gen_case_mask();
        return f;
    });
}

inline rc::Gen<host_spec> gen_ipv6_host()
{
    return gen::exec([] {
        std::array<std::uint16_t, 8> p{};
        int const shape = *uniform(0, 8);
        for (auto& piece : p) {
            piece = *gen::weightedOneOf<std::uint16_t>({
                {4, gen::just(std::uint16_t{0})},
                {2, uniform<std::uint16_t>(1, 16)},
                {3, gen::arbitrary<std::uint16_t>()},
            });
        }
        if (shape == 0) { // IPv4-mapped ::ffff:a.b.c.d, which keeps its dotted quad
            p = {0, 0, 0, 0, 0, 0xFFFF, p[6], p[7]};
        } else if (shape == 1) { // a long zero run
            std::size_t const b = *uniform<std::size_t>(0, 8);
            std::size_t const e = *uniform<std::size_t>(b, 9);
            for (std::size_t i = b; i < e; ++i)
                p[i] = 0;
        }
        ipv6_form const f = *gen_ipv6_form(p, true);
        host_spec h;
        h.text = "[" + render_ipv6(p, f) + "]";
        h.expected = "[" + ref_rfc5952(p) + "]";
        h.kind = host_kind::ipv6;
        h.v6 = p;
        return h;
    });
}

inline rc::Gen<host_spec> gen_strict_host()
{
    return gen::weightedOneOf<host_spec>({{6, gen_dns_host()}, {2, gen_ipv4_host()}, {3, gen_ipv6_host()}});
}

// Unicode labels and their IDNA (UTS #46, non-transitional) A-labels, for the lenient profile.
struct unicode_label {
    std::string_view u;
    std::string_view a;
};
// Each literal is split where a hex escape must stop ("\xBC" "cher"): one label per line.
// clang-format off
inline constexpr std::array unicode_labels = {
    unicode_label{"b\xC3\xBC" "cher", "xn--bcher-kva"},                              // bücher
    unicode_label{"m\xC3\xBC" "nchen", "xn--mnchen-3ya"},                            // münchen
    unicode_label{"\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80", "xn--e1afmkfd"}, // пример
    unicode_label{"\xD1\x80\xD1\x84", "xn--p1ai"},                                     // рф
    unicode_label{"\xE4\xBE\x8B\xE3\x81\x88", "xn--r8jz45g"},                          // 例え
    unicode_label{"\xC3\xB1" "and\xC3\xBA", "xn--and-6ma2c"},                        // ñandú
    unicode_label{"stra\xC3\x9F" "e", "xn--strae-oqa"},                              // straße
    unicode_label{"caf\xC3\xA9", "xn--caf-dma"},                                     // café
    unicode_label{"B\xC3\x9C" "CHER", "xn--bcher-kva"},                              // BÜCHER
};
// clang-format on

// lenient: a Unicode name (raw UTF-8 or percent-encoded bytes), or an ASCII name with an
// encoded letter; the canonical form holds the A-label.
inline rc::Gen<host_spec> gen_unicode_host()
{
    return gen::exec([] {
        int const count = *uniform(1, 4);
        std::string text;
        std::string expected;
        for (int i = 0; i < count; ++i) {
            std::string const sep = i == 0 ? "" : ".";
            if (*uniform(0, 2) == 0) {
                auto const l = *gen::elementOf(unicode_labels);
                text += sep + std::string(l.u);
                expected += sep + std::string(l.a);
            } else {
                // IDNA2008 (libidn2) checks every label of a name it converts: "--" in the third
                // and fourth places is reserved (an "xn--" A-label must be valid Punycode).
                std::string label = *gen_dns_label(i + 1 == count);
                drop_ace_prefix(label);
                if (label.size() >= 4 && label[2] == '-' && label[3] == '-') label[2] = 'q';
                text += sep + label;
                expected += sep + label;
            }
        }
        // Percent-encode some bytes: UTF-8 bytes, or ASCII letters (which then go through IDNA).
        auto const picks = *gen::container<std::vector<std::size_t>>(gen::arbitrary<std::size_t>());
        std::vector<bool> encode(text.size(), false);
        for (std::size_t k : picks) {
            std::size_t const i = k % text.size();
            auto const c = static_cast<unsigned char>(text[i]);
            if (c >= 0x80 || is_alpha(c)) encode[i] = true;
        }
        std::string written;
        for (std::size_t i = 0; i < text.size(); ++i)
            written += encode[i] ? pct_escape(static_cast<unsigned char>(text[i])) : std::string(1, text[i]);
        host_spec h;
        h.text = written;
        h.expected = ascii_lower(expected);
        h.kind = host_kind::dns_name;
        return h;
    });
}

inline rc::Gen<host_spec> gen_numeric_ambiguous_host()
{
    return gen::map(gen::element<std::string>("127.1", "0x7f.1", "010.0.0.1", "2130706433", "1.2.3.4.", "0x", "1.2.3",
                                              "a.0x1F", "256.1.1.1", "1.2.3.04"),
                    [](std::string s) {
                        host_spec h;
                        h.text = std::move(s);
                        h.kind = host_kind::reg_name;
                        return h;
                    });
}

// rfc3986: any reg-name (possibly empty), an IPvFuture, or a strict host.
inline rc::Gen<host_spec> gen_rfc3986_host()
{
    auto const reg_name = gen::exec([] {
        std::string const bytes = *gen_component_bytes(byte_rules::no_nul_crlf, 0.15);
        std::string const raw = respell(ftpuri::percent_encode(bytes, encode_set::reg_name), *gen_flags());
        host_spec h;
        h.text = flip_case(raw, *gen_case_mask());
        h.expected = ref_normalize(
            h.text, [](unsigned char c) { return is_unreserved(c) || is_sub_delim(c); }, true);
        h.kind = host_kind::reg_name; // or dns_name / ipv4, as it happens
        return h;
    });
    auto const ipvfuture = gen::exec([] {
        std::string const version = *gen::nonEmpty(
            gen::scale(0.05, gen::container<std::string>(gen::elementOf(std::string("0123456789abcdefABCDEF")))));
        std::string const rest = *gen::nonEmpty(
            gen::scale(0.1, gen::container<std::string>(gen::elementOf(std::string("abcXYZ019-._~!$&'()*+,;=:")))));
        host_spec h;
        h.text = "[" + std::string(*uniform(0, 4) == 0 ? "V" : "v") + version + "." + rest + "]";
        h.expected = ascii_lower(h.text); // RFC 3986 3.2.2: the host is case-insensitive
        h.kind = host_kind::ipvfuture;
        return h;
    });
    auto const empty = gen::just(host_spec{"", "", host_kind::reg_name, {}});
    return gen::weightedOneOf<host_spec>({
        {6, gen_strict_host()},
        {4, reg_name},
        {1, ipvfuture},
        {1, empty},
        {1, gen_numeric_ambiguous_host()},
    });
}

// ---- the other components --------------------------------------------------------------------

inline rc::Gen<std::string> gen_encoded(encode_set set, byte_rules rules)
{
    return gen::exec([set, rules] {
        std::string const bytes = *gen_component_bytes(rules);
        return respell(ftpuri::percent_encode(bytes, set), *gen_flags());
    });
}

inline rc::Gen<std::string> gen_user(byte_rules rules)
{
    return gen::weightedOneOf<std::string>({
        {1, gen::just(std::string())},
        {1, gen::map(gen_case_mask(), [](std::uint64_t m) { return flip_case("anonymous", m); })},
        {1, gen::just(std::string("%61nonymous"))},
        {7, gen_encoded(encode_set::usp_char, rules)},
    });
}

inline rc::Gen<std::optional<std::string>> gen_port()
{
    return gen::exec([]() -> std::optional<std::string> {
        switch (*gen::weightedOneOf<int>({{10, gen::just(0)}, {10, uniform(1, 9)}})) {
        case 0: return std::nullopt;
        case 1: return std::string();
        case 2: return std::string("21");
        case 3: return std::string(static_cast<std::size_t>(*uniform(1, 4)), '0') + "21";
        case 4: return std::string("65535");
        case 5: return std::string("1");
        case 6: return std::string(static_cast<std::size_t>(*uniform(1, 6)), '0') + std::to_string(*uniform(1, 65536));
        default: return std::to_string(*uniform(1, 65536));
        }
    });
}

// In a segment's decoded bytes, a "/" with "." or ".." parts, or look-alikes of them ("..
// ", "..."), is path.encoded-traversal in strict; the byte generator keeps clear of it by
// prefixing such parts with "x".
inline std::string defuse_traversal(std::string const& decoded)
{
    if (decoded.find('/') == std::string::npos) return decoded;
    std::string out;
    std::size_t begin = 0;
    for (;;) {
        std::size_t const slash = decoded.find('/', begin);
        std::string part = decoded.substr(begin, slash == std::string::npos ? std::string::npos : slash - begin);
        bool const lookalike = part.size() >= 2 && part[0] == '.' && part.find_first_not_of(". ") == std::string::npos;
        if (dotness(part) != 0 || lookalike) part.insert(0, 1, 'x');
        out += part;
        if (slash == std::string::npos) break;
        out += '/';
        begin = slash + 1;
    }
    return out;
}

// One path segment, raw. ftp_grammar: ftp-segment (no raw ';'), else RFC 3986 segment.
inline rc::Gen<std::string> gen_segment(bool ftp_grammar, byte_rules rules)
{
    return gen::exec([ftp_grammar, rules]() -> std::string {
        int const kind = *uniform(0, 20);
        if (kind < 9) {
            std::string const bytes = defuse_traversal(*gen_component_bytes(rules));
            return respell(ftpuri::percent_encode(bytes, ftp_grammar ? encode_set::ftp_segment : encode_set::pchar),
                           *gen_flags());
        }
        switch (kind) {
        case 9: return "";
        case 10: return ".";
        case 11: return "..";
        case 12: return *gen::element<std::string>("%2E", "%2e", "%2E%2E", ".%2E", "%2e.", "%2E%2e");
        case 13:
            return *gen::element<std::string>("%2F", "a%2Fb", "%3B", "%25", "%3F", "%23", "%20", "~user", "%7E",
                                              "%C3%A9", "%41", "%2F%2F", "a:b@c", "%40", "%3A", "%2f", "%c3%a9",
                                              "..%2E", "%2E%2E%2E", "...", "%FF%FE");
        default:
            return *gen::nonEmpty(
                gen::scale(0.1, gen::container<std::string>(gen::elementOf(std::string("abcxyzABC019-_.~")))));
        }
    });
}

inline rc::Gen<std::string> gen_typecode(bool misspelled)
{
    return gen::exec([misspelled] {
        std::string const word = misspelled ? ";typecode=" : ";type=";
        return flip_case(word + *gen::element<std::string>("a", "i", "d"), *gen_case_mask());
    });
}

inline rc::Gen<std::string> gen_fragment()
{
    return gen::weightedOneOf<std::string>({
        {1, gen::element<std::string>("", "/?", "%23", "a/b?c=d", "%41%2F")},
        {4, gen_encoded(encode_set::fragment, byte_rules::no_controls)},
    });
}

// Decoded "." / ".." by the dot-segment rules (also %2E forms).
inline int raw_dotness(std::string_view raw)
{
    return dotness(ref_decode(raw));
}

// "." or ".." followed by dots and spaces, decoded: path.dot-lookalike.
inline bool is_dot_lookalike(std::string const& d)
{
    return d.size() >= 2 && d[0] == '.' && d.find_first_not_of(". ") == std::string::npos && d != "..";
}

// strict, as docs/behaviour.md's "Directory escape", "Home-directory jumps" and "Windows look-alikes"
// say, walked on the decoded segments: a ".." that climbs above the start (empty and "."
// segments stay, a first "~..." is a home at depth 0), or that cancels an empty segment or
// one holding a "/" in RFC 3986 5.2.4, becomes "."; a "~" segment after the first and a
// look-alike of ".." get an "x" in front.
inline void keep_below_root(std::vector<std::string>& segments)
{
    int depth = 0;
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        std::string& s = segments[i];
        std::string d = ref_decode(s);
        if ((i > 0 && !d.empty() && d[0] == '~') || is_dot_lookalike(d)) {
            s.insert(0, 1, 'x');
            d.insert(0, 1, 'x');
        }
        int const dots = dotness(d);
        if (dots == 2) {
            if (depth == 0 || kept.back().empty() || kept.back().find('/') != std::string::npos) {
                s = ".";
            } else {
                --depth;
                kept.pop_back();
            }
        } else if (dots == 0) {
            kept.push_back(d);
            if (!d.empty() && !(i == 0 && d[0] == '~')) ++depth;
        }
    }
}

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

// ---- near-misses and arbitrary input -----------------------------------------------------------

// The bytes a one-byte edit of a URI is most likely to change the verdict with.
inline constexpr char pivotal_array[] = "/;%@:#? .[]\\\0\r\n\t\x7f\xc3\xff"
                                        "AFaf02Ee";
inline constexpr std::string_view pivotal_bytes{pivotal_array, sizeof pivotal_array - 1};

// One byte-level edit of `base`: insert, delete or replace a byte with a pivotal one, swap the
// case of a letter, or duplicate a byte.
inline rc::Gen<near_miss> gen_mutation(std::string base, profile base_syntax)
{
    return gen::exec([base = std::move(base), base_syntax] {
        near_miss n;
        n.base_syntax = base_syntax;
        n.base = base;
        std::string t = base;
        std::size_t const at = *uniform<std::size_t>(0, t.size() + 1);
        char const pivot = *gen::elementOf(std::string(pivotal_bytes));
        std::string const shown = escape_bytes(std::string_view(&pivot, 1));
        switch (*uniform(0, 5)) {
        case 0:
            t.insert(at, 1, pivot);
            n.mutation = "insert " + shown + " at " + std::to_string(at);
            break;
        case 1:
            if (at < t.size()) t.erase(at, 1);
            n.mutation = "delete at " + std::to_string(at);
            break;
        case 2:
            if (at < t.size()) {
                t[at] = pivot;
            } else {
                t += pivot;
            }
            n.mutation = "replace with " + shown + " at " + std::to_string(at);
            break;
        case 3: { // swap the case of the first letter at or after `at`
            std::size_t i = at;
            while (i < t.size() && !is_alpha(static_cast<unsigned char>(t[i])))
                ++i;
            if (i < t.size()) t[i] = static_cast<char>(t[i] ^ 0x20);
            n.mutation = "swap case at " + std::to_string(i);
            break;
        }
        default:
            if (at < t.size()) t.insert(at, 1, t[at]);
            n.mutation = "duplicate at " + std::to_string(at);
            break;
        }
        n.text = std::move(t);
        return n;
    });
}

// A URI valid in a random profile, with one byte-level edit.
inline rc::Gen<near_miss> gen_near_miss()
{
    return gen::exec([] {
        profile const p = *gen_profile();
        return *gen_mutation((*gen_uri(p)).text(), p);
    });
}

inline rc::Gen<arbitrary_input> gen_arbitrary_input()
{
    return gen::exec([] {
        std::string const prefix =
            *gen::element<std::string>("", "ftp://", "FTP://", "ftp:", "ftp:/", "ftp://h/", "ftp://u@h");
        return arbitrary_input{prefix + *gen::container<std::string>(gen_risky_byte())};
    });
}

// ---- the builder's components ---------------------------------------------------------------

inline rc::Gen<builder_case> gen_builder_case()
{
    return gen::exec([] {
        // The look-alike rules (utf8.hpp) are the scanner's to check against the oracle and the
        // security tests; here a byte that may lead one becomes "x".
        auto const no_look_alikes = [](std::string bytes) {
            for (char& c : bytes)
                if (may_lead_look_alike(static_cast<unsigned char>(c))) c = 'x';
            return bytes;
        };
        builder_case b;
        b.user = no_look_alikes(*gen_component_bytes(byte_rules::any, 0.2));
        b.password = no_look_alikes(*gen_component_bytes(byte_rules::any, 0.2));
        b.host = *gen_strict_host();
        int const count = *uniform(0, 5);
        for (int i = 0; i < count; ++i) {
            std::string segment = no_look_alikes(*gen::weightedOneOf<std::string>({
                {6, gen_component_bytes(byte_rules::any, 0.2)},
                {2, gen::element<std::string>(".", "..", "./..", "a/..", "../b", "\\", "a\\b", "x/./y", "/", "")},
            }));
            // A home directory after the first segment and a look-alike of ".." have rules of
            // their own (tests/security_test.cpp); the builder's model leaves them out.
            if ((i > 0 && segment.starts_with('~')) || is_dot_lookalike(segment)) segment.insert(0, 1, 'x');
            b.segments.push_back(std::move(segment));
        }
        return b;
    });
}

} // namespace ftpuri_props
