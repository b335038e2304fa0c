// bench/hot_path_bench.cpp: what one URI costs, beside the cost of merely reading its bytes and
// beside peers (PRODUCT.md, "Non-negotiables": report ratios to reading the bytes, one
// 256-entry table lookup per byte).
//
// Every benchmark first checks that it gets the expected answer for every input (a peer that
// rejected the inputs would look fast), then times the whole input set per iteration and reports
// bytes/s and URIs/s. Compare benchmarks of one run only: the machine is shared.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <boost/url/parse.hpp>
#include <curl/curl.h>
#include <uriparser/Uri.h>

#include "corpora.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"

namespace {

// ~70-byte URLs like those of mirror lists.
std::vector<std::string> const& short_urls()
{
    static std::vector<std::string> const urls = [] {
        std::vector<std::string> v;
        char const* const hosts[] = {"ftp.debian.org", "ftp.gnu.org", "mirror.example.net", "ftp.kernel.org"};
        char const* const paths[] = {
            "/debian/dists/bookworm/main/binary-amd64/Packages.xz", "/gnu/coreutils/coreutils-9.4.tar.xz;type=i",
            "/pub/releases/1.0/checksums/SHA256SUMS.txt;type=a", "/pub/linux/kernel/v6.x/linux-6.6.tar.xz"};
        for (char const* h : hosts)
            for (char const* p : paths)
                v.push_back(std::string("ftp://") + h + p);
        return v;
    }();
    return urls;
}

// One URL with a ~1 KB path.
std::vector<std::string> const& long_urls()
{
    static std::vector<std::string> const urls = [] {
        std::string path;
        while (path.size() < 1000)
            path += "/some-directory.name_01";
        return std::vector<std::string>{"ftp://ftp.example.org" + path + "/file.tar.gz"};
    }();
    return urls;
}

// The corpora of corpora.hpp (issue 14): what real lists hold, long escaped paths, the worst
// shapes per byte, and corpus/realworld.txt's URLs that the strict profile accepts.
std::vector<std::string> const& mirror_corpus()
{
    static std::vector<std::string> const urls = ftpuri_bench::mirror_urls(10000);
    return urls;
}

std::vector<std::string> const& escaped_corpus()
{
    static std::vector<std::string> const urls = ftpuri_bench::escaped_paths(1000);
    return urls;
}

std::vector<std::string> const& worst_corpus()
{
    static std::vector<std::string> const urls = ftpuri_bench::worst_cases();
    return urls;
}

std::vector<std::string> const& realworld_corpus()
{
    static std::vector<std::string> const urls = [] {
        std::vector<std::string> v;
        std::ifstream in(FTPURI_SOURCE_DIR "/corpus/realworld.txt");
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] != '#' && ftpuri::validate(line)) v.push_back(line);
        return v;
    }();
    return urls;
}

std::size_t total_bytes(std::vector<std::string> const& urls)
{
    std::size_t n = 0;
    for (auto const& u : urls)
        n += u.size();
    return n;
}

void report(benchmark::State& state, std::vector<std::string> const& urls)
{
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(total_bytes(urls)));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(urls.size()));
}

void must(bool ok, char const* what)
{
    if (!ok) {
        std::fprintf(stderr, "benchmark precondition failed: %s\n", what);
        std::abort();
    }
}

// The floor: one 256-entry table lookup per byte.
constexpr std::array<unsigned char, 256> byte_table = [] {
    std::array<unsigned char, 256> t{};
    for (unsigned i = 0; i < 256; ++i)
        t[i] = static_cast<unsigned char>(i * 7 + 1);
    return t;
}();

template <auto Urls>
void read_bytes(benchmark::State& state)
{
    auto const& urls = Urls();
    for (auto _ : state) {
        unsigned sum = 0;
        for (auto const& u : urls)
            for (char c : u)
                sum += byte_table[static_cast<unsigned char>(c)];
        benchmark::DoNotOptimize(sum);
    }
    report(state, urls);
}

template <auto Urls>
void ftpuri_validate(benchmark::State& state)
{
    auto const& urls = Urls();
    for (auto const& u : urls)
        must(ftpuri::validate(u), "ftpuri::validate accepts every input");
    for (auto _ : state)
        for (auto const& u : urls)
            benchmark::DoNotOptimize(ftpuri::validate(u));
    report(state, urls);
}

template <auto Urls>
void ftpuri_parse(benchmark::State& state)
{
    auto const& urls = Urls();
    for (auto const& u : urls)
        must(ftpuri::parse(u).has_value(), "ftpuri::parse accepts every input");
    for (auto _ : state)
        for (auto const& u : urls)
            benchmark::DoNotOptimize(ftpuri::parse(u));
    report(state, urls);
}

template <auto Urls>
void ftpuri_canonicalize(benchmark::State& state)
{
    auto const& urls = Urls();
    std::vector<char> out(ftpuri::canonical_size_bound(2048));
    for (auto const& u : urls)
        must(ftpuri::canonicalize_into(*ftpuri::parse(u), out).size > 0, "canonicalize");
    for (auto _ : state) {
        for (auto const& u : urls) {
            ftpuri::parse_result const r = ftpuri::parse(u);
            benchmark::DoNotOptimize(ftpuri::canonicalize_into(*r, out));
        }
    }
    report(state, urls);
}

