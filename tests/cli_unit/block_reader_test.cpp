// SPDX-License-Identifier: Apache-2.0
// block_reader_test: ftpuri-check's reader (src/cli/block_reader) gives every line of a file,
// with its ending and its whole length, whatever the block size, the line limit and the cap;
// and find_whole_lines() counts what a plain loop counts.
//
// Each input is read with many block sizes and line limits, down to one byte and one line, so
// that every way a line can meet a block's end is reached: a "\n" or a CRLF's halves at the
// cut, a line longer than a block (read in chunks, kept up to the cap), the input's last line
// without "\n". The expected lines come from a plain split written here.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "block_reader.hpp"
#include "reference_lines.hpp"
#include "temporary_file.hpp"

namespace {

using ftpuri::cli::block_reader;
using ftpuri::cli::line_block;
using ftpuri::cli::line_end;
using ftpuri::cli::line_info;

struct line {
    std::string bytes;
    line_end end;
    bool operator==(line const&) const = default;
};

std::ostream& operator<<(std::ostream& os, line const& l)
{
    return os << '"' << l.bytes << "\" end " << static_cast<int>(l.end);
}

std::vector<line> split(std::string_view input)
{
    std::vector<line> lines;
    for (reference_line const& l : reference_lines(input))
        lines.push_back({std::string(l.bytes), l.end});
    return lines;
}

// Reads `input` from a temporary file; the kept part of each line, its length and the blocks.
struct read_result {
    std::vector<line> lines;
    std::vector<std::uint64_t> lengths;
    std::size_t blocks = 0;
    std::uint64_t bytes_read = 0;
    bool skipped_bom = false;
    std::string_view foreign;
};

read_result read(std::string_view input, std::size_t cap, std::size_t block_bytes, std::size_t block_lines)
{
    std::FILE* file = temporary_file_holding(input);
    if (file == nullptr) return {};
    read_result r;
    block_reader reader(file, cap, block_bytes, block_lines);
    line_block block;
    while (reader.next(block)) {
        std::uint64_t in_block = 0;
        block.for_each_line([&](std::string_view kept, line_info const& info) {
            EXPECT_EQ(kept.size(), info.kept);
            r.lines.push_back({std::string(kept), info.end});
            r.lengths.push_back(info.length);
            ++in_block;
        });
        EXPECT_EQ(in_block, block.line_count());
        EXPECT_GE(in_block, 1U);
        EXPECT_LE(in_block, block_lines);
        ++r.blocks;
    }
    EXPECT_FALSE(reader.failed());
    EXPECT_TRUE(reader.exhausted());
    r.bytes_read = reader.bytes_read();
    r.skipped_bom = reader.skipped_bom();
    if (reader.foreign_mark() != nullptr) r.foreign = reader.foreign_mark()->encoding;
    static_cast<void>(std::fclose(file));
    return r;
}

// Every block size from 1 to past the input, line limits 1 to 3 and none, caps 2 and none.
void expect_lines_of(std::string_view input)
{
    std::vector<line> const expected = split(input);
    for (std::size_t block_bytes = 1; block_bytes <= input.size() + 2; ++block_bytes) {
        for (std::size_t block_lines : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{1000}}) {
            for (std::size_t cap : {std::size_t{2}, block_reader::no_cap}) {
                read_result const r = read(input, cap, block_bytes, block_lines);
                ASSERT_EQ(r.lines.size(), expected.size()) << "block " << block_bytes << " lines " << block_lines;
                for (std::size_t i = 0; i < expected.size(); ++i) {
                    line want = expected[i];
                    EXPECT_EQ(r.lengths[i], want.bytes.size()) << i;
                    want.bytes.resize(std::min(want.bytes.size(), cap));
                    EXPECT_EQ(r.lines[i], want)
                        << "line " << i << ", block " << block_bytes << ", lines " << block_lines << ", cap " << cap;
                }
                EXPECT_EQ(r.bytes_read, input.size());
            }
        }
    }
}

TEST(BlockReader, EmptyInputHasNoLines)
{
    read_result const r = read("", block_reader::no_cap, 4, 2);
    EXPECT_TRUE(r.lines.empty());
    EXPECT_EQ(r.blocks, 0U);
}

