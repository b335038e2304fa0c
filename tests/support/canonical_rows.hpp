// SPDX-License-Identifier: Apache-2.0
// tests/support/canonical_rows.hpp: the tables of expected canonical forms, read by more than one
// test binary: the rule-by-rule table (docs/behaviour.md "Canonical form"), the canonical_options table
// and the lenient profile's repairs. Their rows are tests/data/table-canonical.jsonl,
// table-canonical-options.jsonl and table-lenient.jsonl (tests/data/README.md gives their shapes),
// which the JavaScript tests read too. canonical_test.cpp and lenient_test.cpp check the rows;
// canonical_test.cpp checks the buffer contract of every row; canonical_doc_test.cpp finds every
// example of docs/canonical.md among them.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "profiles.hpp"
#include "table_file.hpp"
#include "uri_case_table.hpp"
#include "uri_expect.hpp"

namespace ftpuri_test {

using ftpuri::canonical_options;
using ftpuri::diag_id;
using ftpuri::profile;

// ---------------------------------------------------------------------------------------
// The rule-by-rule table
// ---------------------------------------------------------------------------------------

struct canon_row {
    std::string_view rule; // which rule of the canonical form the row shows
    std::string_view input;
    profile syntax;
    std::string_view expected; // the canonical form
    bool strict_out = true;    // whether the canonical form is strict-valid (rfc3986-only inputs)
};

inline profile read_profile(table_row& row)
{
    std::string const name = row.text("profile");
    std::optional<profile> const p = ftpuri::profile_from_string(name);
    if (!p) row.fail("no profile is named " + name);
    return p.value_or(profile::strict);
}

// {"rule", "input", "profile", "expected", "strict_out"}
inline void read_canon_row(table_row& row, table<canon_row>& t)
{
    canon_row r{};
    r.rule = t.keep(row.text("rule"));
    r.input = t.keep(row.text("input"));
    r.syntax = read_profile(row);
    r.expected = t.keep(row.text("expected"));
    r.strict_out = row.boolean("strict_out");
    t.rows.push_back(r);
}

// The rows of tests/data/table-canonical.jsonl; a row that does not read fails the test that asks.
inline std::deque<canon_row> const& canonical_rows()
{
    static table<canon_row> const t = read_table_file<canon_row>(table_path("table-canonical.jsonl"), read_canon_row);
    EXPECT_EQ(t.error, "") << "a row of the table does not read";
    return t.rows;
}

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

struct option_row {
    canonical_options options;
    std::string_view input;
    std::string_view expected;
};

// {"options": {"drop_password", "drop_fragment", "drop_anonymous"}, "input", "expected"}
inline void read_option_row(table_row& row, table<option_row>& t)
{
    option_row r{};
    if (json const* options = row.value("options"))
        row.nested("options", *options, [&](table_row& o) {
            r.options.drop_password = o.boolean("drop_password");
            r.options.drop_fragment = o.boolean("drop_fragment");
            r.options.drop_anonymous = o.boolean("drop_anonymous");
        });
    r.input = t.keep(row.text("input"));
    r.expected = t.keep(row.text("expected"));
    t.rows.push_back(r);
}

// The rows of tests/data/table-canonical-options.jsonl.
inline std::deque<option_row> const& option_rows()
{
    static table<option_row> const t =
        read_table_file<option_row>(table_path("table-canonical-options.jsonl"), read_option_row);
    EXPECT_EQ(t.error, "") << "a row of the table does not read";
    return t.rows;
}

// ---------------------------------------------------------------------------------------
// The lenient profile's repairs (docs/behaviour.md "Syntax profiles")
// ---------------------------------------------------------------------------------------

struct lenient_row {
    std::string_view input;
    std::string_view expected;       // the canonical form
    std::vector<finding> repairs;    // the warnings of the repairs, with offset and length
    std::vector<diag_id> other = {}; // the other warnings of the input: with repairs, the exact set
};

// {"input", "expected", "repairs": [FINDING...], "other": [ID...]}
inline void read_lenient_row(table_row& row, table<lenient_row>& t)
{
    lenient_row r{};
    r.input = t.keep(row.text("input"));
    r.expected = t.keep(row.text("expected"));
    read_findings(row, "repairs", r.repairs);
    if (json const* other = row.array("other"))
        for (json const& id : other->GetArray()) {
            std::optional<std::string> const name = table_bytes(id);
            std::optional<diag_id> const d = name ? ftpuri::diag_id_from_string(*name) : std::nullopt;
            if (!d) row.fail("other: no diagnostic is named " + name.value_or("(not a string)"));
            r.other.push_back(d.value_or(diag_id{}));
        }
    t.rows.push_back(std::move(r));
}

// The rows of tests/data/table-lenient.jsonl.
inline std::deque<lenient_row> const& lenient_rows()
{
    static table<lenient_row> const t =
        read_table_file<lenient_row>(table_path("table-lenient.jsonl"), read_lenient_row);
    EXPECT_EQ(t.error, "") << "a row of the table does not read";
    return t.rows;
}

} // namespace ftpuri_test
