// SPDX-License-Identifier: Apache-2.0
// props/host_pattern_props.cpp: host patterns (docs/sanitizing.md) on random DNS names, and
// check_policy() agreeing with them.
//
//   host_pattern.exact           a random DNS name as a pattern matches a URI spelling it in
//                                random case, with or without one trailing dot (pattern and host
//                                each), with an unreserved byte percent-encoded (rfc3986), on
//                                port 21 only; with ":port" only that port, with ":*" any;
//                                check_policy() agrees
//   host_pattern.wildcard        "*.suffix" matches label(s) + "." + suffix, never the apex
//                                suffix nor x + suffix without the dot; check_policy() agrees
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"
#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;

namespace {

rc::Gen<std::string> gen_label(bool last)
{
    return gen::exec([last] {
        auto const length =
            static_cast<std::size_t>(*gen::weightedOneOf<int>({{10, gen::inRange(1, 12)}, {1, gen::just(63)}}));
        std::string label = *gen::container<std::string>(
            length, gen::weightedOneOf<char>({{8, gen::elementOf(std::string("abcdefghijklmnopqrstuvwxyz"))},
                                              {3, gen::elementOf(std::string("0123456789"))},
                                              {1, gen::just('-')}}));
        if (label.front() == '-') label.front() = 'a';
        if (label.back() == '-') label.back() = 'z';
        if (last) label.front() = 'q';                                               // never a number, never "0x.."
        if (label.size() >= 4 && label[2] == '-' && label[3] == '-') label[2] = 'n'; // no "xn--", no "ab--"
        return label;
    });
}

rc::Gen<std::string> gen_name(int min_labels)
{
    return gen::exec([min_labels] {
        int const count = *gen::inRange(min_labels, min_labels + 3);
        std::string name;
        for (int i = 0; i < count; ++i) {
            if (i != 0) name += '.';
            name += *gen_label(i + 1 == count);
        }
        while (name.size() > 120)
            name.erase(0, name.find('.') + 1);
        return name;
    });
}

std::string random_case(std::string s)
{
    for (char& c : s)
        if (c >= 'a' && c <= 'z' && *gen::inRange(0, 2) == 0) c = static_cast<char>(c - 'a' + 'A');
    return s;
}

// One unreserved byte of the host as %XX (random hex case): rfc3986 decodes it back.
std::string encode_one(std::string s)
{
    std::size_t const at = static_cast<std::size_t>(*gen::inRange<std::size_t>(0, s.size()));
    if (s[at] == '.') return s;
    static constexpr char hex_lower[] = "0123456789abcdef";
    static constexpr char hex_upper[] = "0123456789ABCDEF";
    char const* hex = *gen::inRange(0, 2) == 0 ? hex_lower : hex_upper;
    auto const c = static_cast<unsigned char>(s[at]);
    s.replace(at, 1, std::string{'%', hex[c >> 4], hex[c & 0xF]});
    return s;
}

std::optional<std::string> canonical_host_of(ftpuri::uri_view const& v)
{
    std::array<char, 512> buffer{};
    std::size_t const n = ftpuri::canonical_host_into(v, buffer).size;
    if (n > buffer.size()) return std::nullopt;
    return std::string(buffer.data(), n);
}

} // namespace

