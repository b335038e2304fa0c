// SPDX-License-Identifier: Apache-2.0
// tests/policy/policy_test.cpp: allow patterns against adversarial spellings, denied classes, severity
// by id (parse_options::as_error), and sanitize_into(), the one call.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::host_class;
using ftpuri::host_class_set;
using ftpuri::parse_options;
using ftpuri::policy;
using ftpuri::profile;

std::string id_name(std::optional<ftpuri::diagnostic> const& d)
{
    return d ? std::string(d->info().name) : std::string("accepted");
}

// What check_policy says about `uri` (parsed in `syntax`) under an allow-list of one pattern.
std::string allow_one(std::string_view pattern, std::string const& uri, profile syntax = profile::rfc3986)
{
    std::string_view const patterns[] = {pattern};
    ftpuri::parse_result const r = ftpuri::parse(uri, {syntax});
    if (!r) return "invalid: " + std::string(r.error().info().name);
    return id_name(ftpuri::check_policy(*r, policy{{}, patterns}));
}

struct allow_case {
    char const* pattern;
    char const* uri;
    profile syntax;
    char const* expected; // "accepted", "host.not-allowed", or "invalid: ID"
};

constexpr profile strict = profile::strict;
constexpr profile rfc3986 = profile::rfc3986;
constexpr profile lenient = profile::lenient;

