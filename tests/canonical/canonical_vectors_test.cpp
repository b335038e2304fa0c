// SPDX-License-Identifier: Apache-2.0
// tests/canonical/canonical_vectors_test.cpp: the peers' normalization vectors
// (tests/data/normalize-vectors.jsonl: WPT, Boost.URL, curl, trurl, Go), each as an ftp URI with
// ftpuri's canonical form (tests/support/normalize_vectors.hpp), checked against the peer's
// record and by check_canonical(); every disagreement with a peer is named.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/ascii.hpp"
#include "support/canonical_check.hpp"
#include "support/json.hpp"
#include "support/normalize_vectors.hpp"
#include "support/peer_records.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"

namespace {

using ftpuri::parse_options;
using ftpuri_test::cat;
using ftpuri_test::check_canonical;
using ftpuri_test::mode;
using ftpuri_test::name_of;
using ftpuri_test::S;
using ftpuri_test::vector_row;

std::string to_ftp(std::string_view s)
{
    std::size_t const colon = s.find(':');
    if (colon != std::string_view::npos) {
        std::string const scheme = ftpuri_test::lower(s.substr(0, colon));
        if (scheme == "http" || scheme == "https") {
            std::string out = "ftp";
            for (std::size_t i = 0; i < 3; ++i)
                if (s[i] >= 'A' && s[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'a' + 'A');
            return out + std::string(s.substr(colon));
        }
    }
    if (s.starts_with("/")) return cat({"ftp://h", s});
    return std::string(s);
}

TEST(canonical_vectors, peers_that_normalize_ftp)
{
    std::vector<ftpuri_test::peer_record> records = ftpuri_test::load_records("normalize-vectors.jsonl");
    int agree = 0;
    int disagree = 0;
    for (vector_row const& row : ftpuri_test::vector_rows()) {
        SCOPED_TRACE(cat({row.tag, " ", row.id, " <", row.input, ">"}));
        ftpuri_test::peer_record* rec = ftpuri_test::find_record(
            records, row.tag, row.id, {row.peer_input, row.peer_expect == "<failure>" ? "" : row.peer_expect});
        ASSERT_NE(rec, nullptr);
        std::string peer;
        std::string input;
        switch (row.how) {
        case mode::scheme:
            input = to_ftp(row.peer_input);
            peer = row.peer_expect == "<failure>" ? "<failure>" : to_ftp(row.peer_expect);
            break;
        case mode::ipv6:
            input = cat({"ftp://[", row.peer_input, "]/"});
            peer = cat({"ftp://[", row.peer_expect, "]/"});
            break;
        case mode::fixpoint:
            input = std::string(row.peer_expect);
            peer = std::string(row.peer_expect);
            break;
        }
        if (row.peer_expect == "<failure>") {
            ftpuri_test::json const* expect = ftpuri_test::json_member(*rec->doc, "expect");
            ftpuri_test::json const* failure = expect ? ftpuri_test::json_member(*expect, "failure") : nullptr;
            EXPECT_TRUE(failure != nullptr && failure->IsTrue()) << "the peer does not reject it";
        }
        EXPECT_EQ(input, row.input) << "test table: the input is not the peer's, rewritten";

        bool const ftpuri_rejects = row.expected.starts_with("!");
        bool const agrees = ftpuri_rejects ? peer == "<failure>" : peer == row.expected;
        if (row.why.empty()) {
            EXPECT_TRUE(agrees) << "test table: ftpuri's " << row.expected << " differs from the peer's " << peer
                                << " without a reason";
        } else {
            EXPECT_FALSE(agrees) << "test table: a reason given where ftpuri agrees";
        }
        (agrees ? agree : disagree) += 1;

        if (ftpuri_rejects) {
            ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{row.syntax});
            ASSERT_FALSE(r.has_value()) << "accepted";
            EXPECT_EQ(cat({"!", name_of(r.error().id)}), row.expected);
            continue;
        }
        bool const strict_out =
            ftpuri::validate(row.input, parse_options{S}) || ftpuri::validate(row.expected, parse_options{S});
        check_canonical(row.input, row.syntax, row.expected, strict_out);
    }
    ftpuri_test::expect_all_used(records, "normalize-vectors.jsonl");
    EXPECT_GT(agree, 85);
    EXPECT_EQ(disagree, 36) << "the named disagreements (update docs/canonical.md when this changes)";
}

} // namespace
