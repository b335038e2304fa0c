// SPDX-License-Identifier: Apache-2.0
// tests/alloc/c_api_alloc_test.cpp: part of alloc_test: every function of the C API (ftpuri.h)
// allocates nothing, into the caller's buffers.
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

// A service's policy for ftpuri_sanitize: every class but public denied, 100 allowed patterns (more
// than the C API views at a time), the last the one that matches "h", and warnings as errors.
ftpuri_policy const& service_policy()
{
    static std::vector<std::string> const patterns = [] {
        std::vector<std::string> p;
        p.reserve(100);
        for (int i = 0; i < 99; ++i)
            p.push_back("mirror" + std::to_string(i) + ".example.net:21");
        p.emplace_back("h");
        return p;
    }();
    static std::vector<char const*> const c_strings = [] {
        std::vector<char const*> c;
        c.reserve(patterns.size());
        for (std::string const& p : patterns)
            c.push_back(p.c_str());
        return c;
    }();
    static std::uint32_t const as_error[] = {FTPURI_DIAG_USERINFO_PASSWORD, FTPURI_DIAG_PATH_ENCODED_SLASH};
    static ftpuri_policy const policy = [] {
        ftpuri_policy p = FTPURI_POLICY_INIT;
        p.deny = FTPURI_HOST_CLASSES_NON_PUBLIC;
        p.allow = c_strings.data();
        p.allow_count = c_strings.size();
        p.as_error = as_error;
        p.as_error_count = 2;
        return p;
    }();
    return policy;
}

// ftpuri.h: every function of the C API, over every input in every profile, into the caller's
// buffers and its stack-held ftpuri_plan.
TEST(Allocation, CApiAllocatesNothing)
{
    auto const& all = inputs();
    static char buffer[ftpuri::canonicalize_size_bound(80000)];
    std::array<ftpuri_diagnostic, 40> items{};
    for (auto& item : items)
        item.size = sizeof item;
    std::size_t total = 0, commands = 0;
    (void)service_policy(); // built before the window opens
    allocation_window window;
    for (std::uint32_t p : {FTPURI_PROFILE_STRICT, FTPURI_PROFILE_RFC3986, FTPURI_PROFILE_LENIENT}) {
        ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
        o.profile = p;
        for (auto const& in : all) {
            ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
            ftpuri_uri u = FTPURI_URI_INIT;
            std::size_t n = 0;
            std::uint32_t cls = 0;
            total += ftpuri_validate(in.data(), in.size(), &o, nullptr) == FTPURI_OK ? 1U : 0U;
            total += ftpuri_validate(in.data(), in.size(), &o, &e) == FTPURI_OK ? 1U : e.offset;
            total += ftpuri_parse(in.data(), in.size(), &o, &u, &e) == FTPURI_OK ? u.host.length : 0U;
            total += ftpuri_diagnose(in.data(), in.size(), &o, items.data(), items.size(), &n) == FTPURI_OK ? n : 0U;
            if (ftpuri_canonicalize(in.data(), in.size(), &o, 7, buffer, sizeof buffer, &n, &e) == FTPURI_OK)
                total += n;
            total += ftpuri_classify_host(in.data(), in.size(), &o, &cls, &e) == FTPURI_OK ? cls : 0U;
            total += static_cast<std::size_t>(ftpuri_equivalent(in.data(), in.size(), in.data(), in.size(), &o));
            if (ftpuri_percent_decode(in.data(), in.size(), buffer, sizeof buffer, &n, nullptr) == FTPURI_OK)
                total += n;
            if (ftpuri_percent_encode(in.data(), in.size(), FTPURI_ENCODE_PCHAR, buffer, sizeof buffer, &n) ==
                FTPURI_OK)
                total += n;
            // The service's calls: a policy with more allowed patterns than one batch of views.
            if (ftpuri_sanitize(in.data(), in.size(), &o, &service_policy(), FTPURI_CANONICAL_DROP_FRAGMENT, buffer,
                                sizeof buffer, &n, &cls, &e) == FTPURI_OK)
                total += n;
            ftpuri_range password{};
            total += ftpuri_find_password(in.data(), in.size(), &password) == FTPURI_OK ? password.length : 0U;
            if (ftpuri_redact_password(in.data(), in.size(), buffer, sizeof buffer, &n) == FTPURI_OK) total += n;
            if (ftpuri_resolve(in.data(), in.size(), "../x/./y;type=a?q#f", FTPURI_NUL_TERMINATED, &o, buffer,
                               sizeof buffer, &n, &e) == FTPURI_OK)
                total += n;
            std::uint32_t action = 0;
            total +=
                ftpuri_reply_action(static_cast<std::uint32_t>(in.size()) % 700, 1, &action) == FTPURI_OK ? action : 0U;
            ftpuri_plan plan;
            ftpuri_command c = FTPURI_COMMAND_INIT;
            if (ftpuri_plan_init(&plan, in.data(), in.size(), &o, nullptr, nullptr, &e) != FTPURI_OK) continue;
            while (ftpuri_plan_next(&plan, &c) == FTPURI_OK) {
                ++commands;
                if (ftpuri_plan_write_line(&plan, buffer, sizeof buffer, &n) == FTPURI_OK) total += n;
            }
        }
    }
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: the C API allocated " << n << " times";
    EXPECT_GT(total, 10000U);
    EXPECT_GT(commands, 50U);
}

} // namespace
