// SPDX-License-Identifier: Apache-2.0
// run_messages.hpp: what ftpuri-check says on stderr beside the reports: its complaints, the
// summary line of the text format, and --stats.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "line_checker.hpp"

namespace ftpuri::cli {

// Every message names a file or quotes an argument, which may hold any bytes: it is shown as
// terminal_safe.hpp says, whatever its source.
void complain(std::string_view message);

// "1 input", "2 inputs".
[[nodiscard]] std::string plural(std::uint64_t n, std::string_view one, std::string_view many);

// The last line of the text format: what the run found, in one line, counting what was shown.
[[nodiscard]] std::string summary_line(tally const& t);

// What one file added to the totals.
struct file_stats {
    std::string name;
    std::uint64_t inputs, invalid, skipped, skipped_scheme, bytes;
};

[[nodiscard]] file_stats stats_of_file(std::string_view name, tally const& before, tally const& after);

// --stats: one line per file read, then the counts and the speed of the whole run, then each id
// reported, most frequent first.
void print_stats(tally const& t, double seconds, std::vector<file_stats> const& files);

} // namespace ftpuri::cli
