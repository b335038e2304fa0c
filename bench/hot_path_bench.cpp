// SPDX-License-Identifier: Apache-2.0
// bench/hot_path_bench.cpp: what one URI costs, beside the cost of merely reading its bytes and
// beside peers (PRODUCT.md, "Non-negotiables": report ratios to reading the bytes, one
// 256-entry table lookup per byte).
//
// Each benchmark is named "<corpus>/<operation>" and times its whole corpus per iteration; the
// counters "uris" and "bytes" say how much that is, so that ns per URI and per byte follow from
// the time of an iteration. bench/run.sh runs it and bench/report.py turns the JSON into
// docs/benchmarks.md. Compare benchmarks of one run only: the machine is shared.
//
// Verdicts are checked before timing. Every corpus is valid in the strict profile by
// construction, so ftpuri's benchmarks abort when ftpuri rejects an input: that is a bug, and
// timing it would flatter. A peer's benchmark counts the inputs where its verdict differs from
// ftpuri's (counter "disagree", the first examples on stderr) and still times every input: a
// peer that gives up early looks faster, and the count says how much of that there is.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <curl/curl.h>
#include <re2/re2.h>
#include <uriparser/Uri.h>

#include "corpora.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"
#include "oracle.hpp"

namespace {

struct corpus {
    std::string name;
    std::vector<std::string> urls;
    ftpuri::parse_options options{}; // the linear corpus raises max_length above 64 KiB
};

void must(bool ok, std::string const& what)
{
    if (!ok) {
        std::fprintf(stderr, "benchmark precondition failed: %s\n", what.c_str());
        std::abort();
    }
}

std::size_t total_bytes(std::vector<std::string> const& urls)
{
    std::size_t n = 0;
    for (auto const& u : urls)
        n += u.size();
    return n;
}

void report(benchmark::State& state, corpus const& c)
{
    auto const bytes = static_cast<std::int64_t>(total_bytes(c.urls));
    auto const uris = static_cast<std::int64_t>(c.urls.size());
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * uris);
    state.counters["uris"] = static_cast<double>(uris);
    state.counters["bytes"] = static_cast<double>(bytes);
}

// ---- the corpora -----------------------------------------------------------------------------

// ~70-byte URLs like those of mirror lists: the benchmark's first inputs, kept for comparison
// with docs/speed-history.md.
std::vector<std::string> short_urls()
{
    std::vector<std::string> v;
    char const* const hosts[] = {"ftp.debian.org", "ftp.gnu.org", "mirror.example.net", "ftp.kernel.org"};
    char const* const paths[] = {
        "/debian/dists/bookworm/main/binary-amd64/Packages.xz", "/gnu/coreutils/coreutils-9.4.tar.xz;type=i",
        "/pub/releases/1.0/checksums/SHA256SUMS.txt;type=a", "/pub/linux/kernel/v6.x/linux-6.6.tar.xz"};
    for (char const* h : hosts)
        for (char const* p : paths)
            v.push_back(std::string("ftp://") + h + p);
    return v;
}

// One URL with a ~1 KB path of plain segments.
std::vector<std::string> long_urls()
{
    std::string path;
    while (path.size() < 1000)
        path += "/some-directory.name_01";
    return {"ftp://ftp.example.org" + path + "/file.tar.gz"};
}

// corpus/realworld.txt's URLs that the strict profile accepts.
std::vector<std::string> realworld_urls()
{
    std::vector<std::string> v;
    std::ifstream in(FTPURI_SOURCE_DIR "/corpus/realworld.txt");
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#' && ftpuri::validate(line)) v.push_back(line);
    must(!v.empty(), "corpus/realworld.txt has strict-valid URLs");
    return v;
}

// Which of worst_cases()'s shapes a URI is, by its content rather than its position, so that a
// shape added to corpora.hpp is noticed here instead of being filed under another.
std::string worst_shape(std::string_view u)
{
    auto const count = [&](char c) { return static_cast<std::size_t>(std::count(u.begin(), u.end(), c)); };
    if (u.find('[') != std::string_view::npos) return "ipv6";
    if (u.find('@') != std::string_view::npos) return "userinfo";
    if (count('%') * 4 > u.size()) return "escapes";
    if (u.find("///") != std::string_view::npos) return "slashes";
    if (count('/') * 3 > u.size()) return "segments";
    must(false, "worst_cases() has a shape hot_path_bench.cpp does not know: " + std::string(u.substr(0, 40)));
    return {};
}

