// SPDX-License-Identifier: Apache-2.0
// line_checker_test: line_checker::check_lines() over the blocks of block_reader. A quiet run
// that wants only the verdicts takes a loop of its own (validate() per line, one sum per
// block); it must count what the general loop counts, and what the input holds: every line,
// every invalid one, every byte with its ending, over CRLF and LF endings, a last line without
// "\n", a line longer than the length limit and longer than a block, and blocks of every size
// down to a few bytes.
//
// The policy (policy_settings: --deny, --allow-host) and --error (parse_options::as_error): a
// refusal is an error of the input, in every output and in the counts, at offsets into the
// input as read, in the quiet loop too; and the options' own checks (policy_options.hpp, --error
// in rule_choice.hpp).
//
// --plan (plan_settings): the command lines as plan_lines.hpp shows them (PASS masked, the
// password of another parser's reading masked in any command, both shown on request, the
// bytes sent otherwise), where line_checker puts plans, notes and refusals, and that a quiet
// --plan run still plans (a refusal makes an input invalid, which validate() cannot see).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "block_reader.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/redact.hpp"
#include "line_checker.hpp"
#include "plan_lines.hpp"
#include "policy_options.hpp"
#include "reference_lines.hpp"
#include "rule_choice.hpp"
#include "temporary_file.hpp"

namespace {

using ftpuri::cli::block_reader;
using ftpuri::cli::check_settings;
using ftpuri::cli::input_line;
using ftpuri::cli::line_block;
using ftpuri::cli::line_checker;
using ftpuri::cli::line_end;
using ftpuri::cli::split_list_line;
using ftpuri::cli::tally;

// Checks every line of `input` with one line_checker, block by block; the tally, and the
// output it wrote (a quiet run writes none).
struct check_result {
    tally counts;
    std::string output;
};

check_result check_all(std::string_view input, check_settings const& settings, std::size_t block_bytes)
{
    std::FILE* file = temporary_file_holding(input);
    if (file == nullptr) return {};
    check_result r;
    line_checker checker(settings);
    block_reader reader(file, std::size_t{settings.parse.max_length} + 1, block_bytes);
    line_block block;
    std::uint64_t line = 1;
    while (reader.next(block)) {
        checker.check_lines({"<test>", line, true}, block);
        line += block.line_count();
        r.output += checker.output();
        r.output += checker.error_output();
        checker.clear_output();
    }
    static_cast<void>(std::fclose(file));
    r.counts = checker.counts();
    return r;
}

// What the input holds, counted here: its lines (reference_lines.hpp), the invalid ones by
// validate(), its bytes.
tally expected_counts(std::string_view input, ftpuri::parse_options const& options)
{
    tally t;
    t.bytes = input.size();
    for (reference_line const& line : reference_lines(input)) {
        // Blank lines and comments are skipped, not inputs (written here apart from
        // is_skipped_line: the mix's are empty lines and "  # ..." lines).
        std::size_t const first = line.bytes.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line.bytes[first] == '#') {
            ++t.skipped;
            continue;
        }
        ++t.inputs;
        if (!ftpuri::validate(line.bytes, options)) ++t.invalid;
    }
    return t;
}

std::string mixed_input(std::mt19937& random, std::size_t lines, std::uint32_t max_length)
{
    std::vector<std::string> const uris = {
        "ftp://ftp.example.org/pub/file.tar.gz",
        "ftp://jdoe@mirror.example.org:2121/pub/a%20b;type=i",
        "ftp://192.0.2.1/",
        "ftp://[2001:db8::1]/x",
        "FTP://h/",
        "ftp://h/../x",                            // strict: above the root
        "http://h/",                               // not ftp
        "ftp://user:pw@h/",                        // a password
        "",                                        // empty: skipped
        "  # a comment",                           // skipped
        "ftp://h/\x01",                            // a control byte
        "ftp://h/" + std::string(max_length, 'a'), // over the limit, and over small blocks
    };
    std::string input;
    for (std::size_t i = 0; i < lines; ++i) {
        input += uris[random() % uris.size()];
        if (i + 1 < lines || random() % 2 == 0) input += random() % 3 == 0 ? "\r\n" : "\n";
    }
    return input;
}

