// SPDX-License-Identifier: Apache-2.0
// tests/support/uri_parts_diff.hpp: two detail::uri_parts side by side, field by field, the
// fields that differ marked: what a fast path and the full scan wrote for one input
// (tests/scan/fast_path_test.cpp, props/fast_path_props.cpp).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "ftpuri/uri_view.hpp"

namespace ftpuri_test {

inline std::string uri_parts_diff(ftpuri::detail::uri_parts const& a, ftpuri::detail::uri_parts const& b,
                                  std::string_view input, std::string_view a_name, std::string_view b_name)
{
    std::ostringstream os;
    auto pad = [](std::string_view text, std::size_t width) {
        return std::string(text) + std::string(text.size() < width ? width - text.size() : 1, ' ');
    };
    os << "\n  " << pad("field", 20) << pad(a_name, 20) << b_name;
    bool any = false;
    auto row = [&](char const* name, std::string const& x, std::string const& y) {
        os << "\n  " << pad(name, 20) << pad(x, 20) << y << (x == y ? "" : "   <-- differs");
        any = any || x != y;
    };
    auto offset = [](std::uint32_t v) {
        return v == ftpuri::uri_offsets::npos ? std::string("npos") : std::to_string(v);
    };
    auto at = [&](char const* p) {
        return p == nullptr ? std::string("null") : "input+" + std::to_string(p - input.data());
    };
    auto number = [](auto v) { return std::to_string(static_cast<unsigned>(v)); };
    row("data", at(a.data), at(b.data));
    row("size", number(a.size), number(b.size));
    row("scheme_end", offset(a.at.scheme_end), offset(b.at.scheme_end));
    row("user_begin", offset(a.at.user_begin), offset(b.at.user_begin));
    row("user_end", offset(a.at.user_end), offset(b.at.user_end));
    row("password_begin", offset(a.at.password_begin), offset(b.at.password_begin));
    row("password_end", offset(a.at.password_end), offset(b.at.password_end));
    row("host_begin", offset(a.at.host_begin), offset(b.at.host_begin));
    row("host_end", offset(a.at.host_end), offset(b.at.host_end));
    row("port_begin", offset(a.at.port_begin), offset(b.at.port_begin));
    row("port_end", offset(a.at.port_end), offset(b.at.port_end));
    row("path_begin", offset(a.at.path_begin), offset(b.at.path_begin));
    row("path_end", offset(a.at.path_end), offset(b.at.path_end));
    row("typecode_begin", offset(a.at.typecode_begin), offset(b.at.typecode_begin));
    row("typecode_end", offset(a.typecode_end), offset(b.typecode_end));
    row("query_begin", offset(a.at.query_begin), offset(b.at.query_begin));
    row("query_end", offset(a.at.query_end), offset(b.at.query_end));
    row("fragment_begin", offset(a.at.fragment_begin), offset(b.at.fragment_begin));
    row("port_number", number(a.port_number), number(b.port_number));
    row("kind", std::string(ftpuri::to_string(a.kind)), std::string(ftpuri::to_string(b.kind)));
    row("typecode", number(a.typecode), number(b.typecode));
    row("syntax", number(a.syntax), number(b.syntax));
    row("facts", number(a.facts), number(b.facts));
    row("path_respelled_from", offset(a.path_respelled_from), offset(b.path_respelled_from));
    if (!any) os << "\n  (no field above differs: a field added to uri_parts since this printer was written does)";
    return os.str();
}

} // namespace ftpuri_test
