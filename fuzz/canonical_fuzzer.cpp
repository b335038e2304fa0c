// SPDX-License-Identifier: Apache-2.0
// fuzz/canonical_fuzzer.cpp: the properties of the canonical form (docs/behaviour.md, "Canonical form"),
// for every input valid in some profile:
//
//   - canonicalize_into() succeeds into canonicalize_size_bound() bytes; into a smaller buffer it
//     writes the same form or reports buffer_too_small with a size that suffices (never a
//     wrong form, never past the end); it agrees with the allocating overloads;
//   - the canonical form is valid in the input's profile, and in strict too when the input is
//     strict-valid, or lenient-valid without a safety warning that no repair can mend;
//   - idempotence: canon(canon(u)) == canon(u), with default and with all canonical_options;
//   - equivalent(u, canon(u)), by view and by string;
//   - the decoded components are preserved: user, password, port, typecode, query and fragment
//     decode to the same bytes; the host to the same bytes but for case (or the same IPv6
//     address; a lenient Unicode host is converted by IDNA and not compared); the path to the
//     decoded segments of u after RFC 3986 5.2.4 dot-segment removal (modelled here over
//     segment lists, independently of src/rules/dot_segments.hpp), and "/" for an empty path;
//   - for an input "a\nb": equivalent(a, b) iff canon(a) == canon(b);
//   - the C API (ftpuri.h) says the same: the verdict, the first error's id and offset, the
//     canonical form, and equivalence.
#include <arpa/inet.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri.h"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/uri_view.hpp"

#include "canonical_repair.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace ftpuri;
using ftpuri::detail::canonical_repair;
using ftpuri::detail::canonical_repair_of;
using ftpuri_fuzz::ascii_lowercase;
using ftpuri_fuzz::reference_decode;

constexpr profile all_profiles[] = {profile::strict, profile::rfc3986, profile::lenient};

// Whether a finding lets the canonical form of a lenient (or rfc3986) input be strict-invalid:
// diagnostics.def's canonical column says the canonical form keeps what it points at, or spells
// it as RFC 3986 does (a reg-name host, an IPvFuture, a query), which strict may have no
// spelling for. (path.above-root is repaired: the ".." vanishes.)
bool unrepaired_in_lenient(diag_id id) noexcept
{
    canonical_repair const r = canonical_repair_of(id);
    return r == canonical_repair::keeps || r == canonical_repair::as_rfc3986;
}

std::string canonical_of(std::string_view input, uri_view const& v, canonical_options const& options = {})
{
    std::vector<char> buf(canonicalize_size_bound(v.size()));
    write_result const r = canonicalize_into(v, buf, options);
    FUZZ_CHECK(r.status == write_status::ok && r.size <= buf.size(), input);
    return {buf.data(), r.size};
}

// The decoded segments of a path after RFC 3986 5.2.4, as a list: "." is dropped, ".." drops
// the segment before it (none above the root), and either one, when last, leaves an empty last
// segment ("/a/b/.." is "/a/"). An empty path is "/": one empty segment. Then the canonical
// form's "." (docs/canonical.md, "dot"): before a first directory that is empty where the
// input's was not, or the same after a first "~" ("/a/..//b/c" is "/.//b/c", "/~/.//b/c"
// stays). A first directory that begins with "%2F" gets none: every plan mode goes to the root
// for it either way ("/./%2Fb/f" is "/%2Fb/f").
std::vector<std::string> dot_free_segments(std::string_view path)
{
    std::vector<std::string> out;
    if (path.empty()) return {std::string()};
    std::vector<std::string> in;
    std::size_t begin = 1;
    while (true) {
        std::size_t const slash = path.find('/', begin);
        bool const last = slash == std::string_view::npos;
        std::string_view const raw = path.substr(begin, last ? std::string_view::npos : slash - begin);
        std::string decoded = reference_decode(raw);
        in.push_back(decoded);
        if (decoded == "." || decoded == "..") {
            if (decoded == ".." && !out.empty()) out.pop_back();
            if (last) out.emplace_back();
        } else {
            out.push_back(std::move(decoded));
        }
        if (last) break;
        begin = slash + 1;
    }
    auto const at_root = [](std::string const& d) { return d.empty(); };
    if (in.size() >= 3 && in[0] == "~" && out.size() >= 3 && out[0] == "~") {
        if (at_root(out[1]) && !at_root(in[1])) out.insert(out.begin() + 1, ".");
    } else if (out.size() >= 2 && at_root(out[0]) && !at_root(in[0])) {
        out.insert(out.begin(), ".");
    }
    return out;
}

