// SPDX-License-Identifier: Apache-2.0
// props/gen_bytes.hpp: choices and bytes: uniform integers, bytes weighted toward those that matter.
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_types.hpp"

namespace ftpuri_props {

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

} // namespace ftpuri_props
