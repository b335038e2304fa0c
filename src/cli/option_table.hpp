// SPDX-License-Identifier: Apache-2.0
// option_table.hpp: ftpuri-check's options, as CLI11 parses them into a request, and the
// combinations of them that are refused.
#pragma once

#include <CLI/CLI.hpp>

#include "request.hpp"

namespace ftpuri::cli {

// Every option, its help text, and the checks of its value alone.
void add_options(CLI::App& app, request& r);

// After parsing: refuses the combinations that cannot work (CLI::ValidationError, a usage
// error), and moves the arguments that are files to r.files for --diff, --in-place and
// --all-files; reads --allow-hosts-file.
void check_combinations(request& r);

} // namespace ftpuri::cli
