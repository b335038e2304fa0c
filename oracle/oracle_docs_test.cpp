// SPDX-License-Identifier: Apache-2.0
// oracle/oracle_docs_test.cpp: part of oracle_test (docs/assurance.md): the trace table of
// docs/assurance.md names every rule of the grammar, and only files and code that exist
// (suite OracleDocs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "oracle_test_support.hpp"

namespace {

using namespace ftpuri_oracle;
using namespace ftpuri_oracle_test;
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// docs/assurance.md traces every rule
// ---------------------------------------------------------------------------------------------

TEST(OracleDocs, TraceTableNamesEveryRule)
{
    std::string const doc = read_file(std::string(FTPURI_SOURCE_DIR) + "/docs/assurance.md");
    ASSERT_FALSE(doc.empty());
    std::istringstream in(read_file(grammar_path()));
    std::string line;
    int rules = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == ';' || line[0] == ' ') continue;
        std::string const name = line.substr(0, line.find(' '));
        ++rules;
        EXPECT_NE(doc.find("| `" + name + "` |"), std::string::npos)
            << "docs/assurance.md's trace table has no row for rule " << name;
    }
    EXPECT_GE(rules, 40);
}

// Every file the trace table's file column names exists, and every identifier its code column
// names is one the sources define or use, so that moving or renaming code without the table fails
// here.
TEST(OracleDocs, TraceTableNamesCodeThatExists)
{
    std::string const doc = read_file(std::string(FTPURI_SOURCE_DIR) + "/docs/assurance.md");
    std::size_t const begin = doc.find("## Tracing the grammar");
    ASSERT_NE(begin, std::string::npos);
    std::istringstream table(doc.substr(begin, doc.find("\n## ", begin + 1) - begin));

    std::string sources;
    for (char const* dir : {"/src", "/include"})
        for (auto const& entry : fs::recursive_directory_iterator(std::string(FTPURI_SOURCE_DIR) + dir))
            if (entry.is_regular_file()) {
                // Code only: a name that survives in a comment alone has been renamed.
                std::istringstream lines(read_file(entry.path().string()));
                for (std::string code; std::getline(lines, code);)
                    if (code.find_first_not_of(' ') == std::string::npos ||
                        code.compare(code.find_first_not_of(' '), 2, "//") != 0)
                        sources += code + "\n";
            }
    auto const is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    auto const defined = [&](std::string const& name) {
        for (std::size_t at = sources.find(name); at != std::string::npos; at = sources.find(name, at + 1)) {
            bool const starts = at == 0 || !is_word(sources[at - 1]);
            bool const ends = at + name.size() == sources.size() || !is_word(sources[at + name.size()]);
            if (starts && ends) return true;
        }
        return false;
    };

    std::string line;
    int identifiers = 0;
    while (std::getline(table, line)) {
        if (line.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        for (std::size_t at = 0; at != std::string::npos;) {
            std::size_t const next = line.find(" | ", at);
            cells.push_back(line.substr(at, next == std::string::npos ? std::string::npos : next - at));
            at = next == std::string::npos ? next : next + 3;
        }
        ASSERT_EQ(cells.size(), 5U) << line;
        std::string const& file = cells[2];
        ASSERT_TRUE(file.size() > 2 && file.front() == '`' && file.back() == '`') << line;
        EXPECT_TRUE(fs::is_regular_file(std::string(FTPURI_SOURCE_DIR) + "/" + file.substr(1, file.size() - 2)))
            << "docs/assurance.md names " << file << ", which does not exist";
        for (std::string const& cell : {cells[3]}) {
            for (std::size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open + 1)) {
                std::size_t const close = cell.find('`', open + 1);
                std::string const token = cell.substr(open + 1, close - open - 1);
                open = close;
                // Identifiers only: not "[v...]", "/", "ftp://", nor a diagnostic id such as
                // "host.ipvfuture".
                if (token.empty() ||
                    !std::all_of(token.begin(), token.end(), [&](char c) { return is_word(c) || c == ':'; }))
                    continue;
                if (std::isalpha(static_cast<unsigned char>(token[0])) == 0) continue;
                std::string const name = token.substr(token.rfind(':') == std::string::npos ? 0 : token.rfind(':') + 1);
                EXPECT_TRUE(defined(name)) << "docs/assurance.md names " << token << ", which src/ and include/ lack";
                ++identifiers;
            }
        }
    }
    EXPECT_GE(identifiers, 60);
}

} // namespace
