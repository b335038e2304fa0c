// SPDX-License-Identifier: Apache-2.0
// reporter_test: the scan's reporter (src/scan/reporter.hpp) reports each finding once per URI,
// knows which it has reported, and keeps every id apart from every other: one bit each, over
// the whole catalogue (more than 64 ids, so the second word of its record is used too).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "ftpuri/diagnostic.hpp"
#include "scan/reporter.hpp"

namespace {

using ftpuri::component;
using ftpuri::diag_id;
using ftpuri::diagnostic_list;
using ftpuri::detail::collect_warnings;
using ftpuri::detail::scan_reporter;

diag_id id_at(std::size_t k)
{
    return static_cast<diag_id>(k);
}

TEST(Reporter, EachIdIsReportedOnceAndKeptApartFromEveryOther)
{
    constexpr std::size_t ids = ftpuri::diag_catalogue.size();
    ASSERT_GT(ids, 64U); // else the record's second word would go untested
    diagnostic_list list;
    scan_reporter<collect_warnings> reporter(false, collect_warnings{&list});
    for (std::size_t k = 0; k < ids; ++k) {
        list.clear();
        ASSERT_FALSE(reporter.reported(id_at(k))) << k;
        reporter.warn(id_at(k), component::path, static_cast<std::uint32_t>(k), 1);
        ASSERT_EQ(list.size(), 1U) << "id " << k << " was taken for one reported before";
        EXPECT_EQ(list[0].id, id_at(k));
        EXPECT_EQ(list[0].offset, k);
        EXPECT_TRUE(reporter.reported(id_at(k))) << k;
        // No other id reads as reported by it: those before it were, those after it not yet.
        for (std::size_t j = 0; j < ids; ++j)
            ASSERT_EQ(reporter.reported(id_at(j)), j <= k) << "id " << j << " after reporting " << k;
        // Once per URI: the same id again adds nothing.
        reporter.warn(id_at(k), component::query, 0, 1);
        EXPECT_EQ(list.size(), 1U) << k;
    }
}

TEST(Reporter, OffsetsAreShiftedByTheTrimmedBytes)
{
    diagnostic_list list;
    scan_reporter<collect_warnings> reporter(true, collect_warnings{&list});
    reporter.shift_offsets_by(3);
    reporter.warn(diag_id::pct_lowercase, component::path, 10, 3);
    EXPECT_FALSE(reporter.fail_if_strict(diag_id::path_dot_segment, component::path, 20, 2));
    ASSERT_EQ(list.size(), 1U);
    EXPECT_EQ(list[0].offset, 13U);
    EXPECT_EQ(reporter.error().id, diag_id::path_dot_segment);
    EXPECT_EQ(reporter.error().offset, 23U);
    EXPECT_FALSE(reporter.note().has_value());
}

} // namespace
