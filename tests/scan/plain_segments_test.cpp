// SPDX-License-Identifier: Apache-2.0
// plain_segments_test: what the path's block stage (src/scan/plain_segments.hpp) reports, field
// by field, where a segment that needs judging stands at a block's edge: the "/" that ends one
// block and a ".", "~", "/" or drive letter that begins the next, the escapes it takes, and
// whether the input's end ends the last segment it took; and, against reference models written
// segment by segment from the header's description (the AVX2 form's and the SSE2 form's), on
// generated paths. The fast-path tests hold the stage's effect on whole scans to the portable
// scan (taking too much); this holds what it says, so that taking too little (correct, but
// slow) fails too.
#include <gtest/gtest.h>

#include <array>
#include <bitset>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <utility>

#include "scan/byte_runs.hpp"
#include "scan/path.hpp"
#include "scan/plain_segments.hpp"
#include "support/simd_level_guard.hpp"

namespace {

using ftpuri::detail::plain_segments;
using ftpuri::detail::simd_level;

constexpr std::uint32_t none = 0xFFFF'FFFFU;
constexpr std::uint32_t slash = 7; // "ftp://h/": the path's first "/"

using level_guard = ftpuri_test::simd_level_guard;

using ftpuri::detail::escape_warnings;
// Every escape warning still to report, or none wanted.
escape_warnings all_warnings(bool wanted)
{
    return wanted ? escape_warnings{true, true, true, true, true, true} : escape_warnings{};
}

// What the stage answers from the "/" at q, for the ftp grammar's segment set or pchar's.
plain_segments segments_in(std::string const& uri, std::uint32_t q, bool ftp, escape_warnings const& warnings)
{
    auto const* s = reinterpret_cast<unsigned char const*>(uri.data());
    auto const n = static_cast<std::uint32_t>(uri.size());
    return ftp ? ftpuri::detail::find_plain_segments<ftpuri::detail::ftp_segment_run>(s, q, n, warnings)
               : ftpuri::detail::find_plain_segments<ftpuri::detail::segment_run>(s, q, n, warnings);
}

// Every field of two answers.
bool same_answer(plain_segments const& got, plain_segments const& want)
{
    return got.end == want.end && got.count == want.count && got.first_escape == want.first_escape &&
           got.last_slashed == want.last_slashed && got.to_end == want.to_end;
}

// What the stage answers from the "/" at q (the path's first, by default), ftp grammar.
plain_segments segments_of(std::string const& uri, escape_warnings const& warnings, std::uint32_t q = slash)
{
    return segments_in(uri, q, true, warnings);
}

std::string a(std::size_t n)
{
    return std::string(n, 'a'); // NOLINT(modernize-return-braced-init-list): {n, 'a'} is two chars
}

// The parts one after the other (GCC 12 warns falsely of "literal" + std::string).
std::string join(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (std::string_view part : parts)
        out += part;
    return out;
}

struct expected {
    std::uint32_t end;
    std::uint32_t count;
    std::uint32_t first_escape = none;
    bool to_end = false;
};

void expect(std::string_view path, expected e, escape_warnings const& warnings = {})
{
    std::string const uri = join({"ftp://h", path});
    plain_segments const got = segments_of(uri, warnings);
    EXPECT_EQ(got.end, e.end) << uri;
    EXPECT_EQ(got.count, e.count) << uri;
    EXPECT_EQ(got.first_escape, e.first_escape) << uri;
    EXPECT_EQ(got.to_end, e.to_end) << uri;
}

// A segment of 31 bytes after the path's "/": its ending "/" is the first block's last byte
// (the blocks begin after the "/"), and the next segment begins the second block. With 80 more
// bytes the second block is read from the input; with 4, from the input's last 32 bytes.
class AtABlocksEdge : public testing::TestWithParam<std::size_t> {};

TEST_P(AtABlocksEdge, ASegmentThatNeedsJudgingBeginningTheNextBlockStopsIt)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    std::size_t const rest = GetParam();
    std::uint32_t const edge = slash + 32; // the "/" that ends the first block
    for (std::string const next : {".", "..", "~x", "", "%2E"}) {
        expect(join({"/", a(31), "/", next, "/", a(rest)}), {edge, 1});
    }
    // The same bytes inside a segment are plain: what the first block ended was no segment.
    for (std::string const inside : {".b", "~b", ":b"}) {
        expect(join({"/", a(32), inside, "/", a(rest)}), {edge + 3, 1, none, true});
    }
    // "C:" as a segment: its ":" is the second block's first byte.
    expect(join({"/", a(30), "/C:/", a(rest)}), {edge - 1, 1});
    // Nothing to judge: every segment is taken, and the last too when nothing ends it but the
    // input, an empty one (a directory's "/" ends the path) included.
    std::string const plain = join({"/", a(31), "/b%41c/", a(rest)});
    expect(plain, {edge + 6, 2, edge + 2, true});
    expect(join({plain, "/"}), {static_cast<std::uint32_t>(7 + plain.size()), 3, edge + 2, true});
}

