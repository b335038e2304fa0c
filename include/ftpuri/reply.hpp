// SPDX-License-Identifier: Apache-2.0
// ftpuri/reply.hpp: what a client executing an ftp URI does with the server's reply codes.
//
// draft-yevstifeyev-ftp-uri-scheme section 2.2.4 says how a client handling an ftp URI reacts
// to the error replies of RFC 959 (and RFC 2228's 6xx); docs/behaviour.md, "The command plan", adopts
// it. reply_action() is that table, with an answer for every other code too, so that a client
// never has to guess: docs/plan.md lists it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri/export.h"

namespace ftpuri {

// Where in the URI's plan the reply came.
enum class plan_stage : std::uint8_t {
    login,    // USER, PASS: the <user-pass> part
    path,     // CWD and TYPE: walking the <ftp-path>
    transfer, // RETR, NLST, LIST and their data connection
};

enum class client_action : std::uint8_t {
    proceed,             // a positive reply (1xx, 2xx, 3xx): go on with the plan
    stop,                // stop handling the URI and tell the user; nothing more is sent for it
    stop_keep_directory, // stop and tell the user, but keep the directory reached so far
                         // active, so that they can decide what to do next
    ask_credentials,     // suspend: ask the user for other credentials, or let them go on
                         // anonymously or unauthenticated, or close the connection
    log_in,              // suspend: log in with the URI's credentials if it has any, else ask
                         // the user; if that fails too, as ask_credentials
};

[[nodiscard]] FTPURI_API std::string_view to_string(plan_stage s) noexcept;
[[nodiscard]] FTPURI_API std::string_view to_string(client_action a) noexcept;
[[nodiscard]] FTPURI_API std::optional<plan_stage> plan_stage_from_string(std::string_view name) noexcept;
[[nodiscard]] FTPURI_API std::optional<client_action> client_action_from_string(std::string_view name) noexcept;

// The action for reply `code` at `stage`:
//   421, 426, 434 (any stage)                              stop
//   425, 450, 451, 452, 550-553 (path, transfer)           stop_keep_directory
//   501-504 (path, transfer)                               stop_keep_directory
//   430 (login)                                            ask_credentials
//   530 (any stage)                                        log_in
//   332 (any stage: the server wants an account, ACCT,
//        which no ftp URI can hold)                        ask_credentials
//   any other 1xx, 2xx, 3xx                                proceed
//   6xx, every other 4xx and 5xx, a code named above at a
//   stage the draft does not name it for, and anything
//   outside 100-699 (not an FTP reply)                     stop
[[nodiscard]] FTPURI_API client_action reply_action(unsigned code, plan_stage stage) noexcept;

} // namespace ftpuri
