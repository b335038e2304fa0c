// SPDX-License-Identifier: Apache-2.0
// A consumer of the installed fetch component: refusals that need no server, and a connection
// refused at connect time (nothing listens on port 9 of 127.0.0.2 by the time it is denied).
#include <ftpuri/fetch.hpp>

#include <cstdio>
#include <span>

int main()
{
    ftpuri::policy const deny_loopback{.deny = {ftpuri::host_class::loopback}};
    auto const sink = [](std::span<char const>) { return true; };
    ftpuri::fetch_options options;
    ftpuri::fetch_result const by_uri = ftpuri::fetch("ftp://127.0.0.1/f", deny_loopback, options, sink);
    options.mode = ftpuri::plan_mode::rfc1738;
    ftpuri::fetch_result const by_mode = ftpuri::fetch("ftp://ftp.example.org/f", {}, options, sink);
    options.mode = ftpuri::plan_mode::multicwd;
    options.resolve = {"files.example.com:21:127.0.0.2"};
    ftpuri::fetch_result const by_address = ftpuri::fetch("ftp://files.example.com/f", deny_loopback, options, sink);
    bool const ok = by_uri.error && by_uri.error->id == ftpuri::diag_id::host_denied && by_mode.error &&
                    by_mode.error->id == ftpuri::diag_id::fetch_mode_unsupported && by_address.error &&
                    by_address.error->id == ftpuri::diag_id::fetch_address_denied;
    std::puts(ok ? "ok" : "wrong answers");
    return ok ? 0 : 1;
}