INSTANTIATE_TEST_SUITE_P(PlainSegments, AtABlocksEdge, testing::Values(4U, 80U));

// Where the last block is whole (the bytes after the asked "/" are a multiple of 32) or there is
// none (the "/" ends an input of 32 bytes or more), no lane lies past the input to stop the
// shortcut: the input's end is recorded as the stop itself, with any UTF-8 sequence still open
// there.
TEST(PlainSegments, TheInputsEndStopsAWholeLastBlock)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    escape_warnings utf8_only;
    utf8_only.wanted = true;
    utf8_only.non_utf8 = true;
    for (std::size_t blocks = 1; blocks <= 3; ++blocks) {
        std::size_t const bytes = 32 * blocks;
        auto const n = static_cast<std::uint32_t>(slash + 1 + bytes);
        expect(join({"/", a(bytes)}), {slash, 0, none, true});
        expect(join({"/", a(bytes - 1), "/"}), {n - 1, 1, none, true});
        // A sequence open at the end: taken where UTF-8 is not checked, and not where it is.
        std::string const open = join({"/", a(bytes - 6), "%E2%82"});
        expect(open, {slash, 0, n - 6, true});
        expect(open, {slash, 0, none, false}, utf8_only);
        expect(join({"/", a(bytes - 9), "%E2%82%AC"}), {slash, 0, n - 9, true}, utf8_only);
    }
    // The asked "/" ends an input of 32 bytes: no block is left.
    std::string const host_only = join({"ftp://", a(25), "/"});
    plain_segments const got = segments_of(host_only, utf8_only, 31);
    EXPECT_EQ(got.end, 31U);
    EXPECT_EQ(got.count, 0U);
    EXPECT_TRUE(got.to_end);
}

// An input under 32 bytes is one block, read as words of 8 bytes, the last one partial: each of
// its bytes is read, the last included, so that a plain path is taken to its end (an empty last
// segment too), and a byte that needs judging is seen wherever it lies.
TEST(PlainSegments, AnInputUnder32BytesIsTakenWhole)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    for (std::size_t length = 8; length < 32; ++length) {
        std::size_t const last = length - 7 - 3; // "ftp://h" + "/a/" before the last segment
        if (length >= 7 + 3) {
            expect(join({"/a/", a(last)}), {slash + 2, 1, none, true});
            // The last byte ends the shortcut: a raw space, which the scan will refuse.
            if (last > 0) expect(join({"/a/", a(last - 1), " "}), {slash + 2, 1, none, false});
        }
        expect(join({"/", a(length - 8)}), {slash, 0, none, true});
    }
}

TEST(PlainSegments, EscapesThatWarnAreTakenOnlyWhereNoWarningIsWanted)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    // UTF-8 in uppercase escapes warns of nothing: taken either way.
    std::string const path = join({"/pub/caf%C3%A9/", a(40), "/x"});
    expect(path, {slash + 14 + 41, 3, slash + 8, true});
    expect(path, {slash + 14 + 41, 3, slash + 8, true}, all_warnings(true));
    // Each escape that warns (pct.lowercase, pct.needless, path.encoded-slash,
    // path.drive-letter, pct.non-utf8) stops the stage at its segment where warnings are wanted.
    for (std::string_view warns : {"caf%c3%a9", "%41rchive", "a%2Fb", "C%3A", "C%7C", "caf%C3", "caf%C3x%A9", "%A9",
                                   "%E2%82", "%F0%9F%98%80%80", "caf%C3%A9%E2"}) {
        std::string const segment(warns);
        std::string const warned = join({"/pub/", segment, "/", a(40), "/x"});
        auto const segment_end = static_cast<std::uint32_t>(slash + 5 + segment.size());
        expect(warned, {segment_end + 41, 3, slash + 5 + static_cast<std::uint32_t>(segment.find('%')), true});
        expect(warned, {slash + 4, 1, none, false}, all_warnings(true));
    }
    // A warning is reported once per URI: an escape that would repeat one is taken.
    escape_warnings lowercase_reported = all_warnings(true);
    lowercase_reported.lowercase = false;
    std::string const lower = join({"/pub/caf%c3%a9/", a(40), "/x"});
    expect(lower, {slash + 14 + 41, 3, slash + 8, true}, lowercase_reported);
    escape_warnings utf8_reported = all_warnings(true);
    utf8_reported.non_utf8 = false;
    std::string const cut = join({"/pub/caf%C3/", a(40), "/x"});
    expect(cut, {slash + 11 + 41, 3, slash + 8, true}, utf8_reported);
    expect(cut, {slash + 4, 1, none, false}, lowercase_reported);
}

