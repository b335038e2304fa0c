// SPDX-License-Identifier: Apache-2.0
// rule_metadata.cpp: the categories, security scores and links of the rules (rule_metadata.hpp).
#include "rule_metadata.hpp"

#include <array>
#include <cstddef>

namespace ftpuri::cli {
namespace {

// One row per id, from diagnostics.def's category, score and cwe columns.
constexpr std::array<rule_metadata, diag_catalogue.size()> table = {
#define FTPURI_DIAG(id, c_id, name, strict, rfc3986, lenient, default_on, category, score, cwe, ...)                   \
    rule_metadata{rule_category::category, score, cwe},
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG
};

} // namespace

rule_metadata const& metadata(diag_id id) noexcept
{
    return table[static_cast<std::size_t>(id)];
}

std::string_view category_name(rule_category category) noexcept
{
    switch (category) {
    case rule_category::correctness: return "correctness";
    case rule_category::security: return "security";
    case rule_category::interoperability: return "interoperability";
    case rule_category::style: return "style";
    case rule_category::policy: return "policy";
    }
    return "correctness";
}

void append_rule_anchor(std::string& to, std::string_view name)
{
    for (char const c : name)
        to.push_back(c == '.' ? '-' : c);
}

void append_rule_help_uri(std::string& to, std::string_view base, std::string_view name)
{
    to.append(base.substr(0, base.find('#'))); // a fragment of its own gives way to the row's
    to.push_back('#');
    append_rule_anchor(to, name);
}

} // namespace ftpuri::cli
