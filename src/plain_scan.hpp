// SPDX-License-Identifier: Apache-2.0
// src/plain_scan.hpp: the scanner's fast acceptance of plain authorities and paths. Internal.
//
// validate() and parse() without a diagnostic list want the verdict and the view, not the
// warnings, so the common shapes can be accepted before the byte-by-byte scan that warnings
// need: an authority of a plain user, host and port, and a path of plain bytes. Each check can
// only say yes where the full scan (src/scanner.hpp) says yes, and says no to anything else,
// valid or not, which the full scan then decides. SSE2 where it is there (every x86-64), so that
// the many label and segment ends cost no mispredicted branches; without it the authority is
// left to the full scan and the path is checked a byte at a time. tests/plain_path_test.cpp
// holds both to the full scan, and asserts that they accept what they are there for.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/uri_view.hpp"
#include "rules/dns_name.hpp"
#include "rules/ipv4_address.hpp"
#include "rules/port.hpp"
#include "rules/typecode.hpp"
#include "text.hpp"

namespace ftpuri::detail {

// ---- path ------------------------------------------------------------------------------------

// The plain-path check's flags per byte: a byte that is neither a segment byte of the ftp
// grammar (ftp-segment-char) nor "/", a "/", a ".", a "%", a "~". A "." is plain except where
// it begins a segment (a dot-segment or a look-alike of one), a "~" except where it begins a
// segment after the first (path.tilde-inside; the first one's "~user" merely warns).
enum plain_path_flag : std::uint8_t { not_plain = 1, slash_flag = 2, dot_flag = 4, percent_flag = 8, tilde_flag = 16 };
consteval std::array<std::uint8_t, 256> make_plain_path_flags()
{
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c < 256; ++c)
        t[c] = chars::ftp_segment_char.contains(static_cast<unsigned char>(c)) ? 0 : not_plain;
    t['/'] = slash_flag;
    t['.'] |= dot_flag;
    t['~'] |= tilde_flag;
    t['%'] = percent_flag; // plain when it begins an escape that plain_escape() accepts
    return t;
}
inline constexpr auto plain_path_flags = make_plain_path_flags();

// The bytes the SIMD pass settles itself: letters, digits, "-", ".", "/", "_", "=" and the
// sub-delims "&'()*+,", most of any path (real names hold "a+b", "q=1", "it's"). They must be
// plain; any other byte is looked up in plain_path_flags.
consteval bool is_common_path_byte(unsigned c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '&' && c <= '9') || c == '_' || c == '=';
}
consteval bool common_path_bytes_are_plain()
{
    for (unsigned c = 0; c < 256; ++c)
        if (is_common_path_byte(c) && (plain_path_flags[c] & (not_plain | percent_flag)) != 0) return false;
    return is_common_path_byte('/') && is_common_path_byte('.') && !is_common_path_byte('%');
}
static_assert(common_path_bytes_are_plain(), "the SIMD pass may only accept plain path bytes");

#if defined(__SSE2__)
// Bytes in [Low, High], as 0xFF lanes: unsigned x - Low <= High - Low.
template <unsigned char Low, unsigned char High>
[[gnu::always_inline]] inline __m128i in_span(__m128i x) noexcept
{
    __m128i const d = _mm_sub_epi8(x, _mm_set1_epi8(static_cast<char>(Low)));
    return _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(static_cast<char>(High - Low))), d);
}

// Sixteen path bytes as bit masks (bit k: byte k): the common bytes (is_common_path_byte:
// x | 0x20 is a lowercase letter exactly when x is a letter, and "&'()*+,-./" and the digits
// are the one span 0x26..0x39), the "/"s and the "."s.
struct path_masks {
    unsigned common, slashes, dots;
};
[[gnu::always_inline]] inline path_masks classify_path_bytes(unsigned char const* bytes) noexcept
{
    __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(bytes));
    auto bits = [](__m128i m) { return static_cast<unsigned>(_mm_movemask_epi8(m)); };
    __m128i const common =
        _mm_or_si128(_mm_or_si128(in_span<'a', 'z'>(_mm_or_si128(x, _mm_set1_epi8(0x20))), in_span<'&', '9'>(x)),
                     _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('_')), _mm_cmpeq_epi8(x, _mm_set1_epi8('='))));
    return {bits(common), bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('/'))), bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')))};
}
#endif

