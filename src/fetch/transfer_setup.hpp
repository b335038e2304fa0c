// SPDX-License-Identifier: Apache-2.0
// transfer_setup.hpp: a libcurl easy handle configured from a sanitized URI and fetch_options,
// every option that makes the fetch the URI's plan and keeps it inside the policy.
#pragma once

#include <curl/curl.h>

#include <memory>
#include <string>

#include "ftpuri/fetch.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::fetch_detail {

// The login libcurl sends: the URI's own user and password (decoded), the caller's
// credentials, or the anonymous login.
struct login {
    std::string user;
    std::string password;
    bool is_anonymous = false;
};

// What a handle points into, which must outlive the transfer.
struct transfer_setup {
    std::string url; // the canonical form without userinfo and fragment
    login credentials;
    curl_slist* resolve = nullptr;

    transfer_setup() = default;
    transfer_setup(transfer_setup const&) = delete;
    transfer_setup& operator=(transfer_setup const&) = delete;
    ~transfer_setup() { curl_slist_free_all(resolve); }
};

// The URL libcurl is given: the canonical URI's scheme, host, port, path and typecode, with
// neither userinfo (sent as CURLOPT_USERNAME and CURLOPT_PASSWORD instead, so that no libcurl
// message can show it) nor fragment (never sent).
[[nodiscard]] std::string url_without_userinfo(uri_view const& canonical);

// Sets on `curl` every option of the fetch: protocol, redirects, proxy, file method, type,
// credentials, passive mode, limits and the resolve overrides. `setup` is filled with what
// they point into. False when libcurl refuses an option (its version is too old).
[[nodiscard]] bool configure(CURL* curl, uri_view const& canonical, fetch_options const& options, login credentials,
                             transfer_setup& setup);

} // namespace ftpuri::fetch_detail
