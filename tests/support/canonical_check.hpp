// SPDX-License-Identifier: Apache-2.0
// tests/support/canonical_check.hpp: what every row of every canonical-form table must satisfy
// (canonical_test.cpp, lenient_test.cpp, canonical_vectors_test.cpp): check_canonical().
//
// For one input, profile and expected form: the exact canonical form, by both canonicalize()
// overloads; idempotence (canon(canon(u)) == canon(u)), in the input's profile and in strict;
// strict-validity of the output (required whenever the input is strict- or lenient-valid; rows
// of rfc3986-only inputs say whether theirs is), with no warning about what the canonical form
// changes; equivalence of input and output; canonicalize_size_bound() and canonicalize_into() into
// a guarded buffer of that size. The decoded components of an input and its canonical form are
// compared where no dot-segment changes the path, so that the canonical form names the same
// resource. exact_buffer_problems() is the buffer contract, which canonical_test.cpp checks for
// every row of every table at once.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "diagnostic_text.hpp"
#include "ftpuri/ftpuri.hpp"
#include "guarded_buffer.hpp"
#include "profiles.hpp"
#include "strcat.hpp"
#include "uri_expect.hpp"

namespace ftpuri_test {

using ftpuri::canonical_options;
using ftpuri::diag_id;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri::write_result;
using ftpuri::write_status;

inline std::string describe_status(write_result const& r)
{
    switch (r.status) {
    case write_status::ok: return "ok";
    case write_status::buffer_too_small: return "buffer_too_small";
    case write_status::invalid: return "invalid";
    }
    return "?";
}

// canonicalize_into() into a buffer of canonicalize_size_bound(), guarded on both sides.
inline void check_bound_buffer(ftpuri::uri_view const& view, std::string_view expected,
                               canonical_options const& options)
{
    EXPECT_GE(ftpuri::canonicalize_size_bound(view.size()), expected.size())
        << "canonicalize_size_bound() is too small";
    guarded buf(ftpuri::canonicalize_size_bound(view.size()));
    write_result const r = ftpuri::canonicalize_into(view, buf.span(), options);
    EXPECT_EQ(describe_status(r), "ok") << "with a buffer of canonicalize_size_bound()";
    EXPECT_EQ(buf.written(r.size), expected);
    EXPECT_TRUE(buf.intact());
}

// canonicalize_into() into buffers of exactly the canonical form's size and smaller: the exact
// size succeeds, a smaller one is told that size. Returns what went wrong ("" if nothing).
inline std::string exact_buffer_problems(ftpuri::uri_view const& view, std::string_view expected,
                                         canonical_options const& options)
{
    std::string problems;
    {
        guarded buf(expected.size());
        write_result const r = ftpuri::canonicalize_into(view, buf.span(), options);
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
        write_result const r = ftpuri::canonicalize_into(view, buf.span(), options);
        if (r.status != write_status::buffer_too_small) {
            problems += cat({" a buffer of ", size, " gives ", describe_status(r), ";"});
        } else if (r.size != expected.size()) {
            problems += cat({" a buffer of ", size, " is told it needs ", r.size, " bytes;"});
        }
        if (!buf.intact()) problems += cat({" wrote outside a buffer of ", size, ";"});
    }
    return problems;
}

// The decoded text of a component.
inline std::string decoded(ftpuri::uri_view const& v, ftpuri::component c)
{
    std::string out(v.decode_size_bound(c), '\0');
    ftpuri::write_result const r = v.decode_into(c, out);
    EXPECT_TRUE(static_cast<bool>(r));
    out.resize(r ? r.size : 0);
    return out;
}

inline bool has_dot_segment(ftpuri::uri_view const& v)
{
    for (std::string_view s : v.segments()) {
        std::string const d = decode(s);
        if (d == "." || d == "..") return true;
    }
    return false;
}

// The canonical form names the same resource: the same decoded user, password, port, typecode,
// fragment and (where no dot-segment was removed) the same decoded segments.
inline void check_same_resource(ftpuri::uri_view const& a, ftpuri::uri_view const& b, canonical_options const& options)
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
        EXPECT_EQ(lower(decoded(a, component::host)), decoded(b, component::host));
    }
    if (!has_dot_segment(a) && !a.path().empty()) {
        split_path const sa = split(a);
        split_path const sb = split(b);
        EXPECT_EQ(join(sa.cwds), join(sb.cwds)) << "decoded cwds";
        EXPECT_EQ(sa.name, sb.name) << "decoded name";
    }
}

// The safety rules that are errors in strict and warnings elsewhere, which no repair mends
// (docs/behaviour.md: the lenient canonical form is strict-valid "wherever a repair exists"), and
// what lenient reads as rfc3986 does and strict has no spelling for (a reg-name, an IPvFuture, a
// query).
inline std::set<diag_id> const unrepaired_warnings = {diag_id::path_encoded_traversal,
                                                      diag_id::path_encoded_backslash,
                                                      diag_id::pct_control,
                                                      diag_id::host_numeric_ambiguous,
                                                      diag_id::host_empty,
                                                      diag_id::host_not_dns,
                                                      diag_id::host_ipvfuture,
                                                      diag_id::query_present};

// Whether the lenient profile accepts `input` with one of those warnings.
inline bool lenient_unrepaired(std::string_view input)
{
    ftpuri::diagnostic_list list;
    if (!ftpuri::parse(input, parse_options{L}, list)) return false;
    for (auto const& d : list)
        if (unrepaired_warnings.count(d.id) != 0) return true;
    return false;
}

// Everything a row of any table must satisfy. `strict_out`: whether the canonical form must be
// strict-valid (it must be whenever the input is valid in strict or lenient).
inline void check_canonical(std::string_view input, profile syntax, std::string_view expected, bool strict_out,
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
    if (!options.drop_password && !options.drop_fragment && !options.drop_anonymous) {
        EXPECT_TRUE(ftpuri::equivalent(*r, *c)) << "input and canonical form are not equivalent()";
    }
    check_same_resource(*r, *c, options);
}

} // namespace ftpuri_test
