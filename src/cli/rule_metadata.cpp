// SPDX-License-Identifier: Apache-2.0
// rule_metadata.cpp: the categories, security scores and links of the rules (rule_metadata.hpp).
#include "rule_metadata.hpp"

#include <array>
#include <cstddef>

namespace ftpuri::cli {
namespace {

struct security_row {
    std::string_view id;
    std::string_view score;
    std::uint16_t cwe;
};

// rule_metadata.hpp's table, in its order.
constexpr security_row security_rows[] = {
    {"pct.forbidden-control", "9.1", 93},
    {"plan.anonymous-password-control", "9.1", 93},
    {"plan.credentials-control", "9.1", 93},
    {"path.encoded-traversal", "8.6", 22},
    {"host.denied", "8.6", 918},
    {"host.not-allowed", "8.6", 918},
    {"host.numeric-ambiguous", "8.2", 918},
    {"userinfo.multiple-at", "8.2", 918},
    {"char.control", "8.1", 93},
    {"pct.overlong-utf8", "8.1", 176},
    {"path.dot-lookalike", "8.1", 22},
    {"pct.line-separator", "7.5", 93},
    {"path.above-root", "7.5", 22},
    {"path.dot-after-empty", "7.5", 22},
    {"path.dot-before-empty", "7.5", 22},
    {"userinfo.password", "7.5", 798},
    {"host.percent-encoded", "7.4", 918},
    {"host.embedded-address", "7.4", 918},
    {"path.tilde-inside", "6.5", 22},
    {"path.encoded-backslash", "6.5", 22},
    {"path.drive-letter", "6.5", 36},
    {"path.absolute", "6.5", 36},
    {"pct.control", "5.3", 74},
    {"pct.telnet-iac", "5.3", 74},
    {"path.tilde-user", "5.3", 22},
    {"host.label-hyphen", "5.3", 88},
    {"userinfo.present", "4.3", 200},
};

constexpr std::string_view style_ids[] = {
    "pct.lowercase",  "pct.needless", "scheme.uppercase", "userinfo.anonymous",
    "host.uppercase", "port.empty",   "port.default",     "typecode.uppercase",
};

// The index of `name` in the catalogue, or its size when it is not an id.
constexpr std::size_t catalogue_index(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < diag_catalogue.size(); ++i)
        if (diag_catalogue[i].name == name) return i;
    return diag_catalogue.size();
}

constexpr bool every_listed_id_exists() noexcept
{
    for (security_row const& row : security_rows)
        if (catalogue_index(row.id) == diag_catalogue.size()) return false;
    for (std::string_view const id : style_ids)
        if (catalogue_index(id) == diag_catalogue.size()) return false;
    return true;
}
static_assert(every_listed_id_exists(), "a rule_metadata table names an id the catalogue does not have");

constexpr std::array<rule_metadata, diag_catalogue.size()> make_table() noexcept
{
    std::array<rule_metadata, diag_catalogue.size()> table{};
    for (std::size_t i = 0; i < diag_catalogue.size(); ++i) {
        diag_info const& row = diag_catalogue[i];
        if (row.name.starts_with("interop."))
            table[i].category = rule_category::interoperability;
        else if (row.opt_in)
            table[i].category = rule_category::policy;
    }
    for (std::string_view const id : style_ids)
        table[catalogue_index(id)].category = rule_category::style;
    for (security_row const& row : security_rows)
        table[catalogue_index(row.id)] = {rule_category::security, row.score, row.cwe};
    return table;
}

constexpr std::array<rule_metadata, diag_catalogue.size()> table = make_table();

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