FTPURI_PROPERTY("host_pattern.exact")
{
    return rc::check("host_pattern.exact: a DNS name matches itself in any case, dot and escape", [] {
        std::string const name = *gen_name(1);
        // No port (21 only), ":2121" (that port only) or ":*" (any port).
        int const port_kind = *gen::inRange(0, 4);
        bool const with_port = port_kind == 0;
        bool const any_port = port_kind == 1;
        std::string const pattern_text = random_case(name) + (*gen::inRange(0, 3) == 0 ? "." : "") +
                                         (with_port  ? ":2121"
                                          : any_port ? ":*"
                                                     : "");
        std::optional<ftpuri::host_pattern> const pattern = ftpuri::host_pattern::parse(pattern_text);
        if (!pattern) RC_FAIL("host_pattern::parse refuses " + pattern_text);
        std::string host = random_case(name) + (*gen::inRange(0, 3) == 0 ? "." : "");
        bool const escaped = *gen::inRange(0, 2) == 0;
        if (escaped) host = encode_one(host);
        RC_TAG(std::string(with_port ? "port, " : any_port ? "any port, " : "") + (escaped ? "escape" : "no escape"));
        std::string const uri = "ftp://" + host + (with_port ? ":2121" : "") + "/f";
        ftpuri::parse_result const r = ftpuri::parse(uri, opts(profile::rfc3986));
        if (!r) RC_FAIL("rfc3986 refuses " + uri + ": " + std::string(r.error().info().name));
        std::optional<std::string> const canonical = canonical_host_of(*r);
        RC_ASSERT(canonical.has_value());
        if (!pattern->matches(*canonical, r->effective_port()))
            RC_FAIL(pattern_text + " does not match " + uri + " (canonical host " + *canonical + ")");
        std::string_view const allow[] = {pattern_text};
        if (ftpuri::check_policy(*r, {.allow = allow}).has_value())
            RC_FAIL("check_policy refuses " + uri + " with allow " + pattern_text);
        std::uint16_t const other = *gen::inRange<std::uint16_t>(22, 65535);
        if (with_port) { // the port is part of the pattern: another one never matches
            RC_ASSERT(!pattern->matches(*canonical, 21));
            RC_ASSERT(!pattern->matches(*canonical, 2122));
        } else if (any_port) {
            RC_ASSERT(pattern->matches(*canonical, other));
        } else { // FTP's port only: an allowed server is no way to its host's other services
            RC_ASSERT(pattern->matches(*canonical, 21));
            RC_ASSERT(!pattern->matches(*canonical, other));
        }
    });
}

FTPURI_PROPERTY("host_pattern.wildcard")
{
    return rc::check("host_pattern.wildcard: *.suffix matches below suffix, never suffix itself nor xsuffix", [] {
        std::string const suffix = *gen_name(1);
        std::string const below = *gen_name(1); // any labels, the last one never numeric
        std::string const pattern_text = "*." + random_case(suffix) + (*gen::inRange(0, 3) == 0 ? "." : "");
        std::optional<ftpuri::host_pattern> const pattern = ftpuri::host_pattern::parse(pattern_text);
        if (!pattern) RC_FAIL("host_pattern::parse refuses " + pattern_text);
        std::string_view const allow[] = {pattern_text};
        std::string const dot = *gen::inRange(0, 3) == 0 ? "." : "";
        struct probe {
            std::string host;
            bool matches;
        };
        std::string const nested = below + "." + suffix;
        std::string const glued = below + suffix; // "x" + suffix: no label boundary
        std::array<probe, 3> const probes = {probe{random_case(nested) + dot, true},
                                             probe{random_case(suffix) + dot, false},
                                             probe{random_case(glued) + dot, false}};
        for (probe const& t : probes) {
            std::string host = t.host;
            if (*gen::inRange(0, 3) == 0) host = encode_one(host);
            std::string const uri = "ftp://" + host + "/";
            ftpuri::parse_result const r = ftpuri::parse(uri, opts(profile::rfc3986));
            if (!r) RC_FAIL("rfc3986 refuses " + uri + ": " + std::string(r.error().info().name));
            std::optional<std::string> const canonical = canonical_host_of(*r);
            RC_ASSERT(canonical.has_value());
            bool const m = pattern->matches(*canonical, 21);
            if (m != t.matches)
                // NOLINTNEXTLINE(performance-inefficient-string-concatenation): once, on failure
                RC_FAIL(pattern_text + (m ? " matches " : " does not match ") + uri + " (canonical host " + *canonical +
                        ")");
            bool const allowed = !ftpuri::check_policy(*r, {.allow = allow}).has_value();
            if (allowed != t.matches) RC_FAIL("check_policy " + std::string(allowed ? "allows " : "refuses ") + uri);
        }
    });
}