std::vector<std::string> decoded_segments(std::string_view path)
{
    std::vector<std::string> out;
    for (std::size_t begin = 1; begin <= path.size();) {
        std::size_t slash = path.find('/', begin);
        if (slash == std::string_view::npos) slash = path.size();
        out.push_back(reference_decode(path.substr(begin, slash - begin)));
        begin = slash + 1;
    }
    return out;
}

bool same_ipv6(std::string_view a, std::string_view b)
{
    std::array<unsigned char, 16> x{};
    std::array<unsigned char, 16> y{};
    std::string const sa(a);
    std::string const sb(b);
    return inet_pton(AF_INET6, sa.c_str(), x.data()) == 1 && inet_pton(AF_INET6, sb.c_str(), y.data()) == 1 && x == y;
}

bool has_raw_non_ascii_or_escape(std::string_view s)
{
    for (char c : s)
        if (c == '%' || static_cast<unsigned char>(c) >= 0x80) return true;
    return false;
}

void check_components(std::string_view input, uri_view const& u, uri_view const& c, profile p)
{
    std::string_view const canon = c.buffer();
    FUZZ_CHECK_DETAIL(c.scheme() == "ftp", input, canon);
    FUZZ_CHECK_DETAIL(c.has_userinfo() == u.has_userinfo() && c.has_password() == u.has_password(), input, canon);
    FUZZ_CHECK_DETAIL(reference_decode(c.user()) == reference_decode(u.user()), input, canon);
    FUZZ_CHECK_DETAIL(reference_decode(c.password()) == reference_decode(u.password()), input, canon);

    bool const idna =
        p == profile::lenient && u.host_type() != host_kind::ipv6 && has_raw_non_ascii_or_escape(u.host());
    if (!idna) {
        // An rfc3986 reg-name may decode to a DNS name or an IPv4 address ("h%41" is "ha").
        FUZZ_CHECK_DETAIL(c.host_type() == u.host_type() || u.host_type() == host_kind::reg_name, input, canon);
        if (u.host_type() == host_kind::ipv6)
            FUZZ_CHECK_DETAIL(same_ipv6(u.host_address(), c.host_address()), input, canon);
        else
            FUZZ_CHECK_DETAIL(ascii_lowercase(reference_decode(c.host())) ==
                                  ascii_lowercase(reference_decode(u.host())),
                              input, canon);
    }
    FUZZ_CHECK_DETAIL(c.effective_port() == u.effective_port(), input, canon);
    FUZZ_CHECK_DETAIL(!c.has_port() || c.port_number() != 21, input, canon);
    FUZZ_CHECK_DETAIL(c.typecode() == u.typecode(), input, canon);
    FUZZ_CHECK_DETAIL(c.has_query() == u.has_query(), input, canon);
    FUZZ_CHECK_DETAIL(reference_decode(c.query()) == reference_decode(u.query()), input, canon);
    FUZZ_CHECK_DETAIL(c.has_fragment() == u.has_fragment(), input, canon);
    FUZZ_CHECK_DETAIL(reference_decode(c.fragment()) == reference_decode(u.fragment()), input, canon);
    FUZZ_CHECK_DETAIL(decoded_segments(c.path()) == dot_free_segments(u.path()), input, canon);
}

