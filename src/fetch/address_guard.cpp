// SPDX-License-Identifier: Apache-2.0
// address_guard.cpp: the open-socket callback (address_guard.hpp).
#include "fetch/address_guard.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace ftpuri::fetch_detail {
namespace {

// "192.0.2.7:21", "[2001:db8::7]:21": how a connection is shown in a result.
std::string text_of(curl_sockaddr const& a)
{
    char host[INET6_ADDRSTRLEN] = {};
    if (a.family == AF_INET) {
        sockaddr_in in{};
        std::memcpy(&in, &a.addr, std::min<std::size_t>(sizeof in, a.addrlen));
        inet_ntop(AF_INET, &in.sin_addr, host, sizeof host);
        return std::string(host) + ":" + std::to_string(ntohs(in.sin_port));
    }
    if (a.family == AF_INET6) {
        sockaddr_in6 in6{};
        std::memcpy(&in6, &a.addr, std::min<std::size_t>(sizeof in6, a.addrlen));
        inet_ntop(AF_INET6, &in6.sin6_addr, host, sizeof host);
        // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "..." + string.
        std::string text = "[";
        text += host;
        text += "]:";
        text += std::to_string(ntohs(in6.sin6_port));
        return text;
    }
    return "(address family " + std::to_string(a.family) + ")";
}

curl_socket_t open_socket(void* data, curlsocktype /*purpose*/, curl_sockaddr* address)
{
    auto& guard = *static_cast<address_guard*>(data);
    fetch_connection seen{text_of(*address), class_of(*address), false};
    // Once one address is refused the fetch is lost: a name with one denied answer is refused
    // whole, rather than tried at its next address.
    if (guard.denied || guard.deny.contains(seen.cls)) {
        seen.refused = true;
        if (!guard.denied) guard.denied_class = seen.cls;
        guard.denied = true;
        guard.connections.push_back(std::move(seen));
        return CURL_SOCKET_BAD;
    }
    guard.connections.push_back(std::move(seen));
    return socket(address->family, address->socktype, address->protocol);
}

} // namespace

host_class class_of(curl_sockaddr const& a) noexcept
{
    if (a.family == AF_INET) {
        sockaddr_in in{};
        std::memcpy(&in, &a.addr, std::min<std::size_t>(sizeof in, a.addrlen));
        std::uint8_t bytes[4];
        std::memcpy(bytes, &in.sin_addr, 4);
        return classify_address(std::span<std::uint8_t const, 4>(bytes));
    }
    if (a.family == AF_INET6) {
        sockaddr_in6 in6{};
        std::memcpy(&in6, &a.addr, std::min<std::size_t>(sizeof in6, a.addrlen));
        return classify_address(std::span<std::uint8_t const, 16>(in6.sin6_addr.s6_addr));
    }
    return host_class::reserved; // no other family is an FTP server
}

void address_guard::install(CURL* curl)
{
    curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, &open_socket);
    curl_easy_setopt(curl, CURLOPT_OPENSOCKETDATA, this);
}

} // namespace ftpuri::fetch_detail