// A path of exactly `length` bytes in escaped_paths()'s style (words with sub-delims, an escape
// every 30 to 100 bytes), whose paths are all ~1 KB. The first escape comes at a random offset
// below the mean gap, so that a short path is as escape-rich as a long one.
std::string escaped_path(std::size_t length, std::uint64_t seed)
{
    static constexpr std::array<std::string_view, 8> words = {"data", "set", "v2",  "x86_64",
                                                              "b-c",  "a+b", "q=1", "it's"};
    static constexpr std::array<std::string_view, 6> escapes = {"%20", "%C3%A9", "%25", "%23", "%3B", "%5B"};
    constexpr std::size_t room = 16; // more than '/', a word and an escape
    ftpuri_bench::corpus_random r(seed);
    std::string p;
    std::size_t next_escape = r.below(65);
    while (p.size() + room < length) {
        p += '/';
        for (auto n = 1 + r.below(3); n > 0 && p.size() + room < length; --n) {
            p += r.pick(words);
            if (p.size() >= next_escape) {
                p += r.pick(escapes);
                next_escape = p.size() + 30 + r.below(71);
            }
        }
    }
    p += '/';
    p.append(length - p.size(), 'f');
    return p;
}

// URIs with paths of `path_length` bytes, 256 KiB of them (at least 4) so that every size times
// about the same bytes, under a max_length that admits the longest (64 KiB is the default).
corpus linear_corpus(std::size_t path_length)
{
    corpus c{"linear-" + std::to_string(path_length), {}, {}};
    c.options.max_length = 1U << 20;
    std::size_t const count = std::max<std::size_t>(4, (256U << 10) / path_length);
    for (std::size_t i = 0; i < count; ++i)
        c.urls.push_back("ftp://ftp.example.org" + escaped_path(path_length, 0x6C696E ^ (i * 0x9E37)));
    return c;
}

// ---- the operations --------------------------------------------------------------------------

// The floor: one 256-entry table lookup per byte.
constexpr std::array<unsigned char, 256> byte_table = [] {
    std::array<unsigned char, 256> t{};
    for (unsigned i = 0; i < 256; ++i)
        t[i] = static_cast<unsigned char>(i * 7 + 1);
    return t;
}();

void read_bytes(benchmark::State& state, corpus const& c)
{
    for (auto _ : state) {
        unsigned sum = 0;
        for (auto const& u : c.urls)
            for (char ch : u)
                sum += byte_table[static_cast<unsigned char>(ch)];
        benchmark::DoNotOptimize(sum);
    }
    report(state, c);
}

void ftpuri_validate(benchmark::State& state, corpus const& c)
{
    for (auto const& u : c.urls)
        must(ftpuri::validate(u, c.options), c.name + ": ftpuri::validate accepts " + u.substr(0, 80));
    for (auto _ : state)
        for (auto const& u : c.urls)
            benchmark::DoNotOptimize(ftpuri::validate(u, c.options));
    report(state, c);
}

void ftpuri_parse(benchmark::State& state, corpus const& c)
{
    for (auto const& u : c.urls)
        must(ftpuri::parse(u, c.options).has_value(), c.name + ": ftpuri::parse accepts " + u.substr(0, 80));
    for (auto _ : state)
        for (auto const& u : c.urls)
            benchmark::DoNotOptimize(ftpuri::parse(u, c.options));
    report(state, c);
}

void ftpuri_canonicalize(benchmark::State& state, corpus const& c)
{
    std::size_t longest = 0;
    for (auto const& u : c.urls)
        longest = std::max(longest, u.size());
    std::vector<char> out(ftpuri::canonical_size_bound(longest));
    for (auto const& u : c.urls) {
        ftpuri::parse_result const r = ftpuri::parse(u, c.options);
        must(r && ftpuri::canonicalize_into(*r, out), c.name + ": ftpuri canonicalizes " + u.substr(0, 80));
    }
    for (auto _ : state) {
        for (auto const& u : c.urls) {
            ftpuri::parse_result const r = ftpuri::parse(u, c.options);
            benchmark::DoNotOptimize(ftpuri::canonicalize_into(*r, out));
        }
    }
    report(state, c);
}

// ---- the peers: each returns its verdict (true: accepted) -------------------------------------

// docs/grammar.abnf's ftp-URI rule as the oracle's generated regex, compiled as the oracle does
// (oracle.cpp: Latin-1 so that one byte is one character, and the oracle's DFA budget).
// FullMatch without arguments asks for no captures, so RE2 can answer with its DFA alone.
re2::RE2 const& strict_regex()
{
    static re2::RE2 const re = [] {
        re2::RE2::Options options;
        options.set_encoding(re2::RE2::Options::EncodingLatin1);
        options.set_log_errors(false);
        options.set_max_mem(std::int64_t{256} << 20);
        return re2::RE2(ftpuri_oracle::read_file(ftpuri_oracle::oracle_path("ftp_oracle_strict.re2")), options);
    }();
    must(re.ok(), "the generated strict regex compiles: " + re.error());
    return re;
}

