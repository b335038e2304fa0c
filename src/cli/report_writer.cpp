// SPDX-License-Identifier: Apache-2.0
// report_writer.cpp: the writer of each output format (report_writer.hpp).
#include "report_writer.hpp"

#include "codeclimate_writer.hpp"
#include "github_writer.hpp"
#include "json_writer.hpp"
#include "sarif_writer.hpp"
#include "text_writer.hpp"
#include "well_formed_utf8.hpp"

namespace ftpuri::cli {

std::unique_ptr<report_writer> make_report_writer(output_format format, bool colour, parse_options const& parse,
                                                  plan_display plan)
{
    switch (format) {
    case output_format::json: return std::make_unique<json_writer>(plan);
    case output_format::sarif: return std::make_unique<sarif_writer>(parse);
    case output_format::github: return std::make_unique<github_writer>();
    case output_format::codeclimate: return std::make_unique<codeclimate_writer>();
    case output_format::text: break;
    }
    return std::make_unique<text_writer>(colour);
}

std::uint64_t code_point_column(std::string_view line, std::uint64_t offset) noexcept
{
    std::uint64_t column = 1;
    std::size_t i = 0;
    while (i < line.size() && i < offset) {
        std::size_t const n = utf8_sequence_length(line, i);
        i += n == 0 ? 1 : n;
        ++column;
    }
    if (offset > line.size()) column += offset - line.size();
    return column;
}

} // namespace ftpuri::cli
