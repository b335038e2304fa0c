// src/canonical_host.hpp: a URI's host as the canonical form spells it, without a copy where the
// scan says it is already spelled so. Internal.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "ftpuri/policy.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::detail {

// A DNS name is at most 253 bytes and a trailing dot: room for any host a resolver takes.
using host_buffer = std::array<char, 256>;

// The canonical host, in `buffer` or in the URI's own bytes; nothing when it does not fit, which
// no DNS name and no IP literal does.
[[nodiscard]] inline std::optional<std::string_view> canonical_host_view(uri_view const& uri,
                                                                         host_buffer& buffer) noexcept
{
    if ((view_access::parts(uri).facts & host_as_written) != 0) return uri.host();
    std::size_t const n = canonical_host(uri, buffer);
    if (n > buffer.size()) return std::nullopt;
    return std::string_view(buffer.data(), n);
}

} // namespace ftpuri::detail
