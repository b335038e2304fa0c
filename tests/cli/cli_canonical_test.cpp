// SPDX-License-Identifier: Apache-2.0
// tests/cli/cli_canonical_test.cpp: ftpuri-check's canonical forms as a process: --fix of the
// bundled mirrors and of the lenient profile's repairs is valid in strict and stable when run
// again; JSON's "canonical" field is the canonical form of a valid input (its password redacted)
// and null for an invalid one.
#include <gtest/gtest.h>

#ifdef FTPURI_CHECK_EXE

#include <rapidjson/document.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "support/cli_json_record.hpp"
#include "support/cli_process.hpp"
#include "support/cli_text_report.hpp"

namespace {

using ftpuri::diag_id;
using namespace ftpuri_test;

// --- --fix: round trips -----------------------------------------------------------------------

// What --fix prints is valid and is its own canonical form: checked again it passes (exit 0),
// and a second --fix prints it unchanged.
TEST_F(Cli, FixOfTheBundledMirrorsIsValidAndStable)
{
    std::string const path = std::string(FTPURI_SOURCE_DIR) + "/corpus/examples/mirrors.txt";
    run_result const first = run({"--fix", "-f", path});
    EXPECT_EQ(first.exit_code, 1); // two of its lines are invalid
    std::vector<std::string> const lines = lines_of(first.out);
    EXPECT_EQ(lines.size(), 11u);
    // Two errors, then the summary, which counts what was shown: not the warnings of valid lines.
    EXPECT_EQ(first.err, text_diag(path, 12, 7, diag_id::host_numeric_ambiguous, "error", {"ftp://010.0.0.1/x", 6, 9}) +
                             text_diag(path, 13, 13, diag_id::pct_forbidden_control, "error",
                                       {"ftp://host/a%0D%0ADELE%20x", 12, 3}) +
                             summary({.inputs = 13, .invalid = 2, .errors = 2}));
    // The canonical form keeps the password: it is the output asked for.
    EXPECT_NE(first.out.find("ftp://alice:s3cret@ftp.example.org/inbox/\n"), std::string::npos) << first.out;
    EXPECT_NE(first.out.find("ftp://ftp.example.org/pub/notes.txt\n"), std::string::npos) << first.out;

    auto const fixed = file("fixed.txt", first.out);
    run_result const recheck = run({"-f", fixed.string()});
    EXPECT_EQ(recheck.exit_code, 0) << recheck.out;
    // No error; the warnings the canonical form does not mend (it keeps the user and password).
    EXPECT_EQ(recheck.out.find(": error: "), std::string::npos) << recheck.out;
    EXPECT_EQ(recheck.out, text_diag(fixed.string(), 8, 7, diag_id::userinfo_anonymous, "warning",
                                     {"ftp://anonymous@ftp.example.com/pub/", 6, 9}) +
                               text_diag(fixed.string(), 11, 13, diag_id::userinfo_password, "warning",
                                         {"ftp://alice:****@ftp.example.org/inbox/", 12, 4}) +
                               summary({.inputs = 11, .warnings = 2}));
    run_result const second = run({"--fix", "-f", fixed.string()});
    EXPECT_EQ(second.exit_code, 0) << second.err;
    EXPECT_EQ(second.out, first.out);
    EXPECT_EQ(second.err, summary({.inputs = 11}));
}

// The lenient profile's repairs, each a warning in text mode, and each an error in strict
// (cli_golden/cases/lenient_repairs_are_warnings.case and lenient_file_strict.case hold the
// same file).
std::string const lenient_file = "  ftp://FTP.Example.org/pub/  \n"   // trimmed, host case
                                 "ftp://h/My Documents/read me.txt\n" // raw spaces
                                 "ftp://h/pub/f.txt;typecode=I\n"     // ;typecode=
                                 "ftp://b\xC3\xBC"
                                 "cher.example/\n"                                    // Unicode host
                                 "ftp://u:p:q@h/\n"                                   // raw ':' in the password
                                 "\tftp://h/caf\xC3\xA9/\xE6\x97\xA5\xE6\x9C\xAC\t\n" // non-ASCII, tabs at the edges
                                 "ftp://%C3%A9t%C3%A9.example/x~\n";                  // escaped Unicode host
std::string const lenient_fixed = "ftp://ftp.example.org/pub/\n"
                                  "ftp://h/My%20Documents/read%20me.txt\n"
                                  "ftp://h/pub/f.txt;type=i\n"
                                  "ftp://xn--bcher-kva.example/\n"
                                  "ftp://u:p%3Aq@h/\n"
                                  "ftp://h/caf%C3%A9/%E6%97%A5%E6%9C%AC\n"
                                  "ftp://xn--t-9fab.example/x~\n";

TEST_F(Cli, LenientFixIsStrictValidAndStable)
{
    auto const a = file("lenient.txt", lenient_file);
    // --whole-line: each line is one URI, its raw spaces included (not two fields).
    run_result const first = run({"--fix", "--profile=lenient", "--whole-line", "-f", a.string()});
    EXPECT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(first.out, lenient_fixed);
    // The repairs are warnings of valid inputs, which --fix does not show: none is counted.
    EXPECT_EQ(first.err, summary({.inputs = 7}));

    // docs/behaviour.md: the lenient canonical output is strict-valid wherever a repair exists.
    auto const fixed = file("fixed.txt", first.out);
    for (std::string const profile : {"strict", "lenient"}) {
        SCOPED_TRACE(profile);
        run_result const recheck = run({"--profile=" + profile, "-f", fixed.string()});
        EXPECT_EQ(recheck.exit_code, 0) << recheck.out;
        // Only the password warning is left: the other repairs are done.
        EXPECT_EQ(recheck.out,
                  text_diag(fixed.string(), 5, 9, diag_id::userinfo_password, "warning", {"ftp://u:****@h/", 8, 4}) +
                      summary({.inputs = 7, .warnings = 1}));
        run_result const second = run({"--fix", "--profile=" + profile, "-f", fixed.string()});
        EXPECT_EQ(second.exit_code, 0) << second.err;
        EXPECT_EQ(second.out, first.out);
    }
}

// --- JSON: the canonical field ----------------------------------------------------------------

TEST_F(Cli, JsonCanonicalIsFilledForValidInputsAndNullForInvalidOnes)
{
    run_result const r = run({"--format=json", "FTP://H.example:021/a/./b;TYPE=D", "ftp://010.0.0.1/x", ""});
    EXPECT_EQ(r.exit_code, 1);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);
    rapidjson::Document const good = parse_record(records[0]);
    ASSERT_TRUE(good.IsObject());
    EXPECT_EQ(json_string(good["canonical"]), "ftp://h.example/a/b;type=d");
    for (std::size_t i : {1u, 2u}) {
        rapidjson::Document const bad = parse_record(records[i]);
        ASSERT_TRUE(bad.IsObject());
        EXPECT_TRUE(bad["canonical"].IsNull());
    }
    EXPECT_EQ(records[1],
              R"({"file":"<arg 2>","input":"ftp://010.0.0.1/x","line":1,"valid":false,"canonical":null,)"
              R"("host_class":null,"diagnostics":[{"id":"host.numeric-ambiguous","severity":"error","offset":6,)"
              R"("length":9,"message":"numeric host that is not a dotted-decimal IPv4 address",)"
              R"("hint":"other parsers read it as a different address (127.1 is 127.0.0.1, 010 is octal); write four )"
              R"(decimal octets without leading zeros"}]})");
}