TEST(BlockReader, EndingsAndEmptyLines)
{
    expect_lines_of("a\nbb\r\nccc");
    expect_lines_of("\n\n\r\n\n");
    expect_lines_of("\r");
    expect_lines_of("x\r");                                // a last "\r" without "\n" is part of the line
    expect_lines_of("x\r\r\n\ry\n");                       // only the "\r" just before "\n" is the ending
    expect_lines_of(std::string_view("a\0b\nc\0\r\n", 8)); // NUL bytes are bytes
}

// A UTF-8 byte order mark that begins the file belongs to no line, whatever the block size; the
// same bytes anywhere else, or a mark's first bytes alone, are a line's.
TEST(BlockReader, ByteOrderMarkAtTheStartIsSkipped)
{
    std::string_view const bom = "\xEF\xBB\xBF";
    for (std::size_t block_bytes : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{4}, std::size_t{64}}) {
        read_result const r = read("\xEF\xBB\xBF"
                                   "ftp://h/x\r\n# c\n",
                                   block_reader::no_cap, block_bytes, 1000);
        EXPECT_TRUE(r.skipped_bom);
        EXPECT_EQ(r.lines, (std::vector<line>{{"ftp://h/x", line_end::crlf}, {"# c", line_end::lf}})) << block_bytes;
        EXPECT_EQ(r.bytes_read, bom.size() + 15);
        read_result const alone = read(bom, block_reader::no_cap, block_bytes, 1000);
        EXPECT_TRUE(alone.skipped_bom);
        EXPECT_TRUE(alone.lines.empty());
        read_result const later = read("a\n\xEF\xBB\xBF"
                                       "b",
                                       block_reader::no_cap, block_bytes, 1000);
        EXPECT_FALSE(later.skipped_bom);
        EXPECT_EQ(later.lines, (std::vector<line>{{"a", line_end::lf},
                                                  {"\xEF\xBB\xBF"
                                                   "b",
                                                   line_end::none}}));
        read_result const partial = read("\xEF\xBB"
                                         "x\n",
                                         block_reader::no_cap, block_bytes, 1000);
        EXPECT_FALSE(partial.skipped_bom);
        EXPECT_EQ(partial.lines, (std::vector<line>{{"\xEF\xBB"
                                                     "x",
                                                     line_end::lf}}));
    }
    expect_lines_of("\xEF\xBB\xBF"
                    "a\nbb\r\nccc");
    expect_lines_of("\xEF\xBB\xBF\n");
    expect_lines_of("\xEF\xBB");
    expect_lines_of("\xEF\xBB\xBF"
                    "\xEF\xBB\xBF");
}

