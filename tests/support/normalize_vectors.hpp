// SPDX-License-Identifier: Apache-2.0
// tests/support/normalize_vectors.hpp: the peers' normalization vectors
// (tests/data/normalize-vectors.jsonl) as ftp URIs and ftpuri's canonical forms of them. The rows
// are in tests/peers/normalize_vectors.cpp (a .cpp at the top of tests/, so that oracle/'s KnownInputs
// judges their URIs), linked into every test binary. canonical_vectors_test.cpp checks each row
// against its record and its canonical form; canonical_test.cpp checks the buffer contract of
// every row.
#pragma once

#include <string_view>
#include <vector>

#include "ftpuri/options.hpp"

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

// The rows: tests/peers/normalize_vectors.cpp. Generated from the records and checked against them by
// the test: the peer's strings are verbatim; `expected` is docs/behaviour.md's canonical form.
extern std::vector<vector_row> const vector_rows;

} // namespace ftpuri_test