bool uriparser_parse(std::string const& u)
{
    UriUriA uri;
    char const* error = nullptr;
    bool const ok = uriParseSingleUriExA(&uri, u.data(), u.data() + u.size(), &error) == URI_SUCCESS;
    if (ok) uriFreeUriMembersA(&uri);
    return ok;
}

template <auto Urls>
void peer_uriparser(benchmark::State& state)
{
    auto const& urls = Urls();
    for (auto const& u : urls)
        must(uriparser_parse(u), "uriparser accepts every input");
    for (auto _ : state)
        for (auto const& u : urls)
            benchmark::DoNotOptimize(uriparser_parse(u));
    report(state, urls);
}

template <auto Urls>
void peer_boost_url(benchmark::State& state)
{
    auto const& urls = Urls();
    for (auto const& u : urls)
        must(boost::urls::parse_uri(u).has_value(), "Boost.URL accepts every input");
    for (auto _ : state)
        for (auto const& u : urls)
            benchmark::DoNotOptimize(boost::urls::parse_uri(u).has_value());
    report(state, urls);
}

template <auto Urls>
void peer_curl(benchmark::State& state)
{
    auto const& urls = Urls();
    CURLU* h = curl_url();
    for (auto const& u : urls)
        must(curl_url_set(h, CURLUPART_URL, u.c_str(), 0) == CURLUE_OK, "curl accepts every input");
    for (auto _ : state)
        for (auto const& u : urls)
            benchmark::DoNotOptimize(curl_url_set(h, CURLUPART_URL, u.c_str(), 0));
    curl_url_cleanup(h);
    report(state, urls);
}

BENCHMARK(read_bytes<short_urls>)->Name("short/read_bytes (baseline)");
BENCHMARK(ftpuri_validate<short_urls>)->Name("short/ftpuri_validate");
BENCHMARK(ftpuri_parse<short_urls>)->Name("short/ftpuri_parse");
BENCHMARK(ftpuri_canonicalize<short_urls>)->Name("short/ftpuri_parse+canonicalize");
BENCHMARK(peer_uriparser<short_urls>)->Name("short/uriparser");
BENCHMARK(peer_boost_url<short_urls>)->Name("short/boost_url");
BENCHMARK(peer_curl<short_urls>)->Name("short/curl_url_set");
BENCHMARK(read_bytes<long_urls>)->Name("long/read_bytes (baseline)");
BENCHMARK(ftpuri_validate<long_urls>)->Name("long/ftpuri_validate");
BENCHMARK(ftpuri_parse<long_urls>)->Name("long/ftpuri_parse");
BENCHMARK(ftpuri_canonicalize<long_urls>)->Name("long/ftpuri_parse+canonicalize");
BENCHMARK(peer_uriparser<long_urls>)->Name("long/uriparser");
BENCHMARK(peer_boost_url<long_urls>)->Name("long/boost_url");
BENCHMARK(peer_curl<long_urls>)->Name("long/curl_url_set");

} // namespace

BENCHMARK(read_bytes<mirror_corpus>)->Name("mirror/read_bytes (baseline)");
BENCHMARK(ftpuri_validate<mirror_corpus>)->Name("mirror/ftpuri_validate");
BENCHMARK(ftpuri_parse<mirror_corpus>)->Name("mirror/ftpuri_parse");
BENCHMARK(ftpuri_canonicalize<mirror_corpus>)->Name("mirror/ftpuri_parse+canonicalize");
BENCHMARK(peer_uriparser<mirror_corpus>)->Name("mirror/uriparser");
BENCHMARK(peer_boost_url<mirror_corpus>)->Name("mirror/boost_url");
BENCHMARK(read_bytes<escaped_corpus>)->Name("escaped/read_bytes (baseline)");
BENCHMARK(ftpuri_validate<escaped_corpus>)->Name("escaped/ftpuri_validate");
BENCHMARK(ftpuri_parse<escaped_corpus>)->Name("escaped/ftpuri_parse");
BENCHMARK(ftpuri_canonicalize<escaped_corpus>)->Name("escaped/ftpuri_parse+canonicalize");
BENCHMARK(peer_uriparser<escaped_corpus>)->Name("escaped/uriparser");
BENCHMARK(peer_boost_url<escaped_corpus>)->Name("escaped/boost_url");
BENCHMARK(read_bytes<realworld_corpus>)->Name("realworld/read_bytes (baseline)");
BENCHMARK(ftpuri_validate<realworld_corpus>)->Name("realworld/ftpuri_validate");
BENCHMARK(ftpuri_parse<realworld_corpus>)->Name("realworld/ftpuri_parse");
BENCHMARK(ftpuri_canonicalize<realworld_corpus>)->Name("realworld/ftpuri_parse+canonicalize");
BENCHMARK(read_bytes<worst_corpus>)->Name("worst/read_bytes (baseline)");
BENCHMARK(ftpuri_validate<worst_corpus>)->Name("worst/ftpuri_validate");
BENCHMARK(ftpuri_parse<worst_corpus>)->Name("worst/ftpuri_parse");
BENCHMARK(ftpuri_canonicalize<worst_corpus>)->Name("worst/ftpuri_parse+canonicalize");

BENCHMARK_MAIN();
