// SPDX-License-Identifier: Apache-2.0
// report_envelope.cpp: what a format writes around its reports (report_envelope.hpp).
#include "report_envelope.hpp"

#include "github_writer.hpp"
#include "sarif_log.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {

report_envelope::report_envelope(output_format format, std::string_view tool_version, std::string_view help_base)
    : format_(format), tool_version_(tool_version), help_base_(help_base), started_(std::chrono::system_clock::now())
{
}

std::string report_envelope::header() const
{
    switch (format_) {
    case output_format::sarif: return sarif_header(tool_version_, help_base_);
    case output_format::codeclimate: return "[";
    case output_format::text:
    case output_format::json:
    case output_format::github: break;
    }
    return {};
}

std::string report_envelope::footer(int exit_code, std::vector<std::string> const& failures) const
{
    switch (format_) {
    case output_format::sarif:
        return sarif_footer(exit_code, failures, run_times{started_, std::chrono::system_clock::now()});
    case output_format::codeclimate: return "]\n";
    case output_format::github: {
        std::string out;
        for (std::string const& failure : failures) {
            out.append("::error title=ftpuri-check::");
            append_github_data(out, terminal_safe(failure)); // a failure names a file
            out.push_back('\n');
        }
        return out;
    }
    case output_format::text:
    case output_format::json: break;
    }
    return {};
}

} // namespace ftpuri::cli