TEST(LineChecker, VerdictsOnlyCountWhatTheGeneralLoopCounts)
{
    std::mt19937 random(20261122); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::uint64_t invalid = 0;
    std::uint64_t valid = 0;
    for (std::uint32_t max_length : {64U, 2048U}) {
        check_settings quiet;
        quiet.parse.max_length = max_length;
        quiet.quiet = true; // only the verdicts: the loop of its own
        check_settings counting = quiet;
        counting.count_quietly = true; // the general loop, still printing nothing
        for (std::size_t block_bytes : {std::size_t{7}, std::size_t{100}, block_reader::default_block_bytes}) {
            for (int round = 0; round < 20; ++round) {
                std::string const input = mixed_input(random, 1 + random() % 60, max_length);
                tally const expected = expected_counts(input, quiet.parse);
                check_result const fast = check_all(input, quiet, block_bytes);
                check_result const general = check_all(input, counting, block_bytes);
                for (check_result const* r : {&fast, &general}) {
                    EXPECT_EQ(r->counts.inputs, expected.inputs);
                    EXPECT_EQ(r->counts.skipped, expected.skipped);
                    EXPECT_EQ(r->counts.invalid, expected.invalid);
                    EXPECT_EQ(r->counts.bytes, expected.bytes);
                    EXPECT_EQ(r->output, "");
                }
                invalid += expected.invalid;
                valid += expected.inputs - expected.invalid;
            }
        }
    }
    EXPECT_GT(invalid, 100U) << "the mix must hold invalid lines";
    EXPECT_GT(valid, 100U) << "and valid ones";
}

TEST(LineChecker, ReportingRunsGoThroughCheck)
{
    // Not quiet: each line gets its report, numbered from the block's first line.
    check_settings settings;
    check_result const r = check_all("ftp://h/\nftp://h/../x\n", settings, block_reader::default_block_bytes);
    EXPECT_EQ(r.counts.inputs, 2U);
    EXPECT_EQ(r.counts.invalid, 1U);
    EXPECT_NE(r.output.find("<test>:2:9: error:"), std::string::npos) << r.output;
}

// ---- --plan ------------------------------------------------------------------------------

using ftpuri::cli::command_line;
using ftpuri::cli::command_mask;

// The lines plan_lines.hpp shows for `uri` (valid in rfc3986) under `mask`, `password` being
// find_password's answer unless `mask` says otherwise.
std::vector<std::string> shown_lines(std::string_view uri, bool show_password, ftpuri::plan_options const& options = {})
{
    ftpuri::parse_options parse;
    parse.syntax = ftpuri::profile::rfc3986;
    ftpuri::parse_result const parsed = ftpuri::parse(uri, parse);
    EXPECT_TRUE(parsed.has_value()) << uri;
    if (!parsed) return {};
    ftpuri::plan_result const planned = ftpuri::plan(*parsed, options);
    EXPECT_TRUE(planned.has_value()) << uri;
    if (!planned) return {};
    command_mask const mask{.show_password = show_password, .password = ftpuri::find_password(uri)};
    std::vector<std::string> lines;
    std::string buffer;
    for (ftpuri::ftp_command const& c : *planned)
        lines.emplace_back(command_line(c, mask, buffer));
    return lines;
}

using lines = std::vector<std::string>;

TEST(PlanLines, PassIsMaskedUnlessAskedFor)
{
    EXPECT_EQ(shown_lines("ftp://u:s3cret%21@h/d/f", false), (lines{"USER u", "PASS ****", "CWD d", "RETR f"}));
    EXPECT_EQ(shown_lines("ftp://u:s3cret%21@h/d/f", true), (lines{"USER u", "PASS s3cret!", "CWD d", "RETR f"}));
    // The anonymous password is the user's own option, not the URI's secret: shown.
    ftpuri::plan_options options;
    options.anonymous_password = "ops@example.org";
    EXPECT_EQ(shown_lines("ftp://h/", false, options), (lines{"USER anonymous", "PASS ops@example.org", "LIST"}));
    EXPECT_EQ(shown_lines("ftp://h/", true, options), (lines{"USER anonymous", "PASS ops@example.org", "LIST"}));
    // An empty password hides nothing; a user without one has no PASS at all.
    EXPECT_EQ(shown_lines("ftp://u:@h/f", false), (lines{"USER u", "PASS ", "RETR f"}));
    EXPECT_EQ(shown_lines("ftp://u@h/f", false), (lines{"USER u", "RETR f"}));
}

