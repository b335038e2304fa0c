// SPDX-License-Identifier: Apache-2.0
// tests/scan/lenient_test.cpp: the lenient profile's repairs (docs/behaviour.md "Syntax profiles"): what it
// repairs, with which warning at which bytes, and the canonical form of the repaired URI
// (strict-valid, checked by check_canonical(), tests/support/canonical_check.hpp); what it does
// not repair (errors, as in strict); and the safety warnings that have no repair.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/canonical_check.hpp"
#include "support/canonical_rows.hpp"
#include "support/diagnostic_text.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"
#include "support/uri_expect.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::parse_options;
using ftpuri_test::cat;
using ftpuri_test::check_canonical;
using ftpuri_test::finding;
using ftpuri_test::L;
using ftpuri_test::lenient_row;
using ftpuri_test::name_of;
using ftpuri_test::S;

// The repairs (the table: tests/support/canonical_rows.hpp, which docs/canonical.md's examples
// are found in).
TEST(lenient, repairs)
{
    std::set<diag_id> repaired;
    for (lenient_row const& row : ftpuri_test::lenient_rows()) {
        SCOPED_TRACE(cat({"lenient <", row.input, ">"}));
        EXPECT_FALSE(ftpuri::validate(row.input, parse_options{S}))
            << "test table: strict accepts it, nothing to repair";
        ftpuri::diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{L}, list);
        ASSERT_TRUE(r.has_value()) << name_of(r.error().id) << " at " << r.error().offset;
        SCOPED_TRACE(cat({"diagnostics: ", ftpuri_test::describe(list)}));
        std::set<std::string> got;
        std::set<std::string> want;
        for (auto const& d : list) {
            got.insert(name_of(d.id));
            EXPECT_EQ(d.level, ftpuri::severity::warning) << name_of(d.id);
        }
        for (finding const& f : row.repairs) {
            want.insert(name_of(f.id));
            EXPECT_TRUE(ftpuri_test::holds(list, f)) << "missing " << ftpuri_test::describe(f);
            repaired.insert(f.id);
        }
        for (diag_id id : row.other)
            want.insert(name_of(id));
        EXPECT_EQ(got, want) << "the warnings";
        // The canonical form is strict-valid and canonical in strict (check_canonical).
        check_canonical(row.input, L, row.expected, true);
    }
    for (diag_id id : {diag_id::input_trimmed, diag_id::char_space, diag_id::char_non_ascii, diag_id::host_unicode,
                       diag_id::typecode_misspelled, diag_id::userinfo_raw_colon})
        EXPECT_EQ(repaired.count(id), 1U) << "no row shows the repair " << name_of(id);
}

// What the lenient profile does not repair: errors, as in strict.
struct lenient_error_row {
    std::string_view input;
    finding error;
    std::string_view why = {}; // a peer that accepts it
};

// Five labels of 60 letters, each letter percent-encoded: 305 bytes once decoded.
std::string const encoded_name_305 = [] {
    std::string s = "ftp://";
    for (int label = 0; label < 5; ++label) {
        for (int i = 0; i < 60; ++i)
            s += "%61";
        s += '.';
    }
    return s + "/";
}();

// clang-format off
std::vector<lenient_error_row> const lenient_error_rows = {
    {"ftp://\xE2\x98\x83.example/", {diag_id::host_idna_invalid, 6, 11},
     "libidn2 follows IDNA2008, which disallows symbols (U+2603 SNOWMAN); WHATWG's UTS #46 maps it: "
     "WPT urltestdata index 548 reads ftp://%e2%98%83 as ftp://xn--n3h/"},
    {"ftp://\xF0\x9F\x98\x80.com/", {diag_id::host_idna_invalid, 6, 8}, "emoji are not IDNA2008 PVALID either"},
    {"ftp://a\xFF" "b.example/", {diag_id::host_idna_invalid, 6, 11}},
    {"ftp://h/a\tb", {diag_id::char_control, 9, 1}},
    {"ftp://h/a%0D%0Ab", {diag_id::pct_forbidden_control, 9, 3}},
    {"ftp://u:p@q@h/", {diag_id::userinfo_multiple_at, 9, 1}},
    {"ftp://ex ample.com/", {diag_id::char_space, 8, 1}},
    {"ftp://h/a\\b", {diag_id::char_unsafe, 9, 1}},
    // Blanks only: what lenient trims from the ends leaves nothing (docs/mutation.md: a mutant that
    // took the trim's refusal for success survived the suite before these rows).
    {" \t\r\n\f ", {diag_id::input_empty, 0, 0}},
    {" ", {diag_id::input_empty, 0, 0}},
};
// clang-format on

