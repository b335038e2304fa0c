// SPDX-License-Identifier: Apache-2.0
// request_settings.hpp: a request made into the check_settings of the inputs it governs, with a
// configuration file's values where the command line gave none.
#pragma once

#include <map>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "config_file.hpp"
#include "line_checker.hpp"
#include "request.hpp"

namespace ftpuri::cli {

// The text reports go to stdout, or with --fix, --diff or --plan to stderr (stdout has the
// canonical forms, the diff or the plans).
[[nodiscard]] bool reports_on_stderr(request const& r);

// The settings of the inputs one configuration governs, and where they came from.
struct configured {
    check_settings settings;
    std::string help_uri_base; // SARIF's, of the working directory's configuration
    std::string source;        // the configuration file, or empty for the command line alone
    std::string problem;       // why the settings cannot be used: a value of the file is wrong
};

// The request as a configuration file changes it: each key of `file` that the command line did
// not give.
[[nodiscard]] request with_config(request r, config const& file, CLI::App const& app);

// The check_settings of a request, its values checked again: those a configuration file gave
// have not been (`source` names the file in the problem).
[[nodiscard]] configured settings_of(request r, std::string const& source);

// The settings of the inputs under a directory: the command line's, with the nearest
// configuration file's values where it gave none (--config names one file for every directory,
// --no-config none). Each file is read once.
class config_lookup {
public:
    config_lookup(request const& r, CLI::App const& app) : r_(r), app_(app) {}

    // Nothing, with problem() set, when the file or a value in it is wrong.
    [[nodiscard]] std::optional<configured> settings_under(std::string const& directory);
    [[nodiscard]] std::string const& problem() const noexcept { return problem_; }

private:
    request const& r_;
    CLI::App const& app_;
    std::map<std::string, config_result> read_; // by path
    std::string problem_;
};

} // namespace ftpuri::cli
