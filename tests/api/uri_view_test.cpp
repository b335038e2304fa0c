// SPDX-License-Identifier: Apache-2.0
// tests/api/uri_view_test.cpp: include/ftpuri/uri_view.hpp: the raw offsets and accessors of a
// parsed URI, absent parts, segments (cwds and name), the host address without brackets, and
// decode_into() / decode_size_bound().
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/uri_view.hpp"

namespace {

using ftpuri::host_kind;

// ---------------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------------
constexpr std::uint32_t npos = ftpuri::uri_view::npos;

TEST(View, RawOffsetsOfAFullUri)
{
    //                      0         1         2         3         4         5         6
    //                      0123456789012345678901234567890123456789012345678901234567890123
    std::string const s = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i?q#frag";
    ftpuri::parse_options o;
    o.syntax = ftpuri::profile::rfc3986;
    ftpuri::parse_result const r = ftpuri::parse(s, o);
    ASSERT_TRUE(r.has_value()) << r.error().info().name << " at " << r.error().offset;
    auto const off = r->raw_offsets();
    EXPECT_EQ(off.scheme_end, 3u);
    EXPECT_EQ(off.user_begin, 6u);
    EXPECT_EQ(off.user_end, 10u);
    EXPECT_EQ(off.password_begin, 11u);
    EXPECT_EQ(off.password_end, 15u);
    EXPECT_EQ(off.host_begin, 16u);
    EXPECT_EQ(off.host_end, 28u);
    EXPECT_EQ(off.port_begin, 29u);
    EXPECT_EQ(off.port_end, 33u);
    EXPECT_EQ(off.path_begin, 33u);
    EXPECT_EQ(off.path_end, 50u);
    EXPECT_EQ(off.typecode_begin, 50u);
    EXPECT_EQ(off.query_begin, 58u);
    EXPECT_EQ(off.query_end, 59u);
    EXPECT_EQ(off.fragment_begin, 60u);
    EXPECT_EQ(r->size(), 64u);
    EXPECT_EQ(r->scheme(), "ftp");
    EXPECT_EQ(r->raw(ftpuri::component::scheme), "ftp");
    EXPECT_EQ(r->raw(ftpuri::component::authority), "user:pass@host.example:2121");
    EXPECT_EQ(r->raw(ftpuri::component::user), "user");
    EXPECT_EQ(r->raw(ftpuri::component::password), "pass");
    EXPECT_EQ(r->raw(ftpuri::component::host), "host.example");
    EXPECT_EQ(r->raw(ftpuri::component::port), "2121");
    EXPECT_EQ(r->raw(ftpuri::component::path), "/pub/dir/file.txt");
    EXPECT_EQ(r->raw(ftpuri::component::typecode), ";type=i");
    EXPECT_EQ(r->typecode_part(), ";type=i");
    EXPECT_EQ(r->raw(ftpuri::component::query), "q");
    EXPECT_EQ(r->raw(ftpuri::component::fragment), "frag");
    EXPECT_EQ(r->raw(ftpuri::component::input), s);
    EXPECT_EQ(r->port_number(), 2121);
    EXPECT_EQ(r->effective_port(), 2121);

    // strict: the same without the query
    std::string const t = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i#frag";
    ftpuri::parse_result const q = ftpuri::parse(t);
    ASSERT_TRUE(q.has_value()) << q.error().info().name << " at " << q.error().offset;
    auto const o2 = q->raw_offsets();
    EXPECT_EQ(o2.path_end, 50u);
    EXPECT_EQ(o2.typecode_begin, 50u);
    EXPECT_EQ(o2.query_begin, npos);
    EXPECT_EQ(o2.fragment_begin, 58u);
}

// The diagram at the top of uri_view.hpp draws one offset per pipe: each label must begin in
// the column of the byte its offsets point at, in the URI drawn above them.
TEST(View, HeaderDiagramPointsAtTheRightBytes)
{
    std::ifstream header(std::string(FTPURI_SOURCE_DIR) + "/include/ftpuri/uri_view.hpp");
    std::string const prefix = "//     ";
    std::string uri;
    std::vector<std::string> labels;
    for (std::string line; std::getline(header, line);) {
        if (line.rfind(prefix + "ftp://", 0) == 0) {
            uri = line.substr(prefix.size());
        } else if (!uri.empty() && line.rfind(prefix, 0) == 0 && line.size() > prefix.size()) {
            labels.push_back(line.substr(prefix.size()));
        } else if (!uri.empty()) {
            break;
        }
    }
    ASSERT_FALSE(uri.empty()) << "no diagram in uri_view.hpp";
    ftpuri::parse_options o;
    o.syntax = ftpuri::profile::rfc3986; // the only profile with a query
    ftpuri::parse_result const r = ftpuri::parse(uri, o);
    ASSERT_TRUE(r.has_value());
    auto const off = r->raw_offsets();
    std::map<std::string, std::uint32_t> const offsets = {
        {"0", 0},
        {"scheme_end", off.scheme_end},
        {"user_begin", off.user_begin},
        {"user_end", off.user_end},
        {"password_begin", off.password_begin},
        {"password_end", off.password_end},
        {"host_begin", off.host_begin},
        {"host_end", off.host_end},
        {"port_begin", off.port_begin},
        {"port_end", off.port_end},
        {"path_begin", off.path_begin},
        {"path_end", off.path_end},
        {"typecode_begin", off.typecode_begin},
        {"typecode_end", off.typecode_begin + static_cast<std::uint32_t>(r->typecode_part().size())},
        {"query_begin", off.query_begin},
        {"query_end", off.query_end},
        {"fragment_begin", off.fragment_begin},
        {"size()", r->size()},
    };
    std::size_t named = 0;
    for (std::string const& line : labels) {
        std::size_t const column = line.find_first_not_of("| ");
        if (column == std::string::npos) continue; // the row of pipes under the URI
        // "port_end, path_begin" or "scheme_end (the ':')": names before any parenthesis.
        std::istringstream names(line.substr(column, line.find(" (", column) - column));
        for (std::string name; std::getline(names >> std::ws, name, ',');) {
            auto const it = offsets.find(name);
            ASSERT_NE(it, offsets.end()) << "unknown label " << name;
            EXPECT_EQ(column, it->second) << name << " is drawn at column " << column;
            ++named;
        }
    }
    EXPECT_EQ(named, offsets.size()); // every offset is drawn
}

TEST(View, AbsentPartsAreNpos)
{
    std::string const s = "ftp://h";
    ftpuri::parse_result const r = ftpuri::parse(s);
    ASSERT_TRUE(r.has_value());
    auto const off = r->raw_offsets();
    EXPECT_EQ(off.user_begin, npos);
    EXPECT_EQ(off.password_begin, npos);
    EXPECT_EQ(off.host_begin, 6u);
    EXPECT_EQ(off.host_end, 7u);
    EXPECT_EQ(off.port_begin, npos);
    EXPECT_EQ(off.path_begin, 7u);
    EXPECT_EQ(off.path_end, 7u);
    EXPECT_EQ(off.typecode_begin, npos);
    EXPECT_EQ(off.query_begin, npos);
    EXPECT_EQ(off.fragment_begin, npos);
    EXPECT_FALSE(r->has_userinfo());
    EXPECT_FALSE(r->has_password());
    EXPECT_FALSE(r->has_port());
    EXPECT_FALSE(r->has_typecode());
    EXPECT_FALSE(r->has_query());
    EXPECT_FALSE(r->has_fragment());
    EXPECT_EQ(r->effective_port(), 21);
    EXPECT_EQ(r->typecode_part(), "");

    // an empty port is present
    std::string const e = "ftp://h:/";
    ftpuri::parse_result const p = ftpuri::parse(e);
    ASSERT_TRUE(p.has_value());
    EXPECT_TRUE(p->has_port());
    EXPECT_EQ(p->port(), "");
    EXPECT_EQ(p->raw_offsets().port_begin, 8u);
    EXPECT_EQ(p->raw_offsets().port_end, 8u);
    EXPECT_EQ(p->effective_port(), 21);
}

std::vector<std::string_view> collect(ftpuri::segment_range const& range)
{
    std::vector<std::string_view> out;
    for (std::string_view s : range)
        out.push_back(s);
    return out;
}

TEST(View, SegmentsCwdsAndName)
{
    std::string const s = "ftp://h/a//b/;type=d";
    ftpuri::parse_result const r = ftpuri::parse(s);
    ASSERT_TRUE(r.has_value()) << r.error().info().name;
    EXPECT_EQ(r->segments().size(), 4u);
    EXPECT_FALSE(r->segments().empty());
    EXPECT_EQ(collect(r->segments()), (std::vector<std::string_view>{"a", "", "b", ""}));
    EXPECT_EQ(r->name(), "");
    EXPECT_EQ(r->cwd_path(), "/a//b/");
    EXPECT_EQ(r->typecode(), 'd');

    std::string const f = "ftp://h/pub/f.txt;type=i";
    ftpuri::parse_result const g = ftpuri::parse(f);
    ASSERT_TRUE(g.has_value());
    std::vector<std::string_view> const segs = collect(g->segments());
    ASSERT_EQ(segs.size(), 2u);
    EXPECT_EQ(segs[0], "pub");   // the cwd
    EXPECT_EQ(segs[1], "f.txt"); // the name, without the typecode
    EXPECT_EQ(g->name(), "f.txt");
    EXPECT_EQ(g->cwd_path(), "/pub/");
    // the segments are views into the input
    EXPECT_EQ(segs[0].data(), f.data() + 8);

    std::string const h = "ftp://h";
    ftpuri::parse_result const n = ftpuri::parse(h);
    ASSERT_TRUE(n.has_value());
    EXPECT_TRUE(n->segments().empty());
    EXPECT_EQ(n->segments().size(), 0u);
    EXPECT_EQ(n->segments().begin(), n->segments().end());
    EXPECT_EQ(n->name(), "");
    EXPECT_EQ(n->cwd_path(), "");

    std::string const root = "ftp://h/";
    ftpuri::parse_result const rt = ftpuri::parse(root);
    ASSERT_TRUE(rt.has_value());
    EXPECT_EQ(collect(rt->segments()), (std::vector<std::string_view>{""}));
    EXPECT_EQ(rt->cwd_path(), "/");
    EXPECT_EQ(rt->name(), "");

    std::string const nested = "ftp://h/a/b/c";
    ftpuri::parse_result const ns = ftpuri::parse(nested);
    ASSERT_TRUE(ns.has_value());
    auto it = ns->segments().begin();
    EXPECT_EQ(*it++, "a");
    EXPECT_EQ(*it, "b");
    ++it;
    EXPECT_EQ(*it, "c");
    ++it;
    EXPECT_EQ(it, ns->segments().end());
    EXPECT_EQ(ns->cwd_path(), "/a/b/");
    EXPECT_EQ(ns->name(), "c");
}

TEST(View, HostAddressWithoutBrackets)
{
    std::string const v6 = "ftp://[2001:db8::1]:21/";
    ftpuri::parse_result const a = ftpuri::parse(v6);
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(a->host(), "[2001:db8::1]");
    EXPECT_EQ(a->host_address(), "2001:db8::1");
    EXPECT_EQ(a->host_type(), host_kind::ipv6);

    std::string const fut = "ftp://[v1.fe80::a+en1]/";
    ftpuri::parse_options o;
    o.syntax = ftpuri::profile::rfc3986;
    ftpuri::parse_result const b = ftpuri::parse(fut, o);
    ASSERT_TRUE(b.has_value()) << b.error().info().name;
    EXPECT_EQ(b->host_address(), "v1.fe80::a+en1");
    EXPECT_EQ(b->host_type(), host_kind::ipvfuture);

    std::string const v4 = "ftp://192.0.2.1/";
    ftpuri::parse_result const c = ftpuri::parse(v4);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->host_address(), "192.0.2.1");
    EXPECT_EQ(c->host_type(), host_kind::ipv4);

