// line_checker_test: line_checker::check_lines() over the blocks of block_reader. A quiet run
// that wants only the verdicts takes a loop of its own (validate() per line, one sum per
// block); it must count what the general loop counts, and what the input holds: every line,
// every invalid one, every byte with its ending, over CRLF and LF endings, a last line without
// "\n", a line longer than the length limit and longer than a block, and blocks of every size
// down to a few bytes.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "block_reader.hpp"
#include "ftpuri/parse.hpp"
#include "line_checker.hpp"
#include "reference_lines.hpp"
#include "temporary_file.hpp"

namespace {

using ftpuri::cli::block_reader;
using ftpuri::cli::check_settings;
using ftpuri::cli::line_block;
using ftpuri::cli::line_checker;
using ftpuri::cli::tally;

// Checks every line of `input` with one line_checker, block by block; the tally, and the
// output it wrote (a quiet run writes none).
struct check_result {
    tally counts;
    std::string output;
};

check_result check_all(std::string_view input, check_settings const& settings, std::size_t block_bytes)
{
    std::FILE* file = temporary_file_holding(input);
    if (file == nullptr) return {};
    check_result r;
    line_checker checker(settings);
    block_reader reader(file, std::size_t{settings.parse.max_length} + 1, block_bytes);
    line_block block;
    std::uint64_t line = 1;
    while (reader.next(block)) {
        checker.check_lines({"<test>", line, true}, block);
        line += block.line_count();
        r.output += checker.output();
        r.output += checker.error_output();
        checker.clear_output();
    }
    static_cast<void>(std::fclose(file));
    r.counts = checker.counts();
    return r;
}

// What the input holds, counted here: its lines (reference_lines.hpp), the invalid ones by
// validate(), its bytes.
tally expected_counts(std::string_view input, ftpuri::parse_options const& options)
{
    tally t;
    t.bytes = input.size();
    for (reference_line const& line : reference_lines(input)) {
        ++t.inputs;
        if (!ftpuri::validate(line.bytes, options)) ++t.invalid;
    }
    return t;
}

std::string mixed_input(std::mt19937& random, std::size_t lines, std::uint32_t max_length)
{
    std::vector<std::string> const uris = {
        "ftp://ftp.example.org/pub/file.tar.gz",
        "ftp://jdoe@mirror.example.org:2121/pub/a%20b;type=i",
        "ftp://192.0.2.1/",
        "ftp://[2001:db8::1]/x",
        "FTP://h/",
        "ftp://h/../x",                            // strict: above the root
        "http://h/",                               // not ftp
        "ftp://user:pw@h/",                        // a password
        "",                                        // empty
        "ftp://h/\x01",                            // a control byte
        "ftp://h/" + std::string(max_length, 'a'), // over the limit, and over small blocks
    };
    std::string input;
    for (std::size_t i = 0; i < lines; ++i) {
        input += uris[random() % uris.size()];
        if (i + 1 < lines || random() % 2 == 0) input += random() % 3 == 0 ? "\r\n" : "\n";
    }
    return input;
}

TEST(LineChecker, VerdictsOnlyCountWhatTheGeneralLoopCounts)
{
    std::mt19937 random(20261122); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::uint64_t invalid = 0;
    std::uint64_t valid = 0;
    for (std::uint32_t max_length : {64U, 2048U}) {
        check_settings quiet;
        quiet.parse.max_length = max_length;
        quiet.quiet = true; // only the verdicts: the loop of its own
        check_settings counting = quiet;
        counting.count_quietly = true; // the general loop, still printing nothing
        for (std::size_t block_bytes : {std::size_t{7}, std::size_t{100}, block_reader::default_block_bytes}) {
            for (int round = 0; round < 20; ++round) {
                std::string const input = mixed_input(random, 1 + random() % 60, max_length);
                tally const expected = expected_counts(input, quiet.parse);
                check_result const fast = check_all(input, quiet, block_bytes);
                check_result const general = check_all(input, counting, block_bytes);
                for (check_result const* r : {&fast, &general}) {
                    EXPECT_EQ(r->counts.inputs, expected.inputs);
                    EXPECT_EQ(r->counts.invalid, expected.invalid);
                    EXPECT_EQ(r->counts.bytes, expected.bytes);
                    EXPECT_EQ(r->output, "");
                }
                invalid += expected.invalid;
                valid += expected.inputs - expected.invalid;
            }
        }
    }
    EXPECT_GT(invalid, 100U) << "the mix must hold invalid lines";
    EXPECT_GT(valid, 100U) << "and valid ones";
}

TEST(LineChecker, ReportingRunsGoThroughCheck)
{
    // Not quiet: each line gets its report, numbered from the block's first line.
    check_settings settings;
    check_result const r = check_all("ftp://h/\nftp://h/../x\n", settings, block_reader::default_block_bytes);
    EXPECT_EQ(r.counts.inputs, 2U);
    EXPECT_EQ(r.counts.invalid, 1U);
    EXPECT_NE(r.output.find("<test>:2:9: error:"), std::string::npos) << r.output;
}

} // namespace
