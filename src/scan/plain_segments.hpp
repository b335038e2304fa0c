// SPDX-License-Identifier: Apache-2.0
// src/scan/plain_segments.hpp: the path segments that need no judgement, a block at a time.
// Internal.
//
// Most segments of a real path have nothing for a rule to judge but one level down the
// directory walk: not empty, not beginning with "." or "~" (no dot-segment, look-alike or home
// directory), of segment bytes and escapes that decode to nothing the rules look at. The path
// scanner (path.hpp) asks here, at each "/", how far such segments go; the segments it is told
// of it does not stop in, and it judges every other one itself. SSE2 takes segments without
// escapes; AVX2 (chosen at run time) takes escapes too, by decoding every escape of 32 bytes at
// once and asking whether any could matter:
//   - a control or "\" (pct.*control, path.encoded-backslash), a "." or "~" beginning a
//     segment;
//   - a "/" (path.encoded-slash) that begins a segment (path.absolute) or is followed by a "."
//     or another escape (a dot-segment it may hide, path.encoded-traversal); any other is
//     taken, and the walk told the last segment that holds one (a ".." that cancels it is
//     judged by the path scanner);
//   - a lead that begins a look-alike or a line separator with the escapes after it: the
//     conditions below, each checked at compile time against the UTF-8 state machine of
//     utf8.hpp, so that they are that machine's answers, not a second reading of RFC 3629;
// and, where warnings are wanted (a diagnostic_list is filled), an escape that warns:
//   - a lowercase digit (pct.lowercase), an unreserved byte (pct.needless), any "/"
//     (path.encoded-slash), an unreserved byte beginning a segment or a ":" or "|" as its
//     second byte (path.drive-letter);
//   - a UTF-8 sequence left open or a continuation no lead opened (pct.non-utf8): each lead
//     needs as many escapes after it as the state machine counts, and every continuation is
//     one of them;
//   each only until the URI has reported it (a warning is reported once per URI).
// tests/scan/fast_path_test.cpp and props/fast_path_props.cpp hold the levels to the portable scan.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstdint>

#include "../rules/segment.hpp"
#include "../utf8.hpp"
#include "byte_runs.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::detail {

// ---- which decoded bytes could matter, as the AVX2 form tests them ----------------------------

// A decoded byte that matters wherever it is ("/" matters by its neighbours: see above).
constexpr bool matters_alone(unsigned b) noexcept
{
    return b < 0x20 || b == 0x7F || b == '\\' || b == 0xC0 || b == 0xC1 || b >= 0xF5;
}

// A lead followed by the escape `next` (a continuation byte): whether the pair may end in a
// look-alike or a line separator (E2 80 is decided by the third byte: E2 80 A8, E2 80 A9).
constexpr bool matters_with_next(unsigned lead, unsigned next) noexcept
{
    switch (lead) {
    case 0xC2: return next == 0x85;
    case 0xE0: return next >= 0x80 && next <= 0x9F;
    case 0xED: return next >= 0xA0 && next <= 0xBF;
    case 0xF0: return next >= 0x80 && next <= 0x8F;
    case 0xF4: return next >= 0x90 && next <= 0xBF;
    default: return false;
    }
}
constexpr bool matters_with_third(unsigned lead, unsigned next, unsigned third) noexcept
{
    return lead == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9);
}