    std::string const dns = "ftp://Ftp.Example.org./";
    ftpuri::parse_result const d = ftpuri::parse(dns);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->host_address(), "Ftp.Example.org.");
    EXPECT_EQ(d->host(), d->host_address());
    EXPECT_EQ(d->host_type(), host_kind::dns_name);
}

TEST(View, DecodeInto)
{
    std::string const s = "ftp://us%65r:p%40ss@h/a%2Fb/%41%42c;type=i#x%20y";
    ftpuri::parse_result const r = ftpuri::parse(s);
    ASSERT_TRUE(r.has_value()) << r.error().info().name << " at " << r.error().offset;
    struct expect_decoded {
        ftpuri::component c;
        std::string_view decoded;
    };
    for (auto const& e :
         {expect_decoded{ftpuri::component::user, "user"}, expect_decoded{ftpuri::component::password, "p@ss"},
          expect_decoded{ftpuri::component::host, "h"}, expect_decoded{ftpuri::component::path, "/a/b/ABc"},
          expect_decoded{ftpuri::component::typecode, ";type=i"}, expect_decoded{ftpuri::component::fragment, "x y"},
          expect_decoded{ftpuri::component::port, ""}}) {
        SCOPED_TRACE(ftpuri::to_string(e.c));
        EXPECT_EQ(r->decode_size_bound(e.c), e.decoded.size());
        std::array<char, 64> buf{};
        std::size_t const n = r->decode_into(e.c, buf).size;
        ASSERT_EQ(n, e.decoded.size());
        EXPECT_EQ(std::string_view(buf.data(), n), e.decoded);
        // exactly decode_size_bound() bytes suffice
        std::vector<char> exact(e.decoded.size());
        EXPECT_EQ(r->decode_into(e.c, exact).size, e.decoded.size());
        EXPECT_EQ(std::string_view(exact.data(), exact.size()), e.decoded);
        // one byte less does not, and says so
        if (!e.decoded.empty()) {
            std::vector<char> small(e.decoded.size() - 1);
            EXPECT_EQ(r->decode_into(e.c, small).status, ftpuri::write_status::buffer_too_small);
        }
    }
    // the whole input
    std::string const whole = "ftp://user:p@ss@h/a/b/ABc;type=i#x y";
    EXPECT_EQ(r->decode_size_bound(ftpuri::component::input), whole.size());
    std::vector<char> all(whole.size());
    ASSERT_EQ(r->decode_into(ftpuri::component::input, all).size, whole.size());
    EXPECT_EQ(std::string_view(all.data(), all.size()), whole);
}

} // namespace
