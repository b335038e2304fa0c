// SPDX-License-Identifier: Apache-2.0
// utf8_test: the scanner's UTF-8 state machine (src/utf8.hpp) gives a plain decoder's answers
// (tests/support/utf8_reference.hpp): the same finding after every byte, the same range for it,
// and the same verdict at the end, on every sequence of up to four events over one byte of each
// kind that matters (each boundary of RFC 3629's ranges, the line separators' bytes) and a raw
// byte, on every pair of the 256 bytes, and on long random sequences.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/utf8_reference.hpp"
#include "utf8.hpp"

namespace {

constexpr int raw = -1; // an unescaped byte between escapes

// One byte of each kind: ASCII, every edge of the continuation ranges, every lead, the bytes
// of U+0085, U+2028 and U+2029.
std::vector<int> const kinds = {0x00, 0x41, 0x7F, 0x80, 0x81, 0x84, 0x85, 0x86, 0x8F, 0x90, 0x9F, 0xA0,
                                0xA7, 0xA8, 0xA9, 0xAA, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1,
                                0xE2, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF, raw};

std::string show(std::vector<int> const& events)
{
    std::ostringstream os;
    for (int e : events) {
        if (e == raw) {
            os << "raw ";
        } else {
            os << std::hex << e << ' ';
        }
    }
    return os.str();
}

// Feeds both; the first difference, or "".
std::string compare(std::vector<int> const& events)
{
    ftpuri::utf8_checker machine;
    ftpuri_test::utf8_reference model;
    std::uint32_t at = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        int const e = events[i];
        ftpuri::utf8_finding a{};
        ftpuri::utf8_finding b{};
        if (e == raw) {
            a = machine.raw_byte();
            b = model.raw_byte();
            at += 1;
        } else {
            auto const byte = static_cast<unsigned char>(e);
            a = machine.escaped_byte(byte, at, at + 3);
            b = model.escaped_byte(byte, at, at + 3);
            at += 3;
        }
        if (a != b) return show(events) + ": finding after event " + std::to_string(i);
        if (a != ftpuri::utf8_finding::none &&
            (machine.finding_begin() != model.finding_begin() || machine.finding_end() != model.finding_end()))
            return show(events) + ": range after event " + std::to_string(i);
        if (machine.expects_continuation() != model.expects_continuation())
            return show(events) + ": expects_continuation after event " + std::to_string(i);
    }
    if (machine.finish() != model.finish()) return show(events) + ": finish";
    if (machine.ok() != model.ok()) return show(events) + ": ok";
    return {};
}

TEST(Utf8Checker, AgreesWithThePlainDecoderOnEveryShortSequenceOfKinds)
{
    std::size_t checked = 0;
    std::vector<int> events;
    // Every sequence of 1 to 4 events, odometer-style (then the end of the component).
    for (std::size_t length = 1; length <= 4; ++length) {
        std::vector<std::size_t> digit(length, 0);
        for (;;) {
            events.clear();
            for (std::size_t d : digit)
                events.push_back(kinds[d]);
            std::string const differs = compare(events);
            ASSERT_EQ(differs, "");
            ++checked;
            std::size_t i = 0;
            while (i < length && ++digit[i] == kinds.size())
                digit[i++] = 0;
            if (i == length) break;
        }
    }
    EXPECT_GT(checked, 1'600'000U);
}

TEST(Utf8Checker, AgreesOnEveryPairOfBytes)
{
    for (int a = 0; a < 256; ++a)
        for (int b = 0; b < 256; ++b)
            for (int tail : {raw, 0x80, 0xBF})
                ASSERT_EQ(compare({a, b, tail}), "");
}

TEST(Utf8Checker, AgreesOnLongRandomSequences)
{
    std::mt19937 random(7); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    for (int round = 0; round < 20000; ++round) {
        std::vector<int> events(1 + random() % 40);
        for (int& e : events)
            e = random() % 5 == 0 ? kinds[random() % kinds.size()] : static_cast<int>(random() % 256);
        ASSERT_EQ(compare(events), "");
    }
}

// The machine can fail this test: a plain UTF-8 line separator, a look-alike and a broken
// sequence, each as the rules say.
TEST(Utf8Checker, FindsWhatTheRulesName)
{
    ftpuri::utf8_checker euro;
    EXPECT_EQ(euro.escaped_byte(0xE2, 0, 3), ftpuri::utf8_finding::none);
    EXPECT_EQ(euro.escaped_byte(0x82, 3, 6), ftpuri::utf8_finding::none);
    EXPECT_EQ(euro.escaped_byte(0xAC, 6, 9), ftpuri::utf8_finding::none);
    EXPECT_TRUE(euro.ok());

    ftpuri::utf8_checker separator;
    EXPECT_EQ(separator.escaped_byte(0xE2, 0, 3), ftpuri::utf8_finding::none);
    EXPECT_EQ(separator.escaped_byte(0x80, 3, 6), ftpuri::utf8_finding::none);
    EXPECT_EQ(separator.escaped_byte(0xA8, 6, 9), ftpuri::utf8_finding::line_separator);
    EXPECT_EQ(separator.finding_begin(), 0U);
    EXPECT_EQ(separator.finding_end(), 9U);

    ftpuri::utf8_checker dot; // %C0%AE
    EXPECT_EQ(dot.escaped_byte(0xC0, 0, 3), ftpuri::utf8_finding::none);
    EXPECT_EQ(dot.escaped_byte(0xAE, 3, 6), ftpuri::utf8_finding::look_alike);
    EXPECT_FALSE(dot.ok());

    ftpuri::utf8_checker cut; // %C3 then "a"
    EXPECT_EQ(cut.escaped_byte(0xC3, 0, 3), ftpuri::utf8_finding::none);
    EXPECT_TRUE(cut.expects_continuation());
    EXPECT_EQ(cut.raw_byte(), ftpuri::utf8_finding::none);
    EXPECT_FALSE(cut.ok());
}

} // namespace
