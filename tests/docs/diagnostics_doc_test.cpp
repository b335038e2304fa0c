// SPDX-License-Identifier: Apache-2.0
// tests/docs/diagnostics_doc_test.cpp: every diagnostic id is documented in docs/diagnostics.md, and
// each documented example triggers its id where the table says.
//
// docs/diagnostics.md holds one table row per id of diag_catalogue, with an input that
// triggers it and the offset and length the diagnostic must have. This test reads that table
// at run time (tests/support/diagnostics_doc.hpp) and checks every row against the scanner, so
// the documentation cannot drift from the code, and an id added to the catalogue without a row
// fails here. Each row has a severity per profile (strict, rfc3986, lenient); the row's example
// is checked in the profile its offset is documented for, and a "—" is checked too (the example
// does not report the id there). The other severity columns, and at least one more input per
// id, are diagnostics_inputs_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "support/diagnostic_check.hpp"
#include "support/diagnostics_doc.hpp"
#include "support/example_notation.hpp"
#include "support/markdown_table.hpp"

namespace {

using ftpuri::diagnostic_list;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri_test::all_profiles;
using ftpuri_test::check;
using ftpuri_test::describe_with_dropped;
using ftpuri_test::doc;
using ftpuri_test::doc_path;
using ftpuri_test::doc_row;
using ftpuri_test::doc_rows;
using ftpuri_test::profile_name;
using ftpuri_test::severity_name;
using ftpuri_test::split_row;
using ftpuri_test::table_header;
using ftpuri_test::unescape;

// ---------------------------------------------------------------------------------------
// The documented table, row by row
// ---------------------------------------------------------------------------------------

class documented : public ::testing::TestWithParam<doc_row> {};

TEST_P(documented, example_triggers_the_id_where_documented)
{
    doc_row const& row = GetParam();
    SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line);
    ASSERT_TRUE(row.problem.empty()) << row.problem;
    if (row.is_beyond_parse()) return; // plan_rows, policy_rows, build_rows, list_rows below
    check({row.name, row.example_profile(), row.input, row.offset, row.length, row.expected_level()});
}

// A plan row's "why" begins "Plan (nocwd)", "Plan (anonymous password `X`)", "Plan (anonymous
// refused)" or "Plan (credentials `USER` `PASSWORD`)": the option its example is planned with,
// so that the table, not this test, says how to trigger it.
std::optional<ftpuri::plan_options> plan_options_of(doc_row const& row)
{
    constexpr std::string_view prefix = "Plan (";
    constexpr std::string_view password = "anonymous password `";
    constexpr std::string_view credentials = "credentials `";
    std::string_view why = row.why;
    if (!why.starts_with(prefix)) return std::nullopt;
    why.remove_prefix(prefix.size());
    ftpuri::plan_options options;
    if (why.starts_with("anonymous refused)")) {
        options.refuse_anonymous = true;
        return options;
    }
    if (why.starts_with(credentials)) {
        why.remove_prefix(credentials.size());
        static std::string user; // plan_options holds views
        static std::string pass;
        std::size_t const close = why.find('`');
        std::size_t const open = why.find('`', close + 1);
        if (close == std::string_view::npos || open == std::string_view::npos) return std::nullopt;
        std::optional<std::string> const u = unescape(why.substr(0, close));
        std::string_view const rest = why.substr(open + 1);
        std::optional<std::string> const p = unescape(rest.substr(0, rest.find('`')));
        if (!u || !p) return std::nullopt;
        user = *u;
        pass = *p;
        options.credentials = ftpuri::plan_credentials{user, pass};
        return options;
    }
    if (why.starts_with(password)) {
        why.remove_prefix(password.size());
        static std::string bytes; // plan_options holds a view
        std::optional<std::string> const text = unescape(why.substr(0, why.find('`')));
        if (!text) return std::nullopt;
        bytes = *text;
        options.anonymous_password = bytes;
        return options;
    }
    auto const mode = ftpuri::find_plan_mode(why.substr(0, why.find(')')));
    if (!mode) return std::nullopt;
    options.mode = *mode;
    return options;
}

