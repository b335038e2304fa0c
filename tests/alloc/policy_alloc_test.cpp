// SPDX-License-Identifier: Apache-2.0
// tests/alloc/policy_alloc_test.cpp: part of alloc_test: host classes, host patterns,
// check_policy() and sanitize() allocate nothing (alloc_test.policy_shown_able_to_fail runs it
// over the canary library).
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

namespace {

using alloc_test::allocation_window;
using alloc_test::inputs;
using alloc_test::profiles;

// host_class.hpp and policy.hpp: "Nothing here allocates" (but libidn2, for a lenient Unicode
// host: none here). Over every input in every profile: classify_host, host_classes,
// canonical_host, check_policy and sanitize_into() under several policies (deny sets, allow
// patterns with and without ports, one that is no pattern) and parse_options::as_error;
// host_pattern::parse and matches; classify_address of every kind of address.
TEST(Allocation, HostClassAndPolicyAllocateNothing)
{
    auto const& all = inputs();
    static constexpr std::string_view patterns[] = {
        "ftp.example.org", "*.mirror.example.net:21", "192.0.2.7",  "[2001:db8::7]:2121",
        "localhost.",      "not a pattern",           "*.127.0.0.1"};
    // The same patterns in sort_host_patterns()'s order, searched by binary search; sorted
    // before the window opens (std::sort allocates nothing either, but that is not the claim).
    static std::array<std::string_view, std::size(patterns)> sorted = [] {
        std::array<std::string_view, std::size(patterns)> a{};
        std::copy(std::begin(patterns), std::end(patterns), a.begin());
        ftpuri::sort_host_patterns(a);
        return a;
    }();
    ftpuri::policy const policies[] = {
        {.deny = ftpuri::host_class_set::non_public()},
        {.deny = ftpuri::host_class_set::non_public(), .allow = patterns},
        {.allow = sorted, .allow_sorted = true},
        {.deny = {ftpuri::host_class::loopback, ftpuri::host_class::private_, ftpuri::host_class::link_local}},
        {.allow = patterns},
        {},
    };
    ftpuri::diag_set const as_error_sets[] = {
        {},
        {ftpuri::diag_id::userinfo_password, ftpuri::diag_id::host_numeric_ambiguous},
    };
    static constexpr std::uint8_t v4[][4] = {{127, 0, 0, 1}, {10, 1, 2, 3}, {255, 255, 255, 255}, {8, 8, 8, 8}};
    static constexpr std::uint8_t v6[][16] = {
        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 127, 0, 0, 1},
        {0x20, 0x02, 10, 0, 0, 1},
        {0x20, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0xFF, 0xFF, 0xFE},
        {0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
        {0x26, 0x06, 0x47, 0},
    };
    static char buffer[ftpuri::canonicalize_size_bound(80000)];
    std::array<char, 256> host{};
    std::size_t classes = 0, findings = 0, accepted = 0, denied = 0, not_allowed = 0, matched = 0;
    allocation_window window;
    for (auto p : profiles) {
        for (auto const& in : all) {
            ftpuri::parse_result const r = ftpuri::parse(in, {p});
            if (r) {
                classes += static_cast<std::size_t>(ftpuri::classify_host(*r));
                classes += ftpuri::host_classes(*r).empty() ? 0U : 1U;
                classes += ftpuri::canonical_host_into(*r, host).size;
                for (ftpuri::policy const& rules : policies)
                    findings += ftpuri::check_policy(*r, rules).has_value() ? 1U : 0U;
            }
            for (ftpuri::diag_set const& as_error : as_error_sets) {
                ftpuri::parse_options options{p};
                options.as_error = as_error;
                for (ftpuri::policy const& rules : policies) {
                    ftpuri::sanitize_result const s =
                        ftpuri::sanitize_into(in, rules, buffer, options, {true, true, true});
                    accepted += s ? 1U : 0U;
                    denied += !s && s.error.id == ftpuri::diag_id::host_denied ? 1U : 0U;
                    not_allowed += !s && s.error.id == ftpuri::diag_id::host_not_allowed ? 1U : 0U;
                    classes += ftpuri::message(s.error).size();
                }
            }
        }
    }
    for (std::string_view text : patterns) {
        std::optional<ftpuri::host_pattern> const pattern = ftpuri::host_pattern::parse(text);
        if (!pattern) continue;
        for (std::string_view h : {"ftp.example.org", "FTP.EXAMPLE.ORG.", "a.mirror.example.net", "192.0.2.7",
                                   "[2001:db8::7]", "[2001:db8:0::7]", "localhost"})
            for (std::uint16_t const port : {std::uint16_t{21}, std::uint16_t{2121}})
                matched += pattern->matches(h, port) ? 1U : 0U;
    }
    for (auto const& a : v4)
        classes += static_cast<std::size_t>(ftpuri::classify_address(std::span<std::uint8_t const, 4>(a)));
    for (auto const& a : v6)
        classes += static_cast<std::size_t>(ftpuri::classify_address(std::span<std::uint8_t const, 16>(a)));
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: host classes and the policy allocated " << n << " times";
    EXPECT_GT(classes, 100U);
    EXPECT_GT(findings, 50U);
    EXPECT_GT(accepted, 50U);
    EXPECT_GT(denied, 50U);
    EXPECT_GT(not_allowed, 20U);
    EXPECT_GT(matched, 5U);
}

} // namespace