// An escape as the AVX2 form writes it: "%" and two uppercase hex digits.
std::string escape(unsigned b)
{
    constexpr std::string_view hex = "0123456789ABCDEF";
    return {'%', hex[b >> 4U], hex[b & 15U]};
}

// The AVX2 form's escape check restates plain_segments.hpp's conditions as vector lookups and
// constants. Every byte as the first of three escapes, every continuation after it, every third
// byte after E2 80 (a line separator's prefix), with the first escape at each lane of a block
// and past it, followed by bytes in the input or only in registers: the segment that holds
// them is taken exactly when no condition names them. (Whether the last segment is taken too
// is the input end's business, AtABlocksEdge's.)
TEST(PlainSegments, TheAvx2FormTakesEscapesExactlyWhenNoConditionNamesThem)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    using ftpuri::detail::matters_alone;
    using ftpuri::detail::matters_with_next;
    using ftpuri::detail::matters_with_third;
    std::size_t wrong = 0;
    std::size_t taken = 0;
    for (unsigned lead = 0x80; lead < 0x100; ++lead) {
        for (unsigned next = 0x80; next < 0xC0; ++next) {
            for (unsigned third = 0x80; third < (lead == 0xE2 && next == 0x80 ? 0xC0U : 0x81U); ++third) {
                bool const matters =
                    matters_alone(lead) || matters_with_next(lead, next) || matters_with_third(lead, next, third);
                std::string const escapes = escape(lead) + escape(next) + escape(third);
                for (std::uint32_t at = 0; at <= 34; ++at) {
                    for (std::size_t const rest : {2U, 40U}) {
                        std::string const uri = join({"ftp://h/", a(at), escapes, "/", a(rest)});
                        plain_segments const got = segments_of(uri, all_warnings(false));
                        std::uint32_t const end = slash + 1 + at + 9; // the "/" after the escapes
                        bool const as_expected =
                            matters ? got.count == 0 && got.end == slash && got.first_escape == none
                                    : got.count == 1 && got.end == end && got.first_escape == slash + 1 + at;
                        taken += matters ? 0U : 1U;
                        if (!as_expected && ++wrong <= 10) {
                            ADD_FAILURE() << uri << ": " << (matters ? "expected to stop" : "expected taken")
                                          << " (end " << got.end << ", count " << got.count << ")";
                        }
                    }
                }
            }
        }
    }
    EXPECT_EQ(wrong, 0U);
    EXPECT_GT(taken, 100'000U); // the check's yes was asked, not only its no
}

// ---- a reference model of the AVX2 form's answer -------------------------------------------
// The header's description of which segments need no judgement, segment by segment and byte by
// byte, with the header's scalar conditions: what the AVX2 form should answer, every field, for
// any input. Bytes past the input read as NULs, as the AVX2 form's registers hold them.
class segment_model {
public:
    segment_model(std::string_view uri, ftpuri::detail::plain_set const& set, escape_warnings const& warnings)
        : s_(uri), set_(set), warnings_(warnings)
    {
    }