constexpr allow_case allow_cases[] = {
    // case, one trailing dot, escapes: the canonical host is compared
    {"example.org", "ftp://example.org/", strict, "accepted"},
    {"example.org", "ftp://EXAMPLE.org./", strict, "accepted"},
    {"EXAMPLE.ORG.", "ftp://example.org/", strict, "accepted"},
    {"example.org", "ftp://example.org%2E/", rfc3986, "accepted"},
    {"example.org", "ftp://ex%41mple.org/", rfc3986, "accepted"},
    {"example.org", "ftp://example%2Eorg/", rfc3986, "accepted"},
    {"example.org", "ftp://example.org../", strict, "invalid: host.empty-label"},
    {"example.org", "ftp://example.org../", rfc3986, "host.not-allowed"}, // a reg-name, but no DNS name
    // Unicode and A-label spellings of one name; look-alikes are other names
    {"xn--bcher-kva.example",
     "ftp://b\xC3\xBC"
     "cher.example/",
     lenient, "accepted"},
    {"xn--bcher-kva.example",
     "ftp://b%C3%BC"
     "cher.example/",
     lenient, "accepted"},
    {"xn--bcher-kva.example", "ftp://xn--bcher-kva.example/", strict, "accepted"},
    {"xn--bcher-kva.example", "ftp://XN--BCHER-KVA.example/", strict, "accepted"},
    {"bucher.example",
     "ftp://b\xC3\xBC"
     "cher.example/",
     lenient, "host.not-allowed"},
    {"example.org", "ftp://\xD0\xB5xample.org/", lenient, "host.not-allowed"}, // Cyrillic e
    {"example.org", "ftp://\xEF\xBD\x85xample.org/", lenient, "accepted"},     // full-width e maps to e
    // label boundaries, and the apex
    {"*.example.org", "ftp://a.example.org/", strict, "accepted"},
    {"*.example.org", "ftp://a.b.example.org./", strict, "accepted"},
    {"*.example.org", "ftp://example.org/", strict, "host.not-allowed"},
    {"*.example.org", "ftp://badexample.org/", strict, "host.not-allowed"},
    {"example.org", "ftp://badexample.org/", strict, "host.not-allowed"},
    {"example.org", "ftp://example.org.evil.com/", strict, "host.not-allowed"},
    {"*.example.org", "ftp://example.org.evil.com/", strict, "host.not-allowed"},
    {"*.example.org", "ftp://evil.com%2F.example.org/", rfc3986, "host.not-allowed"},
    {"*.example.org", "ftp://evil.com%5C.example.org/", rfc3986, "host.not-allowed"},
    {"example.org", "ftp://example.org@evil.com/", strict, "host.not-allowed"}, // the host is evil.com
    // ports: none in the URI is 21; a pattern without one allows 21 only, ":*" any
    {"example.org:21", "ftp://example.org/", strict, "accepted"},
    {"example.org:21", "ftp://example.org:021/", strict, "accepted"},
    {"example.org:21", "ftp://example.org:2121/", strict, "host.not-allowed"},
    {"example.org:2121", "ftp://example.org:2121/", strict, "accepted"},
    {"example.org:2121", "ftp://example.org/", strict, "host.not-allowed"},
    {"*.example.org:21", "ftp://a.example.org:22/", strict, "host.not-allowed"},
    // An allowed mirror is no port scanner of its host: ftp://ftp.example.org:6379/ reached Redis.
    {"ftp.example.org", "ftp://ftp.example.org:6379/", strict, "host.not-allowed"},
    {"ftp.example.org", "ftp://ftp.example.org:2121/", strict, "host.not-allowed"},
    {"ftp.example.org", "ftp://ftp.example.org/", strict, "accepted"},
    {"ftp.example.org", "ftp://ftp.example.org:21/", strict, "accepted"},
    {"*.example.org", "ftp://a.example.org:6379/", strict, "host.not-allowed"},
    {"192.0.2.7", "ftp://192.0.2.7:22/", strict, "host.not-allowed"},
    {"[2001:db8::7]", "ftp://[2001:db8::7]:22/", strict, "host.not-allowed"},
    {"ftp.example.org:*", "ftp://ftp.example.org:6379/", strict, "accepted"},
    {"ftp.example.org:*", "ftp://ftp.example.org/", strict, "accepted"},
    {"*.example.org:*", "ftp://a.example.org:2121/", strict, "accepted"},
    {"[2001:db8::7]:*", "ftp://[2001:db8::7]:22/", strict, "accepted"},
    {"ftp.example.org:*", "ftp://other.example.org:2121/", strict, "host.not-allowed"},
    // addresses, compared as addresses
    {"192.0.2.7", "ftp://192.0.2.7/", strict, "accepted"},
    {"192.0.2.7", "ftp://192.0.2.8/", strict, "host.not-allowed"},
    {"127.0.0.1", "ftp://0x7f.1/", rfc3986, "host.not-allowed"}, // another spelling is not allowed
    {"127.0.0.1", "ftp://2130706433/", rfc3986, "host.not-allowed"},
    {"[2001:db8::7]", "ftp://[2001:DB8:0:0::7]/", strict, "accepted"},
    {"[2001:db8::7]:21", "ftp://[2001:db8::7]:21/", strict, "accepted"},
    {"[2001:db8::7]", "ftp://[2001:db8::8]/", strict, "host.not-allowed"},
    {"[::ffff:192.0.2.7]", "ftp://[::ffff:c000:207]/", strict, "accepted"},
    {"192.0.2.7", "ftp://[::ffff:192.0.2.7]/", strict, "host.not-allowed"},
    // a pattern that is not one matches nothing
    {"*.0.2.7", "ftp://192.0.2.7/", strict, "host.not-allowed"},
    {"0x7f.1", "ftp://0x7f.1/", rfc3986, "host.not-allowed"},
};

TEST(allow_list, adversarial_spellings)
{
    for (allow_case const& c : allow_cases)
        EXPECT_EQ(allow_one(c.pattern, c.uri, c.syntax), c.expected) << c.pattern << " vs " << c.uri;
}

