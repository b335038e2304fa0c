// SPDX-License-Identifier: Apache-2.0
// props/gen_hosts.hpp: hosts: DNS names, IP addresses and their forms, Unicode labels.
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_spellings.hpp"

namespace ftpuri_props {

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

} // namespace ftpuri_props
