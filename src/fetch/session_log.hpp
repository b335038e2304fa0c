// SPDX-License-Identifier: Apache-2.0
// session_log.hpp: libcurl's debug callback, which records each command line sent on the control
// connection (a password masked) and each reply code received, with the plan stage it came at.
//
// The commands are what the fetch result lists and what the tests hold to plan(): libcurl
// hands every line it writes to the server (CURLINFO_HEADER_OUT) and every reply line it reads
// (CURLINFO_HEADER_IN) to CURLOPT_DEBUGFUNCTION, once CURLOPT_VERBOSE is on.
#pragma once

#include <curl/curl.h>

#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/reply.hpp"

namespace ftpuri::fetch_detail {

struct failed_reply {
    unsigned code = 0;
    plan_stage stage = plan_stage::login;
};

struct session_log {
    bool mask_password = true; // PASS **** unless the password is the anonymous one
    std::vector<std::string> commands;
    std::vector<unsigned> replies;
    failed_reply last_failure; // the last 4xx, 5xx or 6xx reply that ends a fetch (code 0: none)

    // Installs the debug callback on `curl` with this log as its data (and turns on VERBOSE,
    // which libcurl needs to call it; nothing is printed, the callback takes every line).
    void install(CURL* curl);

    void on_command(std::string_view line);
    void on_reply(std::string_view line);

private:
    std::string pending_;   // a reply line split across two calls
    std::string last_verb_; // of the last command sent, upper case
};

// The stage of the plan a command belongs to: USER, PASS, ACCT the login; CWD, TYPE, PWD the
// path; every other (EPSV, PASV, SIZE, RETR, LIST, NLST, REST) the transfer.
[[nodiscard]] plan_stage stage_of(std::string_view verb) noexcept;

} // namespace ftpuri::fetch_detail