    [[nodiscard]] plain_segments answer(std::uint32_t q) const
    {
        auto const n = static_cast<std::uint32_t>(s_.size());
        plain_segments found{q};
        std::uint32_t first_escape = none;
        for (std::uint32_t a = q + 1;;) {
            std::uint32_t b = a;
            while (b < n && s_[b] != '/')
                ++b;
            bool const last = b == n;
            if (needs_judgement(a, b, last)) break;
            std::uint32_t const escape = first_escape_in(a, b);
            if (first_escape == none) first_escape = escape;
            if (last) {
                found.to_end = true;
                break;
            }
            if (holds_escaped_slash(a, b)) found.last_slashed = found.count;
            found.count += 1;
            found.end = b;
            a = b + 1;
        }
        if (first_escape < (found.to_end ? n : found.end)) found.first_escape = first_escape;
        return found;
    }

private:
    [[nodiscard]] unsigned char at(std::uint32_t i) const
    {
        return i < s_.size() ? static_cast<unsigned char>(s_[i]) : 0;
    }
    static int hex_value(unsigned char c)
    {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;
    }
    // The byte the escape at i decodes to, or -1 where it is no escape.
    [[nodiscard]] int decoded(std::uint32_t i) const
    {
        if (at(i) != '%' || hex_value(at(i + 1)) < 0 || hex_value(at(i + 2)) < 0) return -1;
        return hex_value(at(i + 1)) * 16 + hex_value(at(i + 2));
    }
    static bool lowercase_hex(unsigned char c) { return c >= 'a' && c <= 'f'; }

    [[nodiscard]] std::uint32_t first_escape_in(std::uint32_t a, std::uint32_t b) const
    {
        for (std::uint32_t i = a; i < b; ++i)
            if (at(i) == '%') return i;
        return none;
    }
    [[nodiscard]] bool holds_escaped_slash(std::uint32_t a, std::uint32_t b) const
    {
        for (std::uint32_t i = a; i < b; ++i)
            if (decoded(i) == '/') return true;
        return false;
    }

    // The segment [a, b), which a "/" ends at b, or the input's end (`last`).
    [[nodiscard]] bool needs_judgement(std::uint32_t a, std::uint32_t b, bool last) const
    {
        using namespace ftpuri::detail;
        if (a == b) return !last; // an empty segment; a directory's last is the path's end
        if (at(a) == '.' || at(a) == '~' || (b - a >= 2 && at(a + 1) == ':')) return true;
        std::bitset<1024> waits; // bytes from a on where a UTF-8 sequence waits for a continuation
        std::bitset<1024> continuations;
        for (std::uint32_t i = a; i < b; ++i) {
            if (at(i) != '%') {
                if (!set_.member[at(i)]) return true;
                continue;
            }
            int const d = decoded(i);
            if (d < 0) return true;
            auto const byte = static_cast<unsigned>(d);
            bool const unreserved = ftpuri::chars::unreserved.contains(static_cast<unsigned char>(byte));
            if (matters_alone(byte) || ((byte == '.' || byte == '~') && i == a)) return true;
            if (byte == '/' && (i == a || at(i + 3) == '.' || at(i + 3) == '%')) return true;
            int const next = at(i + 3) == '%' ? decoded(i + 3) : -1;
            int const third = at(i + 6) == '%' ? decoded(i + 6) : -1;
            if (next >= 0 && matters_with_next(byte, static_cast<unsigned>(next))) return true;
            if (next >= 0 && third >= 0 &&
                matters_with_third(byte, static_cast<unsigned>(next), static_cast<unsigned>(third)))
                return true;
            if (!warnings_.wanted) continue;
            if (warnings_.lowercase && (lowercase_hex(at(i + 1)) || lowercase_hex(at(i + 2)))) return true;
            if (warnings_.needless && unreserved) return true;
            if (warnings_.encoded_slash && byte == '/') return true;
            if (warnings_.drive_letter &&
                ((unreserved && i == a) ||
                 (ftpuri::rules::is_drive_separator(static_cast<unsigned char>(byte)) && i == a + 1)))
                return true;
            for (unsigned k = 1; k <= continuations_after(byte); ++k)
                waits.set(i + 3 * k - a);
            if (utf8::is_continuation(utf8::class_of(byte))) continuations.set(i - a);
        }
        // Each sequence complete inside the segment, and no continuation without one.
        return warnings_.wanted && warnings_.non_utf8 && waits != continuations;
    }

    std::string_view s_;
    ftpuri::detail::plain_set const& set_;
    escape_warnings warnings_;
};

