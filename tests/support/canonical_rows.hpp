// SPDX-License-Identifier: Apache-2.0
// tests/support/canonical_rows.hpp: the tables of expected canonical forms, read by more than one
// test binary: the rule-by-rule table (docs/behaviour.md "Canonical form"), the canonical_options table
// and the lenient profile's repairs. Their rows are in tests/canonical/canonical_rows.cpp (a .cpp at the
// top of tests/, so that oracle/'s KnownInputs judges their URIs with the other test literals),
// linked into every test binary. canonical_test.cpp and lenient_test.cpp check the rows;
// canonical_test.cpp checks the buffer contract of every row; canonical_doc_test.cpp finds every
// example of docs/canonical.md among them.
#pragma once

#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "profiles.hpp"
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

extern std::vector<canon_row> const canonical_rows; // in tests/canonical/canonical_rows.cpp

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

struct option_row {
    canonical_options options;
    std::string_view input;
    std::string_view expected;
};

inline constexpr canonical_options drop_password{true, false, false};
inline constexpr canonical_options drop_fragment{false, true, false};
inline constexpr canonical_options drop_anonymous{false, false, true};
inline constexpr canonical_options drop_anonymous_password{true, false, true};
inline constexpr canonical_options drop_all{true, true, true};

extern std::vector<option_row> const option_rows; // in tests/canonical/canonical_rows.cpp

// ---------------------------------------------------------------------------------------
// The lenient profile's repairs (docs/behaviour.md "Syntax profiles")
// ---------------------------------------------------------------------------------------

struct lenient_row {
    std::string_view input;
    std::string_view expected;       // the canonical form
    std::vector<finding> repairs;    // the warnings of the repairs, with offset and length
    std::vector<diag_id> other = {}; // the other warnings of the input: with repairs, the exact set
};

extern std::vector<lenient_row> const lenient_rows; // in tests/canonical/canonical_rows.cpp

} // namespace ftpuri_test
