// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants_explained.hpp: part of grammar_mutants_test: the mutants that
// docs/assurance.md's table explains ("Grammar mutants"), with their reasons and witnesses.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "oracle.hpp"

namespace ftpuri_grammar_mutants {

using ftpuri::profile;
using namespace ftpuri_oracle;

enum class reason : std::uint8_t { same_language, beyond_the_bound, outside_the_alphabets };

struct explanation {
    reason why = reason::same_language;
    std::optional<profile> witness_profile;
    std::string witness; // the input, \xHH decoded
};

inline std::string decode_escapes(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x') {
            out += static_cast<char>(std::stoi(std::string(s.substr(i + 2, 2)), nullptr, 16));
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

inline std::string trim(std::string_view s)
{
    std::size_t const b = s.find_first_not_of(' ');
    std::size_t const e = s.find_last_not_of(' ');
    return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

// The rows of the section's table: | `id` | reason | witness | why |, where witness is "—" or
// a profile and an input in backquotes (strict `ftp://h/`).
inline std::map<std::string, explanation> explained_in_docs()
{
    std::string const doc = read_file(std::string(FTPURI_SOURCE_DIR) + "/docs/assurance.md");
    std::size_t const begin = doc.find("\n## Grammar mutants");
    std::map<std::string, explanation> out;
    if (begin == std::string::npos) return out;
    std::istringstream section(doc.substr(begin, doc.find("\n## ", begin + 1) - begin));
    for (std::string line; std::getline(section, line);) {
        if (line.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (char c : line.substr(1)) {
            if (c == '`') quoted = !quoted;
            if (c == '|' && !quoted) {
                cells.push_back(trim(cell));
                cell.clear();
            } else {
                cell += c;
            }
        }
        if (cells.size() < 3) continue;
        std::string const id = cells[0].substr(1, cells[0].size() - 2);
        explanation e;
        if (cells[1] == "beyond the bound") {
            e.why = reason::beyond_the_bound;
        } else if (cells[1] == "outside the alphabets") {
            e.why = reason::outside_the_alphabets;
        } else if (cells[1] != "same language") {
            ADD_FAILURE() << "docs/assurance.md, mutant " << id << ": unknown reason \"" << cells[1] << "\"";
        }
        std::size_t const tick = cells[2].find('`');
        if (tick != std::string::npos) {
            std::string const p = trim(cells[2].substr(0, tick));
            e.witness_profile = p == "strict" ? profile::strict : profile::rfc3986;
            if (p != "strict" && p != "rfc3986") ADD_FAILURE() << id << ": witness profile \"" << p << "\"";
            e.witness = decode_escapes(cells[2].substr(tick + 1, cells[2].rfind('`') - tick - 1));
        }
        if (!out.emplace(id, e).second) ADD_FAILURE() << "docs/assurance.md lists mutant " << id << " twice";
    }
    return out;
}

inline std::string reason_name(reason r)
{
    switch (r) {
    case reason::same_language: return "same language";
    case reason::beyond_the_bound: return "beyond the bound";
    case reason::outside_the_alphabets: return "outside the alphabets";
    }
    return {};
}

} // namespace ftpuri_grammar_mutants