TEST(PlanLines, AnotherParsersPasswordIsMaskedInAnyCommand)
{
    // rfc3986: an empty host, then the path /u:pw@h/...; WHATWG logs in with the password pw.
    EXPECT_EQ(shown_lines("ftp:///u:Cv3Dm9@h/x", false),
              (lines{"USER anonymous", "PASS anonymous@", "CWD u:****@h", "RETR x"}));
    EXPECT_EQ(shown_lines("ftp:///u:Cv3Dm9@h/x", true),
              (lines{"USER anonymous", "PASS anonymous@", "CWD u:Cv3Dm9@h", "RETR x"}));
    ftpuri::plan_options nocwd;
    nocwd.mode = ftpuri::plan_mode::nocwd;
    EXPECT_EQ(shown_lines("ftp:///u:Cv3Dm9@h/x", false, nocwd),
              (lines{"USER anonymous", "PASS anonymous@", "RETR u:****@h/x"}));
    // Escapes around it are decoded; one inside it is masked whole.
    EXPECT_EQ(shown_lines("ftp:///a%20u:p%41w@h%20b/x", false),
              (lines{"USER anonymous", "PASS anonymous@", "CWD a u:****@h b", "RETR x"}));
}

TEST(PlanLines, LinesAreTheBytesSent)
{
    // Decoded, control bytes and bytes that are not UTF-8 included: the writers escape them.
    EXPECT_EQ(shown_lines("ftp://h/%1B/a%FFb%0Bc", false), (lines{"USER anonymous", "PASS anonymous@", "CWD \x1b",
                                                                  "RETR a\xff"
                                                                  "b\x0b"
                                                                  "c"}));
    ftpuri::plan_options rfc1738;
    rfc1738.mode = ftpuri::plan_mode::rfc1738;
    EXPECT_EQ(shown_lines("ftp://h/a//f;type=i", false, rfc1738),
              (lines{"USER anonymous", "PASS anonymous@", "CWD a", "CWD ", "TYPE I", "RETR f"}));
}

// What one check() left in the outputs.
struct checked {
    bool valid;
    std::string out;
    std::string err;
};

checked check_one(check_settings const& settings, std::string_view input)
{
    line_checker checker(settings);
    bool const valid = checker.check({"<arg 1>", 1, false}, input);
    return {valid, std::string(checker.output()), std::string(checker.error_output())};
}

check_settings plan_settings(ftpuri::plan_mode mode = ftpuri::plan_mode::multicwd)
{
    check_settings settings;
    settings.parse.syntax = ftpuri::profile::rfc3986;
    settings.plan.enabled = true;
    settings.plan.mode = mode;
    return settings;
}

