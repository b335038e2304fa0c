// SPDX-License-Identifier: Apache-2.0
// tests/support/peer_records.hpp: reading the copied peer records of tests/data/*-vectors.jsonl.
//
// Used by canonical_vectors_test.cpp (normalize-vectors.jsonl), equivalent_test.cpp
// (equivalence-vectors.jsonl) and resolve_vectors_test.cpp (resolve-vectors.jsonl). Each file holds
// verbatim records of the peers' own test suites (see tests/data/README.md); a test table names
// a record by its source, its line or index, and strings the record must hold (the peer's input
// and result as the table transcribes them), so that a transcription error fails the test and
// every record of the file is accounted for by some row.
#pragma once

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <cstddef>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "json.hpp"
#include "strcat.hpp"

namespace ftpuri_test {

struct peer_record {
    std::unique_ptr<rapidjson::Document> doc;
    std::string source;
    long id = -1; // "index" or "line"; -1 when the record has neither
    std::size_t line_in_file = 0;
    int uses = 0;
};

inline std::vector<peer_record> load_records(std::string_view file_name)
{
    std::vector<peer_record> out;
    std::string const path = cat({FTPURI_TEST_DATA_DIR, "/", file_name});
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty()) continue;
        peer_record r;
        r.doc = std::make_unique<rapidjson::Document>();
        r.doc->Parse(line.c_str(), line.size());
        EXPECT_FALSE(r.doc->HasParseError()) << path << ":" << n << ": not JSON";
        if (r.doc->HasParseError()) continue;
        json const* source = json_member(*r.doc, "source");
        EXPECT_TRUE(source != nullptr && source->IsString()) << path << ":" << n << ": no source (attribution)";
        if (source != nullptr && source->IsString()) r.source = std::string(json_str(*source));
        if (json const* i = json_member(*r.doc, "index"); i != nullptr && i->IsInt()) r.id = i->GetInt();
        if (json const* l = json_member(*r.doc, "line"); l != nullptr && l->IsInt()) r.id = l->GetInt();
        r.line_in_file = n;
        out.push_back(std::move(r));
    }
    EXPECT_FALSE(out.empty()) << path << " holds no records";
    return out;
}

// Whether some string value of `v` (at any depth) is `s`, or a line of it (trurl's stdout).
inline bool holds_string(json const& v, std::string_view s)
{
    if (v.IsString()) {
        std::string_view const text = json_str(v);
        if (text == s) return true;
        std::size_t begin = 0;
        while (begin <= text.size()) {
            std::size_t end = text.find('\n', begin);
            if (end == std::string_view::npos) end = text.size();
            if (text.substr(begin, end - begin) == s) return true;
            begin = end + 1;
        }
        return false;
    }
    if (v.IsArray()) {
        for (auto const& e : v.GetArray())
            if (holds_string(e, s)) return true;
        return false;
    }
    if (v.IsObject()) {
        for (auto const& m : v.GetObject())
            if (holds_string(m.value, s)) return true;
        return false;
    }
    return false;
}

// The short names the tables use for the peers, and the start of their records' "source".
inline std::string_view source_prefix(std::string_view tag)
{
    if (tag == "wpt") return "web-platform-tests/wpt/url/resources/urltestdata.json";
    if (tag == "wpt-setters") return "web-platform-tests/wpt/url/resources/setters_tests.json";
    if (tag == "boost") return "boostorg/url/";
    if (tag == "curl") return "curl/curl/";
    if (tag == "trurl") return "curl/trurl/";
    if (tag == "cpython") return "python/cpython/";
    if (tag == "go") return "golang/go/";
    ADD_FAILURE() << "unknown peer tag " << tag;
    return "?";
}

// The record of peer `tag` with id `id` (-1: any) that holds every one of `strings` (empty
// strings are not looked for) and satisfies `also` (when given); nullptr, with a test failure,
// when there is none.
inline peer_record* find_record(std::vector<peer_record>& records, std::string_view tag, long id,
                                std::initializer_list<std::string_view> strings,
                                std::function<bool(json const&)> const& also = {})
{
    std::string_view const prefix = source_prefix(tag);
    for (peer_record& r : records) {
        if (!std::string_view(r.source).starts_with(prefix)) continue;
        if (id != -1 && r.id != id) continue;
        bool all = true;
        for (std::string_view s : strings)
            all = all && (s.empty() || holds_string(*r.doc, s));
        if (all && also) all = also(*r.doc);
        if (all) {
            ++r.uses;
            return &r;
        }
    }
    std::string what;
    for (std::string_view s : strings)
        what += cat({" <", s, ">"});
    ADD_FAILURE() << "no " << tag << " record " << id << " holding" << what;
    return nullptr;
}

// Every record of the file is used by some row of the table that reads it.
inline void expect_all_used(std::vector<peer_record> const& records, std::string_view file_name)
{
    for (peer_record const& r : records)
        EXPECT_GT(r.uses, 0) << file_name << ":" << r.line_in_file << " (" << r.source << " " << r.id
                             << ") is used by no row: add a row or remove the record";
}

} // namespace ftpuri_test
