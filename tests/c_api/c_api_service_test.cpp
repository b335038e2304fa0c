// SPDX-License-Identifier: Apache-2.0
// tests/c_api/c_api_service_test.cpp: what ftpuri.h gives a service, held to the C++ API it wraps:
// ftpuri_sanitize to sanitize_into() with a policy (denied classes, allowed host patterns however
// many, warnings as errors) on every input of corpus/inputs in every profile; the password's
// place and its redaction of any input; resolve(); reply codes at every stage; and their
// buffers and argument checks. (tests/c_api/c_api_test.cpp covers the rest of the header; the
// examples/c/ service runs it from C.)
#include "ftpuri.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/reply.hpp"
#include "ftpuri/resolve.hpp"
#include "support/c_api_inputs.hpp"
#include "support/guarded_buffer.hpp"

namespace {

using ftpuri_test::c_options;
auto const& corpus = ftpuri_test::c_api_corpus;
auto const& profiles = ftpuri_test::c_api_profiles;

// A policy in both APIs: the C one points at `patterns` as C strings, the C++ one views them.
struct both_policies {
    both_policies(std::uint32_t deny, std::vector<std::string> allow, std::vector<std::uint32_t> errors)
        : patterns(std::move(allow)), ids(std::move(errors))
    {
        for (std::string const& p : patterns) {
            c_strings.push_back(p.c_str());
            views.emplace_back(p);
        }
        c.deny = deny;
        c.allow = c_strings.data();
        c.allow_count = c_strings.size();
        c.as_error = ids.data();
        c.as_error_count = ids.size();
        for (unsigned k = 0; k < ftpuri::host_class_count; ++k)
            if ((deny & FTPURI_HOST_CLASS_BIT(k)) != 0) cxx.deny.insert(static_cast<ftpuri::host_class>(k));
        cxx.allow = views;
        for (std::uint32_t id : ids)
            as_error.insert(static_cast<ftpuri::diag_id>(id));
    }
    both_policies(both_policies const&) = delete;
    both_policies& operator=(both_policies const&) = delete;

