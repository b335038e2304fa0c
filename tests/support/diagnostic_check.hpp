// SPDX-License-Identifier: Apache-2.0
// tests/support/diagnostic_check.hpp: one check for an input that must report a diagnostic id,
// at an offset and length, with a severity, in a profile (the rows of docs/diagnostics.md and
// the extra inputs of diagnostics_inputs_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "diagnostic_text.hpp"
#include "example_notation.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"

namespace ftpuri_test {

using ftpuri::diag_id;
using ftpuri::diagnostic;
using ftpuri::diagnostic_list;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri::severity;

inline constexpr profile all_profiles[] = {profile::strict, profile::rfc3986, profile::lenient};

// The names of severities and profiles, written out here (not the library's to_string()).
inline std::string_view severity_name(severity s)
{
    switch (s) {
    case severity::error: return "error";
    case severity::warning: return "warning";
    case severity::note: return "note";
    }
    return "?";
}

inline std::string_view profile_name(profile p)
{
    switch (p) {
    case profile::strict: return "strict";
    case profile::rfc3986: return "rfc3986";
    case profile::lenient: return "lenient";
    }
    return "?";
}

// Every diagnostic of the list, and how many it dropped (diagnostic_list::dropped()).
inline std::string describe_with_dropped(diagnostic_list const& list)
{
    return describe(list) + " dropped=" + std::to_string(list.dropped());
}

// One input: `name` must be reported at `offset`+`length` with `level`, in profile `syntax` (with
// the opt-in rules on), and parse(), validate() and the list must agree with that severity.
struct expectation {
    std::string_view name;
    profile syntax;
    std::string input;
    std::uint32_t offset;
    std::uint32_t length;
    severity level;
    std::uint32_t max_length = ftpuri::default_max_length;
};

inline void check(expectation const& e)
{
    SCOPED_TRACE(::testing::Message() << e.name << " on `" << escape(e.input) << "` (" << profile_name(e.syntax)
                                      << ")");
    std::optional<diag_id> const id = ftpuri::find_diag(e.name);
    ASSERT_TRUE(id.has_value()) << "no such id in diag_catalogue";

    // Opt-in rules on, so that their rows are checked like the others; the test
    // opt_in.reported_only_when_enabled_and_documented_as_opt_in (diagnostics_doc_test.cpp)
    // checks that they stay silent unless asked for.
    parse_options options{e.syntax, e.max_length};
    options.opt_in = ftpuri::diag_set::opt_in_rules();
    diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse(std::string_view(e.input), options, list);
    std::string const got = describe_with_dropped(list);

    diagnostic const* found = nullptr;
    for (diagnostic const& d : list)
        if (d.id == *id && d.offset == e.offset && d.length == e.length) found = &d;
    ASSERT_NE(found, nullptr) << "expected " << e.name << " @" << e.offset << '+' << e.length << "; got " << got;
    EXPECT_EQ(severity_name(found->level), severity_name(e.level)) << got;
    EXPECT_LE(std::size_t{found->offset} + found->length, e.input.size()) << "range past the end of the input";

    bool const ok = ftpuri::validate(std::string_view(e.input), options);
    EXPECT_EQ(ok, r.has_value()) << "validate() disagrees with parse()";
    switch (e.level) {
    case severity::error:
        ASSERT_FALSE(r.has_value()) << "an error must make the URI invalid; got " << got;
        EXPECT_EQ(r.error().id, *id) << "parse() stopped at another error: " << r.error().info().name << "; got "
                                     << got;
        EXPECT_EQ(r.error().offset, e.offset) << got;
        EXPECT_EQ(r.error().length, e.length) << got;
        EXPECT_EQ(list.count(severity::error), 1U) << got;
        break;
    case severity::note: {
        // A note explains the error, or the warning just before it, at the same bytes.
        auto const at = std::find_if(list.begin(), list.end(), [&](diagnostic const& d) { return d.id == *id; });
        ASSERT_NE(at, list.end()) << got;
        bool const explains_previous = at != list.begin() && (at - 1)->offset == at->offset &&
                                       (at - 1)->length == at->length && (at - 1)->level != severity::note;
        EXPECT_TRUE(explains_previous) << "a note explains the finding just before it; got " << got;
        if (r.has_value()) {
            EXPECT_EQ((at - 1)->level, severity::warning) << got;
        } else {
            EXPECT_EQ(list.count(severity::error), 1U) << got;
        }
        break;
    }
    case severity::warning:
        EXPECT_TRUE(r.has_value()) << "a warning leaves the URI valid; got " << got;
        EXPECT_EQ(list.count(severity::error), 0U) << got;
        break;
    }
    EXPECT_EQ(list.dropped(), 0U) << got;
}

} // namespace ftpuri_test
