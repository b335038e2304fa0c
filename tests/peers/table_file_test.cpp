// SPDX-License-Identifier: Apache-2.0
// tests/peers/table_file_test.cpp: the reader of the tests' own tables (support/table_file.hpp)
// fails loudly: a row it cannot read, written into a temporary file, is an error that names the
// file and the line, and reading stops there rather than skipping it. The bytes escape of
// tests/data/README.md ({"bytes": "\u00XX..."}) reads as those bytes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "support/table_file.hpp"
#include "support/uri_case_table.hpp"

namespace {

using ftpuri_test::table;
using ftpuri_test::table_row;

struct text_row {
    std::string_view input;
    std::string_view expected;
};

void read_text_row(table_row& row, table<text_row>& t)
{
    text_row r;
    r.input = t.keep(row.text("input"));
    r.expected = t.keep(row.text("expected"));
    t.rows.push_back(r);
}

class TableFile : public testing::Test {
protected:
    void SetUp() override
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "ftpuri-table-XXXXXX").string();
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl;
    }
    void TearDown() override
    {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }

    // The file rows.jsonl holding `text`, read as text rows.
    table<text_row> read(std::string_view text)
    {
        std::string const path = (dir_ / "rows.jsonl").string();
        std::ofstream(path, std::ios::binary) << text;
        return ftpuri_test::read_table_file<text_row>(path, read_text_row);
    }

    [[nodiscard]] std::string where(int line) const
    {
        return (dir_ / "rows.jsonl").string() + ":" + std::to_string(line) + ": ";
    }

    std::filesystem::path dir_;
};

constexpr std::string_view good = R"({"input": "ftp://h/a b", "expected": "ftp://h/a%20b"})"
                                  "\n";

TEST_F(TableFile, GoodRowsAndBlankLinesRead)
{
    table<text_row> const t = read(std::string(good) + "\n" + std::string(good));
    EXPECT_EQ(t.error, "");
    ASSERT_EQ(t.rows.size(), 2U);
    EXPECT_EQ(t.rows[1].expected, "ftp://h/a%20b");
}

TEST_F(TableFile, BytesThatAreNotUtf8ReadAsTheirEscapes)
{
    table<text_row> const t = read(R"({"input": {"bytes": "ftp://h/\u00e9t\u00e9"}, "expected": "\u00e9"})"
                                   "\n");
    EXPECT_EQ(t.error, "");
    ASSERT_EQ(t.rows.size(), 1U);
    EXPECT_EQ(t.rows[0].input, "ftp://h/\xE9t\xE9");
    EXPECT_EQ(t.rows[0].expected, "\xC3\xA9"); // a plain string is UTF-8 text
}

// Each bad row after a good one: the error names line 2, and no row after it is read.
TEST_F(TableFile, ABadRowIsAnErrorAtItsLine)
{
    struct bad_row {
        std::string_view row;
        std::string_view what;
    };
    for (bad_row const& bad : {
             bad_row{R"({"input": "ftp://h/", "expected": "ftp://h/")", "Missing a comma or '}'"},
             bad_row{R"(["ftp://h/", "ftp://h/"])", "the row is no JSON object"},
             bad_row{R"({"input": "ftp://h/"})", "no field expected"},
             bad_row{R"({"input": "ftp://h/", "expected": 7})", "expected is neither a string"},
             bad_row{R"({"input": "ftp://h/", "expected": "ftp://h/", "exepcted": "x"})", "unknown field exepcted"},
             bad_row{R"({"input": {"bytes": "\u0100"}, "expected": "x"})", "input is neither a string"},
             bad_row{R"({"input": {"hex": "41"}, "expected": "x"})", "input is neither a string"},
         }) {
        SCOPED_TRACE(bad.row);
        table<text_row> const t = read(std::string(good) + std::string(bad.row) + "\n" + std::string(good));
        EXPECT_EQ(t.error.rfind(where(2), 0), 0U) << t.error;
        EXPECT_NE(t.error.find(bad.what), std::string::npos) << t.error;
        EXPECT_EQ(t.rows.size(), 1U) << "a bad row is not skipped: reading stops there";
    }
}

TEST_F(TableFile, AMissingFileIsAnError)
{
    table<text_row> const t = ftpuri_test::read_table_file<text_row>((dir_ / "absent.jsonl").string(), read_text_row);
    EXPECT_NE(t.error.find("no rows"), std::string::npos) << t.error;
}

// The uri_case reader of vectors_test's table: a verdict with an unknown id, or with neither an
// error nor a view, is an error too.
TEST_F(TableFile, AUriCaseRowIsReadStrictly)
{
    std::string const path = (dir_ / "cases.jsonl").string();
    auto const read_cases = [&](std::string_view text) {
        std::ofstream(path, std::ios::binary) << text;
        return ftpuri_test::read_table_file<ftpuri_test::uri_case>(path, ftpuri_test::read_uri_case);
    };
    constexpr std::string_view ok_case =
        R"({"uri": "ftps://h", "strict": {"error": {"id": "scheme.not-ftp", "offset": 0, "length": 4}, )"
        R"("findings": [], "view": null, "exact": true}, "rfc3986": null, "why": ""})";
    table<ftpuri_test::uri_case> const good_table = read_cases(std::string(ok_case) + "\n");
    EXPECT_EQ(good_table.error, "");
    ASSERT_EQ(good_table.rows.size(), 1U);
    EXPECT_EQ(good_table.rows[0].strict.error->id, ftpuri::diag_id::scheme_not_ftp);

    std::string unknown_id(ok_case);
    unknown_id.replace(unknown_id.find("scheme.not-ftp"), 14, "scheme.not-ftq");
    EXPECT_NE(read_cases(unknown_id + "\n").error.find("no diagnostic is named scheme.not-ftq"), std::string::npos);

    std::string no_verdict(ok_case);
    no_verdict.replace(no_verdict.find("{\"id\""), no_verdict.find("}, \"findings\"") + 1 - no_verdict.find("{\"id\""),
                       "null");
    EXPECT_NE(read_cases(no_verdict + "\n").error.find("either an error or a view"), std::string::npos)
        << read_cases(no_verdict + "\n").error;
}

} // namespace
