// SPDX-License-Identifier: Apache-2.0
// tests/alloc/alloc_test.cpp: parse, validate, the command plan, host classes, the
// sanitization policy, the C API and the CLI's per-line path allocate nothing.
//
// docs/behaviour.md's guarantee: "Parsing, validation ... allocate nothing; a test counts
// allocations and fails on one." counting_allocator.cpp replaces operator new and malloc in
// this binary. The same test is also built against a library compiled with
// FTPURI_ALLOC_CANARY, which makes parse() build a std::string; ctest requires that build to
// report the allocation (tests/CMakeLists.txt), so this test is shown able to fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "counting_allocator.hpp"
#include "ftpuri.h"
#include "ftpuri/canonical.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/resolve.hpp"

#ifdef FTPURI_HAVE_CLI_CORE
#include "block_reader.hpp"
#include "line_checker.hpp"
#endif

namespace {

using alloc_test::allocation_window;

// Inputs that reach every branch of the scanner: valid ones with every part, every kind of
// host, warnings of every family, and errors of every family, in both profiles.
std::vector<std::string> const& inputs()
{
    static std::vector<std::string> const all = [] {
        std::vector<std::string> v = {
            "ftp://ftp.example.org/pub/README;type=a",
            "FTP://Alice:s3cret@Ftp.Example.org:021/a//b/../%2e%2E/c%2fd.txt;TYPE=I#frag",
            "ftp://anonymous@h/",
            "ftp://@h/",
            "ftp://u:p:q@h/",
            "ftp://[2001:db8::1]:2121/x",
            "ftp://[::ffff:1.2.3.4]/",
            "ftp://[v1.x]/",
            "ftp://[fe80::1%25eth0]/",
            "ftp://[::1/foo/bad]/bad",
            "ftp://1.2.3.4/",
            "ftp://010.0.0.1/",
            "ftp://0x7f.1/",
            "ftp://h_x.example/",
            "ftp://%65xample.com/",
            "ftp://a..b/",
            "ftp://-a/",
            "ftp://h:/",
            "ftp://h:0/",
            "ftp://h:99999999999/",
            "ftp://h:x/",
            "ftp://h/a%0D%0ADELE%20x",
            "ftp://h/a%01b",
            "ftp://h/..%2F..%2Fetc",
            "ftp://h/a%5Cb",
            "ftp://h/../x",
            "ftp://h/%C3%A9%C3",
            "ftp://h/f;typecode=i",
            "ftp://h/f;type=x",
            "ftp://h/a;b/c",
            "ftp://h/q?x=1#f",
            "ftp:/example.com/",
            "ftp://a@b@c/",
            "http://example.com/",
            "example.com/path",
            " ftp://h/",
            "ftp://h/a\tb",
            "ftp://h/\\x",
            "ftp://h/\xC3\xA9",
            "ftp://h/%zz",
            "",
            "  ftp://h/a b/\xC3\xA9;typecode=i  ", // lenient repairs that need no IDNA
            "ftp://u:p:q@h/x",
            // host classes and the policy (docs/sanitizing.md): every kind of class, numeric names with
            // several readings, escapes, trailing dots, allow-listed names and ports
            "ftp://localhost/",
            "ftp://a.LOCALHOST./",
            "ftp://local%68ost/",
            "ftp://127.0.0.1/",
            "ftp://0.0.0.0/",
            "ftp://169.254.169.254/latest/",
            "ftp://10.0.0.7/",
            "ftp://255.255.255.255/",
            "ftp://224.0.0.1/",
            "ftp://240.0.0.1/",
            "ftp://192.0.2.7/",
            "ftp://printer.local/",
            "ftp://svc.internal./",
            "ftp://x.onion/",
            "ftp://[::1]/",
            "ftp://[::]/",
            "ftp://[::127.0.0.1]/",
            "ftp://[64:ff9b::10.0.0.1]/",
            "ftp://[2002:7f00:1::]/",
            "ftp://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
            "ftp://[fc00::1]/",
            "ftp://[ff02::1]/",
            "ftp://[5f00::1]/",
            "ftp://[2001:db8::7]:2121/",
            "ftp://2130706433/",
            "ftp://0177.0.0.1./",
            "ftp://127.0.0.%31/",
            "ftp://09.1/",
            "ftp://1.2.3.4.5/",
            "ftp://ftp.example.org/pub/",
            "ftp://FTP.Example.ORG./pub/",
            "ftp://a.mirror.example.net:21/",
            "ftp://a.mirror.example.net:2121/",
            "ftp://mirror.example.net/",
            "ftp://evil%2F.example.org/",
            "ftp://user:secret@ftp.example.org/",
            "ftp://" + std::string(300, 'a') + ".example/",
        };
        v.push_back("ftp://h/" + std::string(60000, 'a') + "/" + std::string(4000, '%') + "41");
        v.push_back("ftp://h/" + std::string(70000, 'a')); // over the 64 KiB limit
        return v;
    }();
    return all;
}

constexpr ftpuri::profile profiles[] = {ftpuri::profile::strict, ftpuri::profile::rfc3986, ftpuri::profile::lenient};

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

// A service's policy for ftpuri_sanitize: every class but public denied, 100 allowed patterns (more
// than the C API views at a time), the last the one that matches "h", and warnings as errors.
ftpuri_policy const& service_policy()
{
    static std::vector<std::string> const patterns = [] {
        std::vector<std::string> p;
        for (int i = 0; i < 99; ++i)
            p.push_back("mirror" + std::to_string(i) + ".example.net:21");
        p.emplace_back("h");
        return p;
    }();
    static std::vector<char const*> const c_strings = [] {
        std::vector<char const*> c;
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
    EXPECT_GT(bytes, 40000U);                    // the long path was written and decoded
    EXPECT_EQ(refused, 2U * 2U + parsed.size()); // the two %2F URIs in nocwd, and every bad password
}

#ifdef FTPURI_HAVE_CLI_CORE
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
#endif

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
