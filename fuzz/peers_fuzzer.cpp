// SPDX-License-Identifier: Apache-2.0
// fuzz/peers_fuzzer.cpp: ftpuri's rfc3986 profile against two generic RFC 3986 parsers,
// uriparser and Boost.URL, on the generic structure of the same bytes.
//
// The rfc3986 profile accepts any RFC 3986 URI with scheme ftp and an authority, plus the
// safety rules (docs/behaviour.md). So, for every input:
//   - a URI ftpuri accepts, each peer accepts, with scheme ftp and an authority, and splits into
//     the same userinfo, host (without brackets), port, path (with the typecode: it is path
//     text to a peer), query and fragment, each present or absent alike;
//   - a URI a peer accepts with scheme ftp and an authority, ftpuri accepts too, unless ftpuri
//     refuses it on purpose (by_design below) or the peer is known wrong (allow-list below);
//   - Boost.URL's normalize() (RFC 3986 6.2.2) and ftpuri's canonical form agree on the
//     percent-encoding and case of the userinfo, a name host, the path, query and fragment,
//     except where ftpuri keeps an escape that Boost decodes (allow-list below). Dot-segments,
//     ports, empty paths, typecodes and IP-literals are compared elsewhere (canonical_fuzzer):
//     there ftpuri applies ftp rules that a generic normalizer does not know.
//
// Known differences (fuzz/README.md keeps the same list):
//   by_design        ftpuri rejects what RFC 3986 allows: a decoded NUL, CR or LF
//                    (pct.forbidden-control), a port outside 1-65535 (port.out-of-range: RFC
//                    3986's port is *DIGIT), and inputs over the length limit.
//   boost-rootless   Boost.URL 1.81 accepts "ftp://host:port/" and "ftp://a@b@host/": it ends
//                    the authority early (at the port's first non-digit, at the second '@') and
//                    takes the rest as a path that does not begin with "/", which RFC 3986 3.3
//                    forbids after an authority; and it splits "ftp://1.2.3.4x/" into host
//                    "1.2.3.4" and path "x/" the same way. Recognised by exactly that shape of
//                    its result: an authority, then a non-empty path not beginning with "/".
//   boost-ipvfuture  Boost.URL 1.81 rejects an IPvFuture written "[V1.x]": RFC 3986's ABNF
//                    literal "v" is case-insensitive (RFC 5234 2.3); uriparser accepts it.
//   boost-normalize  Boost.URL 1.81's normalize() decodes escapes of reserved characters too
//                    ("%2F" becomes "/", "%3B" becomes ";"), which RFC 3986 6.2.2.2 forbids;
//                    ftpuri also escapes a few raw characters its ftp rules exclude (a second
//                    ":" in a password, a raw ";" in a segment). So where ftpuri's text has
//                    "%XX" and Boost's the byte XX, that is accepted; any other difference is not.
//                    Decoding "%2F" also makes new dot-segments, which Boost then removes
//                    ("a%2F..%2F..%2Fb" becomes "../b"): paths with "%2F" are not compared.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <boost/url/url_view.hpp>
#include <uriparser/Uri.h>

#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"

#include "fuzz_check.hpp"

namespace {

using namespace ftpuri;
using ftpuri_fuzz::hex_digit;
using ftpuri_fuzz::iequals;
using ftpuri_fuzz::reference_decode;

// The generic structure of a URI with an authority.
struct parts {
    bool has_userinfo = false;
    std::string userinfo;
    std::string host; // without an IP-literal's brackets
    bool has_port = false;
    std::string port;
    std::string path;
    bool has_query = false;
    std::string query;
    bool has_fragment = false;
    std::string fragment;

