// SPDX-License-Identifier: Apache-2.0
// tests/plan/plan_curl_test.cpp: ftpuri's command plans beside the FTP commands curl's own test suite
// records for the same URLs.
//
// tests/data/curl-ftp-url-to-commands.jsonl holds, for 276 tests of curl (tests/data/testNNN),
// the ftp URLs of the command line, the --ftp-method, and the commands curl's test server
// received (<verify><protocol>), verbatim with curl's placeholders (see tests/data/README.md).
// Every record is one test case here, with one of three outcomes:
//   same            after the client's own commands are removed (client_verbs, in
//                   support/curl_records.hpp), curl sent exactly ftpuri's plan;
//   differs         it did not, and every difference is one of the named reasons below: the
//                   reason's transformation, applied to ftpuri's plan, gives curl's commands, and
//                   no declared reason may be left out (a reason that changes nothing, or that
//                   the record does not show, fails the test);
//   not comparable  the commands do not show the URI's meaning (an upload, quote commands...)
//                   or there is no plan (ftpuri rejects the URL, with the diagnostic named) or
//                   no dump; the reason's condition must hold on the record, and a record that
//                   could be compared must really differ.
// The counts per outcome and per reason are asserted, so that a change of either side shows.
//
// How a record is compared: curl's placeholders get fixed values (%TESTNUMBER the record's
// test number); curl's method (multicwd by default, --ftp-method) is ftpuri's mode of the same
// name; curl's anonymous login (USER anonymous, PASS ftp@example.com) is ftpuri's with the
// anonymous password "ftp@example.com"; the plans of a record's URLs are concatenated in order.
// "Stop" reasons say that curl stopped early: its commands must then be a proper prefix of the
// (transformed) plan.
//
// The reasons are support/curl_plan_reasons.hpp, the rows support/curl_plan_rows.hpp, the
// comparison support/curl_plan_evaluation.hpp; the counts per outcome and reason are
// plan_curl_counts_test.cpp.

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

// --- the tests ------------------------------------------------------------------------------------

class CurlRecord : public ::testing::TestWithParam<row> {};

TEST_P(CurlRecord, OutcomeHolds)
{
    row const& r = GetParam();
    auto const found = curl_records().find(r.test);
    ASSERT_NE(found, curl_records().end()) << "no record of curl test " << r.test;
    curl_record const& rec = found->second;
    std::set<why> const reasons(r.reasons.begin(), r.reasons.end());
    ASSERT_EQ(reasons.size(), r.reasons.size()) << "a reason is named twice";
    auto const not_comparable = static_cast<std::size_t>(
        std::count_if(reasons.begin(), reasons.end(), [](why w) { return info(w).k == kind::not_comparable; }));
    auto const stops = static_cast<std::size_t>(
        std::count_if(reasons.begin(), reasons.end(), [](why w) { return info(w).k == kind::stop; }));
    ASSERT_TRUE(not_comparable == 0 || reasons.size() == 1) << "a record not comparable has that one reason";
    ASSERT_LE(stops, 1U) << "one reason says why curl stopped";

    // A URL strict rejects: named with its diagnostic, whether the record is then compared in
    // another profile or not at all.
    if (r.strict_error || declared(reasons, why::rejected)) {
        ASSERT_TRUE(r.strict_error.has_value()) << "name the diagnostic strict rejects the URL with";
        bool seen = false;
        for (std::string const& u : rec.urls) {
            ftpuri::parse_result const p = ftpuri::parse(u);
            if (!p) {
                EXPECT_EQ(name_of(p.error().id), name_of(*r.strict_error)) << u;
                seen = true;
            }
        }
        EXPECT_TRUE(seen) << "strict accepts every URL of the record";
        EXPECT_EQ(declared(reasons, why::rejected), r.compared_in == S)
            << "a rejected URL is either compared in another profile or the record is not comparable";
    } else {
        EXPECT_EQ(r.compared_in, S) << "compare in strict where strict accepts the URLs";
    }

    std::string error;
    std::vector<planned_url> const urls = plan_urls(rec, r, 1, error);
    for (why w : reasons)
        EXPECT_TRUE(condition(w, rec, r, urls))
            << info(w).code << " does not apply to curl test " << r.test << ": " << info(w).sentence;

    bool const comparable = !rec.urls.empty() && rec.dump && error.empty();
    if (not_comparable == 1) {
        // Not comparable, and not by mistake: where a comparison can be made, it fails.
        if (comparable) {
            evaluation const e = evaluate(rec, r, {});
            EXPECT_FALSE(e.holds) << "curl test " << r.test << " sends ftpuri's plan: it is comparable";
        }
        return;
    }
    ASSERT_TRUE(comparable) << "curl test " << r.test << " cannot be compared (" << error
                            << "): name a not-comparable reason";
    evaluation const e = evaluate(rec, r, reasons);
    ASSERT_TRUE(e.error.empty()) << e.error;
    EXPECT_TRUE(e.holds) << "curl test " << r.test << " (" << rec.name << ") with " << codes(reasons)
                         << "\n  ftpuri, transformed:" << joined(e.ours)
                         << "\n  curl, client's commands removed:" << joined(e.curl);
    // Every reason is needed: without it, the comparison fails.
    for (why w : reasons) {
        std::set<why> fewer = reasons;
        fewer.erase(w);
        EXPECT_FALSE(evaluate(rec, r, fewer).holds)
            << "curl test " << r.test << ": " << info(w).code << " explains nothing here (the rest suffice)";
    }
}

INSTANTIATE_TEST_SUITE_P(Curl, CurlRecord, ::testing::ValuesIn(rows()),
                         [](::testing::TestParamInfo<row> const& p) { return "test" + std::to_string(p.param.test); });

} // namespace
