// SPDX-License-Identifier: Apache-2.0
#include "list_line.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ftpuri::cli {
namespace {

constexpr bool is_blank(char c) noexcept
{
    return c == ' ' || c == '\t';
}

// Asked of every line: 16 bytes at a time, both blanks at once. find_first_of(" \t") compares
// each byte with the set in a loop of its own, and a memchr for each blank pays two calls and
// their set-up for a line of some 60 bytes.
bool holds_a_blank(std::string_view line) noexcept
{
    std::size_t i = 0;
#if defined(__SSE2__)
    auto const blanks = [&](std::size_t at) {
        __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(line.data() + at));
        return _mm_movemask_epi8(
                   _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\t')))) != 0;
    };
    for (; i + 16 <= line.size(); i += 16)
        if (blanks(i)) return true;
    if (i < line.size() && line.size() >= 16) return blanks(line.size() - 16); // some bytes again
#endif
    for (; i < line.size(); ++i)
        if (is_blank(line[i])) return true;
    return false;
}

// Where the comment begins: the first blank of the run of blanks before a '#', or the line's
// size when there is none. A '#' right after text is the URI's fragment.
std::size_t comment_start(std::string_view line) noexcept
{
    for (std::size_t i = line.find('#'); i != std::string_view::npos; i = line.find('#', i + 1)) {
        if (i == 0 || !is_blank(line[i - 1])) continue;
        std::size_t start = i - 1;
        while (start > 0 && is_blank(line[start - 1]))
            --start;
        return start;
    }
    return line.size();
}

std::size_t skip_blanks(std::string_view text, std::size_t from) noexcept
{
    while (from < text.size() && is_blank(text[from]))
        ++from;
    return from;
}

std::size_t skip_text(std::string_view text, std::size_t from) noexcept
{
    while (from < text.size() && !is_blank(text[from]))
        ++from;
    return from;
}

diagnostic line_finding(diag_id id, std::size_t offset, std::size_t length) noexcept
{
    return {id, info(id).level, component::input, static_cast<std::uint32_t>(offset),
            static_cast<std::uint32_t>(length)};
}

} // namespace

list_line split_list_line(std::string_view line, list_settings const& settings) noexcept
{
    // Most lines are a URI and nothing else: one look for a blank (a second field chosen aside).
    if (settings.whole_line || (settings.field <= 1 && !holds_a_blank(line))) return one_uri(line);

    list_line parts;
    parts.before = line.substr(0, 0);
    std::size_t const comment = comment_start(line);
    std::size_t end = comment; // of the fields
    while (end > 0 && is_blank(line[end - 1]))
        --end;
    if (comment == line.size() && end < line.size()) {
        parts.finding = line_finding(diag_id::list_trailing_blank, end, line.size() - end);
        parts.dropped = line.size() - end;
    }
    std::string_view const fields = line.substr(0, end);

    if (settings.field == 0) {
        // Leading blanks are the URI's own (the lenient profile trims them, with a warning).
        std::size_t const first_end = skip_text(fields, skip_blanks(fields, 0));
        if (first_end < fields.size()) {
            parts.finding = line_finding(diag_id::list_fields, first_end, 1);
            parts.dropped = 0;
        }
        parts.uri = fields;
        parts.rest = line.substr(end);
        return parts;
    }

    // --field N: the Nth run of text; a line with fewer fields has an empty URI at its end. The
    // rest of the line, trailing blanks included, is kept as it was.
    parts.finding.reset();
    parts.dropped = 0;
    std::size_t begin = skip_blanks(fields, 0);
    for (std::uint32_t n = 1; n < settings.field && begin < fields.size(); ++n)
        begin = skip_blanks(fields, skip_text(fields, begin));
    std::size_t const uri_end = skip_text(fields, begin);
    parts.before = line.substr(0, begin);
    parts.uri = line.substr(begin, uri_end - begin);
    parts.rest = line.substr(uri_end);
    return parts;
}

} // namespace ftpuri::cli