// The same cases through a sorted list of every pattern but the case's own, plus its own: the
// binary search finds what the one-by-one check finds.
TEST(allow_list, a_sorted_list_finds_what_each_pattern_finds)
{
    for (allow_case const& c : allow_cases) {
        std::vector<std::string_view> patterns;
        for (allow_case const& other : allow_cases)
            if (std::string_view(other.pattern) != c.pattern && allow_one(other.pattern, c.uri, c.syntax) != "accepted")
                patterns.emplace_back(other.pattern);
        patterns.emplace_back(c.pattern);
        ftpuri::sort_host_patterns(patterns);
        std::string const text = c.uri;
        ftpuri::parse_result const r = ftpuri::parse(text, {c.syntax});
        if (!r) continue;
        policy rules{{}, patterns};
        std::string const unsorted = id_name(ftpuri::check_policy(*r, rules));
        rules.allow_sorted = true;
        EXPECT_EQ(id_name(ftpuri::check_policy(*r, rules)), unsorted) << c.pattern << " vs " << c.uri;
        EXPECT_EQ(unsorted, c.expected) << c.pattern << " vs " << c.uri;
    }
}

// Random names and patterns (seeded): sorted and one-by-one agree, on hits and misses alike.
TEST(allow_list, sorted_and_linear_agree_on_random_lists)
{
    std::mt19937 random(15); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::vector<std::string> const labels = {"a",       "b",   "ftp", "mirror",       "EXAMPLE",
                                             "example", "org", "net", "xn--bcher-kva"};
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
    auto random_name = [&] {
        std::string name = labels[pick(labels.size())];
        for (std::size_t i = pick(3); i > 0; --i)
            name += "." + labels[pick(labels.size())];
        return name;
    };
    std::size_t accepted = 0;
    std::size_t refused = 0;
    for (int round = 0; round < 300; ++round) {
        std::vector<std::string> texts;
        for (std::size_t i = 1 + pick(40); i > 0; --i) {
            std::string t = (pick(3) == 0 ? "*." : "") + random_name();
            if (pick(4) == 0) t += ".";
            if (pick(4) == 0) t += pick(2) == 0 ? ":21" : ":2121";
            texts.push_back(t);
        }
        if (pick(5) == 0) texts.emplace_back("[2001:db8::1]");
        std::vector<std::string_view> patterns(texts.begin(), texts.end());
        ftpuri::sort_host_patterns(patterns);
        for (int j = 0; j < 20; ++j) {
            std::string const uri = "ftp://" + (pick(10) == 0 ? std::string("[2001:DB8:0::1]") : random_name()) +
                                    (pick(3) == 0 ? ":2121" : "") + "/";
            ftpuri::parse_result const r = ftpuri::parse(uri);
            if (!r) continue;
            policy rules{{}, patterns};
            std::string const linear = id_name(ftpuri::check_policy(*r, rules));
            rules.allow_sorted = true;
            EXPECT_EQ(id_name(ftpuri::check_policy(*r, rules)), linear) << uri;
            (linear == "accepted" ? accepted : refused) += 1;
        }
    }
    EXPECT_GT(accepted, 100U);
    EXPECT_GT(refused, 100U);
}

TEST(allow_list, any_pattern_in_the_list_may_match)
{
    std::string_view const patterns[] = {"ftp.example.org", "*.mirror.example.net:21", "[2001:db8::1]"};
    policy const rules{{}, patterns};
    for (char const* allowed : {"ftp://ftp.example.org/", "ftp://a.mirror.example.net/", "ftp://[2001:db8::1]/"}) {
        std::string const text = allowed;
        EXPECT_EQ(id_name(ftpuri::check_policy(*ftpuri::parse(text), rules)), "accepted") << allowed;
    }
    std::string const text = "ftp://example.org/";
    EXPECT_EQ(id_name(ftpuri::check_policy(*ftpuri::parse(text), rules)), "host.not-allowed");
}

