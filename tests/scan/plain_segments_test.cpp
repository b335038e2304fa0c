// SPDX-License-Identifier: Apache-2.0
// plain_segments_test: what the path's block stage (src/scan/plain_segments.hpp) reports, field
// by field, where a segment that needs judging stands at a block's edge: the "/" that ends one
// block and a ".", "~", "/" or drive letter that begins the next, the escapes it takes, and
// whether the input's end ends the last segment it took. The fast-path tests hold the stage's
// effect on whole scans to the portable scan; this holds what it says.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

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

plain_segments segments_of(std::string const& uri, escape_warnings const& warnings)
{
    auto const* s = reinterpret_cast<unsigned char const*>(uri.data());
    return ftpuri::detail::find_plain_segments<ftpuri::detail::ftp_segment_run>(
        s, slash, static_cast<std::uint32_t>(uri.size()), warnings);
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

TEST(PlainSegments, TheSse2FormTakesSegmentsWithoutEscapesAndNeverTheLast)
{
    level_guard const sse2(simd_level::sse2);
    std::string const path = join({"/", a(15), "/", a(15), "/", a(15), "/./", a(20)});
    expect(path, {slash + 48, 3, none, false});
}

TEST(PlainSegments, ThePortableFormTakesNone)
{
    level_guard const scalar(simd_level::scalar);
    expect(join({"/", a(40), "/", a(40)}), {slash, 0});
}

} // namespace
