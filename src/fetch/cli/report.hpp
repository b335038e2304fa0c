// SPDX-License-Identifier: Apache-2.0
// report.hpp: what ftpuri-fetch writes on stderr about a fetch: a line of text (the id, where,
// the message with the class or the reply code, the hint), the session with --verbose, or one
// JSON object with --json. Never a password: the commands recorded show PASS ****.
#pragma once

#include <string>
#include <string_view>

#include "ftpuri/fetch.hpp"

namespace ftpuri::fetch_cli {

// "ftpuri-fetch: error: fetch.reply at 7+8: server replied 550 at transfer; ..." and its hint,
// then with `verbose` each connection, command and reply code. Empty for a success without
// `verbose`.
[[nodiscard]] std::string text_report(fetch_result const& r, bool verbose);

// The result as one JSON object and a newline: ok, id, offset, length, message, hint, bytes,
// connections (address, class, refused), commands, replies, reply_code, stage, action, detail.
[[nodiscard]] std::string json_report(fetch_result const& r);

} // namespace ftpuri::fetch_cli
