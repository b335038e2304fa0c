// SPDX-License-Identifier: Apache-2.0
// src/scan/plain_segments.cpp: the AVX2 form of find_plain_segments().
#include "plain_segments.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include "nibble_lookup_avx2.hpp"
#endif

namespace ftpuri::detail {

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))

namespace {

using v32 = __m256i;

[[gnu::target("avx2,popcnt")]] inline unsigned bits(v32 lanes) noexcept
{
    return static_cast<unsigned>(_mm256_movemask_epi8(lanes));
}
[[gnu::target("avx2,popcnt")]] inline v32 load(unsigned char const* p) noexcept
{
    return _mm256_loadu_si256(reinterpret_cast<v32 const*>(p));
}
[[gnu::target("avx2,popcnt")]] inline v32 is(v32 x, unsigned char c) noexcept
{
    return _mm256_cmpeq_epi8(x, _mm256_set1_epi8(static_cast<char>(c)));
}
// Bytes in [first, last], as 0xFF lanes.
[[gnu::target("avx2,popcnt")]] inline v32 within(v32 x, unsigned char first, unsigned char last) noexcept
{
    v32 const d = _mm256_sub_epi8(x, _mm256_set1_epi8(static_cast<char>(first)));
    return _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(static_cast<char>(last - first))), d);
}

// HEXDIG lanes of x, and each lane's value as a hex digit (garbage where it is none).
struct hex_digits {
    v32 valid;
    v32 value;
};
[[gnu::target("avx2,popcnt")]] inline hex_digits hex(v32 x) noexcept
{
    v32 const letter = within(_mm256_or_si256(x, _mm256_set1_epi8(0x20)), 'a', 'f');
    v32 const digit = within(x, '0', '9');
    v32 const low = _mm256_and_si256(x, _mm256_set1_epi8(0x0F));
    return {_mm256_or_si256(letter, digit), _mm256_add_epi8(low, _mm256_and_si256(letter, _mm256_set1_epi8(9)))};
}

// The bytes a block looks at: its own 32 (K = 0) and, for an escape in its last lanes, the
// eight after them (K = 1 to 8 gives the 32 bytes from K on).
// Where they lie in the input:
struct bytes_in_input {
    unsigned char const* at;
    template <int K>
    [[nodiscard, gnu::target("avx2,popcnt"), gnu::always_inline]] v32 from() const noexcept
    {
        return load(at + K);
    }
};
// Near the input's end, in registers: the block's 32 and the ones after it (NULs past the end),
// so that nothing is read past the input and nothing copied (a copy's stores would stall the
// loads that read them back).
struct bytes_in_registers {
    v32 block;
    v32 halves; // the block's high half, then the first 16 bytes after it
    template <int K>
    [[nodiscard, gnu::target("avx2,popcnt"), gnu::always_inline]] v32 from() const noexcept
    {
        if constexpr (K == 0) {
            return block;
        } else {
            return _mm256_alignr_epi8(halves, block, K);
        }
    }
};
[[gnu::target("avx2,popcnt")]] inline bytes_in_registers in_registers(v32 block, v32 after) noexcept
{
    return {block, _mm256_permute2x128_si256(block, after, 0x21)};
}

// An input of 8 to 31 bytes in lanes 0 to n - 1, NULs after (byte_runs.hpp's words).
[[gnu::target("avx2,popcnt")]] inline v32 short_input(unsigned char const* s, std::uint32_t n) noexcept
{
    std::array<long long, 4> const w = short_input_words(s, n);
    return _mm256_set_epi64x(w[3], w[2], w[1], w[0]);
}

// The byte each lane's escape decodes to, for a "%" in lane K - 1 of the block: the lanes K and
// K + 1 as hex digits, whose values are the byte's high and low nibbles (garbage where a lane
// holds no hex digit); and whether both are. A nibble_set looks the byte up by those nibbles,
// so the byte itself is never put together.
struct decoded {
    v32 valid;
    v32 high;
    v32 low;
};
template <int K, class Bytes>
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline decoded decode(Bytes const& bytes) noexcept
{
    hex_digits const high = hex(bytes.template from<K>());
    hex_digits const low = hex(bytes.template from<K + 1>());
    return {_mm256_and_si256(high.valid, low.valid), high.value, low.value};
}

// Each lane's decoded byte in a nibble_set's lookup, by its digits' values: they are the byte's
// low and high nibbles, and no hex digit's value sets a shuffle's top bit (garbage in a lane
// that holds no hex digit is still 0 to 15).
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline v32 lookup(decoded const& d, nibble_tables t) noexcept
{
    return nibble_lookup(d.low, d.high, t);
}
// The lanes whose decoded byte is in the set.
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline unsigned lanes_in(decoded const& d, nibble_tables t) noexcept
{
    return nonzero_lanes(lookup(d, t));
}

