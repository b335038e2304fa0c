// SPDX-License-Identifier: Apache-2.0
// src/canonical_host.hpp: a URI's host as the canonical form spells it, without a copy where the
// scan says it is already spelled so. Internal.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "ftpuri/policy.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::detail {

// A DNS name is at most 253 bytes and a trailing dot: room for any host a resolver takes. A
// longer canonical host is no name a resolver takes, however it is spelled.
inline constexpr std::size_t host_buffer_size = 256;
using host_buffer = std::array<char, host_buffer_size>;

// The canonical host, in `buffer` or in the URI's own bytes; nothing when it is longer than
// host_buffer_size, which no DNS name and no IP literal is, whichever way it is spelled.
[[nodiscard]] inline std::optional<std::string_view> canonical_host_view(uri_view const& uri,
                                                                         host_buffer& buffer) noexcept
{
    if ((view_access::parts(uri).facts & host_as_written) != 0) {
        if (uri.host().size() > host_buffer_size) return std::nullopt;
        return uri.host();
    }
    write_result const r = canonical_host_into(uri, buffer);
    if (r.status == write_status::buffer_too_small) return std::nullopt;
    return std::string_view(buffer.data(), r ? r.size : 0); // a refused IDNA host reads as empty
}

} // namespace ftpuri::detail
