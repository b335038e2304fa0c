// SPDX-License-Identifier: Apache-2.0
// text_writer.cpp: the text format (text_writer.hpp).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "terminal_safe.hpp"
#include "text_writer.hpp"

namespace ftpuri::cli {
namespace {

namespace ansi {
constexpr std::string_view bold = "\x1b[1m";
constexpr std::string_view reset = "\x1b[0m";
constexpr std::string_view caret = "\x1b[1;32m";
constexpr std::string_view error = "\x1b[1;31m";
constexpr std::string_view warning = "\x1b[1;35m";
constexpr std::string_view note = "\x1b[1;36m";
} // namespace ansi

// A source line wider than this is shown as a window of window_width columns, starting
// window_lead columns before the caret.
constexpr std::uint32_t max_echo_width = 160;
constexpr std::uint32_t window_width = 120;
constexpr std::uint32_t window_lead = 40;
// A line longer than this many bytes is rendered only around each diagnostic: from
// render_lead bytes before it to render_bytes after, which hold the window above whatever the
// bytes (a character is at least a column per four bytes) and bound the memory an echo takes.
constexpr std::size_t max_rendered_line = 8192;
constexpr std::size_t render_lead = 1024;
constexpr std::size_t render_bytes = 2048;

std::string_view colour_of(severity s) noexcept
{
    switch (s) {
    case severity::error: return ansi::error;
    case severity::warning: return ansi::warning;
    case severity::note: return ansi::note;
    }
    return ansi::bold;
}

} // namespace

void text_writer::write(checked_input const& input, std::string& to)
{
    bool const colour = colour_;
    input_origin const& origin = input.origin;
    bool rendered = false;
    diagnostic const* previous = nullptr;
    for (diagnostic const& d : input.diagnostics) {
        if (!input.shown(d)) continue;
        diag_info const& about = d.info();
        if (colour) to.append(ansi::bold);
        append_terminal_safe(to, origin.name);
        to.push_back(':');
        append_number(to, origin.line);
        to.push_back(':');
        append_number(to, std::uint64_t{d.offset} + 1); // columns count bytes from 1
        to.append(": ");
        if (colour) to.append(colour_of(d.level));
        to.append(to_string(d.level));
        to.append(": ");
        if (colour) {
            to.append(ansi::reset);
            to.append(ansi::bold);
        }
        to.append(ftpuri::message(d)); // host.denied's names the class
        to.append(" [");
        to.append(about.name);
        to.push_back(']');
        if (colour) to.append(ansi::reset);
        to.push_back('\n');
        // A note explains the error before it, at the same bytes: the excerpt is not repeated.
        bool const same_place = previous != nullptr && previous->offset == d.offset && previous->length == d.length;
        if (!(d.level == severity::note && same_place)) {
            std::size_t const size = input.bytes.size();
            if (size > max_rendered_line) {
                std::size_t const at = std::min<std::size_t>(d.offset, size);
                std::size_t const begin = at > render_lead ? at - render_lead : 0;
                render_source(input, begin, std::min(size, at + render_bytes));
            } else if (!rendered) {
                render_source(input, 0, size);
                rendered = true;
            }
            write_excerpt(input, d, to);
        }
        to.append("  hint: ");
        to.append(about.hint);
        to.push_back('\n');
        previous = &d;
    }
    // The list keeps a fixed number of findings (it must not allocate); say when some did not fit.
    if (input.diagnostics.dropped() != 0) {
        append_terminal_safe(to, origin.name);
        to.push_back(':');
        append_number(to, origin.line);
        to.append(": note: ");
        append_number(to, input.diagnostics.dropped());
        to.append(" more diagnostics were not kept (the list holds ");
        append_number(to, diagnostic_list::capacity);
        to.append(")\n");
    }
}

void text_writer::render_source(checked_input const& checked, std::size_t begin, std::size_t end)
{
    display_.clear();
    column_.clear();
    display_offset_.clear();
    std::string_view const whole = checked.bytes;
    // Whole characters only: a window never starts or ends inside a UTF-8 sequence.
    auto const continuation = [&](std::size_t i) {
        return i < whole.size() && (static_cast<unsigned char>(whole[i]) & 0xC0U) == 0x80U;
    };
    for (int k = 0; k < 3 && begin > 0 && continuation(begin); ++k)
        --begin;
    for (int k = 0; k < 3 && continuation(end); ++k)
        ++end;
    rendered_begin_ = begin;
    rendered_end_ = end;
    // The window's bytes, offsets relative to it; a password that begins before the window
    // shows its mask at the window's start.
    std::string_view const input = whole.substr(begin, end - begin);
    std::optional<byte_range> const& password = checked.password;
    std::size_t pw_begin = input.size() + 1;
    std::size_t pw_end = 0;
    if (password && std::uint64_t{password->offset} + password->length > begin) {
        pw_begin = password->offset > begin ? password->offset - begin : 0;
        pw_end = password->offset + password->length - begin;
    }
    std::uint32_t column = 0;
    std::uint32_t password_column = 0;
    for (std::size_t i = 0; i < input.size();) {
        if (i == pw_begin) {
            // The password's bytes all point at its mask. It is never empty: an empty password
            // hides nothing and is shown as written (find_password).
            password_column = column;
            column_.push_back(column);
            display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
            display_.append("****");
            column += 4;
            ++i;
            continue;
        }
        if (i > pw_begin && i < pw_end) {
            column_.push_back(password_column);
            display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
            ++i;
            continue;
        }
        // Nothing runs into the password: its bytes would be shown unmasked.
        std::string_view const before_mask = i < pw_begin ? input.substr(0, pw_begin) : input;
        // Most of a URI is printable ASCII, shown as it is, a column per byte: a run at a time.
        if (std::size_t const plain = printable_ascii_run(before_mask.substr(i)); plain != 0) {
            auto const shown_at = static_cast<std::uint32_t>(display_.size());
            display_.append(before_mask.substr(i, plain));
            std::size_t const filled = column_.size();
            column_.resize(filled + plain);
            display_offset_.resize(filled + plain);
            for (std::size_t k = 0; k < plain; ++k) {
                column_[filled + k] = column + static_cast<std::uint32_t>(k);
                display_offset_[filled + k] = shown_at + static_cast<std::uint32_t>(k);
            }
            column += static_cast<std::uint32_t>(plain);
            i += plain;
            continue;
        }
        text_unit const unit = next_text_unit(before_mask, i);
        auto const shown_at = static_cast<std::uint32_t>(display_.size());
        std::uint32_t const width = append_shown_unit(display_, before_mask, i, unit);
        column_.push_back(column);
        display_offset_.push_back(shown_at);
        // The other bytes of a character shown as itself share its one column. Those of an
        // escape (<U+202E>) point past it: a range that ends inside it underlines all of it, and
        // a window's edge never cuts it.
        bool const escaped = !unit.safe();
        for (std::uint32_t k = 1; k < unit.bytes; ++k) {
            column_.push_back(escaped ? column + width : column);
            display_offset_.push_back(escaped ? static_cast<std::uint32_t>(display_.size()) : shown_at);
        }
        column += width;
        i += unit.bytes;
    }
    column_.push_back(column);
    display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
}

void text_writer::write_excerpt(checked_input const& input, diagnostic const& d, std::string& to)
{
    std::size_t const n = column_.size() - 1; // rendered bytes
    std::uint64_t const offset = std::uint64_t{d.offset} - std::min<std::uint64_t>(d.offset, rendered_begin_);
    std::size_t const begin = std::min<std::size_t>(offset, n);
    std::size_t const end = std::min<std::size_t>(offset + input.reported_length(d), n);
    std::uint32_t const first = column_[begin];
    std::uint32_t last = end > begin ? column_[end] : first + 1; // exclusive
    last = std::max(last, first + 1);
    std::uint32_t const width = column_[n];
    // A line the reader cut (block_reader's cap) goes on past what is shown.
    bool const truncated = input.truncated();
    if (truncated && std::uint64_t{d.offset} + input.reported_length(d) > input.bytes.size())
        last = std::max(last, width + 1);

    // The window of columns [from, to_column) to show; the whole line when it is narrow.
    std::uint32_t from = 0;
    std::uint32_t stop = std::max(width, last);
    if (width > max_echo_width) {
        from = first > window_lead ? first - window_lead : 0;
        stop = std::min(width, from + window_width);
    }
    // Whole units only: a window edge never cuts a <XX> or the password's mask.
    auto const first_byte = static_cast<std::size_t>(
        std::lower_bound(column_.begin(), column_.begin() + static_cast<std::ptrdiff_t>(n), from) - column_.begin());
    auto const stop_byte = static_cast<std::size_t>(
        std::lower_bound(column_.begin(), column_.begin() + static_cast<std::ptrdiff_t>(n), stop) - column_.begin());
    from = column_[first_byte];
    bool const cut_before = first_byte > 0 || rendered_begin_ > 0;
    bool const cut_after = stop_byte < n || truncated || rendered_end_ < input.bytes.size();
    if (stop_byte < n) stop = column_[stop_byte];

    if (cut_before) to.append("...");
    to.append(display_, display_offset_[first_byte], display_offset_[stop_byte] - display_offset_[first_byte]);
    if (cut_after) to.append("...");
    to.push_back('\n');

    std::uint32_t const lead = (cut_before ? 3U : 0U) + (first > from ? first - from : 0U);
    to.append(lead, ' ');
    if (colour_) to.append(ansi::caret);
    to.push_back('^');
    std::uint32_t const underline_end = cut_after ? std::min(last, stop) : last;
    if (underline_end > first + 1) to.append(underline_end - first - 1, '~');
    if (colour_) to.append(ansi::reset);
    to.push_back('\n');
}

} // namespace ftpuri::cli