    friend bool operator==(parts const&, parts const&) = default;
};

std::string describe(char const* who, parts const& p)
{
    std::string s = who;
    s += " userinfo=";
    s += p.has_userinfo ? "[" + p.userinfo + "]" : "-";
    s += " host=[" + p.host + "] port=";
    s += p.has_port ? "[" + p.port + "]" : "-";
    s += " path=[" + p.path + "] query=";
    s += p.has_query ? "[" + p.query + "]" : "-";
    s += " fragment=";
    s += p.has_fragment ? "[" + p.fragment + "]" : "-";
    return s;
}

parts ours(uri_view const& v)
{
    parts p;
    p.has_userinfo = v.has_userinfo();
    p.userinfo = v.user();
    if (v.has_password()) p.userinfo += ':' + std::string(v.password());
    p.host = v.host_address();
    p.has_port = v.has_port();
    p.port = v.port();
    p.path = std::string(v.path()) + std::string(v.typecode_part());
    p.has_query = v.has_query();
    p.query = v.query();
    p.has_fragment = v.has_fragment();
    p.fragment = v.fragment();
    return p;
}

std::string text(UriTextRangeA const& r)
{
    return r.first == nullptr ? std::string() : std::string(r.first, r.afterLast);
}

// uriparser's reading, when it accepts the input as a URI with scheme ftp and an authority.
std::optional<parts> uriparser_parts(std::string_view input)
{
    UriUriA uri;
    char const* error_pos = nullptr;
    if (uriParseSingleUriExA(&uri, input.data(), input.data() + input.size(), &error_pos) != URI_SUCCESS)
        return std::nullopt;
    std::optional<parts> result;
    if (iequals(text(uri.scheme), "ftp") && uri.hostText.first != nullptr) {
        parts p;
        p.has_userinfo = uri.userInfo.first != nullptr;
        p.userinfo = text(uri.userInfo);
        p.host = text(uri.hostText);
        p.has_port = uri.portText.first != nullptr;
        p.port = text(uri.portText);
        for (UriPathSegmentA const* s = uri.pathHead; s != nullptr; s = s->next)
            p.path += '/' + text(s->text);
        p.has_query = uri.query.first != nullptr;
        p.query = text(uri.query);
        p.has_fragment = uri.fragment.first != nullptr;
        p.fragment = text(uri.fragment);
        result = p;
    }
    uriFreeUriMembersA(&uri);
    return result;
}

std::string str(boost::urls::string_view s)
{
    return {s.data(), s.size()};
}

parts boost_parts(boost::urls::url_view const& u)
{
    parts p;
    p.has_userinfo = u.has_userinfo();
    p.userinfo = str(u.encoded_userinfo());
    p.host = str(u.encoded_host_address());
    p.has_port = u.has_port();
    p.port = str(u.port());
    p.path = str(u.encoded_path());
    p.has_query = u.has_query();
    p.query = str(u.encoded_query());
    p.has_fragment = u.has_fragment();
    p.fragment = str(u.encoded_fragment());
    return p;
}

// Boost.URL's reading, when it accepts the input as a URI with scheme ftp and an authority.
std::optional<boost::urls::url_view> boost_view(std::string_view input)
{
    auto const r = boost::urls::parse_uri(boost::urls::string_view(input.data(), input.size()));
    if (!r.has_value()) return std::nullopt;
    boost::urls::url_view const& u = r.value();
    if (!iequals(str(u.scheme()), "ftp") || !u.has_authority()) return std::nullopt;
    return u;
}

// Differences that are ftpuri's on purpose: rules on top of RFC 3986.
bool by_design(diagnostic const& e)
{
    return e.id == diag_id::pct_forbidden_control || e.id == diag_id::port_out_of_range ||
           e.id == diag_id::input_too_long;
}

// boost-rootless: an authority followed by a path that does not begin with "/".
bool boost_rootless_bug(boost::urls::url_view const& u)
{
    std::string const path = str(u.encoded_path());
    return u.has_authority() && !path.empty() && path.front() != '/';
}

// boost-ipvfuture: an IPvFuture literal written with a capital "V".
bool boost_ipvfuture_bug(uri_view const& v)
{
    return v.host_type() == host_kind::ipvfuture && v.host_address().starts_with('V');
}

// boost-normalize: `theirs` equals `mine` but that some "%XX" of mine are the raw byte XX there.
bool same_but_decoded_escapes(std::string_view mine, std::string_view theirs)
{
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < mine.size() && j < theirs.size()) {
        if (mine[i] == theirs[j] && !(mine[i] == '%' && theirs[j] == '%')) {
            ++i;
            ++j;
        } else if (mine[i] == '%' && i + 2 < mine.size()) {
            if (theirs[j] == '%') { // both escaped: the same escape
                if (mine.substr(i, 3) != theirs.substr(j, 3)) return false;
                i += 3;
                j += 3;
                continue;
            }
            int const value = hex_digit(mine[i + 1]) * 16 + hex_digit(mine[i + 2]);
            if (value != static_cast<unsigned char>(theirs[j])) return false;
            i += 3;
            ++j;
        } else {
            return false;
        }
    }
    return i == mine.size() && j == theirs.size();
}

