// SPDX-License-Identifier: Apache-2.0
// resolve_test: relative references against an ftp base (include/ftpuri/resolve.hpp).
//
// RFC 3986 5.4.1 and 5.4.2, all of their examples, on the base ftp://a/b/c/d;p?q (parsed in the
// rfc3986 profile: it has a raw ';' and a query), with the RFC's results with http spelled ftp;
// ftp cases of our own (typecodes, userinfo, ports, empty paths); and the buffer contract
// (buffer_too_small with the size needed, resolve_size_bound()). The peers' resolution vectors
// are resolve_vectors_test.cpp.
//
// A ".." above the root is dropped, as RFC 3986's text says ("../../../g" is "ftp://a/g");
// Boost.URL (errata 4547) keeps it.
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/guarded_buffer.hpp"
#include "support/profiles.hpp"
#include "support/resolve_check.hpp"
#include "support/strcat.hpp"

namespace {

using ftpuri::profile;
using ftpuri::write_result;
using ftpuri::write_status;
using ftpuri_test::cat;
using ftpuri_test::check_resolve;
using ftpuri_test::guarded;
using ftpuri_test::in;

// ---------------------------------------------------------------------------------------
// RFC 3986 5.4: every example, base "http://a/b/c/d;p?q" spelled ftp
// ---------------------------------------------------------------------------------------

constexpr std::string_view rfc_base = "ftp://a/b/c/d;p?q";

struct rfc_row {
    std::string_view ref;
    std::string_view target;
};

// 5.4.1 Normal Examples
std::vector<rfc_row> const rfc_normal = {
    {"g:h", "g:h"},
    {"g", "ftp://a/b/c/g"},
    {"./g", "ftp://a/b/c/g"},
    {"g/", "ftp://a/b/c/g/"},
    {"/g", "ftp://a/g"},
    {"//g", "ftp://g"},
    {"?y", "ftp://a/b/c/d;p?y"},
    {"g?y", "ftp://a/b/c/g?y"},
    {"#s", "ftp://a/b/c/d;p?q#s"},
    {"g#s", "ftp://a/b/c/g#s"},
    {"g?y#s", "ftp://a/b/c/g?y#s"},
    {";x", "ftp://a/b/c/;x"},
    {"g;x", "ftp://a/b/c/g;x"},
    {"g;x?y#s", "ftp://a/b/c/g;x?y#s"},
    {"", "ftp://a/b/c/d;p?q"},
    {".", "ftp://a/b/c/"},
    {"./", "ftp://a/b/c/"},
    {"..", "ftp://a/b/"},
    {"../", "ftp://a/b/"},
    {"../g", "ftp://a/b/g"},
    {"../..", "ftp://a/"},
    {"../../", "ftp://a/"},
    {"../../g", "ftp://a/g"},
};

// 5.4.2 Abnormal Examples
std::vector<rfc_row> const rfc_abnormal = {
    // more ".." than hierarchical levels in the base path
    {"../../../g", "ftp://a/g"},
    {"../../../../g", "ftp://a/g"},
    // dot-segments that are not complete path segments, or begin an absolute path
    {"/./g", "ftp://a/g"},
    {"/../g", "ftp://a/g"},
    {"g.", "ftp://a/b/c/g."},
    {".g", "ftp://a/b/c/.g"},
    {"g..", "ftp://a/b/c/g.."},
    {"..g", "ftp://a/b/c/..g"},
    // unnecessary or nonsensical dot-segments
    {"./../g", "ftp://a/b/g"},
    {"./g/.", "ftp://a/b/c/g/"},
    {"g/./h", "ftp://a/b/c/g/h"},
    {"g/../h", "ftp://a/b/c/h"},
    {"g;x=1/./y", "ftp://a/b/c/g;x=1/y"},
    {"g;x=1/../y", "ftp://a/b/c/y"},
    // query and fragment are not path segments
    {"g?y/./x", "ftp://a/b/c/g?y/./x"},
    {"g?y/../x", "ftp://a/b/c/g?y/../x"},
    {"g#s/./x", "ftp://a/b/c/g#s/./x"},
    {"g#s/../x", "ftp://a/b/c/g#s/../x"},
    // a reference with the base's scheme: a strict parser takes it as it stands
    {"ftp:g", "ftp:g"},
};

TEST(resolve, rfc3986_5_4_1_normal_examples)
{
    EXPECT_EQ(rfc_normal.size(), 23U);
    for (rfc_row const& row : rfc_normal)
        check_resolve(rfc_base, profile::rfc3986, row.ref, row.target);
}

TEST(resolve, rfc3986_5_4_2_abnormal_examples)
{
    EXPECT_EQ(rfc_abnormal.size(), 19U);
    for (rfc_row const& row : rfc_abnormal)
        check_resolve(rfc_base, profile::rfc3986, row.ref, row.target);
}

TEST(resolve, the_rfc_base_is_not_strict)
{
    // A raw ';' in a segment and a query: strict refuses the RFC's base; rfc3986 takes it, and
    // lenient, which accepts all that rfc3986 accepts, too.
    EXPECT_FALSE(ftpuri::resolve(rfc_base, "g").has_value());
    EXPECT_EQ(ftpuri::resolve(rfc_base, "g", in(profile::lenient)).value_or("-"), "ftp://a/b/c/g");
    EXPECT_EQ(ftpuri::resolve(rfc_base, "g", in(profile::rfc3986)).value_or("-"), "ftp://a/b/c/g");
}

// ---------------------------------------------------------------------------------------
// ftp cases: typecodes, authority parts, empty paths, and results that are not canonical
// ---------------------------------------------------------------------------------------

struct ftp_row {
    std::string_view base;
    profile syntax;
    std::string_view ref;
    std::string_view target;
    std::string_view why;
};

// clang-format off
std::vector<ftp_row> const ftp_rows = {
    {"ftp://ftp.example.org/pub/linux/README", profile::strict, "../gnu/;type=d", "ftp://ftp.example.org/pub/gnu/;type=d", "the header's example"},
    // the base's typecode is part of its last segment (RFC 3986 sees no typecode)
    {"ftp://h/pub/f.txt;type=i", profile::strict, "", "ftp://h/pub/f.txt;type=i", "an empty reference is the base"},
    {"ftp://h/pub/f.txt;type=i", profile::strict, "g", "ftp://h/pub/g", "the typecode goes with the last segment"},
    {"ftp://h/pub/f.txt;type=i", profile::strict, "#x", "ftp://h/pub/f.txt;type=i#x", "a fragment keeps the typecode"},
    {"ftp://h/pub/f.txt;type=i", profile::strict, ";type=a", "ftp://h/pub/;type=a", "a typecode alone is a segment"},
    {"ftp://h/pub/f.txt;type=i", profile::strict, ".", "ftp://h/pub/", "the directory"},
    {"ftp://h/pub/;type=d", profile::strict, "x", "ftp://h/pub/x", "the typecode of a directory listing"},
    // the authority is copied as written
    {"ftp://u:p@H:2121/a/b", profile::strict, "c", "ftp://u:p@H:2121/a/c", "userinfo, host case and port kept"},
    {"ftp://u@h:021/a/b", profile::strict, "/c", "ftp://u@h:021/c", "a zero-padded port kept (not canonicalized)"},
    {"ftp://[2001:DB8::1]/a", profile::strict, "b", "ftp://[2001:DB8::1]/b", "an IP-literal kept as written"},
    // an empty base path
    {"ftp://h", profile::strict, "", "ftp://h", "an empty reference is the base"},
    {"ftp://h", profile::strict, "g", "ftp://h/g", "merge with an empty base path (5.2.3)"},
    {"ftp://h", profile::strict, "..", "ftp://h/", "\"..\" above an empty path"},
    {"ftp://h", profile::strict, "?y", "ftp://h?y", "a query on an empty path"},
    {"ftp://h#f", profile::strict, "", "ftp://h", "the base's fragment is not inherited"},
    // references with an authority or a scheme
    {"ftp://h/a/b", profile::strict, "//other/../x", "ftp://other/x", "a network-path reference"},
    {"ftp://h/a/b", profile::strict, "//u@other:2121", "ftp://u@other:2121", "an authority alone"},
    {"ftp://h/a/b", profile::strict, "FTP://X/./y", "FTP://X/y", "an absolute reference: dot-segments removed, case kept"},
    {"ftp://h/a/b", profile::strict, "http://x/y/../z", "http://x/z", "another scheme resolves to itself"},
    {"ftp://h/a/b", profile::strict, "mailto:u@h", "mailto:u@h", "a URI without an authority"},
    // escapes are not decoded: the target is not canonical
    {"ftp://h/a/b", profile::strict, "%7Ex/%2e%2E", "ftp://h/a/%7Ex/%2e%2E", "5.2.4 works on the text as written"},
    {"ftp://h/a/b", profile::strict, "c%2Fd", "ftp://h/a/c%2Fd", "%2F is no separator"},
    {"ftp://h/a/b/", profile::strict, "../../../../x", "ftp://h/x", "\"..\" above the root dropped"},
    {"ftp://h/a//b", profile::strict, "../x", "ftp://h/a/x", "an empty segment is a level"},
    {"ftp://h/a//b", profile::strict, "../../x", "ftp://h/x", "an empty segment is a level"},
    // bases of the other profiles
    {"ftp://h/a;b/c?q#f", profile::rfc3986, "d", "ftp://h/a;b/d", "rfc3986: a raw ';' and a query"},
    {"ftp://h/a b/c", profile::lenient, "d", "ftp://h/a b/d", "lenient: the base's raw text is copied"},
    {"ftp:///a/b", profile::rfc3986, "c", "ftp:///a/c", "rfc3986: an empty host"},
    {"  ftp://h/a/b\t", profile::lenient, "c", "ftp://h/a/c", "lenient: the trimmed base"},
};
// clang-format on

TEST(resolve, ftp_cases)
{
    for (ftp_row const& row : ftp_rows) {
        SCOPED_TRACE(std::string(row.why));
        check_resolve(row.base, row.syntax, row.ref, row.target);
    }
}

TEST(resolve, header_example)
{
    auto const base = ftpuri::parse("ftp://ftp.example.org/pub/linux/README");
    ASSERT_TRUE(base.has_value());
    char out[128];
    auto const r = ftpuri::resolve_into(*base, "../gnu/;type=d", out);
    ASSERT_TRUE(r);
    EXPECT_EQ(std::string_view(out, r.size), "ftp://ftp.example.org/pub/gnu/;type=d");
}

TEST(resolve, invalid_base_gives_nothing)
{
    EXPECT_FALSE(ftpuri::resolve("http://h/a", "b").has_value());
    EXPECT_FALSE(ftpuri::resolve("ftp://h/a b", "c").has_value());
    EXPECT_FALSE(ftpuri::resolve("", "c").has_value());
    EXPECT_FALSE(ftpuri::resolve("ftp://h/../a", "c").has_value());
    EXPECT_EQ(ftpuri::resolve("ftp://h/../a", "c", in(profile::rfc3986)).value_or("-"), "ftp://h/c")
        << "the base's path is merged as written ('/../c'), then 5.2.4 removes the '..'";
}

// ---------------------------------------------------------------------------------------
// Buffers: a buffer of exactly the target's size succeeds, a smaller one is told that size
// (resolve.hpp: "size says how many bytes are needed"). Reported together for all rows.
// ---------------------------------------------------------------------------------------

std::string exact_buffer_problems(std::string_view base, profile p, std::string_view ref, std::string_view target)
{
    ftpuri::parse_result const b = ftpuri::parse(base, in(p));
    if (!b) return " (base invalid)";
    std::string problems;
    {
        guarded buf(target.size());
        write_result const r = ftpuri::resolve_into(*b, ref, buf.span());
        if (!r) {
            problems += cat({" a buffer of exactly ", target.size(), " bytes is too small (told ", r.size, ");"});
        } else if (buf.written(r.size) != target) {
            problems += cat({" a buffer of exactly the size gets ", buf.written(r.size), ";"});
        }
        if (!buf.intact()) problems += " wrote outside a buffer of exactly the size;";
    }
    std::vector<std::size_t> sizes = {0, target.size() / 2};
    if (!target.empty()) sizes.push_back(target.size() - 1);
    for (std::size_t size : sizes) {
        if (size >= target.size()) continue;
        guarded buf(size);
        write_result const r = ftpuri::resolve_into(*b, ref, buf.span());
        if (r.status != write_status::buffer_too_small) {
            problems += cat({" a buffer of ", size, " is not too small;"});
        } else if (r.size != target.size()) {
            problems += cat({" a buffer of ", size, " is told it needs ", r.size, " bytes;"});
        }
        if (!buf.intact()) problems += cat({" wrote outside a buffer of ", size, ";"});
    }
    return problems;
}

TEST(resolve, buffer_of_exactly_the_needed_size)
{
    std::size_t rows = 0;
    std::size_t failing = 0;
    std::string report;
    auto check = [&](std::string_view base, profile p, std::string_view ref, std::string_view target) {
        ++rows;
        std::string const problems = exact_buffer_problems(base, p, ref, target);
        if (!problems.empty()) {
            ++failing;
            report += cat({"\n  <", ref, "> against <", base, "> -> ", target, ":", problems});
        }
    };
    for (rfc_row const& row : rfc_normal)
        check(rfc_base, profile::rfc3986, row.ref, row.target);
    for (rfc_row const& row : rfc_abnormal)
        check(rfc_base, profile::rfc3986, row.ref, row.target);
    for (ftp_row const& row : ftp_rows)
        check(row.base, row.syntax, row.ref, row.target);
    EXPECT_EQ(failing, 0U) << failing << " of " << rows << " rows:" << report;
}

TEST(resolve, size_bound_suffices)
{
    // The bound holds for long references and long bases alike.
    std::string const long_ref = cat({std::string(500, 'x'), "/", std::string(500, 'y')});
    for (std::string_view base : {"ftp://h", "ftp://h/a/b/c", "ftp://u:p@h:2121/a/b"}) {
        ftpuri::parse_result const b = ftpuri::parse(base);
        ASSERT_TRUE(b.has_value());
        for (std::string_view ref : {std::string_view(""), std::string_view("g"), std::string_view(long_ref),
                                     std::string_view("../../../../../../g"), std::string_view("//x")}) {
            std::size_t const bound = ftpuri::resolve_size_bound(*b, ref);
            EXPECT_EQ(bound, b->size() + ref.size() + 1);
            guarded buf(bound);
            write_result const r = ftpuri::resolve_into(*b, ref, buf.span());
            EXPECT_EQ(r.status, write_status::ok) << ref;
            EXPECT_LE(r.size, bound);
            EXPECT_TRUE(buf.intact());
        }
    }
}

} // namespace
