// SPDX-License-Identifier: Apache-2.0
// src/utf8.hpp: is a decoded component UTF-8, and does it hide a look-alike? Internal.
//
// A state machine over the decoded bytes, one state per place in a sequence that a later byte
// can judge differently (RFC 3629 section 4's bounds on the byte after E0, ED, F0 and F4, the
// look-alike already seen, the line separators' prefixes). Its transitions are packed by byte
// class into 64-bit words, four bits per state, so that a step is one load (by the byte, not by
// the state) and a shift: the chain from one byte to the next costs a cycle or two, where a
// table indexed by the state would cost a load's latency. tests/scan/utf8_test.cpp holds it to a
// plain decoder on every sequence of the bytes that matter.
#pragma once

#include <array>
#include <cstdint>

namespace ftpuri {

// What a sequence of decoded bytes turned out to be, when it matters to the safety rules
// (docs/scanner.md, "Look-alike encodings").
enum class utf8_finding : std::uint8_t {
    none,
    // A code point in more bytes than it needs (%C0%AE is "."), a UTF-16 surrogate, or one
    // above U+10FFFF: lax decoders turn these into the character they imitate.
    look_alike,
    // U+0085, U+2028 or U+2029, which some runtimes take as a line end.
    line_separator,
};

namespace detail::utf8 {

// Where a sequence stands: how many continuation bytes it still needs, and what the next one
// decides.
enum state : std::uint8_t {
    idle,        // no sequence open
    need1,       // 1 more, any of 80-BF
    need2,       // 2 more, any
    need3,       // 3 more, any
    after_c2,    // C2: 85 makes U+0085
    after_e0,    // E0: below A0 is overlong
    after_e2,    // E2: 80 may begin U+2028 or U+2029
    after_e2_80, // E2 80: A8 or A9 makes U+2028 or U+2029
    after_ed,    // ED: above 9F is a surrogate
    after_f0,    // F0: below 90 is overlong
    after_f4,    // F4: above 8F is beyond U+10FFFF
    after_c0,    // C0 or C1: any continuation makes an overlong form
    after_f5,    // F5-FF: any continuation makes a code point beyond U+10FFFF
    need1_look,  // 1 more, a look-alike already
    need2_look,  // 2 more, a look-alike already
    state_count
};

// The byte classes a step can tell apart, and the raw (unescaped, ASCII) byte.
enum byte_class : std::uint8_t {
    ascii,
    cont_80,
    cont_85,
    cont_low,  // 81-84, 86-8F
    cont_9x,   // 90-9F
    cont_a8,   // A8, A9
    cont_high, // A0-A7, AA-BF
    lead_c0,   // C0, C1
    lead_c2,
    lead_2, // C3-DF
    lead_e0,
    lead_e2,
    lead_ed,
    lead_3, // E1, E3-EC, EE, EF
    lead_f0,
    lead_4, // F1-F3
    lead_f4,
    lead_f5, // F5-FF
    raw,
    class_count
};

constexpr byte_class class_of(unsigned b) noexcept
{
    if (b < 0x80) return ascii;
    if (b == 0x80) return cont_80;
    if (b == 0x85) return cont_85;
    if (b < 0x90) return cont_low;
    if (b < 0xA0) return cont_9x;
    if (b == 0xA8 || b == 0xA9) return cont_a8;
    if (b < 0xC0) return cont_high;
    if (b < 0xC2) return lead_c0;
    if (b == 0xC2) return lead_c2;
    if (b < 0xE0) return lead_2;
    if (b == 0xE0) return lead_e0;
    if (b == 0xE2) return lead_e2;
    if (b == 0xED) return lead_ed;
    if (b < 0xF0) return lead_3;
    if (b == 0xF0) return lead_f0;
    if (b < 0xF4) return lead_4;
    if (b == 0xF4) return lead_f4;
    return lead_f5;
}

// One step: the next state, what the byte completes or breaks, whether the component is no
// longer UTF-8, and whether the byte begins a sequence (its range then starts there).
struct step {
    state next = idle;
    utf8_finding found = utf8_finding::none;
    bool not_utf8 = false;
    bool begins = false;
};

// A byte that begins a sequence, or stands alone.
constexpr step start(byte_class c) noexcept
{
    switch (c) {
    case ascii: return {idle, utf8_finding::none, false, false};
    case lead_c0: return {after_c0, utf8_finding::none, true, true};
    case lead_c2: return {after_c2, utf8_finding::none, false, true};
    case lead_2: return {need1, utf8_finding::none, false, true};
    case lead_e0: return {after_e0, utf8_finding::none, false, true};
    case lead_e2: return {after_e2, utf8_finding::none, false, true};
    case lead_ed: return {after_ed, utf8_finding::none, false, true};
    case lead_3: return {need2, utf8_finding::none, false, true};
    case lead_f0: return {after_f0, utf8_finding::none, false, true};
    case lead_4: return {need3, utf8_finding::none, false, true};
    case lead_f4: return {after_f4, utf8_finding::none, false, true};
    case lead_f5: return {after_f5, utf8_finding::none, true, true};
    default: return {idle, utf8_finding::none, true, true}; // a continuation without a lead
    }
}

constexpr bool is_continuation(byte_class c) noexcept
{
    return c >= cont_80 && c <= cont_high;
}

// The rules: RFC 3629's sequences, the look-alikes and the line separators.
constexpr step transition(state s, byte_class c) noexcept
{
    if (s == idle) return c == raw ? step{} : start(c);
    if (!is_continuation(c)) {
        // A sequence cut short: not UTF-8, and a look-alike if its bytes already were one. The
        // byte then begins what it begins.
        bool const look = s == need1_look || s == need2_look;
        step next = c == raw ? step{} : start(c);
        next.found = look ? utf8_finding::look_alike : utf8_finding::none;
        next.not_utf8 = true;
        return next;
    }
    constexpr utf8_finding none = utf8_finding::none;
    constexpr utf8_finding look = utf8_finding::look_alike;
    switch (s) {
    case need1: return {idle, none, false, false};
    case need2: return {need1, none, false, false};
    case need3: return {need2, none, false, false};
    case after_c2: return {idle, c == cont_85 ? utf8_finding::line_separator : none, false, false};
    case after_e0:
        return c == cont_80 || c == cont_85 || c == cont_low || c == cont_9x ? step{need1_look, none, true, false}
                                                                             : step{need1, none, false, false};
    case after_e2: return {c == cont_80 ? after_e2_80 : need1, none, false, false};
    case after_e2_80: return {idle, c == cont_a8 ? utf8_finding::line_separator : none, false, false};
    case after_ed:
        return c == cont_a8 || c == cont_high ? step{need1_look, none, true, false} : step{need1, none, false, false};
    case after_f0:
        return c == cont_80 || c == cont_85 || c == cont_low ? step{need2_look, none, true, false}
                                                             : step{need2, none, false, false};
    case after_f4:
        return c == cont_80 || c == cont_85 || c == cont_low ? step{need2, none, false, false}
                                                             : step{need2_look, none, true, false};
    case after_c0: return {idle, look, true, false};
    case after_f5: return {need2_look, none, true, false};
    case need1_look: return {idle, look, true, false};
    case need2_look: return {need1_look, none, true, false};
    default: return {};
    }
}

static_assert(state_count <= 16, "four bits a state");

// For each byte class, its transitions packed by the current state: bits [4s, 4s + 4) the next
// state; and the step's other outputs, two bits a state: the finding, and (in `flags`) not
// UTF-8 and begins.
struct packed_class {
    std::uint64_t next = 0;
    std::uint32_t found = 0;
    std::uint32_t not_utf8 = 0;
    std::uint32_t begins = 0;
};

consteval std::array<packed_class, class_count> pack()
{
    std::array<packed_class, class_count> t{};
    for (unsigned c = 0; c < class_count; ++c) {
        for (unsigned s = 0; s < state_count; ++s) {
            step const x = transition(static_cast<state>(s), static_cast<byte_class>(c));
            t[c].next |= std::uint64_t{x.next} << (4 * s);
            t[c].found |= static_cast<std::uint32_t>(x.found) << (2 * s);
            t[c].not_utf8 |= std::uint32_t{x.not_utf8} << s;
            t[c].begins |= std::uint32_t{x.begins} << s;
        }
    }
    return t;
}
inline constexpr std::array<packed_class, class_count> packed = pack();

consteval std::array<std::uint8_t, 256> classes()
{
    std::array<std::uint8_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b)
        t[b] = class_of(b);
    return t;
}
inline constexpr std::array<std::uint8_t, 256> class_table = classes();

} // namespace detail::utf8