// What a block's escapes hold, lane by lane (the lane of each escape's "%").
struct escape_findings {
    unsigned matters = 0;       // escapes that could matter to a rule
    unsigned slashes = 0;       // escaped "/"s that do not
    std::uint64_t waits = 0;    // with warnings: the lanes, up to 9 past the block, where a UTF-8
                                // sequence waits for a continuation's "%"
    unsigned continuations = 0; // with warnings: the escapes that decode to a continuation
};

// The escapes among the block's lanes (`percent`) that could matter to a rule, or whose digits
// are no hex digits; `begins`: the lanes that begin a segment, `seconds` those of a segment's
// second byte. matters_alone, matters_with_next and matters_with_third of plain_segments.hpp,
// lane by lane; the escapes after a lead are decoded only where a lead is. With `Warnings`,
// also the escapes that warn, and what the UTF-8 check of the block's caller needs.
template <bool Warnings, class Bytes>
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline escape_findings
escapes_that_matter(Bytes const& bytes, unsigned percent, unsigned begins, [[maybe_unused]] unsigned seconds,
                    [[maybe_unused]] escape_warnings const& warnings) noexcept
{
    escape_findings found;
    decoded const d = decode<1>(bytes);
    unsigned matters = ~bits(d.valid) | lanes_in(d, load_nibble_tables(matters_alone_bytes)) |
                       (lanes_in(d, load_nibble_tables(leading_bytes)) & begins);
    unsigned const slash = bits(_mm256_and_si256(is(d.high, '/' >> 4U), is(d.low, '/' & 15U))) & percent;
    if constexpr (Warnings) {
        // pct.lowercase, pct.needless, path.encoded-slash, path.drive-letter: each until reported.
        auto const unless_reported = [](bool still) { return still ? ~0U : 0U; };
        v32 const lower =
            _mm256_or_si256(within(bytes.template from<1>(), 'a', 'f'), within(bytes.template from<2>(), 'a', 'f'));
        // A drive letter's escaped letter is unreserved: it begins a segment.
        unsigned const unreserved = lanes_in(d, load_nibble_tables(unreserved_bytes));
        unsigned const drive_letter =
            (unreserved & begins) | (lanes_in(d, load_nibble_tables(drive_separator_bytes)) & seconds);
        matters |=
            (bits(lower) & unless_reported(warnings.lowercase)) | (unreserved & unless_reported(warnings.needless)) |
            (slash & unless_reported(warnings.encoded_slash)) | (drive_letter & unless_reported(warnings.drive_letter));
        // pct.non-utf8, checked by the caller across blocks.
        if (warnings.non_utf8) {
            std::uint64_t const wait_one = lanes_in(d, load_nibble_tables(wait_one_bytes)) & percent;
            std::uint64_t const wait_two = lanes_in(d, load_nibble_tables(wait_two_bytes)) & percent;
            std::uint64_t const wait_three = lanes_in(d, load_nibble_tables(wait_three_bytes)) & percent;
            found.waits = wait_one << 3U | wait_two << 6U | wait_three << 9U;
            found.continuations = lanes_in(d, load_nibble_tables(continuation_bytes)) & percent;
        }
    }
    if (slash != 0) {
        // A "/" that begins a segment, or that a "." or another escape follows.
        v32 const after = bytes.template from<3>();
        unsigned const near = slash & (begins | bits(_mm256_or_si256(is(after, '.'), is(after, '%'))));
        matters |= near;
        found.slashes = slash & ~near;
    }
    found.matters = matters & percent;
    if ((lanes_in(d, load_nibble_tables(lead_bytes)) & percent) == 0) return found;
    decoded const next = decode<4>(bytes);
    v32 const next_is_escape = _mm256_and_si256(is(bytes.template from<3>(), '%'), next.valid);
    // The leads' bits that the next byte completes a pair with (plain_segments.hpp's pairs).
    v32 const pair_bits = _mm256_and_si256(
        _mm256_and_si256(lookup(d, load_nibble_tables(pairs.leads)), lookup(next, load_nibble_tables(pairs.nexts))),
        next_is_escape);
    v32 const e2_80 = _mm256_set1_epi8(static_cast<char>(pairs.e2_80));
    v32 const no_pair = _mm256_cmpeq_epi8(_mm256_andnot_si256(e2_80, pair_bits), _mm256_setzero_si256());
    matters |= ~bits(no_pair);
    // E2 80, then A8 or A9: a line or paragraph separator. Rare: the third escape only then.
    unsigned const after_e2_80 = bits(_mm256_cmpeq_epi8(_mm256_and_si256(pair_bits, e2_80), e2_80));
    if ((after_e2_80 & percent) != 0) {
        decoded const third = decode<7>(bytes);
        v32 const third_is_escape = _mm256_and_si256(is(bytes.template from<6>(), '%'), third.valid);
        matters |= after_e2_80 & bits(third_is_escape) & lanes_in(third, load_nibble_tables(separator_third_bytes));
    }
    found.matters = matters & percent;
    return found;
}

