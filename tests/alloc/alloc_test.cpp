// SPDX-License-Identifier: Apache-2.0
// tests/alloc/alloc_test.cpp: parse, validate, the command plan, host classes, the
// sanitization policy, the C API and the CLI's per-line path allocate nothing.
//
// docs/behaviour.md's guarantee: "Parsing, validation ... allocate nothing; a test counts
// allocations and fails on one." counting_allocator.cpp replaces operator new and malloc in
// this binary. The same test is also built against a library compiled with
// FTPURI_ALLOC_CANARY, which makes parse() build a std::string; ctest requires that build to
// report the allocation (tests/CMakeLists.txt), so this test is shown able to fail.
//
// Here: parse, validate, the view's accessors, the canonical form, equivalence and resolution,
// and the counter itself. Beside it, one file a part of the API: c_api_alloc_test.cpp,
// policy_alloc_test.cpp, plan_alloc_test.cpp, cli_alloc_test.cpp; their inputs in
// alloc_inputs.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/resolve.hpp"

#include "alloc_inputs.hpp"
#include "counting_allocator.hpp"

namespace {

using alloc_test::allocation_window;
using alloc_test::inputs;
using alloc_test::profiles;

TEST(Allocation, ParseAllocatesNothing)
{
    auto const& all = inputs(); // built before counting starts
    std::size_t valid = 0;
    allocation_window window;
    for (auto p : profiles)
        for (auto const& in : all)
            valid += ftpuri::parse(in, {p}).has_value() ? 1U : 0U;
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: parse() allocated " << n << " times";
    EXPECT_GT(valid, 5U); // the inputs did reach the storing path
}

TEST(Allocation, ParseWithDiagnosticsAllocatesNothing)
{
    auto const& all = inputs();
    ftpuri::diagnostic_list list;
    std::size_t findings = 0;
    allocation_window window;
    for (auto p : profiles) {
        for (auto const& in : all) {
            list.clear();
            (void)ftpuri::parse(in, {p}, list);
            findings += list.size();
        }
    }
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: parse(..., list) allocated " << n << " times";
    EXPECT_GT(findings, inputs().size());
}

TEST(Allocation, ValidateAllocatesNothing)
{
    auto const& all = inputs();
    ftpuri::diagnostic_list list;
    std::size_t valid = 0;
    allocation_window window;
    for (auto p : profiles) {
        for (auto const& in : all) {
            valid += ftpuri::validate(in, {p}) ? 1U : 0U;
            list.clear();
            valid += ftpuri::validate(in, {p}, list) ? 1U : 0U;
        }
    }
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: validate() allocated " << n << " times";
    EXPECT_GT(valid, 10U);
}

TEST(Allocation, ViewAccessorsAllocateNothing)
{
    std::string const text = "ftp://us%65r:p%40ss@h.example:2121/a/b%20c/d.txt;type=i#f";
    char buffer[128];
    std::size_t total = 0;
    allocation_window window;
    ftpuri::parse_result const r = ftpuri::parse(text);
    if (r) {
        for (std::string_view segment : r->segments())
            total += segment.size();
        for (auto c : {ftpuri::component::user, ftpuri::component::password, ftpuri::component::path})
            total += r->decode_into(c, buffer).size;
        total += ftpuri::percent_decode_into(r->path(), buffer).size;
    }
    std::size_t const n = window.close();
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: view accessors allocated " << n << " times";
    EXPECT_GT(total, 20U);
}

// The canonical form of every valid input, in every profile, into one caller's buffer; and
// equivalence of every pair; and resolution against each. (Hosts that reach libidn2, a lenient
// Unicode host or an "xn--" label, are the documented exception: libidn2 allocates. None of
// these inputs has one.)
TEST(Allocation, CanonicalEquivalentResolveAllocateNothing)
{
    auto const& all = inputs();
    static char buffer[ftpuri::canonicalize_size_bound(80000)];
    std::size_t written = 0;
    std::size_t pairs = 0;
    allocation_window window;
    for (auto p : profiles) {
        for (auto const& a : all) {
            ftpuri::parse_result const ra = ftpuri::parse(a, {p});
            if (!ra) continue;
            written += ftpuri::canonicalize_into(*ra, buffer).size;
            written += ftpuri::canonicalize_into(*ra, buffer, {true, true, true}).size;
            written += ftpuri::canonical_as_written(*ra).value_or("").size();
            written += ftpuri::resolve_into(*ra, "../x/./y;type=a?q#f", buffer).size;
            for (auto const& b : all)
                pairs += ftpuri::equivalent(a, b, {p}) ? 1U : 0U;
        }
    }
    written += ftpuri::percent_encode_into("a b/c;d%\xFF", ftpuri::encode_set::ftp_segment, buffer).size;
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: canonicalize/equivalent/resolve allocated " << n << " times";
    EXPECT_GT(written, 1000U);
    EXPECT_GT(pairs, 10U); // every valid input is equivalent to itself
}

// The counter itself works: a std::string longer than the small-string buffer is seen.
TEST(Allocation, CounterSeesAStdString)
{
    allocation_window window;
    std::string s(100, 'x');
    std::size_t const n = window.close();
    EXPECT_EQ(s.size(), 100U);
    EXPECT_GE(n, 1U);
}

} // namespace