bool has_dot_segment(std::string_view path)
{
    for (std::size_t begin = 1; begin <= path.size();) {
        std::size_t slash = path.find('/', begin);
        if (slash == std::string_view::npos) slash = path.size();
        std::string const s = reference_decode(path.substr(begin, slash - begin));
        if (s == "." || s == "..") return true;
        begin = slash + 1;
    }
    return false;
}

void compare_normalized(std::string_view input, uri_view const& v, boost::urls::url_view const& u)
{
    std::optional<std::string> const canon = canonicalize(v.buffer(), {profile::rfc3986, default_max_length});
    FUZZ_CHECK(canon.has_value(), input);
    parse_result const c = parse(*canon, {profile::rfc3986, default_max_length});
    FUZZ_CHECK(c.has_value(), input);
    boost::urls::url normal(u);
    normal.normalize();
    parts const mine = ours(*c);
    parts const theirs = boost_parts(normal);
    std::string const detail = *canon + " vs " + str(normal.buffer());

    FUZZ_CHECK_DETAIL(str(normal.scheme()) == "ftp", input, detail);
    FUZZ_CHECK_DETAIL(same_but_decoded_escapes(mine.userinfo, theirs.userinfo), input, detail);
    if (v.host_type() == host_kind::dns_name || v.host_type() == host_kind::reg_name ||
        v.host_type() == host_kind::ipv4)
        FUZZ_CHECK_DETAIL(same_but_decoded_escapes(mine.host, theirs.host), input, detail);
    // Boost decodes "%2F" and then removes the dot-segments that appear ("a%2F..%2F..%2Fb"
    // becomes "../b"): the path is compared only without an encoded slash.
    bool const plain_typecode = !v.has_typecode() || v.typecode_part() == (*c).typecode_part();
    bool const encoded_slash =
        v.path().find("%2F") != std::string_view::npos || v.path().find("%2f") != std::string_view::npos;
    if (!v.path().empty() && !has_dot_segment(v.path()) && plain_typecode && !encoded_slash)
        FUZZ_CHECK_DETAIL(same_but_decoded_escapes(mine.path, theirs.path), input, detail);
    FUZZ_CHECK_DETAIL(same_but_decoded_escapes(mine.query, theirs.query), input, detail);
    FUZZ_CHECK_DETAIL(same_but_decoded_escapes(mine.fragment, theirs.fragment), input, detail);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);
    parse_result const r = parse(input, {profile::rfc3986, default_max_length});
    std::optional<parts> const mine = r ? std::optional<parts>(ours(*r)) : std::nullopt;

    // uriparser
    std::optional<parts> const up = uriparser_parts(input);
    if (mine) {
        FUZZ_CHECK_DETAIL(up.has_value(), input, "uriparser rejects what ftpuri accepts");
        FUZZ_CHECK_DETAIL(*up == *mine, input, describe("uriparser", *up) + " / " + describe("ftpuri", *mine));
    } else if (up) {
        FUZZ_CHECK_DETAIL(by_design(r.error()), input,
                          "uriparser accepts what ftpuri rejects: " + std::string(r.error().info().name));
    }

    // Boost.URL
    std::optional<boost::urls::url_view> const bu = boost_view(input);
    if (mine && !boost_ipvfuture_bug(*r)) {
        FUZZ_CHECK_DETAIL(bu.has_value(), input, "Boost.URL rejects what ftpuri accepts");
        // boost-rootless also splits some valid URIs wrongly: "ftp://1.2.3.4x/" is host
        // "1.2.3.4" and path "x/" to Boost (uriparser, RFC 3986 and ftpuri: host "1.2.3.4x").
        if (!boost_rootless_bug(*bu)) {
            parts const theirs = boost_parts(*bu);
            FUZZ_CHECK_DETAIL(theirs == *mine, input, describe("boost", theirs) + " / " + describe("ftpuri", *mine));
            compare_normalized(input, *r, *bu);
        }
    } else if (bu) {
        bool const known = by_design(r.error()) || boost_rootless_bug(*bu);
        FUZZ_CHECK_DETAIL(known, input, "Boost.URL accepts what ftpuri rejects: " + std::string(r.error().info().name));
    }
    return 0;
}