// The lead bytes that can begin a UTF-8 look-alike or line separator (utf8.hpp): C0 and C1
// (overlong always), E0 and F0 (overlong with a low second byte), ED (surrogates), F4 to FF
// (above U+10FFFF), C2 and E2 (U+0085, U+2028, U+2029). Every other byte from 0x80 up is
// harmless on its own: without one of these before it, no sequence can be a look-alike.
consteval std::array<bool, 256> make_look_alike_leads()
{
    std::array<bool, 256> t{};
    for (unsigned c : {0xC0U, 0xC1U, 0xC2U, 0xE0U, 0xE2U, 0xEDU, 0xF0U})
        t[c] = true;
    for (unsigned c = 0xF4; c < 256; ++c)
        t[c] = true;
    return t;
}
inline constexpr auto look_alike_leads = make_look_alike_leads();

// The escape at s[q] (a "%") of a path that is otherwise plain: two hex digits before `end`
// whose byte cannot matter to a verdict. Not a control (pct.forbidden-control, pct.control),
// nor a lead byte of a UTF-8 look-alike (pct.overlong-utf8, pct.line-separator); not "/"
// (path.encoded-slash, and with dots path.encoded-traversal), "\\" (path.encoded-backslash)
// or "." (an encoded dot-segment or look-alike); a "~" only where a raw one would be plain
// (escaped_tilde_inside); any other byte from 0x80 up is a warning at worst.
consteval std::array<bool, 256> make_plain_escape_bytes()
{
    std::array<bool, 256> t{};
    for (unsigned b = 0; b < 256; ++b)
        t[b] = b >= 0x80 ? !look_alike_leads[b] : b >= 0x20 && b < 0x7F && b != '/' && b != '\\' && b != '.';
    return t;
}
inline constexpr auto plain_escape_bytes = make_plain_escape_bytes();

// By tables, without a branch on the byte: the escapes of a real path mix "%20" and "%C3",
// which a branch on the byte's class would mispredict.
[[nodiscard]] inline bool plain_escape(unsigned char const* s, std::uint32_t q, std::uint32_t end) noexcept
{
    if (q + 2 >= end) return false;
    int const hi = hex_value(s[q + 1]);
    int const lo = hex_value(s[q + 2]);
    return (hi | lo) >= 0 && plain_escape_bytes[static_cast<unsigned>(hi * 16 + lo) & 0xFFU];
}

// A plain escape at s[q] that is a "%7E" beginning a segment after the first one, whose "~"
// is a home directory where none may be (path.tilde-inside). Its digits are there: plain_escape
// has said yes.
[[nodiscard]] inline bool escaped_tilde_inside(unsigned char const* s, std::uint32_t begin, std::uint32_t q) noexcept
{
    return q != begin && s[q - 1] == '/' && s[q + 1] == '7' && (s[q + 2] | 0x20U) == 'e';
}

// True when the path bytes s[begin, end) are plain segment bytes, "/"s and plain escapes,
// without a segment that begins with "." (so without a dot-segment): a path that can hold no
// error and needs no segment-by-segment look. s[begin - 1] is the path's first "/"; the bytes
// from s[0] may be read. What it saw on the way goes to *seen, if asked for.
struct plain_path_seen {
    std::uint32_t first_escape = uri_offsets::npos; // for uri_parts::path_respelled_from
    bool empty_segment = false;                     // "//": a path.empty-segment warning
};
[[nodiscard]] inline bool plain_path(unsigned char const* s, std::uint32_t begin, std::uint32_t end,
                                     plain_path_seen* seen = nullptr) noexcept
{
    std::uint32_t i = begin;
    unsigned bad = 0;
    unsigned empty = 0;
    std::uint32_t first_percent = uri_offsets::npos;
#if defined(__SSE2__)
    unsigned previous_slash = 1; // the "/" before `begin`
    // The sixteen bytes at `at`, of which those from `keep_from` on are new.
    auto chunk = [&](std::uint32_t at, unsigned keep_from) {
        path_masks const m = classify_path_bytes(s + at);
        unsigned const keep = 0xFFFFU >> keep_from << keep_from;
        unsigned const after_slash = (m.slashes << 1U) | (previous_slash << keep_from);
        bad |= after_slash & m.dots & keep;
        empty |= after_slash & m.slashes & keep;
        previous_slash = m.slashes >> 15U;
        // The rarer bytes, one at a time: an escape is one "%" (its digits are common), and
        // most paths have none.
        for (unsigned rare = ~m.common & keep; rare != 0; rare &= rare - 1) {
            std::uint32_t const q = at + static_cast<std::uint32_t>(__builtin_ctz(rare));
            unsigned const f = plain_path_flags[s[q]];
            bad |= f & not_plain;
            if ((f & percent_flag) != 0) {
                bad |= plain_escape(s, q, end) && !escaped_tilde_inside(s, begin, q) ? 0U : 1U;
                first_percent = std::min(first_percent, q); // chunks come in order
            }
            if ((f & tilde_flag) != 0 && s[q - 1] == '/' && q != begin) bad |= 1U;
        }
    };
    for (; i + 16 <= end; i += 16)
        chunk(i, 0);
    // The last bytes: the sixteen that end at `end`, less those already seen.
    if (i < end && end >= 16) {
        chunk(end - 16, 16 - (end - i));
        if (seen != nullptr) *seen = {first_percent, empty != 0};
        return bad == 0;
    }
#endif
    unsigned previous = slash_flag;
    // i == begin here, after s[begin - 1], the path's "/": where a block ran, the last ended it.
    for (; i < end; ++i) {
        unsigned const f = plain_path_flags[s[i]];
        unsigned const home = i == begin ? 0U : unsigned{tilde_flag}; // the first segment's "~" is plain
        bad |= (f & not_plain) | ((previous << 1U) & f & dot_flag) | ((previous << 3U) & f & tilde_flag & home);
        empty |= previous & f & slash_flag;
        if ((f & percent_flag) != 0) {
            bad |= plain_escape(s, i, end) && !escaped_tilde_inside(s, begin, i) ? 0U : 1U;
            first_percent = std::min(first_percent, i);
        }
        previous = f;
    }
    if (seen != nullptr) *seen = {first_percent, empty != 0};
    return bad == 0;
}