// A UTF-16 or UTF-32 byte order mark: every line would be misread, so none is given, and the
// encoding is named. Bytes that only begin a mark are a line's.
TEST(BlockReader, OtherEncodingsByteOrderMarkGivesNoLine)
{
    using namespace std::string_view_literals;
    struct row {
        std::string_view input;
        std::string_view encoding;
    };
    for (row const& r : {row{"\xFF\xFE"
                             "f\0t\0p\0\n\0"sv,
                             "UTF-16LE"},
                         row{"\xFE\xFF\0f\0t\0p\0\n"sv, "UTF-16BE"},
                         row{"\xFF\xFE\0\0"
                             "f\0\0\0\n\0\0\0"sv,
                             "UTF-32LE"},
                         row{"\0\0\xFE\xFF\0\0\0f\0\0\0\n"sv, "UTF-32BE"}, row{"\xFF\xFE"sv, "UTF-16LE"}}) {
        for (std::size_t block_bytes : {std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
            read_result const got = read(r.input, block_reader::no_cap, block_bytes, 1000);
            EXPECT_EQ(got.foreign, r.encoding) << r.input.size();
            EXPECT_TRUE(got.lines.empty());
            EXPECT_EQ(got.blocks, 0U);
            EXPECT_FALSE(got.skipped_bom);
        }
    }
    for (std::string_view const input : {"\xFE\n"sv, "\xFF\n"sv, "\0\0\xFE\n"sv, "\xFF\xFD\n"sv}) {
        read_result const got = read(input, block_reader::no_cap, 2, 1000);
        EXPECT_TRUE(got.foreign.empty());
        EXPECT_EQ(got.lines, (std::vector<line>{{std::string(input.substr(0, input.size() - 1)), line_end::lf}}));
    }
}

TEST(BlockReader, LinesLongerThanABlockAreReadWholeOrCapped)
{
    std::string const long_line(300, 'x');
    expect_lines_of(long_line + "\r\nshort\n" + long_line);
    expect_lines_of("a\n" + long_line + "\r");
    // The CRLF of a long line split between chunks of the reader (64 KiB each).
    std::string const huge(64 * 1024 - 1, 'y');
    for (std::string const& input : {huge + "\r\nz\n", huge + "y\r\nz", huge + "\n"}) {
        std::vector<line> const expected = split(input);
        for (std::size_t cap : {std::size_t{5}, block_reader::no_cap}) {
            read_result const r = read(input, cap, 1000, 16);
            ASSERT_EQ(r.lines.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                EXPECT_EQ(r.lengths[i], expected[i].bytes.size());
                EXPECT_EQ(r.lines[i].end, expected[i].end);
                EXPECT_EQ(r.lines[i].bytes, expected[i].bytes.substr(0, cap));
            }
        }
    }
}

TEST(BlockReader, BlocksHoldAtMostTheLineLimit)
{
    std::string const input(100, '\n');
    read_result const r = read(input, block_reader::no_cap, 1024, 7);
    EXPECT_EQ(r.lines.size(), 100U);
    EXPECT_EQ(r.blocks, 15U); // 14 blocks of 7 and one of 2
}

// A string of `min` to `max` bytes drawn from `bytes`, with a fixed seed so that a failure repeats.
class random_inputs {
public:
    explicit random_inputs(unsigned seed) : random_(seed) {}
    std::string next(int min, int max, std::string_view bytes)
    {
        std::uniform_int_distribution<int> length(min, max);
        std::uniform_int_distribution<std::size_t> pick(0, bytes.size() - 1);
        std::string input;
        for (int n = length(random_); n > 0; --n)
            input += bytes[pick(random_)];
        return input;
    }

private:
    std::mt19937 random_; // NOLINT(cert-msc32-c,cert-msc51-cpp): seeded by the caller, on purpose
};

TEST(BlockReader, RandomInputsAgreeWithAPlainSplit)
{
    random_inputs inputs(20261122);
    for (int round = 0; round < 200; ++round)
        expect_lines_of(inputs.next(0, 40, std::string_view("a\n\rb\n\0", 6)));
}

// Longer inputs, so that blocks hold 64-byte runs that are split by bit masks, with their
// "\n"s and CRLFs at every place around the 64-byte boundaries.
TEST(BlockReader, LongRandomInputsAgreeWithAPlainSplit)
{
    random_inputs inputs(1122);
    for (int round = 0; round < 300; ++round) {
        std::string const input = inputs.next(60, 400, std::string_view("a\n\rbcdefg\0", 10));
        std::vector<line> const expected = split(input);
        for (std::size_t block_bytes :
             {std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{130}, block_reader::default_block_bytes}) {
            read_result const r = read(input, block_reader::no_cap, block_bytes, block_reader::default_block_lines);
            ASSERT_EQ(r.lines.size(), expected.size()) << input;
            for (std::size_t i = 0; i < expected.size(); ++i)
                EXPECT_EQ(r.lines[i], expected[i]) << "line " << i << ", block " << block_bytes;
        }
    }
}

TEST(FindWholeLines, CountsAndCutsLikeAPlainLoop)
{
    std::mt19937 random(7); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::uniform_int_distribution<int> one_in(0, 40);
    for (std::size_t size : {0U, 1U, 15U, 16U, 17U, 4079U, 4080U, 4081U, 9000U}) {
        std::string bytes(size, 'x');
        for (char& c : bytes)
            c = one_in(random) == 0 ? '\n' : 'x';
        for (std::uint64_t limit : {1U, 2U, 50U, 100000U}) {
            std::size_t end = 0;
            std::uint64_t lines = 0;
            for (std::size_t i = 0; i < bytes.size() && lines < limit; ++i) {
                if (bytes[i] == '\n') {
                    ++lines;
                    end = i + 1;
                }
            }
            auto const found = ftpuri::cli::find_whole_lines(bytes, limit);
            EXPECT_EQ(found.end, end) << size << " " << limit;
            EXPECT_EQ(found.lines, lines) << size << " " << limit;
        }
    }
    // Every byte a "\n": the counter's byte lanes must not wrap (255 blocks of 16 at most).
    std::string const newlines(5000, '\n');
    EXPECT_EQ(ftpuri::cli::find_whole_lines(newlines, 1000000).lines, 5000U);
    EXPECT_EQ(ftpuri::cli::find_whole_lines(newlines, 4097).end, 4097U);
}

} // namespace