void check_profile(std::string_view input, profile p)
{
    parse_options const options{p, default_max_length};
    diagnostic_list found;
    parse_result const r = parse(input, options, found);
    if (!r) {
        FUZZ_CHECK(!canonicalize(input, options).has_value(), input);
        return;
    }
    uri_view const& u = *r;

    // The buffer contract.
    std::size_t const bound = canonicalize_size_bound(u.size());
    std::vector<char> big(bound);
    write_result const cr = canonicalize_into(u, big);
    FUZZ_CHECK(cr && cr.size <= bound, input);
    std::string const canon(big.data(), cr.size);
    // Any smaller buffer: either the same form, or buffer_too_small with a size that suffices
    // (the size reported may exceed the form's: dot-segments are removed in the buffer, after
    // the path is written). Never a wrong form, never a write past the end (ASan).
    for (std::size_t room : {cr.size + 1, cr.size, cr.size - (cr.size > 0 ? 1U : 0U), cr.size / 2}) {
        std::vector<char> buf(room);
        write_result const r2 = canonicalize_into(u, buf);
        if (r2) {
            FUZZ_CHECK(r2.size == cr.size && std::string_view(buf.data(), r2.size) == canon, input);
        } else {
            FUZZ_CHECK(r2.status == write_status::buffer_too_small && r2.size > room, input);
            std::vector<char> enough(r2.size);
            write_result const r3 = canonicalize_into(u, enough);
            FUZZ_CHECK(r3 && r3.size == cr.size && std::string_view(enough.data(), r3.size) == canon, input);
        }
    }
    FUZZ_CHECK(canonicalize(u) == canon, input);
    std::optional<std::string> const by_string = canonicalize(input, options);
    FUZZ_CHECK(by_string.has_value() && *by_string == canon, input);

    // Valid, and in strict where it should be.
    parse_result const rc = parse(canon, options);
    FUZZ_CHECK_DETAIL(rc.has_value(), input, canon);
    bool must_be_strict = p == profile::strict || validate(input, {profile::strict, default_max_length});
    if (p == profile::lenient) {
        must_be_strict = true;
        for (diag_info const& d : diag_catalogue)
            if (unrepaired_in_lenient(d.id) && found.contains(d.id)) must_be_strict = false;
    }
    if (must_be_strict) FUZZ_CHECK_DETAIL(validate(canon, {profile::strict, default_max_length}), input, canon);

    // Idempotent, equivalent, and the same resource.
    FUZZ_CHECK_DETAIL(canonical_of(input, *rc) == canon, input, canon);
    FUZZ_CHECK_DETAIL(equivalent(u, *rc), input, canon);
    FUZZ_CHECK_DETAIL(equivalent(input, canon, options), input, canon);
    FUZZ_CHECK_DETAIL(equivalent(u, u), input, canon);
    check_components(input, u, *rc, p);

    // With every option on: still valid and idempotent, and the options do what they say.
    canonical_options const all{true, true, true};
    std::string const trimmed = canonical_of(input, u, all);
    parse_result const rt = parse(trimmed, options);
    FUZZ_CHECK_DETAIL(rt.has_value(), input, trimmed);
    FUZZ_CHECK_DETAIL(canonical_of(input, *rt, all) == trimmed, input, trimmed);
    FUZZ_CHECK_DETAIL(!rt->has_password() && !rt->has_fragment(), input, trimmed);
    if (rt->has_userinfo())
        FUZZ_CHECK_DETAIL(!ftpuri_fuzz::iequals(reference_decode(rt->user()), "anonymous"), input, trimmed);
}

} // namespace

// ftpuri.h over the same input: a layer of conversions that must add nothing.
void check_c_api(std::string_view input, profile p)
{
    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.profile = static_cast<std::uint32_t>(p);
    parse_result const r = parse(input, {p, default_max_length});
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    std::vector<char> out(canonicalize_size_bound(input.size()) + 1);
    std::size_t n = 0;
    int const status = ftpuri_canonicalize(input.data(), input.size(), &o, 0, out.data(), out.size(), &n, &e);
    if (!r) {
        FUZZ_CHECK(status == FTPURI_INVALID, input);
        FUZZ_CHECK(e.id == static_cast<std::uint32_t>(r.error().id) && e.offset == r.error().offset, input);
        return;
    }
    FUZZ_CHECK(status == FTPURI_OK, input);
    FUZZ_CHECK(std::string_view(out.data(), n) == canonicalize(*r) && out[n] == '\0', input);
}

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);
    for (profile p : all_profiles) {
        check_profile(input, p);
        check_c_api(input, p);
    }

    // Two URIs, one per line: equivalence is equality of canonical forms.
    std::size_t const newline = input.find('\n');
    if (newline != std::string_view::npos) {
        std::string_view const a = input.substr(0, newline);
        std::string_view const b = input.substr(newline + 1);
        for (profile p : all_profiles) {
            parse_options const options{p, default_max_length};
            std::optional<std::string> const ca = canonicalize(a, options);
            std::optional<std::string> const cb = canonicalize(b, options);
            bool const same = ca.has_value() && cb.has_value() && *ca == *cb;
            FUZZ_CHECK(equivalent(a, b, options) == same, input);
            ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
            o.profile = static_cast<std::uint32_t>(p);
            FUZZ_CHECK(ftpuri_equivalent(a.data(), a.size(), b.data(), b.size(), &o) == (same ? 1 : 0), input);
            if (ca && cb) FUZZ_CHECK(equivalent(*parse(a, options), *parse(b, options)) == same, input);
        }
    }
    return 0;
}