TEST(host_pattern, forms)
{
    auto const p = ftpuri::host_pattern::parse("*.Example.org.:2121");
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->any_subdomain());
    EXPECT_EQ(p->host(), "Example.org.");
    EXPECT_EQ(p->port(), 2121);
    auto const q = ftpuri::host_pattern::parse("[2001:db8::1]");
    ASSERT_TRUE(q);
    EXPECT_FALSE(q->any_subdomain());
    EXPECT_EQ(q->port(), 21); // no port: FTP's own
    auto const any = ftpuri::host_pattern::parse("example.org:*");
    ASSERT_TRUE(any);
    EXPECT_EQ(any->host(), "example.org");
    EXPECT_EQ(any->port(), 0); // any
    for (char const* invalid : {"example.org:", "example.org:**", "example.org:*1", "[::1]:", "*:21", "example.org:0"})
        EXPECT_FALSE(ftpuri::host_pattern::parse(invalid).has_value()) << invalid;
    for (char const* valid : {"example.org", "a", "xn--bcher-kva.example", "192.0.2.7", "192.0.2.7:21", "[::1]:2121",
                              "*.a.b", "a-b.c", "example.org.:65535"}) {
        EXPECT_TRUE(ftpuri::host_pattern::parse(valid).has_value()) << valid;
    }
    for (char const* invalid :
         {"", "*", "*.", "*example.org", "**.example.org", "example..org", "-a.org", "a-.org", "example.org..",
          "example.org:", "example.org:0", "example.org:65536", "example.org:021", "example.org:2x", "exa mple.org",
          // One literal, split so that the "c" of "cher" is not read as a
          // hex digit of the escape \xBC.
          // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
          "b\xC3\xBC"
          "cher.example",
          "ex%41mple.org", "[2001:db8::1", "[2001:db8::g]", "[::1]x", "[::1]:", "*.[::1]", "*.1", "127.1", "0x7f.1",
          "192.0.2.7.", "010.0.0.1", "a_b.org", "example.org/", "user@example.org"}) {
        EXPECT_FALSE(ftpuri::host_pattern::parse(invalid).has_value()) << invalid;
    }
    std::string const long_label(64, 'a');
    EXPECT_FALSE(ftpuri::host_pattern::parse(long_label + ".org").has_value());
    EXPECT_TRUE(ftpuri::host_pattern::parse(long_label.substr(1) + ".org").has_value());
}

TEST(deny, the_finding_names_the_worst_denied_class_and_points_at_the_host)
{
    std::string const text = "ftp://user@[::ffff:127.0.0.1]:2121/etc/passwd";
    ftpuri::parse_result const r = ftpuri::parse(text);
    ASSERT_TRUE(r);
    std::optional<ftpuri::diagnostic> const d = ftpuri::check_policy(*r, {host_class_set::non_public()});
    ASSERT_TRUE(d);
    EXPECT_EQ(d->id, diag_id::host_denied);
    EXPECT_EQ(d->level, ftpuri::severity::error);
    EXPECT_EQ(d->where, ftpuri::component::host);
    EXPECT_EQ(text.substr(d->offset, d->length), "[::ffff:127.0.0.1]");
    EXPECT_EQ(ftpuri::message(*d), "host class loopback is denied by the policy");
    EXPECT_FALSE(ftpuri::check_policy(*r, {{host_class::private_, host_class::reserved}}));
    // the worst of the classes the policy denies, among the host's readings
    std::string const numeric = "ftp://010.0.0.1/";
    ftpuri::parse_result const n = ftpuri::parse(numeric, {profile::rfc3986});
    ASSERT_TRUE(n);
    EXPECT_EQ(ftpuri::message(*ftpuri::check_policy(*n, {{host_class::public_}})),
              "host class public is denied by the policy");
    EXPECT_EQ(ftpuri::message(*ftpuri::check_policy(*n, {host_class_set::non_public()})),
              "host class private is denied by the policy");
}

TEST(deny, deny_comes_before_allow)
{
    std::string_view const patterns[] = {"192.168.1.5", "mirror.internal"};
    policy const rules{{host_class::private_, host_class::special_use}, patterns};
    for (char const* uri : {"ftp://192.168.1.5/", "ftp://mirror.internal/"}) {
        std::string const text = uri;
        EXPECT_EQ(id_name(ftpuri::check_policy(*ftpuri::parse(text), rules)), "host.denied") << uri;
    }
}

