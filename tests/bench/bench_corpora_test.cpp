// SPDX-License-Identifier: Apache-2.0
// tests/bench/bench_corpora_test.cpp: the benchmark's corpora are what they say they are:
// bench/corpora.hpp's valid in the strict profile, bench/world_corpora.hpp's with the warnings,
// escapes and errors (where they are) that they promise, bench/probes.hpp's rows ~1 KB with their
// feature in every segment; deterministic, with the shapes and shares their comments promise. A
// benchmark over a corpus that had drifted (all invalid, or without its escapes) would measure
// something else than it names.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../../bench/corpora.hpp"
#include "../../bench/floor.hpp"
#include "../../bench/probes.hpp"
#include "../../bench/world_corpora.hpp"
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
        std::size_t last = u.find('/', 6);
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

// Every row valid, ~1,000 bytes of path, the feature in every segment; its twin invalid at the
// raw space, at byte 30 or just past an escape there.
TEST(BenchCorpora, ProbeRowsHaveTheirFeatureInEverySegmentAndTheirTwinFailsAtTheSpace)
{
    for (ftpuri_bench::probe_row const& row : ftpuri_bench::probe_rows) {
        std::vector<std::string> const valid = ftpuri_bench::probe_corpus(row, 8, false);
        std::vector<std::string> const twins = ftpuri_bench::probe_corpus(row, 8, true);
        ASSERT_EQ(valid.size(), twins.size());
        for (std::size_t i = 0; i < valid.size(); ++i) {
            std::string const& u = valid[i];
            ftpuri::parse_result const r = ftpuri::parse(std::string_view(u));
            EXPECT_TRUE(r.has_value()) << row.name << ": " << u << ": " << (r ? "" : r.error().info().name);
            std::size_t const path_length = u.size() - ftpuri_bench::probe_prefix.size();
            EXPECT_GE(path_length, 1000U) << row.name;
            EXPECT_LE(path_length, 1000U + 9 + 12) << row.name;
            std::size_t segments = 0;
            for (std::size_t at = u.find('/', 6); at != std::string::npos; at = u.find('/', at + 1)) {
                std::string_view const feature = row.features[segments % row.features.size()];
                EXPECT_EQ(std::string_view(u).substr(at + 9, feature.size()), feature) << row.name << " " << at;
                ++segments;
            }
            EXPECT_GE(segments, 1000U / (9 + 12)) << row.name;

            ftpuri::parse_result const twin = ftpuri::parse(std::string_view(twins[i]));
            ASSERT_FALSE(twin.has_value()) << row.name << ": " << twins[i];
            EXPECT_EQ(twin.error().id, diag_id::char_space) << row.name;
            EXPECT_GE(twin.error().offset, ftpuri_bench::probe_space_at) << row.name;
            EXPECT_LE(twin.error().offset, ftpuri_bench::probe_space_at + 2) << row.name;
            EXPECT_EQ(twins[i].size(), u.size() + 1) << row.name;
        }
    }
}

TEST(BenchCorpora, ProbeRowsHaveDistinctNames)
{
    std::vector<std::string_view> names;
    names.reserve(ftpuri_bench::probe_rows.size());
    for (ftpuri_bench::probe_row const& row : ftpuri_bench::probe_rows)
        names.push_back(row.name);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
}

// Valid, and a lead byte of every class the UTF-8 decoder tells apart among them.
TEST(BenchCorpora, Utf8UrlsAreValidWithEveryLeadClass)
{
    std::vector<std::string> const urls = ftpuri_bench::utf8_urls(400);
    std::array<bool, 8> seen{};
    for (std::string const& u : urls) {
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(u));
        EXPECT_TRUE(r.has_value()) << u << ": " << (r ? "" : r.error().info().name);
        for (std::size_t at = u.find('%'); at != std::string::npos; at = u.find('%', at + 3)) {
            unsigned long const lead = std::stoul(u.substr(at + 1, 2), nullptr, 16);
            if (lead < 0xC2 || (lead & 0xC0) == 0x80) continue; // ASCII or a continuation byte
            int const cls = lead <= 0xDF   ? 0
                            : lead == 0xE0 ? 1
                            : lead <= 0xEC ? 2
                            : lead == 0xED ? 3
                            : lead <= 0xEF ? 4
                            : lead == 0xF0 ? 5
                            : lead <= 0xF3 ? 6
                                           : 7;
            seen[static_cast<std::size_t>(cls)] = true;
        }
    }
    for (std::size_t cls = 0; cls < seen.size(); ++cls)
        EXPECT_TRUE(seen[cls]) << "lead class " << cls;
}