// A path from its first "/" at s[slash] to the input's end s[n] that plain_path() accepts, but
// for a typecode that ends it (";type=" a / i / d, checked in full here): where its name ends,
// and the typecode's letter or '\0'.
struct plain_path_parts {
    std::uint32_t name_end;
    char typecode;
    plain_path_seen seen;
};
[[nodiscard]] inline bool plain_path_to_end(unsigned char const* s, std::uint32_t slash, std::uint32_t n,
                                            plain_path_parts& out) noexcept
{
    out.typecode =
        rules::trailing_typecode(std::string_view(reinterpret_cast<char const*>(s) + slash + 1, n - slash - 1));
    out.name_end = out.typecode != '\0' ? n - 7 : n;
    return plain_path(s, slash + 1, out.name_end, &out.seen);
}

// ---- authority -------------------------------------------------------------------------------

struct plain_authority_parts {
    bool has_user;
    std::uint32_t user_end;     // the ":" or "@" after the user, when has_user (the user begins
                                // the authority)
    std::uint32_t password_end; // the "@" when there is a password (user_end is then its ":"),
                                // else npos
    std::uint32_t host_begin, host_end;
    std::uint32_t end;   // the authority's end: its "/" or the input's end; a port is [host_end + 1, end)
    std::uint16_t port;  // 0 for no port or an empty one
    host_kind kind;      // dns_name or ipv4
    bool host_has_upper; // host.uppercase, for a scan that wants warnings
};

// The host bytes the masks below accept, letters, digits, "-" and ".", are the dns-name's.
consteval bool plain_host_bytes_are_dns_name_bytes()
{
    for (unsigned c = 0; c < 256; ++c) {
        bool const masked =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
        if (masked != rules::dns_name_char.contains(static_cast<unsigned char>(c))) return false;
    }
    return true;
}
static_assert(plain_host_bytes_are_dns_name_bytes(), "plain_authority() must read hosts as rules/dns_name.hpp does");

