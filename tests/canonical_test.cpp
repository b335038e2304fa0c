// canonical_test: the canonical form, rule by rule (PRODUCT.md "Canonical form"), its options,
// the lenient profile's repairs, peers' normalization vectors, and docs/canonical.md.
//
// Every row of every table is checked for: the exact canonical form; idempotence
// (canon(canon(u)) == canon(u)); strict-validity of the output (required whenever the input is
// strict- or lenient-valid; rows of rfc3986-only inputs say whether theirs is); equivalence of
// input and output; canonical_size_bound(); and canonicalize_into() with too small, exact and
// guarded buffers. The decoded components of an input and its canonical form are compared
// where no dot-segment changes the path, so that the canonical form names the same resource.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "guarded_buffer.hpp"
#include "peer_records.hpp"
#include "strcat.hpp"
#include "uri_expect.hpp"

namespace {

using ftpuri::canonical_options;
using ftpuri::canonical_result;
using ftpuri::canonical_status;
using ftpuri::diag_id;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri_test::cat;
using ftpuri_test::finding;

constexpr profile S = profile::strict;
constexpr profile R = profile::rfc3986;
constexpr profile L = profile::lenient;

std::string name_of(diag_id id)
{
    return std::string(ftpuri::info(id).name);
}

// ---------------------------------------------------------------------------------------
// The rule-by-rule table
// ---------------------------------------------------------------------------------------

struct canon_row {
    std::string_view rule; // which rule of the canonical form the row shows
    std::string_view input;
    profile syntax;
    std::string_view expected; // the canonical form
    bool strict_out = true;    // whether the canonical form is strict-valid (rfc3986-only inputs)
};

// clang-format off
std::vector<canon_row> const canonical_rows = {
    // scheme lowercased
    {"scheme", "FTP://h/", S, "ftp://h/"},
    {"scheme", "fTp://h/", S, "ftp://h/"},
    // host lowercased (a DNS name, an IPv6 literal, an rfc3986 reg-name; after decoding)
    {"host", "ftp://Example.ORG/", S, "ftp://example.org/"},
    {"host", "ftp://FTP.Example.Org./pub/", S, "ftp://ftp.example.org./pub/"},
    {"host", "ftp://192.0.2.1/", S, "ftp://192.0.2.1/"},
    {"host", "ftp://[::ABCD:EF01]/", S, "ftp://[::abcd:ef01]/"},
    {"host", "ftp://My_Host.Example/", R, "ftp://my_host.example/", false},
    {"host", "ftp://%41%42.example/", R, "ftp://ab.example/"},
    {"host", "ftp://a%2Db.example/", R, "ftp://a-b.example/"},
    {"host", "ftp://a%2cb/", R, "ftp://a%2Cb/", false},
    {"host", "ftp://[V1.AB]/", R, "ftp://[v1.ab]/", false},
    // percent-encoding hex uppercased, in every component
    {"pct-hex", "ftp://h/a%3bb", S, "ftp://h/a%3Bb"},
    {"pct-hex", "ftp://h/%c3%a9", S, "ftp://h/%C3%A9"},
    {"pct-hex", "ftp://h/%ff%Fe", S, "ftp://h/%FF%FE"},
    {"pct-hex", "ftp://u%3a%40:p%2f@h/", S, "ftp://u%3A%40:p%2F@h/"},
    {"pct-hex", "ftp://h/f#a%5eb", S, "ftp://h/f#a%5Eb"},
    {"pct-hex", "ftp://h/f?a%3db", R, "ftp://h/f?a%3Db", false},
    // percent-encoded unreserved characters decoded, in every component
    {"pct-unreserved", "ftp://h/%41%7A%30%2D%2E%5F%7E", S, "ftp://h/Az0-._~"},
    {"pct-unreserved", "ftp://h/%7euser/f%7Eile", S, "ftp://h/~user/f~ile"},
    {"pct-unreserved", "ftp://%75%53er:%70w@h/", S, "ftp://uSer:pw@h/"},
    {"pct-unreserved", "ftp://h/f#%7Ex%2d", S, "ftp://h/f#~x-"},
    {"pct-unreserved", "ftp://h/f?%61=%62", R, "ftp://h/f?a=b", false},
    // other escapes are kept (RFC 3986 6.2.2.2 decodes unreserved characters only)
    {"pct-reserved-kept", "ftp://h/%3A%40%21%24%26%27%28%29%2A%2B%2C%3D", S, "ftp://h/%3A%40%21%24%26%27%28%29%2A%2B%2C%3D"},
    {"pct-reserved-kept", "ftp://h/a%20b%25c", S, "ftp://h/a%20b%25c"},
    // unreserved escapes decoded before dot-segments are removed: "%2E%2E" is ".."
    {"dot-decoded", "ftp://h/a/%2E%2E/b", S, "ftp://h/b"},
    {"dot-decoded", "ftp://h/a/%2e/b", S, "ftp://h/a/b"},
    {"dot-decoded", "ftp://h/a/b/.%2E", S, "ftp://h/a/"},
    {"dot-decoded", "ftp://h/a/%2E%2e/", S, "ftp://h/"},
    {"dot-decoded", "ftp://h/%2E%2E/a", R, "ftp://h/a"},
    {"dot-decoded", "ftp://h/a/%2E%2E%2E", R, "ftp://h/a/...", false},
    // dot-segments removed (RFC 3986 5.2.4)
    {"dot", "ftp://h/a/b/c/./../../g", S, "ftp://h/a/g"},
    {"dot", "ftp://h/mid/content=5/../6", S, "ftp://h/mid/6"},
    {"dot", "ftp://h/a/./b", S, "ftp://h/a/b"},
    {"dot", "ftp://h/a/b/..", S, "ftp://h/a/"},
    {"dot", "ftp://h/a/b/.", S, "ftp://h/a/b/"},
    {"dot", "ftp://h/.", S, "ftp://h/"},
    {"dot", "ftp://h/./", S, "ftp://h/"},
    {"dot", "ftp://h/a/..", S, "ftp://h/"},
    {"dot", "ftp://h/a//../b", R, "ftp://h/a/b", true},
    {"dot", "ftp://h/a/..//b", S, "ftp://h//b"},
    {"dot", "ftp://h/.a/..b/.../a./b..", R, "ftp://h/.a/..b/.../a./b..", false},
    {"dot", "ftp://h/a/b/..;type=d", S, "ftp://h/a/;type=d"},
    {"dot", "ftp://h/pub/./f.txt;type=i", S, "ftp://h/pub/f.txt;type=i"},
    // a ".." above the root is dropped (an error in strict: these are rfc3986 and lenient rows)
    {"dot-above-root", "ftp://h/../a", R, "ftp://h/a"},
    {"dot-above-root", "ftp://h/..", R, "ftp://h/"},
    {"dot-above-root", "ftp://h/a/../../b", R, "ftp://h/b"},
    {"dot-above-root", "ftp://h/../../a/../b/", R, "ftp://h/b/"},
    {"dot-above-root", "ftp://h/../a", L, "ftp://h/a"},
    // the empty port, ":21" and leading zeros dropped
    {"port", "ftp://h:/", S, "ftp://h/"},
    {"port", "ftp://h:21/", S, "ftp://h/"},
    {"port", "ftp://h:021/", S, "ftp://h/"},
    {"port", "ftp://h:00021/p", S, "ftp://h/p"},
    {"port", "ftp://h:2121/", S, "ftp://h:2121/"},
    {"port", "ftp://h:02121/", S, "ftp://h:2121/"},
    {"port", "ftp://h:0080/", S, "ftp://h:80/"},
    {"port", "ftp://h:00001/", S, "ftp://h:1/"},
    {"port", "ftp://h:210/", S, "ftp://h:210/"},
    {"port", "ftp://h:65535/", S, "ftp://h:65535/"},
    {"port", "ftp://[::1]:21/", S, "ftp://[::1]/"},
    // an empty path becomes "/"
    {"empty-path", "ftp://h", S, "ftp://h/"},
    {"empty-path", "ftp://h:2121", S, "ftp://h:2121/"},
    {"empty-path", "ftp://u:p@h:21", S, "ftp://u:p@h/"},
    {"empty-path", "ftp://h#top", S, "ftp://h/#top"},
    {"empty-path", "ftp://[::1]", S, "ftp://[::1]/"},
    {"empty-path", "ftp://h?q", R, "ftp://h/?q", false},
    // the typecode lowercased and spelled ";type="
    {"typecode", "ftp://h/f;TYPE=I", S, "ftp://h/f;type=i"},
    {"typecode", "ftp://h/f;Type=A", S, "ftp://h/f;type=a"},
    {"typecode", "ftp://h/d/;type=D", S, "ftp://h/d/;type=d"},
    {"typecode", "ftp://h/f;type=a", S, "ftp://h/f;type=a"},
    {"typecode", "ftp://h/;type=d", S, "ftp://h/;type=d"},
    {"typecode", "ftp://h/f;TYPE=I#x", S, "ftp://h/f;type=i#x"},
    {"typecode", "ftp://h/f;TYPE=I", R, "ftp://h/f;type=i"},
    {"typecode", "ftp://h/f%3Btype=i", S, "ftp://h/f%3Btype=i"},
    // IPv6 in RFC 5952 form
    {"ipv6", "ftp://[2001:DB8::1]/", S, "ftp://[2001:db8::1]/"},
    {"ipv6", "ftp://[2001:0db8:0000:0000:0000:0000:0000:0001]/", S, "ftp://[2001:db8::1]/"},
    {"ipv6", "ftp://[2001:db8:0:0:0:0:2:1]/", S, "ftp://[2001:db8::2:1]/"},
    {"ipv6", "ftp://[2001:db8:0:0:1:0:0:1]/", S, "ftp://[2001:db8::1:0:0:1]/"},
    {"ipv6", "ftp://[2001:0:0:1:0:0:0:1]/", S, "ftp://[2001:0:0:1::1]/"},
    {"ipv6", "ftp://[2001:db8:0:1:1:1:1:1]/", S, "ftp://[2001:db8:0:1:1:1:1:1]/"},
    {"ipv6", "ftp://[2001:db8::1:1:1:1:1]/", S, "ftp://[2001:db8:0:1:1:1:1:1]/"},
    {"ipv6", "ftp://[0:0:0:0:0:0:0:0]/", S, "ftp://[::]/"},
    {"ipv6", "ftp://[0:0:0:0:0:0:0:1]/", S, "ftp://[::1]/"},
    {"ipv6", "ftp://[1:0:0:0:0:0:0:0]/", S, "ftp://[1::]/"},
    {"ipv6", "ftp://[1:2:3:4:5:6:7:8]/", S, "ftp://[1:2:3:4:5:6:7:8]/"},
    {"ipv6", "ftp://[::FFFF:192.0.2.1]/", S, "ftp://[::ffff:192.0.2.1]/"},
    {"ipv6", "ftp://[0:0:0:0:0:ffff:c000:0201]/", S, "ftp://[::ffff:192.0.2.1]/"},
    {"ipv6", "ftp://[::ffff:0.0.0.0]/", S, "ftp://[::ffff:0.0.0.0]/"},
    {"ipv6", "ftp://[::192.0.2.1]/", S, "ftp://[::c000:201]/"},
    {"ipv6", "ftp://[64:ff9b::192.0.2.1]/", S, "ftp://[64:ff9b::c000:201]/"},
    {"ipv6", "ftp://[1:2:3:4:5:6:1.2.3.4]/", S, "ftp://[1:2:3:4:5:6:102:304]/"},
    // kept as they are: each changes which file an FTP client fetches
    {"keep-empty-segment", "ftp://h/a//b/", S, "ftp://h/a//b/"},
    {"keep-empty-segment", "ftp://h//", S, "ftp://h//"},
    {"keep-empty-segment", "ftp://h//etc/motd", S, "ftp://h//etc/motd"},
    {"keep-pct-2F", "ftp://h/a%2Fb", S, "ftp://h/a%2Fb"},
    {"keep-pct-2F", "ftp://h/%2fetc/motd", S, "ftp://h/%2Fetc/motd"},
    {"keep-userinfo", "ftp://Anonymous@h/", S, "ftp://Anonymous@h/"},
    {"keep-userinfo", "ftp://User:PassWord@h/", S, "ftp://User:PassWord@h/"},
    {"keep-userinfo", "ftp://@h/", S, "ftp://@h/"},
    {"keep-userinfo", "ftp://u:@h/", S, "ftp://u:@h/"},
    {"keep-userinfo", "ftp://:p@h/", S, "ftp://:p@h/"},
    {"keep-userinfo", "ftp://u!$&'()*+,;=:p!$&'()*+,;=@h/", S, "ftp://u!$&'()*+,;=:p!$&'()*+,;=@h/"},
    {"keep-trailing-slash", "ftp://h/a/", S, "ftp://h/a/"},
    {"keep-trailing-slash", "ftp://h/a", S, "ftp://h/a"},
    {"keep-path-case", "ftp://h/Pub/README.TXT", S, "ftp://h/Pub/README.TXT"},
    {"keep-query", "ftp://h/f?Q=1&b=%2F", R, "ftp://h/f?Q=1&b=%2F", false},
    {"keep-query", "ftp://h/f?", R, "ftp://h/f?", false},
    {"keep-fragment", "ftp://h/f#Sec/1?x", S, "ftp://h/f#Sec/1?x"},
    {"keep-fragment", "ftp://h/f#", S, "ftp://h/f#"},
    {"keep-fragment", "ftp://h/f#a/../b", S, "ftp://h/f#a/../b"},
    // rfc3986 bytes the ftp grammar has no raw place for are encoded
    {"encode", "ftp://h/a;b/c", R, "ftp://h/a%3Bb/c"},
    {"encode", "ftp://u:p:q@h/", R, "ftp://u:p%3Aq@h/"},
    // everything at once: the example of include/ftpuri/canonical.hpp
    {"all", "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I", S, "ftp://ftp.example.org/~user/pub/f.txt;type=i"},
};
// clang-format on

// ---------------------------------------------------------------------------------------
// Checks shared by every table
// ---------------------------------------------------------------------------------------

std::string describe_status(canonical_result const& r)
{
    switch (r.status) {
    case canonical_status::ok: return "ok";
    case canonical_status::buffer_too_small: return "buffer_too_small";
    case canonical_status::idna_failed: return "idna_failed";
    }
    return "?";
}

using ftpuri_test::guarded;

// canonicalize_into() into a buffer of canonical_size_bound(), guarded on both sides.
void check_bound_buffer(ftpuri::uri_view const& view, std::string_view expected, canonical_options const& options)
{
    EXPECT_GE(ftpuri::canonical_size_bound(view.size()), expected.size()) << "canonical_size_bound() is too small";
    guarded buf(ftpuri::canonical_size_bound(view.size()));
    canonical_result const r = ftpuri::canonicalize_into(view, buf.span(), options);
    EXPECT_EQ(describe_status(r), "ok") << "with a buffer of canonical_size_bound()";
    EXPECT_EQ(buf.written(r.size), expected);
    EXPECT_TRUE(buf.intact());
}

// canonicalize_into() into buffers of exactly the canonical form's size and smaller: the exact
// size succeeds, a smaller one is told that size. Returns what went wrong ("" if nothing).
std::string exact_buffer_problems(ftpuri::uri_view const& view, std::string_view expected,
                                  canonical_options const& options)
{
    std::string problems;
    {
        guarded buf(expected.size());
        canonical_result const r = ftpuri::canonicalize_into(view, buf.span(), options);
        if (!r) {
            problems += cat({" a buffer of exactly ", expected.size(), " bytes gives ", describe_status(r), " (size ",
                             r.size, ");"});
        } else if (buf.written(r.size) != expected) {
            problems += cat({" a buffer of exactly the size gets ", buf.written(r.size), ";"});
        }
        if (!buf.intact()) problems += " wrote outside a buffer of exactly the size;";
    }
    for (std::size_t size : {std::size_t{0}, expected.size() / 2, expected.size() - 1}) {
        guarded buf(size);
        canonical_result const r = ftpuri::canonicalize_into(view, buf.span(), options);
        if (r.status != canonical_status::buffer_too_small) {
            problems += cat({" a buffer of ", size, " gives ", describe_status(r), ";"});
        } else if (r.size != expected.size()) {
            problems += cat({" a buffer of ", size, " is told it needs ", r.size, " bytes;"});
        }
        if (!buf.intact()) problems += cat({" wrote outside a buffer of ", size, ";"});
    }
    return problems;
}

// The decoded text of a component.
std::string decoded(ftpuri::uri_view const& v, ftpuri::component c)
{
    std::string out(v.decoded_size(c), '\0');
    std::size_t const n = v.decode_into(c, out);
    EXPECT_NE(n, std::size_t(ftpuri::uri_view::npos));
    out.resize(n == std::size_t(ftpuri::uri_view::npos) ? 0 : n);
    return out;
}

bool has_dot_segment(ftpuri::uri_view const& v)
{
    for (std::string_view s : v.segments()) {
        std::string const d = ftpuri_test::decode(s);
        if (d == "." || d == "..") return true;
    }
    return false;
}

// The canonical form names the same resource: the same decoded user, password, port, typecode,
// fragment and (where no dot-segment was removed) the same decoded segments.
void check_same_resource(ftpuri::uri_view const& a, ftpuri::uri_view const& b, canonical_options const& options)
{
    using ftpuri::component;
    bool const anonymous_dropped = options.drop_anonymous && a.has_userinfo() && !b.has_userinfo();
    if (!anonymous_dropped) {
        EXPECT_EQ(a.has_userinfo(), b.has_userinfo());
        EXPECT_EQ(decoded(a, component::user), decoded(b, component::user));
    }
    if (!options.drop_password && !anonymous_dropped) {
        EXPECT_EQ(a.has_password(), b.has_password());
        EXPECT_EQ(decoded(a, component::password), decoded(b, component::password));
    }
    EXPECT_EQ(a.effective_port(), b.effective_port());
    EXPECT_EQ(a.typecode(), b.typecode());
    if (!options.drop_fragment) {
        EXPECT_EQ(a.has_fragment(), b.has_fragment());
        EXPECT_EQ(decoded(a, component::fragment), decoded(b, component::fragment));
    }
    EXPECT_EQ(a.has_query(), b.has_query());
    if (a.host_type() != ftpuri::host_kind::ipv6 && a.syntax() != L && a.host_type() != ftpuri::host_kind::reg_name) {
        EXPECT_EQ(ftpuri_test::lower(decoded(a, component::host)), decoded(b, component::host));
    }
    if (!has_dot_segment(a) && !a.path().empty()) {
        ftpuri_test::split_path const sa = ftpuri_test::split(a);
        ftpuri_test::split_path const sb = ftpuri_test::split(b);
        EXPECT_EQ(ftpuri_test::join(sa.cwds), ftpuri_test::join(sb.cwds)) << "decoded cwds";
        EXPECT_EQ(sa.name, sb.name) << "decoded name";
    }
}

// The safety rules that are errors in strict and warnings elsewhere, which no repair mends
// (PRODUCT.md: the lenient canonical form is strict-valid "wherever a repair exists").
std::set<diag_id> const unrepaired_warnings = {diag_id::path_encoded_traversal, diag_id::path_encoded_backslash,
                                               diag_id::pct_control, diag_id::host_numeric_ambiguous,
                                               diag_id::host_empty};

// Whether the lenient profile accepts `input` with one of those warnings.
bool lenient_unrepaired(std::string_view input)
{
    ftpuri::diagnostic_list list;
    if (!ftpuri::parse(input, parse_options{L}, list)) return false;
    for (auto const& d : list)
        if (unrepaired_warnings.count(d.id) != 0) return true;
    return false;
}

// Everything a row of any table must satisfy. `strict_out`: whether the canonical form must be
// strict-valid (it must be whenever the input is valid in strict or lenient).
void check_canonical(std::string_view input, profile syntax, std::string_view expected, bool strict_out,
                     canonical_options const& options = {})
{
    SCOPED_TRACE(cat({"input <", input, "> in ", ftpuri::to_string(syntax)}));
    ftpuri::parse_result const r = ftpuri::parse(input, parse_options{syntax});
    ASSERT_TRUE(r.has_value()) << "not valid: " << name_of(r.error().id) << " at " << r.error().offset;
    if (ftpuri::validate(input, parse_options{S}) || (syntax == L && !lenient_unrepaired(input))) {
        EXPECT_TRUE(strict_out) << "test table: the canonical form of a strict URI, or of a repaired lenient one, "
                                   "is strict-valid";
    }

    std::string const got = ftpuri::canonicalize(*r, options);
    EXPECT_EQ(got, expected);
    std::optional<std::string> const got2 = ftpuri::canonicalize(input, parse_options{syntax}, options);
    ASSERT_TRUE(got2.has_value());
    EXPECT_EQ(*got2, expected) << "the string overload";
    check_bound_buffer(*r, expected, options);

    // Idempotent, in the input's profile and (when strict-valid) in strict.
    std::optional<std::string> const again = ftpuri::canonicalize(expected, parse_options{syntax}, options);
    ASSERT_TRUE(again.has_value()) << "the canonical form does not parse in the input's profile";
    EXPECT_EQ(*again, expected) << "not idempotent";
    EXPECT_EQ(ftpuri::validate(expected, parse_options{S}), strict_out) << "strict-validity of the canonical form";
    if (strict_out) {
        std::optional<std::string> const in_strict = ftpuri::canonicalize(expected, parse_options{S}, options);
        ASSERT_TRUE(in_strict.has_value());
        EXPECT_EQ(*in_strict, expected) << "the canonical form is not canonical in strict";
        ftpuri::diagnostic_list list;
        ASSERT_TRUE(ftpuri::parse(expected, parse_options{S}, list).has_value());
        for (auto const& d : list) {
            // A canonical form still warns about what it keeps on purpose, never about what the
            // canonical form changes.
            static std::set<diag_id> const changed_by_canon = {diag_id::scheme_uppercase,
                                                               diag_id::host_uppercase,
                                                               diag_id::pct_lowercase,
                                                               diag_id::pct_needless,
                                                               diag_id::port_empty,
                                                               diag_id::port_default,
                                                               diag_id::port_leading_zeros,
                                                               diag_id::path_dot_segment,
                                                               diag_id::typecode_uppercase,
                                                               diag_id::typecode_misspelled,
                                                               diag_id::interop_encoded_dot_segment};
            EXPECT_EQ(changed_by_canon.count(d.id), 0U) << "the canonical form warns " << name_of(d.id);
        }
    }

    // The canonical form is equivalent to the input and names the same resource.
    ftpuri::parse_result const c = ftpuri::parse(expected, parse_options{syntax});
    ASSERT_TRUE(c.has_value());
    if (options.drop_password == false && options.drop_fragment == false && options.drop_anonymous == false) {
        EXPECT_TRUE(ftpuri::equivalent(*r, *c)) << "input and canonical form are not equivalent()";
    }
    check_same_resource(*r, *c, options);
}

TEST(canonical, rule_by_rule)
{
    std::set<std::string_view> rules;
    for (canon_row const& row : canonical_rows) {
        SCOPED_TRACE(cat({"rule ", row.rule}));
        check_canonical(row.input, row.syntax, row.expected, row.strict_out);
        rules.insert(row.rule);
    }
    // PRODUCT.md's list, each with a row at least.
    for (std::string_view rule :
         {"scheme", "host", "pct-hex", "pct-unreserved", "pct-reserved-kept", "dot-decoded", "dot", "dot-above-root",
          "port", "empty-path", "typecode", "ipv6", "keep-empty-segment", "keep-pct-2F", "keep-userinfo",
          "keep-trailing-slash", "keep-path-case", "keep-query", "keep-fragment"})
        EXPECT_EQ(rules.count(rule), 1U) << "no row for rule " << rule;
}

TEST(canonical, header_example)
{
    std::string const text = "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I";
    auto const view = ftpuri::parse(text);
    ASSERT_TRUE(view.has_value());
    char out[128];
    auto const r = ftpuri::canonicalize_into(*view, out);
    ASSERT_TRUE(r);
    EXPECT_EQ(std::string_view(out, r.size), "ftp://ftp.example.org/~user/pub/f.txt;type=i");
}

TEST(canonical, invalid_input_has_no_canonical_form)
{
    for (std::string_view bad : {"", "http://h/", "ftp:/h", "ftp://h/a b", "ftp://h/../x", "ftp://h/?q",
                                 "ftp://h/a%0D%0Ab", "ftp://127.1/", "ftp://h:0/", "ftp://h/f;type=x"}) {
        EXPECT_FALSE(ftpuri::canonicalize(bad).has_value()) << bad;
        EXPECT_FALSE(ftpuri::canonicalize(bad, parse_options{S}, canonical_options{true, true, true}).has_value())
            << bad;
    }
    // Valid only in a more lenient profile: nothing in strict, a form in that profile.
    EXPECT_FALSE(ftpuri::canonicalize("ftp://h/a b").has_value());
    EXPECT_EQ(ftpuri::canonicalize("ftp://h/a b", parse_options{L}).value_or("-"), "ftp://h/a%20b");
    EXPECT_FALSE(ftpuri::canonicalize("ftp://h/?q").has_value());
    EXPECT_EQ(ftpuri::canonicalize("ftp://h/?q", parse_options{R}).value_or("-"), "ftp://h/?q");
}

// ---------------------------------------------------------------------------------------
// Dot-segments over every short path: the canonical path is RFC 3986 5.2.4 applied to the
// path with its unreserved escapes decoded, computed here by the RFC's own string algorithm.
// ---------------------------------------------------------------------------------------

std::string rfc_remove_dot_segments(std::string in)
{
    std::string out;
    auto drop_last = [&out] {
        std::size_t const slash = out.rfind('/');
        out.erase(slash == std::string::npos ? 0 : slash);
    };
    while (!in.empty()) {
        if (in.starts_with("../")) {
            in.erase(0, 3);
        } else if (in.starts_with("./")) {
            in.erase(0, 2);
        } else if (in.starts_with("/./")) {
            in.erase(0, 2);
        } else if (in == "/.") {
            in = "/";
        } else if (in.starts_with("/../")) {
            in.erase(0, 3);
            drop_last();
        } else if (in == "/..") {
            in = "/";
            drop_last();
        } else if (in == "." || in == "..") {
            in.clear();
        } else {
            std::size_t const end = in.find('/', in.front() == '/' ? 1 : 0);
            std::size_t const n = end == std::string::npos ? in.size() : end;
            out += in.substr(0, n);
            in.erase(0, n);
        }
    }
    return out;
}

std::string decode_unreserved(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            int const v = ftpuri::hex_value(static_cast<unsigned char>(s[i + 1])) * 16 +
                          ftpuri::hex_value(static_cast<unsigned char>(s[i + 2]));
            char const c = static_cast<char>(v);
            bool const unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                                    c == '-' || c == '.' || c == '_' || c == '~';
            if (unreserved) {
                out += c;
            } else {
                out += '%';
                out += static_cast<char>(std::toupper(static_cast<unsigned char>(s[i + 1])));
                out += static_cast<char>(std::toupper(static_cast<unsigned char>(s[i + 2])));
            }
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

TEST(canonical, dot_segments_of_every_short_path)
{
    std::vector<std::string> const pieces = {"a", "B", ".", "..", "%2E", "%2e%2E", "", ".%2E", "%7e"};
    std::vector<std::string> paths = {""};
    std::vector<std::string> frontier = {""};
    for (int depth = 0; depth < 4; ++depth) {
        std::vector<std::string> next;
        for (std::string const& p : frontier)
            for (std::string const& s : pieces)
                next.push_back(cat({p, "/", s}));
        paths.insert(paths.end(), next.begin(), next.end());
        frontier = std::move(next);
    }
    int strict_rows = 0;
    for (std::string const& path : paths) {
        std::string const uri = cat({"ftp://h", path});
        std::string want = rfc_remove_dot_segments(decode_unreserved(path));
        if (want.empty()) want = "/";
        want = cat({"ftp://h", want});
        std::optional<std::string> const got = ftpuri::canonicalize(uri, parse_options{R});
        ASSERT_TRUE(got.has_value()) << uri;
        EXPECT_EQ(*got, want) << uri;
        // What strict accepts it canonicalizes to the same form, which strict accepts too. (What
        // only rfc3986 accepts may canonicalize to a strict error: "a/%7e" is "a/~".)
        if (std::optional<std::string> const s = ftpuri::canonicalize(uri, parse_options{S})) {
            EXPECT_EQ(*s, want) << uri;
            EXPECT_EQ(ftpuri::canonicalize(*got, parse_options{S}).value_or("(invalid)"), *got)
                << uri << ": canonical form";
            ++strict_rows;
        }
        EXPECT_TRUE(ftpuri::equivalent(uri, want, parse_options{R})) << uri;
    }
    EXPECT_GT(strict_rows, 1000);
}

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

struct option_row {
    canonical_options options;
    std::string_view input;
    std::string_view expected;
};

constexpr canonical_options drop_password{true, false, false};
constexpr canonical_options drop_fragment{false, true, false};
constexpr canonical_options drop_anonymous{false, false, true};
constexpr canonical_options drop_anonymous_password{true, false, true};
constexpr canonical_options drop_all{true, true, true};

std::vector<option_row> const option_rows = {
    {drop_password, "ftp://u:secret@h/", "ftp://u@h/"},
    {drop_password, "ftp://u:@h/", "ftp://u@h/"},
    {drop_password, "ftp://:p@h/", "ftp://@h/"},
    {drop_password, "ftp://u@h/", "ftp://u@h/"},
    {drop_password, "ftp://h/", "ftp://h/"},
    {drop_password, "ftp://anonymous:me@h/", "ftp://anonymous@h/"},
    {drop_fragment, "ftp://h/f#x", "ftp://h/f"},
    {drop_fragment, "ftp://h#x", "ftp://h/"},
    {drop_fragment, "ftp://h/f#", "ftp://h/f"},
    {drop_fragment, "ftp://h/f;type=i#x", "ftp://h/f;type=i"},
    {drop_fragment, "ftp://h/f", "ftp://h/f"},
    {drop_anonymous, "ftp://anonymous@h/", "ftp://h/"},
    {drop_anonymous, "ftp://ANONYMOUS@h/p", "ftp://h/p"},
    {drop_anonymous, "ftp://%61nonymous@h/", "ftp://h/"},
    {drop_anonymous, "ftp://anonymous:me%40example.org@h/", "ftp://anonymous:me%40example.org@h/"},
    {drop_anonymous, "ftp://anonymous:@h/", "ftp://anonymous:@h/"},
    {drop_anonymous, "ftp://anon@h/", "ftp://anon@h/"},
    {drop_anonymous, "ftp://anonymousx@h/", "ftp://anonymousx@h/"},
    {drop_anonymous, "ftp://u@h/", "ftp://u@h/"},
    {drop_anonymous_password, "ftp://anonymous:me@h/", "ftp://h/"},
    {drop_anonymous_password, "ftp://anonymous:@h/", "ftp://h/"},
    {drop_anonymous_password, "ftp://u:me@h/", "ftp://u@h/"},
    {drop_all, "FTP://anonymous:x@H:21/a/../b#f", "ftp://h/b"},
    {drop_all, "ftp://u:x@h/f#f", "ftp://u@h/f"},
};

std::string describe(canonical_options const& o)
{
    std::string s;
    if (o.drop_password) s += " drop_password";
    if (o.drop_fragment) s += " drop_fragment";
    if (o.drop_anonymous) s += " drop_anonymous";
    return s.empty() ? " (none)" : s;
}

TEST(canonical, options)
{
    for (option_row const& row : option_rows) {
        SCOPED_TRACE(cat({"options", describe(row.options)}));
        check_canonical(row.input, S, row.expected, true, row.options);
        // Off by default: without the option the form keeps the part.
        std::optional<std::string> const plain = ftpuri::canonicalize(row.input);
        ASSERT_TRUE(plain.has_value());
        EXPECT_EQ(ftpuri::canonicalize(*plain, parse_options{S}, row.options).value_or("-"), row.expected)
            << "options applied to the default canonical form";
    }
}

TEST(canonical, options_default_off)
{
    constexpr canonical_options defaults{};
    EXPECT_FALSE(defaults.drop_password);
    EXPECT_FALSE(defaults.drop_fragment);
    EXPECT_FALSE(defaults.drop_anonymous);
    EXPECT_EQ(ftpuri::canonicalize("ftp://anonymous:pw@h/#f").value_or("-"), "ftp://anonymous:pw@h/#f");
}

// ---------------------------------------------------------------------------------------
// The lenient profile's repairs (PRODUCT.md "Syntax profiles")
// ---------------------------------------------------------------------------------------

struct lenient_row {
    std::string_view input;
    std::string_view expected;       // the canonical form
    std::vector<finding> repairs;    // the warnings of the repairs, with offset and length
    std::vector<diag_id> other = {}; // the other warnings of the input: with repairs, the exact set
};

// clang-format off
std::vector<lenient_row> const lenient_rows = {
    // surrounding spaces and controls trimmed (reported once, at the first run)
    {"  ftp://h/a  ", "ftp://h/a", {{diag_id::input_trimmed, 0, 2}}},
    {"ftp://h/a \t\r\n", "ftp://h/a", {{diag_id::input_trimmed, 9, 4}}},
    {"\tftp://h/", "ftp://h/", {{diag_id::input_trimmed, 0, 1}}},
    {"ftp://h/a b ", "ftp://h/a%20b", {{diag_id::input_trimmed, 11, 1}, {diag_id::char_space, 9, 1}}},
    // raw spaces percent-encoded
    {"ftp://h/a b", "ftp://h/a%20b", {{diag_id::char_space, 9, 1}}},
    {"ftp://h/my file.txt;type=a", "ftp://h/my%20file.txt;type=a", {{diag_id::char_space, 10, 1}}},
    {"ftp://h/a  b/c d", "ftp://h/a%20%20b/c%20d", {{diag_id::char_space, 9, 1}}},
    {"ftp://us er@h/", "ftp://us%20er@h/", {{diag_id::char_space, 8, 1}}},
    {"ftp://u:p w@h/", "ftp://u:p%20w@h/", {{diag_id::char_space, 9, 1}}, {diag_id::userinfo_password}},
    {"ftp://h/f#a b", "ftp://h/f#a%20b", {{diag_id::char_space, 11, 1}}, {diag_id::fragment_present}},
    // raw non-ASCII (IRI, RFC 3987) percent-encoded, byte by byte
    {"ftp://h/caf\xC3\xA9", "ftp://h/caf%C3%A9", {{diag_id::char_non_ascii, 11, 1}}},
    {"ftp://h/\xE6\x97\xA5\xE6\x9C\xAC/", "ftp://h/%E6%97%A5%E6%9C%AC/", {{diag_id::char_non_ascii, 8, 1}}},
    {"ftp://h/\xE9t\xE9", "ftp://h/%E9t%E9", {{diag_id::char_non_ascii, 8, 1}}, {diag_id::pct_non_utf8}},
    {"ftp://\xC3\xBC:p\xC3\xA4@h/", "ftp://%C3%BC:p%C3%A4@h/", {{diag_id::char_non_ascii, 6, 1}}, {diag_id::userinfo_password}},
    {"ftp://h/f#\xC3\xA9", "ftp://h/f#%C3%A9", {{diag_id::char_non_ascii, 10, 1}}, {diag_id::fragment_present}},
    // Unicode hosts converted with IDNA (UTS #46, non-transitional, libidn2)
    {"ftp://b\xC3\xBC" "cher.example/", "ftp://xn--bcher-kva.example/", {{diag_id::host_unicode, 6, 15}}},
    {"ftp://B\xC3\x9C" "CHER.Example/pub", "ftp://xn--bcher-kva.example/pub", {{diag_id::host_unicode, 6, 15}}},
    {"ftp://fa\xC3\x9F.de/", "ftp://xn--fa-hia.de/", {{diag_id::host_unicode, 6, 7}}},
    {"ftp://\xE4\xBE\x8B\xE3\x81\x88.\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88/", "ftp://xn--r8jz45g.xn--zckzah/", {{diag_id::host_unicode, 6, 16}}},
    {"ftp://b%C3%BCcher.example/", "ftp://xn--bcher-kva.example/", {{diag_id::host_unicode, 6, 19}}},
    {"ftp://b%c3%bccher.example/", "ftp://xn--bcher-kva.example/", {{diag_id::host_unicode, 6, 19}}, {diag_id::pct_lowercase}},
    {"ftp://user:pw@b\xC3\xBC" "cher.example:2121/pub/;type=d", "ftp://user:pw@xn--bcher-kva.example:2121/pub/;type=d",
     {{diag_id::host_unicode, 14, 15}}, {diag_id::userinfo_password}},
    // the ";typecode=" spelling of draft-yevstifeyev's ABNF
    {"ftp://h/f;typecode=i", "ftp://h/f;type=i", {{diag_id::typecode_misspelled, 9, 10}}},
    {"ftp://h/pub/;typecode=d", "ftp://h/pub/;type=d", {{diag_id::typecode_misspelled, 12, 10}}},
    {"ftp://h/f;TYPECODE=A", "ftp://h/f;type=a", {{diag_id::typecode_misspelled, 9, 10}}, {diag_id::typecode_uppercase}},
    // a raw ':' in the password
    {"ftp://u:p:q@h/", "ftp://u:p%3Aq@h/", {{diag_id::userinfo_raw_colon, 9, 1}}, {diag_id::userinfo_password}},
    {"ftp://u:a:b:c@h/", "ftp://u:a%3Ab%3Ac@h/", {{diag_id::userinfo_raw_colon, 9, 1}}, {diag_id::userinfo_password}},
    // a ".." above the root: a warning, and the canonical form drops it
    {"ftp://h/../a", "ftp://h/a", {{diag_id::path_above_root, 8, 2}}, {diag_id::path_dot_segment}},
    // all at once
    {" FTP://B\xC3\xBC" "cher.Example/my dir/\xC3\xA4;typecode=A ", "ftp://xn--bcher-kva.example/my%20dir/%C3%A4;type=a",
     {{diag_id::input_trimmed, 0, 1}, {diag_id::host_unicode, 7, 15}, {diag_id::char_space, 25, 1},
      {diag_id::char_non_ascii, 30, 1}, {diag_id::typecode_misspelled, 32, 10}},
     {diag_id::scheme_uppercase, diag_id::typecode_uppercase}},
};
// clang-format on

TEST(lenient, repairs)
{
    std::set<diag_id> repaired;
    for (lenient_row const& row : lenient_rows) {
        SCOPED_TRACE(cat({"lenient <", row.input, ">"}));
        EXPECT_FALSE(ftpuri::validate(row.input, parse_options{S}))
            << "test table: strict accepts it, nothing to repair";
        ftpuri::diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{L}, list);
        ASSERT_TRUE(r.has_value()) << name_of(r.error().id) << " at " << r.error().offset;
        SCOPED_TRACE(cat({"diagnostics: ", ftpuri_test::describe(list)}));
        std::set<std::string> got;
        std::set<std::string> want;
        for (auto const& d : list) {
            got.insert(name_of(d.id));
            EXPECT_EQ(d.level, ftpuri::severity::warning) << name_of(d.id);
        }
        for (finding const& f : row.repairs) {
            want.insert(name_of(f.id));
            EXPECT_TRUE(ftpuri_test::holds(list, f)) << "missing " << ftpuri_test::describe(f);
            repaired.insert(f.id);
        }
        for (diag_id id : row.other)
            want.insert(name_of(id));
        EXPECT_EQ(got, want) << "the warnings";
        // The canonical form is strict-valid and canonical in strict (check_canonical).
        check_canonical(row.input, L, row.expected, true);
    }
    for (diag_id id : {diag_id::input_trimmed, diag_id::char_space, diag_id::char_non_ascii, diag_id::host_unicode,
                       diag_id::typecode_misspelled, diag_id::userinfo_raw_colon})
        EXPECT_EQ(repaired.count(id), 1U) << "no row shows the repair " << name_of(id);
}

// What the lenient profile does not repair: errors, as in strict.
struct lenient_error_row {
    std::string_view input;
    finding error;
    std::string_view why = {}; // a peer that accepts it
};

// clang-format off
std::vector<lenient_error_row> const lenient_error_rows = {
    {"ftp://\xE2\x98\x83.example/", {diag_id::host_idna_invalid, 6, 11},
     "libidn2 follows IDNA2008, which disallows symbols (U+2603 SNOWMAN); WHATWG's UTS #46 maps it: "
     "WPT urltestdata index 548 reads ftp://%e2%98%83 as ftp://xn--n3h/"},
    {"ftp://%E2%98%83.example/", {diag_id::host_idna_invalid, 6, 17}, "as above, percent-encoded"},
    {"ftp://\xF0\x9F\x98\x80.com/", {diag_id::host_idna_invalid, 6, 8}, "emoji are not IDNA2008 PVALID either"},
    {"ftp://a\xFF" "b.example/", {diag_id::host_idna_invalid, 6, 11}},
    {"ftp://%C2%AD/", {diag_id::host_idna_invalid, 6, 6}},
    {"ftp://h/a\tb", {diag_id::char_control, 9, 1}},
    {"ftp://h/a%0D%0Ab", {diag_id::pct_forbidden_control, 9, 3}},
    {"ftp://h/f;typecode=x", {diag_id::typecode_invalid, 19, 1}},
    {"ftp://u:p@q@h/", {diag_id::userinfo_multiple_at, 9, 1}},
    {"ftp://h/a?b", {diag_id::query_present, 9, 2}},
    {"ftp://h/a;b", {diag_id::path_raw_semicolon, 9, 1}},
    {"ftp://ex ample.com/", {diag_id::char_space, 8, 1}},
    {"ftp://h/a\\b", {diag_id::char_unsafe, 9, 1}},
};
// clang-format on

TEST(lenient, what_it_does_not_repair)
{
    for (lenient_error_row const& row : lenient_error_rows) {
        SCOPED_TRACE(cat({"lenient <", row.input, ">"}));
        ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{L});
        ASSERT_FALSE(r.has_value()) << "accepted";
        EXPECT_EQ(name_of(r.error().id), name_of(row.error.id));
        EXPECT_EQ(r.error().offset, static_cast<std::uint32_t>(row.error.offset));
        EXPECT_EQ(r.error().length, static_cast<std::uint32_t>(row.error.length));
        EXPECT_FALSE(ftpuri::canonicalize(row.input, parse_options{L}).has_value());
    }
}

