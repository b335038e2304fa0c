// The text format: each diagnostic as clang and ShellCheck print theirs.
//
//     mirrors.txt:3:11: error: empty label in the host name [host.empty-label]
//     ftp://ftp..example.org/pub/
//               ^
//       hint: remove the extra '.'
//
// The column counts bytes from 1, as clang's do. The source line is echoed so that a reader
// sees the bytes a diagnostic points at, but never verbatim: the password reads "****", and
// control bytes and bytes that are not UTF-8 show as <XX>, so that an input cannot move the
// terminal's cursor, change its colours or hide part of itself. A line too wide to read is shown
// as a window around the caret.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/redact.hpp"
#include "line_checker.hpp"

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

std::string_view colour_of(severity s) noexcept
{
    switch (s) {
    case severity::error: return ansi::error;
    case severity::warning: return ansi::warning;
    case severity::note: return ansi::note;
    }
    return ansi::bold;
}

void append_hex_byte(std::string& to, unsigned char c)
{
    constexpr char digits[] = "0123456789ABCDEF";
    to.push_back('<');
    to.push_back(digits[c >> 4U]);
    to.push_back(digits[c & 0xFU]);
    to.push_back('>');
}

// A file name as it is, but for its control bytes, which show as <XX>: a name may be any
// bytes, and one holding an escape sequence must not drive the terminal.
void append_printable(std::string& to, std::string_view name)
{
    for (char const c : name) {
        auto const b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7F)
            append_hex_byte(to, b);
        else
            to.push_back(c);
    }
}

} // namespace

void line_checker::write_text(input_origin const& origin, std::string_view input, std::string& to)
{
    bool const colour = settings_.color;
    bool rendered = false;
    diagnostic const* previous = nullptr;
    for (diagnostic const& d : diagnostics_) {
        if (!shown(d)) continue;
        diag_info const& about = d.info();
        if (colour) to.append(ansi::bold);
        append_printable(to, origin.name);
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
        to.append(about.message);
        to.append(" [");
        to.append(about.name);
        to.push_back(']');
        if (colour) to.append(ansi::reset);
        to.push_back('\n');
        // A note explains the error before it, at the same bytes: the excerpt is not repeated.
        bool const same_place = previous != nullptr && previous->offset == d.offset && previous->length == d.length;
        if (!(d.level == severity::note && same_place)) {
            if (!rendered) render_source(input);
            rendered = true;
            write_excerpt(d, to);
        }
        to.append("  hint: ");
        to.append(about.hint);
        to.push_back('\n');
        previous = &d;
    }
    // The list keeps a fixed number of findings (it must not allocate); say when some did not fit.
    if (diagnostics_.dropped() != 0) {
        append_printable(to, origin.name);
        to.push_back(':');
        append_number(to, origin.line);
        to.append(": note: ");
        append_number(to, diagnostics_.dropped());
        to.append(" more diagnostics were not kept (the list holds ");
        append_number(to, diagnostic_list::capacity);
        to.append(")\n");
    }
}

void line_checker::render_source(std::string_view input)
{
    display_.clear();
    column_.clear();
    display_offset_.clear();
    std::optional<byte_range> const password = echoed_password(input);
    std::size_t const pw_begin = password ? password->offset : input.size() + 1;
    std::size_t const pw_end = password ? pw_begin + password->length : 0;
    std::uint32_t column = 0;
    std::uint32_t password_column = 0;
    std::size_t continuation = 0; // bytes left of a UTF-8 sequence being shown
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (i == pw_begin) {
            // The password's bytes all point at its mask. An empty password is masked too: its
            // mask stands before the byte that follows it (the '@'), which is shown as usual.
            password_column = column;
            if (pw_end > pw_begin) {
                column_.push_back(column);
                display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
            }
            display_.append("****");
            column += 4;
            if (pw_end > pw_begin) continue;
        } else if (i > pw_begin && i < pw_end) {
            column_.push_back(password_column);
            display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
            continue;
        }
        auto const c = static_cast<unsigned char>(input[i]);
        if (continuation > 0) { // part of the character that began at the sequence's first byte
            --continuation;
            column_.push_back(column - 1);
            display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
            display_.push_back(static_cast<char>(c));
            continue;
        }
        column_.push_back(column);
        display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
        if (c >= 0x20 && c < 0x7F) {
            display_.push_back(static_cast<char>(c));
            ++column;
        } else if (std::size_t const n = c >= 0x80 ? utf8_sequence_length(input, i) : 0; n > 1) {
            display_.push_back(static_cast<char>(c));
            continuation = n - 1;
            ++column; // one column per code point; wide characters are rare in URIs
        } else {
            append_hex_byte(display_, c);
            column += 4;
        }
    }
    column_.push_back(column);
    display_offset_.push_back(static_cast<std::uint32_t>(display_.size()));
}

void line_checker::write_excerpt(diagnostic const& d, std::string& to)
{
    std::size_t const n = column_.size() - 1; // input bytes
    std::size_t const begin = std::min<std::size_t>(d.offset, n);
    std::size_t const end = std::min<std::size_t>(std::uint64_t{d.offset} + reported_length(d), n);
    std::uint32_t const first = column_[begin];
    std::uint32_t last = end > begin ? column_[end] : first + 1; // exclusive
    last = std::max(last, first + 1);
    std::uint32_t const width = column_[n];
    // A line the reader cut (block_reader's cap) goes on past what is shown.
    bool const truncated = line_length_ > n;
    if (truncated && std::uint64_t{d.offset} + reported_length(d) > n) last = std::max(last, width + 1);

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
    bool const cut_before = first_byte > 0;
    bool const cut_after = stop_byte < n || truncated;
    if (stop_byte < n) stop = column_[stop_byte];

    if (cut_before) to.append("...");
    to.append(display_, display_offset_[first_byte], display_offset_[stop_byte] - display_offset_[first_byte]);
    if (cut_after) to.append("...");
    to.push_back('\n');

    std::uint32_t const lead = (cut_before ? 3U : 0U) + (first > from ? first - from : 0U);
    to.append(lead, ' ');
    if (settings_.color) to.append(ansi::caret);
    to.push_back('^');
    std::uint32_t const underline_end = cut_after ? std::min(last, stop) : last;
    if (underline_end > first + 1) to.append(underline_end - first - 1, '~');
    if (settings_.color) to.append(ansi::reset);
    to.push_back('\n');
}

} // namespace ftpuri::cli
