// SPDX-License-Identifier: Apache-2.0
// tests/support/cli_json_record.hpp: one record of ftpuri-check --format=json, parsed and its
// exact shape checked (parse_record: keys, order, types, the catalogue's message and hint for
// each id), and its fields read (json_string, ids_of).
#pragma once

#include <gtest/gtest.h>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <string>
#include <vector>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri_test {

// The member names of a JSON object, in order. By index: clang in C++20 mode finds RapidJSON's
// iterator comparisons ambiguous (-Wambiguous-reversed-operator).
inline std::vector<std::string> keys_of(rapidjson::Value const& object)
{
    std::vector<std::string> keys;
    for (rapidjson::SizeType i = 0; i < object.MemberCount(); ++i) {
        rapidjson::Value const& name = (object.MemberBegin() + i)->name;
        keys.emplace_back(name.GetString(), name.GetStringLength());
    }
    return keys;
}

// Parses one JSON Lines record, insisting on valid UTF-8, and checks its exact shape: the keys,
// their order and their types. `planned`: a record of --plan, which ends with "plan" and
// "ask_password".
inline rapidjson::Document parse_record(std::string const& line, bool planned = false)
{
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseValidateEncodingFlag>(line.data(), line.size());
    EXPECT_FALSE(doc.HasParseError()) << rapidjson::GetParseError_En(doc.GetParseError()) << " at "
                                      << doc.GetErrorOffset() << " in " << line;
    if (doc.HasParseError()) return doc;
    EXPECT_TRUE(doc.IsObject());
    if (!doc.IsObject()) return doc;

    std::vector<std::string> expected_keys = {"file",      "input",      "line",       "valid",
                                              "canonical", "host_class", "diagnostics"};
    if (planned) {
        expected_keys.emplace_back("plan");
        expected_keys.emplace_back("ask_password");
    }
    std::vector<std::string> const keys = keys_of(doc);
    EXPECT_EQ(keys, expected_keys) << line;
    if (keys != expected_keys) return doc;
    EXPECT_TRUE(doc["file"].IsString());
    EXPECT_TRUE(doc["input"].IsString());
    EXPECT_TRUE(doc["line"].IsUint64());
    EXPECT_TRUE(doc["valid"].IsBool());
    // The canonical form of a valid input, null for an invalid one.
    if (doc["valid"].IsBool()) {
        EXPECT_EQ(doc["canonical"].IsString(), doc["valid"].GetBool()) << line;
        EXPECT_EQ(doc["canonical"].IsNull(), !doc["valid"].GetBool()) << line;
        // A valid input parsed, so it has its host's class (an invalid one may have parsed too:
        // one the policy or the plan refused).
        if (doc["valid"].GetBool()) {
            EXPECT_TRUE(doc["host_class"].IsString()) << line;
        }
    }
    EXPECT_TRUE(doc["host_class"].IsString() || doc["host_class"].IsNull()) << line;
    if (planned && doc["valid"].IsBool()) {
        // The plan of a valid input, every command a string; null for an invalid one.
        bool const valid = doc["valid"].GetBool();
        EXPECT_EQ(doc["plan"].IsArray(), valid) << line;
        EXPECT_EQ(doc["plan"].IsNull(), !valid) << line;
        EXPECT_EQ(doc["ask_password"].IsBool(), valid) << line;
        EXPECT_EQ(doc["ask_password"].IsNull(), !valid) << line;
        if (doc["plan"].IsArray()) {
            EXPECT_GE(doc["plan"].Size(), 2u) << line; // USER and the action at least
            for (auto const& command : doc["plan"].GetArray())
                EXPECT_TRUE(command.IsString()) << line;
        }
    }
    EXPECT_TRUE(doc["diagnostics"].IsArray());
    if (!doc["diagnostics"].IsArray()) return doc;
    for (auto const& d : doc["diagnostics"].GetArray()) {
        EXPECT_TRUE(d.IsObject());
        if (!d.IsObject()) continue;
        std::vector<std::string> const dkeys = keys_of(d);
        EXPECT_EQ(dkeys, (std::vector<std::string>{"id", "severity", "offset", "length", "message", "hint"})) << line;
        if (dkeys.size() != 6) continue;
        EXPECT_TRUE(d["id"].IsString());
        EXPECT_TRUE(d["severity"].IsString());
        EXPECT_TRUE(d["offset"].IsUint());
        EXPECT_TRUE(d["length"].IsUint());
        EXPECT_TRUE(d["message"].IsString());
        EXPECT_TRUE(d["hint"].IsString());
        if (!d["id"].IsString() || !d["message"].IsString() || !d["severity"].IsString() || !d["hint"].IsString())
            continue;
        auto const id = ftpuri::find_diag(d["id"].GetString());
        EXPECT_TRUE(id.has_value()) << d["id"].GetString();
        if (id) {
            EXPECT_EQ(std::string(d["message"].GetString()), ftpuri::info(*id).message);
            EXPECT_EQ(std::string(d["hint"].GetString()), ftpuri::info(*id).hint);
        }
        std::string const sev = d["severity"].GetString();
        EXPECT_TRUE(sev == "error" || sev == "warning" || sev == "note") << sev;
    }
    return doc;
}

inline std::string json_string(rapidjson::Value const& v)
{
    return {v.GetString(), v.GetStringLength()};
}

// The ids of a record's diagnostics, in order.
inline std::vector<std::string> ids_of(rapidjson::Document const& doc)
{
    std::vector<std::string> ids;
    for (auto const& d : doc["diagnostics"].GetArray())
        ids.push_back(json_string(d["id"]));
    return ids;
}

} // namespace ftpuri_test