// PRODUCT.md: the lenient canonical form is strict-valid "wherever a repair exists". The safety
// rules that are strict errors and warnings elsewhere have no repair: the lenient profile
// accepts these with the warning, and their canonical form stays what strict rejects.
struct lenient_unrepaired_row {
    std::string_view input;
    std::string_view expected;
    diag_id warning; // in lenient; the error strict reports for input and canonical form alike
};

std::vector<lenient_unrepaired_row> const lenient_unrepaired_rows = {
    {"ftp://h/..%2Fetc", "ftp://h/..%2Fetc", diag_id::path_encoded_traversal},
    {"ftp://h/a%5cb", "ftp://h/a%5Cb", diag_id::path_encoded_backslash},
    {"ftp://h/a%01", "ftp://h/a%01", diag_id::pct_control},
    {"ftp://127.1/", "ftp://127.1/", diag_id::host_numeric_ambiguous},
    {"ftp:///p", "ftp:///p", diag_id::host_empty},
};

TEST(lenient, safety_warnings_without_a_repair)
{
    for (lenient_unrepaired_row const& row : lenient_unrepaired_rows) {
        SCOPED_TRACE(cat({"lenient <", row.input, ">"}));
        ftpuri::diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{L}, list);
        ASSERT_TRUE(r.has_value());
        EXPECT_TRUE(ftpuri_test::holds(list, finding{row.warning})) << name_of(row.warning);
        EXPECT_EQ(unrepaired_warnings.count(row.warning), 1U);
        std::string const canon = ftpuri::canonicalize(*r);
        EXPECT_EQ(canon, row.expected);
        EXPECT_EQ(ftpuri::canonicalize(canon, parse_options{L}).value_or("-"), canon) << "idempotent";
        ftpuri::parse_result const strict_in = ftpuri::parse(row.input, parse_options{S});
        ftpuri::parse_result const strict_out = ftpuri::parse(canon, parse_options{S});
        ASSERT_FALSE(strict_in.has_value());
        ASSERT_FALSE(strict_out.has_value());
        EXPECT_EQ(name_of(strict_in.error().id), name_of(row.warning));
        EXPECT_EQ(name_of(strict_out.error().id), name_of(row.warning));
    }
}

