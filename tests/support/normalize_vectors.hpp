// SPDX-License-Identifier: Apache-2.0
// tests/support/normalize_vectors.hpp: the peers' normalization vectors
// (tests/data/normalize-vectors.jsonl) as ftp URIs and ftpuri's canonical forms of them. The rows
// are tests/data/table-normalize.jsonl (tests/data/README.md gives their shape), which pytest
// reads too. canonical_vectors_test.cpp checks each row against its record and its canonical
// form; canonical_test.cpp checks the buffer contract of every row.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/options.hpp"
#include "table_file.hpp"

namespace ftpuri_test {

using ftpuri::profile;

// ---------------------------------------------------------------------------------------
// Peers' normalization vectors (tests/data/normalize-vectors.jsonl)
// ---------------------------------------------------------------------------------------

// How the ftp URI is made from the peer's record.
enum class mode {
    scheme,   // the peer's input with its scheme spelled ftp (same case per letter), or a path
              // ("/...") behind "ftp://h"; the peer's result rewritten the same way
    ipv6,     // an IPv6 address (Boost's ipv6_parse) as the host of "ftp://[...]/"
    fixpoint, // the peer's result is an ftp URI; ftpuri must find it canonical already
};

struct vector_row {
    std::string_view tag;         // peer (see peer_records.hpp)
    long id;                      // index or line in the peer's file
    std::string_view peer_input;  // verbatim, as the record holds it ("" when not needed)
    std::string_view peer_expect; // verbatim; "<failure>" when the peer rejects the input
    mode how;
    profile syntax;
    std::string_view input;    // the ftp URI ftpuri reads
    std::string_view expected; // ftpuri's canonical form, or "!id" for ftpuri's error
    std::string_view why;      // non-empty exactly where ftpuri disagrees with the peer
};

inline std::optional<mode> mode_from_string(std::string_view name)
{
    if (name == "scheme") return mode::scheme;
    if (name == "ipv6") return mode::ipv6;
    if (name == "fixpoint") return mode::fixpoint;
    return std::nullopt;
}

// {"tag", "id", "peer_input", "peer_expect", "how", "profile", "input", "expected", "why"}
inline void read_vector_row(table_row& row, table<vector_row>& t)
{
    vector_row r{};
    r.tag = t.keep(row.text("tag"));
    r.id = static_cast<long>(row.integer("id"));
    r.peer_input = t.keep(row.text("peer_input"));
    r.peer_expect = t.keep(row.text("peer_expect"));
    std::string const how = row.text("how");
    std::optional<mode> const m = mode_from_string(how);
    if (!m) row.fail("no mode is named " + how);
    r.how = m.value_or(mode::scheme);
    std::string const syntax = row.text("profile");
    std::optional<profile> const p = ftpuri::profile_from_string(syntax);
    if (!p) row.fail("no profile is named " + syntax);
    r.syntax = p.value_or(profile::strict);
    r.input = t.keep(row.text("input"));
    r.expected = t.keep(row.text("expected"));
    r.why = t.keep(row.text("why"));
    t.rows.push_back(r);
}

// The rows, generated once from the records and checked against them by the test: the peer's
// strings are verbatim; `expected` is docs/behaviour.md's canonical form. A row that does not
// read fails the test that asks.
inline std::deque<vector_row> const& vector_rows()
{
    static table<vector_row> const t =
        read_table_file<vector_row>(table_path("table-normalize.jsonl"), read_vector_row);
    EXPECT_EQ(t.error, "") << "a row of the table does not read";
    return t.rows;
}

} // namespace ftpuri_test
