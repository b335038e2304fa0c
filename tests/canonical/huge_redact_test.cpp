// SPDX-License-Identifier: Apache-2.0
// tests/canonical/huge_redact_test.cpp: a password that ends past 4 GiB. find_password() speaks in uint32_t
// offsets, so it says nullopt for one that ends past UINT32_MAX and the range for one that ends
// at it; redact_password_into() masks either (include/ftpuri/redact.hpp). scripts/mutate.py found
// that no test reached the limit (docs/mutation.md).
//
// Labelled slow (tests/CMakeLists.txt): each call reads the 4 GiB authority byte by byte, some
// eight seconds, so it runs in CI's GCC stage but not in the mutation run's kill suite, nor in a
// sanitizer build (seven minutes there, for two written pages).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/redact.hpp"
#include "support/untouched_pages.hpp"

namespace {

using ftpuri::byte_range;
using ftpuri_test::untouched_pages;

constexpr std::size_t last_fitting_end = UINT32_MAX;

// "ftp://u:" then zeros, the password, up to an "@h/" at `at`.
std::string_view input_ending_at(untouched_pages& pages, std::size_t at)
{
    pages.put(0, "ftp://u:");
    pages.put(at, "@h/");
    return pages.view().substr(0, at + 3);
}

TEST(huge_redact, a_password_that_ends_at_uint32_max_is_found)
{
    untouched_pages pages(last_fitting_end + 3);
    ASSERT_TRUE(pages.mapped()) << "mmap of 4 GiB of address space failed";
    std::optional<byte_range> const found = ftpuri::find_password(input_ending_at(pages, last_fitting_end));
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->offset, 8U);
    EXPECT_EQ(found->length, last_fitting_end - 8);
}

TEST(huge_redact, a_password_that_ends_past_it_is_not_found_but_masked)
{
    untouched_pages pages(last_fitting_end + 4);
    ASSERT_TRUE(pages.mapped()) << "mmap of 4 GiB of address space failed";
    std::string_view const input = input_ending_at(pages, last_fitting_end + 1);
    EXPECT_FALSE(ftpuri::find_password(input).has_value());

    untouched_pages out(ftpuri::redact_password_size_bound(input));
    ASSERT_TRUE(out.mapped());
    std::size_t const n = ftpuri::redact_password_into(input, std::span<char>(out.data(), out.view().size())).size;
    EXPECT_EQ(out.view().substr(0, n), "ftp://u:****@h/");
}

} // namespace
