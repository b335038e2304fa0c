// SPDX-License-Identifier: Apache-2.0
// option_checks.cpp: the checks of single option values (option_checks.hpp).
#include "option_checks.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>

#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"

namespace ftpuri::cli {
namespace {

// An id that is an error, and only an error, in profile p (diagnostics.def's severity columns):
// --disable cannot hide it.
bool only_an_error(std::string_view name, ftpuri::profile p)
{
    std::optional<ftpuri::diag_id> const id = ftpuri::diag_id_from_string(name);
    return id && ftpuri::info(*id).by_profile[static_cast<std::size_t>(p)] == ftpuri::severity::error;
}

} // namespace

output_format format_from(std::string const& name)
{
    if (name == "json") return output_format::json;
    if (name == "sarif") return output_format::sarif;
    if (name == "github") return output_format::github;
    if (name == "codeclimate") return output_format::codeclimate;
    return output_format::text;
}

std::optional<ftpuri::severity> severity_from(std::string_view name)
{
    if (name == "note") return ftpuri::severity::note;
    if (name == "warning") return ftpuri::severity::warning;
    if (name == "error") return ftpuri::severity::error;
    return std::nullopt;
}

std::string scheme_problem(std::string& scheme)
{
    bool ok = !scheme.empty() && std::isalpha(static_cast<unsigned char>(scheme[0])) != 0;
    for (char& c : scheme) {
        ok = ok && (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '+' || c == '-' || c == '.');
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (scheme == "ftp") return "ftp is the scheme checked; it cannot be skipped";
    return ok ? std::string() : "not a scheme: '" + scheme + "'";
}

std::string help_uri_problem(std::string const& uri)
{
    bool const clean = std::none_of(uri.begin(), uri.end(), [](char c) {
        return static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) == 0x7F ||
               std::string_view("\"<>\\^`{|}").find(c) != std::string_view::npos;
    });
    return clean && uri.find(':') != std::string::npos ? std::string() : "not an absolute URI: " + uri;
}

std::string disable_problem(std::vector<std::string> const& disabled, ftpuri::profile p)
{
    for (std::string const& name : disabled)
        if (only_an_error(name, p))
            return "--disable " + name + ": an error in the " + std::string(ftpuri::to_string(p)) +
                   " profile, and errors are always reported (they make the URI invalid); --disable takes "
                   "warnings and notes";
    return {};
}

// On a URI whose plan sends the anonymous password, so that the option is refused before any
// input is read rather than every plan.
std::string anonymous_password_problem(std::string const& password)
{
    ftpuri::parse_result const uri = ftpuri::parse("ftp://h/");
    ftpuri::plan_options options;
    options.anonymous_password = password;
    ftpuri::plan_result const planned = ftpuri::plan(*uri, options);
    if (planned) return {};
    ftpuri::diag_info const& about = planned.error().info();
    std::string problem(ftpuri::message(planned.error()));
    problem += " [";
    problem += about.name;
    problem += "]; ";
    problem += about.hint;
    return problem;
}

} // namespace ftpuri::cli
