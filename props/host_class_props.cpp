// SPDX-License-Identifier: Apache-2.0
// props/host_class_props.cpp: host classes (docs/sanitizing.md) against a second implementation
// written from the RFC ranges (host_class_reference.hpp); the addresses come from
// gen_host_addresses.hpp and gen_ipv4_spellings.hpp.
//
//   host_class.ipv4_agrees       classify_address(a) == ref_v4(a): random IPv4, biased to every
//                                range's first and last address and the one either side
//   host_class.ipv6_agrees       the same for IPv6: every range's edges, IPv4-mapped,
//                                IPv4-compatible, NAT64, 6to4, Teredo, uniform addresses
//   host_class.wrapped_v4        ::ffff:a, ::a (a not 0.0.0.0/0.0.0.1) and 64:ff9b::a take a's
//                                class; 6to4 and Teredo carrying a take a's class when it is
//                                not public, and are reserved when it is
//   host_class.uri_literal       ftp://a.b.c.d/ and ftp://[v6]/ (every notation: "::" over any
//                                zero run or none, leading zeros or not, random case, a dotted
//                                last 32 bits) parse in every profile, and classify_host() and
//                                host_classes() give classify_address()'s class alone
//   host_class.numeric_spellings a random IPv4 spelled as a name that ends in a number (parts
//                                hex "0x.." / "0X..", octal "0..", decimal; 1 to 4 parts, the
//                                last filling the rest; a trailing dot; sometimes one digit
//                                percent-encoded), parsed in rfc3986: classify_host() is no
//                                better than the address's class (a lower host_class is worse),
//                                and equal to it when no part has a leading zero; host_classes()
//                                is exactly {the address's class} plus, when a part has a leading
//                                zero and reading such parts as decimal gives an address, that
//                                address's class
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"
#include "gen_host_addresses.hpp"
#include "gen_ipv4_spellings.hpp"
#include "generators.hpp"
#include "host_class_reference.hpp"
#include "registry.hpp"

using namespace ftpuri_props;
using namespace ftpuri_props::hosts;
using ftpuri::host_class;

FTPURI_PROPERTY("host_class.ipv4_agrees")
{
    return rc::check("host_class.ipv4_agrees: classify_address(IPv4) equals the reference's ranges", [] {
        std::uint32_t const a = *gen_v4();
        host_class const ours = lib_v4(a);
        host_class const expected = ref_v4(a);
        RC_TAG(cls_name(expected));
        if (ours != expected)
            RC_FAIL(dotted(a) + ": classify_address " + cls_name(ours) + ", reference " + cls_name(expected));
    });
}

FTPURI_PROPERTY("host_class.ipv6_agrees")
{
    return rc::check("host_class.ipv6_agrees: classify_address(IPv6) equals the reference's ranges", [] {
        v6_case const c = *gen_v6();
        host_class const ours = lib_v6(c.address);
        host_class const expected = ref_v6(c.address);
        RC_TAG(c.how.substr(0, c.how.find(' ')) + " " + cls_name(expected));
        if (ours != expected)
            RC_FAIL(hex_text(c.address) + " (" + c.how + "): classify_address " + cls_name(ours) + ", reference " +
                    cls_name(expected));
    });
}

FTPURI_PROPERTY("host_class.wrapped_v4")
{
    return rc::check("host_class.wrapped_v4: an IPv6 form carrying an IPv4 address takes its class", [] {
        std::uint32_t const a = *gen_v4();
        host_class const inner = lib_v4(a);
        RC_TAG(cls_name(inner));
        std::uint64_t const suffix = *gen::arbitrary<std::uint64_t>();
        struct form {
            char const* name;
            u128 address;
            host_class expected;
        };
        host_class const tunnelled = inner == host_class::public_ ? host_class::reserved : inner;
        std::vector<form> forms = {
            {"mapped", {0, 0xFFFF00000000U | a}, inner},
            {"nat64", {0x0064FF9B00000000U, a}, inner},
            {"6to4", {0x2002000000000000U | std::uint64_t{a} << 16 | (suffix & 0xFFFF), suffix}, tunnelled},
            {"teredo", {0x2001000000000000U | (suffix >> 32), (suffix << 32) | (~a & 0xFFFFFFFFU)}, tunnelled},
        };
        if (a > 1) forms.push_back({"compatible", {0, a}, inner}); // ::, ::1 are themselves
        for (form const& f : forms) {
            host_class const ours = lib_v6(f.address);
            if (ours != f.expected)
                RC_FAIL(std::string(f.name) + " " + hex_text(f.address) + " of " + dotted(a) + " (" + cls_name(inner) +
                        "): classify_address " + cls_name(ours) + ", expected " + cls_name(f.expected));
        }
    });
}