// The conditions are the state machine's: a sequence of escapes that none of them names gives
// no look-alike or separator, and every one they name can.
consteval bool conditions_are_the_state_machines()
{
    using namespace utf8;
    // After two bytes, a sequence that holds no look-alike yet and is no separator's prefix
    // completes without one: the first two bytes decide (and E2 80 the third).
    for (unsigned c = 0x80; c < 0xC0; ++c) {
        if (transition(need1, class_of(c)).next != idle || transition(need1, class_of(c)).found != utf8_finding::none)
            return false;
        if (transition(need2, class_of(c)).next != need1 || transition(need2, class_of(c)).found != utf8_finding::none)
            return false;
    }
    for (unsigned a = 0x80; a < 0x100; ++a) {
        step const first = transition(idle, class_of(a));
        if (matters_alone(a)) continue; // C0, C1, F5-FF: checked alone
        for (unsigned b = 0x80; b < 0xC0; ++b) {
            step const second = transition(first.next, class_of(b));
            bool const look =
                second.found != utf8_finding::none || second.next == need1_look || second.next == need2_look;
            bool const after_e2_80 = second.next == utf8::after_e2_80;
            if (look != matters_with_next(a, b)) return false;
            if (after_e2_80 != (a == 0xE2 && b == 0x80)) return false;
            for (unsigned c = 0x80; c < 0xC0 && after_e2_80; ++c) {
                bool const separator = transition(second.next, class_of(c)).found != utf8_finding::none;
                if (separator != matters_with_third(a, b, c)) return false;
            }
        }
    }
    // Alone: a control or DEL (the safety rules), "\", and the leads that make a look-alike
    // with any continuation.
    for (unsigned a = 0; a < 0x100; ++a) {
        bool const control = chars::control.contains(static_cast<unsigned char>(a));
        bool const look_lead = a >= 0x80 && (transition(idle, class_of(a)).next == utf8::after_c0 ||
                                             transition(idle, class_of(a)).next == utf8::after_f5);
        if (matters_alone(a) != (control || a == '\\' || look_lead)) return false;
    }
    return true;
}
static_assert(conditions_are_the_state_machines(), "the AVX2 escape check must ask what utf8.hpp answers");

// ---- what warns, where warnings are wanted ----------------------------------------------------

// How many continuation bytes the state machine waits for after the decoded byte `b`, which
// does not matter alone: 0 for ASCII and the continuations themselves.
constexpr unsigned continuations_after(unsigned b) noexcept
{
    using namespace utf8;
    if (b < 0x80 || is_continuation(class_of(b))) return 0;
    unsigned count = 0;
    for (state s = start(class_of(b)).next; s != idle; s = transition(s, cont_high).next)
        ++count;
    return count;
}

// The structural check is the state machine's notion of UTF-8: a lead followed by exactly its
// count of continuations (whichever they are) and then an end, ASCII or another lead, is UTF-8
// unless a pair already matters; with one continuation fewer or more, it is not; and a
// continuation with no lead is not.
consteval bool utf8_counts_are_the_state_machines()
{
    using namespace utf8;
    constexpr std::array<unsigned, 8> continuations = {0x80, 0x85, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xBF};
    // utf8_checker's ok() after the lead, `count` continuations and the segment's end.
    auto const ok_after = [](unsigned lead, unsigned cont, unsigned count) {
        step x = transition(idle, class_of(lead));
        bool bad = x.not_utf8;
        for (unsigned k = 0; k < count; ++k) {
            x = transition(x.next, class_of(cont));
            bad = bad || x.not_utf8;
        }
        return !bad && x.next == idle;
    };
    for (unsigned lead = 0xC2; lead < 0xF5; ++lead) {
        unsigned const need = continuations_after(lead);
        if (need == 0 || need > 3) return false;
        for (unsigned cont : continuations) {
            if (matters_with_next(lead, cont) || (lead == 0xE2 && cont == 0x80)) continue;
            if (!ok_after(lead, cont, need) || ok_after(lead, cont, need - 1) || ok_after(lead, cont, need + 1))
                return false;
            if (!transition(idle, class_of(cont)).not_utf8) return false;
        }
    }
    return true;
}
static_assert(utf8_counts_are_the_state_machines(), "the AVX2 UTF-8 check must count as utf8.hpp does");

// The three sets of decoded bytes the AVX2 form looks up (byte_runs.hpp's nibble tables).
inline constexpr nibble_set matters_alone_bytes = make_nibble_set([](unsigned b) { return matters_alone(b); });
inline constexpr nibble_set leading_bytes = make_nibble_set([](unsigned b) { return b == '.' || b == '~'; });
// Where warnings are wanted: unreserved bytes, and the leads that wait for one, two or three
// continuations, and the continuations.
inline constexpr nibble_set unreserved_bytes =
    make_nibble_set([](unsigned b) { return chars::unreserved.contains(static_cast<unsigned char>(b)); });