// Valid in strict, each with at least one warning, and every family among them.
TEST(BenchCorpora, WarningUrlsHoldAWarningOfEveryFamily)
{
    std::vector<diag_id> const families = {
        diag_id::scheme_uppercase,   diag_id::userinfo_anonymous, diag_id::host_uppercase,
        diag_id::port_default,       diag_id::path_dot_segment,   diag_id::pct_lowercase,
        diag_id::typecode_uppercase, diag_id::fragment_present,   diag_id::interop_encoded_dot_segment};
    std::vector<bool> seen(families.size());
    for (std::string const& u : ftpuri_bench::warning_urls(90)) {
        ftpuri::diagnostic_list found;
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(u), {}, found);
        EXPECT_TRUE(r.has_value()) << u << ": " << (r ? "" : r.error().info().name);
        EXPECT_GT(found.size(), 0U) << u;
        for (std::size_t f = 0; f < families.size(); ++f)
            seen[f] = seen[f] || found.contains(families[f]);
    }
    for (std::size_t f = 0; f < families.size(); ++f)
        EXPECT_TRUE(seen[f]) << ftpuri::info(families[f]).name;
}

TEST(BenchCorpora, TildeInsideUrlsFailAtTheTilde)
{
    for (std::string const& u : ftpuri_bench::tilde_inside_urls(200)) {
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(u));
        ASSERT_FALSE(r.has_value()) << u;
        EXPECT_EQ(r.error().id, diag_id::path_tilde_inside) << u;
        EXPECT_EQ(u[r.error().offset], '~') << u;
    }
}

// Every URI invalid; the first error within the first 8 bytes, in the path with at least 4 bytes
// after it (the start of the segment that holds the middle byte), or within the last 8, in turn.
TEST(BenchCorpora, InvalidUrlsFailEarlyInTheMiddleAndLate)
{
    std::vector<std::string> const urls = ftpuri_bench::invalid_urls(300);
    for (std::size_t i = 0; i < urls.size(); ++i) {
        std::string const& u = urls[i];
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(u));
        ASSERT_FALSE(r.has_value()) << u;
        std::size_t const at = r.error().offset;
        switch (i % 3) {
        case 0: EXPECT_LT(at, 8U) << u; break;
        case 1:
            EXPECT_GE(at, 8U) << u;
            EXPECT_LT(at + 4, u.size()) << u;
            break;
        default: EXPECT_GE(at + 8, u.size()) << u; break;
        }
    }
}

// The mix: world_shares' invalid ones (tilde inside and the other errors) within a few points.
TEST(BenchCorpora, WorldUrlsHaveTheirInvalidShare)
{
    std::vector<std::string> const urls = ftpuri_bench::world_urls(20000);
    std::size_t invalid = 0, warned = 0;
    for (std::string const& u : urls) {
        ftpuri::diagnostic_list found;
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(u), {}, found);
        invalid += r ? 0U : 1U;
        warned += r && found.size() > 0 ? 1U : 0U;
    }
    using S = ftpuri_bench::world_shares;
    std::size_t const pct = percent_of(invalid, urls.size());
    EXPECT_GE(pct + 1, static_cast<std::size_t>(S::invalid + S::tilde_inside)) << invalid;
    EXPECT_LE(pct, static_cast<std::size_t>(S::invalid + S::tilde_inside + 1)) << invalid;
    EXPECT_GE(percent_of(warned, urls.size()) + 1, static_cast<std::size_t>(S::warning)) << warned;
    EXPECT_EQ(ftpuri_bench::world_urls(50), ftpuri_bench::world_urls(50));
}

// The floor's loops read every byte once, whatever the length (their unrolled bodies and their
// tails), so the fastest of them is a fair floor: each gives the sum of the bytes' lookups.
TEST(BenchCorpora, FloorLoopsReadEveryByteOnce)
{
    std::string bytes;
    for (unsigned i = 0; i < 300; ++i)
        bytes += static_cast<char>((i * 37 + 11) & 0xFFU);
    for (std::size_t length = 0; length <= 40; ++length) {
        for (std::size_t start = 0; start < 9; ++start) {
            std::string_view const view = std::string_view(bytes).substr(start * 31, length);
            unsigned expected = 0;
            for (char const c : view)
                expected += ftpuri_bench::byte_table[static_cast<unsigned char>(c)];
            EXPECT_EQ(ftpuri_bench::read_contiguous(view), expected) << length;
            EXPECT_EQ(ftpuri_bench::read_unrolled4(view), expected) << length;
            EXPECT_EQ(ftpuri_bench::read_words8(view), expected) << length;
            std::vector<std::string_view> const halves = {view.substr(0, length / 2), view.substr(length / 2)};
            EXPECT_EQ(ftpuri_bench::read_per_uri(halves), expected) << length;
        }
    }
}

} // namespace
