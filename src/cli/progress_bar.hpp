// SPDX-License-Identifier: Apache-2.0
// progress_bar.hpp: a one-line progress display on stderr for long runs.
//
// It shows the bytes and inputs so far, the rate in inputs a second and the time taken; for a
// file whose size is known, a bar, the percentage and the time left at the file's pace so far.
// Redrawn at most ten times a second, and in `auto` mode only once a run has lasted half a
// second, so that short runs never flash it. The runner erases it before writing anything
// else to stderr, so that it never mixes with diagnostics.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace ftpuri::cli {

class progress_bar {
public:
    // `enabled`: draw at all; `immediately`: from the first update (--progress=always) rather
    // than after the half-second delay; `terminal`: stderr is a terminal (erase with an escape
    // sequence rather than end the line).
    progress_bar(bool enabled, bool immediately, bool terminal) noexcept;

    // A new file of `total` bytes (0: unknown, as for a pipe).
    void begin(std::string_view name, std::uint64_t total);
    // `bytes` of the current file read, `inputs` checked in the whole run so far.
    void update(std::uint64_t bytes, std::uint64_t inputs, bool force = false);
    // Removes the bar from the screen, if it is shown; the next update draws it again.
    void erase();
    // Removes the bar before a write to `out` (and to stderr, when `to_stderr`) that would
    // share its line: a write to stderr, or to stdout when stdout is the same terminal.
    void erase_before(std::FILE* out, bool to_stderr);
    // The run is over.
    void finish();

private:
    using clock = std::chrono::steady_clock;

    bool enabled_;
    bool immediately_;
    bool terminal_;
    bool stdout_terminal_;
    bool shown_ = false;
    clock::time_point start_;
    clock::time_point last_draw_;
    clock::time_point file_start_; // begin(): the current file's pace gives the time left
    std::string name_;
    std::uint64_t total_ = 0;
    std::string line_;
};

} // namespace ftpuri::cli