// A path from pieces that stand at the edges of the AVX2 form's conditions: segment bytes,
// "/", leading "." and "~", drive letters, escapes of every kind (lowercase, unreserved, "/",
// leads, continuations, separators, invalid), and bytes outside every segment set.
std::string random_path(std::mt19937& random)
{
    // Segments mostly of pieces that need no judgement (unless a warning is still wanted), now
    // and then one that may: the segments taken and the first that is not are both anywhere.
    static constexpr std::array<std::string_view, 11> plain = {
        "a", "b", "abc", "=", ";", "%41", "%C3%A9", "%E2%82%AC", "%F0%9F%98%80", "%2F", "%2f"};
    static constexpr std::array<std::string_view, 32> risky = {
        "/",   ".",         "~",    ":",    "C",      "|",   " ",   "%2E", "%7E", "%3A", "%7C",
        "%25", "%C3",       "%A9",  "%E2",  "%80",    "%A8", "%00", "%5C", "%G1", "%4",  "%E0",
        "%ED", "%E2%80%A8", "\xC3", "%2F.", "%2F%41", "/C:", "%C2", "%85", "%c3", "%2F"};
    std::string path = "/";
    std::size_t const length = random() % 160;
    while (path.size() < length) {
        for (std::size_t pieces = 1 + random() % 4; pieces > 0; --pieces)
            path += random() % 24 == 0 ? risky[random() % risky.size()] : plain[random() % plain.size()];
        if (random() % 3 != 0) path += '/';
    }
    // Long plain stretches, so that blocks pass whole and the input's end lands anywhere.
    if (random() % 2 == 0) path.insert(1 + random() % path.size(), a(random() % 70));
    return path;
}

// The warnings still to report, as the failure message names them.
std::string describe(escape_warnings const& w)
{
    if (!w.wanted) return "no warnings wanted";
    std::string out = "warnings still to report:";
    for (auto const& [still, name] : {std::pair{w.lowercase, " lowercase"}, std::pair{w.needless, " needless"},
                                      std::pair{w.encoded_slash, " encoded-slash"},
                                      std::pair{w.drive_letter, " drive-letter"}, std::pair{w.non_utf8, " non-utf8"}})
        if (still) out += name;
    return out;
}

// Every field, at every length and alignment the generator reaches, with and without each
// warning still to report, for both segment sets: the AVX2 form takes exactly what the model
// says needs no judgement (anything less would be correct but slow, and the fast-path tests
// could not tell).
TEST(PlainSegments, TheAvx2FormAnswersAsTheModel)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    std::mt19937 random(20261128); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::size_t wrong = 0;
    std::size_t to_end = 0;
    std::size_t slashed = 0;
    for (int k = 0; k < 200'000 && wrong < 10; ++k) {
        std::string const uri = join({"ftp://", a(static_cast<std::size_t>(1 + k % 9)), random_path(random)});
        auto const q = static_cast<std::uint32_t>(7 + k % 9); // the path's "/"
        auto const flags = static_cast<unsigned>(random());
        escape_warnings const warnings = flags % 3 == 0 ? escape_warnings{}
                                                        : escape_warnings{true,
                                                                          (flags & 0x18U) == 0x18U,
                                                                          (flags & 0x60U) == 0x60U,
                                                                          (flags & 0x180U) == 0x180U,
                                                                          (flags & 0x600U) == 0x600U,
                                                                          (flags & 0x1800U) == 0x1800U};
        bool const ftp = (flags & 4U) != 0;
        auto const& set = ftp ? ftpuri::detail::ftp_segment_run : ftpuri::detail::segment_run;
        plain_segments const got = segments_in(uri, q, ftp, warnings);
        plain_segments const want = segment_model(uri, set, warnings).answer(q);
        to_end += want.to_end ? 1U : 0U;
        slashed += want.last_slashed != none ? 1U : 0U;
        if (!same_answer(got, want)) {
            ++wrong;
            ADD_FAILURE() << uri << " (" << describe(warnings) << ", " << (ftp ? "ftp" : "pchar") << "): got end "
                          << got.end << " count " << got.count << " escape " << got.first_escape << " slashed "
                          << got.last_slashed << " to_end " << got.to_end << "; want " << want.end << " " << want.count
                          << " " << want.first_escape << " " << want.last_slashed << " " << want.to_end;
        }
    }
    EXPECT_EQ(wrong, 0U);
    EXPECT_GT(to_end, 1000U); // the model's every answer was asked for
    EXPECT_GT(slashed, 1000U);
}

