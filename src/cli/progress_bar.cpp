// SPDX-License-Identifier: Apache-2.0
#include "progress_bar.hpp"

#include <unistd.h>

#include <cinttypes>

#include "terminal_safe.hpp"

namespace ftpuri::cli {
namespace {

constexpr auto redraw_interval = std::chrono::milliseconds(100);
constexpr auto first_draw_delay = std::chrono::milliseconds(500);
constexpr int bar_width = 24;

} // namespace

progress_bar::progress_bar(bool enabled, bool immediately, bool terminal) noexcept
    : enabled_(enabled), immediately_(immediately), terminal_(terminal), stdout_terminal_(::isatty(STDOUT_FILENO) == 1),
      start_(clock::now()), last_draw_(start_)
{
}

void progress_bar::begin(std::string_view name, std::uint64_t total)
{
    if (!enabled_) return;
    name_.clear();
    append_terminal_safe(name_, name);
    total_ = total;
    file_start_ = clock::now();
}

void progress_bar::update(std::uint64_t bytes, std::uint64_t inputs, bool force)
{
    if (!enabled_) return;
    clock::time_point const now = clock::now();
    if (!shown_ && !immediately_ && now - start_ < first_draw_delay) return;
    if (shown_ && !force && now - last_draw_ < redraw_interval) return;
    last_draw_ = now;
    double const seconds = std::chrono::duration<double>(now - start_).count();
    double const megabytes = static_cast<double>(bytes) / 1e6;
    double const rate = seconds > 0 ? static_cast<double>(inputs) / seconds : 0.0;
    char text[256];
    int n = 0;
    if (total_ != 0) {
        std::uint64_t const done = bytes > total_ ? total_ : bytes;
        int const filled = static_cast<int>(done * bar_width / total_);
        char bar[bar_width + 1];
        for (int i = 0; i < bar_width; ++i)
            bar[i] = i < filled ? '#' : '-';
        bar[bar_width] = '\0';
        // The time left, at this file's pace so far: its bytes, not the run's inputs, are what
        // remains.
        double const file_seconds = std::chrono::duration<double>(now - file_start_).count();
        double const left =
            done == 0 ? 0.0 : file_seconds * static_cast<double>(total_ - done) / static_cast<double>(done);
        n = std::snprintf(text, sizeof text,
                          "[%s] %3d%% %.1f MB, %" PRIu64 " inputs, %.0f inputs/s, %.1f s, %.1f s left", bar,
                          static_cast<int>(done * 100 / total_), megabytes, inputs, rate, seconds, left);
    } else {
        n = std::snprintf(text, sizeof text, "%.1f MB, %" PRIu64 " inputs, %.0f inputs/s, %.1f s", megabytes, inputs,
                          rate, seconds);
    }
    line_.assign(terminal_ ? "\r\x1b[K" : "\r");
    if (name_.size() > 40) {
        // Cut at a character's first byte: a lone continuation byte is a C1 control to a
        // terminal that reads 8-bit controls.
        std::size_t from = name_.size() - 37;
        while (from < name_.size() && (static_cast<unsigned char>(name_[from]) & 0xC0U) == 0x80U)
            ++from;
        line_.append("...");
        line_.append(name_, from);
    } else {
        line_.append(name_);
    }
    line_.append(": ");
    if (n > 0)
        line_.append(text, static_cast<std::size_t>(n) < sizeof text ? static_cast<std::size_t>(n) : sizeof text - 1);
    static_cast<void>(std::fputs(line_.c_str(), stderr));
    static_cast<void>(std::fflush(stderr));
    shown_ = true;
}

void progress_bar::erase()
{
    if (!shown_) return;
    static_cast<void>(std::fputs(terminal_ ? "\r\x1b[K" : "\n", stderr));
    shown_ = false;
}

void progress_bar::erase_before(std::FILE* out, bool to_stderr)
{
    if (to_stderr || out == stderr || (out == stdout && stdout_terminal_)) erase();
}

void progress_bar::finish()
{
    erase();
}

} // namespace ftpuri::cli
