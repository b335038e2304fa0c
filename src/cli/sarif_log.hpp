// SPDX-License-Identifier: Apache-2.0
// sarif_log.hpp: the envelope of ftpuri-check's SARIF 2.1.0 log.
//
// One log per run, with one run: the tool and its rules (from the diagnostic catalogue and the
// "why it matters" column of docs/diagnostics.md), the results (sarif_writer.hpp writes each, in
// input order, as the inputs are checked, so a log of a billion lines is streamed like any
// other output), and an invocation with the exit code and the reasons a run could not finish.
//
//     {"$schema": ..., "version": "2.1.0", "runs": [{"tool": {"driver": {..., "rules": [...]}},
//      "columnKind": "unicodeCodePoints", "results": [      <- sarif_header()
//      {...},                                              <- sarif_writer, one per diagnostic
//      {...}
//      ], "invocations": [{...}]}]}                        <- sarif_footer()
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ftpuri::cli {

// Everything before the first result.
[[nodiscard]] std::string sarif_header(std::string_view tool_version);

// Everything after the last result: `exit_code` and the messages of the errors that kept the
// run from checking everything (an unreadable file), as toolExecutionNotifications.
[[nodiscard]] std::string sarif_footer(int exit_code, std::vector<std::string> const& failures);

// A file name as a SARIF artifact URI: a relative reference for a relative path, a file: URI
// for an absolute one, percent-encoded byte by byte except for unreserved characters and '/'.
void append_artifact_uri(std::string& to, std::string_view path);

} // namespace ftpuri::cli
