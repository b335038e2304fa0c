// SPDX-License-Identifier: Apache-2.0
// src/uri_view.cpp: the parts of uri_view that are not one-line accessors.
#include "ftpuri/uri_view.hpp"

#include "enum_names.hpp"
#include "ftpuri/pct.hpp"

namespace ftpuri {

std::string_view to_string(host_kind k) noexcept
{
    switch (k) {
    case host_kind::dns_name: return "dns-name";
    case host_kind::ipv4: return "ipv4";
    case host_kind::ipv6: return "ipv6";
    case host_kind::ipvfuture: return "ipvfuture";
    case host_kind::reg_name: return "reg-name";
    }
    return "?";
}

std::optional<host_kind> host_kind_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, host_kind::reg_name);
}

std::string_view uri_view::raw(component c) const noexcept
{
    switch (c) {
    case component::input: return buffer();
    case component::scheme: return scheme();
    case component::authority: {
        std::uint32_t const begin = 6;
        return {p_.data + begin, p_.at.path_begin - begin};
    }
    case component::user: return user();
    case component::password: return password();
    case component::host: return host();
    case component::port: return port();
    case component::path: return path();
    case component::typecode: return typecode_part();
    case component::query: return query();
    case component::fragment: return fragment();
    }
    return {};
}

std::size_t uri_view::decode_size_bound(component c) const noexcept
{
    std::string_view const text = raw(c);
    std::size_t size = text.size();
    for (char ch : text)
        size -= ch == '%' ? 2 : 0;
    return size;
}

write_result uri_view::decode_into(component c, std::span<char> out) const noexcept
{
    return percent_decode_into(raw(c), out); // the base: no offset, a view has no malformed escape
}

} // namespace ftpuri
