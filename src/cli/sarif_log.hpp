// SPDX-License-Identifier: Apache-2.0
// sarif_log.hpp: the envelope of ftpuri-check's SARIF 2.1.0 log.
//
// One log per run, with one run: the tool and its rules (from the diagnostic catalogue, the
// "why it matters" column of docs/diagnostics.md and rule_metadata.hpp), the results
// (sarif_writer.hpp writes each, in input order, as the inputs are checked, so a log of a
// billion lines is streamed like any other output), and an invocation with the exit code, the
// times the run started and ended, and the reasons a run could not finish.
//
//     {"$schema": ..., "version": "2.1.0", "runs": [{"tool": {"driver": {..., "rules": [...]}},
//      "columnKind": "unicodeCodePoints", "originalUriBaseIds": {...}, "results": [
//                                                          <- sarif_header()
//      {...},                                              <- sarif_writer, one per diagnostic
//      {...}
//      ], "invocations": [{...}]}]}                        <- sarif_footer()
//
// What GitHub's code scanning makes of it: help.markdown is the rule's help page (its fix, why
// it matters, and `ftpuri-check --explain ID`), and only when the user gives the address of
// their copy of docs/diagnostics.md (--help-uri-base) does each rule get a helpUri to its row:
// no link goes to a host the user did not name. The tags and security-severity of the security rules
// (rule_metadata.hpp) file their alerts under security, ranked, and the results' fingerprints
// keep an alert one alert from run to run. A file in the working directory is a URI relative to
// %SRCROOT%, which the run describes without giving its absolute path: that would name the
// machine the log was made on, and GitHub resolves the URI against the checkout itself.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ftpuri::cli {

// The uriBaseId of the files named relative to the working directory.
inline constexpr char const* sarif_source_root = "%SRCROOT%";

// Everything before the first result. `help_base`: the address of docs/diagnostics.md that
// each rule's helpUri is made from (with the row's anchor); empty, no helpUri.
[[nodiscard]] std::string sarif_header(std::string_view tool_version, std::string_view help_base = {});

// When a run started and ended (the invocation's startTimeUtc and endTimeUtc).
struct run_times {
    std::chrono::system_clock::time_point start;
    std::chrono::system_clock::time_point end;
};

// Everything after the last result: `exit_code`, the run's times when there was a run (--rules
// has none), and the messages of the errors that kept the run from checking everything (an
// unreadable file), as toolExecutionNotifications.
[[nodiscard]] std::string sarif_footer(int exit_code, std::vector<std::string> const& failures,
                                       std::optional<run_times> times = std::nullopt);

// Appends `t` as SARIF writes times: ISO 8601 in UTC, to the millisecond, 2024-05-01T09:30:00.250Z.
void append_utc_time(std::string& to, std::chrono::system_clock::time_point t);

// A file name as a SARIF artifact URI: a relative reference for a relative path, a file: URI
// for an absolute one, percent-encoded byte by byte except for unreserved characters and '/'.
void append_artifact_uri(std::string& to, std::string_view path);

} // namespace ftpuri::cli