TEST(LineCheckerPlan, TextPutsPlansOnTheOutputAndTheRestOnTheErrorOutput)
{
    checked const plain = check_one(plan_settings(), "ftp://h/pub/f.txt;type=i");
    EXPECT_TRUE(plain.valid);
    EXPECT_EQ(plain.out, "USER anonymous\nPASS anonymous@\nCWD pub\nTYPE I\nRETR f.txt\n\n");
    EXPECT_EQ(plain.err, "");

    checked const ask = check_one(plan_settings(), "ftp://me@h/%1B");
    EXPECT_TRUE(ask.valid);
    EXPECT_EQ(ask.out, "USER me\nRETR <1B>\n\n"); // escaped as the echo escapes it
    EXPECT_EQ(ask.err, "<arg 1>:1: note: no password in the URI: ask the user for one when the server wants it "
                       "(no PASS in the plan)\n");

    // A refused plan: an error of the input, on the error output, and no plan.
    checked const refused = check_one(plan_settings(ftpuri::plan_mode::nocwd), "ftp://h/a%2Fb/f");
    EXPECT_FALSE(refused.valid);
    EXPECT_EQ(refused.out, "");
    EXPECT_NE(refused.err.find("<arg 1>:1:10: error: segment decodes to a '/'"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("[plan.nocwd-slash]\nftp://h/a%2Fb/f\n         ^~~\n"), std::string::npos)
        << refused.err;

    // --quiet: the plans still; no note, no report.
    check_settings quiet = plan_settings(ftpuri::plan_mode::nocwd);
    quiet.quiet = true;
    EXPECT_EQ(check_one(quiet, "ftp://me@h/f").out, "USER me\nRETR f\n\n");
    EXPECT_EQ(check_one(quiet, "ftp://me@h/f").err, "");
    checked const quiet_refused = check_one(quiet, "ftp://h/a%2Fb/f");
    EXPECT_FALSE(quiet_refused.valid) << "a quiet run must still plan";
    EXPECT_EQ(quiet_refused.out + quiet_refused.err, "");
}

TEST(LineCheckerPlan, JsonRecordsEndWithThePlan)
{
    check_settings settings = plan_settings(ftpuri::plan_mode::nocwd);
    settings.format = ftpuri::cli::output_format::json;
    checked const valid = check_one(settings, "ftp://me@h/d/f");
    EXPECT_EQ(
        valid.out,
        R"({"file":"<arg 1>","input":"ftp://me@h/d/f","line":1,"valid":true,)"
        R"("canonical":"ftp://me@h/d/f","host_class":"special-use","diagnostics":[],"plan":["USER me","RETR d/f"],)"
        R"("ask_password":true})"
        "\n");
    checked const refused = check_one(settings, "ftp://h/a%2Fb/f");
    EXPECT_FALSE(refused.valid);
    EXPECT_NE(refused.out.find(R"("valid":false,"canonical":null,)"), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find(R"({"id":"plan.nocwd-slash","severity":"error","offset":9,"length":3,)"),
              std::string::npos)
        << refused.out;
    EXPECT_NE(refused.out.find(R"("plan":null,"ask_password":null})"), std::string::npos) << refused.out;
    // Without --plan, the record is as it was.
    settings.plan.enabled = false;
    EXPECT_EQ(check_one(settings, "ftp://h/").out.find("\"plan\""), std::string::npos);
}

TEST(LineCheckerPlan, ABadAnonymousPasswordRefusesEveryPlan)
{
    // The CLI refuses it as a usage error first; the checker holds the line all the same.
    check_settings settings = plan_settings();
    settings.plan.anonymous_password = "x\r\nDELE f";
    checked const r = check_one(settings, "ftp://h/f");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("[plan.anonymous-password-control]"), std::string::npos) << r.err;
}

TEST(LineCheckerPlan, BlocksGiveWhatLinesGive)
{
    // check_lines() over a file's blocks writes what check() writes line by line, plans,
    // notes, refusals and reports alike, with the file's line numbers.
    std::string const input = "ftp://h/a/b\r\nftp://me@h/x%2Fy/z\nftp://h/a b\n\nftp://u:pw@h/;type=d";
    for (ftpuri::plan_mode const mode : {ftpuri::plan_mode::multicwd, ftpuri::plan_mode::nocwd}) {
        check_settings settings = plan_settings(mode);
        settings.skip_comments = false; // check() sees every line; so must check_lines() here
        line_checker by_line(settings);
        std::string out;
        std::string err;
        std::uint64_t number = 1;
        for (reference_line const& l : reference_lines(input)) {
            // A line of a file is divided as a list line is (list_line.hpp): "a b" is two fields.
            input_line const whole{l.bytes, l.bytes.size(), line_end::lf};
            static_cast<void>(
                by_line.check({"<test>", number++, true}, whole, split_list_line(l.bytes, settings.list)));
            out += by_line.output();
            err += by_line.error_output();
            by_line.clear_output();
        }
        bool const nocwd = mode == ftpuri::plan_mode::nocwd; // refuses line 2's %2F
        EXPECT_EQ(out.find("USER me\n") != std::string::npos, !nocwd) << out;
        EXPECT_EQ(err.find("<test>:2: note: no password") != std::string::npos, !nocwd) << err;
        EXPECT_EQ(err.find("<test>:2:13: error:") != std::string::npos, nocwd) << err;
        EXPECT_EQ(by_line.counts().invalid, nocwd ? 3U : 2U);

        std::FILE* file = temporary_file_holding(input);
        ASSERT_NE(file, nullptr);
        line_checker by_block(settings);
        block_reader reader(file, std::size_t{settings.parse.max_length} + 1, 7);
        line_block block;
        std::uint64_t first = 1;
        std::string block_out;
        std::string block_err;
        while (reader.next(block)) {
            by_block.check_lines({"<test>", first, true}, block);
            first += block.line_count();
            block_out += by_block.output();
            block_err += by_block.error_output();
            by_block.clear_output();
        }
        static_cast<void>(std::fclose(file));
        EXPECT_EQ(block_out, out);
        EXPECT_EQ(block_err, err);
        EXPECT_EQ(by_block.counts().inputs, 5U);
        EXPECT_EQ(by_block.counts().invalid, by_line.counts().invalid);
    }
}