    std::vector<std::string> patterns;
    std::vector<std::uint32_t> ids;
    std::vector<char const*> c_strings;
    std::vector<std::string_view> views;
    ftpuri_policy c = FTPURI_POLICY_INIT;
    ftpuri::policy cxx;
    ftpuri::diag_set as_error;
};

// The verdict of ftpuri_sanitize and of sanitize_into() on one input, side by side.
void expect_same_verdict(std::string const& in, ftpuri_profile profile, both_policies const& policy)
{
    ftpuri_parse_options const o = c_options(profile);
    std::vector<char> c_out(ftpuri::canonicalize_size_bound(in.size()) + 1);
    std::vector<char> cxx_out(ftpuri::canonicalize_size_bound(in.size()));
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    std::size_t n = 0;
    std::uint32_t cls = 99;
    int const status = ftpuri_sanitize(in.data(), in.size(), &o, &policy.c, FTPURI_CANONICAL_DROP_FRAGMENT,
                                       c_out.data(), c_out.size(), &n, &cls, &e);
    ftpuri::parse_options cxx_options{static_cast<ftpuri::profile>(profile)};
    cxx_options.as_error = policy.as_error;
    ftpuri::sanitize_result const r =
        ftpuri::sanitize_into(in, policy.cxx, cxx_out, cxx_options, ftpuri::canonical_options{false, true, false});
    if (r) {
        ASSERT_EQ(status, FTPURI_OK) << in << ": " << e.name;
        EXPECT_EQ(std::string_view(c_out.data(), n), std::string_view(cxx_out.data(), r.size)) << in;
        EXPECT_EQ(c_out[n], '\0');
        EXPECT_EQ(cls, static_cast<std::uint32_t>(r.cls)) << in;
        return;
    }
    ASSERT_EQ(r.status, ftpuri::write_status::invalid) << in;
    ASSERT_EQ(status, FTPURI_INVALID) << in;
    EXPECT_EQ(e.id, static_cast<std::uint32_t>(r.error.id)) << in;
    EXPECT_EQ(e.offset, r.error.offset) << in;
    EXPECT_EQ(e.length, r.error.length) << in;
    EXPECT_STREQ(e.message, ftpuri::message(r.error).data()) << in;
    if (r.uri.buffer().data() != nullptr) {
        EXPECT_EQ(cls, static_cast<std::uint32_t>(r.cls)) << in;
    }
}

TEST(c_api_service, sanitize_agrees_with_cxx_on_the_corpus_under_several_policies)
{
    both_policies const none(0, {}, {});
    both_policies const deny_only(FTPURI_HOST_CLASSES_NON_PUBLIC, {}, {FTPURI_DIAG_USERINFO_PASSWORD});
    both_policies const allow(
        FTPURI_HOST_CLASSES_NON_PUBLIC,
        {"ftp.example.org", "*.example.com:21", "192.0.2.7", "[2001:db8::7]", "not a pattern", "host", "h",
         "example.org:2121"},
        {FTPURI_DIAG_USERINFO_PASSWORD, FTPURI_DIAG_PATH_ENCODED_SLASH, FTPURI_DIAG_PORT_DEFAULT});
    both_policies const loopback_only(FTPURI_HOST_CLASS_BIT(FTPURI_HOST_CLASS_LOOPBACK), {"localhost", "127.0.0.1"},
                                      {});
    std::size_t accepted = 0;
    for (ftpuri_profile p : profiles)
        for (std::string const& in : corpus())
            for (both_policies const* policy : {&none, &deny_only, &allow, &loopback_only}) {
                expect_same_verdict(in, p, *policy);
                ftpuri_parse_options const o = c_options(p);
                std::array<char, 1> tiny{};
                std::size_t n = 0;
                if (ftpuri_sanitize(in.data(), in.size(), &o, &policy->c, 0, tiny.data(), tiny.size(), &n, nullptr,
                                    nullptr) == FTPURI_BUFFER_TOO_SMALL)
                    ++accepted;
            }
    EXPECT_GT(accepted, 500U); // the corpus is not all refusals
}

// The C strings are viewed 64 at a time: a host allowed only by a pattern of a later batch, or
// by none, or a list that ends exactly at a batch's end, is judged as by the C++ policy.
TEST(c_api_service, allow_lists_of_any_length_are_judged_whole)
{
    for (std::size_t count : {1U, 63U, 64U, 65U, 128U, 129U, 200U}) {
        std::vector<std::string> patterns;
        for (std::size_t i = 0; i + 1 < count; ++i)
            patterns.push_back("mirror" + std::to_string(i) + ".example.net:21");
        patterns.emplace_back("ftp.example.org:21");
        both_policies const policy(0, patterns, {});
        for (std::string const in : {"ftp://ftp.example.org/pub/", "ftp://ftp.example.org:2121/pub/",
                                     "ftp://mirror0.example.net/", "ftp://evil.example/", "ftp://127.0.0.1/"})
            expect_same_verdict(in, FTPURI_PROFILE_STRICT, policy);
        ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
        std::array<char, 64> out{};
        EXPECT_EQ(ftpuri_sanitize("ftp://ftp.example.org/", FTPURI_NUL_TERMINATED, nullptr, &policy.c, 0, out.data(),
                                  out.size(), nullptr, nullptr, &e),
                  FTPURI_OK)
            << count;
        EXPECT_EQ(ftpuri_sanitize("ftp://evil.example/", FTPURI_NUL_TERMINATED, nullptr, &policy.c, 0, out.data(),
                                  out.size(), nullptr, nullptr, &e),
                  FTPURI_INVALID)
            << count;
        EXPECT_EQ(e.id, FTPURI_DIAG_HOST_NOT_ALLOWED);
        EXPECT_EQ(e.offset, 6U);
        EXPECT_EQ(e.length, 12U);
    }
}

TEST(c_api_service, a_refusal_says_why_where_and_in_the_order_sanitize_checks)
{
    char const* const allow[] = {"ftp.example.org:21", "*.mirror.example.net:21"};
    std::uint32_t const as_error[] = {FTPURI_DIAG_USERINFO_PASSWORD};
    ftpuri_policy policy = FTPURI_POLICY_INIT;
    policy.deny = FTPURI_HOST_CLASSES_NON_PUBLIC;
    policy.allow = allow;
    policy.allow_count = 2;
    policy.as_error = as_error;
    policy.as_error_count = 1;
    std::array<char, 128> out{};
    std::size_t n = 0;
    std::uint32_t cls = 99;
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;

    // Denied before not allowed: the loopback host is in no pattern either.
    ASSERT_EQ(ftpuri_sanitize("ftp://[::ffff:127.0.0.1]/etc/passwd", FTPURI_NUL_TERMINATED, nullptr, &policy, 0,
                              out.data(), out.size(), &n, &cls, &e),
              FTPURI_INVALID);
    EXPECT_STREQ(e.name, "host.denied");
    EXPECT_STREQ(e.message, "host class loopback is denied by the policy");
    EXPECT_EQ(e.offset, 6U);
    EXPECT_EQ(e.length, 18U);
    EXPECT_EQ(cls, FTPURI_HOST_CLASS_LOOPBACK);

    ASSERT_EQ(ftpuri_sanitize("ftp://ftp.example.org.evil.example/", FTPURI_NUL_TERMINATED, nullptr, &policy, 0,
                              out.data(), out.size(), &n, &cls, &e),
              FTPURI_INVALID);
    EXPECT_STREQ(e.name, "host.not-allowed");
    EXPECT_EQ(cls, FTPURI_HOST_CLASS_PUBLIC);

    // A warning made an error comes before the policy: the URI is invalid for this service.
    ASSERT_EQ(ftpuri_sanitize("ftp://u:secret@127.0.0.1/", FTPURI_NUL_TERMINATED, nullptr, &policy, 0, out.data(),
                              out.size(), &n, &cls, &e),
              FTPURI_INVALID);
    EXPECT_STREQ(e.name, "userinfo.password");
    EXPECT_EQ(e.severity, FTPURI_SEVERITY_ERROR);

    // Lenient trims edge whitespace: the finding's offset is still into the caller's input.
    ftpuri_parse_options const lenient = c_options(FTPURI_PROFILE_LENIENT);
    ASSERT_EQ(ftpuri_sanitize("  ftp://evil.example/", FTPURI_NUL_TERMINATED, &lenient, &policy, 0, out.data(),
                              out.size(), &n, &cls, &e),
              FTPURI_INVALID);
    EXPECT_EQ(e.id, FTPURI_DIAG_HOST_NOT_ALLOWED);
    EXPECT_EQ(e.offset, 8U);

    // Accepted: the canonical form, NUL-terminated, with the flags' drops.
    cls = 99;
    ASSERT_EQ(ftpuri_sanitize("FTP://Ftp.Example.ORG./pub/./README#top", FTPURI_NUL_TERMINATED, nullptr, &policy,
                              FTPURI_CANONICAL_DROP_FRAGMENT, out.data(), out.size(), &n, &cls, &e),
              FTPURI_OK);
    EXPECT_STREQ(out.data(), "ftp://ftp.example.org./pub/README");
    EXPECT_EQ(n, std::strlen(out.data()));
    EXPECT_EQ(cls, FTPURI_HOST_CLASS_PUBLIC);

    // An invalid URI leaves the class alone: there is no host to class.
    cls = 99;
    ASSERT_EQ(ftpuri_sanitize("ftp://0x7f.1/", FTPURI_NUL_TERMINATED, nullptr, &policy, 0, out.data(), out.size(), &n,
                              &cls, &e),
              FTPURI_INVALID);
    EXPECT_STREQ(e.name, "host.numeric-ambiguous");
    EXPECT_EQ(cls, 99U);
}

TEST(c_api_service, sanitize_buffers_too_small_say_the_size_needed_and_write_nothing_past_their_end)
{
    ftpuri_policy const policy = FTPURI_POLICY_INIT;
    std::string const want = "ftp://h/~/x";
    std::size_t n = 0;
    for (std::size_t size = 0; size <= want.size(); ++size) {
        ftpuri_test::guarded out(size);
        ASSERT_EQ(ftpuri_sanitize("FTP://H/%7e/./x", FTPURI_NUL_TERMINATED, nullptr, &policy, 0,
                                  size == 0 ? nullptr : out.span().data(), size, &n, nullptr, nullptr),
                  FTPURI_BUFFER_TOO_SMALL)
            << size;
        EXPECT_EQ(n, want.size());
        EXPECT_TRUE(out.intact()) << size;
    }
    ftpuri_test::guarded out(want.size() + 1);
    ASSERT_EQ(ftpuri_sanitize("FTP://H/%7e/./x", FTPURI_NUL_TERMINATED, nullptr, &policy, 0, out.span().data(),
                              out.span().size(), &n, nullptr, nullptr),
              FTPURI_OK);
    EXPECT_EQ(out.written(n + 1), want + '\0');
    EXPECT_TRUE(out.intact());
}

TEST(c_api_service, sanitize_refuses_arguments_a_binding_could_get_wrong)
{
    char const* const allow[] = {"ftp.example.org", nullptr};
    std::uint32_t const ids[] = {FTPURI_DIAG_COUNT};
    std::array<char, 64> out{};
    auto const sanitize_with = [&](ftpuri_policy const* p, std::uint32_t flags = 0, char* buffer = nullptr,
                                   std::size_t size = 64, ftpuri_parse_options const* o = nullptr,
                                   ftpuri_diagnostic* e = nullptr, char const* in = "ftp://h/") {
        return ftpuri_sanitize(in, FTPURI_NUL_TERMINATED, o, p, flags, buffer, size, nullptr, nullptr, e);
    };
    ftpuri_policy const good = FTPURI_POLICY_INIT;
    ASSERT_EQ(sanitize_with(&good, 0, out.data()), FTPURI_OK);
    EXPECT_EQ(sanitize_with(nullptr, 0, out.data()), FTPURI_BAD_ARGUMENT);
    ftpuri_policy p = good;
    p.size = sizeof p - 1;
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "a struct smaller than this version's";
    p = good;
    p.reserved = 1;
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "reserved for a later version";
    p = good;
    p.deny = FTPURI_HOST_CLASS_BIT(10);
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "a bit that is no class";
    p = good;
    p.as_error = ids;
    p.as_error_count = 1;
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "a number that is no id";
    p = good;
    p.as_error_count = 1;
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "no ids but a count";
    p = good;
    p.allow_count = 1;
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "no patterns but a count";
    p = good;
    p.allow = allow;
    p.allow_count = 2;
    EXPECT_EQ(sanitize_with(&p, 0, out.data()), FTPURI_BAD_ARGUMENT) << "a null pattern";
    p.allow_count = 1;
    EXPECT_EQ(sanitize_with(&p, 0, out.data(), 64, nullptr, nullptr, "ftp://ftp.example.org/"), FTPURI_OK);
    EXPECT_EQ(sanitize_with(&good, 8, out.data()), FTPURI_BAD_ARGUMENT) << "an unknown flag";
    EXPECT_EQ(sanitize_with(&good, 0, nullptr, 64), FTPURI_BAD_ARGUMENT) << "no buffer but a size";
    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.profile = 3;
    EXPECT_EQ(sanitize_with(&good, 0, out.data(), 64, &o), FTPURI_BAD_ARGUMENT) << "an unknown profile";
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    e.size = 8;
    EXPECT_EQ(sanitize_with(&good, 0, out.data(), 64, nullptr, &e), FTPURI_BAD_ARGUMENT) << "a small diagnostic";
    EXPECT_EQ(ftpuri_sanitize(nullptr, 3, nullptr, &good, 0, out.data(), out.size(), nullptr, nullptr, nullptr),
              FTPURI_BAD_ARGUMENT)
        << "no input but a length";
    // A later version's bigger struct is read as far as this one knows.
    struct later_policy {
        ftpuri_policy known;
        std::uint64_t added;
    } later{good, 7};
    later.known.size = sizeof later;
    EXPECT_EQ(sanitize_with(&later.known, 0, out.data()), FTPURI_OK);
}

TEST(c_api_service, host_patterns_are_checked_as_cxx_checks_them)
{
    for (std::string_view pattern : {"ftp.example.org",
                                     "*.example.org",
                                     "192.0.2.7",
                                     "[2001:db8::7]",
                                     "ftp.example.org:21",
                                     "[::1]:2121",
                                     "example.org.",
                                     "",
                                     "*.",
                                     "ftp.example.org:",
                                     "ftp.example.org:0",
                                     "ftp.example.org:65536",
                                     "[::1",
                                     "*.[::1]",
                                     "*.127.0.0.1",
                                     "1.2.3",
                                     "a b",
                                     "exa_mple.org",
                                     "-a.org",
                                     "[::1]x",
                                     "[::1]:",
                                     "x:21:21"})
        EXPECT_EQ(ftpuri_host_pattern_check(pattern.data(), pattern.size()),
                  ftpuri::host_pattern::parse(pattern) ? FTPURI_OK : FTPURI_INVALID)
            << pattern;
    EXPECT_EQ(ftpuri_host_pattern_check("*.example.org", FTPURI_NUL_TERMINATED), FTPURI_OK);
    EXPECT_EQ(ftpuri_host_pattern_check(nullptr, FTPURI_NUL_TERMINATED), FTPURI_BAD_ARGUMENT);
}

// Any input, valid or not: each corpus input, and the shapes the three readers part on.
TEST(c_api_service, passwords_are_found_and_redacted_as_cxx_does_in_any_input)
{
    std::vector<std::string> inputs = corpus();
    for (char const* in : {"ftp://alice:s3cret@ftp.example.org/inbox/", "ftp:u:pw@h/", "ftp:\\\\u:pw@h/",
                           "ftp://a:b@c@h/", "ftp://u:pa/ss@h/", "ftp://u:@h/", "ftp://u@h/", "no url at all", ""})
        inputs.emplace_back(in);
    std::size_t found = 0;
    for (std::string const& in : inputs) {
        std::optional<ftpuri::byte_range> const want = ftpuri::find_password(in);
        ftpuri_range got{FTPURI_NPOS, 0};
        int const status = ftpuri_find_password(in.data(), in.size(), &got);
        ASSERT_EQ(status, want ? FTPURI_OK : FTPURI_INVALID) << in;
        if (want) {
            ++found;
            EXPECT_EQ(got.offset, want->offset) << in;
            EXPECT_EQ(got.length, want->length) << in;
        }
        std::vector<char> cxx(ftpuri::redact_password_size_bound(in));
        std::size_t const m = ftpuri::redact_password_into(in, cxx).size;
        ftpuri_test::guarded out(in.size() + 5);
        std::size_t n = 0;
        ASSERT_EQ(ftpuri_redact_password(in.data(), in.size(), out.span().data(), out.span().size(), &n), FTPURI_OK)
            << in;
        EXPECT_EQ(out.written(n + 1), std::string(cxx.data(), m) + '\0') << in;
        EXPECT_TRUE(out.intact());
    }
    EXPECT_GT(found, 20U);
}

TEST(c_api_service, redaction_buffers_and_arguments)
{
    char const* in = "ftp://alice:s3cret@h/";
    std::string const want = "ftp://alice:****@h/";
    std::size_t n = 0;
    for (std::size_t size = 0; size <= want.size(); ++size) {
        ftpuri_test::guarded out(size);
        ASSERT_EQ(ftpuri_redact_password(in, FTPURI_NUL_TERMINATED, size == 0 ? nullptr : out.span().data(), size, &n),
                  FTPURI_BUFFER_TOO_SMALL)
            << size;
        EXPECT_GE(n + 1, want.size() + 1) << "a size that suffices";
        EXPECT_TRUE(out.intact()) << size;
    }
    EXPECT_EQ(ftpuri_redact_password(in, FTPURI_NUL_TERMINATED, nullptr, 0, nullptr), FTPURI_BUFFER_TOO_SMALL);
    std::vector<char> enough(n + 1);
    ASSERT_EQ(ftpuri_redact_password(in, FTPURI_NUL_TERMINATED, enough.data(), enough.size(), &n), FTPURI_OK);
    EXPECT_EQ(std::string_view(enough.data(), n), want);
    // No password: the input as it is; an empty input is an empty string.
    ASSERT_EQ(ftpuri_redact_password("ftp://h/", 8, enough.data(), enough.size(), nullptr), FTPURI_OK);
    EXPECT_STREQ(enough.data(), "ftp://h/");
    ASSERT_EQ(ftpuri_redact_password(nullptr, 0, enough.data(), 1, &n), FTPURI_OK);
    EXPECT_EQ(n, 0U);
    EXPECT_STREQ(enough.data(), "");

    // Redacting in place would read what it wrote: refused, as are a null buffer with a size and
    // a null input with a length.
    std::string buffer = "ftp://u:pw@h/" + std::string(27, ' ');
    EXPECT_EQ(ftpuri_redact_password(buffer.data(), 13, buffer.data(), buffer.size(), &n), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_redact_password(buffer.data() + 1, 12, buffer.data(), 2, &n), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_redact_password(buffer.data(), 13, buffer.data() + 12, 20, &n), FTPURI_BAD_ARGUMENT);
    ASSERT_EQ(ftpuri_redact_password(buffer.data(), 13, buffer.data() + 13, 20, &n), FTPURI_OK) << "adjacent";
    EXPECT_STREQ(buffer.data() + 13, "ftp://u:****@h/");
    buffer = std::string(20, ' ') + "ftp://u:pw@h/";
    ASSERT_EQ(ftpuri_redact_password(buffer.data() + 20, 13, buffer.data(), 20, &n), FTPURI_OK) << "adjacent";
    EXPECT_STREQ(buffer.data(), "ftp://u:****@h/");
    EXPECT_EQ(ftpuri_redact_password(in, FTPURI_NUL_TERMINATED, nullptr, 4, &n), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_redact_password(nullptr, 4, enough.data(), enough.size(), &n), FTPURI_BAD_ARGUMENT);
    ftpuri_range r{};
    EXPECT_EQ(ftpuri_find_password(in, FTPURI_NUL_TERMINATED, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_find_password(nullptr, 4, &r), FTPURI_BAD_ARGUMENT);
}

TEST(c_api_service, references_resolve_as_cxx_resolves_them)
{
    std::string const base = "ftp://ftp.example.org/pub/linux/README;type=a";
    std::size_t checked = 0;
    for (std::string const ref :
         {"../gnu/;type=d", "", ".", "..", "../../../../g", "/etc/motd", "//other.example/x", "g?q#f", "#f",
          "ftp://h2/y", "http://example.com/", "g;x=1/../y", "%2Fetc/motd", "./a:b"}) {
        std::optional<std::string> const want = ftpuri::resolve(base, ref);
        ASSERT_TRUE(want);
        ftpuri_test::guarded out(base.size() + ref.size() + 2);
        std::size_t n = 0;
        ASSERT_EQ(ftpuri_resolve(base.data(), base.size(), ref.data(), ref.size(), nullptr, out.span().data(),
                                 out.span().size(), &n, nullptr),
                  FTPURI_OK)
            << ref;
        EXPECT_EQ(out.written(n + 1), *want + '\0') << ref;
        EXPECT_TRUE(out.intact());
        for (std::size_t size : {std::size_t{0}, want->size()}) {
            ftpuri_test::guarded small(size);
            ASSERT_EQ(ftpuri_resolve(base.data(), base.size(), ref.data(), ref.size(), nullptr,
                                     size == 0 ? nullptr : small.span().data(), size, &n, nullptr),
                      FTPURI_BUFFER_TOO_SMALL)
                << ref << " into " << size;
            EXPECT_EQ(n, want->size());
            EXPECT_TRUE(small.intact());
        }
        ++checked;
    }
    EXPECT_EQ(checked, 14U);

    // The base is checked in the profile asked for; the error says why it is refused.
    std::array<char, 128> out{};
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    EXPECT_EQ(
        ftpuri_resolve(" ftp://h/a/b", FTPURI_NUL_TERMINATED, "c", 1, nullptr, out.data(), out.size(), nullptr, &e),
        FTPURI_INVALID);
    EXPECT_STREQ(e.name, "char.space");
    ftpuri_parse_options const lenient = c_options(FTPURI_PROFILE_LENIENT);
    ASSERT_EQ(
        ftpuri_resolve(" ftp://h/a/b", FTPURI_NUL_TERMINATED, "c", 1, &lenient, out.data(), out.size(), nullptr, &e),
        FTPURI_OK);
    EXPECT_STREQ(out.data(), "ftp://h/a/c");
    EXPECT_EQ(ftpuri_resolve("ftp://h/", 8, nullptr, 1, nullptr, out.data(), out.size(), nullptr, nullptr),
              FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_resolve("ftp://h/", 8, "a", 1, nullptr, nullptr, 3, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_resolve(nullptr, 8, "a", 1, nullptr, out.data(), out.size(), nullptr, nullptr),
              FTPURI_BAD_ARGUMENT);
}

TEST(c_api_service, reply_codes_give_the_cxx_actions_at_every_stage)
{
    for (std::uint32_t stage = FTPURI_STAGE_LOGIN; stage <= FTPURI_STAGE_TRANSFER; ++stage) {
        EXPECT_EQ(std::string_view(ftpuri_plan_stage_name(stage)),
                  ftpuri::to_string(static_cast<ftpuri::plan_stage>(stage)));
        for (std::uint32_t code : {0U, 99U, 700U, 65536U + 530U, 4294967295U}) {
            std::uint32_t action = 99;
            ASSERT_EQ(ftpuri_reply_action(code, stage, &action), FTPURI_OK);
            EXPECT_EQ(action, FTPURI_ACTION_STOP) << code << " is no FTP reply";
        }
        for (std::uint32_t code = 0; code < 1000; ++code) {
            std::uint32_t action = 99;
            ASSERT_EQ(ftpuri_reply_action(code, stage, &action), FTPURI_OK);
            EXPECT_EQ(action,
                      static_cast<std::uint32_t>(ftpuri::reply_action(code, static_cast<ftpuri::plan_stage>(stage))))
                << code << " at " << ftpuri_plan_stage_name(stage);
        }
    }
    std::uint32_t action = 99;
    ASSERT_EQ(ftpuri_reply_action(530, FTPURI_STAGE_PATH, &action), FTPURI_OK);
    EXPECT_STREQ(ftpuri_client_action_name(action), "log-in");
    ASSERT_EQ(ftpuri_reply_action(550, FTPURI_STAGE_TRANSFER, &action), FTPURI_OK);
    EXPECT_STREQ(ftpuri_client_action_name(action), "stop-keep-directory");
    for (std::uint32_t a = FTPURI_ACTION_PROCEED; a <= FTPURI_ACTION_LOG_IN; ++a)
        EXPECT_EQ(std::string_view(ftpuri_client_action_name(a)),
                  ftpuri::to_string(static_cast<ftpuri::client_action>(a)));
    EXPECT_EQ(ftpuri_client_action_name(FTPURI_ACTION_LOG_IN + 1), nullptr);
    EXPECT_EQ(ftpuri_plan_stage_name(FTPURI_STAGE_TRANSFER + 1), nullptr);
    EXPECT_EQ(ftpuri_reply_action(550, FTPURI_STAGE_TRANSFER + 1, &action), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_reply_action(550, FTPURI_STAGE_PATH, nullptr), FTPURI_BAD_ARGUMENT);
}

} // namespace