// ---------------------------------------------------------------------------------------
// Peers' normalization vectors (tests/data/normalize-vectors.jsonl)
// ---------------------------------------------------------------------------------------

// How the ftp URI is made from the peer's record.
enum class mode {
    scheme,   // the peer's input with its scheme spelled ftp (same case per letter), or a path
              // ("/...") behind "ftp://h"; the peer's result rewritten the same way
    ipv6,     // an IPv6 address (Boost's ipv6_parse) as the host of "ftp://[...]/"
    fixpoint, // the peer's result is an ftp URI; ftpuri must find it canonical already
};

struct vector_row {
    std::string_view tag;         // peer (see peer_records.hpp)
    long id;                      // index or line in the peer's file
    std::string_view peer_input;  // verbatim, as the record holds it ("" when not needed)
    std::string_view peer_expect; // verbatim; "<failure>" when the peer rejects the input
    mode how;
    profile syntax;
    std::string_view input;    // the ftp URI ftpuri reads
    std::string_view expected; // ftpuri's canonical form, or "!id" for ftpuri's error
    std::string_view why;      // non-empty exactly where ftpuri disagrees with the peer
};

// clang-format off
// Generated from the records and checked against them by the test: the peer's strings are
// verbatim; `expected` is PRODUCT.md's canonical form.
std::vector<vector_row> const vector_rows = {
    {"wpt", 195, "ftp://foo:21/", "ftp://foo/", mode::scheme, profile::strict, "ftp://foo:21/", "ftp://foo/", ""},
    {"wpt", 196, "ftp://foo:80/", "ftp://foo:80/", mode::scheme, profile::strict, "ftp://foo:80/", "ftp://foo:80/", ""},
    {"wpt", 548, "ftp://%e2%98%83", "ftp://xn--n3h/", mode::scheme, profile::lenient, "ftp://%e2%98%83", "!host.idna-invalid", "libidn2 follows IDNA2008, which disallows symbols such as U+2603 (SNOWMAN); WHATWG's UTS #46 processing maps it to xn--n3h"},
    {"wpt-setters", 19, "ftp://example.net", "ftp://example.net/", mode::fixpoint, profile::strict, "ftp://example.net/", "ftp://example.net/", ""},
    {"wpt", 3, "https://test:@test", "https://test@test/", mode::scheme, profile::strict, "ftp://test:@test", "ftp://test:@test/", "WHATWG drops an empty password (and an empty userinfo); ftpuri keeps the userinfo as written: \"u:@\" and \"u@\" log in differently"},
    {"wpt", 4, "https://:@test", "https://test/", mode::scheme, profile::strict, "ftp://:@test", "ftp://:@test/", "WHATWG drops an empty password (and an empty userinfo); ftpuri keeps the userinfo as written: \"u:@\" and \"u@\" log in differently"},
    {"wpt", 13, "http://f:/c", "http://f/c", mode::scheme, profile::strict, "ftp://f:/c", "ftp://f/c", ""},
    {"wpt", 46, "http://a:b@c:29/d", "http://a:b@c:29/d", mode::scheme, profile::strict, "ftp://a:b@c:29/d", "ftp://a:b@c:29/d", ""},
    {"wpt", 47, "http://é@é", "http://%C3%A9@xn--9ca/", mode::scheme, profile::lenient, "ftp://é@é", "ftp://%C3%A9@xn--9ca/", ""},
    {"wpt", 48, "http://é@example.com", "http://%C3%A9@example.com/", mode::scheme, profile::lenient, "ftp://é@example.com", "ftp://%C3%A9@example.com/", ""},
    {"wpt", 74, "http://[2001::1]", "http://[2001::1]/", mode::scheme, profile::strict, "ftp://[2001::1]", "ftp://[2001::1]/", ""},
    {"wpt", 75, "http://[::127.0.0.1]", "http://[::7f00:1]/", mode::scheme, profile::strict, "ftp://[::127.0.0.1]", "ftp://[::7f00:1]/", ""},
    {"wpt", 77, "http://[0:0:0:0:0:0:13.1.68.3]", "http://[::d01:4403]/", mode::scheme, profile::strict, "ftp://[0:0:0:0:0:0:13.1.68.3]", "ftp://[::d01:4403]/", ""},
    {"wpt", 142, "http://example.com/././foo", "http://example.com/foo", mode::scheme, profile::strict, "ftp://example.com/././foo", "ftp://example.com/foo", ""},
    {"wpt", 143, "http://example.com/./.foo", "http://example.com/.foo", mode::scheme, profile::strict, "ftp://example.com/./.foo", "ftp://example.com/.foo", ""},
    {"wpt", 144, "http://example.com/foo/.", "http://example.com/foo/", mode::scheme, profile::strict, "ftp://example.com/foo/.", "ftp://example.com/foo/", ""},
    {"wpt", 145, "http://example.com/foo/./", "http://example.com/foo/", mode::scheme, profile::strict, "ftp://example.com/foo/./", "ftp://example.com/foo/", ""},
    {"wpt", 146, "http://example.com/foo/bar/..", "http://example.com/foo/", mode::scheme, profile::strict, "ftp://example.com/foo/bar/..", "ftp://example.com/foo/", ""},
    {"wpt", 147, "http://example.com/foo/bar/../", "http://example.com/foo/", mode::scheme, profile::strict, "ftp://example.com/foo/bar/../", "ftp://example.com/foo/", ""},
    {"wpt", 149, "http://example.com/foo/bar/../ton", "http://example.com/foo/ton", mode::scheme, profile::strict, "ftp://example.com/foo/bar/../ton", "ftp://example.com/foo/ton", ""},
    {"wpt", 150, "http://example.com/foo/bar/../ton/../../a", "http://example.com/a", mode::scheme, profile::strict, "ftp://example.com/foo/bar/../ton/../../a", "ftp://example.com/a", ""},
    {"wpt", 151, "http://example.com/foo/../../..", "http://example.com/", mode::scheme, profile::rfc3986, "ftp://example.com/foo/../../..", "ftp://example.com/", ""},
    {"wpt", 152, "http://example.com/foo/../../../ton", "http://example.com/ton", mode::scheme, profile::rfc3986, "ftp://example.com/foo/../../../ton", "ftp://example.com/ton", ""},
    {"wpt", 153, "http://example.com/foo/%2e", "http://example.com/foo/", mode::scheme, profile::strict, "ftp://example.com/foo/%2e", "ftp://example.com/foo/", ""},
    {"wpt", 155, "http://example.com/foo/%2e./%2e%2e/.%2e/%2e.bar", "http://example.com/%2e.bar", mode::scheme, profile::rfc3986, "ftp://example.com/foo/%2e./%2e%2e/.%2e/%2e.bar", "ftp://example.com/..bar", "WHATWG keeps percent-encoded unreserved characters as written; ftpuri decodes them (RFC 3986 6.2.2.2)"},
    {"wpt", 156, "http://example.com////../..", "http://example.com//", mode::scheme, profile::strict, "ftp://example.com////../..", "!path.above-root", "the empty segments are null CWDs that the default plan skips, so the .. climb above the start (PRODUCT.md, Directory escape); WHATWG removes them with the dots"},
    {"wpt", 157, "http://example.com/foo/bar//../..", "http://example.com/foo/", mode::scheme, profile::strict, "ftp://example.com/foo/bar//../..", "!path.dot-after-empty", "the .. cancels an empty segment: WHATWG ends in /foo/ but a client that skips null CWDs climbs one level more (path.dot-after-empty)"},
    {"wpt", 158, "http://example.com/foo/bar//..", "http://example.com/foo/bar/", mode::scheme, profile::strict, "ftp://example.com/foo/bar//..", "!path.dot-after-empty", "the .. cancels an empty segment: WHATWG ends in /foo/ but a client that skips null CWDs climbs one level more (path.dot-after-empty)"},
    {"wpt", 183, "http://192.0x00A80001", "http://192.168.0.1/", mode::scheme, profile::rfc3986, "ftp://192.0x00A80001", "ftp://192.0x00a80001/", "WHATWG reads the host as an IPv4 number (192.168.0.1); ftpuri never reinterprets a numeric-looking host"},
    {"wpt", 184, "http://www/foo%2Ehtml", "http://www/foo%2Ehtml", mode::scheme, profile::strict, "ftp://www/foo%2Ehtml", "ftp://www/foo.html", "WHATWG keeps percent-encoded unreserved characters as written; ftpuri decodes them (RFC 3986 6.2.2.2)"},
    {"wpt", 185, "http://www/foo/%2E/html", "http://www/foo/html", mode::scheme, profile::strict, "ftp://www/foo/%2E/html", "ftp://www/foo/html", ""},
    {"wpt", 187, "http://%25DOMAIN:foobar@foodomain.com/", "http://%25DOMAIN:foobar@foodomain.com/", mode::scheme, profile::strict, "ftp://%25DOMAIN:foobar@foodomain.com/", "ftp://%25DOMAIN:foobar@foodomain.com/", ""},
    {"wpt", 190, "http://foo:81/", "http://foo:81/", mode::scheme, profile::strict, "ftp://foo:81/", "ftp://foo:81/", ""},
    {"wpt", 230, "https://example.com/aaa/bbb/%2e%2e?query", "https://example.com/aaa/?query", mode::scheme, profile::rfc3986, "ftp://example.com/aaa/bbb/%2e%2e?query", "ftp://example.com/aaa/?query", ""},
    {"wpt", 237, "http://a:b@www.example.com", "http://a:b@www.example.com/", mode::scheme, profile::strict, "ftp://a:b@www.example.com", "ftp://a:b@www.example.com/", ""},
    {"wpt", 241, "http://:b@www.example.com", "http://:b@www.example.com/", mode::scheme, profile::strict, "ftp://:b@www.example.com", "ftp://:b@www.example.com/", ""},
    {"wpt", 254, "http://a:@www.example.com", "http://a@www.example.com/", mode::scheme, profile::strict, "ftp://a:@www.example.com", "ftp://a:@www.example.com/", "WHATWG drops an empty password (and an empty userinfo); ftpuri keeps the userinfo as written: \"u:@\" and \"u@\" log in differently"},
    {"wpt", 259, "http://:@www.example.com", "http://www.example.com/", mode::scheme, profile::strict, "ftp://:@www.example.com", "ftp://:@www.example.com/", "WHATWG drops an empty password (and an empty userinfo); ftpuri keeps the userinfo as written: \"u:@\" and \"u@\" log in differently"},
    {"wpt", 280, "http://ExAmPlE.CoM", "http://example.com/", mode::scheme, profile::strict, "ftp://ExAmPlE.CoM", "ftp://example.com/", ""},
    {"wpt", 288, "http://GOO​⁠﻿goo.com", "http://googoo.com/", mode::scheme, profile::lenient, "ftp://GOO​⁠﻿goo.com", "ftp://googoo.com/", ""},
    {"wpt", 300, "http://www.foo。bar.com", "http://www.foo.bar.com/", mode::scheme, profile::lenient, "ftp://www.foo。bar.com", "ftp://www.foo.bar.com/", ""},
    {"wpt", 302, "http://﷐zyx.com", "<failure>", mode::scheme, profile::lenient, "ftp://﷐zyx.com", "!host.idna-invalid", ""},
    {"wpt", 313, "http://a.b.c.XN--pokxncvks", "http://a.b.c.xn--pokxncvks/", mode::scheme, profile::strict, "ftp://a.b.c.XN--pokxncvks", "!host.punycode-invalid", "xn--pokxncvks decodes to enclosed CJK numbers that IDNA2008 disallows (UTS #46, which WHATWG follows, maps them); PRODUCT.md asks for IDNA2008 A-labels"},
    {"wpt", 314, "http://a.b.c.Xn--pokxncvks", "http://a.b.c.xn--pokxncvks/", mode::scheme, profile::strict, "ftp://a.b.c.Xn--pokxncvks", "!host.punycode-invalid", "xn--pokxncvks decodes to enclosed CJK numbers that IDNA2008 disallows (UTS #46, which WHATWG follows, maps them); PRODUCT.md asks for IDNA2008 A-labels"},
    {"wpt", 315, "http://10.0.0.XN--pokxncvks", "http://10.0.0.xn--pokxncvks/", mode::scheme, profile::strict, "ftp://10.0.0.XN--pokxncvks", "!host.punycode-invalid", "xn--pokxncvks decodes to enclosed CJK numbers that IDNA2008 disallows (UTS #46, which WHATWG follows, maps them); PRODUCT.md asks for IDNA2008 A-labels"},
    {"wpt", 316, "http://10.0.0.xN--pokxncvks", "http://10.0.0.xn--pokxncvks/", mode::scheme, profile::strict, "ftp://10.0.0.xN--pokxncvks", "!host.punycode-invalid", "xn--pokxncvks decodes to enclosed CJK numbers that IDNA2008 disallows (UTS #46, which WHATWG follows, maps them); PRODUCT.md asks for IDNA2008 A-labels"},
    {"wpt", 318, "http://Ｇｏ.com", "http://go.com/", mode::scheme, profile::lenient, "ftp://Ｇｏ.com", "ftp://go.com/", ""},
    {"wpt", 326, "http://你好你好", "http://xn--6qqa088eba/", mode::scheme, profile::lenient, "ftp://你好你好", "ftp://xn--6qqa088eba/", ""},
    {"wpt", 327, "https://faß.ExAmPlE/", "https://xn--fa-hia.example/", mode::scheme, profile::lenient, "ftp://faß.ExAmPlE/", "ftp://xn--fa-hia.example/", ""},
    {"wpt", 335, "http://%30%78%63%30%2e%30%32%35%30.01", "http://192.168.0.1/", mode::scheme, profile::rfc3986, "ftp://%30%78%63%30%2e%30%32%35%30.01", "ftp://0xc0.0250.01/", "WHATWG reads the host as an IPv4 number (192.168.0.1); ftpuri never reinterprets a numeric-looking host"},
    {"wpt", 344, "http://０Ｘｃ０．０２５０．０１", "http://192.168.0.1/", mode::scheme, profile::lenient, "ftp://０Ｘｃ０．０２５０．０１", "ftp://0xc0.0250.01/", "WHATWG reads the host as an IPv4 number (192.168.0.1); ftpuri never reinterprets a numeric-looking host"},
    {"wpt", 362, "http://foo:💩@example.com/bar", "http://foo:%F0%9F%92%A9@example.com/bar", mode::scheme, profile::lenient, "ftp://foo:💩@example.com/bar", "ftp://foo:%F0%9F%92%A9@example.com/bar", ""},
    {"wpt", 364, "http://😀x@host/", "http://%F0%9F%98%80x@host/", mode::scheme, profile::lenient, "ftp://😀x@host/", "ftp://%F0%9F%98%80x@host/", ""},
    {"wpt", 365, "http://a:😀x@host/", "http://a:%F0%9F%98%80x@host/", mode::scheme, profile::lenient, "ftp://a:😀x@host/", "ftp://a:%F0%9F%98%80x@host/", ""},
    {"wpt", 366, "http://😀@host/", "http://%F0%9F%98%80@host/", mode::scheme, profile::lenient, "ftp://😀@host/", "ftp://%F0%9F%98%80@host/", ""},
    {"wpt", 549, "https://%e2%98%83", "https://xn--n3h/", mode::scheme, profile::lenient, "ftp://%e2%98%83", "!host.idna-invalid", "as index 548: IDNA2008 (libidn2) refuses U+2603, WHATWG maps it to xn--n3h"},
    {"wpt", 551, "http://127.0.0.1:10100/relative_import.html", "http://127.0.0.1:10100/relative_import.html", mode::scheme, profile::strict, "ftp://127.0.0.1:10100/relative_import.html", "ftp://127.0.0.1:10100/relative_import.html", ""},
    {"wpt", 553, "https://localhost:3000/jqueryui@1.2.3", "https://localhost:3000/jqueryui@1.2.3", mode::scheme, profile::strict, "ftp://localhost:3000/jqueryui@1.2.3", "ftp://localhost:3000/jqueryui@1.2.3", ""},
    {"wpt", 708, "http://[1:0::]", "http://[1::]/", mode::scheme, profile::strict, "ftp://[1:0::]", "ftp://[1::]/", ""},
    {"wpt", 789, "http://0X7F.0.0.0X7G", "http://0x7f.0.0.0x7g/", mode::scheme, profile::strict, "ftp://0X7F.0.0.0X7G", "ftp://0x7f.0.0.0x7g/", ""},
    {"wpt", 793, "http://[0:1:0:1:0:1:0:1]", "http://[0:1:0:1:0:1:0:1]/", mode::scheme, profile::strict, "ftp://[0:1:0:1:0:1:0:1]", "ftp://[0:1:0:1:0:1:0:1]/", ""},
    {"wpt", 794, "http://[1:0:1:0:1:0:1:0]", "http://[1:0:1:0:1:0:1:0]/", mode::scheme, profile::strict, "ftp://[1:0:1:0:1:0:1:0]", "ftp://[1:0:1:0:1:0:1:0]/", ""},
    {"wpt", 894, "http://💩.123/", "<failure>", mode::scheme, profile::lenient, "ftp://💩.123/", "!host.idna-invalid", ""},
    {"wpt", 914, "https://a%C2%ADb/", "https://ab/", mode::scheme, profile::lenient, "ftp://a%C2%ADb/", "ftp://ab/", ""},
    {"wpt", 916, "https://%C2%AD/", "<failure>", mode::scheme, profile::lenient, "ftp://%C2%AD/", "!host.idna-invalid", ""},
    {"boost", 1161, "HtTp://cPpAlLiAnCe.oRG/", "http://cppalliance.org/", mode::scheme, profile::strict, "FtP://cPpAlLiAnCe.oRG/", "ftp://cppalliance.org/", ""},
    {"boost", 1163, "http://%2a%2b%2C%2f%3A.org/", "http://%2A%2B%2C%2F%3A.org/", mode::scheme, profile::rfc3986, "ftp://%2a%2b%2C%2f%3A.org/", "ftp://%2A%2B%2C%2F%3A.org/", ""},
    {"boost", 1165, "http://%63%70%70%61%6c%6Ci%61n%63e.org/", "http://cppalliance.org/", mode::scheme, profile::rfc3986, "ftp://%63%70%70%61%6c%6Ci%61n%63e.org/", "ftp://cppalliance.org/", ""},
    {"boost", 1167, "http://%43%70%50%61%6c%6Ci%61n%43e.org/", "http://cppalliance.org/", mode::scheme, profile::rfc3986, "ftp://%43%70%50%61%6c%6Ci%61n%43e.org/", "ftp://cppalliance.org/", ""},
    {"boost", 1169, "http://cppalliance.org/a/b/c/./../../g", "http://cppalliance.org/a/g", mode::scheme, profile::strict, "ftp://cppalliance.org/a/b/c/./../../g", "ftp://cppalliance.org/a/g", ""},
    {"boost", 1171, "http://cppalliance.org/aa/bb/cc/./../../gg", "http://cppalliance.org/aa/gg", mode::scheme, profile::strict, "ftp://cppalliance.org/aa/bb/cc/./../../gg", "ftp://cppalliance.org/aa/gg", ""},
    {"boost", 1173, "http://cppalliance.org/a/b/../../g", "http://cppalliance.org/g", mode::scheme, profile::strict, "ftp://cppalliance.org/a/b/../../g", "ftp://cppalliance.org/g", ""},
    {"boost", 1175, "http://cppalliance.org/a/b/../../../g", "http://cppalliance.org/../g", mode::scheme, profile::rfc3986, "ftp://cppalliance.org/a/b/../../../g", "ftp://cppalliance.org/g", "Boost.URL keeps a \"..\" above the root (errata 4547); ftpuri drops it, as RFC 3986 5.2.4's text does"},
    {"boost", 1177, "http://cppalliance.org/a/b/../../../../g", "http://cppalliance.org/../../g", mode::scheme, profile::rfc3986, "ftp://cppalliance.org/a/b/../../../../g", "ftp://cppalliance.org/g", "Boost.URL keeps a \"..\" above the root (errata 4547); ftpuri drops it, as RFC 3986 5.2.4's text does"},
    {"boost", 1179, "http://cppalliance.org/..", "http://cppalliance.org/..", mode::scheme, profile::rfc3986, "ftp://cppalliance.org/..", "ftp://cppalliance.org/", "Boost.URL keeps a \"..\" above the root (errata 4547); ftpuri drops it, as RFC 3986 5.2.4's text does"},
    {"boost", 1181, "http://cppalliance.org?%61=b", "http://cppalliance.org?a=b", mode::scheme, profile::rfc3986, "ftp://cppalliance.org?%61=b", "ftp://cppalliance.org/?a=b", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1184, "/./my:sharona", "/my:sharona", mode::scheme, profile::strict, "ftp://h/./my:sharona", "ftp://h/my:sharona", ""},
    {"boost", 1186, "/.//my:sharona", "/.//my:sharona", mode::scheme, profile::strict, "ftp://h/.//my:sharona", "ftp://h//my:sharona", "Boost.URL keeps \"/.\" so that a path-absolute relative reference does not begin with \"//\"; with an authority there is no such ambiguity and 5.2.4 gives \"//my:sharona\""},
    {"boost", 1188, "/././/my:sharona", "/.//my:sharona", mode::scheme, profile::strict, "ftp://h/././/my:sharona", "ftp://h//my:sharona", "as line 1186: Boost.URL keeps \"/.\" in front of \"//\"; ftpuri has an authority and removes it"},
    {"boost", 1208, "https://www.boost.org/doc/../%69%6e%64%65%78%20file.html", "https://www.boost.org/index%20file.html", mode::scheme, profile::strict, "ftp://www.boost.org/doc/../%69%6e%64%65%78%20file.html", "ftp://www.boost.org/index%20file.html", ""},
    {"boost", 1218, "HtTp://cppalliance.org/%2F", "http://cppalliance.org/%2F", mode::scheme, profile::strict, "FtP://cppalliance.org/%2F", "ftp://cppalliance.org/%2F", ""},
    {"boost", 1316, "/a/b/c/./../../g", "/a/g", mode::scheme, profile::strict, "ftp://h/a/b/c/./../../g", "ftp://h/a/g", ""},
    {"boost", 1317, "/aa/bb/cc/./../../gg", "/aa/gg", mode::scheme, profile::strict, "ftp://h/aa/bb/cc/./../../gg", "ftp://h/aa/gg", ""},
    {"boost", 1323, "/a/b/../../g", "/g", mode::scheme, profile::strict, "ftp://h/a/b/../../g", "ftp://h/g", ""},
    {"boost", 1324, "/a/b/../../../g", "/../g", mode::scheme, profile::rfc3986, "ftp://h/a/b/../../../g", "ftp://h/g", "Boost.URL keeps a \"..\" above the root (errata 4547); ftpuri drops it, as RFC 3986 5.2.4's text does"},
    {"boost", 1330, "/..", "/..", mode::scheme, profile::rfc3986, "ftp://h/..", "ftp://h/", "Boost.URL keeps a \"..\" above the root (errata 4547); ftpuri drops it, as RFC 3986 5.2.4's text does"},
    {"boost", 1834, "HTTP://www.example.com", "http://www.example.com", mode::scheme, profile::strict, "FTP://www.example.com", "ftp://www.example.com/", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1835, "http://www.Example.com", "http://www.example.com", mode::scheme, profile::strict, "ftp://www.Example.com", "ftp://www.example.com/", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1836, "http://www.%65xample.com", "http://www.example.com", mode::scheme, profile::rfc3986, "ftp://www.%65xample.com", "ftp://www.example.com/", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1837, "http://www.example.com/a/b/../c", "http://www.example.com/a/c", mode::scheme, profile::strict, "ftp://www.example.com/a/b/../c", "ftp://www.example.com/a/c", ""},
    {"boost", 1838, "http://www.example.com/a/./b", "http://www.example.com/a/b", mode::scheme, profile::strict, "ftp://www.example.com/a/./b", "ftp://www.example.com/a/b", ""},
    {"boost", 1839, "http://www.example.com/%63ss", "http://www.example.com/css", mode::scheme, profile::strict, "ftp://www.example.com/%63ss", "ftp://www.example.com/css", ""},
    {"boost", 1840, "http://www.example.com?a=%62", "http://www.example.com?a=b", mode::scheme, profile::rfc3986, "ftp://www.example.com?a=%62", "ftp://www.example.com/?a=b", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1841, "http://www.example.com#%61bc", "http://www.example.com#abc", mode::scheme, profile::strict, "ftp://www.example.com#%61bc", "ftp://www.example.com/#abc", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1842, "HTTP://www.Example.com/%70ath?%71uery#%66rag", "http://www.example.com/path?query#frag", mode::scheme, profile::rfc3986, "FTP://www.Example.com/%70ath?%71uery#%66rag", "ftp://www.example.com/path?query#frag", ""},
    {"boost", 1845, "HTTP://www.example.com", "http://www.example.com", mode::scheme, profile::strict, "FTP://www.example.com", "ftp://www.example.com/", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1848, "http://www.Example.com", "http://www.example.com", mode::scheme, profile::strict, "ftp://www.Example.com", "ftp://www.example.com/", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1849, "http://www.%65xample.com", "http://www.example.com", mode::scheme, profile::rfc3986, "ftp://www.%65xample.com", "ftp://www.example.com/", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1852, "http://www.example.com/a/b/../c", "http://www.example.com/a/c", mode::scheme, profile::strict, "ftp://www.example.com/a/b/../c", "ftp://www.example.com/a/c", ""},
    {"boost", 1853, "http://www.example.com/a/./b", "http://www.example.com/a/b", mode::scheme, profile::strict, "ftp://www.example.com/a/./b", "ftp://www.example.com/a/b", ""},
    {"boost", 1854, "http://www.example.com/%63ss", "http://www.example.com/css", mode::scheme, profile::strict, "ftp://www.example.com/%63ss", "ftp://www.example.com/css", ""},
    {"boost", 1857, "http://www.example.com?a=%62", "http://www.example.com?a=b", mode::scheme, profile::rfc3986, "ftp://www.example.com?a=%62", "ftp://www.example.com/?a=b", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 1860, "http://www.example.com#%61bc", "http://www.example.com#abc", mode::scheme, profile::strict, "ftp://www.example.com#%61bc", "ftp://www.example.com/#abc", "RFC 3986 6.2.3: ftpuri writes an empty path as \"/\"; the peer keeps it empty"},
    {"boost", 286, "ABCD::", "abcd::", mode::ipv6, profile::strict, "ftp://[ABCD::]/", "ftp://[abcd::]/", ""},
    {"boost", 287, "0:0:0:0:0:0:0:0", "::", mode::ipv6, profile::strict, "ftp://[0:0:0:0:0:0:0:0]/", "ftp://[::]/", ""},
    {"boost", 288, "1:0:0:0:0:0:0:0", "1::", mode::ipv6, profile::strict, "ftp://[1:0:0:0:0:0:0:0]/", "ftp://[1::]/", ""},
    {"boost", 289, "0:1:0:0:0:0:0:0", "0:1::", mode::ipv6, profile::strict, "ftp://[0:1:0:0:0:0:0:0]/", "ftp://[0:1::]/", ""},
    {"boost", 290, "0:0:1:0:0:0:0:0", "0:0:1::", mode::ipv6, profile::strict, "ftp://[0:0:1:0:0:0:0:0]/", "ftp://[0:0:1::]/", ""},
    {"boost", 291, "0:0:0:1:0:0:0:0", "0:0:0:1::", mode::ipv6, profile::strict, "ftp://[0:0:0:1:0:0:0:0]/", "ftp://[0:0:0:1::]/", ""},
    {"boost", 292, "0:0:0:0:1:0:0:0", "::1:0:0:0", mode::ipv6, profile::strict, "ftp://[0:0:0:0:1:0:0:0]/", "ftp://[::1:0:0:0]/", ""},
    {"boost", 293, "0:0:0:0:0:1:0:0", "::1:0:0", mode::ipv6, profile::strict, "ftp://[0:0:0:0:0:1:0:0]/", "ftp://[::1:0:0]/", ""},
    {"boost", 294, "0:0:0:0:0:0:1:0", "::1:0", mode::ipv6, profile::strict, "ftp://[0:0:0:0:0:0:1:0]/", "ftp://[::1:0]/", ""},
    {"boost", 295, "0:0:0:0:0:0:0:1", "::1", mode::ipv6, profile::strict, "ftp://[0:0:0:0:0:0:0:1]/", "ftp://[::1]/", ""},
    {"boost", 296, "1234:1234:1234:1234:1234:1234:255.255.255.255", "1234:1234:1234:1234:1234:1234:ffff:ffff", mode::ipv6, profile::strict, "ftp://[1234:1234:1234:1234:1234:1234:255.255.255.255]/", "ftp://[1234:1234:1234:1234:1234:1234:ffff:ffff]/", ""},
    {"boost", 298, "0:0:0:0:0:ffff:1.2.3.4", "::ffff:1.2.3.4", mode::ipv6, profile::strict, "ftp://[0:0:0:0:0:ffff:1.2.3.4]/", "ftp://[::ffff:1.2.3.4]/", ""},
    {"curl", 1376, "", "ftp://anonymous@127.0.0.1/no", mode::fixpoint, profile::strict, "ftp://anonymous@127.0.0.1/no", "ftp://anonymous@127.0.0.1/no", ""},
    {"curl", 1412, "http://example.com:80", "ftp://example.com:80/", mode::fixpoint, profile::strict, "ftp://example.com:80/", "ftp://example.com:80/", ""},
    {"trurl", 18, "", "ftp://example.com/", mode::fixpoint, profile::strict, "ftp://example.com/", "ftp://example.com/", ""},
    {"trurl", 71, "ftp://hello:21/foo", "ftp://hello:21/foo", mode::scheme, profile::strict, "ftp://hello:21/foo", "ftp://hello/foo", "trurl is run with --keep-port, which keeps an explicit default port; ftpuri drops \":21\""},
    {"trurl", 72, "https://hello:443/foo", "ftp://hello:443/foo", mode::fixpoint, profile::strict, "ftp://hello:443/foo", "ftp://hello:443/foo", ""},
    {"trurl", 101, "ftp://smith:secret@example.com:33/path?search=me#where", "ftp://smith:secret@example.com:33/path?search=me#where", mode::scheme, profile::rfc3986, "ftp://smith:secret@example.com:33/path?search=me#where", "ftp://smith:secret@example.com:33/path?search=me#where", ""},
    {"trurl", 107, "ftp://example.org", "ftp://example.org/", mode::scheme, profile::strict, "ftp://example.org", "ftp://example.org/", ""},
    {"trurl", 161, "example.com", "ftp://example.com/?add", mode::fixpoint, profile::rfc3986, "ftp://example.com/?add", "ftp://example.com/?add", ""},
    {"trurl", 162, "example.com", "ftp://example.com/add", mode::fixpoint, profile::strict, "ftp://example.com/add", "ftp://example.com/add", ""},
    {"trurl", 167, "ftp://example.com", "ftp://example.com/", mode::scheme, profile::strict, "ftp://example.com", "ftp://example.com/", ""},
    {"go", -1, "ftp://webmaster@www.google.com/", "ftp://webmaster@www.google.com/", mode::scheme, profile::strict, "ftp://webmaster@www.google.com/", "ftp://webmaster@www.google.com/", ""},
    {"go", -1, "ftp://john%20doe@www.google.com/", "ftp://john%20doe@www.google.com/", mode::scheme, profile::strict, "ftp://john%20doe@www.google.com/", "ftp://john%20doe@www.google.com/", ""},
};
// clang-format on

