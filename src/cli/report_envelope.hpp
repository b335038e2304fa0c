// SPDX-License-Identifier: Apache-2.0
// report_envelope.hpp: what a format writes before the first report and after the last.
//
//     sarif        the log around the results (sarif_log.hpp): the tool and its rules before,
//                  the invocation after, with the exit code and the times the run started and
//                  ended
//     codeclimate  "[" before the issues and "]" after them: a run without findings is "[]"
//     github       after the last report, an ::error command per failure (a file that could
//                  not be read): the run's summary shows it, where stderr is only in the log
//     text, json   nothing (the text format's summary line is main's)
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "report_writer.hpp"

namespace ftpuri::cli {

class report_envelope {
public:
    // The run starts now (SARIF's startTimeUtc).
    // `help_base`: SARIF's helpUri base (sarif_log.hpp); empty, none.
    report_envelope(output_format format, std::string_view tool_version, std::string_view help_base = {});

    // Everything before the first report.
    [[nodiscard]] std::string header() const;
    // Everything after the last report; the run ends now (SARIF's endTimeUtc). `failures`: the
    // messages of the errors that kept the run from checking everything.
    [[nodiscard]] std::string footer(int exit_code, std::vector<std::string> const& failures) const;

private:
    output_format format_;
    std::string tool_version_;
    std::string help_base_;
    std::chrono::system_clock::time_point started_;
};

} // namespace ftpuri::cli
