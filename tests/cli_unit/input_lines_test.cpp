// SPDX-License-Identifier: Apache-2.0
// tests/cli_unit/input_lines_test.cpp: what ftpuri-check takes from a list as inputs: blank and
// '#' lines skipped (is_skipped_line, line_checker's two loops), NUL-separated inputs
// (block_reader with -0's separator), and --diff's unified diff, held to diff -u itself.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "block_reader.hpp"
#include "line_checker.hpp"
#include "temporary_file.hpp"
#include "unified_diff.hpp"

namespace {

using namespace ftpuri::cli;

TEST(SkippedLines, BlanksAndCommentsOnly)
{
    for (std::string_view const line : {"", " ", "\t", "\r", " \t\f\v\r", "#", "# mirrors", "   # indented", "\t#x"})
        EXPECT_TRUE(is_skipped_line(line)) << '"' << line << '"';
    // A URI, whatever follows in it, and anything that is not only blanks before a '#'.
    for (std::string_view const line : {"ftp://h/#frag", "x#", " ftp://h/", "\x01#", "\xA0#", "ftp://h/\n", "\n"})
        EXPECT_FALSE(is_skipped_line(line)) << '"' << line << '"';
}

// The same blocks through the general loop and the verdicts-only loop: the same counts, and no
// line of either kind lost; --no-skip makes every line an input.
// `text` read from a file as ftpuri-check reads it, each block through check_lines().
void check_file_text(line_checker& checker, std::string const& text)
{
    std::FILE* file = temporary_file_holding(text);
    ASSERT_NE(file, nullptr);
    block_reader reader(file, block_reader::no_cap);
    line_block block;
    std::uint64_t first = 1;
    while (reader.next(block)) {
        checker.check_lines({"list", first, true}, block);
        first += block.line_count();
    }
    static_cast<void>(std::fclose(file));
}

TEST(SkippedLines, BothLoopsSkipTheSameLinesAndNoSkipChecksThem)
{
    std::string const text = "# list\nftp://h/a\n\n  \t\nftp://h/b c\n   # x\r\nftp://h/c#d\n";
    for (bool skip : {true, false}) {
        for (bool quiet : {true, false}) {
            check_settings settings;
            settings.quiet = quiet;
            settings.skip_comments = skip;
            line_checker checker(settings);
            check_file_text(checker, text);
            tally const& t = checker.counts();
            EXPECT_EQ(t.skipped, skip ? 4U : 0U) << skip << quiet;
            EXPECT_EQ(t.inputs, skip ? 3U : 7U) << skip << quiet;
            EXPECT_EQ(t.invalid, skip ? 1U : 5U) << skip << quiet; // the raw space; with --no-skip the others
            EXPECT_EQ(t.bytes, text.size());
        }
    }
}

// --in-place writes a skipped line back as it was, with its own ending; --fix alone prints
// canonical forms only (a comment may hold bytes a terminal would obey).
TEST(SkippedLines, FixKeepsThem)
{
    std::string const text = "# c\r\nFTP://h/\n\n";
    for (fix_mode mode : {fix_mode::print, fix_mode::in_place}) {
        check_settings settings;
        settings.fix = mode;
        line_checker checker(settings);
        check_file_text(checker, text);
        EXPECT_EQ(checker.output(), mode == fix_mode::in_place ? "# c\r\nftp://h/\n\n" : "ftp://h/\n");
    }
}

std::vector<std::string> read_separated(std::string_view input, char separator, std::size_t block_bytes)
{
    std::vector<std::string> lines;
    std::FILE* file = temporary_file_holding(input);
    if (file == nullptr) return lines;
    block_reader reader(file, block_reader::no_cap, block_bytes);
    reader.use_separator(separator);
    line_block block;
    while (reader.next(block))
        block.for_each_line([&](std::string_view kept, line_info const&) { lines.emplace_back(kept); });
    static_cast<void>(std::fclose(file));
    return lines;
}

// -0: NUL ends an input, whatever the block size; "\n" and "\r" are bytes of it.
TEST(NullSeparated, NulEndsAnInputAndNewlinesAreBytes)
{
    std::string const input("ftp://h/a\0ftp://h/b\r\n\0\0ftp://h/c", 32);
    std::vector<std::string> const want = {"ftp://h/a", "ftp://h/b\r\n", "", "ftp://h/c"};
    for (std::size_t block_bytes = 1; block_bytes <= input.size() + 1; ++block_bytes)
        EXPECT_EQ(read_separated(input, '\0', block_bytes), want) << block_bytes;
    // 64-byte strides take the vector path of the line split.
    std::string long_input;
    std::vector<std::string> long_want;
    for (int i = 0; i < 300; ++i) {
        long_want.push_back("ftp://h/" + std::string(static_cast<std::size_t>(i % 70), 'x') + "\n");
        long_input += long_want.back();
        long_input.push_back('\0');
    }
    EXPECT_EQ(read_separated(long_input, '\0', block_reader::default_block_bytes), long_want);
    EXPECT_EQ(read_separated(long_input, '\0', 100), long_want);
}

std::string diff_u(std::string const& before, std::string const& after)
{
    char a_name[] = "/tmp/ftpuri-diff-a-XXXXXX";
    char b_name[] = "/tmp/ftpuri-diff-b-XXXXXX";
    int const a = ::mkstemp(a_name);
    int const b = ::mkstemp(b_name);
    if (a < 0 || b < 0) return "mkstemp failed";
    std::ofstream(a_name, std::ios::binary) << before;
    std::ofstream(b_name, std::ios::binary) << after;
    std::string const command = std::string("diff -u --label NAME --label NAME ") + a_name + " " + b_name;
    std::string out;
    // NOLINTNEXTLINE(cert-env33-c): the reference is diff(1), a program of its own
    if (std::FILE* p = ::popen(command.c_str(), "r")) {
        std::array<char, 4096> chunk{};
        for (std::size_t n; (n = std::fread(chunk.data(), 1, chunk.size(), p)) > 0;)
            out.append(chunk.data(), n);
        static_cast<void>(::pclose(p));
    }
    static_cast<void>(std::remove(a_name));
    static_cast<void>(std::remove(b_name));
    return out;
}

// --diff's hunks are diff -u's, byte for byte, on files whose lines change in place (what
// --fix --in-place does): random changes over random lengths, with and without a last newline.
TEST(UnifiedDiff, IsDiffUOnLineByLineChanges)
{
    std::mt19937 random(20261124); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    EXPECT_EQ(unified_diff("NAME", "a\n", "a\n"), "");
    for (int round = 0; round < 300; ++round) {
        std::size_t const lines = 1 + random() % 30;
        std::string before, after;
        for (std::size_t i = 0; i < lines; ++i) {
            std::string const line = "ftp://h/" + std::to_string(i);
            bool const changed = random() % 5 == 0;
            bool const last = i + 1 == lines;
            std::string const end = last && random() % 3 == 0 ? "" : (random() % 4 == 0 ? "\r\n" : "\n");
            before.append(line).append(end);
            after.append(line).append(changed ? "x" : "").append(end);
        }
        EXPECT_EQ(unified_diff("NAME", before, after), diff_u(before, after)) << before << "=>\n" << after;
    }
}

} // namespace