// ---- the policy (--deny, --allow-host, --allow-hosts-file) and --error -----------------------

check_settings policy_check(ftpuri::host_class_set deny, std::vector<std::string> allow = {})
{
    check_settings settings;
    settings.policy.deny = deny;
    settings.policy.allow = std::move(allow);
    return settings;
}

TEST(LineCheckerPolicy, ARefusedHostIsAnErrorOfTheInput)
{
    check_settings const settings = policy_check({ftpuri::host_class::loopback});
    line_checker checker(settings);
    EXPECT_FALSE(checker.check({"<arg 1>", 1, false}, std::string_view("ftp://[::ffff:127.0.0.1]/")));
    EXPECT_TRUE(checker.check({"<arg 2>", 1, false}, std::string_view("ftp://ftp.example.org/")));
    std::string const out(checker.output());
    std::string expected = "<arg 1>:1:7: error: host class loopback is denied by the policy [host.denied]\n"
                           "ftp://[::ffff:127.0.0.1]/\n"
                           "      ^~~~~~~~~~~~~~~~~~\n"
                           "  hint: ";
    expected.append(ftpuri::info(ftpuri::diag_id::host_denied).hint).append("\n");
    EXPECT_EQ(out, expected);
    tally const& counts = checker.counts();
    EXPECT_EQ(counts.inputs, 2U);
    EXPECT_EQ(counts.invalid, 1U);
    EXPECT_EQ(counts.count(ftpuri::severity::error), 1U);
    EXPECT_EQ(counts.by_id[static_cast<std::size_t>(ftpuri::diag_id::host_denied)], 1U);
    // Without a policy the same input is valid.
    EXPECT_TRUE(check_one(check_settings{}, "ftp://[::ffff:127.0.0.1]/").valid);
}

TEST(LineCheckerPolicy, AllowListComparesCanonicalHosts)
{
    check_settings const settings = policy_check({}, {"example.org", "*.mirror.example.net:21"});
    EXPECT_TRUE(check_one(settings, "ftp://EXAMPLE.org./").valid);
    EXPECT_TRUE(check_one(settings, "ftp://a.Mirror.example.net:21/").valid);
    EXPECT_FALSE(check_one(settings, "ftp://a.mirror.example.net:2121/").valid);
    EXPECT_FALSE(check_one(settings, "ftp://mirror.example.net/").valid);
    checked const refused = check_one(settings, "ftp://badexample.org/");
    EXPECT_FALSE(refused.valid);
    EXPECT_NE(refused.out.find("<arg 1>:1:7: error: host is not on the policy's allow-list [host.not-allowed]\n"
                               "ftp://badexample.org/\n"
                               "      ^~~~~~~~~~~~~~\n"),
              std::string::npos)
        << refused.out;
}

TEST(LineCheckerPolicy, OffsetsPointIntoTheInputAsRead)
{
    // The lenient profile parses "ftp://127.0.0.1/x" out of the spaces around it.
    check_settings settings = policy_check({ftpuri::host_class::loopback});
    settings.parse.syntax = ftpuri::profile::lenient;
    settings.format = ftpuri::cli::output_format::json;
    checked const r = check_one(settings, "  ftp://127.0.0.1/x  ");
    EXPECT_FALSE(r.valid);
    EXPECT_NE(r.out.find(R"({"id":"host.denied","severity":"error","offset":8,"length":9,)"), std::string::npos)
        << r.out;
}

