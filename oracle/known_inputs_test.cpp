// SPDX-License-Identifier: Apache-2.0
// oracle/known_inputs_test.cpp: part of oracle_test (docs/assurance.md): the differential check.
//
//   - Judge:           it can fail (a wrong oracle is caught).
//   - KnownInputs:     every input of corpus/, of the peer vectors in tests/data/, and every
//                      URI literal of the tests/ sources, judged in both grammar profiles.
#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "oracle_test_support.hpp"
#include "support/corpus_files.hpp"

namespace {

using ftpuri::profile;
using namespace ftpuri_oracle;
using namespace ftpuri_oracle_test;
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// The judge can fail
// ---------------------------------------------------------------------------------------------

TEST(Judge, CatchesAWrongOracle)
{
    oracle_set const& real = built_oracles();
    // The rfc3986 regex standing in for the strict one, and a strict regex without its named
    // groups (so the constraints see no components).
    oracle_set const wrong{oracle(read_file(oracle_path("ftp_oracle_rfc3986.re2"))),
                           oracle(read_file(oracle_path("ftp_oracle_rfc3986.re2"))),
                           oracle(read_file(oracle_path("ftp_oracle_ipv4address.re2")))};
    EXPECT_TRUE(judge("ftp://h/a;b", S, real).agrees);
    EXPECT_FALSE(judge("ftp://h/a;b", S, wrong).agrees);
    EXPECT_FALSE(judge("ftp://h?q", S, wrong).agrees);

    std::string ungrouped = read_file(oracle_path("ftp_oracle_strict.re2"));
    for (std::size_t at; (at = ungrouped.find("(?P<")) != std::string::npos;)
        ungrouped.replace(at, ungrouped.find('>', at) + 1 - at, "(?:");
    oracle_set const blind{oracle(ungrouped), oracle(read_file(oracle_path("ftp_oracle_rfc3986.re2"))),
                           oracle(read_file(oracle_path("ftp_oracle_ipv4address.re2")))};
    ASSERT_TRUE(blind.strict.ok()) << blind.strict.error();
    EXPECT_TRUE(judge("ftp://h:0/", S, real).agrees);
    EXPECT_FALSE(judge("ftp://h:0/", S, blind).agrees);
    EXPECT_FALSE(judge("ftp://h/..", S, blind).agrees);
    EXPECT_TRUE(judge("ftp://h/a", S, blind).agrees);
}

// ---------------------------------------------------------------------------------------------
// Every known input
// ---------------------------------------------------------------------------------------------

void add_json_strings(rapidjson::Value const& v, std::vector<std::string>& out)
{
    if (v.IsString()) {
        out.emplace_back(v.GetString(), v.GetStringLength());
    } else if (v.IsArray()) {
        for (auto const& x : v.GetArray())
            add_json_strings(x, out);
    } else if (v.IsObject()) {
        for (auto const& m : v.GetObject())
            add_json_strings(m.value, out);
    }
}

// Every string of every record of the peer vectors (inputs, expected hrefs, components: any
// string is a fair input).
std::vector<std::string> vector_inputs(std::size_t& records)
{
    std::vector<std::string> out;
    records = ftpuri_test::for_each_vector_record([&](rapidjson::Document const& d) { add_json_strings(d, out); });
    return out;
}

// Every file under corpus/: the whole file as one input (fuzz regression inputs), and each line.
std::vector<std::string> corpus_inputs(std::size_t& files)
{
    std::vector<std::string> out;
    std::vector<ftpuri_test::source_file> const all = ftpuri_test::files_under("corpus");
    files = all.size();
    for (ftpuri_test::source_file const& file : all) {
        out.push_back(file.text);
        std::istringstream in(file.text);
        std::string line;
        while (std::getline(in, line))
            out.push_back(line);
    }
    return out;
}

// The string literals of every .cpp under tests/ that look like URIs (they hold "://" or begin with "ftp"),
// with their escapes decoded.
std::vector<std::string> test_literals(std::size_t& files)
{
    std::vector<std::string> out;
    files = 0;
    for (auto const& entry : fs::recursive_directory_iterator(fs::path(FTPURI_SOURCE_DIR) / "tests")) {
        if (entry.path().extension() != ".cpp") continue;
        ++files;
        std::string const src = read_file(entry.path().string());
        for (std::size_t i = 0; i < src.size(); ++i) {
            if (src[i] != '"' || (i > 0 && (src[i - 1] == '\'' || src[i - 1] == '\\'))) continue;
            if (i > 0 && src[i - 1] == 'R') { // a raw string R"(...)": taken as it is
                std::size_t const close = src.find(")\"", i);
                if (close == std::string::npos) break;
                std::string const lit = src.substr(i + 2, close - i - 2);
                if (lit.find("://") != std::string::npos) out.push_back(lit);
                i = close + 1;
                continue;
            }
            std::string lit;
            std::size_t j = i + 1;
            bool ok = true;
            for (; j < src.size() && src[j] != '"'; ++j) {
                if (src[j] == '\n') {
                    ok = false;
                    break;
                }
                if (src[j] != '\\') {
                    lit += src[j];
                    continue;
                }
                char const e = src[++j];
                if (e == 'x') {
                    unsigned v = 0;
                    int digits = 0;
                    while (digits < 2 && std::isxdigit(static_cast<unsigned char>(src[j + 1]))) {
                        char const h = src[++j];
                        v = v * 16 + static_cast<unsigned>(
                                         std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (h | 0x20) - 'a' + 10);
                        ++digits;
                    }
                    lit += static_cast<char>(v);
                } else if (e >= '0' && e <= '7') {
                    auto v = static_cast<unsigned>(e - '0');
                    for (int k = 0; k < 2 && src[j + 1] >= '0' && src[j + 1] <= '7'; ++k)
                        v = v * 8 + static_cast<unsigned>(src[++j] - '0');
                    lit += static_cast<char>(v);
                } else {
                    lit += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
                }
            }
            if (!ok) continue;
            std::string lower = lit.substr(0, 3);
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
            if (lit.find("://") != std::string::npos || lower == "ftp") out.push_back(lit);
            i = j;
        }
    }
    return out;
}

void judge_all(std::vector<std::string> const& inputs, char const* what, std::size_t sources)
{
    oracle_set const& o = built_oracles();
    std::size_t valid[2] = {0, 0}, failures = 0;
    std::string report;
    for (std::string const& s : inputs) {
        for (profile p : {S, R}) {
            verdict const v = judge(s, p, o);
            valid[p == S ? 0 : 1] += v.scanner ? 1 : 0;
            if (!v.agrees && ++failures <= 25) report += "  " + describe(s, p, v) + "\n";
        }
    }
    std::printf("[ known inputs ] %s: %zu inputs from %zu sources, each in both profiles; valid: %zu strict, "
                "%zu rfc3986\n",
                what, inputs.size(), sources, valid[0], valid[1]);
    EXPECT_EQ(failures, 0u) << report;
}

TEST(KnownInputs, Corpus)
{
    std::size_t files = 0;
    std::vector<std::string> const inputs = corpus_inputs(files);
    EXPECT_GT(inputs.size(), 0u);
    judge_all(inputs, "corpus/", files);
}

TEST(KnownInputs, PeerVectors)
{
    std::size_t records = 0;
    std::vector<std::string> const inputs = vector_inputs(records);
    EXPECT_GT(records, 50u);
    judge_all(inputs, "tests/data/*.jsonl (every string of every record)", records);
}

TEST(KnownInputs, UriLiteralsOfTheTests)
{
    std::size_t files = 0;
    std::vector<std::string> const inputs = test_literals(files);
    EXPECT_GT(inputs.size(), 500u);
    judge_all(inputs, "URI literals of the .cpp files under tests/", files);
}

} // namespace