bool re2_fullmatch(std::string const& u)
{
    return re2::RE2::FullMatch(u, strict_regex());
}

bool uriparser_parse(std::string const& u)
{
    UriUriA uri;
    char const* error = nullptr;
    bool const ok = uriParseSingleUriExA(&uri, u.data(), u.data() + u.size(), &error) == URI_SUCCESS;
    if (ok) uriFreeUriMembersA(&uri);
    return ok;
}

bool boost_url_parse(std::string const& u)
{
    return boost::urls::parse_uri(u).has_value();
}

// Parse, copy into a url (which allocates) and normalize: Boost.URL's counterpart of
// parse + canonicalize_into.
bool boost_url_normalize(std::string const& u)
{
    auto const view = boost::urls::parse_uri(u);
    if (!view) return false;
    boost::urls::url url(*view);
    url.normalize();
    benchmark::DoNotOptimize(url.buffer().data());
    return true;
}

bool curl_url_set(std::string const& u)
{
    static CURLU* const handle = curl_url(); // reused, as a client would; never freed
    return ::curl_url_set(handle, CURLUPART_URL, u.c_str(), 0) == CURLUE_OK;
}

// Prints the first disagreements of one benchmark once (setup runs again for every repetition).
void show_disagreements(std::string const& name, std::vector<std::string const*> const& found)
{
    static std::set<std::string> shown;
    if (found.empty() || !shown.insert(name).second) return;
    std::fprintf(stderr, "disagree: %s: %zu inputs\n", name.c_str(), found.size());
    for (std::size_t i = 0; i < found.size() && i < 3; ++i)
        std::fprintf(stderr, "disagree: %s: e.g. %s\n", name.c_str(), found[i]->substr(0, 160).c_str());
}

template <bool (*Peer)(std::string const&)>
void peer(benchmark::State& state, corpus const& c, std::string const& name)
{
    std::vector<std::string const*> found;
    for (auto const& u : c.urls)
        if (Peer(u) != ftpuri::validate(u, c.options)) found.push_back(&u);
    show_disagreements(name, found);
    for (auto _ : state)
        for (auto const& u : c.urls)
            benchmark::DoNotOptimize(Peer(u));
    report(state, c);
    state.counters["disagree"] = static_cast<double>(found.size());
}

// ---- registration ------------------------------------------------------------------------------

// The corpora live as long as the benchmarks that refer to them.
std::deque<corpus>& corpora()
{
    static std::deque<corpus> all;
    return all;
}

void add(corpus added, bool with_peers)
{
    corpus const& c = corpora().emplace_back(std::move(added));
    must(!c.urls.empty(), c.name + " has inputs");
    auto const reg = [&](char const* op, auto fn) {
        benchmark::RegisterBenchmark((c.name + "/" + op).c_str(), fn, std::cref(c));
    };
    reg("read_bytes", read_bytes);
    reg("ftpuri_validate", ftpuri_validate);
    reg("ftpuri_parse", ftpuri_parse);
    reg("ftpuri_parse+canonicalize", ftpuri_canonicalize);
    if (!with_peers) return;
    auto const reg_peer = [&](char const* op, auto fn) {
        std::string const name = c.name + "/" + op;
        benchmark::RegisterBenchmark(name.c_str(), fn, std::cref(c), name);
    };
    reg_peer("re2_fullmatch", peer<re2_fullmatch>);
    reg_peer("boost_url_parse", peer<boost_url_parse>);
    reg_peer("boost_url_normalize", peer<boost_url_normalize>);
    reg_peer("curl_url_set", peer<curl_url_set>);
    reg_peer("uriparser", peer<uriparser_parse>);
}

void register_all()
{
    add({"short", short_urls()}, true);
    add({"long", long_urls()}, true);
    add({"mirror", ftpuri_bench::mirror_urls(10000)}, true);
    add({"escaped", ftpuri_bench::escaped_paths(1000)}, true);
    add({"realworld", realworld_urls()}, true);

    // The worst shapes together (with the peers, who may not take them all), then each on its
    // own, with its own reading of its bytes.
    std::vector<std::string> const worst = ftpuri_bench::worst_cases();
    add({"worst", worst}, true);
    for (char const* shape : {"escapes", "slashes", "segments", "ipv6", "userinfo"}) {
        std::vector<std::string> urls;
        std::copy_if(worst.begin(), worst.end(), std::back_inserter(urls),
                     [&](std::string const& u) { return worst_shape(u) == shape; });
        add({std::string("worst-") + shape, std::move(urls)}, false);
    }

    // Linear time: the cost per byte from 64 B to 64 KB paths.
    for (std::size_t length = 64; length <= (64U << 10); length *= 4)
        add(linear_corpus(length), false);
}

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    register_all();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    curl_global_cleanup();
    return 0;
}