std::string to_ftp(std::string_view s)
{
    std::size_t const colon = s.find(':');
    if (colon != std::string_view::npos) {
        std::string const scheme = ftpuri_test::lower(s.substr(0, colon));
        if (scheme == "http" || scheme == "https") {
            std::string out = "ftp";
            for (std::size_t i = 0; i < 3; ++i)
                if (s[i] >= 'A' && s[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'a' + 'A');
            return out + std::string(s.substr(colon));
        }
    }
    if (s.starts_with("/")) return cat({"ftp://h", s});
    return std::string(s);
}

TEST(canonical_vectors, peers_that_normalize_ftp)
{
    std::vector<ftpuri_test::peer_record> records = ftpuri_test::load_records("normalize-vectors.jsonl");
    int agree = 0;
    int disagree = 0;
    for (vector_row const& row : vector_rows) {
        SCOPED_TRACE(cat({row.tag, " ", row.id, " <", row.input, ">"}));
        ftpuri_test::peer_record* rec = ftpuri_test::find_record(
            records, row.tag, row.id, {row.peer_input, row.peer_expect == "<failure>" ? "" : row.peer_expect});
        ASSERT_NE(rec, nullptr);
        std::string peer;
        std::string input;
        switch (row.how) {
        case mode::scheme:
            input = to_ftp(row.peer_input);
            peer = row.peer_expect == "<failure>" ? "<failure>" : to_ftp(row.peer_expect);
            break;
        case mode::ipv6:
            input = cat({"ftp://[", row.peer_input, "]/"});
            peer = cat({"ftp://[", row.peer_expect, "]/"});
            break;
        case mode::fixpoint:
            input = std::string(row.peer_expect);
            peer = std::string(row.peer_expect);
            break;
        }
        if (row.peer_expect == "<failure>") {
            ftpuri_test::json const* expect = ftpuri_test::json_member(*rec->doc, "expect");
            ftpuri_test::json const* failure = expect ? ftpuri_test::json_member(*expect, "failure") : nullptr;
            EXPECT_TRUE(failure != nullptr && failure->IsTrue()) << "the peer does not reject it";
        }
        EXPECT_EQ(input, row.input) << "test table: the input is not the peer's, rewritten";

        bool const ftpuri_rejects = row.expected.starts_with("!");
        bool const agrees = ftpuri_rejects ? peer == "<failure>" : peer == row.expected;
        if (row.why.empty()) {
            EXPECT_TRUE(agrees) << "test table: ftpuri's " << row.expected << " differs from the peer's " << peer
                                << " without a reason";
        } else {
            EXPECT_FALSE(agrees) << "test table: a reason given where ftpuri agrees";
        }
        (agrees ? agree : disagree) += 1;

        if (ftpuri_rejects) {
            ftpuri::parse_result const r = ftpuri::parse(row.input, parse_options{row.syntax});
            ASSERT_FALSE(r.has_value()) << "accepted";
            EXPECT_EQ(cat({"!", name_of(r.error().id)}), row.expected);
            continue;
        }
        bool const strict_out =
            ftpuri::validate(row.input, parse_options{S}) || ftpuri::validate(row.expected, parse_options{S});
        check_canonical(row.input, row.syntax, row.expected, strict_out);
    }
    ftpuri_test::expect_all_used(records, "normalize-vectors.jsonl");
    EXPECT_GT(agree, 85);
    EXPECT_EQ(disagree, 37) << "the named disagreements (update docs/canonical.md when this changes)";
}

// ---------------------------------------------------------------------------------------
// canonicalize_into(): a buffer of exactly the canonical form's size succeeds, and a smaller
// one is told that size (include/ftpuri/canonical.hpp: "size says how many bytes the canonical
// form needs"). Every row of every table above, reported together.
// ---------------------------------------------------------------------------------------

TEST(canonical, buffer_of_exactly_the_needed_size)
{
    struct subject {
        std::string_view input;
        profile syntax;
        std::string_view expected;
        canonical_options options;
    };
    std::vector<subject> subjects;
    for (canon_row const& row : canonical_rows)
        subjects.push_back({row.input, row.syntax, row.expected, {}});
    for (option_row const& row : option_rows)
        subjects.push_back({row.input, S, row.expected, row.options});
    for (lenient_row const& row : lenient_rows)
        subjects.push_back({row.input, L, row.expected, {}});
    for (vector_row const& row : vector_rows)
        if (!row.expected.starts_with("!")) subjects.push_back({row.input, row.syntax, row.expected, {}});
    std::size_t failing = 0;
    std::string report;
    for (subject const& s : subjects) {
        ftpuri::parse_result const r = ftpuri::parse(s.input, parse_options{s.syntax});
        if (!r) continue; // reported by the table's own test
        std::string const problems = exact_buffer_problems(*r, s.expected, s.options);
        if (!problems.empty()) {
            ++failing;
            report += cat({"\n  <", s.input, "> -> ", s.expected, ":", problems});
        }
    }
    EXPECT_EQ(failing, 0U) << failing << " of " << subjects.size() << " rows:" << report;
}

// ---------------------------------------------------------------------------------------
// docs/canonical.md: every example is a row of a table above, and holds.
// ---------------------------------------------------------------------------------------

// The example notation of docs/canonical.md: \t \r \n \xHH \\ \| stand for bytes, and a
// whole `{empty}` for the empty string.
std::optional<std::string> unescape(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\') {
            out += text[i];
            continue;
        }
        if (i + 1 >= text.size()) return std::nullopt;
        char const n = text[++i];
        if (n == 't') {
            out += '\t';
        } else if (n == 'r') {
            out += '\r';
        } else if (n == 'n') {
            out += '\n';
        } else if (n == '\\' || n == '|') {
            out += n;
        } else if (n == 'x' && i + 2 < text.size() && ftpuri::hex_value(static_cast<unsigned char>(text[i + 1])) >= 0 &&
                   ftpuri::hex_value(static_cast<unsigned char>(text[i + 2])) >= 0) {
            out += static_cast<char>(ftpuri::hex_value(static_cast<unsigned char>(text[i + 1])) * 16 +
                                     ftpuri::hex_value(static_cast<unsigned char>(text[i + 2])));
            i += 2;
        } else {
            return std::nullopt;
        }
    }
    return out;
}

