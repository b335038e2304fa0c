// SPDX-License-Identifier: Apache-2.0
// tests/support/corpus_files.hpp: the inputs the tests share, read once here: every file under a
// directory of the source tree (corpus/), and every record of the peers' vectors
// (tests/data/*.jsonl, one JSON object a line).
#pragma once

#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "read_file.hpp"

namespace ftpuri_test {

struct source_file {
    std::filesystem::path path;
    std::string text;
};

// Every regular file under `relative_dir` of the source tree ("corpus/inputs"), at any depth,
// with its bytes.
inline std::vector<source_file> files_under(std::string_view relative_dir)
{
    std::vector<source_file> files;
    std::filesystem::path const root = std::filesystem::path(FTPURI_SOURCE_DIR) / relative_dir;
    for (auto const& entry : std::filesystem::recursive_directory_iterator(root))
        if (entry.is_regular_file()) files.push_back({entry.path(), read_file(entry.path())});
    return files;
}

// Calls `each(record)` for every record of tests/data/*.jsonl (FTPURI_TEST_DATA_DIR), blank
// lines skipped; a line that is not JSON fails the test and is skipped. Returns the number of
// records.
template <typename F>
std::size_t for_each_vector_record(F&& each)
{
    std::size_t records = 0;
    for (auto const& entry : std::filesystem::directory_iterator(FTPURI_TEST_DATA_DIR)) {
        if (entry.path().extension() != ".jsonl") continue;
        std::istringstream in(read_file(entry.path()));
        for (std::string line; std::getline(in, line);) {
            if (line.empty()) continue;
            rapidjson::Document d;
            d.Parse(line.c_str(), line.size());
            EXPECT_FALSE(d.HasParseError()) << entry.path() << ": " << line;
            if (d.HasParseError()) continue;
            ++records;
            each(static_cast<rapidjson::Document const&>(d));
        }
    }
    return records;
}

} // namespace ftpuri_test