TEST(LineCheckerPolicy, JsonRecordsCarryTheHostClass)
{
    check_settings settings;
    settings.format = ftpuri::cli::output_format::json;
    EXPECT_EQ(check_one(settings, "ftp://10.0.0.1/").out,
              R"({"file":"<arg 1>","input":"ftp://10.0.0.1/","line":1,"valid":true,"canonical":"ftp://10.0.0.1/",)"
              R"("host_class":"private","diagnostics":[]})"
              "\n");
    EXPECT_NE(check_one(settings, "ftp://h/a b").out.find(R"("canonical":null,"host_class":null,"diagnostics":)"),
              std::string::npos);
    // A refused host parsed: it has its class, the one the message names.
    settings.policy.deny = ftpuri::host_class_set::non_public();
    checked const refused = check_one(settings, "ftp://[fe80::1]/");
    EXPECT_NE(refused.out.find(R"("valid":false,"canonical":null,"host_class":"link-local",)"), std::string::npos)
        << refused.out;
    EXPECT_NE(refused.out.find(R"("message":"host class link-local is denied by the policy")"), std::string::npos)
        << refused.out;
}

TEST(LineCheckerPolicy, FixKeepsARefusedLineAsItIs)
{
    check_settings settings = policy_check({ftpuri::host_class::loopback});
    settings.fix = ftpuri::cli::fix_mode::in_place;
    line_checker checker(settings);
    EXPECT_FALSE(checker.check({"list.txt", 1, true}, {"FTP://LOCALHOST:21/x", 20, ftpuri::cli::line_end::lf}));
    EXPECT_TRUE(checker.check({"list.txt", 2, true}, {"FTP://h:21/x", 12, ftpuri::cli::line_end::lf}));
    EXPECT_EQ(checker.output(), "FTP://LOCALHOST:21/x\nftp://h/x\n");
    EXPECT_NE(checker.error_output().find("[host.denied]"), std::string_view::npos) << checker.error_output();
    EXPECT_EQ(checker.counts().changed, 1U);
}

TEST(LineCheckerPolicy, ARefusedHostIsNotPlanned)
{
    check_settings settings = plan_settings();
    settings.policy.deny = {ftpuri::host_class::loopback};
    checked const r = check_one(settings, "ftp://localhost/f");
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("[host.denied]"), std::string::npos) << r.err;
}

TEST(LineCheckerPolicy, AQuietRunStillAppliesThePolicy)
{
    // --quiet alone takes the verdict-only loop (validate()), which cannot see the policy.
    check_settings quiet = policy_check({ftpuri::host_class::private_}, {"*.example.org"});
    quiet.quiet = true;
    std::string const input = "ftp://10.0.0.1/\nftp://ftp.example.org/\r\nftp://evil.example/\nftp://h/../x";
    for (std::size_t block_bytes : {std::size_t{7}, block_reader::default_block_bytes}) {
        check_result const r = check_all(input, quiet, block_bytes);
        EXPECT_EQ(r.counts.inputs, 4U);
        EXPECT_EQ(r.counts.invalid, 3U) << "a private host, one not allowed, and a path above the root";
        EXPECT_EQ(r.output, "");
    }
}

TEST(LineCheckerError, WarningsMadeErrorsMakeTheInputInvalid)
{
    check_settings settings;
    settings.parse.as_error = {ftpuri::diag_id::userinfo_password};
    checked const r = check_one(settings, "ftp://u:secret@h/");
    EXPECT_FALSE(r.valid);
    EXPECT_NE(r.out.find("<arg 1>:1:9: error: password in the URI [userinfo.password]\nftp://u:****@h/\n"),
              std::string::npos)
        << r.out;
    EXPECT_TRUE(check_one(settings, "ftp://u@h/").valid);
    // The quiet loop too.
    settings.quiet = true;
    check_result const quiet = check_all("ftp://u:secret@h/\nftp://u@h/\n", settings, 7);
    EXPECT_EQ(quiet.counts.invalid, 1U);
}

// ---- the options' own checks (policy_options.hpp, rule_choice.hpp) ----------------------------

