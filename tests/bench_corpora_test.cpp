// SPDX-License-Identifier: Apache-2.0
// tests/bench_corpora_test.cpp: bench/corpora.hpp's corpora are what they say they are: valid in
// the strict profile, deterministic, with the shapes and shares their comments promise. A
// benchmark over a corpus that had drifted (all invalid, or without its escapes) would measure
// something else than it names.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../bench/corpora.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"

namespace {

using ftpuri::diag_id;

std::size_t percent_of(std::size_t n, std::size_t total)
{
    return n * 100 / total;
}

TEST(BenchCorpora, EveryUriIsStrictValid)
{
    for (auto const& corpus :
         {ftpuri_bench::mirror_urls(2000), ftpuri_bench::escaped_paths(200), ftpuri_bench::worst_cases()}) {
        for (std::string const& u : corpus) {
            ftpuri::parse_result const r = ftpuri::parse(std::string_view(u));
            EXPECT_TRUE(r.has_value()) << u << ": " << (r ? "" : r.error().info().name);
        }
    }
}

TEST(BenchCorpora, Deterministic)
{
    EXPECT_EQ(ftpuri_bench::mirror_urls(50), ftpuri_bench::mirror_urls(50));
    EXPECT_EQ(ftpuri_bench::escaped_paths(5), ftpuri_bench::escaped_paths(5));
    EXPECT_NE(ftpuri_bench::mirror_urls(50, 1), ftpuri_bench::mirror_urls(50, 2));
}

// The shares mirror_shares names, within a few points, counted by what the parser reports.
TEST(BenchCorpora, MirrorUrlsHaveTheSharesOfRealLists)
{
    std::vector<std::string> const urls = ftpuri_bench::mirror_urls(20000);
    std::size_t userinfo = 0, password = 0, port = 0, needless = 0, lowercase = 0, tilde = 0, empty = 0, typecode = 0,
                utf8 = 0, bytes = 0;
    for (std::string const& u : urls) {
        ftpuri::diagnostic_list found;
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(u), {}, found);
        ASSERT_TRUE(r.has_value()) << u;
        bytes += u.size();
        userinfo += r->has_userinfo() ? 1U : 0U;
        password += r->has_password() ? 1U : 0U;
        port += r->has_port() ? 1U : 0U;
        needless += found.contains(diag_id::pct_needless) ? 1U : 0U;
        lowercase += found.contains(diag_id::pct_lowercase) ? 1U : 0U;
        tilde += r->path().starts_with("/~") ? 1U : 0U;
        empty += found.contains(diag_id::path_empty_segment) ? 1U : 0U;
        typecode += r->has_typecode() ? 1U : 0U;
        // An uppercase UTF-8 escape (lead byte %C3 or %E6); the lowercase ones are counted above.
        bool const has_utf8 =
            r->path().find("%C3%") != std::string_view::npos || r->path().find("%E6%") != std::string_view::npos;
        utf8 += has_utf8 ? 1U : 0U;
    }
    using S = ftpuri_bench::mirror_shares;
    auto near = [&](std::size_t got, int want) {
        std::size_t const pct = percent_of(got, urls.size());
        return pct + 2 >= static_cast<std::size_t>(want) && pct <= static_cast<std::size_t>(want) + 2;
    };
    EXPECT_TRUE(near(userinfo, S::userinfo)) << userinfo;
    EXPECT_TRUE(near(password, S::password)) << password;
    EXPECT_TRUE(near(port, S::port)) << port;
    EXPECT_TRUE(near(tilde, S::tilde)) << tilde;
    EXPECT_TRUE(near(typecode, S::typecode)) << typecode;
    // Shapes that several draws can produce: at least their share.
    EXPECT_GE(percent_of(needless, urls.size()) + 1, static_cast<std::size_t>(S::needless_escape)) << needless;
    EXPECT_GE(percent_of(lowercase, urls.size()) + 1, static_cast<std::size_t>(S::lowercase_escape)) << lowercase;
    EXPECT_GE(percent_of(utf8, urls.size()) + 1, static_cast<std::size_t>(S::utf8_escape)) << utf8;
    EXPECT_GE(percent_of(empty, urls.size()) + 1, static_cast<std::size_t>(S::empty_segment)) << empty;
    std::size_t const mean = bytes / urls.size();
    EXPECT_GE(mean, 50U);
    EXPECT_LE(mean, 90U);
}

// ~1 KB paths with an escape every 30 to 100 bytes.
TEST(BenchCorpora, EscapedPathsHaveAnEscapeEvery30To100Bytes)
{
    for (std::string const& u : ftpuri_bench::escaped_paths(100)) {
        EXPECT_GE(u.size(), 1000U);
        EXPECT_LE(u.size(), 1100U);
        std::size_t last = u.find("/", 6);
        std::size_t escapes = 0;
        for (std::size_t at = u.find('%'); at != std::string::npos; at = u.find('%', at + 3)) {
            // A two-escape character (%C3%A9) counts once.
            if (at == last + 3 && u[last] == '%') {
                last = at;
                continue;
            }
            EXPECT_LE(at - last, 110U) << u;
            last = at;
            ++escapes;
        }
        EXPECT_GE(escapes, 9U) << u;
    }
}

} // namespace
