// SPDX-License-Identifier: Apache-2.0
// tests/alloc/cli_alloc_test.cpp: part of alloc_test: ftpuri-check's line loop and block reader
// allocate nothing after warm-up. Built where the CLI is (FTPURI_HAVE_CLI_CORE).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "ftpuri.h"
#include "ftpuri/canonical.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/resolve.hpp"

#include "alloc_inputs.hpp"
#include "counting_allocator.hpp"

#ifdef FTPURI_HAVE_CLI_CORE
#include "block_reader.hpp"
#include "line_checker.hpp"

namespace {

using alloc_test::allocation_window;
using alloc_test::inputs;

// ftpuri-check's loop: once its buffers have grown to the largest line, a million lines
// allocate no more than one. Checked over every input, twice over, in every format and mode.
TEST(Allocation, CliLineLoopAllocatesNothingAfterWarmUp)
{
    using ftpuri::cli::fix_mode;
    using ftpuri::cli::output_format;
    struct mode {
        output_format format;
        fix_mode fix;
        ftpuri::profile syntax;
        bool colour_and_rules; // --color=always, every opt-in rule, two ids disabled
        bool quiet;
        bool plan = false; // --plan (in nocwd, so that some plans are refused)
    };
    for (mode const m : {mode{output_format::text, fix_mode::none, ftpuri::profile::strict, false, false},
                         mode{output_format::text, fix_mode::none, ftpuri::profile::strict, true, false},
                         mode{output_format::json, fix_mode::none, ftpuri::profile::strict, false, false},
                         mode{output_format::sarif, fix_mode::none, ftpuri::profile::strict, true, false},
                         mode{output_format::sarif, fix_mode::none, ftpuri::profile::lenient, false, false},
                         mode{output_format::text, fix_mode::print, ftpuri::profile::lenient, false, false},
                         mode{output_format::text, fix_mode::in_place, ftpuri::profile::strict, false, false},
                         mode{output_format::text, fix_mode::none, ftpuri::profile::strict, false, true},
                         mode{output_format::json, fix_mode::none, ftpuri::profile::rfc3986, false, false},
                         mode{output_format::text, fix_mode::none, ftpuri::profile::strict, false, false, true},
                         mode{output_format::json, fix_mode::none, ftpuri::profile::rfc3986, false, false, true},
                         mode{output_format::sarif, fix_mode::none, ftpuri::profile::strict, false, false, true},
                         mode{output_format::github, fix_mode::none, ftpuri::profile::lenient, false, false},
                         mode{output_format::codeclimate, fix_mode::none, ftpuri::profile::lenient, false, false, true},
                         mode{output_format::codeclimate, fix_mode::none, ftpuri::profile::strict, true, false},
                         mode{output_format::github, fix_mode::none, ftpuri::profile::strict, true, false}}) {
        ftpuri::cli::check_settings settings;
        settings.format = m.format;
        settings.fix = m.fix;
        settings.parse.syntax = m.syntax;
        settings.quiet = m.quiet;
        settings.plan.enabled = m.plan;
        settings.plan.mode = ftpuri::plan_mode::nocwd;
        if (m.colour_and_rules) {
            settings.color = true;
            settings.parse.opt_in = ftpuri::diag_set::opt_in_rules();
            settings.hidden = {ftpuri::diag_id::pct_lowercase, ftpuri::diag_id::interop_backslash};
        }
        ftpuri::cli::line_checker checker(settings);
        ftpuri::cli::input_origin const origin{"<stdin>", 1, false};
        // Warm-up: the buffers grow to the largest report (all reports fit in one output run).
        for (auto const& in : inputs())
            (void)checker.check(origin, in);
        checker.clear_output();

        std::size_t invalid = 0;
        allocation_window window;
        for (int round = 0; round < 2; ++round) {
            for (auto const& in : inputs()) {
                invalid += checker.check(origin, in) ? 0U : 1U;
                checker.clear_output();
            }
        }
        std::size_t const n = window.close();
        EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: the CLI line loop allocated " << n << " times (format "
                         << static_cast<int>(m.format) << ", fix " << static_cast<int>(m.fix) << ", plan " << m.plan
                         << ")";
        EXPECT_GT(invalid, 10U);
    }
}

// The reader reuses its block and the bytes it carries to the next one: after warm-up, reading
// and splitting blocks allocates nothing (small blocks, so that there are many); nor does a
// quiet run's check of each block's lines (line_checker::check_lines).
TEST(Allocation, CliBlockReaderAllocatesNothingAfterWarmUp)
{
    std::FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    std::string_view const line = "ftp://ftp.example.org/pub/some/file.tar.gz;type=i\r\n";
    for (int i = 0; i < 20000; ++i)
        ASSERT_EQ(std::fwrite(line.data(), 1, line.size(), file), line.size());
    std::rewind(file);
    ftpuri::cli::block_reader reader(file, 300, 4096, 64);
    ftpuri::cli::line_block block;
    std::size_t lines = 0;
    std::size_t bytes = 0;
    auto count = [&](std::string_view kept, ftpuri::cli::line_info const& info) {
        ++lines;
        bytes += kept.size() + (info.end == ftpuri::cli::line_end::crlf ? 2 : 0);
    };
    ftpuri::cli::check_settings quiet;
    quiet.quiet = true;
    ftpuri::cli::line_checker checker(quiet);
    ASSERT_TRUE(reader.next(block)); // allocates the block and the carried bytes
    block.for_each_line(count);
    checker.check_lines({"<test>", 1, true}, block);
    allocation_window window;
    std::size_t blocks = 1;
    while (reader.next(block)) {
        block.for_each_line(count);
        checker.check_lines({"<test>", lines + 1 - block.line_count(), true}, block);
        ++blocks;
    }
    std::size_t const n = window.close();
    static_cast<void>(std::fclose(file));
    EXPECT_EQ(lines, 20000U);
    EXPECT_EQ(checker.counts().inputs, 20000U);
    EXPECT_EQ(checker.counts().invalid, 0U);
    EXPECT_EQ(bytes, 20000U * line.size());
    EXPECT_GT(blocks, 300U);
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: the block reader allocated " << n << " times";
}

} // namespace

#endif