TEST(PolicyOptions, DenyNamesClassesAndNonPublic)
{
    using ftpuri::host_class;
    ftpuri::cli::deny_result const some = ftpuri::cli::parse_deny({"loopback,link-local", "special-use"});
    EXPECT_EQ(some.problem, "");
    EXPECT_EQ(some.classes,
              (ftpuri::host_class_set{host_class::loopback, host_class::link_local, host_class::special_use}));
    ftpuri::cli::deny_result const all = ftpuri::cli::parse_deny({"non-public"});
    EXPECT_EQ(all.classes, ftpuri::host_class_set::non_public());
    EXPECT_FALSE(all.classes.contains(host_class::public_));
    EXPECT_TRUE(ftpuri::cli::parse_deny({}).classes.empty());

    std::string const unknown = ftpuri::cli::parse_deny({"loopback", "intranet"}).problem;
    EXPECT_EQ(unknown.find("unknown host class 'intranet'; the classes are loopback, unspecified, link-local, "), 0U)
        << unknown;
    EXPECT_NE(unknown.find("public, or non-public"), std::string::npos) << unknown;
    EXPECT_EQ(ftpuri::cli::parse_deny({"loopback,"}).problem.find("empty host class in 'loopback,'"), 0U);
    EXPECT_NE(ftpuri::cli::parse_deny({"Loopback"}).problem, "") << "class names are lowercase";
}

TEST(PolicyOptions, AllowPatterns)
{
    for (std::string_view good : {"ftp.example.org", "*.example.org", "192.0.2.7", "[2001:db8::7]:21", "h:2121"})
        EXPECT_EQ(ftpuri::cli::allow_pattern_problem(good), "") << good;
    for (std::string_view bad : {"", "ftp.*.example.org", "ftp://h/", "h:0", "[2001:db8::7", "h h"}) {
        std::string const problem = ftpuri::cli::allow_pattern_problem(bad);
        std::string start(1, '\'');
        start.append(bad).append("' is not a host pattern; write a name");
        EXPECT_EQ(problem.find(start), 0U) << problem;
    }
}

TEST(PolicyOptions, AllowHostsFile)
{
    char path[] = "/tmp/ftpuri-allow-XXXXXX";
    int const fd = ::mkstemp(path);
    ASSERT_GE(fd, 0);
    static_cast<void>(::close(fd));
    auto write = [&](std::string_view content) {
        std::FILE* f = std::fopen(path, "wb");
        ASSERT_NE(f, nullptr);
        EXPECT_EQ(std::fwrite(content.data(), 1, content.size(), f), content.size());
        static_cast<void>(std::fclose(f));
    };
    write("# mirrors\r\nftp.example.org\r\n\n  *.mirror.example.net\t\n   # indented\n[2001:db8::7]");
    ftpuri::cli::allow_file_result const good = ftpuri::cli::read_allow_hosts_file(path);
    EXPECT_EQ(good.problem, "");
    EXPECT_EQ(good.patterns, (std::vector<std::string>{"ftp.example.org", "*.mirror.example.net", "[2001:db8::7]"}));

    write("ftp.example.org\n\nftp://ftp.example.net/\n");
    ftpuri::cli::allow_file_result const bad = ftpuri::cli::read_allow_hosts_file(path);
    EXPECT_EQ(bad.problem.find(std::string(path).append(":3: 'ftp://ftp.example.net/' is not a host pattern")), 0U)
        << bad.problem;
    EXPECT_TRUE(bad.patterns.empty());
    static_cast<void>(std::remove(path));

    EXPECT_EQ(ftpuri::cli::read_allow_hosts_file(path).problem,
              std::string(path).append(": No such file or directory"));
    EXPECT_EQ(ftpuri::cli::read_allow_hosts_file("/").problem, "/: Is a directory");
}

TEST(RuleChoice, ErrorIds)
{
    ftpuri::cli::rule_choice_result const r =
        ftpuri::cli::choose_rules({}, {"fragment.present"}, {"userinfo.password", "host.ip-address", "host.empty"});
    EXPECT_EQ(r.problem, "");
    EXPECT_EQ(r.choice.errors, (ftpuri::diag_set{ftpuri::diag_id::userinfo_password, ftpuri::diag_id::host_ip_address,
                                                 ftpuri::diag_id::host_empty}));
    EXPECT_EQ(ftpuri::cli::choose_rules({}, {}, {"userinfo.pasword"}).problem,
              "--error: unknown diagnostic id 'userinfo.pasword' (did you mean 'userinfo.password'?); ftpuri-check "
              "--rules lists them");
    EXPECT_EQ(ftpuri::cli::choose_rules({}, {"port.default"}, {"port.default"}).problem,
              "'port.default' is both disabled and made an error");
}

} // namespace