// The last segment taken that holds an escaped "/" (counted among all taken; npos for none),
// and whether the segment open at the last block's end holds one.
struct slashed_record {
    std::uint32_t last = 0xFFFF'FFFFU;
    bool open = false;
};

// The record after a block whose escaped "/"s taken as plain are `lanes` and whose "/"s taken
// are `taken`, `count` segments taken before it. A segment still open at the block's end may
// end in a later block. Out of line and by value: escaped "/"s are rare, and inlined, this
// bookkeeping cost every block of escapes a quarter more (the walk's registers are full), while
// a member function called out of line would keep the walk's state in memory.
[[gnu::target("avx2,popcnt"), gnu::noinline, gnu::cold]] slashed_record
after_block(slashed_record r, unsigned lanes, unsigned taken, std::uint32_t count) noexcept
{
    if (taken == 0) {
        r.open = r.open || lanes != 0;
        return r;
    }
    auto const last_taken = static_cast<unsigned>(31 - __builtin_clz(taken));
    unsigned const ended = lanes & ((2U << last_taken) - 1U); // 2U << 31 wraps to 0: every lane
    if (ended != 0) {
        auto const lane = static_cast<unsigned>(31 - __builtin_clz(ended));
        r.last = count + static_cast<std::uint32_t>(__builtin_popcount(taken & ((1U << lane) - 1U)));
    } else if (r.open) {
        r.last = count;
    }
    r.open = (lanes >> last_taken) != 0;
    return r;
}

// The walk over 32-byte blocks; with `Warnings`, an escape that warns matters.
template <bool Warnings>
class segment_blocks {
public:
    [[gnu::target("avx2,popcnt")]] segment_blocks(std::uint32_t q, plain_set const& set,
                                                  escape_warnings const& warnings) noexcept
        : ascii_(load_nibble_tables(set.ascii)), found_{q}, warnings_(warnings)
    {
    }

    // False once a block holds a byte that ends the shortcut. The block's lanes from `skip` on
    // are the input's bytes from `position` on (the lanes before were judged already).
    template <class Bytes>
    [[gnu::target("avx2,popcnt"), gnu::always_inline]] bool block(Bytes const& bytes, std::uint32_t position,
                                                                  unsigned skip = 0) noexcept
    {
        v32 const x = bytes.template from<0>();
        unsigned const member = lanes_in(x, ascii_) >> skip; // no segment set holds a non-ASCII byte
        unsigned const slash = bits(is(x, '/')) >> skip;
        unsigned const lead = bits(_mm256_or_si256(is(x, '.'), is(x, '~'))) >> skip;
        unsigned const colon = bits(is(x, ':')) >> skip;
        unsigned const begins = (slash << 1U) | after_slash_;
        unsigned const percent = bits(is(x, '%')) >> skip;
        // An escape's two digits are members: the lane of its "%", taken as plain, stands for
        // the escape, judged below. Lanes past the block's end (skip > 0) are no members.
        unsigned const plain = member | percent;
        // A segment's second byte ":" may make it a drive letter ("C:"), which warns.
        unsigned const seconds = (begins << 1U) | second_byte_;
        unsigned problem = (~plain & ~slash) | (begins & (~plain | lead | slash)) | (seconds & colon);
        escape_findings escapes;
        if (percent != 0)
            escapes = escapes_that_matter<Warnings>(bytes, percent << skip, begins << skip, seconds << skip, warnings_);
        problem |= escapes.matters >> skip;
        // A UTF-8 sequence wants each continuation where it waits for one, and has none elsewhere.
        std::uint64_t waits = 0;
        if constexpr (Warnings) {
            waits = (escapes.waits >> skip) | waits_after_;
            problem |= static_cast<unsigned>(waits) ^ (escapes.continuations >> skip);
            waits_after_ = waits >> 32U;
        }
        unsigned const slashes = escapes.slashes;
        unsigned const before =
            problem != 0 ? static_cast<unsigned>((std::uint64_t{1} << __builtin_ctz(problem)) - 1U) : ~0U;
        unsigned const taken = slash & before;
        // Most blocks hold no escaped "/" and follow none: the walk learns nothing from them.
        unsigned const slashed_lanes = (slashes >> skip) & before;
        if (slashed_lanes != 0 || slashed_.open) slashed_ = after_block(slashed_, slashed_lanes, taken, found_.count);
        if (taken != 0) {
            found_.count += static_cast<std::uint32_t>(__builtin_popcount(taken));
            found_.end = position + static_cast<std::uint32_t>(31 - __builtin_clz(taken));
        }
        if ((percent & before) != 0 && first_escape_ == npos)
            first_escape_ = position + static_cast<std::uint32_t>(__builtin_ctz(percent & before));
        after_slash_ = slash >> 31U;
        second_byte_ = begins >> 31U;
        if (problem != 0) {
            auto const lane = static_cast<unsigned>(__builtin_ctz(problem));
            stop_ = position + lane;
            open_at_stop_ = (waits >> lane) != 0;
        }
        return problem == 0;
    }