inline constexpr nibble_set wait_one_bytes = make_nibble_set([](unsigned b) { return continuations_after(b) >= 1; });
inline constexpr nibble_set wait_two_bytes = make_nibble_set([](unsigned b) { return continuations_after(b) >= 2; });
inline constexpr nibble_set wait_three_bytes = make_nibble_set([](unsigned b) { return continuations_after(b) >= 3; });
inline constexpr nibble_set continuation_bytes =
    make_nibble_set([](unsigned b) { return utf8::is_continuation(utf8::class_of(b)); });
// A drive letter's separator (path.drive-letter), as a segment's second decoded byte.
inline constexpr nibble_set drive_separator_bytes =
    make_nibble_set([](unsigned b) { return rules::is_drive_separator(static_cast<unsigned char>(b)); });
// The third bytes after E2 80 that make a separator (matters_with_third).
inline constexpr nibble_set separator_third_bytes =
    make_nibble_set([](unsigned b) { return matters_with_third(0xE2, 0x80, b); });
// The leads that matters_with_next and matters_with_third look further for.
inline constexpr nibble_set lead_bytes = make_nibble_set([](unsigned b) {
    for (unsigned next = 0x80; next < 0xC0; ++next)
        if (matters_with_next(b, next) || matters_with_third(b, next, 0xA8)) return true;
    return false;
});

// The pairs of matters_with_next (and E2 80, which the third byte decides), as two lookups that
// the AVX2 form ANDs: each lead gets a bit (`leads`: its byte), and `nexts` gives a byte the bits
// of the leads it completes a pair with. A lookup is two nibble tables whose rows and columns
// AND to the bits; pair_tables() builds both from the conditions and checks every byte.
struct pair_tables {
    nibble_set leads;
    nibble_set nexts;
    unsigned char e2_80 = 0; // the bit of E2, whose pair with 80 waits for a third byte
};
consteval pair_tables make_pair_tables()
{
    pair_tables t;
    std::array<unsigned, 8> lead_of_bit{};
    unsigned bits = 0;
    for (unsigned a = 0x80; a < 0x100; ++a) {
        bool pairs = a == 0xE2;
        for (unsigned n = 0x80; n < 0xC0; ++n)
            pairs = pairs || matters_with_next(a, n);
        if (!pairs) continue;
        if (bits == lead_of_bit.size()) throw "more than eight leads";
        auto const bit = static_cast<unsigned char>(1U << bits);
        lead_of_bit[bits++] = a;
        t.leads.high[a >> 4U] = static_cast<unsigned char>(t.leads.high[a >> 4U] | bit);
        t.leads.low[a & 15U] = static_cast<unsigned char>(t.leads.low[a & 15U] | bit);
        if (a == 0xE2) t.e2_80 = bit;
        // The lead's next bytes, as the rows and columns they span.
        for (unsigned n = 0x80; n < 0xC0; ++n) {
            if (!(a == 0xE2 ? n == 0x80 : matters_with_next(a, n))) continue;
            t.nexts.high[n >> 4U] = static_cast<unsigned char>(t.nexts.high[n >> 4U] | bit);
            t.nexts.low[n & 15U] = static_cast<unsigned char>(t.nexts.low[n & 15U] | bit);
        }
    }
    // Exact: a byte's lookup holds a lead's bit only where the byte is that lead, and a next
    // byte's only where the pair is one (a lead's next bytes must span a whole rectangle of
    // rows and columns, or the lookup would name pairs that are none).
    auto const lookup = [](nibble_set const& set, unsigned b) {
        return static_cast<unsigned>(set.high[b >> 4U] & set.low[b & 15U]);
    };
    for (unsigned b = 0; b < 0x100; ++b) {
        for (unsigned k = 0; k < bits; ++k) {
            unsigned const a = lead_of_bit[k];
            if (((lookup(t.leads, b) >> k & 1U) != 0) != (b == a)) throw "a lead's bit names another byte";
            bool const pair = a == 0xE2 ? b == 0x80 : b >= 0x80 && b < 0xC0 && matters_with_next(a, b);
            if (((lookup(t.nexts, b) >> k & 1U) != 0) != pair) throw "a next byte's bits name a pair that is none";
        }
    }
    return t;
}
inline constexpr pair_tables pairs = make_pair_tables();

