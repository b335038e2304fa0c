// SPDX-License-Identifier: Apache-2.0
// report_writer.cpp: the writer of each output format (report_writer.hpp).
#include "report_writer.hpp"

#include "json_writer.hpp"
#include "sarif_writer.hpp"
#include "text_writer.hpp"

namespace ftpuri::cli {

std::unique_ptr<report_writer> make_report_writer(output_format format, bool colour, parse_options const& parse,
                                                  plan_display plan)
{
    switch (format) {
    case output_format::json: return std::make_unique<json_writer>(plan);
    case output_format::sarif: return std::make_unique<sarif_writer>(parse);
    case output_format::text: break;
    }
    return std::make_unique<text_writer>(colour);
}

} // namespace ftpuri::cli
