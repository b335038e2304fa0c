// SPDX-License-Identifier: Apache-2.0
// config_file.hpp: .ftpuri-check.toml, the settings a tree of lists keeps beside them.
//
// As ruff, clang-tidy and ShellCheck find theirs, ftpuri-check looks for a configuration file
// named .ftpuri-check.toml in the directory of each input file, then in each parent up to the
// root: the nearest one wins, whole (no merging with the ones above it). Arguments and stdin
// take the one found from the working directory. --config FILE names one for every input, and
// --no-config turns the search off. An option given on the command line wins over the file.
//
//     profile = "lenient"                 # strict, rfc3986 or lenient
//     enable = ["host.ip-address"]        # opt-in rules to report
//     disable = ["port.default"]          # warnings and notes not to report
//     error = ["userinfo.password"]       # warnings to report as errors
//     min-severity = "warning"            # report nothing below: note (default), warning, error
//     skip-schemes = ["http", "rsync"]    # lines of these schemes are skipped
//     plan-mode = "singlecwd"             # with --plan
//     help-uri-base = "https://docs.example.org/ftpuri/diagnostics.html"   # SARIF's helpUri
//     [policy]
//     deny = ["non-public"]               # host classes refused
//     allow-hosts = ["ftp.example.org", "*.mirror.example.net:21"]
//
// The file is TOML 1.0, read with toml++. A syntax error, an unknown key, or a value of the
// wrong type is an error that names the file, the line and the column: the run stops (exit 2)
// rather than check with settings the user did not mean. The values themselves (an id, a
// class, a profile) are checked as the command line's are.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ftpuri::cli {

inline constexpr std::string_view config_file_name = ".ftpuri-check.toml";

// What one configuration file says; a key it does not set is empty (std::nullopt).
struct config {
    std::string path; // the file it was read from
    std::optional<std::string> profile;
    std::optional<std::vector<std::string>> enable;
    std::optional<std::vector<std::string>> disable;
    std::optional<std::vector<std::string>> error;
    std::optional<std::string> min_severity;
    std::optional<std::vector<std::string>> skip_schemes;
    std::optional<std::string> plan_mode;
    std::optional<std::string> help_uri_base;
    std::optional<std::vector<std::string>> deny;
    std::optional<std::vector<std::string>> allow_hosts;
};

struct config_result {
    config settings;
    std::string problem; // "FILE:LINE:COLUMN: what is wrong", or empty when the file was read
};

// Reads and checks the file at `path`.
[[nodiscard]] config_result read_config(std::string const& path);

// The nearest .ftpuri-check.toml at or above the directory `start` (made absolute), or nothing.
[[nodiscard]] std::optional<std::string> find_config(std::string const& start);

// The directory part of a file's path ("." for a bare name).
[[nodiscard]] std::string directory_of_file(std::string const& path);

} // namespace ftpuri::cli