// The cells of a markdown table row ("| a | b |"), split at unescaped '|', trimmed.
std::vector<std::string> cells_of(std::string_view line)
{
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) {
            cell += line[i];
            cell += line[++i];
        } else if (line[i] == '|') {
            std::size_t const b = cell.find_first_not_of(' ');
            std::size_t const e = cell.find_last_not_of(' ');
            cells.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    return cells;
}

// "`text`" -> text, unescaped; nullopt when the cell is not one code span.
std::optional<std::string> code(std::string_view cell)
{
    if (cell.size() < 2 || cell.front() != '`' || cell.back() != '`') return std::nullopt;
    if (cell == "`{empty}`") return std::string();
    return unescape(cell.substr(1, cell.size() - 2));
}

std::optional<profile> profile_cell(std::string_view cell)
{
    std::string const c = std::string(cell);
    return ftpuri::profile_from_string(c.starts_with("`") ? c.substr(1, c.size() - 2) : c);
}

struct doc_table {
    std::string header;
    std::vector<std::vector<std::string>> rows;
};

std::vector<doc_table> read_doc_tables()
{
    std::string const path = cat({FTPURI_SOURCE_DIR, "/docs/canonical.md"});
    std::ifstream file(path, std::ios::binary);
    EXPECT_TRUE(file.good()) << "cannot open " << path;
    std::vector<doc_table> tables;
    std::string line;
    bool in_table = false;
    while (std::getline(file, line)) {
        if (!line.starts_with("|")) {
            in_table = false;
            continue;
        }
        if (!in_table) {
            tables.push_back({line, {}});
            in_table = true;
            continue;
        }
        if (line.starts_with("|---")) continue;
        tables.back().rows.push_back(cells_of(line));
    }
    return tables;
}