// In every profile with a severity: the example parses without the id, its plan with the
// default options succeeds, and its plan with the row's option fails with the id where the
// row says.
TEST(plan_rows, example_triggers_the_id_only_in_its_plan)
{
    std::size_t rows = 0;
    for (doc_row const& row : doc().rows) {
        if (!row.is_plan_id()) continue;
        ++rows;
        SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << " " << row.name);
        auto const id = ftpuri::find_diag(row.name);
        ASSERT_TRUE(id.has_value());
        auto const options = plan_options_of(row);
        ASSERT_TRUE(options.has_value())
            << "the why column must begin \"Plan (MODE)\" or \"Plan (anonymous password `X`)\"";
        for (profile p : all_profiles) {
            if (!row.level_in(p)) continue;
            diagnostic_list list;
            ftpuri::parse_result const r = ftpuri::parse(std::string_view(row.input), parse_options{p}, list);
            ASSERT_TRUE(r.has_value()) << profile_name(p) << ": " << describe_with_dropped(list);
            EXPECT_FALSE(list.contains(*id)) << describe_with_dropped(list);
            EXPECT_TRUE(ftpuri::plan(*r).has_value()) << "the default plan of the example must succeed";
            ftpuri::plan_result const planned = ftpuri::plan(*r, *options);
            ASSERT_FALSE(planned.has_value()) << profile_name(p);
            EXPECT_EQ(planned.error().id, *id);
            EXPECT_EQ(severity_name(planned.error().level), severity_name(*row.level_in(p)));
            EXPECT_EQ(planned.error().offset, row.offset);
            EXPECT_EQ(planned.error().length, row.length);
        }
    }
    EXPECT_EQ(rows, 4U);
}

// A policy row's "why" begins "Policy (deny CLASS)" or "Policy (allow `PATTERN`)": the policy its
// example is checked with.
struct row_policy {
    ftpuri::policy rules;
    std::string pattern; // the one allowed pattern, which rules.allow views
};
std::optional<ftpuri::host_class_set> denied_class_of(std::string_view why)
{
    constexpr std::string_view deny = "Policy (deny ";
    if (!why.starts_with(deny)) return std::nullopt;
    why.remove_prefix(deny.size());
    auto const cls = ftpuri::host_class_from_string(why.substr(0, why.find(')')));
    if (!cls) return std::nullopt;
    return ftpuri::host_class_set{*cls};
}
std::optional<std::string> allowed_pattern_of(std::string_view why)
{
    constexpr std::string_view allow = "Policy (allow `";
    if (!why.starts_with(allow)) return std::nullopt;
    why.remove_prefix(allow.size());
    return std::string(why.substr(0, why.find('`')));
}

// In every profile with a severity: the example parses without the id, passes an empty policy,
// and fails the row's policy with the id where the row says, through check_policy and sanitize.
TEST(policy_rows, example_triggers_the_id_only_under_its_policy)
{
    std::size_t rows = 0;
    for (doc_row const& row : doc().rows) {
        if (!row.is_policy_id()) continue;
        ++rows;
        SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << " " << row.name);
        auto const id = ftpuri::find_diag(row.name);
        ASSERT_TRUE(id.has_value());
        std::optional<ftpuri::host_class_set> const denied = denied_class_of(row.why);
        std::optional<std::string> const pattern = allowed_pattern_of(row.why);
        ASSERT_TRUE(denied || pattern) << "the why column must begin \"Policy (deny CLASS)\" or \"Policy (allow `P`)\"";
        std::string_view const allowed[] = {pattern ? std::string_view(*pattern) : std::string_view()};
        ftpuri::policy rules;
        if (denied) rules.deny = *denied;
        if (pattern) rules.allow = allowed;
        for (profile p : all_profiles) {
            if (!row.level_in(p)) continue;
            diagnostic_list list;
            ftpuri::parse_result const r = ftpuri::parse(std::string_view(row.input), parse_options{p}, list);
            ASSERT_TRUE(r.has_value()) << profile_name(p) << ": " << describe_with_dropped(list);
            EXPECT_FALSE(list.contains(*id)) << describe_with_dropped(list);
            EXPECT_FALSE(ftpuri::check_policy(*r, {}).has_value()) << "an empty policy accepts every host";
            std::optional<ftpuri::diagnostic> const found = ftpuri::check_policy(*r, rules);
            ASSERT_TRUE(found.has_value()) << profile_name(p);
            EXPECT_EQ(found->id, *id);
            EXPECT_EQ(severity_name(found->level), severity_name(*row.level_in(p)));
            EXPECT_EQ(found->offset, row.offset);
            EXPECT_EQ(found->length, row.length);
            char out[256];
            ftpuri::sanitize_result const s = ftpuri::sanitize_into(row.input, rules, out, parse_options{p});
            EXPECT_FALSE(s);
            EXPECT_EQ(s.error, *found);
        }
    }
    EXPECT_EQ(rows, 2U);
}

