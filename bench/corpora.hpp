// SPDX-License-Identifier: Apache-2.0
// bench/corpora.hpp: the benchmark corpora of valid URIs that look like what the world sends.
//
// gen_uris.hpp's stream avoids every shape that draws a warning, so that ftpuri-check exits 0
// on it; a benchmark over it alone measures the path nobody takes. These corpora take it:
//
//   mirror_urls       ~70-byte mirror-list URLs with the shares of userinfo, passwords, ports
//                     (":21" too), needless and lowercase escapes, UTF-8 escapes, "~", empty
//                     segments and typecodes that real lists have (the shares are below, and
//                     tests/bench/bench_corpora_test.cpp holds the output to them)
//   escaped_paths     URLs with ~1 KB paths: an escape every 30 to 100 bytes, sub-delims
//   worst_cases       the most expensive shapes per byte: a path of nothing but %XX, nothing
//                     but '/', the most segments, long IPv6 literals, a long userinfo
//
// The real-world URLs are corpus/realworld.txt, read by the benchmark itself.
//
// Every URI is valid in the strict profile (warnings allowed); world_corpora.hpp has the invalid
// ones, and mirror_urls' URIs are its mix's majority. Deterministic: splitmix64 with a fixed
// seed, no <random> distributions, so the same bytes on every standard library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "splitmix64.hpp"

