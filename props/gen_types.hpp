// SPDX-License-Identifier: Apache-2.0
// props/gen_types.hpp: the generated types, and how a counterexample of each prints.
// One part of generators.hpp, which includes them all.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "ftpuri/options.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/uri_view.hpp"
#include "support.hpp"

namespace ftpuri_props {

namespace gen = rc::gen;
using ftpuri::encode_set;
using ftpuri::host_kind;
using ftpuri::profile;

// ---- generated types and how they print -----------------------------------------------------

// An arbitrary byte string (percent-encoding input, decoding input).
struct byte_string {
    std::string bytes;
};
inline void showValue(byte_string const& b, std::ostream& os)
{
    os << escape_bytes(b.bytes) << " (" << b.bytes.size() << " bytes)";
}

struct host_spec {
    std::string text;     // as written in the URI
    std::string expected; // its canonical spelling, "" when the generator does not know it
    host_kind kind = host_kind::dns_name;
    std::array<std::uint16_t, 8> v6{}; // the address, when kind == ipv6
};

// A URI as the generator built it: the text is these parts concatenated.
struct uri_parts {
    profile syntax = profile::strict;
    std::string lead; // lenient: leading ASCII whitespace
    std::string scheme = "ftp";
    bool has_userinfo = false;
    std::string user;
    std::optional<std::string> password;
    host_spec host;
    std::optional<std::string> port;     // digits, possibly empty ("host:")
    std::vector<std::string> segments;   // raw segments; none: no path at all
    std::optional<std::string> typecode; // raw ";type=X" (any case; lenient ";typecode=X")
    std::optional<std::string> query;    // rfc3986 only
    std::optional<std::string> fragment;
    std::string trail; // lenient: trailing ASCII whitespace
    std::string note;  // what the generator did, for the counterexample

    [[nodiscard]] std::string text() const
    {
        std::string t = lead + scheme + "://";
        if (has_userinfo) {
            t += user;
            if (password) t += ":" + *password;
            t += "@";
        }
        t += host.text;
        if (port) t += ":" + *port;
        for (std::string const& s : segments)
            t += "/" + s;
        if (typecode) t += *typecode;
        if (query) t += "?" + *query;
        if (fragment) t += "#" + *fragment;
        return t + trail;
    }
};
inline void showValue(uri_parts const& u, std::ostream& os)
{
    os << profile_name(u.syntax) << " " << escape_bytes(u.text());
    if (!u.note.empty()) os << "  [" << u.note << "]";
}

// A valid URI with one byte-level mutation.
struct near_miss {
    profile base_syntax = profile::strict;
    std::string base;
    std::string text;
    std::string mutation;
};
inline void showValue(near_miss const& n, std::ostream& os)
{
    os << escape_bytes(n.text) << "  (" << n.mutation << " of " << profile_name(n.base_syntax) << "-valid "
       << escape_bytes(n.base) << ")";
}

// Arbitrary input for validate/parse.
struct arbitrary_input {
    std::string text;
};
inline void showValue(arbitrary_input const& a, std::ostream& os)
{
    os << escape_bytes(a.text);
}

// The builder property's decoded components.
struct builder_case {
    std::string user;
    std::string password;
    host_spec host;
    std::vector<std::string> segments; // decoded bytes
};
inline void showValue(builder_case const& b, std::ostream& os)
{
    os << "user " << escape_bytes(b.user) << ", password " << escape_bytes(b.password) << ", host "
       << escape_bytes(b.host.text) << ", segments " << show_text(b.segments);
}

} // namespace ftpuri_props