#if defined(__SSE2__)
// authority = [ user [ ":" password ] "@" ] host [ ":" port ], as most are: a user and a
// password of letters, digits, ".", "-" and "_" (the user not empty: userinfo.empty-user is the
// full scan's), a host that is plainly a DNS name and a port of digits, ending at a
// "/" or the input's end, in at most `window` bytes from s[begin]. Plainly a DNS name: letters,
// digits, "-" and "."; no empty label, no label beginning or ending with "-", no trailing ".",
// and a last label that begins with a letter, so that no parser reads a number in it; or a
// dotted-decimal IPv4 address. One
// classification of those bytes as bit masks gives the authority's end, its user, host and
// port, and every rule is arithmetic on the masks, where the full scan finds the end, then scans
// the user, the host, the port. False: the full scan decides. Always inlined: returned through
// memory, its parts were read back before the stores had landed (a store-forwarding stall
// that perf put at a third of the caller's time).
[[nodiscard, gnu::always_inline]] inline bool plain_authority(unsigned char const* s, std::uint32_t n,
                                                              std::uint32_t begin, plain_authority_parts& out) noexcept
{
    // Three SIMD blocks: all but a few authorities are shorter ("mirror:s3cret@archive.example.com"
    // is 33 bytes, so two are not enough).
    constexpr std::uint32_t window = 48;
    static_assert(window < rules::max_label_length && window < rules::max_name_length,
                  "a host within the window cannot break dns-label-length or dns-name-length");
    if (begin < n && s[begin] == '[') return false; // an IP-literal: the full scan's
    std::uint32_t const available = n - begin;
    // `window` bytes from `begin`; where the input ends sooner, the last `window` bytes (shifted
    // back by `skip`), or for a shorter input a copy padded with NULs, which no rule accepts.
    unsigned char const* from = s + begin;
    unsigned skip = 0;
    std::array<unsigned char, window> padded{};
    if (available < window) {
        if (n >= window) {
            from = s + n - window;
            skip = window - available;
        } else {
            std::copy(s + begin, s + n, padded.begin());
            from = padded.data();
        }
    }
    std::uint64_t letters = 0;
    std::uint64_t uppers = 0; // of the letters
    std::uint64_t digits = 0;
    std::uint64_t dots = 0;
    std::uint64_t hyphens = 0;
    std::uint64_t colons = 0;
    std::uint64_t underscores = 0;
    std::uint64_t percents = 0;
    std::uint64_t delimiters = 0; // "/", "?", "#" (where an authority ends) and "@"
    for (unsigned block = 0; block < window / 16; ++block) {
        __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(from + std::size_t{16} * block));
        auto bits = [&](__m128i m) {
            return std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(m))} << (16 * block);
        };
        __m128i const upper = in_span<'A', 'Z'>(x);
        letters |= bits(_mm_or_si128(in_span<'a', 'z'>(x), upper));
        uppers |= bits(upper);
        digits |= bits(in_span<'0', '9'>(x));
        dots |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')));
        hyphens |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('-')));
        colons |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8(':')));
        underscores |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
        percents |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('%')));
        delimiters |= bits(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('/')), _mm_cmpeq_epi8(x, _mm_set1_epi8('?'))),
                         _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('#')), _mm_cmpeq_epi8(x, _mm_set1_epi8('@')))));
    }
    auto shift_all = [&](unsigned by) {
        for (std::uint64_t* mask :
             {&letters, &uppers, &digits, &dots, &hyphens, &colons, &underscores, &percents, &delimiters})
            *mask >>= by;
    };
    shift_all(skip);

    // user [ ":" password ] "@": the first delimiter is the "@", after plain bytes, plain
    // escapes ("pa%24%24word") and at most one ":", not the first. Then the masks are made to
    // begin at the host, as they would without a user.
    out.has_user = false;
    out.password_end = uri_offsets::npos;
    std::uint32_t host = begin;
    std::uint32_t left = available; // the input's bytes from the host on
    auto const first_delimiter = static_cast<std::uint32_t>(delimiters != 0 ? __builtin_ctzll(delimiters) : 0);
    if (delimiters != 0 && s[begin + first_delimiter] == '@') {
        std::uint64_t const userinfo = (std::uint64_t{1} << first_delimiter) - 1;
        std::uint64_t const colon = colons & userinfo;
        std::uint64_t const escapes = percents & userinfo;
        if ((colon & (colon - 1)) != 0 || (colon & 1U) != 0 || first_delimiter == 0 ||
            (userinfo & ~(letters | digits | dots | hyphens | underscores | colon | escapes)) != 0)
            return false;
        // An escape's digits are letters or digits, so the masks passed them; their values, and
        // the byte they make, are checked here. A ":" or the "@" is no hex digit.
        for (std::uint64_t e = escapes; e != 0; e &= e - 1)
            if (!plain_escape(s, begin + static_cast<std::uint32_t>(__builtin_ctzll(e)), begin + first_delimiter))
                return false;
        out.has_user = true;
        out.user_end = begin + first_delimiter;
        if (colon != 0) {
            out.password_end = out.user_end;
            out.user_end = begin + static_cast<std::uint32_t>(__builtin_ctzll(colon));
        }
        host = begin + first_delimiter + 1;
        shift_all(first_delimiter + 1);
        left -= first_delimiter + 1;
    }

    // The authority: up to the next delimiter, which must be the path's "/"; or the rest of an
    // input that ends within the window.
    std::uint32_t length = 0;
    if (delimiters != 0) {
        length = static_cast<std::uint32_t>(__builtin_ctzll(delimiters));
        if (length >= left || s[host + length] != '/') return false;
    } else if (host + left <= begin + window) {
        length = left;
    } else {
        return false;
    }
    std::uint64_t const authority = (std::uint64_t{1} << length) - 1; // length <= window
    colons &= authority;
    std::uint32_t const host_length = colons != 0 ? static_cast<std::uint32_t>(__builtin_ctzll(colons)) : length;
    if (host_length == 0) return false;

    // host: labels of at most `window` bytes, under the 63 limit, and a name under 253.
    std::uint64_t const name = (std::uint64_t{1} << host_length) - 1;
    dots &= name;
    hyphens &= name;
    std::uint64_t const edges = dots | hyphens;
    // "--" is left to the full scan: it may be an A-label's "xn--", which libidn2 must check.
    std::uint64_t const bad = (name & ~(letters | digits | edges)) | ((dots << 1U) & edges) | ((hyphens << 1U) & dots) |
                              ((hyphens << 1U) & hyphens) | (edges & 1U) | ((edges >> (host_length - 1)) & 1U);
    // The last label begins after the last "." and must begin with a letter, or the host is
    // a dotted-decimal IPv4 address: a last label of digits is read as a number by WHATWG
    // parsers and inet_aton, and the full scan takes anything else that ends in one.
    std::uint32_t const last_label = dots != 0 ? 64U - static_cast<std::uint32_t>(__builtin_clzll(dots)) : 0U;
    if (bad != 0) return false;
    out.host_has_upper = (uppers & name) != 0;
    out.kind = host_kind::dns_name;
    if (((letters >> last_label) & 1U) == 0) {
        if (((letters | hyphens) & name) != 0 ||
            !rules::is_ipv4address(std::string_view(reinterpret_cast<char const*>(s) + host, host_length)))
            return false;
        out.kind = host_kind::ipv4;
    }

    // port = *DIGIT, 1-65535 when not empty: the full scan's rule, once the masks have said
    // that its bytes are digits (a second ":" is not one), so that only the range is left.
    std::uint16_t port = 0;
    if (host_length < length) {
        std::uint64_t const port_bytes = authority & ~((std::uint64_t{2} << host_length) - 1);
        if ((port_bytes & ~digits) != 0) return false;
        rules::port_value const value = rules::parse_port(
            std::string_view(reinterpret_cast<char const*>(s) + host + host_length + 1, length - host_length - 1));
        if (value.error) return false;
        port = value.value;
    }
    out.host_begin = host;
    out.host_end = host + host_length;
    out.end = host + length;
    out.port = port;
    return true;
}
#endif