TEST(message, is_the_catalogues_but_for_host_denied)
{
    ftpuri::diagnostic d{diag_id::host_empty, ftpuri::severity::error, ftpuri::component::host, 6, 0};
    EXPECT_EQ(ftpuri::message(d), d.info().message);
    d.id = diag_id::host_denied;
    d.detail = static_cast<std::uint8_t>(host_class::link_local);
    EXPECT_EQ(ftpuri::message(d), "host class link-local is denied by the policy");
    d.detail = 200; // not a class: the catalogue's words
    EXPECT_EQ(ftpuri::message(d), d.info().message);
}

// Severity by id: a warning in as_error is the error, where it was found.
TEST(as_error, makes_a_warning_the_error)
{
    parse_options options;
    options.as_error = {diag_id::userinfo_password, diag_id::path_encoded_slash};
    std::string const password = "ftp://u:secret@h/";
    ftpuri::parse_result const r = ftpuri::parse(password, options);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().id, diag_id::userinfo_password);
    EXPECT_EQ(r.error().level, ftpuri::severity::error);
    EXPECT_EQ(password.substr(r.error().offset, r.error().length), "secret");
    EXPECT_FALSE(ftpuri::validate(password, options));
    EXPECT_TRUE(ftpuri::validate(password)); // only a warning without it

    std::string const slash = "ftp://h/%2Fetc/passwd";
    EXPECT_EQ(ftpuri::parse(slash, options).error().id, diag_id::path_encoded_slash);
    std::string const plain = "ftp://h/pub/file";
    EXPECT_TRUE(ftpuri::parse(plain, options));
    EXPECT_TRUE(ftpuri::validate(plain, options));
}

TEST(as_error, the_list_stops_at_the_promoted_warning)
{
    parse_options options;
    options.as_error = {diag_id::port_default};
    std::string const text = "ftp://anonymous@H:21/a//b";
    ftpuri::diagnostic_list plain_list;
    ASSERT_TRUE(ftpuri::parse(text, {}, plain_list));
    ftpuri::diagnostic_list list;
    ASSERT_FALSE(ftpuri::parse(text, options, list));
    std::vector<std::string> seen;
    for (ftpuri::diagnostic const& d : list)
        seen.push_back(std::string(d.info().name) + ":" + std::string(ftpuri::to_string(d.level)));
    // userinfo.anonymous and host.uppercase came before; path.empty-segment after is dropped
    EXPECT_EQ(seen,
              (std::vector<std::string>{"userinfo.anonymous:warning", "host.uppercase:warning", "port.default:error"}));
    EXPECT_TRUE(plain_list.contains(diag_id::path_empty_segment));
    EXPECT_TRUE(list.has_error());
    ftpuri::diagnostic_list validated;
    EXPECT_FALSE(ftpuri::validate(text, options, validated));
    EXPECT_EQ(validated.size(), list.size());
}

TEST(as_error, a_uri_invalid_on_its_own_keeps_its_own_error)
{
    parse_options options;
    options.as_error = {diag_id::path_empty_segment, diag_id::path_encoded_slash};
    std::string const text = "ftp://u:p@h:99999/a//b";
    ftpuri::parse_result const r = ftpuri::parse(text, options);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().id, diag_id::port_out_of_range);
    // the encoded slash is found first, but the traversal is what is wrong
    std::string const traversal = "ftp://h/..%2F..%2Fetc/passwd";
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const t = ftpuri::parse(traversal, options, list);
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().id, diag_id::path_encoded_traversal);
    EXPECT_EQ(list.count(ftpuri::severity::error), 1U);
    ftpuri::diagnostic_list plain;
    (void)ftpuri::parse(traversal, {}, plain);
    EXPECT_EQ(list.size(), plain.size());
}

TEST(as_error, reports_an_opt_in_rule_it_names)
{
    parse_options options;
    options.as_error = {diag_id::host_ip_address};
    std::string const text = "ftp://192.0.2.1/";
    ftpuri::parse_result const r = ftpuri::parse(text, options);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().id, diag_id::host_ip_address);
    EXPECT_FALSE(ftpuri::validate(text, options));
    std::string const name = "ftp://h/";
    EXPECT_TRUE(ftpuri::validate(name, options));
}

