// SPDX-License-Identifier: Apache-2.0
// tests/cli/cli_json_test.cpp: ftpuri-check --format=json, record by record: every record parsed
// and its exact shape checked (support/cli_json_record.hpp); NUL bytes, invalid UTF-8 and
// control characters in an input still give valid JSON; one record per input, in order, with its
// file; a password is redacted.
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

namespace {

using namespace std::string_literals;
using namespace ftpuri_test;

// --- JSON -------------------------------------------------------------------------------------

// The text format's echo of a NUL: cli_golden/cases/nul_byte_text.case.
TEST_F(Cli, NulBytesAreKeptInJson)
{
    run_result const json = run({"--format=json"}, "ftp://h/\0x\n"s);
    EXPECT_NE(json.out.find(R"("input":"ftp://h/\u0000x")"), std::string::npos) << json.out;
    std::vector<std::string> const records = lines_of(json.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), "ftp://h/\0x"s);
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 8u);
}

TEST_F(Cli, InvalidUtf8StillGivesValidJson)
{
    // 0xFF never occurs in UTF-8; "\xC3\xA9" is é; "\xE2\x82" is a cut sequence (two bytes, two
    // replacements); "\xC0\xAF" an overlong '/'; "\xED\xA0\x80" a surrogate.
    std::string const input = "ftp://h/\xff\xc3\xa9\xe2\x82z\xc0\xaf\xed\xa0\x80";
    run_result const r = run({"--format=json"}, input + "\n");
    EXPECT_EQ(r.exit_code, 1);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    std::string const fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(json_string(doc["input"]),
              "ftp://h/" + fffd + "\xc3\xa9" + fffd + fffd + "z" + fffd + fffd + fffd + fffd + fffd);
    // The offset is into the original bytes: the 0xFF.
    EXPECT_EQ(ids_of(doc), std::vector<std::string>{"char.non-ascii"});
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 8u);
}

TEST_F(Cli, ControlCharactersAreEscapedInJson)
{
    run_result const r = run({"--format=json", "ftp://h/\t\x1f\"\\\x7f"});
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), "ftp://h/\t\x1f\"\\\x7f");
    EXPECT_EQ(records[0].find('\t'), std::string::npos);
    EXPECT_EQ(records[0].find('\x1f'), std::string::npos);
}

TEST_F(Cli, JsonIsOneRecordPerInputInOrder)
{
    auto const a = file("a.txt", "ftp://010.0.0.1/x\r\nftp://h/\r\n");
    run_result const r = run({"--format=json", "ftp://FTP.h:21/", "-f", a.string()});
    EXPECT_EQ(r.exit_code, 1);
    ASSERT_FALSE(r.out.empty());
    EXPECT_EQ(r.out.back(), '\n');
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);

    rapidjson::Document const arg = parse_record(records[0]);
    ASSERT_TRUE(arg.IsObject());
    EXPECT_EQ(json_string(arg["file"]), "<arg 1>");
    EXPECT_EQ(json_string(arg["input"]), "ftp://FTP.h:21/");
    EXPECT_EQ(arg["line"].GetUint64(), 1u);
    EXPECT_TRUE(arg["valid"].GetBool());
    EXPECT_EQ(ids_of(arg), (std::vector<std::string>{"host.uppercase", "port.default"}));
    EXPECT_EQ(json_string(arg["diagnostics"][0]["severity"]), "warning");
    EXPECT_EQ(arg["diagnostics"][0]["offset"].GetUint(), 6u);
    EXPECT_EQ(arg["diagnostics"][0]["length"].GetUint(), 1u);
    EXPECT_EQ(arg["diagnostics"][1]["offset"].GetUint(), 12u);
    EXPECT_EQ(arg["diagnostics"][1]["length"].GetUint(), 2u);

    rapidjson::Document const bad = parse_record(records[1]);
    ASSERT_TRUE(bad.IsObject());
    EXPECT_EQ(json_string(bad["file"]), a.string());
    EXPECT_EQ(json_string(bad["input"]), "ftp://010.0.0.1/x");
    EXPECT_EQ(bad["line"].GetUint64(), 1u);
    EXPECT_FALSE(bad["valid"].GetBool());
    EXPECT_EQ(ids_of(bad), std::vector<std::string>{"host.numeric-ambiguous"});
    EXPECT_EQ(json_string(bad["diagnostics"][0]["severity"]), "error");
    EXPECT_EQ(bad["diagnostics"][0]["offset"].GetUint(), 6u);
    EXPECT_EQ(bad["diagnostics"][0]["length"].GetUint(), 9u);

    rapidjson::Document const good = parse_record(records[2]);
    ASSERT_TRUE(good.IsObject());
    EXPECT_EQ(json_string(good["file"]), a.string());
    EXPECT_EQ(json_string(good["input"]), "ftp://h/");
    EXPECT_EQ(good["line"].GetUint64(), 2u);
    EXPECT_TRUE(good["valid"].GetBool());
    EXPECT_TRUE(good["diagnostics"].Empty());
}

// As in the text format: the file is "<arg N>", N the argument's index, and the line is 1.
TEST_F(Cli, JsonFileOfAnArgumentIsItsIndex)
{
    run_result const r = run({"--format=json", "ftp://a/", "ftp://b/", "ftp://c/"});
    EXPECT_EQ(r.exit_code, 0);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);
    for (std::uint64_t i = 0; i < 3; ++i) {
        rapidjson::Document const doc = parse_record(records[i]);
        ASSERT_TRUE(doc.IsObject());
        EXPECT_EQ(json_string(doc["file"]), "<arg " + std::to_string(i + 1) + ">");
        EXPECT_EQ(doc["line"].GetUint64(), 1u);
    }
    EXPECT_EQ(records[0], R"({"file":"<arg 1>","input":"ftp://a/","line":1,"valid":true,"canonical":"ftp://a/",)"
                          R"("host_class":"special-use","diagnostics":[]})"); // one label: never an Internet host
}

// --- passwords --------------------------------------------------------------------------------

// The text format's masked echo: cli_golden/cases/password_masked_in_text_echo.case.
TEST_F(Cli, PasswordIsRedactedInJson)
{
    std::string const uri = "ftp://alice:s3cret@ftp.example.org/inbox/";
    run_result const json = run({"--format=json", uri});
    EXPECT_EQ(json.out.find("s3cret"), std::string::npos) << json.out;
    std::vector<std::string> const records = lines_of(json.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), "ftp://alice:****@ftp.example.org/inbox/");
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 12u); // into the original input
    EXPECT_EQ(doc["diagnostics"][0]["length"].GetUint(), 6u);
}

} // namespace

#endif