namespace ftpuri_bench {

// splitmix64.hpp's stream, drawn in percent.
class corpus_random : public splitmix64 {
public:
    using splitmix64::splitmix64;
    bool percent(std::uint64_t p) noexcept { return below(100) < p; }
};

// The shares of mirror_urls, in percent of URIs (a URI may have several).
struct mirror_shares {
    static constexpr int userinfo = 25;        // user@ (anonymous@ among them)
    static constexpr int password = 8;         // of all URIs: user:password@
    static constexpr int port = 15;            // an explicit port, ":21" a fifth of them
    static constexpr int needless_escape = 6;  // %7E, %2D, %41 in a segment
    static constexpr int lowercase_escape = 6; // %2f-style hex
    static constexpr int utf8_escape = 10;     // %C3%A9, %E6%97%A5
    static constexpr int tilde = 5;            // a first segment "~" or "~user"
    static constexpr int empty_segment = 3;    // "//" inside the path
    static constexpr int typecode = 12;        // ;type=a|i|d
};

namespace detail {

inline constexpr std::array<std::string_view, 8> hosts = {
    "ftp.debian.org", "ftp.gnu.org",        "mirror.example.net", "ftp.kernel.org",
    "ftp.fau.de",     "mirrors.kernel.org", "ftp.us.debian.org",  "archive.example.com"};
inline constexpr std::array<std::string_view, 10> dirs = {"pub",      "debian", "dists", "bookworm", "main",
                                                          "releases", "gnu",    "linux", "kernel",   "v6.x"};
inline constexpr std::array<std::string_view, 6> files = {
    "Packages.xz", "coreutils-9.4.tar.xz", "SHA256SUMS", "linux-6.6.tar.xz", "README", "index.html"};
inline constexpr std::array<std::string_view, 4> users = {"anonymous", "mirror", "ftp", "jdoe"};
inline constexpr std::array<std::string_view, 3> needless = {"snap%7Eshots", "release%2Dnotes", "%41rchive"};
inline constexpr std::array<std::string_view, 3> lowercase = {"a%2fb", "space%20x%3b", "caf%c3%a9"};
inline constexpr std::array<std::string_view, 3> utf8 = {"caf%C3%A9", "%E6%97%A5%E6%9C%AC", "na%C3%AFve-docs"};

inline void append_number(std::string& out, std::uint64_t n)
{
    out += std::to_string(n);
}

} // namespace detail

// Appends one mirror-list URI with mirror_shares' shapes.
inline void append_mirror_url(corpus_random& r, std::string& u)
{
    using namespace detail;
    u += "ftp://";
    bool const password = r.percent(mirror_shares::password);
    if (password || r.percent(mirror_shares::userinfo - mirror_shares::password)) {
        u += r.pick(users);
        if (password) u += r.percent(50) ? ":s3cret" : ":pa%24%24word";
        u += '@';
    }
    u += r.pick(hosts);
    if (r.percent(mirror_shares::port)) {
        u += ':';
        if (r.percent(20))
            u += "21";
        else
            detail::append_number(u, 1024 + r.below(60000));
    }
    u += '/';
    if (r.percent(mirror_shares::tilde)) u += r.percent(60) ? "~/" : "~mirror/";
    for (auto n = 1 + r.below(4); n > 0; --n) {
        u += r.pick(dirs);
        u += '/';
        if (r.percent(mirror_shares::empty_segment)) u += '/';
    }
    if (r.percent(mirror_shares::needless_escape)) u.append(r.pick(needless)).append("/");
    if (r.percent(mirror_shares::lowercase_escape)) u.append(r.pick(lowercase)).append("/");
    if (r.percent(mirror_shares::utf8_escape)) u.append(r.pick(utf8)).append("/");
    bool const directory = r.percent(15);
    if (!directory) u += r.pick(files);
    if (r.percent(mirror_shares::typecode)) u += directory ? ";type=d" : (r.percent(50) ? ";type=i" : ";type=a");
}

// `count` URIs, the i-th made by draw(r, i) from one random sequence begun at `seed`.
template <class Draw>
std::vector<std::string> draw_urls(std::size_t count, std::uint64_t seed, Draw draw)
{
    corpus_random r(seed);
    std::vector<std::string> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(draw(r, i));
    return out;
}

// `count` mirror-list URIs with mirror_shares' shapes.
inline std::vector<std::string> mirror_urls(std::size_t count, std::uint64_t seed = 0x6D69'7272'6F72ULL)
{
    return draw_urls(count, seed, [](corpus_random& r, std::size_t) {
        std::string u;
        append_mirror_url(r, u);
        return u;
    });
}

// `count` URLs with ~1 KB paths: names with sub-delims, an escape every 30 to 100 bytes.
inline std::vector<std::string> escaped_paths(std::size_t count, std::uint64_t seed = 0x6C6F'6E67ULL)
{
    static constexpr std::array<std::string_view, 8> words = {"data", "set", "v2",  "x86_64",
                                                              "b-c",  "a+b", "q=1", "it's"};
    static constexpr std::array<std::string_view, 6> escapes = {"%20", "%C3%A9", "%25", "%23", "%3B", "%5B"};
    corpus_random r(seed);
    std::vector<std::string> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::string u = "ftp://ftp.example.org";
        std::size_t next_escape = u.size() + 30 + r.below(71);
        while (u.size() < 1000) {
            u += '/';
            for (auto n = 1 + r.below(3); n > 0; --n) {
                u += r.pick(words);
                if (u.size() >= next_escape) {
                    u += r.pick(escapes);
                    next_escape = u.size() + 30 + r.below(71);
                }
            }
        }
        u += "/file.tar.gz";
        out.push_back(std::move(u));
    }
    return out;
}

// The most expensive shapes per byte, each ~1 KB.
inline std::vector<std::string> worst_cases()
{
    std::vector<std::string> out;
    std::string all_escapes = "ftp://h/";
    while (all_escapes.size() < 1000)
        all_escapes += "%C3%A9%20";
    out.push_back(all_escapes);
    std::string all_slashes = "ftp://h/a";
    all_slashes.append(1000, '/');
    out.push_back(all_slashes + "f");
    std::string segments = "ftp://h";
    while (segments.size() < 1000)
        segments += "/a";
    out.push_back(segments);
    // The longest IPv6 literals: eight full groups, and an embedded IPv4 address.
    out.emplace_back("ftp://[2001:0db8:85a3:08d3:1319:8a2e:0370:7348]/");
    out.emplace_back("ftp://[0000:0000:0000:0000:0000:ffff:192.168.100.128]/");
    std::string userinfo = "ftp://";
    while (userinfo.size() < 1000)
        userinfo += "user%40example";
    out.push_back(userinfo + ":pw@h/");
    return out;
}

} // namespace ftpuri_bench
