// SPDX-License-Identifier: Apache-2.0
// equivalent_test: equivalent() (include/ftpuri/canonical.hpp) is "the same canonical form".
//
// A table of pairs, each equivalent or not for a stated reason; Boost.URL's comparison vectors
// (tests/data/equivalence-vectors.jsonl) rewritten with ftp; and a generated set of URIs in
// which every pair's equivalent() must agree with comparing canonicalize() outputs (docs/behaviour.md:
// "equivalent(a, b) iff equal canon"). Invalid inputs are equivalent to nothing, themselves
// included.
#include <gtest/gtest.h>

#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/json.hpp"
#include "support/peer_records.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"
#include "support/table_file.hpp"

namespace {

using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri_test::cat;

using ftpuri_test::L;
using ftpuri_test::R;
using ftpuri_test::S;

// Checks one pair both ways, against the canonical forms, and with the uri_view overload.
void check_pair(std::string_view a, std::string_view b, profile p, bool want)
{
    SCOPED_TRACE(cat({"<", a, "> vs <", b, "> in ", ftpuri::to_string(p)}));
    EXPECT_EQ(ftpuri::equivalent(a, b, parse_options{p}), want);
    EXPECT_EQ(ftpuri::equivalent(b, a, parse_options{p}), want) << "not symmetric";
    std::optional<std::string> const ca = ftpuri::canonicalize(a, parse_options{p});
    std::optional<std::string> const cb = ftpuri::canonicalize(b, parse_options{p});
    ASSERT_TRUE(ca.has_value()) << "test table: <" << a << "> is not valid";
    ASSERT_TRUE(cb.has_value()) << "test table: <" << b << "> is not valid";
    EXPECT_EQ(*ca == *cb, want) << "canonical forms " << *ca << " and " << *cb;
    EXPECT_EQ(ftpuri::equivalent(a, b, parse_options{p}), *ca == *cb)
        << "equivalent() disagrees with the canonical forms";
    ftpuri::parse_result const va = ftpuri::parse(a, parse_options{p});
    ftpuri::parse_result const vb = ftpuri::parse(b, parse_options{p});
    EXPECT_EQ(ftpuri::equivalent(*va, *vb), ftpuri::equivalent(a, b, parse_options{p})) << "the uri_view overload";
    EXPECT_TRUE(ftpuri::equivalent(a, a, parse_options{p})) << "not reflexive";
    EXPECT_TRUE(ftpuri::equivalent(b, b, parse_options{p})) << "not reflexive";
    // Each is equivalent to its own canonical form.
    EXPECT_TRUE(ftpuri::equivalent(a, *ca, parse_options{p}));
    EXPECT_TRUE(ftpuri::equivalent(b, *cb, parse_options{p}));
}

struct pair_row {
    std::string_view a;
    std::string_view b;
    profile syntax;
    bool equivalent;
    std::string_view why;
};

// clang-format off
std::vector<pair_row> const pair_rows = {
    // equivalent: what the canonical form normalizes
    {"FTP://h/", "ftp://h/", S, true, "scheme case"},
    {"ftp://Example.ORG/", "ftp://example.org/", S, true, "host case"},
    {"ftp://[2001:DB8::1]/", "ftp://[2001:db8::1]/", S, true, "IPv6 hex case"},
    {"ftp://h/%7e", "ftp://h/~", S, true, "%7e is ~ (unreserved)"},
    {"ftp://h/%7E", "ftp://h/%7e", S, true, "hex case of an unreserved escape"},
    {"ftp://h/a%2fb", "ftp://h/a%2Fb", S, true, "%2f vs %2F: hex case"},
    {"ftp://u%3a@h/", "ftp://u%3A@h/", S, true, "hex case in the user"},
    {"ftp://h/f#%7E", "ftp://h/f#~", S, true, "unreserved escape in the fragment"},
    {"ftp://h:21/", "ftp://h/", S, true, ":21 is the default port"},
    {"ftp://h:/", "ftp://h/", S, true, "an empty port"},
    {"ftp://h:21/", "ftp://h:/", S, true, ":21 vs \":\""},
    {"ftp://h:0021", "ftp://h/", S, true, "leading zeros of the default port, and an empty path"},
    {"ftp://h:02121/", "ftp://h:2121/", S, true, "leading zeros"},
    {"ftp://h", "ftp://h/", S, true, "an empty path is \"/\""},
    {"ftp://h/a/./b/../c", "ftp://h/a/c", S, true, "dot-segments"},
    {"ftp://h/a/..//etc/x", "ftp://h/.//etc/x", R, true, "the \"/.\" kept before a directory the removal took to the root"},
    {"ftp://h/a/%2E%2E/b", "ftp://h/b", S, true, "%2E%2E is a dot-segment"},
    {"ftp://h/a/b/..", "ftp://h/a/", S, true, "a final \"..\" leaves a directory"},
    {"ftp://h/../a", "ftp://h/a", R, true, "\"..\" above the root dropped"},
    {"ftp://h/%2e%2E/../a", "ftp://h/a", R, true, "encoded \"..\" above the root dropped"},
    {"ftp://[2001:db8:0:0:0:0:0:1]/", "ftp://[2001:db8::1]/", S, true, "IPv6 zero compression"},
    {"ftp://[0:0:0:0:0:0:0:1]/", "ftp://[::1]/", S, true, "IPv6 zero compression"},
    {"ftp://[2001:0db8::0001]/", "ftp://[2001:db8::1]/", S, true, "IPv6 leading zeros"},
    {"ftp://[::ffff:192.0.2.1]/", "ftp://[::ffff:c000:201]/", S, true, "IPv4-mapped, dotted or hex"},
    {"ftp://h/f;TYPE=I", "ftp://h/f;type=i", S, true, ";TYPE=I vs ;type=i"},
    {"ftp://h/f;typecode=i", "ftp://h/f;type=i", L, true, "the lenient ;typecode= spelling"},
    {"ftp://h/a b", "ftp://h/a%20b", L, true, "a lenient raw space"},
    {"ftp://h/caf\xC3\xA9", "ftp://h/caf%C3%A9", L, true, "lenient raw UTF-8"},
    {"ftp://b\xC3\xBC" "cher.example/", "ftp://xn--bcher-kva.example/", L, true, "a Unicode host and its A-label"},
    {"ftp://B\xC3\x9C" "CHER.example/", "ftp://b%C3%BCcher.example/", L, true, "Unicode case, percent-encoded UTF-8"},
    {"ftp://u:p:q@h/", "ftp://u:p%3Aq@h/", L, true, "a lenient raw ':' in the password"},
    {"ftp://u:p:q@h/", "ftp://u:p%3Aq@h/", R, true, "an rfc3986 ':' in the password"},
    {"ftp://h/a;b", "ftp://h/a%3Bb", R, true, "an rfc3986 raw ';' is encoded in the canonical form"},
    {"ftp://h/f?%61=b", "ftp://h/f?a=b", R, true, "an unreserved escape in the query"},
    {"ftp://%41.example/", "ftp://a.example/", R, true, "a reg-name's unreserved escape: the canonical forms are equal"},
    {"ftp://%31%32%37.0.0.1/", "ftp://127.0.0.1/", R, true, "decoded digits: the canonical forms are equal"},
    {"ftp://[V1.AB]/", "ftp://[v1.ab]/", R, true, "IPvFuture: host case"},
    // not equivalent: what the canonical form keeps
    {"ftp://h/a%2Fb", "ftp://h/a/b", S, false, "%2F is part of a name, / separates two"},
    {"ftp://h/a", "ftp://h/a/", S, false, "the trailing /"},
    {"ftp://h/a//b", "ftp://h/a/b", S, false, "an empty segment (a null CWD)"},
    {"ftp://h/a/../b", "ftp://h/a/b", S, false, "dot-segments are removed, not ignored"},
    {"ftp://h/a/..//etc/x", "ftp://h//etc/x", R, false, "'a/..//etc' stays below the start; '//etc' is at the root"},
    {"ftp://h/./%2Fetc/x", "ftp://h/%2Fetc/x", S, true, "every mode goes to the root for a directory that begins with '%2F'"},
    {"ftp://h/~/a/..//b/c", "ftp://h/~//b/c", R, false, "the same after the login directory"},
    {"ftp://h/f#x", "ftp://h/f", S, false, "a fragment vs none"},
    {"ftp://h/f#", "ftp://h/f", S, false, "an empty fragment vs none"},
    {"ftp://h/f#a", "ftp://h/f#A", S, false, "fragment case"},
    {"ftp://User@h/", "ftp://user@h/", S, false, "user case"},
    {"ftp://u:Pw@h/", "ftp://u:pw@h/", S, false, "password case"},
    {"ftp://u:@h/", "ftp://u@h/", S, false, "an empty password vs none"},
    {"ftp://@h/", "ftp://h/", S, false, "an empty user vs no userinfo"},
    {"ftp://anonymous@h/", "ftp://h/", S, false, "explicit anonymous (kept unless drop_anonymous)"},
    {"ftp://h/Pub", "ftp://h/pub", S, false, "path case"},
    {"ftp://h/%41", "ftp://h/a", S, false, "%41 is A, not a"},
    {"ftp://h:2121/", "ftp://h/", S, false, "another port"},
    {"ftp://h:20/", "ftp://h/", S, false, "a port below the default (20, ftp-data)"},
    {"ftp://h:22/", "ftp://h/", S, false, "a port just above it"},
    {"ftp://h:210/", "ftp://h:21/", S, false, "210 is not 21"},
    {"ftp://h/f;type=i", "ftp://h/f;type=a", S, false, "another typecode"},
    {"ftp://h/f;type=i", "ftp://h/f", S, false, "a typecode vs none"},
    {"ftp://h/f;type=i", "ftp://h/f%3Btype=i", S, false, "an encoded ';' is part of the name"},
    {"ftp://127.0.0.1/", "ftp://[::ffff:127.0.0.1]/", S, false, "IPv4 vs IPv4-mapped IPv6"},
    {"ftp://h./", "ftp://h/", S, false, "a trailing dot in the host"},
    {"ftp://h/?", "ftp://h/", R, false, "an empty query vs none"},
    {"ftp://fa\xC3\x9F.de/", "ftp://fass.de/", L, false, "UTS #46 non-transitional: \xC3\x9F is not ss"},
    {"ftp://h/a%20b", "ftp://h/a+b", S, false, "+ is not a space"},
};
// clang-format on

TEST(equivalent, pairs)
{
    bool any_true = false;
    bool any_false = false;
    for (pair_row const& row : pair_rows) {
        SCOPED_TRACE(std::string(row.why));
        check_pair(row.a, row.b, row.syntax, row.equivalent);
        (row.equivalent ? any_true : any_false) = true;
    }
    EXPECT_TRUE(any_true && any_false);
}

TEST(equivalent, invalid_inputs_are_equivalent_to_nothing)
{
    struct bad_row {
        std::string_view a;
        std::string_view b;
        profile syntax;
    };
    // `a` is invalid in the profile; `b` may be valid.
    bad_row const rows[] = {
        {"", "", S},
        {"ftp://h/a b", "ftp://h/a b", S}, // invalid, even to itself
        {"ftp://h/a b", "ftp://h/a%20b", S},
        {"ftp://h/?q", "ftp://h/?q", S},
        {"ftp://h/../x", "ftp://h/x", S}, // rfc3986 would take them as equivalent
        {"http://h/", "http://h/", S},
        {"http://h/", "ftp://h/", S},
        {"ftp:/h/", "ftp://h/", S},
        {"ftp://h/a%0D%0A", "ftp://h/a%0D%0A", R},
        {"ftp://h:0/", "ftp://h/", R},
        {"ftp://\xE2\x98\x83/", "ftp://xn--n3h/", L},
        {"ftp://h/a\tb", "ftp://h/a%09b", L},
    };
    for (bad_row const& row : rows) {
        SCOPED_TRACE(cat({"<", row.a, "> vs <", row.b, ">"}));
        EXPECT_FALSE(ftpuri::equivalent(row.a, row.b, parse_options{row.syntax}));
        EXPECT_FALSE(ftpuri::equivalent(row.b, row.a, parse_options{row.syntax}));
        EXPECT_FALSE(ftpuri::equivalent(row.a, row.a, parse_options{row.syntax}));
    }
    // The profile decides what is valid.
    EXPECT_FALSE(ftpuri::equivalent("ftp://h/../x", "ftp://h/x"));
    EXPECT_TRUE(ftpuri::equivalent("ftp://h/../x", "ftp://h/x", parse_options{R}));
    EXPECT_FALSE(ftpuri::equivalent("ftp://h/a b", "ftp://h/a%20b", parse_options{R}));
    EXPECT_TRUE(ftpuri::equivalent("ftp://h/a b", "ftp://h/a%20b", parse_options{L}));
}

TEST(equivalent, default_is_strict)
{
    EXPECT_TRUE(ftpuri::equivalent("FTP://H:21", "ftp://h/"));
    EXPECT_FALSE(ftpuri::equivalent("ftp://h/f?x", "ftp://h/f?x"));
}

// ---------------------------------------------------------------------------------------
// Boost.URL's compare() vectors (normalization-aware), rewritten with ftp
// ---------------------------------------------------------------------------------------

struct boost_row {
    long line;
    std::string_view peer_a; // verbatim
    std::string_view peer_b;
    std::string_view cmp; // Boost's expected compare() result, verbatim
    std::string_view a;   // the peer's URI with scheme ftp; a relative reference behind ftp://h
    std::string_view b;
    profile syntax;
    bool equivalent;
    std::string_view why; // non-empty exactly where ftpuri disagrees (cmp == 0 iff equivalent)
};

// {"line", "peer_a", "peer_b", "cmp", "a", "b", "profile", "equivalent", "why"}
void read_boost_row(ftpuri_test::table_row& row, ftpuri_test::table<boost_row>& t)
{
    boost_row r{};
    r.line = static_cast<long>(row.integer("line"));
    r.peer_a = t.keep(row.text("peer_a"));
    r.peer_b = t.keep(row.text("peer_b"));
    r.cmp = t.keep(row.text("cmp"));
    r.a = t.keep(row.text("a"));
    r.b = t.keep(row.text("b"));
    std::string const syntax = row.text("profile");
    std::optional<profile> const p = ftpuri::profile_from_string(syntax);
    if (!p) row.fail("no profile is named " + syntax);
    r.syntax = p.value_or(profile::strict);
    r.equivalent = row.boolean("equivalent");
    r.why = t.keep(row.text("why"));
    t.rows.push_back(r);
}

// The rows: tests/data/table-equivalence.jsonl (pytest reads them too).
std::deque<boost_row> const& boost_rows()
{
    static ftpuri_test::table<boost_row> const t =
        ftpuri_test::read_table_file<boost_row>(ftpuri_test::table_path("table-equivalence.jsonl"), read_boost_row);
    EXPECT_EQ(t.error, "") << "a row of the table does not read";
    return t.rows;
}

std::string rewrite(std::string_view s)
{
    if (s.starts_with("http:")) return cat({"ftp:", s.substr(5)});
    if (s.starts_with("/")) return cat({"ftp://h", s});
    return cat({"ftp://h/", s});
}

TEST(equivalent_vectors, boost_compare)
{
    std::vector<ftpuri_test::peer_record> records = ftpuri_test::load_records("equivalence-vectors.jsonl");
    for (boost_row const& row : boost_rows()) {
        SCOPED_TRACE(cat({"Boost.URL line ", row.line}));
        ftpuri_test::peer_record* rec =
            ftpuri_test::find_record(records, "boost", row.line, {row.peer_a, row.peer_b, row.cmp});
        ASSERT_NE(rec, nullptr);
        EXPECT_EQ(rewrite(row.peer_a), row.a);
        EXPECT_EQ(rewrite(row.peer_b), row.b);
        std::string cmp(row.cmp);
        std::erase(cmp, ' ');
        bool const peer_equal = cmp == "0";
        EXPECT_EQ(peer_equal != row.equivalent, !row.why.empty()) << "test table: a disagreement needs a reason";
        check_pair(row.a, row.b, row.syntax, row.equivalent);
    }
    ftpuri_test::expect_all_used(records, "equivalence-vectors.jsonl");
}

// ---------------------------------------------------------------------------------------
// Generated: every pair of a few hundred URIs that differ in one or more parts agrees with
// the comparison of their canonical forms.
// ---------------------------------------------------------------------------------------

TEST(equivalent, agrees_with_canonical_forms_everywhere)
{
    std::vector<std::string_view> const userinfos = {"", "u@", "U@", "u:@", "%75@", "u:p@", "u:%70@"};
    std::vector<std::string_view> const hosts = {"h", "H", "h.", "%68", "[::1]", "[0::1]"};
    std::vector<std::string_view> const ports = {"", ":", ":21", ":021", ":2121"};
    std::vector<std::string_view> const paths = {"",     "/",     "/a",   "/A",      "/%61",     "/a/",
                                                 "/a/.", "/a/..", "/./a", "/b/../a", "/%2E/a",   "/a%2Fb",
                                                 "/a/b", "//a",   "/a//", "/../a",   "/%2e%2e/a"};
    std::vector<std::string_view> const typecodes = {"", ";type=a", ";TYPE=A", ";type=i"};
    std::vector<std::string_view> const fragments = {"", "#", "#x", "#%78", "#X"};

    // A fixed walk through the product, so that every value of every part occurs.
    std::vector<std::string> uris;
    std::size_t k = 0;
    for (std::size_t i = 0; i < 450; ++i) {
        k = k * 6364136223846793005ULL + 1442695040888963407ULL;
        auto pick = [&](auto const& v, unsigned shift) { return v[(k >> shift) % v.size()]; };
        std::string uri = "ftp://";
        uri += pick(userinfos, 10);
        uri += pick(hosts, 16);
        uri += pick(ports, 22);
        std::string_view const path = pick(paths, 28);
        std::string_view const typecode = pick(typecodes, 34);
        uri += path;
        if (!path.empty() && path.back() != '/' && !typecode.empty()) uri += typecode;
        uri += pick(fragments, 40);
        uris.push_back(uri);
    }
    std::map<std::string, std::vector<std::string_view>> by_canon;
    std::vector<std::string> canon;
    for (std::string const& u : uris) {
        std::optional<std::string> const c = ftpuri::canonicalize(u, parse_options{R});
        ASSERT_TRUE(c.has_value()) << u;
        by_canon[*c].push_back(u);
        canon.push_back(*c);
    }
    EXPECT_GT(by_canon.size(), 100U);
    std::size_t mismatches = 0;
    std::string report;
    for (std::size_t i = 0; i < uris.size(); ++i) {
        for (std::size_t j = i; j < uris.size(); ++j) {
            bool const eq = ftpuri::equivalent(uris[i], uris[j], parse_options{R});
            if (eq != (canon[i] == canon[j])) {
                if (++mismatches <= 10) report += cat({"\n  ", uris[i], " vs ", uris[j]});
            }
        }
    }
    EXPECT_EQ(mismatches, 0U) << "equivalent() disagrees with the canonical forms:" << report;
    std::size_t classes_with_several = 0;
    for (auto const& [form, members] : by_canon)
        classes_with_several += members.size() > 1 ? 1U : 0U;
    EXPECT_GT(classes_with_several, 20U) << "the walk should produce equivalent spellings";
}

} // namespace
