// SPDX-License-Identifier: Apache-2.0
// unified_diff.cpp: line-by-line hunks, as diff -u writes them.
#include "unified_diff.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "report_writer.hpp"
#include "terminal_safe.hpp"

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

// A line as every text output shows what it takes from a file: its control bytes, C1 and
// bidirectional controls escaped (terminal_safe.hpp), so that a terminal escape in a comment or
// an invalid line never drives the terminal or a CI log. Its line ending, "\n" or "\r\n", is the
// file's and stays as it is.
void append_line(std::string& to, char mark, std::string_view line)
{
    to.push_back(mark);
    bool const newline = !line.empty() && line.back() == '\n';
    if (newline) line.remove_suffix(1);
    bool const cr = newline && !line.empty() && line.back() == '\r';
    if (cr) line.remove_suffix(1);
    append_terminal_safe(to, line);
    if (cr) to.push_back('\r');
    to.append(newline ? "\n" : "\n\\ No newline at end of file\n");
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

// The C escape git writes for a byte, or 0 where it writes octal.
char c_escape(unsigned char byte) noexcept
{
    switch (byte) {
    case '\a': return 'a';
    case '\b': return 'b';
    case '\t': return 't';
    case '\n': return 'n';
    case '\v': return 'v';
    case '\f': return 'f';
    case '\r': return 'r';
    case '"': return '"';
    case '\\': return '\\';
    default: return 0;
    }
}

bool needs_quoting(unsigned char byte) noexcept
{
    return byte < 0x20 || byte >= 0x7F || byte == '"' || byte == '\\';
}

} // namespace

std::string quoted_file_name(std::string_view path)
{
    bool const plain =
        std::none_of(path.begin(), path.end(), [](char c) { return needs_quoting(static_cast<unsigned char>(c)); });
    if (plain) return std::string(path);
    std::string out = "\"";
    for (char const c : path) {
        auto const byte = static_cast<unsigned char>(c);
        if (!needs_quoting(byte)) {
            out.push_back(c);
            continue;
        }
        out.push_back('\\');
        if (char const escape = c_escape(byte); escape != 0) {
            out.push_back(escape);
            continue;
        }
        out.push_back(static_cast<char>('0' + (byte >> 6U)));
        out.push_back(static_cast<char>('0' + ((byte >> 3U) & 7U)));
        out.push_back(static_cast<char>('0' + (byte & 7U)));
    }
    out.push_back('"');
    return out;
}

std::string unified_diff(std::string_view path, std::string_view before, std::string_view after)
{
    std::string out;
    if (before == after) return out;
    std::vector<std::string_view> const old_lines = lines_of(before);
    std::vector<std::string_view> const new_lines = lines_of(after);
    // A tab after a name with a space, as git writes it: patch reads the name up to the tab.
    std::string const name = quoted_file_name(path) + (path.find(' ') == std::string_view::npos ? "" : "\t");
    out.append("--- ").append(name).append("\n+++ ").append(name).push_back('\n');
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
