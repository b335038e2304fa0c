// SPDX-License-Identifier: Apache-2.0
// bench/world_corpora.hpp: the corpora of what the world sends beyond a clean mirror list.
//
//   utf8_urls          ~70-byte URLs whose names are UTF-8 text, escaped, with a lead byte of
//                      every class the decoder tells apart (C2-DF, E0, E1-EC, ED, EE-EF, F0,
//                      F1-F3, F4)
//   warning_urls       ~70-byte URLs, each with a warning of one family, the families in turn
//                      (scheme, userinfo, host, port, path, pct, typecode, fragment, interop)
//   tilde_inside_urls  the "~user" inside a path that university mirror lists hold
//                      ("/pub/~jdoe/papers/"): path.tilde-inside, an error in strict
//   invalid_urls       ~70-byte URLs, each with one error: a third early (the scheme, the
//                      "//", an empty host), a third in the middle of the path, a third at
//                      its end
//   world_urls         the mix, in world_shares' shares, that ftpuri-check's benchmark reads
//
// Unlike corpora.hpp's, these hold invalid inputs: a benchmark computes each input's verdict
// once before timing and prints the invalid share beside the times. tests/bench/bench_corpora_test.cpp
// holds each corpus to what it says here. Deterministic, as corpora.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "corpora.hpp"

