// SPDX-License-Identifier: Apache-2.0
// src/reply.cpp: draft-yevstifeyev 2.2.4's reactions to reply codes.
#include "ftpuri/reply.hpp"

#include "enum_names.hpp"

namespace ftpuri {

std::string_view to_string(plan_stage s) noexcept
{
    switch (s) {
    case plan_stage::login: return "login";
    case plan_stage::path: return "path";
    case plan_stage::transfer: return "transfer";
    }
    return "?";
}

std::string_view to_string(client_action a) noexcept
{
    switch (a) {
    case client_action::proceed: return "proceed";
    case client_action::stop: return "stop";
    case client_action::stop_keep_directory: return "stop-keep-directory";
    case client_action::ask_credentials: return "ask-credentials";
    case client_action::log_in: return "log-in";
    }
    return "?";
}

std::optional<plan_stage> plan_stage_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, plan_stage::transfer);
}

std::optional<client_action> client_action_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, client_action::log_in);
}

client_action reply_action(unsigned code, plan_stage stage) noexcept
{
    if (code < 100 || code > 699) return client_action::stop; // not an FTP reply
    bool const walking = stage == plan_stage::path || stage == plan_stage::transfer;
    switch (code) {
    // 2.2.4.1: "service not available", "connection closed", "host not available".
    case 421:
    case 426:
    case 434: return client_action::stop;
    // 2.2.4.1 and 2.2.4.2, "upon processing the <ftp-path>": keep the directory reached.
    case 425:
    case 450:
    case 451:
    case 452:
    case 501:
    case 502:
    case 503:
    case 504:
    case 550:
    case 551:
    case 552:
    case 553: return walking ? client_action::stop_keep_directory : client_action::stop;
    // 2.2.4.1, "upon processing the <user-pass> part".
    case 430: return stage == plan_stage::login ? client_action::ask_credentials : client_action::stop;
    // 2.2.4.2: "not logged on", whenever it comes.
    case 530: return client_action::log_in;
    // RFC 959's "need account": an ftp URI has no account (ACCT) to send.
    case 332: return client_action::ask_credentials;
    default: break;
    }
    // 1xx-3xx are positive; 2.2.4.3: 6xx are not expected for ftp URIs; any other 4xx or 5xx
    // is an error the draft does not name, where stopping is the one safe reaction.
    return code < 400 ? client_action::proceed : client_action::stop;
}

} // namespace ftpuri
