// SPDX-License-Identifier: Apache-2.0
// rule_metadata.hpp: what the CI formats say of a rule beyond the catalogue's message and hint:
// the kind of problem it finds, how much it matters to security, and where it is documented.
//
// GitHub's code scanning files a SARIF rule under security when its tags hold "security", ranks
// its alerts by properties.security-severity (a score from "0.0" to "10.0", as CVSS: 9.0 and
// up is critical, 7.0 high, 4.0 medium, below that low) and links its help to helpUri; GitLab's
// code quality report gives each issue a severity and categories. The scores are ours: one per
// id whose finding is an attack, or opens the way to one, scored by what the attack gets.
//
//   score  ids                                                     what an attacker gets
//   9.1    pct.forbidden-control, plan.anonymous-password-control, an FTP command injected (CWE-93)
//          plan.credentials-control
//   8.6    path.encoded-traversal                                  a path out of the tree (CWE-22)
//   8.6    host.denied, host.not-allowed                           SSRF past the policy (CWE-918)
//   8.2    host.numeric-ambiguous, userinfo.multiple-at            another host than checked (CWE-918)
//   8.1    char.control                                            a command line cut or extended (CWE-93)
//   8.1    pct.overlong-utf8                                       a byte past every check (CWE-176)
//   8.1    path.dot-lookalike                                      a ".." past every check (CWE-22)
//   7.5    pct.line-separator                                      a line split where others do not (CWE-93)
//   7.5    path.above-root, path.dot-after-empty,                  a climb out of the tree (CWE-22)
//          path.dot-before-empty
//   7.5    userinfo.password                                       a credential in the text (CWE-798)
//   7.4    host.percent-encoded                                    a name past an allow-list (CWE-918)
//   7.4    host.embedded-address                                   a name that resolves inside (CWE-918)
//   6.5    path.tilde-inside, path.encoded-backslash               a path out of the tree (CWE-22)
//   6.5    path.drive-letter, path.absolute                        an absolute path elsewhere (CWE-36)
//   5.3    pct.control, pct.telnet-iac                             a control byte in a command (CWE-74)
//   5.3    path.tilde-user                                         another account's files (CWE-22)
//   5.3    host.label-hyphen                                       an option in a tool's argv (CWE-88)
//   4.3    userinfo.present                                        an account name published (CWE-200)
//
// Every other id is about correctness (the URI means something else to someone, or nothing),
// interoperability (interop.*: what other parsers make of it), style (not canonical, and
// nothing else: pct.lowercase, pct.needless, scheme.uppercase, userinfo.anonymous,
// host.uppercase, port.empty, port.default, typecode.uppercase) or policy (an opt-in rule: a
// house rule, not a fault).
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
