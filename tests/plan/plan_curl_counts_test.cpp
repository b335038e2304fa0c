// SPDX-License-Identifier: Apache-2.0
// tests/plan/plan_curl_counts_test.cpp: the records of curl's test suite against ftpuri's plans,
// counted (plan_curl_test.cpp compares each): every record has one row, the counts per outcome
// and per reason are asserted (so that a change of either side shows), every reason and client
// verb is used, and an uppercase typecode letter is no interop problem.

#include "support/curl_plan_evaluation.hpp"
#include "support/curl_plan_reasons.hpp"
#include "support/curl_plan_rows.hpp"
#include "support/curl_records.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace ftpuri_test;
using namespace ftpuri_test::curl_plans;

namespace {

TEST(CurlRecords, EveryRecordHasOneRow)
{
    std::set<int> in_table;
    for (row const& r : rows())
        EXPECT_TRUE(in_table.insert(r.test).second) << "two rows for curl test " << r.test;
    for (auto const& [test, rec] : curl_records())
        EXPECT_TRUE(in_table.count(test)) << "curl test " << test << " (" << rec.name << ") has no row";
    for (int t : in_table)
        EXPECT_TRUE(curl_records().count(t)) << "row for curl test " << t << ", which the data file does not hold";
    EXPECT_EQ(curl_records().size(), 276U);
}

// The outcomes counted: a change in ftpuri's plans, in the data or in a row shows here as well.
TEST(CurlRecords, CountsPerOutcomeAndReason)
{
    std::map<std::string_view, int> outcomes;
    std::map<std::string_view, int> per_reason;
    for (row const& r : rows()) {
        std::string_view outcome = "same";
        for (why w : r.reasons) {
            ++per_reason[info(w).code];
            outcome = info(w).k == kind::not_comparable ? "not comparable" : "differs";
        }
        ++outcomes[outcome];
    }
    EXPECT_EQ(outcomes, (std::map<std::string_view, int>{{"same", 1}, {"differs", 202}, {"not comparable", 73}}));
    std::map<std::string, int> strict_errors;
    for (row const& r : rows())
        if (r.strict_error)
            ++strict_errors[cat({name_of(*r.strict_error), r.compared_in == S ? "" : " (compared in rfc3986)"})];
    EXPECT_EQ(strict_errors, (std::map<std::string, int>{{"scheme.not-ftp", 9},
                                                         {"pct.forbidden-control", 3},
                                                         {"char.not-allowed", 2},
                                                         {"host.numeric-ambiguous (compared in rfc3986)", 3}}));
    EXPECT_EQ(per_reason, (std::map<std::string_view, int>{{"curl-type-default", 167},
                                                           {"curl-null-first-is-root", 4},
                                                           {"curl-%2F-separates", 2},
                                                           {"curl-nocwd-lists-directory", 3},
                                                           {"curl-type-d-bare-nlst", 1},
                                                           {"curl-reuses-connection", 20},
                                                           {"option-use-ascii", 1},
                                                           {"option-list-only", 2},
                                                           {"option-login", 12},
                                                           {"server-skips-pass", 1},
                                                           {"server-preauthenticated", 1},
                                                           {"first-url-unreachable", 1},
                                                           {"libtest-repeats", 3},
                                                           {"stopped-on-error", 29},
                                                           {"option-time-condition", 3},
                                                           {"option-head", 5},
                                                           {"option-resume", 1},
                                                           {"option-range", 1},
                                                           {"libtest-connect-only", 1},
                                                           {"no-ftp-url", 6},
                                                           {"rejected", 14},
                                                           {"no-protocol-dump", 6},
                                                           {"http-proxy", 1},
                                                           {"other-protocols", 3},
                                                           {"upload", 30},
                                                           {"quote", 5},
                                                           {"create-dirs", 2},
                                                           {"retry", 1},
                                                           {"wildcard", 3},
                                                           {"libtest-own-urls", 2}}));
}

// Every reason of the table is some record's, and every client verb occurs in some dump.
TEST(CurlRecords, ReasonsAndClientVerbsAreAllUsed)
{
    std::set<why> used;
    for (row const& r : rows())
        used.insert(r.reasons.begin(), r.reasons.end());
    for (why_info const& i : why_table)
        EXPECT_TRUE(used.count(i.id)) << i.code << " explains no record";
    for (client_verb const& v : client_verbs) {
        bool const seen = std::any_of(curl_records().begin(), curl_records().end(), [&](auto const& kv) {
            return kv.second.dump && std::any_of(kv.second.dump->begin(), kv.second.dump->end(),
                                                 [&](std::string const& l) { return verb_of(l) == v.verb; });
        });
        EXPECT_TRUE(seen) << v.verb << " (" << v.why << ") is in no dump: drop it from client_verbs";
    }
}

// curl finds ";type=" only in lowercase (lib/ftp.c, strstr), and then any letter case: where the
// records write ";type=A" or ";type=D", curl honoured them (TYPE A; NLST), and ftpuri gives the
// warning typecode.uppercase without the note interop.typecode-case. The note is for ";TYPE=",
// which curl would send as part of the file name (no record has one).
TEST(CurlRecords, UppercaseTypecodeLetterIsNoInteropProblem)
{
    int seen = 0;
    for (auto const& [test, rec] : curl_records()) {
        for (std::string const& u : rec.urls) {
            if (u.find(";type=A") == std::string::npos && u.find(";type=D") == std::string::npos) continue;
            if (rec.dump && !rec.dump->empty() && rec.dump->front().starts_with("GET ")) continue; // a proxy
            ++seen;
            ftpuri::diagnostic_list list;
            ftpuri::parse_result const p = ftpuri::parse(u, {}, list);
            ASSERT_TRUE(p) << u;
            EXPECT_TRUE(list.contains(D::typecode_uppercase)) << u;
            EXPECT_FALSE(list.contains(D::interop_typecode_case)) << u;
            ASSERT_TRUE(rec.dump) << test;
            EXPECT_TRUE(dump_has(rec, "TYPE A")) << test << ": curl ignored the typecode of " << u;
        }
    }
    EXPECT_EQ(seen, 4); // 106, 562, 1569, 1570
    ftpuri::diagnostic_list list;
    std::string const upper = "ftp://127.0.0.1/f;TYPE=I";
    ASSERT_TRUE(ftpuri::parse(upper, {}, list));
    EXPECT_TRUE(list.contains(D::interop_typecode_case));
}

} // namespace