TEST(lenient, what_it_does_not_repair)
{
    for (lenient_error_row const& row : lenient_error_rows) {
        SCOPED_TRACE(cat({"lenient <", row.input, ">"}));
        ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{L});
        ASSERT_FALSE(r.has_value()) << "accepted";
        EXPECT_EQ(name_of(r.error().id), name_of(row.error.id));
        EXPECT_EQ(r.error().offset, static_cast<std::uint32_t>(row.error.offset));
        EXPECT_EQ(r.error().length, static_cast<std::uint32_t>(row.error.length));
        EXPECT_FALSE(ftpuri::canonicalize(row.input, parse_options{L}).has_value());
    }
}

// docs/behaviour.md: the lenient canonical form is strict-valid "wherever a repair exists". The safety
// rules that are strict errors and warnings elsewhere have no repair: the lenient profile
// accepts these with the warning, and their canonical form stays what strict rejects.
struct lenient_unrepaired_row {
    std::string_view input;
    std::string_view expected;
    diag_id warning; // in lenient; the error strict reports for input and canonical form alike
};

std::vector<lenient_unrepaired_row> const lenient_unrepaired_rows = {
    {"ftp://h/..%2Fetc", "ftp://h/..%2Fetc", diag_id::path_encoded_traversal},
    {"ftp://h/a%5cb", "ftp://h/a%5Cb", diag_id::path_encoded_backslash},
    {"ftp://h/a%01", "ftp://h/a%01", diag_id::pct_control},
    {"ftp://127.1/", "ftp://127.1/", diag_id::host_numeric_ambiguous},
    {"ftp:///p", "ftp:///p", diag_id::host_empty},
};

TEST(lenient, safety_warnings_without_a_repair)
{
    for (lenient_unrepaired_row const& row : lenient_unrepaired_rows) {
        SCOPED_TRACE(cat({"lenient <", row.input, ">"}));
        ftpuri::diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{L}, list);
        ASSERT_TRUE(r.has_value());
        EXPECT_TRUE(ftpuri_test::holds(list, finding{row.warning})) << name_of(row.warning);
        EXPECT_EQ(ftpuri_test::unrepaired_warnings.count(row.warning), 1U);
        std::string const canon = ftpuri::canonicalize(*r);
        EXPECT_EQ(canon, row.expected);
        EXPECT_EQ(ftpuri::canonicalize(canon, parse_options{L}).value_or("-"), canon) << "idempotent";
        ftpuri::parse_result const strict_in = ftpuri::parse(row.input, parse_options{S});
        ftpuri::parse_result const strict_out = ftpuri::parse(canon, parse_options{S});
        ASSERT_FALSE(strict_in.has_value());
        ASSERT_FALSE(strict_out.has_value());
        EXPECT_EQ(name_of(strict_in.error().id), name_of(row.warning));
        EXPECT_EQ(name_of(strict_out.error().id), name_of(row.warning));
    }
}