// The first position from `q` on, before `n`, that holds "/", "?", "#" or "@" (where an
// authority ends, and its "@"s), sixteen bytes at a time where SSE2 is there; else `q` itself,
// for the caller's byte-by-byte loop, or n.
[[nodiscard]] inline std::uint32_t skip_inside_authority(unsigned char const* s, std::uint32_t q,
                                                         std::uint32_t n) noexcept
{
#if defined(__SSE2__)
    for (; q + 16 <= n; q += 16) {
        __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(s + q));
        __m128i const delimiters =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('/')), _mm_cmpeq_epi8(x, _mm_set1_epi8('?'))),
                         _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('#')), _mm_cmpeq_epi8(x, _mm_set1_epi8('@'))));
        auto const mask = static_cast<unsigned>(_mm_movemask_epi8(delimiters));
        if (mask != 0) return q + static_cast<std::uint32_t>(__builtin_ctz(mask));
    }
#else
    static_cast<void>(s);
    static_cast<void>(n);
#endif
    return q;
}

// ---- the whole URI ---------------------------------------------------------------------------

// ftp-URI = "ftp://" authority ftp-path, as most are: "ftp" in lowercase, a plain authority and
// a plain path (or none), nothing after it, within the length limit. validate() asks this
// first, so that a plain URI costs neither the scanner's construction nor its calls. The
// ftp grammar's profiles only (strict, lenient: the fast paths are theirs), and no lenient
// trimming: a URI with spaces around it is not plain. False: the scanner decides.
[[nodiscard]] inline bool plain_uri(std::string_view input, parse_options const& options) noexcept
{
#if defined(__SSE2__)
    std::uint32_t const limit = options.max_length < max_length_cap ? options.max_length : max_length_cap;
    if (options.syntax == profile::rfc3986 || input.size() < 7 || input.size() > limit) return false;
    auto const* s = reinterpret_cast<unsigned char const*>(input.data());
    auto const n = static_cast<std::uint32_t>(input.size());
    plain_authority_parts authority{};
    if (std::memcmp(s, "ftp://", 6) != 0 || !plain_authority(s, n, 6, authority)) return false;
    plain_path_parts path{};
    return authority.end == n || plain_path_to_end(s, authority.end, n, path);
#else
    static_cast<void>(input);
    static_cast<void>(options);
    return false;
#endif
}

} // namespace ftpuri::detail
