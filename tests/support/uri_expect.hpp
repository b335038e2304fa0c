// SPDX-License-Identifier: Apache-2.0
// tests/support/uri_expect.hpp: what ftpuri should say about one URI, and the check that it does.
//
// Shared by vectors_test.cpp (peer vectors) and seeds_test.cpp (the examples of the five ftp
// specifications). A `uri_case` gives, per profile, either the first error (id, and where the
// docs pin it down, offset and length) or the components of the accepted URI, plus the other
// diagnostics: for a valid URI the exact set of warning/note ids, for an invalid one the ids that
// must accompany the error (warnings found before it, notes explaining it).
#pragma once

#include <ftpuri/ftpuri.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ascii.hpp"
#include "diagnostic_text.hpp"

namespace ftpuri_test {

using D = ftpuri::diag_id;
using ftpuri::host_kind;

// The components of an accepted URI. Raw text as written, except cwds and name, which are the
// decoded segments (what CWD and RETR/NLST would be sent): every segment but the last is a cwd,
// the last is the name (RFC 1738 3.2.2).
struct view_expect {
    std::optional<std::string_view> user = std::nullopt;     // nullopt: no '@'
    std::optional<std::string_view> password = std::nullopt; // nullopt: no ':' in the userinfo
    std::string_view host = {};                              // as written, brackets included
    host_kind kind = host_kind::dns_name;
    std::optional<std::string_view> port = std::nullopt;  // nullopt: no ':' after the host
    std::string_view path = {};                           // "" or "/...", without the typecode
    char typecode = '\0';                                 // 'a', 'i', 'd' or none
    std::optional<std::string_view> query = std::nullopt; // rfc3986 only
    std::optional<std::string_view> fragment = std::nullopt;
    std::vector<std::string> cwds = {}; // decoded
    std::string name = {};              // decoded
};

struct finding {
    // Implicit from an id, so that lists of findings read {D::a, finding{D::b, 22, 3}}.
    finding(D id_, std::int64_t offset_ = -1, std::int64_t length_ = -1) : id(id_), offset(offset_), length(length_) {}
    D id;
    std::int64_t offset = -1; // -1: not pinned down
    std::int64_t length = -1;
};

// One profile's verdict.
struct profile_expect {
    std::optional<finding> error;    // nullopt: valid
    std::vector<finding> findings;   // see the file comment; offsets checked where given
    std::optional<view_expect> view; // required when valid
    bool exact = true;               // valid: findings is the exact set (else: must contain)
};

inline profile_expect ok(view_expect v, std::initializer_list<finding> findings = {})
{
    return profile_expect{std::nullopt, std::vector<finding>(findings), std::move(v), true};
}
// Valid, and these findings at least (others may come with them).
inline profile_expect ok_with_at_least(view_expect v, std::initializer_list<finding> findings)
{
    return profile_expect{std::nullopt, std::vector<finding>(findings), std::move(v), false};
}
inline profile_expect err(D id, std::int64_t offset = -1, std::int64_t length = -1,
                          std::initializer_list<finding> with = {})
{
    return profile_expect{finding{id, offset, length}, std::vector<finding>(with), std::nullopt, true};
}

// Whether `list` holds a diagnostic matching `f` (its offset and length where given).
inline bool holds(ftpuri::diagnostic_list const& list, finding const& f)
{
    for (auto const& d : list)
        if (d.id == f.id && (f.offset < 0 || static_cast<std::int64_t>(d.offset) == f.offset) &&
            (f.length < 0 || static_cast<std::int64_t>(d.length) == f.length))
            return true;
    return false;
}

inline std::string describe(finding const& f)
{
    std::string s = std::string(ftpuri::info(f.id).name);
    // Appended piece by piece: `"@" + std::to_string(...)` trips GCC 12's false -Wrestrict
    // (GCC bug 105329) in Release builds.
    if (f.offset >= 0) {
        s += '@';
        s += std::to_string(f.offset);
    }
    if (f.length >= 0) {
        s += '+';
        s += std::to_string(f.length);
    }
    return s;
}

struct uri_case {
    std::string_view uri;
    profile_expect strict;
    // Where interesting. When absent and strict accepts, rfc3986 must accept with the same view.
    std::optional<profile_expect> rfc3986 = std::nullopt;
    // Non-empty where ftpuri deliberately disagrees with a peer (vectors) or a seed's text.
    std::string_view why = {};
};

inline std::string decode(std::string_view s)
{
    std::string out(s.size(), '\0');
    ftpuri::percent_decode_result const r = ftpuri::percent_decode_into(s, std::span<char>(out.data(), out.size()));
    EXPECT_TRUE(static_cast<bool>(r)) << "segment does not decode: " << s;
    out.resize(r.size);
    return out;
}

// The decoded segments of a view: cwds (all but the last) and name (the last, "" if none).
struct split_path {
    std::vector<std::string> cwds;
    std::string name;
};

inline split_path split(ftpuri::uri_view const& v)
{
    split_path out;
    std::vector<std::string> segs;
    for (std::string_view s : v.segments())
        segs.push_back(decode(s));
    if (!segs.empty()) {
        out.name = segs.back();
        segs.pop_back();
    }
    out.cwds = std::move(segs);
    return out;
}

inline std::string join(std::vector<std::string> const& v)
{
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? ", \"" : "\"") + v[i] + "\"";
    return s + "]";
}

