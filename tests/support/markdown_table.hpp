// SPDX-License-Identifier: Apache-2.0
// tests/support/markdown_table.hpp: the cells of a row of a markdown table in docs/.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ftpuri_test {

// `s` without the spaces and tabs at its ends (and a CR at its end).
inline std::string trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return std::string(s);
}

// Splits a markdown table row at the '|' that are not escaped as "\|".
inline std::vector<std::string> split_row(std::string_view line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool started = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char const c = line[i];
        if (c == '\\' && i + 1 < line.size()) {
            cell += c;
            cell += line[++i];
        } else if (c == '|') {
            if (started) cells.push_back(trim(cell));
            cell.clear();
            started = true;
        } else {
            cell += c;
        }
    }
    // Text after the last '|' is not a cell (a well-formed row ends with '|').
    return cells;
}

} // namespace ftpuri_test