    // The input ends at `position`: its end stops the shortcut as a NUL would.
    void end_at(std::uint32_t position) noexcept
    {
        stop_ = position;
        open_at_stop_ = waits_after_ != 0;
    }

    // The path's end is n: a last segment that nothing stopped before it (the NULs after it do)
    // needs no judgement either. An empty one (a directory's "/" ends the path) has no byte for
    // a rule to look at, and the walk takes nothing from it.
    [[nodiscard]] plain_segments result(std::uint32_t n) noexcept
    {
        found_.to_end = stop_ == n && !open_at_stop_;
        found_.last_slashed = slashed_.last;
        // An escape before the last "/" taken, or anywhere when the last segment is taken too.
        if (first_escape_ < (found_.to_end ? n : found_.end)) found_.first_escape = first_escape_;
        return found_;
    }

private:
    static constexpr std::uint32_t npos = 0xFFFF'FFFFU;
    nibble_tables ascii_;
    std::uint64_t waits_after_ = 0; // with warnings: where a sequence waits in the blocks after this
    std::uint32_t first_escape_ = npos;
    std::uint32_t stop_ = npos; // the first byte that ended the shortcut
    unsigned after_slash_ = 1;  // the byte before the block is a "/": a segment begins at its first
    unsigned second_byte_ = 0;  // a segment began at the byte before the block
    plain_segments found_;
    slashed_record slashed_;
    bool open_at_stop_ = false; // with warnings: a sequence still waits at the first stop
    escape_warnings warnings_;
};

template <bool Warnings>
[[gnu::target("avx2,popcnt")]] plain_segments walk_blocks(unsigned char const* s, std::uint32_t q, std::uint32_t n,
                                                          plain_set const& set,
                                                          escape_warnings const& warnings) noexcept
{
    segment_blocks<Warnings> blocks(q, set, warnings);
    // 32 bytes a block, and the 8 after it that an escape's digits and the two escapes after it
    // may reach.
    std::uint32_t p = q + 1;
    for (; p + 40 <= n; p += 32)
        if (!blocks.block(bytes_in_input{s + p}, p)) return blocks.result(n);
    if (n >= 32) {
        // A block whose last 8 bytes run past the input: the bytes after it, in a register.
        if (p + 32 < n) {
            std::uint64_t after = 0;
            std::memcpy(&after, s + n - 8, 8);
            after >>= 8U * (p + 40 - n); // the bytes from p + 32 to n, NULs past n
            v32 const block = load(s + p);
            if (!blocks.block(in_registers(block, _mm256_set_epi64x(0, 0, 0, static_cast<long long>(after))), p))
                return blocks.result(n);
            p += 32;
        }
        // The rest: the last 32 bytes of the input, less those already judged. Lanes past the
        // input (skip > 0) stop the shortcut at n; where there are none (the last block is
        // whole, or there is no block left), the input's end is recorded as the stop.
        if (p < n && !blocks.block(in_registers(load(s + n - 32), _mm256_setzero_si256()), p, 32 - (n - p)))
            return blocks.result(n);
        blocks.end_at(n);
        return blocks.result(n);
    }
    // A short input: the whole of it, NULs after, in one block whose lane k is byte k. The NULs
    // end the shortcut: no segment ends in one, and the last segment is taken as such (to_end)
    // only where they are the first stop.
    if (n < 8) return plain_segments{q}; // too short for a word: no shortcut
    blocks.block(in_registers(short_input(s, n), _mm256_setzero_si256()), p, p);
    return blocks.result(n);
}

} // namespace

[[gnu::target("avx2,popcnt")]] plain_segments plain_segments_avx2(unsigned char const* s, std::uint32_t q,
                                                                  std::uint32_t n, plain_set const& set,
                                                                  escape_warnings const& warnings) noexcept
{
    return warnings.wanted ? walk_blocks<true>(s, q, n, set, warnings) : walk_blocks<false>(s, q, n, set, warnings);
}

#else

plain_segments plain_segments_avx2(unsigned char const* /*s*/, std::uint32_t q, std::uint32_t /*n*/,
                                   plain_set const& /*set*/, escape_warnings const& /*warnings*/) noexcept
{
    return {q};
}

#endif

} // namespace ftpuri::detail
