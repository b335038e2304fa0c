// SPDX-License-Identifier: Apache-2.0
// rule_choice.hpp: --enable, --disable, --error and --rules: which diagnostics ftpuri-check reports,
// and which warnings it reports as errors.
#pragma once

#include <string>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

struct rule_choice {
    diag_set enabled; // opt-in rules to report
    diag_set hidden;  // warnings and notes not to report
    diag_set errors;  // warnings to report as errors (parse_options::as_error), as -Werror=ID
};

// The sets named by --enable, --disable and --error. An unknown id, one both enabled and
// disabled, or one both disabled and made an error, is a usage error: `problem` says which, and
// the sets are not to be used. An id that is an error (or a note) in the chosen profile may be
// named in --error: it changes nothing there.
struct rule_choice_result {
    rule_choice choice;
    std::string problem;
};
[[nodiscard]] rule_choice_result choose_rules(std::vector<std::string> const& enable,
                                              std::vector<std::string> const& disable,
                                              std::vector<std::string> const& error = {});

// --rules: the catalogue, one line per id (text, and github, whose workflow commands report
// findings), one JSON object per id (json, and codeclimate, whose report has no place for
// rules), or a SARIF log with the rules and no results (sarif), their helpUri made from
// `help_base` when it is not empty (sarif_log.hpp).
[[nodiscard]] std::string list_rules(output_format format, std::string_view tool_version,
                                     std::string_view help_base = {});

} // namespace ftpuri::cli
