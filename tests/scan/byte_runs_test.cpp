// SPDX-License-Identifier: Apache-2.0
// byte_runs_test: the scanner's first stage (src/scan/byte_runs.hpp) finds where a run of plain
// bytes ends identically in its three forms (portable, SSE2, AVX2), for every set the scanner
// uses, at every alignment and every length modulo 64, and each form answers what the grammar
// set says of every byte.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ftpuri/charset.hpp"
#include "scan/authority.hpp"
#include "scan/byte_runs.hpp"
#include "scan/host.hpp"
#include "scan/path.hpp"
#include "scan/query.hpp"
#include "support/simd_level_guard.hpp"

namespace {

using ftpuri::charset;
using ftpuri::detail::plain_set;
using ftpuri::detail::simd_level;

struct named_set {
    char const* name;
    plain_set const& set;
    charset grammar; // what the set must hold
    std::uint32_t (*run_end)(unsigned char const*, std::uint32_t, std::uint32_t);
};

template <plain_set const& Set>
std::uint32_t run_end_of(unsigned char const* s, std::uint32_t q, std::uint32_t n)
{
    return ftpuri::detail::run_end<Set>(s, q, n);
}

std::vector<named_set> const& sets()
{
    using namespace ftpuri::detail;
    namespace chars = ftpuri::chars;
    static std::vector<named_set> const all = {
        {"ftp_segment_run", ftp_segment_run, chars::ftp_segment_char, run_end_of<ftp_segment_run>},
        {"segment_run", segment_run, chars::pchar, run_end_of<segment_run>},
        {"usp_char_run", usp_char_run, chars::usp_char, run_end_of<usp_char_run>},
        {"authority_inside_run", authority_inside_run, charset::range(0, 0xFF) - charset("/?#@"),
         run_end_of<authority_inside_run>},
        {"dns_name_lower_run", dns_name_lower_run, ftpuri::rules::dns_name_char - uppercase,
         run_end_of<dns_name_lower_run>},
        {"dns_name_run", dns_name_run, ftpuri::rules::dns_name_char, run_end_of<dns_name_run>},
        {"reg_name_lower_run", reg_name_lower_run, chars::reg_name_char - uppercase, run_end_of<reg_name_lower_run>},
        {"reg_name_run", reg_name_run, chars::reg_name_char, run_end_of<reg_name_run>},
        {"fragment_run", fragment_run, chars::fragment_char, run_end_of<fragment_run>},
        {"query_extent_run", query_extent_run, charset::range(0, 0xFF) - '#', run_end_of<query_extent_run>},
    };
    return all;
}

std::vector<simd_level> levels()
{
    std::vector<simd_level> out{simd_level::scalar};
    if (ftpuri::detail::detected_simd_level() != simd_level::scalar) out.push_back(simd_level::sse2);
    if (ftpuri::detail::detected_simd_level() == simd_level::avx2) out.push_back(simd_level::avx2);
    return out;
}

using level_guard = ftpuri_test::simd_level_guard;

// Whether the nibble tables hold byte c: its low nibble's column AND its high nibble's row.
bool nibbles_hold(ftpuri::detail::nibble_set const& t, unsigned c)
{
    return (t.low[c & 15U] & t.high[c >> 4U]) != 0;
}

TEST(ByteRuns, EachFormHoldsTheGrammarSet)
{
    for (named_set const& s : sets()) {
        for (unsigned c = 0; c < 256; ++c) {
            bool const expected = s.grammar.contains(static_cast<unsigned char>(c));
            EXPECT_EQ(s.set.member[c], expected) << s.name << " byte " << c;
            bool in_range = false;
            for (unsigned r = 0; r < s.set.range_count; ++r)
                in_range = in_range || (c >= s.set.ranges[r][0] && c <= s.set.ranges[r][1]);
            bool const nibbles = c < 0x80 && nibbles_hold(s.set.ascii, c);
            EXPECT_EQ(c < 0x80 ? in_range : s.set.non_ascii, expected) << s.name << " ranges, byte " << c;
            EXPECT_EQ(c < 0x80 ? nibbles : s.set.non_ascii, expected) << s.name << " nibbles, byte " << c;
        }
    }
}

// The nibble tables of sets at their edges: rows that hold one byte (the one whose low nibble
// is 0, so its row's mask is 1), and eight distinct rows, as many as the tables have bits.
TEST(ByteRuns, NibbleTablesHoldRowsOfOneByteAndEightDistinctRows)
{
    constexpr auto alone = [](unsigned c) { return c == ' ' || c == '0' || c == '@' || c == '`'; };
    constexpr ftpuri::detail::nibble_set one_byte_rows = ftpuri::detail::make_nibble_set(alone);
    // Row r holds the bytes of low nibble r and 15 - r: eight masks, none alike.
    constexpr auto diagonal = [](unsigned c) {
        return c < 0x80 && ((c & 15U) == c >> 4U || (c & 15U) == 15U - (c >> 4U));
    };
    constexpr ftpuri::detail::nibble_set eight_rows = ftpuri::detail::make_nibble_set(diagonal);
    for (unsigned c = 0; c < 0x80; ++c) {
        EXPECT_EQ(nibbles_hold(one_byte_rows, c), alone(c)) << "byte " << c;
        EXPECT_EQ(nibbles_hold(eight_rows, c), diagonal(c)) << "byte " << c;
    }
}

// Buffers whose bytes are mostly the set's members, with a stop byte now and then: runs of
// every length end at every offset of a 16- and a 32-byte block.
TEST(ByteRuns, EveryFormFindsTheSameEndAtEveryAlignmentAndLength)
{
    std::mt19937 engine(20261127); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    auto random = [&engine] { return static_cast<std::uint32_t>(engine()); };
    for (named_set const& s : sets()) {
        std::vector<unsigned char> members;
        std::vector<unsigned char> others;
        for (unsigned c = 0; c < 256; ++c)
            (s.set.member[c] ? members : others).push_back(static_cast<unsigned char>(c));
        ASSERT_FALSE(members.empty()) << s.name;
        ASSERT_FALSE(others.empty()) << s.name;
        for (int round = 0; round < 300; ++round) {
            std::uint32_t const n = random() % 200;
            unsigned const one_in = 1U + random() % 80U;
            std::vector<unsigned char> buffer(n + 64);
            std::uint32_t const offset = random() % 64; // the input's alignment in memory
            for (std::uint32_t i = 0; i < n; ++i) {
                bool const stop = random() % one_in == 0;
                std::vector<unsigned char> const& from = stop ? others : members;
                buffer[offset + i] = from[random() % from.size()];
            }
            unsigned char const* text = buffer.data() + offset;
            for (std::uint32_t q = 0; q <= n; q += 1 + random() % 7) {
                std::uint32_t expected = q;
                while (expected < n && s.grammar.contains(text[expected]))
                    ++expected;
                for (simd_level const level : levels()) {
                    level_guard const guard(level);
                    EXPECT_EQ(s.run_end(text, q, n), expected)
                        << s.name << " level " << static_cast<int>(level) << " n " << n << " q " << q;
                }
            }
        }
    }
}

// Long runs reach the AVX2 form (after 48 bytes) and its own tail, at every length mod 64. The
// input is exactly n bytes on the heap: under ASan, a read past its end stops the test.
TEST(ByteRuns, LongRunsEndWhereTheFirstStopIs)
{
    for (std::uint32_t n = 1; n < 300; ++n) {
        for (std::uint32_t stop = 0; stop <= n; stop += (n < 70 ? 1 : 13)) {
            std::vector<unsigned char> text(n, 'a');
            if (stop < n) text[stop] = '/';
            unsigned char const* s = text.data();
            for (simd_level const level : levels()) {
                level_guard const guard(level);
                EXPECT_EQ(ftpuri::detail::run_end<ftpuri::detail::ftp_segment_run>(s, 0, n), stop)
                    << "n " << n << " level " << static_cast<int>(level);
            }
        }
    }
}

// AVX2 is used only with POPCNT, which its forms count bits with. A feature is present when
// its answer is nonzero, whichever bit it is (bit 31 makes it negative).
TEST(SimdLevel, AvxTwoIsUsedOnlyWithPopcnt)
{
    using ftpuri::detail::x86_simd_level;
    for (int const present : {1, 4, 1024, std::numeric_limits<int>::min()}) {
        EXPECT_EQ(x86_simd_level(present, present), simd_level::avx2) << present;
        EXPECT_EQ(x86_simd_level(present, 0), simd_level::sse2) << present;
        EXPECT_EQ(x86_simd_level(0, present), simd_level::sse2) << present;
    }
    EXPECT_EQ(x86_simd_level(0, 0), simd_level::sse2);
}

// The level detected is the one the kernel's view of the CPU gives: a detection that answered
// less would let the tests of the faster forms skip as if the machine lacked them.
TEST(SimdLevel, TheDetectedLevelIsTheCpusOwn)
{
#if defined(__x86_64__) && defined(__linux__)
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line) && line.rfind("flags", 0) != 0) {
    }
    if (line.empty()) GTEST_SKIP() << "no flags line in /proc/cpuinfo";
    std::istringstream words(line);
    bool avx2 = false;
    bool popcnt = false;
    for (std::string word; words >> word;) {
        avx2 = avx2 || word == "avx2";
        popcnt = popcnt || word == "popcnt";
    }
    EXPECT_EQ(ftpuri::detail::detected_simd_level(), ftpuri::detail::x86_simd_level(avx2 ? 1 : 0, popcnt ? 1 : 0))
        << line;
#else
    GTEST_SKIP() << "the CPU's flags are read from Linux's /proc/cpuinfo on x86-64";
#endif
}

} // namespace