// A build id's "why" begins "Build (OPTION)": the build option without which the id is reported
// (tests/no_idn2/ checks that build). This build has libidn2, so in every profile the example
// is valid, without the id.
TEST(build_rows, example_is_valid_without_the_id_in_this_build)
{
    std::size_t rows = 0;
    for (doc_row const& row : doc().rows) {
        if (!row.is_build_id()) continue;
        ++rows;
        SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << " " << row.name);
        auto const id = ftpuri::find_diag(row.name);
        ASSERT_TRUE(id.has_value());
        EXPECT_TRUE(row.why.starts_with("Build (FTPURI_WITH_IDN2=OFF)")) << "the why column must name the option";
        for (profile p : all_profiles) {
            if (!row.level_in(p)) continue;
            diagnostic_list list;
            ftpuri::parse_result const r = ftpuri::parse(std::string_view(row.input), parse_options{p}, list);
            ASSERT_TRUE(r.has_value()) << profile_name(p) << ": " << describe_with_dropped(list);
            EXPECT_FALSE(list.contains(*id)) << describe_with_dropped(list);
        }
    }
    EXPECT_EQ(rows, 1U);
}

// A list id's "why" begins "List (": its example is a line of a list file, which the
// tests/cli_golden/ cases list_*.case give ftpuri-check. A parse of the line, in any profile,
// never reports it: the id is about the line around the URI.
TEST(list_rows, are_never_reported_by_a_parse)
{
    std::size_t rows = 0;
    for (doc_row const& row : doc().rows) {
        if (!row.is_list_id()) continue;
        ++rows;
        SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << " " << row.name);
        auto const id = ftpuri::find_diag(row.name);
        ASSERT_TRUE(id.has_value());
        EXPECT_TRUE(row.why.starts_with("List (a line of a file)")) << "the why column must say it is a line's";
        for (profile p : all_profiles) {
            diagnostic_list list;
            static_cast<void>(ftpuri::parse(std::string_view(row.input), parse_options{p}, list));
            EXPECT_FALSE(list.contains(*id)) << describe_with_dropped(list);
        }
    }
    EXPECT_EQ(rows, 2U);
}

// A fetch id's "why" begins "Fetch (": the condition its example is fetched under, which
// tests/e2e/fetch.py brings about against a real server. The example is a valid URI: a parse,
// in any profile, never reports the id.
TEST(fetch_rows, name_their_condition_and_are_never_reported_by_a_parse)
{
    std::size_t rows = 0;
    for (doc_row const& row : doc().rows) {
        if (!row.is_fetch_id()) continue;
        ++rows;
        SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << " " << row.name);
        auto const id = ftpuri::find_diag(row.name);
        ASSERT_TRUE(id.has_value());
        EXPECT_TRUE(row.why.starts_with("Fetch (")) << "the why column must name the fetch's condition";
        for (profile p : all_profiles) {
            diagnostic_list list;
            ftpuri::parse_result const r = ftpuri::parse(std::string_view(row.input), parse_options{p}, list);
            EXPECT_TRUE(r.has_value()) << profile_name(p) << ": " << describe_with_dropped(list);
            EXPECT_FALSE(list.contains(*id)) << describe_with_dropped(list);
        }
        EXPECT_LE(std::size_t{row.offset} + row.length, row.input.size());
    }
    EXPECT_EQ(rows, 7U);
}

