// SPDX-License-Identifier: Apache-2.0
// tests/api/parse_test.cpp: include/ftpuri/parse.hpp's entry points, parse() and validate(), apart
// from what they accept (the grammar_*_test.cpp files, rule by rule) and what they report
// (diagnostics_*_test.cpp): the overloads a view cannot dangle from, and each warning reported
// once per URI.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"
#include "support/diagnostic_text.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::diagnostic;
using ftpuri::diagnostic_list;

// ---------------------------------------------------------------------------------------------
// A view cannot be made from a temporary std::string: parse(std::string&&) is deleted.
// (A requires-expression must sit in a template for an invalid expression to make it false
// rather than the program ill-formed, hence the defaulted template parameters.)
// ---------------------------------------------------------------------------------------------
template <class Str = std::string>
constexpr bool parse_takes_temporary = requires
{
    ftpuri::parse(Str{});
};
template <class Str = std::string>
constexpr bool parse3_takes_temporary = requires(ftpuri::parse_options const& o, ftpuri::diagnostic_list& l)
{
    ftpuri::parse(Str{}, o, l);
};
static_assert(!parse_takes_temporary<>);
static_assert(!parse3_takes_temporary<>);
static_assert(requires(std::string const& s) { ftpuri::parse(s); });
static_assert(requires(std::string const& s, ftpuri::parse_options const& o, ftpuri::diagnostic_list& l) {
    ftpuri::parse(s, o, l);
});
static_assert(requires(std::string & s) { ftpuri::parse(s); });
static_assert(parse_takes_temporary<std::string_view>); // a string_view points elsewhere: fine
static_assert(requires(std::string const& s) { ftpuri::validate(std::string{s}); }); // validate keeps nothing

// A string literal lives for the whole program, so parse("ftp://...") should compile. With the
// deleted std::string&& overload it is ambiguous (both overloads need one user-defined
// conversion from char const[N]); kept as a run-time check so that it reports instead of
// breaking the build.
template <class Lit = char const (&)[9]>
constexpr bool parse_takes_literal = requires(Lit lit)
{
    ftpuri::parse(lit);
};

// A const temporary (a function returning `std::string const`) is as short-lived as any other.
TEST(Temporaries, ParseRefusesAConstTemporary)
{
    EXPECT_FALSE(parse_takes_temporary<std::string const>)
        << "ftpuri::parse(std::string const&&) binds to the string_view overload: the view dangles";
}

TEST(Temporaries, ParseTakesAStringLiteral)
{
    EXPECT_TRUE(parse_takes_literal<>) << "ftpuri::parse(\"ftp://h/\") is ambiguous";
    EXPECT_TRUE((parse_takes_literal<char const*>)) << "ftpuri::parse(char const*) is ambiguous";
}

// ---------------------------------------------------------------------------------------
// Warnings are reported once per URI (docs/scanner.md, "Warnings are reported once")
// ---------------------------------------------------------------------------------------

std::size_t count_id(diagnostic_list const& list, diag_id id)
{
    return static_cast<std::size_t>(
        std::count_if(list.begin(), list.end(), [id](diagnostic const& d) { return d.id == id; }));
}

TEST(warnings, reported_once_in_one_component_at_the_first_occurrence)
{
    std::string const input = "ftp://h/a%3b/b%3c//c//d";
    diagnostic_list list;
    ASSERT_TRUE(ftpuri::parse(std::string_view(input), {}, list)) << ftpuri_test::describe(list);
    EXPECT_EQ(count_id(list, diag_id::pct_lowercase), 1U) << ftpuri_test::describe(list);
    EXPECT_EQ(count_id(list, diag_id::path_empty_segment), 1U) << ftpuri_test::describe(list);
    for (diagnostic const& d : list) {
        if (d.id == diag_id::pct_lowercase) {
            EXPECT_EQ(d.offset, 9U);
        }
        if (d.id == diag_id::path_empty_segment) {
            EXPECT_EQ(d.offset, 17U);
        }
    }
}

TEST(warnings, reported_once_per_uri_across_components)
{
    std::string const input = "ftp://u%3a:p%3b@h/a%3c#%3d";
    diagnostic_list list;
    ASSERT_TRUE(ftpuri::parse(std::string_view(input), {}, list)) << ftpuri_test::describe(list);
    EXPECT_EQ(count_id(list, diag_id::pct_lowercase), 1U) << ftpuri_test::describe(list);
    for (diagnostic const& d : list) {
        if (d.id == diag_id::pct_lowercase) {
            EXPECT_EQ(d.offset, 7U);
        }
    }
}

// A finding after the userinfo's first ':' is in the password, and says so: a report (or a
// caller redacting by component) must not take it for the user's. (scripts/mutate.py found no
// test noticing when the scanner forgot to switch components at the ':'.)
TEST(components, findings_after_the_colon_are_the_passwords)
{
    ftpuri::parse_result const space = ftpuri::parse("ftp://u:a b@h/");
    ASSERT_FALSE(space);
    EXPECT_EQ(space.error().id, diag_id::char_space);
    EXPECT_EQ(space.error().where, ftpuri::component::password);

    diagnostic_list list;
    ASSERT_TRUE(ftpuri::parse("ftp://us%e9r:p%e9@h/", {}, list)) << ftpuri_test::describe(list);
    std::size_t non_utf8 = 0;
    for (diagnostic const& d : list) {
        if (d.id != diag_id::pct_non_utf8) continue;
        ++non_utf8;
        // The user's is reported first (once per URI), in the user.
        EXPECT_EQ(d.where, ftpuri::component::user) << ftpuri_test::describe(list);
    }
    EXPECT_EQ(non_utf8, 1U);
    list.clear();
    ASSERT_TRUE(ftpuri::parse("ftp://user:p%e9@h/", {}, list)) << ftpuri_test::describe(list);
    EXPECT_TRUE(std::any_of(list.begin(), list.end(), [](diagnostic const& d) {
        return d.id == diag_id::pct_non_utf8 && d.where == ftpuri::component::password && d.offset == 11;
    })) << ftpuri_test::describe(list);
}

TEST(warnings, a_valid_canonical_uri_has_none)
{
    for (std::string const input : {"ftp://ftp.example.org/pub/README;type=a", "ftp://u@h/", "ftp://h",
                                    "ftp://192.0.2.1:2121/", "ftp://[2001:db8::1]/a/b/"}) {
        diagnostic_list list;
        EXPECT_TRUE(ftpuri::parse(std::string_view(input), {}, list)) << input << ' ' << ftpuri_test::describe(list);
        EXPECT_TRUE(list.empty()) << input << ' ' << ftpuri_test::describe(list);
    }
}

} // namespace
