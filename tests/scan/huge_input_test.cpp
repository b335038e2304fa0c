// SPDX-License-Identifier: Apache-2.0
// tests/scan/huge_input_test.cpp: inputs of 4 GiB and more, whose lengths do not fit the uint32_t
// offsets of a view. The length check comes before any byte is read, so the inputs here are
// pages that are mapped but never touched: reserved address space, not memory.
//
// What is checked: a max_length above max_length_cap still stops at the cap, and the length of
// input.too-long's excess saturates at npos instead of wrapping. The branches exist for these
// inputs alone (docs/assurance.md, "Uncovered branches"); scripts/mutate.py found that no test
// reached them (docs/mutation.md).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ftpuri/ftpuri.hpp"
#include "support/untouched_pages.hpp"

namespace {

using ftpuri_test::untouched_pages;

void expect_too_long(std::string_view input, ftpuri::parse_options const& o, std::uint32_t offset, std::uint32_t length)
{
    EXPECT_FALSE(ftpuri::validate(input, o));
    ftpuri::parse_result const r = ftpuri::parse(input, o);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().id, ftpuri::diag_id::input_too_long);
    EXPECT_EQ(r.error().offset, offset);
    EXPECT_EQ(r.error().length, length);
    ftpuri::diagnostic_list list;
    ASSERT_FALSE(ftpuri::parse(input, o, list).has_value());
    ASSERT_EQ(list.size(), 1U);
    EXPECT_EQ(list.begin()->id, ftpuri::diag_id::input_too_long);
    EXPECT_EQ(list.begin()->length, length);
}

// A limit above the cap is the cap: an input of 2^32 - 1 bytes is one byte too long, although
// the caller's limit would take it.
TEST(huge_input, a_limit_above_the_cap_is_the_cap)
{
    untouched_pages const pages(0xFFFF'FFFFULL);
    ASSERT_TRUE(pages.mapped()) << "mmap of 4 GiB of address space failed";
    for (ftpuri::profile const p : {ftpuri::profile::strict, ftpuri::profile::rfc3986, ftpuri::profile::lenient}) {
        SCOPED_TRACE(ftpuri::to_string(p));
        ftpuri::parse_options o{p};
        o.max_length = 0xFFFF'FFFF;
        expect_too_long(pages.view(), o, ftpuri::max_length_cap, 1);
    }
}

// An excess of 2^32 bytes or more does not fit the finding's length: it is npos, "more than a
// view can say", not the excess modulo 2^32 (which is 0 here, a finding of no bytes).
TEST(huge_input, an_excess_beyond_32_bits_saturates)
{
    untouched_pages const pages((std::size_t{1} << 32) + 1);
    ASSERT_TRUE(pages.mapped()) << "mmap of 4 GiB of address space failed";
    ftpuri::parse_options o;
    o.max_length = 1;
    expect_too_long(pages.view(), o, 1, ftpuri::uri_offsets::npos);
}

} // namespace