FTPURI_PROPERTY("host_class.uri_literal")
{
    return rc::check("host_class.uri_literal: an IP host classifies as classify_address() of its address", [] {
        bool const v6 = *gen::inRange(0, 3) != 0;
        std::string host;
        host_class expected{};
        if (v6) {
            v6_case const c = *gen_v6();
            expected = lib_v6(c.address);
            host = "[" + render_v6(c.address) + "]"; // no zone: every profile refuses one (host.ipv6-zone-id)
        } else {
            std::uint32_t const a = *gen_v4();
            expected = lib_v4(a);
            host = dotted(a);
        }
        RC_TAG(v6 ? "ipv6 " + cls_name(expected) : "ipv4 " + cls_name(expected));
        std::string const uri = "ftp://" + host + (*gen::inRange(0, 2) == 0 ? ":2121" : "") + "/pub/f";
        for (profile const p : all_profiles) {
            ftpuri::parse_result const r = ftpuri::parse(uri, opts(p));
            if (!r) {
                RC_FAIL(std::string(profile_name(p)) + " refuses " + uri + ": " + std::string(r.error().info().name));
            }
            host_class const ours = ftpuri::classify_host(*r);
            if (ours != expected)
                RC_FAIL(std::string(profile_name(p)) + " " + uri + ": classify_host " + cls_name(ours) +
                        ", classify_address " + cls_name(expected));
            if (ftpuri::host_classes(*r) != ftpuri::host_class_set{expected})
                RC_FAIL(std::string(profile_name(p)) + " " + uri + ": more than one class");
        }
    });
}

FTPURI_PROPERTY("host_class.numeric_spellings")
{
    return rc::check("host_class.numeric_spellings: a numeric name classifies as every reading of it, worst first", [] {
        spelling const s = *gen_spelling();
        std::string const uri = "ftp://" + s.text + "/";
        ftpuri::parse_result const r = ftpuri::parse(uri, opts(profile::rfc3986));
        if (!r) RC_FAIL("rfc3986 refuses " + uri + ": " + std::string(r.error().info().name));
        host_class const address = lib_v4(s.address);
        ftpuri::host_class_set expected{address};
        if (s.leading_zero) expected.insert(s.decimal ? lib_v4(*s.decimal) : address);
        host_class const ours = ftpuri::classify_host(*r);
        RC_TAG(std::string(s.leading_zero ? "leading zero, " : "") +
               (s.text.find('%') != std::string::npos ? "escape, " : "") +
               (ours == address ? "as the address" : "worse than the address"));
        // No better than the address, in host_class order (a lower value is worse).
        if (static_cast<int>(ours) > static_cast<int>(address))
            RC_FAIL(uri + ": classify_host " + cls_name(ours) + " is better than the address's " + cls_name(address));
        if (!s.leading_zero && ours != address)
            RC_FAIL(uri + ": no leading zero, but classify_host " + cls_name(ours) + " is not the address's " +
                    cls_name(address));
        if (ftpuri::host_classes(*r) != expected)
            RC_FAIL(
                uri + ": host_classes has not exactly the readings' classes (" + cls_name(address) +
                (s.decimal ? ", decimal " + dotted(*s.decimal) + " " + cls_name(lib_v4(*s.decimal)) : std::string()) +
                "), worst " + cls_name(ftpuri::host_classes(*r).worst()));
    });
}