// An escaped "/" is recorded by the segment that holds it once a taken "/" ends that segment,
// in the block it lies in or a later one. Every lane of a first and a second block for the "/"
// before it, and a segment after that the input's end, a later "/" or a "." ends: as the model.
TEST(PlainSegments, TheAvx2FormRecordsEscapedSlashesAsTheModel)
{
    if (ftpuri::detail::detected_simd_level() != simd_level::avx2) GTEST_SKIP() << "no AVX2 on this machine";
    level_guard const avx2(simd_level::avx2);
    std::size_t wrong = 0;
    for (std::size_t before = 1; before < 70; ++before) {
        for (std::size_t inside = 1; inside < 4; ++inside) {
            for (std::string_view const tail : {"", "b", "/", "/b", "/b/c", "/./b", "b/"}) {
                for (std::size_t const rest : {0U, 5U, 40U}) {
                    std::string const uri = join({"ftp://h/", a(before), "/", a(inside), "%2F", a(rest), tail});
                    plain_segments const got = segments_of(uri, all_warnings(false));
                    plain_segments const want =
                        segment_model(uri, ftpuri::detail::ftp_segment_run, all_warnings(false)).answer(slash);
                    if (got.last_slashed != want.last_slashed || got.count != want.count || got.to_end != want.to_end) {
                        if (++wrong <= 10)
                            ADD_FAILURE() << uri << ": got slashed " << got.last_slashed << " count " << got.count
                                          << "; want " << want.last_slashed << " " << want.count;
                    }
                }
            }
        }
    }
    EXPECT_EQ(wrong, 0U);
}

TEST(PlainSegments, TheSse2FormTakesSegmentsWithoutEscapesAndNeverTheLast)
{
    level_guard const sse2(simd_level::sse2);
    std::string const path = join({"/", a(15), "/", a(15), "/", a(15), "/./", a(20)});
    expect(path, {slash + 48, 3, none, false});
}

// The SSE2 form, as its description says: whole 16-byte blocks from the byte after the "/",
// segments of Set's bytes alone (no escape), each ended by a "/" inside those blocks, none empty,
// none beginning with "." or "~", none with ":" second. Never the last, never an escape.
plain_segments sse2_model(std::string_view uri, ftpuri::detail::plain_set const& set, std::uint32_t q)
{
    auto const n = static_cast<std::uint32_t>(uri.size());
    std::uint32_t const limit = q + 1 + (n - q - 1) / 16 * 16;
    auto const at = [&](std::uint32_t i) { return static_cast<unsigned char>(uri[i]); };
    plain_segments found{q};
    for (std::uint32_t a = q + 1;;) {
        std::uint32_t b = a;
        while (b < limit && at(b) != '/' && set.member[at(b)])
            ++b;
        if (b == limit || at(b) != '/' || b == a || at(a) == '.' || at(a) == '~' || (b - a >= 2 && at(a + 1) == ':'))
            return found;
        found.count += 1;
        found.end = b;
        a = b + 1;
    }
}

// Every field, on the generator's paths (their escapes stop the SSE2 form), at every length and
// alignment it reaches, for both segment sets.
TEST(PlainSegments, TheSse2FormAnswersAsTheModel)
{
    if (ftpuri::detail::detected_simd_level() == simd_level::scalar) GTEST_SKIP() << "no SSE2 on this machine";
    level_guard const sse2(simd_level::sse2);
    std::mt19937 random(20261129); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::size_t wrong = 0;
    std::size_t taken = 0;
    for (int k = 0; k < 100'000 && wrong < 10; ++k) {
        std::string uri = join({"ftp://", a(static_cast<std::size_t>(1 + k % 9)), random_path(random)});
        // Escape-free paths too, where the segments taken reach the last whole block.
        if (k % 2 == 0) std::erase(uri, '%');
        auto const q = static_cast<std::uint32_t>(7 + k % 9);
        bool const ftp = k % 4 < 2;
        auto const& set = ftp ? ftpuri::detail::ftp_segment_run : ftpuri::detail::segment_run;
        escape_warnings const warnings = all_warnings(k % 3 == 0);
        plain_segments const got = segments_in(uri, q, ftp, warnings);
        plain_segments const want = sse2_model(uri, set, q);
        taken += want.count;
        if (!same_answer(got, want)) {
            ++wrong;
            ADD_FAILURE() << uri << " (" << (ftp ? "ftp" : "pchar") << "): got end " << got.end << " count "
                          << got.count << " escape " << got.first_escape << " slashed " << got.last_slashed
                          << " to_end " << got.to_end << "; want " << want.end << " " << want.count;
        }
    }
    EXPECT_EQ(wrong, 0U);
    EXPECT_GT(taken, 100'000U); // segments were taken, not only refused
}

TEST(PlainSegments, ThePortableFormTakesNone)
{
    level_guard const scalar(simd_level::scalar);
    expect(join({"/", a(40), "/", a(40)}), {slash, 0});
}

} // namespace
