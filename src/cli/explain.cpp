// SPDX-License-Identifier: Apache-2.0
#include "explain.hpp"

#include <cstddef>
#include <optional>

#include "ftpuri/diagnostic.hpp"
#include "rule_rationale.inc"

namespace ftpuri::cli {

std::optional<std::string> explain_rule(std::string_view name)
{
    std::optional<diag_id> const id = diag_id_from_string(name);
    if (!id) return std::nullopt;
    diag_info const& row = info(*id);
    rule_rationale_row const& doc = rule_rationale[static_cast<std::size_t>(*id)];
    std::string out(row.name);
    out += ": ";
    out += row.message;
    out += "\n\nseverity: ";
    constexpr std::string_view profiles[] = {"strict", "rfc3986", "lenient"};
    for (std::size_t p = 0; p < 3; ++p) {
        if (p != 0) out += ", ";
        std::optional<severity> const level = row.by_profile[p];
        out += level ? to_string(*level) : "\xE2\x80\x94"; // docs/diagnostics.md's dash: never reported there
        out += " (";
        out += profiles[p];
        out += ')';
    }
    if (row.opt_in) out += "; an opt-in rule: reported with --enable ";
    if (row.opt_in) out += row.name;
    out += "\nwhy it matters: ";
    out += doc.text;
    out += "\nexample: ";
    out += doc.example;
    out += " (offset ";
    out += doc.offset;
    out += ", length ";
    out += doc.length;
    out += ")\nfix: ";
    out += row.hint;
    out += '\n';
    return out;
}

} // namespace ftpuri::cli
