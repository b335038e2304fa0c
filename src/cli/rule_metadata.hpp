// SPDX-License-Identifier: Apache-2.0
// rule_metadata.hpp: what the CI formats say of a rule beyond the catalogue's message and hint:
// the kind of problem it finds, how much it matters to security, and where it is documented.
//
// GitHub's code scanning files a SARIF rule under security when its tags hold "security", ranks
// its alerts by properties.security-severity (a score from "0.0" to "10.0", as CVSS: 9.0 and
// up is critical, 7.0 high, 4.0 medium, below that low) and links its help to helpUri; GitLab's
// code quality report gives each issue a severity and categories. The scores are ours: one per
// id whose finding is an attack, or opens the way to one, scored by what the attack gets (9.1 a
// command injected, 8.6 a path out of the tree or SSRF past the policy, down to 4.3 an account
// name published). Each id's category, score and CWE are columns of its row in
// include/ftpuri/diagnostics.def.
//
// Every id that is not about security is about correctness (the URI means something else to
// someone, or nothing), interoperability (interop.*: what other parsers make of it), style (not
// canonical, and nothing else) or policy (an opt-in rule: a house rule, not a fault).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri::cli {

enum class rule_category : std::uint8_t { correctness, security, interoperability, style, policy };

struct rule_metadata {
    rule_category category = rule_category::correctness;
    std::string_view security_severity; // a security rule's score ("9.1"), else empty
    std::uint16_t cwe = 0;              // a security rule's CWE, else 0
};

[[nodiscard]] rule_metadata const& metadata(diag_id id) noexcept;

// "correctness", "security", "interoperability", "style", "policy": SARIF's first tag.
[[nodiscard]] std::string_view category_name(rule_category category) noexcept;

// Appends the anchor of `name`'s row in docs/diagnostics.md: the id with its '.' as '-'
// ("host.empty" is #host-empty), which no heading of the page takes (a namespace has no '-').
void append_rule_anchor(std::string& to, std::string_view name);

// Appends the address of `name`'s row in docs/diagnostics.md: `base`, the address of the page
// that the user gave (--help-uri-base), then '#' and the anchor.
void append_rule_help_uri(std::string& to, std::string_view base, std::string_view name);

} // namespace ftpuri::cli