TEST(as_error, a_note_that_explains_the_warning_stays_with_it)
{
    parse_options options;
    options.as_error = {diag_id::typecode_uppercase};
    std::string const text = "ftp://h/f;TYPE=I";
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse(text, options, list);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().id, diag_id::typecode_uppercase);
    ASSERT_EQ(list.size(), 2U);
    EXPECT_EQ(list[1].id, diag_id::interop_typecode_case);
    EXPECT_EQ(list[1].level, ftpuri::severity::note);
}

TEST(sanitize, checks_applies_the_policy_and_writes_the_canonical_form)
{
    std::string_view const patterns[] = {"ftp.example.org:21"};
    policy const rules{host_class_set::non_public(), patterns};
    parse_options options;
    options.as_error = {diag_id::userinfo_password};
    char out[256];

    std::string const good = "FTP://Ftp.Example.ORG./pub/./a/../f.txt";
    ftpuri::sanitize_result const r = ftpuri::sanitize_into(good, rules, out, options);
    ASSERT_TRUE(r) << r.error.info().name;
    EXPECT_EQ(std::string_view(out, r.size), "ftp://ftp.example.org./pub/f.txt");
    EXPECT_EQ(r.cls, host_class::public_);
    EXPECT_EQ(r.uri.host(), "Ftp.Example.ORG.");

    struct refused {
        char const* input;
        diag_id id;
        char const* points_at;
    };
    for (refused const& c : {refused{"ftp://ftp.example.org/a%0D%0ADELE%20x", diag_id::pct_forbidden_control, "%0D"},
                             refused{"ftp://u:pw@ftp.example.org/", diag_id::userinfo_password, "pw"},
                             refused{"ftp://127.0.0.1/", diag_id::host_denied, "127.0.0.1"},
                             refused{"ftp://other.example.org/", diag_id::host_not_allowed, "other.example.org"},
                             refused{"ftp://ftp.example.org:2121/", diag_id::host_not_allowed, "ftp.example.org"}}) {
        std::string const text = c.input;
        ftpuri::sanitize_result const s = ftpuri::sanitize_into(text, rules, out, options);
        EXPECT_FALSE(s) << c.input;
        EXPECT_EQ(s.status, ftpuri::write_status::invalid);
        EXPECT_EQ(s.error.id, c.id) << c.input;
        EXPECT_EQ(text.substr(s.error.offset, s.error.length), c.points_at) << c.input;
    }
}

// Severity by id applies to what the URI means: a finding that depends on a segment's place is
// judged on the canonical form too, so that sanitize_into() never accepts a URI whose canonical form,
// the one it writes, the same call refuses. "./~user" is another account's home once "." is
// removed. A drive letter warns in any segment, so the input's own finding refuses it, at "C:".
TEST(sanitize, judges_the_canonical_form_it_writes)
{
    struct row {
        char const* input;
        profile syntax;
        diag_id made_error;
        char const* canonical; // refused by the same call
        char const* points_at; // in the input: its path, or the finding's own bytes
    };
    char out[256];
    for (row const& c :
         {row{"ftp://h/./C:/x", profile::strict, diag_id::path_drive_letter, "ftp://h/C:/x", "C:"},
          row{"ftp://h/a/../C:/x", profile::strict, diag_id::path_drive_letter, "ftp://h/C:/x", "C:"},
          row{"ftp://h/%2E/C:/x", profile::strict, diag_id::path_drive_letter, "ftp://h/C:/x", "C:"},
          row{"ftp://h/./~user/x", profile::rfc3986, diag_id::path_tilde_user, "ftp://h/~user/x", "/./~user/x"},
          row{"ftp://h/a/../~user/x", profile::lenient, diag_id::path_tilde_user, "ftp://h/~user/x", "/a/../~user/x"},
          // A reg-name until "%6E" is decoded, then an A-label that is not Punycode: at the host.
          row{"ftp://x%6E--a/", profile::rfc3986, diag_id::host_punycode_invalid, "ftp://xn--a/", "x%6E--a"}}) {
        parse_options options{c.syntax};
        options.as_error = {c.made_error};
        std::string const canonical = c.canonical;
        ftpuri::sanitize_result const stored = ftpuri::sanitize_into(canonical, {}, out, options);
        ASSERT_FALSE(stored) << c.canonical;
        EXPECT_EQ(stored.error.id, c.made_error) << c.canonical;

        std::string const text = c.input;
        ftpuri::sanitize_result const r = ftpuri::sanitize_into(text, {}, out, options);
        EXPECT_FALSE(r) << c.input << " accepted as " << std::string_view(out, r.size);
        EXPECT_EQ(r.status, ftpuri::write_status::invalid) << c.input;
        EXPECT_EQ(r.error.id, c.made_error) << c.input;
        EXPECT_EQ(r.error.level, ftpuri::severity::error) << c.input;
        // It points at the input's spelling of the refused component (the canonical form spells
        // it otherwise), or at the finding the input draws itself.
        EXPECT_EQ(text.substr(r.error.offset, r.error.length), c.points_at) << c.input;
        // Without the id made an error, both are accepted.
        EXPECT_TRUE(ftpuri::sanitize_into(text, {}, out, parse_options{c.syntax})) << c.input;
    }
}

