// SPDX-License-Identifier: Apache-2.0
// option_checks.hpp: the checks of single option values, each a problem to show ("" when the
// value is good), and the names of the enumerated ones.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

// --format's name; text for any other (CLI11 has checked it).
[[nodiscard]] output_format format_from(std::string const& name);

// --min-severity's name, or nothing.
[[nodiscard]] std::optional<ftpuri::severity> severity_from(std::string_view name);

// --skip-scheme's check of one scheme, which it lowercases: "" when it is one.
[[nodiscard]] std::string scheme_problem(std::string& scheme);

// --help-uri-base's check: it goes into every SARIF rule as it is, so no blank or control byte,
// none of RFC 3986's never-allowed characters, and a scheme.
[[nodiscard]] std::string help_uri_problem(std::string const& uri);

// --disable of an error hides nothing (errors make a URI invalid and are always reported): a
// usage error.
[[nodiscard]] std::string disable_problem(std::vector<std::string> const& disabled, ftpuri::profile p);

// --anonymous-password: the library's own check (plan.anonymous-password-control).
[[nodiscard]] std::string anonymous_password_problem(std::string const& password);

} // namespace ftpuri::cli
