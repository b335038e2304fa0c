// SPDX-License-Identifier: Apache-2.0
// address_guard.hpp: libcurl's open-socket callback, which classifies every address a fetch is
// about to connect to and refuses a denied one before the socket exists.
//
// libcurl calls it for every connection it makes (CURLOPT_OPENSOCKETFUNCTION, purpose
// CURLSOCKTYPE_IPCXN): the control connection, each data connection, each address a name
// resolved to (happy eyeballs tries several), whenever the name was resolved. That is the one
// place where the address is certain; a check before libcurl resolves again sees another
// answer (DNS rebinding).
#pragma once

#include <curl/curl.h>

#include <vector>

#include "ftpuri/fetch.hpp"
#include "ftpuri/host_class.hpp"

namespace ftpuri::fetch_detail {

struct address_guard {
    host_class_set deny;
    std::vector<fetch_connection> connections; // every address asked for, in order
    bool denied = false;                       // one was refused: so is every later one
    host_class denied_class = host_class::public_;

    // Installs open_socket on `curl` with this guard as its data.
    void install(CURL* curl);
};

// The class of a socket address libcurl gives; reserved for a family no FTP server has.
[[nodiscard]] host_class class_of(curl_sockaddr const& address) noexcept;

} // namespace ftpuri::fetch_detail
