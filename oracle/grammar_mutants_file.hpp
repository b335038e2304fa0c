// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants_file.hpp: part of grammar_mutants_test: the mutants file the build
// writes (grammar_mutants.py): each mutant's id, change and regexes, and the real grammar's.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
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

// The three regexes of a grammar, in the mutants file's order, and the files the build makes of
// the real grammar.
inline constexpr std::array<std::string_view, 3> regex_names = {"strict", "rfc3986", "ipv4address"};
inline constexpr std::array<std::string_view, 3> regex_files = {"ftp_oracle_strict.re2", "ftp_oracle_rfc3986.re2",
                                                                "ftp_oracle_ipv4address.re2"};

struct mutant {
    std::string id, op, about, same_as;
    std::optional<char> byte;                          // the byte whose class the change moves
    std::array<std::optional<std::string>, 3> regexes; // absent: the real grammar's
    [[nodiscard]] bool identical() const
    {
        return std::none_of(regexes.begin(), regexes.end(), [](auto const& r) { return r.has_value(); });
    }
};

struct mutants_file {
    std::string pivotal; // hexadecimal
    std::array<std::string, 3> original;
    std::vector<mutant> mutants;
};

inline mutants_file read_mutants()
{
    mutants_file out;
    std::istringstream in(read_file(oracle_path("grammar_mutants.txt")));
    mutant current;
    bool original = false;
    auto const finish = [&] {
        if (original) {
            for (std::size_t i = 0; i < 3; ++i)
                out.original[i] = current.regexes[i].value_or("");
        } else if (!current.id.empty()) {
            out.mutants.push_back(current);
        }
        current = {};
    };
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::size_t const space = line.find(' ');
        std::string const key = line.substr(0, space);
        std::string const value = space == std::string::npos ? "" : line.substr(space + 1);
        if (key == "pivotal") {
            out.pivotal = value;
        } else if (key == "mutant") {
            finish();
            original = value == "original";
            current.id = value;
        } else if (key == "op") {
            current.op = value;
        } else if (key == "about") {
            current.about = value;
        } else if (key == "same-as") {
            current.same_as = value;
        } else if (key == "byte") {
            current.byte = static_cast<char>(std::stoi(value, nullptr, 16));
        } else {
            for (std::size_t i = 0; i < 3; ++i)
                if (key == regex_names[i] && value != "=") current.regexes[i] = value;
        }
    }
    finish();
    return out;
}

inline mutants_file const& the_mutants()
{
    static mutants_file const file = read_mutants();
    return file;
}

inline std::array<std::string, 3> regexes_of(mutant const& m)
{
    std::array<std::string, 3> out;
    for (std::size_t i = 0; i < 3; ++i)
        out[i] = m.regexes[i].value_or(the_mutants().original[i]);
    return out;
}

} // namespace ftpuri_grammar_mutants
