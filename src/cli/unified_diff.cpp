// SPDX-License-Identifier: Apache-2.0
// unified_diff.cpp: line-by-line hunks, as diff -u writes them.
#include "unified_diff.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "report_writer.hpp"

namespace ftpuri::cli {
namespace {

constexpr std::size_t context = 3;

// The lines of `text`, each with its "\n" (the last may have none).
std::vector<std::string_view> lines_of(std::string_view text)
{
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        std::size_t const end = text.find('\n');
        std::size_t const size = end == std::string_view::npos ? text.size() : end + 1;
        lines.push_back(text.substr(0, size));
        text.remove_prefix(size);
    }
    return lines;
}

void append_line(std::string& to, char mark, std::string_view line)
{
    to.push_back(mark);
    to.append(line);
    if (line.empty() || line.back() != '\n') to.append("\n\\ No newline at end of file\n");
}

// "FIRST,COUNT" of a hunk's "@@ -... +... @@", 1-based, as diff -u writes it: a count of one is
// left out, and an empty range names the line before it.
void append_range(std::string& to, std::size_t first, std::size_t count)
{
    append_number(to, count == 0 ? first : first + 1);
    if (count == 1) return;
    to.push_back(',');
    append_number(to, count);
}

} // namespace

std::string unified_diff(std::string_view path, std::string_view before, std::string_view after)
{
    std::string out;
    if (before == after) return out;
    std::vector<std::string_view> const old_lines = lines_of(before);
    std::vector<std::string_view> const new_lines = lines_of(after);
    out.append("--- ").append(path).append("\n+++ ").append(path).push_back('\n');
    if (old_lines.size() != new_lines.size()) { // never for --fix --in-place; one hunk of it all
        out.append("@@ -");
        append_range(out, 0, old_lines.size());
        out.append(" +");
        append_range(out, 0, new_lines.size());
        out.append(" @@\n");
        for (std::string_view const line : old_lines)
            append_line(out, '-', line);
        for (std::string_view const line : new_lines)
            append_line(out, '+', line);
        return out;
    }
    std::size_t const n = old_lines.size();
    std::size_t i = 0;
    while (i < n) {
        if (old_lines[i] == new_lines[i]) {
            ++i;
            continue;
        }
        // A hunk: from `context` lines before the first change to `context` lines after the last
        // change with at most 2 * context unchanged lines before it, as diff -u joins them.
        std::size_t const first = i >= context ? i - context : 0;
        std::size_t last_change = i;
        for (std::size_t j = i + 1; j < n && j <= last_change + 2 * context + 1; ++j)
            if (old_lines[j] != new_lines[j]) last_change = j;
        std::size_t const end = std::min(n, last_change + context + 1);
        out.append("@@ -");
        append_range(out, first, end - first);
        out.append(" +");
        append_range(out, first, end - first);
        out.append(" @@\n");
        for (std::size_t j = first; j < end;) {
            if (old_lines[j] == new_lines[j]) {
                append_line(out, ' ', old_lines[j]);
                ++j;
                continue;
            }
            // A run of changed lines: all removals, then all additions, as diff groups them.
            std::size_t k = j;
            while (k < end && old_lines[k] != new_lines[k])
                ++k;
            for (std::size_t m = j; m < k; ++m)
                append_line(out, '-', old_lines[m]);
            for (std::size_t m = j; m < k; ++m)
                append_line(out, '+', new_lines[m]);
            j = k;
        }
        i = end;
    }
    return out;
}

} // namespace ftpuri::cli
