// SPDX-License-Identifier: Apache-2.0
// request.hpp: what ftpuri-check's command line asked for, before it becomes check_settings,
// and the exit codes it ends with.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ftpuri/options.hpp"

namespace ftpuri::cli {

inline constexpr char const* program = "ftpuri-check";

// 3: --diff found something to change and every input valid, so that a script can tell "needs
// --fix" (3) from "has an error --fix cannot repair" (1).
enum exit_code : int { all_valid = 0, some_invalid = 1, could_not_run = 2, would_change_only = 3 };

// What the command line asked for, before it becomes check_settings.
struct request {
    std::vector<std::string> uris;
    std::vector<std::string> files;
    std::vector<std::string> enable;
    std::vector<std::string> disable;
    std::vector<std::string> error;
    std::vector<std::string> deny;
    std::vector<std::string> allow_hosts;
    std::vector<std::string> allow_hosts_files;
    std::vector<std::string> skip_schemes;
    std::string profile = "strict";
    std::string format = "text";
    std::string color = "auto";
    std::string progress = "auto";
    std::string stdin_filename;
    std::string help_uri_base;
    std::string config; // --config FILE
    std::string min_severity = "note";
    std::string plan_mode = "multicwd";
    std::string anonymous_password = "anonymous@";
    std::string explain;
    std::uint32_t field = 0;
    std::uint32_t max_length = ftpuri::default_max_length;
    unsigned jobs = 0;
    bool quiet = false;
    bool no_skip = false;
    bool all_files = false;
    bool whole_line = false;
    bool null_separated = false;
    bool components = false;
    bool no_config = false; // --no-config
    bool fix = false;
    bool in_place = false;
    bool diff = false;
    bool break_links = false;
    bool strip_password = false;
    bool redact_password = false;
    bool drop_fragment = false;
    bool drop_anonymous = false;
    bool plan = false;
    bool absolute = false;
    bool no_anonymous = false;
    bool show_password = false;
    bool rules = false;
    bool stats = false;
    bool error_on_warning = false;
    bool exit_zero = false;
};

} // namespace ftpuri::cli