// Fed the bytes of one component as they decode, it tells whether they form UTF-8 (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF), and reports each look-alike or
// line separator with the input range of its bytes. Raw bytes in a valid URI are ASCII (but
// for the lenient profile's repairs, fed as decoded bytes), so the scanner feeds escapes one by
// one and reports raw bytes only as "something ASCII came in between", which breaks a
// multi-byte sequence.
class utf8_checker {
public:
    // The decoded byte `b`, spelled by the input's bytes [begin, end).
    [[nodiscard]] utf8_finding escaped_byte(unsigned char b, std::uint32_t begin, std::uint32_t end) noexcept
    {
        std::uint32_t const open_begin = begin_;
        std::uint32_t const open_end = end_;
        utf8_finding const found = feed(detail::utf8::class_table[b]);
        if (b >= 0x80) { // the finding's range: from the sequence's first byte to its last
            begin_ = begins_ ? begin : begin_;
            end_ = end;
        }
        if (found != utf8_finding::none) [[unlikely]] {
            // A lead that cuts a sequence short finds that sequence, not the one it begins.
            bool const cut_by_a_lead = begins_ && b >= 0x80;
            finding_begin_ = cut_by_a_lead ? open_begin : begin_;
            finding_end_ = cut_by_a_lead ? open_end : end_;
        }
        return found;
    }