TEST_F(Cli, JsonCanonicalHasItsPasswordRedacted)
{
    // The canonical form keeps the password, but JSON is a report: "****" there as in "input".
    // An empty password stays empty (nothing to hide); a raw ':' of a lenient password is
    // encoded first, and the whole password is masked.
    run_result const r = run({"--format=json", "--profile=lenient", "ftp://alice:s3cret@FTP.example.org/inbox/",
                              "ftp://bob:@h/", "ftp://carol:pa:ss@h/"});
    EXPECT_EQ(r.exit_code, 0);
    for (char const* secret : {"s3cret", "pa:ss", "pa%3Ass", "ss@"})
        EXPECT_EQ(r.out.find(secret), std::string::npos) << secret << " in " << r.out;
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);
    std::vector<std::string> canonical;
    for (std::string const& record : records) {
        rapidjson::Document const doc = parse_record(record);
        ASSERT_TRUE(doc.IsObject());
        canonical.push_back(json_string(doc["canonical"]));
    }
    EXPECT_EQ(canonical, (std::vector<std::string>{"ftp://alice:****@ftp.example.org/inbox/", "ftp://bob:@h/",
                                                   "ftp://carol:****@h/"}));

    // --strip-password drops it from the canonical form; "input" still shows it masked.
    run_result const stripped = run({"--format=json", "--strip-password", "ftp://alice:s3cret@h/"});
    std::vector<std::string> const one = lines_of(stripped.out);
    ASSERT_EQ(one.size(), 1u);
    rapidjson::Document const doc = parse_record(one[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["canonical"]), "ftp://alice@h/");
    EXPECT_EQ(json_string(doc["input"]), "ftp://alice:****@h/");
}

TEST_F(Cli, JsonCanonicalOfLenientInputs)
{
    auto const a = file("lenient.txt", lenient_file);
    // --whole-line: each line is one URI, its raw spaces included (not two fields).
    run_result const r = run({"--format=json", "--profile=lenient", "--whole-line", "-f", a.string()});
    EXPECT_EQ(r.exit_code, 0);
    std::vector<std::string> const records = lines_of(r.out);
    std::vector<std::string> const expected = lines_of(lenient_fixed);
    ASSERT_EQ(records.size(), expected.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        rapidjson::Document const doc = parse_record(records[i]);
        ASSERT_TRUE(doc.IsObject());
        EXPECT_TRUE(doc["valid"].GetBool());
        // The password of line 5 is masked; every other canonical form is as --fix prints it.
        EXPECT_EQ(json_string(doc["canonical"]), i == 4 ? "ftp://u:****@h/" : expected[i]);
    }
    // The input's non-ASCII bytes are kept (UTF-8), the canonical form's are encoded.
    rapidjson::Document const unicode = parse_record(records[3]);
    ASSERT_TRUE(unicode.IsObject());
    EXPECT_EQ(json_string(unicode["input"]), "ftp://b\xC3\xBC"
                                             "cher.example/");
    EXPECT_EQ(ids_of(unicode), std::vector<std::string>{"host.unicode"});
}

} // namespace

#endif
