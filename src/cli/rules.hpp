// rules.hpp: --enable, --disable and --rules: which diagnostics ftpuri-check reports.
#pragma once

#include <string>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

struct rule_choice {
    diag_set enabled; // opt-in rules to report
    diag_set hidden;  // warnings and notes not to report
};

// The sets named by --enable and --disable. An unknown id, or one both enabled and disabled,
// is a usage error: `problem` says which, and the sets are not to be used.
struct rule_choice_result {
    rule_choice choice;
    std::string problem;
};
[[nodiscard]] rule_choice_result choose_rules(std::vector<std::string> const& enable,
                                              std::vector<std::string> const& disable);

// --rules: the catalogue, one line per id (text), one JSON object per id (json), or a SARIF log
// with the rules and no results (sarif).
[[nodiscard]] std::string list_rules(output_format format, std::string_view tool_version);

} // namespace ftpuri::cli