TEST(canonical_doc, every_example_is_a_tested_row_and_holds)
{
    std::vector<doc_table> const tables = read_doc_tables();
    std::size_t examples = 0;
    std::set<std::string> rules_in_doc;
    for (doc_table const& t : tables) {
        SCOPED_TRACE(cat({"table ", t.header}));
        if (t.header == "| rule | profile | input | canonical |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U) << "row of " << cells.size() << " cells";
                std::optional<profile> const p = profile_cell(cells[1]);
                std::optional<std::string> const input = code(cells[2]);
                std::optional<std::string> const expected = code(cells[3]);
                ASSERT_TRUE(p && input && expected) << cells[0] << ": malformed row";
                SCOPED_TRACE(cat({"doc example <", *input, ">"}));
                rules_in_doc.insert(cells[0]);
                bool found = false;
                for (canon_row const& row : canonical_rows)
                    found = found || (row.input == *input && row.syntax == *p && row.expected == *expected);
                for (lenient_row const& row : lenient_rows)
                    found = found || (*p == L && row.input == *input && row.expected == *expected);
                EXPECT_TRUE(found) << "the example is no row of canonical_test.cpp";
                EXPECT_EQ(ftpuri::canonicalize(*input, parse_options{*p}).value_or("(invalid)"), *expected);
                ++examples;
            }
        } else if (t.header == "| option | input | canonical |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 3U);
                canonical_options o;
                if (cells[0].find("drop_password") != std::string::npos) o.drop_password = true;
                if (cells[0].find("drop_fragment") != std::string::npos) o.drop_fragment = true;
                if (cells[0].find("drop_anonymous") != std::string::npos) o.drop_anonymous = true;
                std::optional<std::string> const input = code(cells[1]);
                std::optional<std::string> const expected = code(cells[2]);
                ASSERT_TRUE(input && expected) << "malformed row";
                bool found = false;
                for (option_row const& row : option_rows)
                    found = found || (row.input == *input && row.expected == *expected &&
                                      row.options.drop_password == o.drop_password &&
                                      row.options.drop_fragment == o.drop_fragment &&
                                      row.options.drop_anonymous == o.drop_anonymous);
                EXPECT_TRUE(found) << *input << ": the example is no row of canonical_test.cpp";
                EXPECT_EQ(ftpuri::canonicalize(*input, parse_options{S}, o).value_or("(invalid)"), *expected);
                ++examples;
            }
        } else if (t.header == "| repair | warning | input | canonical |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U);
                std::optional<std::string> const input = code(cells[2]);
                std::optional<std::string> const expected = code(cells[3]);
                ASSERT_TRUE(input && expected) << "malformed row";
                bool found = false;
                for (lenient_row const& row : lenient_rows)
                    if (row.input == *input && row.expected == *expected)
                        for (finding const& f : row.repairs)
                            found = found || cat({"`", name_of(f.id), "`"}) == cells[1];
                EXPECT_TRUE(found) << *input << ": the example is no row of lenient_rows with warning " << cells[1];
                EXPECT_EQ(ftpuri::canonicalize(*input, parse_options{L}).value_or("(invalid)"), *expected);
                EXPECT_TRUE(ftpuri::validate(*expected, parse_options{S}));
                ++examples;
            }
        } else if (t.header == "| a | b | profile | equivalent |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U);
                std::optional<std::string> const a = code(cells[0]);
                std::optional<std::string> const b = code(cells[1]);
                std::optional<profile> const p = profile_cell(cells[2]);
                ASSERT_TRUE(a && b && p && (cells[3] == "yes" || cells[3] == "no")) << "malformed row";
                EXPECT_EQ(ftpuri::equivalent(*a, *b, parse_options{*p}), cells[3] == "yes") << *a << " vs " << *b;
                ++examples;
            }
        } else if (t.header == "| base | profile | reference | target |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U);
                std::optional<std::string> const base = code(cells[0]);
                std::optional<profile> const p = profile_cell(cells[1]);
                std::optional<std::string> const ref = code(cells[2]);
                std::optional<std::string> const target = code(cells[3]);
                ASSERT_TRUE(base && p && ref && target) << "malformed row";
                EXPECT_EQ(ftpuri::resolve(*base, *ref, parse_options{*p}).value_or("(no base)"), *target) << *ref;
                ++examples;
            }
        }
    }
    EXPECT_GE(tables.size(), 5U) << "docs/canonical.md lost a table";
    EXPECT_GT(examples, 40U);
    for (std::string_view rule : {"scheme", "host", "pct-hex", "pct-unreserved", "dot-decoded", "dot", "dot-above-root",
                                  "port", "empty-path", "typecode", "ipv6"})
        EXPECT_EQ(rules_in_doc.count(std::string(rule)), 1U) << "docs/canonical.md shows no example of " << rule;
}

} // namespace
