// SPDX-License-Identifier: Apache-2.0
// props/canonical_props.cpp: the canonical form (docs/behaviour.md "Canonical form").
//
//   canon.idempotent.<profile>    canon(canon(u)) == canon(u), and canon(u) is valid in u's profile
//   canon.buffer                  canonicalize_into: exact size suffices, less is buffer_too_small
//                                 with the size needed, canonicalize_size_bound() bounds it
//   canon.strict_valid.<profile>  canon(u) is strict-valid and carries none of the warnings the
//                                 canonical form removes (uppercase, needless escapes, :21, ...)
//   canon.preserves.<profile>     u and canon(u) decode to the same user, password, host, port,
//                                 dot-removed segments, typecode, query and fragment
//   canon.model                   canonicalize(u, options) is exactly the text a reference model
//                                 of docs/canonical.md's rules and options builds from u's parsed
//                                 components, and is itself canonical
//
// canon(u) is canonicalize(u) parsed again in u's profile.
#include <algorithm>
#include <array>
#include <string>

#include "canonical_repair.hpp"
#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;
using ftpuri::component;
using ftpuri::diag_id;

namespace {

struct parsed {
    std::string text;
    ftpuri::parse_result result;
    ftpuri::diagnostic_list found;
};

// Parses the generator's URI, which must be valid in its profile. (A uri_view points into
// out.text: `parsed` is filled in place, never copied.)
void parse_generated(uri_parts const& u, parsed& out)
{
    out.text = u.text();
    out.found.clear();
    out.result = ftpuri::parse(out.text, opts(u.syntax), out.found);
    if (!out.result) {
        RC_FAIL("generated " + std::string(profile_name(u.syntax)) + " URI " + escape_bytes(out.text) +
                " refused: " + describe(out.result.error()));
    }
}

// The input of a canonical-form property: a generated valid URI or, one time in four, a
// one-byte edit of it that is still valid in the profile (odd corners the generator does not
// aim at). For an edit, what the generator knew about the host is forgotten.
void draw_input(profile syntax, uri_parts& u, parsed& p)
{
    u = *gen_uri(syntax);
    parse_generated(u, p);
    if (*uniform(0, 4) != 0) return;
    near_miss const n = *gen_mutation(p.text, syntax);
    if (!ftpuri::validate(n.text, opts(syntax))) {
        RC_TAG("edit invalid: generated URI used");
        return;
    }
    RC_TAG("valid near-miss");
    u.host.expected.clear();
    u.note += n.mutation + " ";
    p.text = n.text;
    p.found.clear();
    p.result = ftpuri::parse(p.text, opts(syntax), p.found);
    RC_ASSERT(p.result.has_value());
    RC_LOG() << "near-miss " << escape_bytes(p.text) << " (" << n.mutation << ")\n";
}

std::string canonical_of(parsed const& p)
{
    std::string c = ftpuri::canonicalize(*p.result);
    if (c.empty()) RC_FAIL("canonicalize(" + escape_bytes(p.text) + ") failed");
    return c;
}

// ---- canon.idempotent -----------------------------------------------------------------------

void idempotent(profile syntax)
{
    uri_parts u;
    parsed p;
    draw_input(syntax, u, p);
    std::string const c1 = canonical_of(p);
    RC_LOG() << "canonical " << escape_bytes(c1) << '\n';

    ftpuri::parse_result const r1 = ftpuri::parse(c1, opts(syntax));
    if (!r1) RC_FAIL("canonical form " + escape_bytes(c1) + " is invalid in its profile: " + describe(r1.error()));
    std::string const c2 = ftpuri::canonicalize(*r1);
    PROP_EQ(c2, c1);
}

FTPURI_PROPERTY("canon.idempotent.strict")
{
    return rc::check("canon.idempotent.strict: canon(canon(u)) == canon(u)", [] { idempotent(profile::strict); });
}
FTPURI_PROPERTY("canon.idempotent.rfc3986")
{
    return rc::check("canon.idempotent.rfc3986: canon(canon(u)) == canon(u)", [] { idempotent(profile::rfc3986); });
}
FTPURI_PROPERTY("canon.idempotent.lenient")
{
    return rc::check("canon.idempotent.lenient: canon(canon(u)) == canon(u)", [] { idempotent(profile::lenient); });
}

// ---- canon.buffer ---------------------------------------------------------------------------

// canonicalize_into: a buffer of exactly the canonical size suffices, any smaller one is
// buffer_too_small with the size needed, canonicalize_size_bound() is an upper bound, and the
// std::string overloads agree with it.
void buffer(profile syntax)
{
    uri_parts u;
    parsed p;
    draw_input(syntax, u, p);
    std::string const c = canonical_of(p);
    RC_LOG() << "canonical " << escape_bytes(c) << '\n';
    PROP_EQ(ftpuri::canonicalize(std::string_view(p.text), opts(syntax)), std::optional<std::string>(c));
    RC_ASSERT(c.size() <= ftpuri::canonicalize_size_bound(p.text.size()));

    std::string exact(c.size(), '\0');
    ftpuri::write_result const er = ftpuri::canonicalize_into(*p.result, exact);
    if (er.status != ftpuri::write_status::ok) {
        RC_FAIL("a buffer of the canonical size (" + std::to_string(c.size()) + ") is refused, size " +
                std::to_string(er.size));
    }
    RC_ASSERT(er.size == c.size());
    PROP_EQ(exact, c);

    std::size_t const room = *uniform<std::size_t>(0, c.size());
    std::string small(room, '\0');
    ftpuri::write_result const sr = ftpuri::canonicalize_into(*p.result, small);
    RC_LOG() << "buffer of " << room << " bytes\n";
    RC_ASSERT(sr.status == ftpuri::write_status::buffer_too_small);
    RC_ASSERT(sr.size == c.size());
}

FTPURI_PROPERTY("canon.buffer")
{
    return rc::check("canon.buffer: canonicalize_into needs exactly the canonical form's size",
                     [] { buffer(*gen_profile()); });
}

// ---- canon.strict_valid ---------------------------------------------------------------------

// Warnings about spellings the canonical form replaces: a canonical URI raises none of them.
constexpr std::array canonicalized_away = {
    diag_id::scheme_uppercase,   diag_id::host_uppercase,      diag_id::pct_lowercase,
    diag_id::pct_needless,       diag_id::port_empty,          diag_id::port_default,
    diag_id::port_leading_zeros, diag_id::path_dot_segment,    diag_id::interop_encoded_dot_segment,
    diag_id::typecode_uppercase, diag_id::typecode_misspelled, diag_id::input_trimmed,
    diag_id::host_unicode,       diag_id::userinfo_raw_colon,  diag_id::interop_host_percent_encoded,
};

// RFC 3986 only: constructs strict has no spelling for at all, which rfc3986 accepts and lenient
// reads as rfc3986 does. docs/behaviour.md promises nothing for them (canonical.hpp says
// "strict-valid whenever the input is valid in any profile", which cannot hold for these), so the
// property covers the rest.
std::optional<std::string> rfc3986_only(ftpuri::uri_view const& v)
{
    if (v.has_query()) return "a query";
    if (v.host_type() == ftpuri::host_kind::ipvfuture) return "an IPvFuture host";
    if (v.host_type() == ftpuri::host_kind::reg_name) {
        // The reg-name as RFC 3986 normalization spells it must be a strict host.
        std::string const normal = ref_normalize(
            v.host(), [](unsigned char c) { return is_unreserved(c) || is_sub_delim(c); }, true);
        if (!ref_is_strict_name_host(normal)) return "a reg-name that is no DNS name: " + escape_bytes(normal);
    }
    return std::nullopt;
}

void strict_valid(profile syntax)
{
    uri_parts u;
    parsed p;
    draw_input(syntax, u, p);
    if (syntax != profile::strict) {
        // What the canonical form keeps as written, having no strict spelling for it
        // (diagnostics.def's canonical column): an empty host, a numeric-ambiguous one, a
        // decoded control, an encoded traversal or backslash, the look-alikes, Telnet's IAC...
        for (ftpuri::diag_info const& d : ftpuri::diag_catalogue) {
            if (ftpuri::detail::canonical_repair_of(d.id) == ftpuri::detail::canonical_repair::keeps &&
                p.found.contains(d.id)) {
                RC_TAG(std::string("no repair: ") + std::string(d.name));
                return;
            }
        }
    }
    if (syntax != profile::strict) {
        if (auto const why = rfc3986_only(*p.result)) {
            RC_TAG("rfc3986 only: " + why->substr(0, why->find(':')));
            return;
        }
    }
    std::string const c = canonical_of(p);
    ftpuri::diagnostic_list found;
    ftpuri::parse_result const r = ftpuri::parse(c, opts(profile::strict), found);
    if (!r) {
        RC_FAIL("canonical form " + escape_bytes(c) + " of a " + std::string(profile_name(syntax)) +
                "-valid URI is not strict-valid: " + describe(r.error()));
    }
    // The one dot-segment a canonical form keeps: the "." before an empty first directory.
    bool const kept_dot = r->path().starts_with("/.//");
    for (ftpuri::diagnostic const& d : found) {
        if (d.id == diag_id::path_dot_segment && kept_dot) continue;
        if (std::find(canonicalized_away.begin(), canonicalized_away.end(), d.id) != canonicalized_away.end())
            RC_FAIL("canonical form " + escape_bytes(c) + " still has " + describe(d));
    }
}

FTPURI_PROPERTY("canon.strict_valid.strict")
{
    return rc::check("canon.strict_valid.strict: canon(u) is strict-valid and canonical for strict-valid u",
                     [] { strict_valid(profile::strict); });
}
FTPURI_PROPERTY("canon.strict_valid.rfc3986")
{
    return rc::check("canon.strict_valid.rfc3986: canon(u) is strict-valid where strict can spell u",
                     [] { strict_valid(profile::rfc3986); });
}
FTPURI_PROPERTY("canon.strict_valid.lenient")
{
    return rc::check("canon.strict_valid.lenient: canon(u) is strict-valid wherever a repair exists",
                     [] { strict_valid(profile::lenient); });
}

// ---- canon.preserves ------------------------------------------------------------------------

void preserves(profile syntax)
{
    uri_parts u;
    parsed p;
    draw_input(syntax, u, p);
    std::string const c = canonical_of(p);
    ftpuri::parse_result const r = ftpuri::parse(c, opts(syntax));
    if (!r) RC_FAIL("canonical form " + escape_bytes(c) + " is invalid in its profile: " + describe(r.error()));
    ftpuri::uri_view const& a = *p.result;
    ftpuri::uri_view const& b = *r;
    RC_LOG() << "canonical " << escape_bytes(c) << '\n';

    // decode_into against the reference decoder, on the input's components.
    for (component const part : {component::user, component::password, component::host, component::path,
                                 component::query, component::fragment})
        PROP_EQ(view_decode(a, part), ref_decode(a.raw(part)));

    // userinfo: kept, case and all
    RC_ASSERT(a.has_userinfo() == b.has_userinfo());
    RC_ASSERT(a.has_password() == b.has_password());
    PROP_EQ(view_decode(a, component::user), view_decode(b, component::user));
    PROP_EQ(view_decode(a, component::password), view_decode(b, component::password));

    // host: lowercased; IPv6 by its 16 bytes; a lenient Unicode host by its A-label
    if (a.host_type() == ftpuri::host_kind::ipv6) {
        RC_ASSERT(b.host_type() == ftpuri::host_kind::ipv6);
        auto const ba = ipv6_bytes(a.host_address());
        auto const bb = ipv6_bytes(b.host_address());
        RC_ASSERT(ba.has_value());
        RC_ASSERT(bb.has_value());
        PROP_EQ(*ba, *bb);
    } else if (syntax == profile::lenient && p.found.contains(diag_id::host_unicode)) {
        if (!u.host.expected.empty()) PROP_EQ(b.host(), u.host.expected);
    } else {
        PROP_EQ(ascii_lower(view_decode(a, component::host)), ascii_lower(view_decode(b, component::host)));
    }
    // and the canonical spelling the generator knows (RFC 5952, lowercase, A-label)
    if (!u.host.expected.empty()) PROP_EQ(b.host(), u.host.expected);

    RC_ASSERT(a.effective_port() == b.effective_port());

    // the path: RFC 3986 5.2.4 on the decoded segments, clamped at the root, kept relative
    std::vector<std::string> const want = ref_canonical_segments(decoded_segments(a.path()));
    std::vector<std::string> const got = decoded_segments(b.path());
    PROP_EQ(got, want);
    PROP_EQ(ref_canonical_segments(got), got); // no dot-segment left but that "."

    PROP_EQ(a.typecode(), b.typecode());
    RC_ASSERT(a.has_query() == b.has_query());
    PROP_EQ(view_decode(a, component::query), view_decode(b, component::query));
    RC_ASSERT(a.has_fragment() == b.has_fragment());
    PROP_EQ(view_decode(a, component::fragment), view_decode(b, component::fragment));
}

FTPURI_PROPERTY("canon.preserves.strict")
{
    return rc::check("canon.preserves.strict: u and canon(u) decode to the same components",
                     [] { preserves(profile::strict); });
}
FTPURI_PROPERTY("canon.preserves.rfc3986")
{
    return rc::check("canon.preserves.rfc3986: u and canon(u) decode to the same components",
                     [] { preserves(profile::rfc3986); });
}
FTPURI_PROPERTY("canon.preserves.lenient")
{
    return rc::check("canon.preserves.lenient: u and canon(u) decode to the same components",
                     [] { preserves(profile::lenient); });
}

// ---- canon.model ----------------------------------------------------------------------------

// The canonical form, rule by rule (docs/canonical.md "The rules"), from the components the
// parser found: RFC 3986 6.2.2 normalization of each component with the characters its ftp
// rule allows raw, the host lowercased (IPv6 in RFC 5952 text from inet_pton's bytes, a
// lenient Unicode host as the A-label the generator knows), the port without 21 and zeros,
// dot-segments removed from the normalized segments, the typecode as ";type=x".
std::optional<std::string> model_canonical(ftpuri::uri_view const& v, uri_parts const& u, bool idna_host,
                                           ftpuri::canonical_options const& o)
{
    auto const usp = [](unsigned char c) { return ref_allowed(encode_set::usp_char, c); };
    auto const seg = [](unsigned char c) { return ref_allowed(encode_set::ftp_segment, c); };
    auto const frag = [](unsigned char c) { return ref_allowed(encode_set::fragment, c); };
    auto const reg = [](unsigned char c) { return ref_allowed(encode_set::reg_name, c); };
    std::string out = "ftp://";
    // Options (docs/canonical.md "Options"): drop the password; drop "anonymous@" (any case,
    // any escapes) unless a password stays with it.
    bool const password_stays = v.has_password() && !o.drop_password;
    bool const anonymous = ascii_lower(ref_decode(v.user())) == "anonymous";
    if (v.has_userinfo() && !(o.drop_anonymous && anonymous && !password_stays)) {
        out += ref_normalize(v.user(), usp, false);
        if (password_stays) out += ":" + ref_normalize(v.password(), usp, false);
        out += "@";
    }
    switch (v.host_type()) {
    case ftpuri::host_kind::ipv6: {
        auto const bytes = ipv6_bytes(v.host_address());
        if (!bytes) return std::nullopt;
        std::array<std::uint16_t, 8> pieces{};
        for (std::size_t i = 0; i < 8; ++i)
            pieces[i] = static_cast<std::uint16_t>((*bytes)[2 * i] << 8U | (*bytes)[2 * i + 1]);
        out += "[" + ref_rfc5952(pieces) + "]";
        break;
    }
    case ftpuri::host_kind::ipvfuture: out += ascii_lower(std::string(v.host())); break;
    default:
        if (idna_host) {
            if (u.host.expected.empty()) return std::nullopt; // no A-label known
            out += u.host.expected;
        } else {
            out += ref_normalize(v.host(), reg, true);
        }
        break;
    }
    if (v.port_number() != 0 && v.port_number() != 21) out += ":" + std::to_string(v.port_number());
    std::vector<std::string> segments;
    for (std::string const& s : raw_segments(v.path()))
        segments.push_back(ref_normalize(s, seg, false));
    for (std::string const& s : ref_canonical_segments(segments))
        out += "/" + s;
    if (v.typecode() != '\0') out += std::string(";type=") + v.typecode();
    if (v.has_query()) out += "?" + ref_normalize(v.query(), frag, false);
    if (v.has_fragment() && !o.drop_fragment) out += "#" + ref_normalize(v.fragment(), frag, false);
    return out;
}

FTPURI_PROPERTY("canon.model")
{
    return rc::check("canon.model: canonicalize(u) equals a reference model of the canonical form's rules", [] {
        profile const syntax = *gen_profile();
        uri_parts u;
        parsed p;
        draw_input(syntax, u, p);
        bool const idna_host = syntax == profile::lenient && p.found.contains(diag_id::host_unicode);
        ftpuri::canonical_options o;
        if (*uniform(0, 2) == 0) {
            o.drop_password = *uniform(0, 2) == 0;
            o.drop_fragment = *uniform(0, 2) == 0;
            o.drop_anonymous = *uniform(0, 2) == 0;
            RC_LOG() << "options: drop_password " << o.drop_password << ", drop_fragment " << o.drop_fragment
                     << ", drop_anonymous " << o.drop_anonymous << '\n';
        }
        std::optional<std::string> const want = model_canonical(*p.result, u, idna_host, o);
        if (!want) {
            RC_TAG("host not modelled");
            return;
        }
        std::string const got = ftpuri::canonicalize(*p.result, o);
        PROP_EQ(got, *want);
        // With options too, the output is canonical: canonicalizing it again changes nothing.
        ftpuri::parse_result const again = ftpuri::parse(got, opts(syntax));
        if (!again) RC_FAIL("canonical form " + escape_bytes(got) + " is invalid: " + describe(again.error()));
        PROP_EQ(ftpuri::canonicalize(*again), got);
    });
}

} // namespace
