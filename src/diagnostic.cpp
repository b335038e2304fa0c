// SPDX-License-Identifier: Apache-2.0
// src/diagnostic.cpp: names of the small enums, for output and for reading them back.
#include "ftpuri/diagnostic.hpp"
#include "enum_names.hpp"
#include "ftpuri/options.hpp"

namespace ftpuri {

std::string_view to_string(severity s) noexcept
{
    switch (s) {
    case severity::error: return "error";
    case severity::warning: return "warning";
    case severity::note: return "note";
    }
    return "?";
}

std::string_view to_string(component c) noexcept
{
    switch (c) {
    case component::input: return "input";
    case component::scheme: return "scheme";
    case component::authority: return "authority";
    case component::user: return "user";
    case component::password: return "password";
    case component::host: return "host";
    case component::port: return "port";
    case component::path: return "path";
    case component::typecode: return "typecode";
    case component::query: return "query";
    case component::fragment: return "fragment";
    }
    return "?";
}

std::string_view to_string(profile p) noexcept
{
    switch (p) {
    case profile::strict: return "strict";
    case profile::rfc3986: return "rfc3986";
    case profile::lenient: return "lenient";
    }
    return "?";
}

std::optional<profile> profile_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, profile::lenient);
}

std::optional<severity> severity_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, severity::note);
}

std::optional<component> component_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, component::fragment);
}

} // namespace ftpuri