// With path.drive-letter an error, a service refuses a drive letter in any segment, as the attack
// spelled it: "CWD pub", then "CWD C:", which a Windows server takes as a drive.
TEST(sanitize, refuses_a_drive_letter_in_any_segment)
{
    char out[256];
    parse_options options{profile::strict};
    options.as_error = {diag_id::path_drive_letter};
    for (std::string const input : {"ftp://ftp.example.org/pub/C:/x", "ftp://ftp.example.org/~/C:/x"}) {
        ftpuri::sanitize_result const r = ftpuri::sanitize_into(input, {}, out, options);
        EXPECT_FALSE(r) << input << " accepted as " << std::string_view(out, r.size);
        EXPECT_EQ(r.error.id, diag_id::path_drive_letter) << input;
        EXPECT_EQ(input.substr(r.error.offset, r.error.length), "C:") << input;
    }
}

TEST(sanitize, offsets_are_the_inputs_when_lenient_trims)
{
    std::string const text = "  ftp://127.0.0.1/ ";
    char out[64];
    ftpuri::sanitize_result const r =
        ftpuri::sanitize_into(text, {{host_class::loopback}}, out, parse_options{profile::lenient});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error.id, diag_id::host_denied);
    EXPECT_EQ(text.substr(r.error.offset, r.error.length), "127.0.0.1");
}

TEST(sanitize, too_small_a_buffer_says_how_much_is_needed)
{
    std::string const text = "ftp://ftp.example.org/pub/a/long/path";
    char small[8];
    ftpuri::sanitize_result const r = ftpuri::sanitize_into(text, {}, small);
    EXPECT_EQ(r.status, ftpuri::write_status::buffer_too_small);
    EXPECT_FALSE(r);
    EXPECT_EQ(r.size, text.size());
    std::vector<char> enough(r.size);
    ftpuri::sanitize_result const again = ftpuri::sanitize_into(text, {}, enough);
    ASSERT_TRUE(again);
    EXPECT_EQ(std::string_view(enough.data(), again.size), text);
}

TEST(sanitize, an_empty_policy_accepts_what_parses)
{
    char out[64];
    std::string const loop = "ftp://localhost/";
    ftpuri::sanitize_result const r = ftpuri::sanitize_into(loop, {}, out);
    ASSERT_TRUE(r);
    EXPECT_EQ(r.cls, host_class::loopback);
    std::string const bad = "ftp://0x7f.1/";
    EXPECT_EQ(ftpuri::sanitize_into(bad, {}, out).error.id, diag_id::host_numeric_ambiguous);
}

} // namespace