inline void check_view(ftpuri::uri_view const& v, view_expect const& e)
{
    EXPECT_EQ(v.has_userinfo(), e.user.has_value()) << "has_userinfo";
    if (e.user && v.has_userinfo()) {
        EXPECT_EQ(v.user(), *e.user) << "user";
    }
    EXPECT_EQ(v.has_password(), e.password.has_value()) << "has_password";
    if (e.password && v.has_password()) {
        EXPECT_EQ(v.password(), *e.password) << "password";
    }
    EXPECT_EQ(v.host(), e.host) << "host";
    EXPECT_EQ(ftpuri::to_string(v.host_type()), ftpuri::to_string(e.kind)) << "host kind";
    EXPECT_EQ(v.has_port(), e.port.has_value()) << "has_port";
    if (e.port && v.has_port()) {
        EXPECT_EQ(v.port(), *e.port) << "port";
    }
    std::uint16_t expected_port = 21;
    if (e.port && !e.port->empty()) expected_port = static_cast<std::uint16_t>(std::stoul(std::string(*e.port)));
    EXPECT_EQ(v.effective_port(), expected_port) << "effective_port";
    EXPECT_EQ(v.path(), e.path) << "path";
    EXPECT_EQ(v.has_typecode(), e.typecode != '\0') << "has_typecode";
    EXPECT_EQ(v.typecode(), e.typecode) << "typecode";
    EXPECT_EQ(v.has_query(), e.query.has_value()) << "has_query";
    if (e.query && v.has_query()) {
        EXPECT_EQ(v.query(), *e.query) << "query";
    }
    EXPECT_EQ(v.has_fragment(), e.fragment.has_value()) << "has_fragment";
    if (e.fragment && v.has_fragment()) {
        EXPECT_EQ(v.fragment(), *e.fragment) << "fragment";
    }
    split_path const s = split(v);
    EXPECT_EQ(join(s.cwds), join(e.cwds)) << "cwds (decoded)";
    EXPECT_EQ(s.name, e.name) << "name (decoded)";
}

