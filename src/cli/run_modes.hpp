// SPDX-License-Identifier: Apache-2.0
// run_modes.hpp: ftpuri-check's three ways through its inputs: --diff compares each file with its
// canonical form, --in-place rewrites each file, and the default checks the arguments, then
// the files (stdin when there is nothing else).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "pipeline.hpp"
#include "progress_bar.hpp"
#include "request.hpp"
#include "run_messages.hpp"

namespace ftpuri::cli {

// What every mode works with, and where it leaves what went wrong.
struct run_context {
    request& r;
    pipeline& run;
    progress_bar& progress;
    output_target const& console;
    // Before each file: the settings of the configuration that governs it; false stops the run
    // (the problem is reported and in failures).
    std::function<bool(std::string const&)> configure_for;
    std::vector<std::string>& failures; // what could not be done, for the exit code and SARIF
    std::vector<file_stats>& per_file;  // --stats
};

struct diff_outcome {
    bool stopped = false;      // a write failed: nothing more can be reported
    bool would_change = false; // some file differs from its canonical form
};

// --diff: the unified diff of each file with its canonical form on stdout.
[[nodiscard]] diff_outcome run_diff(run_context& c);

// --in-place: each file rewritten to its canonical form, a line on stderr for each.
void run_in_place(run_context& c);

// The default: the arguments, then the files (stdin when there are neither).
void run_checks(run_context& c);

} // namespace ftpuri::cli