std::string row_test_name(::testing::TestParamInfo<doc_row> const& info)
{
    std::string name;
    for (char c : info.param.name)
        name += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
    // One row per id (checked below); a duplicate still needs a distinct test name.
    for (std::size_t i = 0; i < info.index; ++i)
        if (doc().rows[i].name == info.param.name) return name + "_dup" + std::to_string(info.index);
    return name;
}

INSTANTIATE_TEST_SUITE_P(diagnostics_md, documented, ::testing::ValuesIn(doc_rows()), row_test_name);

TEST(diagnostics_md, table_is_found)
{
    ASSERT_TRUE(doc().file_found) << "cannot read " << doc_path();
    ASSERT_TRUE(doc().header_found) << "no table with the header " << table_header << " in " << doc_path();
}

TEST(diagnostics_md, every_id_has_exactly_one_row_in_catalogue_order)
{
    ASSERT_TRUE(doc().header_found);
    std::map<std::string, std::size_t> rows_per_name;
    for (doc_row const& row : doc().rows)
        ++rows_per_name[row.name];
    for (auto const& entry : ftpuri::diag_catalogue) {
        std::string const name(entry.name);
        EXPECT_EQ(rows_per_name[name], 1U) << name << " needs exactly one row in docs/diagnostics.md";
    }
    for (auto const& [name, count] : rows_per_name)
        EXPECT_TRUE(ftpuri::find_diag(name).has_value()) << "docs/diagnostics.md documents unknown id " << name;

    std::vector<std::string> doc_order;
    for (doc_row const& row : doc().rows)
        doc_order.push_back(row.name);
    std::vector<std::string> catalogue_order;
    catalogue_order.reserve(ftpuri::diag_catalogue.size());
    for (auto const& entry : ftpuri::diag_catalogue)
        catalogue_order.emplace_back(entry.name);
    EXPECT_EQ(doc_order, catalogue_order) << "rows must follow diag_catalogue's order";
}

// ftpuri-check's SARIF links each rule to its row under --help-uri-base (helpUri,
// src/cli/rule_metadata.hpp), and --explain prints it: every
// catalogue id's row begins with the anchor <a id="ID"></a>, the id with its '.' as '-', and no
// two rows share an anchor.
TEST(diagnostics_md, every_id_has_its_anchor)
{
    ASSERT_TRUE(doc().header_found);
    std::map<std::string, std::string> row_of_name;
    std::map<std::string, std::size_t> rows_per_anchor;
    for (doc_row const& row : doc().rows) {
        row_of_name[row.name] = row.anchor;
        ++rows_per_anchor[row.anchor];
    }
    for (auto const& entry : ftpuri::diag_catalogue) {
        std::string const name(entry.name);
        std::string expected = name;
        std::replace(expected.begin(), expected.end(), '.', '-');
        auto const found = row_of_name.find(name);
        if (found == row_of_name.end()) continue; // every_id_has_exactly_one_row_in_catalogue_order
        EXPECT_EQ(found->second, expected)
            << name << "'s row in docs/diagnostics.md needs <a id=\"" << expected << "\"></a> before the id";
    }
    for (auto const& [anchor, count] : rows_per_anchor)
        EXPECT_EQ(count, 1U) << "docs/diagnostics.md: the anchor '" << anchor << "' is on " << count << " rows";
}

