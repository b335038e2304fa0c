// SPDX-License-Identifier: Apache-2.0
// oracle/oracle_test_support.hpp: what the files of oracle_test share: the grammar's path, the
// generator run as a process, a scratch directory in the build tree, and the grammar's named
// constraints as text.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "oracle.hpp"

namespace ftpuri_oracle_test {

inline constexpr ftpuri::profile S = ftpuri::profile::strict;
inline constexpr ftpuri::profile R = ftpuri::profile::rfc3986;

inline std::string grammar_path()
{
    return std::string(FTPURI_SOURCE_DIR) + "/docs/grammar.abnf";
}

// Runs the generator; returns its exit status (0: the regex is in `output`).
inline int generate(std::string const& grammar, std::string const& rule, std::string const& output,
                    std::vector<std::string> const& captures = {})
{
    std::string cmd = std::string("\"") + FTPURI_ORACLE_TOOL + "\" \"" + grammar + "\" --rule " + rule +
                      " --output \"" + output + "\"";
    for (std::string const& c : captures)
        cmd += " --capture " + c;
    cmd += " 2>\"" + output + ".stderr\"";
    return std::system(cmd.c_str()); // NOLINT(cert-env33-c): the generator is a program of its own
}

inline std::filesystem::path scratch_dir()
{
    std::filesystem::path dir = std::filesystem::path(FTPURI_ORACLE_DIR) / "oracle_test_scratch";
    std::filesystem::create_directories(dir);
    return dir;
}

// The constraint texts of the grammar: name -> the "@constraint" line and its continuation.
inline std::map<std::string, std::string> grammar_constraints()
{
    std::map<std::string, std::string> out;
    std::istringstream in(ftpuri_oracle::read_file(grammar_path()));
    std::string line, current;
    std::string_view const marker = "; @constraint ";
    while (std::getline(in, line)) {
        if (line.rfind(marker, 0) == 0) {
            std::string const rest = line.substr(marker.size());
            current = rest.substr(0, rest.find(':'));
            out[current] = rest;
        } else if (!current.empty() && line.rfind(";     ", 0) == 0) {
            out[current].append(" ").append(line, 6);
        } else {
            current.clear();
        }
    }
    return out;
}

} // namespace ftpuri_oracle_test