namespace ftpuri_bench {

// world_urls' shares, in percent of URIs; the rest are mirror_urls'.
struct world_shares {
    static constexpr int utf8 = 5;
    static constexpr int warning = 10;
    static constexpr int tilde_inside = 2;
    static constexpr int invalid = 5;
};

namespace detail {

// UTF-8 names, escaped, by the class of their lead byte.
inline constexpr std::array<std::string_view, 8> utf8_by_lead = {
    "%C3%BCbersicht",              // C2-DF: "ü"
    "%E0%A4%85%E0%A4%AE%E0%A4%B0", // E0: Devanagari
    "%E6%97%A5%E6%9C%AC%E8%AA%9E", // E1-EC: "日本語"
    "%ED%95%9C%EA%B8%80",          // ED: Hangul "한" (then E1-EC)
    "%EF%BC%A1%EF%BC%A2",          // EE-EF: fullwidth "ＡＢ"
    "%F0%9F%93%81-files",          // F0: an emoji
    "tag%F3%A0%80%81",             // F1-F3: a tag character
    "%F4%8F%BF%BD-private",        // F4: a private-use character
};

// One URL with a warning of `family` (0 to 8), and only that family's.
inline std::string warning_url(corpus_random& r, std::uint64_t family)
{
    std::string u(family == 0 ? "FTP://" : "ftp://");     // scheme.uppercase
    if (family == 1) u += "anonymous@";                   // userinfo.anonymous
    u += family == 2 ? "FTP.Example.ORG" : r.pick(hosts); // host.uppercase
    if (family == 3) u += ":21";                          // port.default
    u.append("/").append(r.pick(dirs)).append("/").append(r.pick(dirs)).append("/");
    if (family == 4) u += "./";            // path.dot-segment
    if (family == 5) u += "snap%7eshots/"; // pct.lowercase, pct.needless
    if (family == 8) u += "%2E/";          // interop.encoded-dot-segment
    u += r.pick(files);
    if (family == 6) u += ";TYPE=I"; // typecode.uppercase
    if (family == 7) u += "#top";    // fragment.present
    return u;
}
inline constexpr std::uint64_t warning_families = 9;

inline constexpr std::array<std::string_view, 6> tilde_homes = {"~jdoe", "~smith", "~mirror",
                                                                "~ftp",  "~root",  "~m.muster"};
inline constexpr std::array<std::string_view, 4> tilde_parents = {"/pub/", "/users/", "/people/", "/home/"};

// An error near the start, in the middle of the path, or at its end.
inline constexpr std::array<std::string_view, 4> early_errors = {"fpt://", "ftp:/", "ftp:", "ftp:///"};
inline constexpr std::array<std::string_view, 5> middle_errors = {" ", "%zz", "<", "..%2F", "%0D%0A"};
inline constexpr std::array<std::string_view, 5> late_errors = {" ", "?x=1", ";type=x", "%", "\xC3\xA9"};

} // namespace detail

inline std::string utf8_url(corpus_random& r)
{
    std::string u = "ftp://";
    u += r.pick(detail::hosts);
    u += '/';
    u += r.pick(detail::dirs);
    u += '/';
    u += r.pick(detail::utf8_by_lead);
    u += '/';
    u += r.pick(detail::utf8_by_lead);
    u += ".txt";
    return u;
}

inline std::string tilde_inside_url(corpus_random& r)
{
    std::string u = "ftp://";
    u += r.pick(detail::hosts);
    u += r.pick(detail::tilde_parents);
    u += r.pick(detail::tilde_homes);
    u += '/';
    u += r.pick(detail::dirs);
    u += '/';
    u += r.pick(detail::files);
    return u;
}

// A mirror URL (corpora.hpp's, valid) made invalid at its start, middle or end, in turn by `n`.
inline std::string invalid_url(corpus_random& r, std::uint64_t n)
{
    std::string u;
    append_mirror_url(r, u);
    switch (n % 3) {
    case 0: return std::string(r.pick(detail::early_errors)) + u.substr(u.find("//") + 2);
    case 1: {
        // At the start of the path segment that holds the URI's middle byte.
        std::size_t const path = u.find('/', u.find("//") + 2);
        u.insert(u.rfind('/', std::max(path, u.size() / 2)) + 1, r.pick(detail::middle_errors));
        return u;
    }
    default: return u.append(r.pick(detail::late_errors));
    }
}

inline std::vector<std::string> utf8_urls(std::size_t count, std::uint64_t seed = 0x7574'6638ULL)
{
    return draw_urls(count, seed, [](corpus_random& r, std::size_t) { return utf8_url(r); });
}

inline std::vector<std::string> warning_urls(std::size_t count, std::uint64_t seed = 0x7761'726EULL)
{
    return draw_urls(count, seed, [](corpus_random& r, std::size_t i) {
        return detail::warning_url(r, i % detail::warning_families);
    });
}

inline std::vector<std::string> tilde_inside_urls(std::size_t count, std::uint64_t seed = 0x7469'6C64ULL)
{
    return draw_urls(count, seed, [](corpus_random& r, std::size_t) { return tilde_inside_url(r); });
}

inline std::vector<std::string> invalid_urls(std::size_t count, std::uint64_t seed = 0x6261'64ULL)
{
    return draw_urls(count, seed, [](corpus_random& r, std::size_t i) { return invalid_url(r, i); });
}

// Appends one URI of the mix: world_shares' shapes, the rest mirror_urls'.
inline void append_world_url(corpus_random& r, std::string& out)
{
    // Each shape's share as a range of one draw in [0, 100).
    constexpr int utf8_end = world_shares::utf8;
    constexpr int warning_end = utf8_end + world_shares::warning;
    constexpr int tilde_end = warning_end + world_shares::tilde_inside;
    constexpr int invalid_end = tilde_end + world_shares::invalid;
    auto const draw = static_cast<int>(r.below(100));
    if (draw < utf8_end)
        out += utf8_url(r);
    else if (draw < warning_end)
        out += detail::warning_url(r, r.below(detail::warning_families));
    else if (draw < tilde_end)
        out += tilde_inside_url(r);
    else if (draw < invalid_end)
        out += invalid_url(r, r.below(3));
    else
        append_mirror_url(r, out);
}

inline std::vector<std::string> world_urls(std::size_t count, std::uint64_t seed = 0x776F'726CULL)
{
    return draw_urls(count, seed, [](corpus_random& r, std::size_t) {
        std::string u;
        append_world_url(r, u);
        return u;
    });
}

} // namespace ftpuri_bench
