// SPDX-License-Identifier: Apache-2.0
// tests/alloc/plan_alloc_test.cpp: part of alloc_test: the command plan allocates nothing, in
// every mode, its commands written and decoded.
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

// plan.hpp: "Nothing here allocates." plan(), then every command of the plan walked, written
// with write_into(), its argument decoded byte by byte and measured, in every mode with and
// without `absolute`, over URIs with and without userinfo, passwords, escapes, "~", empty
// segments and typecodes; and the refusals (plan.nocwd-slash, plan.anonymous-password-control).
TEST(Allocation, PlanAllocatesNothing)
{
    std::vector<std::string> const texts = {
        "ftp://h",
        "ftp://h/",
        "ftp://h/f",
        "ftp://u@h/a/b/f",
        "ftp://u:@h/a/b/",
        "ftp://us%65r:p%40ss@h.example:2121//a//b/../f%20x;type=i",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://h/~/foo/bar.html",
        "ftp://user:pass@host/~/",
        "ftp://h/%7E/a/",
        "ftp://h/~",
        "ftp://h/~user/f;type=a",
        "ftp://h/a//",
        "ftp://h///f;type=d",
        "ftp://h/dir/;type=d",
        "ftp://h/%C3%A9t%C3%A9/caf%C3%A9.txt",
        "ftp://h/a%2Fb/c%2f",
        "ftp://[2001:db8::1]:21/pub/" + std::string(3000, 'x') + "/" + std::string(2000, 'y'),
    };
    std::vector<ftpuri::parse_result> parsed;
    parsed.reserve(texts.size() + 1);
    for (std::string const& t : texts)
        parsed.push_back(ftpuri::parse(t));
    std::string const lenient_text = "ftp://h/a b/f;typecode=i";
    parsed.push_back(ftpuri::parse(lenient_text, {ftpuri::profile::lenient}));
    for (auto const& r : parsed)
        ASSERT_TRUE(r.has_value());
    static char line[16384];
    std::string const password = "someone@example.org";
    constexpr ftpuri::plan_mode modes[] = {ftpuri::plan_mode::rfc1738, ftpuri::plan_mode::multicwd,
                                           ftpuri::plan_mode::singlecwd, ftpuri::plan_mode::nocwd};
    std::size_t commands = 0, bytes = 0, refused = 0;
    allocation_window window;
    for (auto const& r : parsed) {
        for (ftpuri::plan_mode m : modes) {
            for (bool absolute : {false, true}) {
                ftpuri::plan_options o;
                o.mode = m;
                o.absolute = absolute;
                o.anonymous_password = password;
                ftpuri::plan_result const p = ftpuri::plan(*r, o);
                if (!p) {
                    ++refused;
                    continue;
                }
                commands += p->size();
                bytes += p->ask_password() ? 1U : 0U;
                for (ftpuri::ftp_command const& c : *p) {
                    ftpuri::write_result const n = c.write_into(line);
                    bytes += n ? n.size : 0U;
                    bytes += c.size();
                    for (char const b : c.argument())
                        bytes += b == '/' ? 1U : 0U;
                    bytes += c.argument().size() + c.argument().copy_into(line).size + c.raw_argument().size();
                    bytes += c.offset() == ftpuri::ftp_command::npos ? 0U : 1U;
                    bytes += c.argument() == "f" ? 1U : 0U;
                }
            }
        }
        ftpuri::plan_options bad;
        bad.anonymous_password = std::string_view("a\r\nDELE f");
        refused += ftpuri::plan(*r, bad) ? 0U : 1U;
    }
    std::size_t const n = window.close();
    EXPECT_EQ(n, 0U) << "FTPURI_ALLOC_DETECTED: plan() and its iteration allocated " << n << " times";
    // The login and the action at least, in every plan made (8 per URI, 4 refused in nocwd).
    EXPECT_GE(commands, 3U * (8U * parsed.size() - 4U));
    EXPECT_GT(bytes, 40000U);                                // the long path was written and decoded
    EXPECT_EQ(refused, std::size_t{2} * 2U + parsed.size()); // the two %2F URIs in nocwd, and every bad password
}

} // namespace