    // An unescaped (ASCII) byte.
    [[nodiscard]] utf8_finding raw_byte() noexcept
    {
        if (state_ == detail::utf8::idle) return utf8_finding::none;
        finding_begin_ = begin_;
        finding_end_ = end_;
        return feed(detail::utf8::raw);
    }

    // The component ends here.
    [[nodiscard]] utf8_finding finish() noexcept { return raw_byte(); }

    [[nodiscard]] bool expects_continuation() const noexcept { return state_ != detail::utf8::idle; }
    [[nodiscard]] bool ok() const noexcept { return !bad_ && state_ == detail::utf8::idle; }

    // The input range of the sequence behind the last finding.
    [[nodiscard]] std::uint32_t finding_begin() const noexcept { return finding_begin_; }
    [[nodiscard]] std::uint32_t finding_end() const noexcept { return finding_end_; }

private:
    utf8_finding feed(std::uint8_t byte_class) noexcept
    {
        detail::utf8::packed_class const& t = detail::utf8::packed[byte_class];
        unsigned const s = state_;
        state_ = static_cast<std::uint8_t>((t.next >> (4 * s)) & 0xFU);
        bad_ = bad_ || ((t.not_utf8 >> s) & 1U) != 0;
        begins_ = ((t.begins >> s) & 1U) != 0;
        return static_cast<utf8_finding>((t.found >> (2 * s)) & 3U);
    }

    std::uint32_t begin_ = 0; // the open or last sequence's range
    std::uint32_t end_ = 0;
    std::uint32_t finding_begin_ = 0;
    std::uint32_t finding_end_ = 0;
    std::uint8_t state_ = detail::utf8::idle;
    bool bad_ = false;
    bool begins_ = false;
};

} // namespace ftpuri