// Parses `uri` in profile `p` and checks it against `e`. Returns whether ftpuri accepted it.
inline bool check_profile(std::string_view uri, ftpuri::profile p, profile_expect const& e)
{
    SCOPED_TRACE("profile " + std::string(ftpuri::to_string(p)));
    ftpuri::parse_options opts;
    opts.syntax = p;
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse(uri, opts, list);
    ftpuri::parse_result const r_plain = ftpuri::parse(uri, opts);
    EXPECT_EQ(r.has_value(), r_plain.has_value()) << "parse with and without a diagnostic list disagree";
    EXPECT_EQ(ftpuri::validate(uri, opts), r.has_value()) << "validate() != parse().has_value()";
    SCOPED_TRACE("diagnostics: " + describe(list));

    if (e.error) {
        EXPECT_FALSE(r.has_value()) << "expected error " << name_of(e.error->id) << ", ftpuri accepted it";
        if (r.has_value()) return true;
        ftpuri::diagnostic const& d = r.error();
        EXPECT_EQ(name_of(d.id), name_of(e.error->id)) << "error id";
        EXPECT_EQ(d.level, ftpuri::severity::error);
        if (e.error->offset >= 0) {
            EXPECT_EQ(static_cast<std::int64_t>(d.offset), e.error->offset) << "error offset";
        }
        if (e.error->length >= 0) {
            EXPECT_EQ(static_cast<std::int64_t>(d.length), e.error->length) << "error length";
        }
        EXPECT_TRUE(list.has_error()) << "the diagnostic list lacks the error";
        EXPECT_EQ(list.count(ftpuri::severity::error), 1U) << "parsing stops at the first error";
        bool found = false;
        for (auto const& x : list)
            found = found || x == d;
        EXPECT_TRUE(found) << "the list does not hold the returned error " << describe(d);
        for (finding const& f : e.findings)
            EXPECT_TRUE(holds(list, f)) << "missing " << describe(f);
        EXPECT_EQ(name_of(r_plain.error().id), name_of(d.id));
        return false;
    }

    EXPECT_TRUE(r.has_value()) << "expected valid, got " << (r ? std::string() : describe(r.error()));
    if (!r.has_value()) return false;
    EXPECT_FALSE(list.has_error());
    std::set<std::string> got, want;
    for (auto const& d : list)
        got.insert(name_of(d.id));
    for (finding const& f : e.findings)
        want.insert(name_of(f.id));
    if (e.exact) {
        EXPECT_EQ(got, want) << "warnings/notes of a valid URI";
    } else {
        for (auto const& w : want)
            EXPECT_TRUE(got.count(w)) << "missing " << w;
    }
    for (finding const& f : e.findings) {
        if (f.offset >= 0 || f.length >= 0) {
            EXPECT_TRUE(holds(list, f)) << "missing " << describe(f);
        }
    }
    if (e.view)
        check_view(*r, *e.view);
    else
        ADD_FAILURE() << "test table: a valid expectation needs its components";
    return true;
}

struct case_result {
    bool strict_valid = false;
    bool rfc3986_valid = false;
};

inline case_result check_case(uri_case const& c)
{
    SCOPED_TRACE("URI <" + std::string(c.uri) + ">");
    case_result out;
    out.strict_valid = check_profile(c.uri, ftpuri::profile::strict, c.strict);
    if (c.rfc3986) {
        out.rfc3986_valid = check_profile(c.uri, ftpuri::profile::rfc3986, *c.rfc3986);
    } else if (!c.strict.error) {
        // strict is a subset of rfc3986, and an accepted URI has the same parts in both.
        profile_expect same = c.strict;
        same.exact = false;
        same.findings.clear();
        out.rfc3986_valid = check_profile(c.uri, ftpuri::profile::rfc3986, same);
    } else {
        ftpuri::parse_options opts;
        opts.syntax = ftpuri::profile::rfc3986;
        out.rfc3986_valid = ftpuri::validate(c.uri, opts);
    }
    return out;
}

// The view of the first profile that accepts `uri` (strict, then rfc3986).
inline std::optional<ftpuri::uri_view> accepted_view(std::string_view uri)
{
    for (ftpuri::profile p : {ftpuri::profile::strict, ftpuri::profile::rfc3986}) {
        ftpuri::parse_options opts;
        opts.syntax = p;
        ftpuri::parse_result const r = ftpuri::parse(uri, opts);
        if (r) return *r;
    }
    return std::nullopt;
}

} // namespace ftpuri_test
