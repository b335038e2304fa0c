// SPDX-License-Identifier: Apache-2.0
// ftpuri/charset.hpp: the grammar's character sets as 256-entry tables.
//
// Each set is named after the ABNF rule in docs/grammar.abnf it stands for and is built by
// composition, the way the ABNF builds it:
//
//     constexpr charset usp_char = unreserved + sub_delims;   // plus pct-encoded, scanned apart
//
// A set answers one question per byte with one table load: no <cctype>, no locale, no branches.
// The sets contain single characters only; "pct-encoded" (three characters) is scanned by the
// code that uses the set, so `percent` is never a member.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace ftpuri {

class charset {
public:
    constexpr charset() noexcept = default;

    // The characters of `chars`, each one a member.
    constexpr explicit charset(std::string_view chars) noexcept
    {
        for (char c : chars)
            table_[static_cast<unsigned char>(c)] = true;
    }

    // The closed byte range [first, last].
    static constexpr charset range(unsigned char first, unsigned char last) noexcept
    {
        charset s;
        for (unsigned c = first; c <= last; ++c)
            s.table_[c] = true;
        return s;
    }

    [[nodiscard]] constexpr bool contains(unsigned char c) const noexcept { return table_[c]; }
    [[nodiscard]] constexpr bool contains(char c) const noexcept { return table_[static_cast<unsigned char>(c)]; }

    [[nodiscard]] constexpr std::size_t size() const noexcept
    {
        std::size_t n = 0;
        for (bool b : table_)
            n += b ? 1U : 0U;
        return n;
    }

    friend constexpr charset operator+(charset a, charset const& b) noexcept
    {
        for (std::size_t i = 0; i < 256; ++i)
            a.table_[i] = a.table_[i] || b.table_[i];
        return a;
    }
    friend constexpr charset operator-(charset a, charset const& b) noexcept
    {
        for (std::size_t i = 0; i < 256; ++i)
            a.table_[i] = a.table_[i] && !b.table_[i];
        return a;
    }
    friend constexpr charset operator+(charset a, char c) noexcept { return a + charset(std::string_view(&c, 1)); }
    friend constexpr charset operator-(charset a, char c) noexcept { return a - charset(std::string_view(&c, 1)); }
    friend constexpr bool operator==(charset const&, charset const&) noexcept = default;

private:
    std::array<bool, 256> table_{};
};

// The character sets of RFC 3986 Appendix A and RFC 5234 Appendix B.1, then ftpuri's own.
namespace chars {

// ALPHA = %x41-5A / %x61-7A
inline constexpr charset alpha = charset::range('A', 'Z') + charset::range('a', 'z');
// DIGIT = %x30-39
inline constexpr charset digit = charset::range('0', '9');
// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   ; case-insensitive literals
inline constexpr charset hexdig = digit + charset("ABCDEFabcdef");
// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
inline constexpr charset unreserved = alpha + digit + charset("-._~");
// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
inline constexpr charset gen_delims = charset(":/?#[]@");
// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
inline constexpr charset sub_delims = charset("!$&'()*+,;=");
// reserved = gen-delims / sub-delims
inline constexpr charset reserved = gen_delims + sub_delims;
// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   ; the characters after the first
inline constexpr charset scheme_char = alpha + digit + charset("+-.");

// usp-char = unreserved / pct-encoded / sub-delims   ; no raw ":" or "@"
inline constexpr charset usp_char = unreserved + sub_delims;
// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )   ; RFC 3986, the rfc3986 profile
inline constexpr charset userinfo_char = unreserved + sub_delims + ':';
// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
inline constexpr charset pchar = unreserved + sub_delims + charset(":@");
// ftp-segment-char = unreserved / pct-encoded / "!" / "$" / "&" / "'" / "(" / ")"
//                  / "*" / "+" / "," / "=" / ":" / "@"      ; pchar without ";"
inline constexpr charset ftp_segment_char = pchar - ';';
// fragment = *( pchar / "/" / "?" );   query has the same characters
inline constexpr charset fragment_char = pchar + charset("/?");
inline constexpr charset query_char = fragment_char;
// reg-name = *( unreserved / pct-encoded / sub-delims )
inline constexpr charset reg_name_char = unreserved + sub_delims;
// label = ALPHA / DIGIT / "-" in a dns-name
inline constexpr charset dns_label_char = alpha + digit + '-';
// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )   ; the part after "."
inline constexpr charset ipvfuture_char = unreserved + sub_delims + ':';

// Not grammar rules but the safety rules of docs/behaviour.md: bytes that are errors wherever they
// appear raw, each with its own diagnostic.
// C0 controls and DEL
inline constexpr charset control = charset::range(0x00, 0x1F) + static_cast<char>(0x7F);
// RFC 1738 2.2 "unsafe" characters other than space, "%" and "#", which have their own rules
inline constexpr charset unsafe = charset("\\\"<>^`{|}");
// bytes with the high bit set: never raw in a URI outside the lenient profile (RFC 3987 IRIs)
inline constexpr charset non_ascii = charset::range(0x80, 0xFF);

} // namespace chars
} // namespace ftpuri
