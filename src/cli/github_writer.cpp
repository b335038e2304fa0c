// SPDX-License-Identifier: Apache-2.0
// github_writer.cpp: GitHub Actions' workflow commands (github_writer.hpp).
#include "github_writer.hpp"

#include <cstdint>

#include "source_path.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {
namespace {

void append_escaped(std::string& to, std::string_view text, bool property)
{
    for (char const c : text) {
        switch (c) {
        case '%': to.append("%25"); break;
        case '\r': to.append("%0D"); break;
        case '\n': to.append("%0A"); break;
        case ':':
            if (property)
                to.append("%3A");
            else
                to.push_back(c);
            break;
        case ',':
            if (property)
                to.append("%2C");
            else
                to.push_back(c);
            break;
        default: to.push_back(c);
        }
    }
}

std::string_view command_of(severity level) noexcept
{
    switch (level) {
    case severity::error: return "::error ";
    case severity::warning: return "::warning ";
    case severity::note: return "::notice ";
    }
    return "::error ";
}

} // namespace

void append_github_data(std::string& to, std::string_view text)
{
    append_escaped(to, text, false);
}

void append_github_property(std::string& to, std::string_view text)
{
    append_escaped(to, text, true);
}

void github_writer::name_origin(input_origin const& origin)
{
    if (named_ && from_file_ == origin.from_file && origin.name == name_) return;
    name_.assign(origin.name);
    from_file_ = origin.from_file;
    named_ = true;
    shown_.clear();
    append_terminal_safe(shown_, origin.from_file ? relative_source_path(origin.name).path : origin.name);
    escaped_.clear();
    if (origin.from_file)
        append_github_property(escaped_, shown_);
    else
        append_github_data(escaped_, shown_);
}

void github_writer::write(checked_input const& input, std::string& to)
{
    input_origin const& origin = input.origin;
    for (diagnostic const& d : input.diagnostics) {
        if (!input.shown(d)) continue;
        name_origin(origin);
        diag_info const& about = d.info();
        std::uint64_t const first = code_point_column(input.bytes, d.offset);
        std::uint64_t const end = code_point_column(input.bytes, std::uint64_t{d.offset} + input.reported_length(d));
        std::uint64_t const last = end > first ? end - 1 : first; // endColumn is the last column

        to.append(command_of(d.level));
        if (origin.from_file) {
            to.append("file=");
            to.append(escaped_);
            to.append(",line=");
            append_number(to, origin.line);
            to.append(",col=");
            append_number(to, first);
            to.append(",endColumn=");
            append_number(to, last);
            to.push_back(',');
        }
        to.append("title=");
        append_github_property(to, about.name);
        to.append("::");
        if (!origin.from_file) {
            to.append(escaped_);
            to.push_back(':');
            append_number(to, origin.line);
            to.push_back(':');
            append_number(to, first);
            to.append(": ");
        }
        append_github_data(to, ftpuri::message(d)); // host.denied's names the class
        to.append("%0Ahint: ");
        append_github_data(to, about.hint);
        to.push_back('\n');
    }
}

} // namespace ftpuri::cli