// Percent-encoding a host's bytes changes nothing lenient decides: each host, raw and with every
// letter and digit encoded, gets the same verdict, error, host kind and canonical form. Hosts of
// every kind and length class: an IPv4 address ("127.0.0.%31" was left a DNS name by a mutant
// no test killed), names at and past the DNS limits, a numeric-ambiguous name, which lenient
// only warns about, longer than any DNS name.
TEST(lenient, percent_encoding_a_host_changes_no_verdict)
{
    auto encoded = [](std::string_view host) {
        std::string s;
        for (char const c : host) {
            if (c == '.' || c == '-') {
                s += c;
            } else {
                constexpr char hex[] = "0123456789ABCDEF";
                s += {'%', hex[static_cast<unsigned char>(c) >> 4U], hex[static_cast<unsigned char>(c) & 15U]};
            }
        }
        return s;
    };
    std::string const label63(63, 'a');
    std::string const name253 = label63 + "." + label63 + "." + label63 + "." + std::string(61, 'b');
    for (std::string const& host :
         {std::string("127.0.0.1"), std::string("10.0.0.255"), std::string("ftp.example"), label63 + ".x",
          std::string(64, 'a') + ".x", name253, name253 + "c", std::string(300, 'a'), std::string(300, 'a') + ".1",
          std::string("127.1"), std::string("0x7f.0.0.1")}) {
        std::string const raw = "ftp://" + host + "/";
        std::string const escaped = "ftp://" + encoded(host) + "/";
        SCOPED_TRACE(cat({"lenient <", raw, "> and <", escaped, ">"}));
        ftpuri::parse_result const a = ftpuri::parse(raw, parse_options{L});
        ftpuri::parse_result const b = ftpuri::parse(escaped, parse_options{L});
        ASSERT_EQ(a.has_value(), b.has_value()) << (a ? name_of(b.error().id) : name_of(a.error().id));
        if (!a) {
            EXPECT_EQ(name_of(a.error().id), name_of(b.error().id));
            continue;
        }
        EXPECT_EQ(static_cast<int>(a->host_type()), static_cast<int>(b->host_type()));
        EXPECT_EQ(ftpuri::canonicalize(*a), ftpuri::canonicalize(*b));
    }
}

// Which warnings a host's escapes draw: "%7F" decodes to ASCII (DEL), so the host is
// percent-encoded, not Unicode, and no DNS name: a reg-name, as rfc3986 reads it.
TEST(lenient, an_escaped_ascii_control_in_a_host_is_no_unicode)
{
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse("ftp://a%7Fb/", parse_options{L}, list);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->host_type(), ftpuri::host_kind::reg_name);
    EXPECT_EQ(ftpuri_test::describe(list),
              "pct.control(warning)@7+3, host.percent-encoded(warning)@7+3, host.not-dns(warning)@6+5");
}

// A name that is a DNS name but for its "_" (SRV labels) is a reg-name with host.underscore
// alone: host.not-dns is for hosts no DNS name is like.
TEST(lenient, an_underscored_name_warns_of_its_underscore_alone)
{
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse("ftp://_ftp._tcp.example/", parse_options{L}, list);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->host_type(), ftpuri::host_kind::reg_name);
    EXPECT_EQ(ftpuri_test::describe(list), "host.underscore(warning)@6+1");
}

// A typecode that a query or a fragment follows still ends the path: it is the typecode, not a
// raw ";" in the last segment.
TEST(lenient, a_typecode_before_a_query_or_fragment_is_the_typecode)
{
    for (auto const& [input, letter] : {std::pair{"ftp://h/f;type=i?x", 'i'}, std::pair{"ftp://h/f;TYPE=D#top", 'd'}}) {
        SCOPED_TRACE(input);
        ftpuri::diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(input, parse_options{L}, list);
        ASSERT_TRUE(r.has_value());
        EXPECT_TRUE(r->has_typecode());
        EXPECT_EQ(r->typecode(), letter);
        EXPECT_EQ(r->path(), "/f");
        EXPECT_TRUE(std::none_of(list.begin(), list.end(), [](ftpuri::diagnostic const& d) {
            return d.id == diag_id::path_raw_semicolon;
        })) << ftpuri_test::describe(list);
    }
}

