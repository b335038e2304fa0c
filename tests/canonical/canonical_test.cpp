// SPDX-License-Identifier: Apache-2.0
// tests/canonical/canonical_test.cpp: include/ftpuri/canonical.hpp's canonical form, rule by rule
// (docs/behaviour.md "Canonical form"), over every short path's dot-segments, with its options, and the
// buffer contract of canonicalize_into() for every row of every table.
//
// Every row is checked by check_canonical() (tests/support/canonical_check.hpp): the exact
// form, idempotence, strict-validity, equivalence, the same resource, the size bound. The
// tables shared with other tests are in tests/support/canonical_rows.hpp; the lenient profile's
// repairs are lenient_test.cpp, the peers' vectors canonical_vectors_test.cpp, docs/canonical.md
// canonical_doc_test.cpp, equivalent() equivalent_test.cpp.
#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/canonical_check.hpp"
#include "support/canonical_rows.hpp"
#include "support/normalize_vectors.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"

namespace {

using ftpuri::canonical_options;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri_test::canon_row;
using ftpuri_test::cat;
using ftpuri_test::check_canonical;
using ftpuri_test::L;
using ftpuri_test::lenient_row;
using ftpuri_test::option_row;
using ftpuri_test::R;
using ftpuri_test::S;
using ftpuri_test::vector_row;

TEST(canonical, rule_by_rule)
{
    std::set<std::string_view> rules;
    for (canon_row const& row : ftpuri_test::canonical_rows()) {
        SCOPED_TRACE(cat({"rule ", row.rule}));
        check_canonical(row.input, row.syntax, row.expected, row.strict_out);
        rules.insert(row.rule);
    }
    // docs/behaviour.md's list, each with a row at least.
    for (std::string_view rule :
         {"scheme", "host", "pct-hex", "pct-unreserved", "pct-reserved-kept", "dot-decoded", "dot", "dot-above-root",
          "port", "empty-path", "typecode", "ipv6", "keep-empty-segment", "keep-pct-2F", "keep-userinfo",
          "keep-trailing-slash", "keep-path-case", "keep-query", "keep-fragment"})
        EXPECT_EQ(rules.count(rule), 1U) << "no row for rule " << rule;
}

TEST(canonical, header_example)
{
    std::string const text = "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I";
    auto const view = ftpuri::parse(text);
    ASSERT_TRUE(view.has_value());
    char out[128];
    auto const r = ftpuri::canonicalize_into(*view, out);
    ASSERT_TRUE(r);
    EXPECT_EQ(std::string_view(out, r.size), "ftp://ftp.example.org/~user/pub/f.txt;type=i");
}

TEST(canonical, invalid_input_has_no_canonical_form)
{
    for (std::string_view bad : {"", "http://h/", "ftp:/h", "ftp://h/a b", "ftp://h/../x", "ftp://h/?q",
                                 "ftp://h/a%0D%0Ab", "ftp://127.1/", "ftp://h:0/", "ftp://h/f;type=x"}) {
        EXPECT_FALSE(ftpuri::canonicalize(bad).has_value()) << bad;
        EXPECT_FALSE(ftpuri::canonicalize(bad, parse_options{S}, canonical_options{true, true, true}).has_value())
            << bad;
    }
    // Valid only in a more lenient profile: nothing in strict, a form in that profile.
    EXPECT_FALSE(ftpuri::canonicalize("ftp://h/a b").has_value());
    EXPECT_EQ(ftpuri::canonicalize("ftp://h/a b", parse_options{L}).value_or("-"), "ftp://h/a%20b");
    EXPECT_FALSE(ftpuri::canonicalize("ftp://h/?q").has_value());
    EXPECT_EQ(ftpuri::canonicalize("ftp://h/?q", parse_options{R}).value_or("-"), "ftp://h/?q");
}

// ---------------------------------------------------------------------------------------
// Dot-segments over every short path: the canonical path is RFC 3986 5.2.4 applied to the
// path with its unreserved escapes decoded, computed here by the RFC's own string algorithm,
// with "/." kept in front when 5.2.4 leaves a "//" the input did not begin with.
// ---------------------------------------------------------------------------------------

std::string rfc_remove_dot_segments(std::string in)
{
    std::string out;
    auto drop_last = [&out] {
        std::size_t const slash = out.rfind('/');
        out.erase(slash == std::string::npos ? 0 : slash);
    };
    while (!in.empty()) {
        if (in.starts_with("../")) {
            in.erase(0, 3);
        } else if (in.starts_with("./")) {
            in.erase(0, 2);
        } else if (in.starts_with("/./")) {
            in.replace(0, 3, "/");
        } else if (in == "/.") {
            in = "/";
        } else if (in.starts_with("/../")) {
            in.replace(0, 4, "/");
            drop_last();
        } else if (in == "/..") {
            in = "/";
            drop_last();
        } else if (in == "." || in == "..") {
            in.clear();
        } else {
            std::size_t const end = in.find('/', in.front() == '/' ? 1 : 0);
            std::size_t const n = end == std::string::npos ? in.size() : end;
            out += in.substr(0, n);
            in.erase(0, n);
        }
    }
    return out;
}

std::string decode_unreserved(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            int const v = ftpuri::hex_value(static_cast<unsigned char>(s[i + 1])) * 16 +
                          ftpuri::hex_value(static_cast<unsigned char>(s[i + 2]));
            char const c = static_cast<char>(v);
            bool const unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                                    c == '-' || c == '.' || c == '_' || c == '~';
            if (unreserved) {
                out += c;
            } else {
                out += '%';
                out += static_cast<char>(std::toupper(static_cast<unsigned char>(s[i + 1])));
                out += static_cast<char>(std::toupper(static_cast<unsigned char>(s[i + 2])));
            }
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

TEST(canonical, dot_segments_of_every_short_path)
{
    std::vector<std::string> const pieces = {"a", "B", ".", "..", "%2E", "%2e%2E", "", ".%2E", "%7e"};
    std::vector<std::string> paths = {""};
    std::vector<std::string> frontier = {""};
    for (int depth = 0; depth < 4; ++depth) {
        std::vector<std::string> next;
        for (std::string const& p : frontier)
            for (std::string const& s : pieces)
                next.push_back(cat({p, "/", s}));
        paths.insert(paths.end(), next.begin(), next.end());
        frontier = std::move(next);
    }
    int strict_rows = 0;
    for (std::string const& path : paths) {
        std::string const uri = cat({"ftp://h", path});
        std::string want = rfc_remove_dot_segments(decode_unreserved(path));
        auto const at_root = [](std::string_view p) { return p.starts_with("//"); };
        bool const directory = want.find('/', 1) != std::string::npos;
        if (at_root(want) && directory && !at_root(path)) want = cat({"/.", want});
        // The same after a first "~", the login directory: "/~/.//x".
        std::string const decoded = decode_unreserved(path);
        bool const login_directory = want.starts_with("/~/") && want.find('/', 3) != std::string::npos;
        if (decoded.starts_with("/~/") && login_directory && at_root(want.substr(2)) && !at_root(decoded.substr(2)))
            want.insert(2, "/.");
        if (want.empty()) want = "/";
        want = cat({"ftp://h", want});
        std::optional<std::string> const got = ftpuri::canonicalize(uri, parse_options{R});
        ASSERT_TRUE(got.has_value()) << uri;
        EXPECT_EQ(*got, want) << uri;
        // What strict accepts it canonicalizes to the same form, which strict accepts too. (What
        // only rfc3986 accepts may canonicalize to a strict error: "a/%7e" is "a/~".)
        if (std::optional<std::string> const s = ftpuri::canonicalize(uri, parse_options{S})) {
            EXPECT_EQ(*s, want) << uri;
            EXPECT_EQ(ftpuri::canonicalize(*got, parse_options{S}).value_or("(invalid)"), *got)
                << uri << ": canonical form";
            ++strict_rows;
        }
        EXPECT_TRUE(ftpuri::equivalent(uri, want, parse_options{R})) << uri;
    }
    EXPECT_GT(strict_rows, 1000);
}

// ---------------------------------------------------------------------------------------
// Options (the table: tests/support/canonical_rows.hpp)
// ---------------------------------------------------------------------------------------

std::string describe(canonical_options const& o)
{
    std::string s;
    if (o.drop_password) s += " drop_password";
    if (o.drop_fragment) s += " drop_fragment";
    if (o.drop_anonymous) s += " drop_anonymous";
    return s.empty() ? " (none)" : s;
}

TEST(canonical, options)
{
    for (option_row const& row : ftpuri_test::option_rows()) {
        SCOPED_TRACE(cat({"options", describe(row.options)}));
        check_canonical(row.input, S, row.expected, true, row.options);
        // Off by default: without the option the form keeps the part.
        std::optional<std::string> const plain = ftpuri::canonicalize(row.input);
        ASSERT_TRUE(plain.has_value());
        EXPECT_EQ(ftpuri::canonicalize(*plain, parse_options{S}, row.options).value_or("-"), row.expected)
            << "options applied to the default canonical form";
    }
}

TEST(canonical, options_default_off)
{
    constexpr canonical_options defaults{};
    EXPECT_FALSE(defaults.drop_password);
    EXPECT_FALSE(defaults.drop_fragment);
    EXPECT_FALSE(defaults.drop_anonymous);
    EXPECT_EQ(ftpuri::canonicalize("ftp://anonymous:pw@h/#f").value_or("-"), "ftp://anonymous:pw@h/#f");
}

// ---------------------------------------------------------------------------------------
// canonicalize_into(): a buffer of exactly the canonical form's size succeeds, and a smaller
// one is told that size (include/ftpuri/canonical.hpp: "size says how many bytes the canonical
// form needs"). Every row of every table above, reported together.
// ---------------------------------------------------------------------------------------

TEST(canonical, buffer_of_exactly_the_needed_size)
{
    struct subject {
        std::string_view input;
        profile syntax;
        std::string_view expected;
        canonical_options options;
    };
    std::vector<subject> subjects;
    for (canon_row const& row : ftpuri_test::canonical_rows())
        subjects.push_back({row.input, row.syntax, row.expected, {}});
    for (option_row const& row : ftpuri_test::option_rows())
        subjects.push_back({row.input, S, row.expected, row.options});
    for (lenient_row const& row : ftpuri_test::lenient_rows())
        subjects.push_back({row.input, L, row.expected, {}});
    for (vector_row const& row : ftpuri_test::vector_rows())
        if (!row.expected.starts_with("!")) subjects.push_back({row.input, row.syntax, row.expected, {}});
    std::size_t failing = 0;
    std::string report;
    for (subject const& s : subjects) {
        ftpuri::parse_result const r = ftpuri::parse(s.input, parse_options{s.syntax});
        if (!r) continue; // reported by the table's own test
        std::string const problems = ftpuri_test::exact_buffer_problems(*r, s.expected, s.options);
        if (!problems.empty()) {
            ++failing;
            report += cat({"\n  <", s.input, "> -> ", s.expected, ":", problems});
        }
    }
    EXPECT_EQ(failing, 0U) << failing << " of " << subjects.size() << " rows:" << report;
}

} // namespace

namespace {

// canonical_as_written says "the input is its own canonical form" only where canonicalize_into
// writes the input unchanged, and says it for the plain URIs most lists hold.
TEST(canonical, as_written_only_where_the_form_is_the_input)
{
    std::vector<std::string> inputs = {
        "ftp://ftp.example.org/pub/README",
        "ftp://u@h/a/b;type=i",
        "ftp://h:2121/x#frag",
        "ftp://h/a%20b",
        "ftp://H/x",
        "ftp://h:21/x",
        "ftp://h/./x",
        "ftp://h",
        "ftp://h/%7Euser",
        "ftp://u:p@h/x",
        "ftp://h/x;type=I",
        "ftp://[::1]/x",
        "ftp://h/x#a%41",
        "ftp://anonymous@h/x",
        "FTP://h/x",
        "ftp://192.0.2.1/pub/",
        "ftp://h:021/x",
        "ftp://h:/x",
    };
    for (auto const& row : ftpuri_test::canonical_rows())
        inputs.emplace_back(row.input);
    std::size_t as_written = 0;
    for (profile p : {profile::strict, profile::rfc3986, profile::lenient}) {
        for (std::string const& input : inputs) {
            ftpuri::parse_result const r = ftpuri::parse(input, {p});
            if (!r) continue;
            for (canonical_options const options :
                 {canonical_options{}, canonical_options{true, false, false}, canonical_options{false, true, true}}) {
                std::optional<std::string_view> const view = ftpuri::canonical_as_written(*r, options);
                if (!view) continue;
                ++as_written;
                EXPECT_EQ(view->data(), r->buffer().data()) << input;
                EXPECT_EQ(*view, ftpuri::canonicalize(*r, options)) << input;
            }
        }
    }
    EXPECT_GT(as_written, 10U);
    std::string const plain = "ftp://ftp.example.org/pub/README";
    EXPECT_TRUE(ftpuri::canonical_as_written(*ftpuri::parse(plain)).has_value());
    std::string const messy = "ftp://FTP.example.org/pub/README";
    EXPECT_FALSE(ftpuri::canonical_as_written(*ftpuri::parse(messy)).has_value());
    std::string const password = "ftp://u:p@h/x";
    EXPECT_FALSE(ftpuri::canonical_as_written(*ftpuri::parse(password), {true, false, false}).has_value());
}

// canonical_as_written answers yes, part by part, for each part a plain strict URI may hold in its
// canonical spelling (the header's "most strict URIs"), and no where an option drops that part or
// its spelling is not the canonical one. A check that declined more would stay correct and only
// be slower, so this names what it must take.
TEST(canonical, as_written_takes_each_part_in_its_canonical_spelling)
{
    canonical_options const none{};
    canonical_options const drop_password{true, false, false};
    canonical_options const drop_fragment{false, true, false};
    canonical_options const drop_anonymous{false, false, true};
    struct row {
        std::string_view input;
        canonical_options options;
        bool as_written;
    };
    row const rows[] = {
        {"ftp://u@h/a/b;type=i", none, true},
        {"ftp://h/x;type=d", none, true},
        {"ftp://h/x;TYPE=d", none, false},
        {"ftp://h:2121/x", none, true},
        {"ftp://h:65535/", none, true},
        {"ftp://h:20/x", none, true},
        {"ftp://h:21/x", none, false},
        {"ftp://h:021/x", none, false},
        {"ftp://h:/x", none, false},
        {"ftp://h/x#frag", none, true},
        {"ftp://h/x#a/b?c", none, true},
        {"ftp://h/x#frag", drop_fragment, false},
        {"ftp://h/x#a%41", none, false},
        {"ftp://u:p@h/x", none, true},
        {"ftp://u:p@h/x", drop_password, false},
        {"ftp://u%41@h/x", none, false},
        {"ftp://anonymous@h/x", none, true},
        {"ftp://anonymous@h/x", drop_anonymous, false},
        {"ftp://anonymous:p@h/x", drop_anonymous, true},
        {"ftp://192.0.2.1/pub/", none, true},
    };
    for (row const& r : rows) {
        ftpuri::parse_result const parsed = ftpuri::parse(r.input);
        ASSERT_TRUE(parsed) << r.input;
        EXPECT_EQ(ftpuri::canonical_as_written(*parsed, r.options).has_value(), r.as_written) << r.input;
    }
}

} // namespace