// ---- the forms --------------------------------------------------------------------------------

// What the segments after the "/" at s[q] hold: the "/" that ends the last segment taken (q for
// none), how many, the first escape among them (npos for none), the last of them (counted from
// 0) that holds an escaped "/" (npos for none), and whether the last segment, which the input's
// end ends, needs no judgement either, empty or not (AVX2 only; the first escape is then counted
// to the end).
struct plain_segments {
    std::uint32_t end;
    std::uint32_t count = 0;
    std::uint32_t first_escape = 0xFFFF'FFFFU;
    std::uint32_t last_slashed = 0xFFFF'FFFFU;
    bool to_end = false;
};

// The warnings an escape may give that are still to report, where warnings are wanted: each is
// reported once per URI, so an escape that would repeat one matters no more than in a scan
// that wants none.
struct escape_warnings {
    bool wanted = false; // warnings are wanted at all
    bool lowercase = false;
    bool needless = false;
    bool encoded_slash = false;
    bool drive_letter = false;
    bool non_utf8 = false;
};

// AVX2, out of line (compiled for AVX2 alone).
[[nodiscard]] plain_segments plain_segments_avx2(unsigned char const* s, std::uint32_t q, std::uint32_t n,
                                                 plain_set const& set, escape_warnings const& warnings) noexcept;

// From the "/" at s[q] on, the segments that need no judgement, ended by a "/". Where AVX2 is
// there, segments whose escapes decode to nothing that matters count too, an escape that gives
// one of `warnings` mattering. The portable form finds none: the caller judges each segment.
template <plain_set const& Set>
[[nodiscard, gnu::always_inline]] inline plain_segments
find_plain_segments(unsigned char const* s, std::uint32_t q, std::uint32_t n, escape_warnings const& warnings) noexcept
{
    static_assert(!Set.member['/'] && !Set.member['%'], "a segment's plain bytes hold no '/' and no escape");
    static_assert(!Set.non_ascii, "the AVX2 form looks up ASCII members only");
    plain_segments found{q};
#if defined(__SSE2__)
    if (active_simd_level == simd_level::avx2) return plain_segments_avx2(s, q, n, Set, warnings);
    if (active_simd_level == simd_level::scalar) return found;
    unsigned after_slash = 1; // s[p - 1] is a "/": a segment begins at p
    unsigned second_byte = 0; // a segment began at s[p - 1]: s[p] is its second byte
    for (std::uint32_t p = q + 1; p + 16 <= n; p += 16) {
        __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(s + p));
        unsigned const member = members_sse2<Set>(x);
        auto const slash = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('/'))));
        auto const lead = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')), _mm_cmpeq_epi8(x, _mm_set1_epi8('~')))));
        auto const colon = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(':'))));
        unsigned const begins = ((slash << 1U) | after_slash) & 0xFFFFU;
        // The first byte that ends the shortcut: one outside Set but a "/", a segment's first
        // byte that is another "/" (empty), a byte outside Set, a "." or a "~", or its second
        // byte a ":" (a drive letter may be the segment).
        unsigned const problem =
            ((~member & ~slash) | (begins & (~member | lead)) | (((begins << 1U) | second_byte) & colon)) & 0xFFFFU;
        unsigned const taken =
            problem != 0 ? slash & ((1U << static_cast<unsigned>(__builtin_ctz(problem))) - 1U) : slash;
        found.count += bit_count16(taken);
        if (taken != 0) found.end = p + static_cast<std::uint32_t>(31 - __builtin_clz(taken));
        if (problem != 0) break;
        after_slash = slash >> 15U;
        second_byte = begins >> 15U;
    }
#else
    static_cast<void>(s);
    static_cast<void>(n);
    static_cast<void>(warnings);
#endif
    return found;
}

} // namespace ftpuri::detail
