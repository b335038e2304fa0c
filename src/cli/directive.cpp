// SPDX-License-Identifier: Apache-2.0
#include "directive.hpp"

namespace ftpuri::cli {
namespace {

constexpr std::string_view marker = "ftpuri-check:";

constexpr bool is_blank(char c) noexcept
{
    return c == ' ' || c == '\t';
}

std::string_view skip_blanks(std::string_view text) noexcept
{
    while (!text.empty() && is_blank(text.front()))
        text.remove_prefix(1);
    return text;
}

// A comment line: blanks, then '#'.
bool is_comment_line(std::string_view line) noexcept
{
    line = skip_blanks(line);
    return !line.empty() && line.front() == '#';
}

bool is_blank_line(std::string_view line) noexcept
{
    for (char const c : line)
        if (!is_blank(c) && c != '\r' && c != '\f' && c != '\v') return false;
    return true;
}

} // namespace

std::optional<directive> find_directive(std::string_view comment) noexcept
{
    std::size_t const hash = comment.find('#');
    if (hash == std::string_view::npos) return std::nullopt;
    std::string_view text = skip_blanks(comment.substr(hash + 1));
    if (!text.starts_with(marker)) return std::nullopt;
    text = skip_blanks(text.substr(marker.size()));
    directive found;
    if (text.starts_with("disable-file=")) {
        found.whole_file = true;
        text.remove_prefix(std::string_view("disable-file=").size());
    } else if (text.starts_with("disable=")) {
        text.remove_prefix(std::string_view("disable=").size());
    } else {
        return std::nullopt;
    }
    // The ids, separated by ',', up to a blank or the end.
    while (!text.empty() && !is_blank(text.front())) {
        std::size_t end = 0;
        while (end < text.size() && text[end] != ',' && !is_blank(text[end]))
            ++end;
        std::string_view const name = text.substr(0, end);
        if (std::optional<diag_id> const id = diag_id_from_string(name))
            found.ids.insert(*id);
        else if (found.unknown.empty() && !name.empty())
            found.unknown = name;
        text.remove_prefix(end);
        if (!text.empty() && text.front() == ',') text.remove_prefix(1);
    }
    return found;
}

diag_set file_directives(std::string_view text, char separator) noexcept
{
    diag_set hidden;
    while (!text.empty()) {
        std::size_t const end = text.find(separator);
        std::string_view line = text.substr(0, end);
        if (separator == '\n' && line.ends_with('\r')) line.remove_suffix(1); // as the reader drops it
        if (!is_comment_line(line) && !is_blank_line(line)) break;            // the first URI: no more
        if (std::optional<directive> const d = find_directive(line); d && d->whole_file) hidden = hidden | d->ids;
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return hidden;
}

std::string_view last_line(std::string_view text, char separator) noexcept
{
    if (!text.empty() && text.back() == separator) text.remove_suffix(1);
    if (separator == '\n' && !text.empty() && text.back() == '\r') text.remove_suffix(1);
    std::size_t const start = text.rfind(separator);
    return start == std::string_view::npos ? text : text.substr(start + 1);
}

} // namespace ftpuri::cli
