// SPDX-License-Identifier: Apache-2.0
// tests/cli/cli_plan_test.cpp: ftpuri-check --plan as a process: the JSON "plan" holds exactly the
// lines the library writes (ftpuri::plan, write_into) in every mode, with --absolute and
// --anonymous-password; the text format and JSON agree on the bundled mirrors.
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
#include "support/plan_lines.hpp"
#include "support/read_file.hpp"

namespace {

using namespace ftpuri_test;

// --- --plan ----------------------------------------------------------------------------------

// The lines a client sends for `uri` (valid in `profile`), as the library writes them.
std::vector<std::string> library_plan(std::string const& uri, ftpuri::profile profile,
                                      ftpuri::plan_options const& options)
{
    ftpuri::parse_options parse;
    parse.syntax = profile;
    ftpuri::parse_result const parsed = ftpuri::parse(uri, parse);
    EXPECT_TRUE(parsed.has_value()) << uri;
    if (!parsed) return {};
    ftpuri::plan_result const planned = ftpuri::plan(*parsed, options);
    EXPECT_TRUE(planned.has_value()) << uri;
    if (!planned) return {};
    return ftpuri_test::lines_of(*planned);
}

std::vector<std::string> json_plan(rapidjson::Value const& plan)
{
    std::vector<std::string> lines;
    for (auto const& command : plan.GetArray())
        lines.push_back(json_string(command));
    return lines;
}

// What an end-to-end client reads: with --show-password, "plan" holds exactly the lines the
// library writes, controls included (JSON's \uXXXX escapes decode to the same bytes), in every
// mode and with --absolute and --anonymous-password.
TEST_F(Cli, JsonPlanIsTheLibrarysPlan)
{
    std::vector<std::string> const uris = {
        "ftp://ftp.example.org/pub/f.txt",
        "ftp://u:p%40ss%20w@h:2121/a//b/c.tar.gz;type=i",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://h/~/docs/;type=d",
        "ftp://h",
        "ftp://h/%1B%5B31m/%7F%C2%9B%E2%80%AE%E2%81%A6x",
        "ftp://h/caf%C3%A9/%E6%97%A5.txt;type=a",
        "ftp://u:@h/./../x",
    };
    for (ftpuri::plan_mode const mode :
         {ftpuri::plan_mode::rfc1738, ftpuri::plan_mode::multicwd, ftpuri::plan_mode::singlecwd}) {
        for (bool const absolute : {false, true}) {
            std::vector<std::string> args = {"--plan",
                                             "--format=json",
                                             "--show-password",
                                             "--profile=rfc3986",
                                             "--anonymous-password=ops@example.org",
                                             "--plan-mode=" + std::string(ftpuri::to_string(mode))};
            if (absolute) args.emplace_back("--absolute");
            args.emplace_back("--");
            args.insert(args.end(), uris.begin(), uris.end());
            run_result const r = run(args);
            EXPECT_EQ(r.exit_code, 0) << r.err;
            std::vector<std::string> const records = lines_of(r.out);
            ASSERT_EQ(records.size(), uris.size());
            ftpuri::plan_options options;
            options.mode = mode;
            options.absolute = absolute;
            options.anonymous_password = "ops@example.org";
            for (std::size_t i = 0; i < uris.size(); ++i) {
                rapidjson::Document const doc = parse_record(records[i], true);
                ASSERT_TRUE(doc.IsObject());
                ASSERT_TRUE(doc["plan"].IsArray()) << records[i];
                EXPECT_EQ(json_plan(doc["plan"]), library_plan(uris[i], ftpuri::profile::rfc3986, options))
                    << uris[i] << " in " << ftpuri::to_string(mode);
                EXPECT_EQ(doc["ask_password"].GetBool(), uris[i].find("myname@") != std::string::npos) << uris[i];
            }
            // No raw control in the JSON itself.
            for (char const c : r.out)
                EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << records[0];
            EXPECT_EQ(r.out.find('\x7f'), std::string::npos);
        }
    }
}

// The text format and JSON show the same commands (for an input whose arguments need no
// escaping), the note on stderr where JSON says "ask_password", in input order, and the
// invalid inputs, the refused plan among them, nowhere on stdout.
TEST_F(Cli, PlanTextAndJsonAgreeOnTheBundledMirrors)
{
    std::string const mirrors = read_file(std::string(FTPURI_SOURCE_DIR) + "/corpus/examples/mirrors.txt");
    auto const path = file("mirrors.txt", mirrors + "ftp://me@h/a%2Fb/f\nftp://h/x/y%2Fz\n");
    for (std::string const mode : {"multicwd", "nocwd"}) {
        std::vector<std::string> const common = {"--plan", "--show-password", "--plan-mode=" + mode, "-f",
                                                 path.string()};
        run_result const text = run(common);
        std::vector<std::string> json_args = common;
        json_args.emplace_back("--format=json");
        run_result const json = run(json_args);
        EXPECT_EQ(text.exit_code, 1);
        EXPECT_EQ(json.exit_code, 1);
        std::string expected_text;
        std::string notes;
        std::size_t invalid = 0;
        for (std::string const& record : lines_of(json.out)) {
            rapidjson::Document const doc = parse_record(record, true);
            ASSERT_TRUE(doc.IsObject());
            if (!doc["valid"].GetBool()) {
                ++invalid;
                continue;
            }
            for (std::string const& line : json_plan(doc["plan"]))
                expected_text += line + "\n";
            expected_text += "\n";
            if (doc["ask_password"].GetBool())
                notes += path.string() + ":" + std::to_string(doc["line"].GetUint64()) +
                         ": note: no password in the URI: ask the user for one when the server wants it (no PASS "
                         "in the plan)\n";
        }
        EXPECT_EQ(text.out, expected_text) << mode;
        EXPECT_EQ(invalid, mode == "nocwd" ? 4u : 2u); // the mirrors' two errors, and the two %2F in nocwd
        EXPECT_NE(text.out.find("PASS s3cret\n"), std::string::npos) << text.out;
        // The notes, in order, among the reports of the invalid inputs.
        std::string found_notes;
        for (std::string const& line : lines_of(text.err))
            if (line.find(": note: no password") != std::string::npos) found_notes += line + "\n";
        EXPECT_EQ(found_notes, notes) << text.err;
        // ftp://anonymous@ftp.example.com/pub/ names a user without a password, in both modes.
        EXPECT_NE(notes.find(":8: note:"), std::string::npos) << notes;
        EXPECT_EQ(notes.find(":14: note:") != std::string::npos, mode == "multicwd") << "refused in nocwd";
    }
}

} // namespace

#endif