// A "—" in a severity column is a promise too: the example, parsed in that profile, does not
// report the id (rfc3986 accepts a raw ";", strict reports every IPvFuture as host.ipvfuture,
// lenient trims the edge whitespace that interop.edge-whitespace is about).
TEST(diagnostics_md, a_dash_means_the_id_does_not_occur_in_that_profile)
{
    std::size_t dashes = 0;
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id || !row.problem.empty()) continue;
        for (profile p : all_profiles) {
            if (row.level_in(p)) continue;
            // (A plan id is never reported by a parse: plan_rows checks that in every profile.)
            ++dashes;
            diagnostic_list list;
            (void)ftpuri::parse(std::string_view(row.input), parse_options{p}, list);
            EXPECT_FALSE(list.contains(*id)) << row.name << " on `" << row.example << "` in " << profile_name(p) << ": "
                                             << describe_with_dropped(list);
        }
    }
    EXPECT_GT(dashes, 0U);
}

// An opt-in rule is a policy, not a fault: its row says so, the example reports it only when it
// is enabled, and enabling one rule reports no other.
TEST(opt_in, reported_only_when_enabled_and_documented_as_opt_in)
{
    std::size_t opt_in_rows = 0;
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id || !row.problem.empty()) continue;
        bool const opt_in = ftpuri::info(*id).opt_in;
        EXPECT_EQ(row.why.rfind("Opt-in", 0) == 0, opt_in)
            << row.name << ": the why column of an opt-in rule, and only of one, begins with \"Opt-in\"";
        if (!opt_in) continue;
        ++opt_in_rows;
        for (profile p : all_profiles) {
            diagnostic_list off;
            (void)ftpuri::parse(std::string_view(row.input), parse_options{p}, off);
            EXPECT_FALSE(off.contains(*id))
                << row.name << " reported without being enabled: " << describe_with_dropped(off);
            parse_options options{p};
            options.opt_in.insert(*id);
            diagnostic_list on;
            ASSERT_TRUE(ftpuri::parse(std::string_view(row.input), options, on).has_value())
                << describe_with_dropped(on);
            EXPECT_TRUE(on.contains(*id)) << row.name << " in " << profile_name(p) << ": " << describe_with_dropped(on);
            for (auto const& other : ftpuri::diag_catalogue) {
                if (other.opt_in && other.id != *id) {
                    EXPECT_FALSE(on.contains(other.id)) << describe_with_dropped(on);
                }
            }
        }
    }
    EXPECT_EQ(opt_in_rows, 3U);
}

// The severity columns say what include/ftpuri/diagnostics.def says, row by row ("—" is none).
TEST(diagnostics_md, severity_columns_match_the_def)
{
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id) continue;
        for (profile const p : all_profiles) {
            std::optional<ftpuri::severity> const in_def = ftpuri::info(*id).by_profile[static_cast<std::size_t>(p)];
            std::optional<ftpuri::severity> const in_doc = row.level_in(p);
            EXPECT_EQ(in_doc.has_value(), in_def.has_value()) << row.name << " in " << ftpuri::to_string(p);
            if (in_doc && in_def) {
                EXPECT_EQ(severity_name(*in_doc), severity_name(*in_def)) << row.name << " in " << ftpuri::to_string(p);
            }
        }
    }
}

TEST(diagnostics_md, notation)
{
    EXPECT_EQ(unescape("{empty}"), std::string());
    EXPECT_EQ(unescape(R"(a\tb\r\n\\\|)"), std::string("a\tb\r\n\\|"));
    EXPECT_EQ(unescape(R"(\x00\xC3\x7f)"), std::string("\x00\xC3\x7F", 3));
    EXPECT_EQ(unescape("x{repeat:3:a}y{repeat:2:.}"), std::string("xaaay.."));
    EXPECT_EQ(unescape("{a}"), std::string("{a}"));
    EXPECT_EQ(unescape("{repeat:70000:a}")->size(), 70000U);
    EXPECT_FALSE(unescape(R"(\q)").has_value());
    EXPECT_FALSE(unescape(R"(\x4)").has_value());
    EXPECT_FALSE(unescape("{repeat:x:a}").has_value());
    EXPECT_EQ(split_row(R"(| a | `x\|y` | b |)"), (std::vector<std::string>{"a", R"(`x\|y`)", "b"}));
}

} // namespace