// lenient accepts all that rfc3986 accepts: where strict's grammar refuses what RFC 3986 allows,
// it reads the input as rfc3986 does, with a warning that names what strict refuses, and writes
// the canonical form rfc3986 writes (a raw ";" as %3B, which strict accepts too).
TEST(lenient, reads_what_strict_refuses_as_rfc3986_does)
{
    struct row {
        std::string input;
        diag_id warning;
        ftpuri::host_kind kind;
        std::string_view canonical;
    };
    using enum ftpuri::host_kind;
    std::vector<row> const rows = {
        {"ftp://h/a;b", diag_id::path_raw_semicolon, dns_name, "ftp://h/a%3Bb"},
        {"ftp://h/f;typecode=x", diag_id::path_raw_semicolon, dns_name, "ftp://h/f%3Btypecode=x"},
        {"ftp://h/f;type=", diag_id::path_raw_semicolon, dns_name, "ftp://h/f%3Btype="},
        // A letter that is no typecode, or a byte after it that does not end the path.
        {"ftp://h/f;type=b", diag_id::path_raw_semicolon, dns_name, "ftp://h/f%3Btype=b"},
        {"ftp://h/f;type=i!", diag_id::path_raw_semicolon, dns_name, "ftp://h/f%3Btype=i!"},
        {"ftp://h/a;type=i/b", diag_id::interop_typecode_cut, dns_name, "ftp://h/a%3Btype=i/b"},
        {"ftp://h/a?b", diag_id::query_present, dns_name, "ftp://h/a?b"},
        {"ftp://[v1.x]/", diag_id::host_ipvfuture, ipvfuture, "ftp://[v1.x]/"},
        {"ftp://a!b/", diag_id::host_not_dns, reg_name, "ftp://a!b/"},
        {"ftp://host;type=a/", diag_id::host_not_dns, reg_name, "ftp://host;type=a/"},
        {"ftp://my~host/", diag_id::host_not_dns, reg_name, "ftp://my~host/"},
        {"ftp://a..b/", diag_id::host_not_dns, reg_name, "ftp://a..b/"},
        {"ftp://-a.com/", diag_id::host_not_dns, reg_name, "ftp://-a.com/"},
        {"ftp://a%FF/", diag_id::host_not_dns, reg_name, "ftp://a%FF/"},
        {"ftp://%E2%98%83.example/", diag_id::host_not_dns, reg_name, "ftp://%E2%98%83.example/"},
        {"ftp://%C2%AD/", diag_id::host_not_dns, reg_name, "ftp://%C2%AD/"},
        // Five labels of 60 letters, each percent-encoded: too long for DNS once decoded.
        {encoded_name_305, diag_id::host_not_dns, reg_name, {}},
    };
    for (row const& c : rows) {
        SCOPED_TRACE(cat({"lenient <", c.input, ">"}));
        ftpuri::diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(c.input, parse_options{L}, list);
        ASSERT_TRUE(r.has_value()) << name_of(r.error().id);
        EXPECT_TRUE(ftpuri::validate(c.input, parse_options{L}));
        EXPECT_TRUE(std::any_of(list.begin(), list.end(), [&](ftpuri::diagnostic const& d) {
            return d.id == c.warning && d.level == ftpuri::severity::warning;
        })) << ftpuri_test::describe(list);
        EXPECT_FALSE(list.has_error());
        EXPECT_EQ(r->host_type(), c.kind);
        // strict refuses it; rfc3986 accepts it and writes the same canonical form.
        EXPECT_FALSE(ftpuri::validate(c.input, parse_options{ftpuri::profile::strict}));
        std::optional<std::string> const canonical = ftpuri::canonicalize(*r);
        ASSERT_TRUE(canonical.has_value());
        EXPECT_EQ(canonical, ftpuri::canonicalize(c.input, parse_options{ftpuri::profile::rfc3986}));
        if (!c.canonical.empty()) {
            EXPECT_EQ(*canonical, c.canonical);
        }
    }
}

} // namespace
