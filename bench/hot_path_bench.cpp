// SPDX-License-Identifier: Apache-2.0
// bench/hot_path_bench.cpp: what one URI costs, beside the cost of merely reading its bytes and
// beside peers (ratios to the fastest plain loop doing one 256-entry table lookup per byte).
//
// Each benchmark is named "<corpus>/<operation>" and times its whole corpus per iteration; the
// counters "uris" and "bytes" say how much that is, so that ns per URI and per byte follow from
// the time of an iteration. bench/run.sh runs it and bench/report.py turns the JSON into
// docs/benchmarks.md. Compare benchmarks of one run only: the machine is shared.
//
// The floor is four plain loops over the same bytes (bench/floor.hpp: a loop per URI, one loop
// over a contiguous copy, that loop unrolled four ways, and eight bytes loaded at a time);
// report.py keeps the fastest. Corpora
// that hold invalid inputs have a second floor: reading each URI up to its first error plus 64
// bytes, what an invalid input may cost at most.
//
// Verdicts are computed once, before timing, by ftpuri::parse (with the error's offset); each
// ftpuri benchmark checks that its operation gives the same verdict on every input (a
// disagreement is a bug, and the benchmark aborts), and its counter "invalid" says how many are
// invalid. A peer's benchmark counts the inputs where its verdict differs from ftpuri's
// (counter "disagree", the first examples on stderr) and still times every input: a peer that
// gives up early looks faster, and the count says how much of that there is. Every benchmark
// counts the heap allocations of its timed loop (counter "allocs", per iteration), by
// tests/alloc/counting_allocator.cpp's replaced malloc and operator new.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <curl/curl.h>
#include <re2/re2.h>
#include <uriparser/Uri.h>

#include "../tests/alloc/counting_allocator.hpp"
#include "corpora.hpp"
#include "floor.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"
#include "oracle.hpp"
#include "probes.hpp"
#include "world_corpora.hpp"

namespace {

constexpr std::size_t no_error = std::numeric_limits<std::size_t>::max();
// What an invalid input may cost beyond its first error: the bytes a scanner reads ahead.
constexpr std::size_t read_past_error = 64;

struct corpus {
    std::string name;
    std::vector<std::string> urls;
    ftpuri::parse_options options{}; // the linear corpus raises max_length above 64 KiB
    double min_time = 0;             // seconds per repetition; 0: the command line's

    // Computed once by prepare(), before any timing.
    std::vector<std::size_t> first_error{}; // per URI: the offset of its error, or no_error
    std::size_t invalid = 0;
    std::vector<std::string_view> whole{}, to_error{}; // each URI, and up to its error + 64 bytes
    std::string whole_bytes{}, to_error_bytes{};       // the same, contiguous
};

void must(bool ok, std::string const& what)
{
    if (!ok) {
        static_cast<void>(std::fprintf(stderr, "benchmark precondition failed: %s\n", what.c_str()));
        std::abort();
    }
}

// The verdicts (ftpuri::parse's) and the floors' views of the bytes.
void prepare(corpus& c)
{
    for (std::string const& u : c.urls) {
        ftpuri::parse_result const r = ftpuri::parse(u, c.options);
        std::size_t const error = r ? no_error : r.error().offset;
        c.first_error.push_back(error);
        c.invalid += r ? 0U : 1U;
        std::string_view const all(u);
        c.whole.push_back(all);
        c.to_error.push_back(all.substr(0, r ? all.size() : error + read_past_error));
    }
    for (std::string_view const v : c.whole)
        c.whole_bytes += v;
    for (std::string_view const v : c.to_error)
        c.to_error_bytes += v;
}

bool valid_at(corpus const& c, std::size_t i)
{
    return c.first_error[i] == no_error;
}

std::string first_bytes(std::string const& u)
{
    return u.substr(0, 80);
}

void report(benchmark::State& state, corpus const& c, std::size_t allocations)
{
    auto const bytes = static_cast<std::int64_t>(c.whole_bytes.size());
    auto const uris = static_cast<std::int64_t>(c.urls.size());
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * uris);
    state.counters["uris"] = static_cast<double>(uris);
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["invalid"] = static_cast<double>(c.invalid);
    state.counters["to_error_bytes"] = static_cast<double>(c.to_error_bytes.size());
    state.counters["allocs"] = static_cast<double>(allocations) / static_cast<double>(state.iterations());
}

// Times `body` over the corpus, counting its allocations and the reference cycles it took.
template <typename Body>
void timed(benchmark::State& state, corpus const& c, Body body)
{
    alloc_test::allocation_window window;
    std::uint64_t const start = ftpuri_bench::reference_cycles();
    for (auto _ : state)
        body();
    std::uint64_t const cycles = ftpuri_bench::reference_cycles() - start;
    report(state, c, window.close());
    state.counters["ref_cycles"] = static_cast<double>(cycles) / static_cast<double>(state.iterations());
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

// corpus/realworld.txt's URLs, valid or not (its comments and blank lines left out).
std::vector<std::string> realworld_urls()
{
    std::vector<std::string> v;
    std::ifstream in(FTPURI_SOURCE_DIR "/corpus/realworld.txt");
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') v.push_back(line);
    must(!v.empty(), "corpus/realworld.txt has URLs");
    return v;
}

// The URLs bench/found_urls.sh found in this machine's documentation, from the file that
// FTPURI_BENCH_FOUND names (bench/run.sh writes it); none when it is unset.
std::vector<std::string> found_urls()
{
    std::vector<std::string> v;
    char const* const path = std::getenv("FTPURI_BENCH_FOUND"); // NOLINT(concurrency-mt-unsafe): before any thread
    if (path == nullptr || *path == '\0') return v;
    std::ifstream in(path);
    must(in.good(), std::string("FTPURI_BENCH_FOUND names a readable file: ") + path);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) v.push_back(line);
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
    corpus c{"linear-" + std::to_string(path_length), {}};
    c.options.max_length = 1U << 20;
    std::size_t const count = std::max<std::size_t>(4, (256U << 10) / path_length);
    for (std::size_t i = 0; i < count; ++i)
        c.urls.push_back("ftp://ftp.example.org" + escaped_path(path_length, 0x6C696E ^ (i * 0x9E37)));
    return c;
}

// ---- the floors ------------------------------------------------------------------------------

// Reading the bytes; `to_error`: each URI up to its first error plus 64 bytes (all of a valid one).
template <bool ToError>
void read_loop(benchmark::State& state, corpus const& c)
{
    auto const& spans = ToError ? c.to_error : c.whole;
    timed(state, c, [&] { benchmark::DoNotOptimize(ftpuri_bench::read_per_uri(spans)); });
}

template <bool ToError>
void read_contiguous(benchmark::State& state, corpus const& c)
{
    std::string_view const bytes = ToError ? c.to_error_bytes : c.whole_bytes;
    timed(state, c, [&] { benchmark::DoNotOptimize(ftpuri_bench::read_contiguous(bytes)); });
}

template <bool ToError>
void read_unrolled4(benchmark::State& state, corpus const& c)
{
    std::string_view const bytes = ToError ? c.to_error_bytes : c.whole_bytes;
    timed(state, c, [&] { benchmark::DoNotOptimize(ftpuri_bench::read_unrolled4(bytes)); });
}

template <bool ToError>
void read_words8(benchmark::State& state, corpus const& c)
{
    std::string_view const bytes = ToError ? c.to_error_bytes : c.whole_bytes;
    timed(state, c, [&] { benchmark::DoNotOptimize(ftpuri_bench::read_words8(bytes)); });
}

// ---- the operations --------------------------------------------------------------------------

void ftpuri_validate(benchmark::State& state, corpus const& c)
{
    for (std::size_t i = 0; i < c.urls.size(); ++i)
        must(ftpuri::validate(c.urls[i], c.options) == valid_at(c, i),
             c.name + ": ftpuri::validate agrees with parse on " + first_bytes(c.urls[i]));
    timed(state, c, [&] {
        for (auto const& u : c.urls)
            benchmark::DoNotOptimize(ftpuri::validate(u, c.options));
    });
}

void ftpuri_parse(benchmark::State& state, corpus const& c)
{
    timed(state, c, [&] {
        for (auto const& u : c.urls)
            benchmark::DoNotOptimize(ftpuri::parse(u, c.options));
    });
}

// Parse, and canonicalize what is valid.
void ftpuri_canonicalize(benchmark::State& state, corpus const& c)
{
    std::size_t longest = 0;
    for (auto const& u : c.urls)
        longest = std::max(longest, u.size());
    std::vector<char> out(ftpuri::canonicalize_size_bound(longest));
    for (std::size_t i = 0; i < c.urls.size(); ++i) {
        ftpuri::parse_result const r = ftpuri::parse(c.urls[i], c.options);
        must(!r || ftpuri::canonicalize_into(*r, out), c.name + ": ftpuri canonicalizes " + first_bytes(c.urls[i]));
    }
    timed(state, c, [&] {
        for (auto const& u : c.urls) {
            ftpuri::parse_result const r = ftpuri::parse(u, c.options);
            if (r) benchmark::DoNotOptimize(ftpuri::canonicalize_into(*r, out));
        }
    });
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
    static_cast<void>(std::fprintf(stderr, "disagree: %s: %zu inputs\n", name.c_str(), found.size()));
    for (std::size_t i = 0; i < found.size() && i < 3; ++i)
        static_cast<void>(
            std::fprintf(stderr, "disagree: %s: e.g. %s\n", name.c_str(), found[i]->substr(0, 160).c_str()));
}

template <bool (*Peer)(std::string const&)>
void peer(benchmark::State& state, corpus const& c, std::string const& name)
{
    std::vector<std::string const*> found;
    for (std::size_t i = 0; i < c.urls.size(); ++i)
        if (Peer(c.urls[i]) != valid_at(c, i)) found.push_back(&c.urls[i]);
    show_disagreements(name, found);
    timed(state, c, [&] {
        for (auto const& u : c.urls)
            benchmark::DoNotOptimize(Peer(u));
    });
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
    corpus& c = corpora().emplace_back(std::move(added));
    must(!c.urls.empty(), c.name + " has inputs");
    prepare(c);
    auto const reg = [&](char const* op, auto fn) {
        auto* b = benchmark::RegisterBenchmark((c.name + "/" + op).c_str(), fn, std::cref(c));
        if (c.min_time > 0) b->MinTime(c.min_time);
    };
    reg("read_loop", read_loop<false>);
    reg("read_contiguous", read_contiguous<false>);
    reg("read_unrolled4", read_unrolled4<false>);
    reg("read_words8", read_words8<false>);
    if (c.invalid > 0) {
        reg("read_to_error_loop", read_loop<true>);
        reg("read_to_error_contiguous", read_contiguous<true>);
        reg("read_to_error_unrolled4", read_unrolled4<true>);
        reg("read_to_error_words8", read_words8<true>);
    }
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

// A probe row's corpus: 64 URIs of ~1 KB, timed for 50 ms per repetition (there are 48 of
// them; ~2,000 iterations each, and their spread shows whether that is enough).
constexpr std::size_t probe_uris = 64;
constexpr double probe_min_time = 0.05;

void register_all()
{
    add({"short", short_urls()}, true);
    add({"long", long_urls()}, true);
    add({"mirror", ftpuri_bench::mirror_urls(10000)}, true);
    add({"escaped", ftpuri_bench::escaped_paths(1000)}, true);
    add({"realworld", realworld_urls()}, true);
    if (std::vector<std::string> found = found_urls(); !found.empty()) add({"found", std::move(found)}, true);
    add({"utf8", ftpuri_bench::utf8_urls(10000)}, true);
    add({"warnings", ftpuri_bench::warning_urls(10000)}, true);
    add({"tilde-inside", ftpuri_bench::tilde_inside_urls(10000)}, true);
    add({"invalid", ftpuri_bench::invalid_urls(10000)}, true);
    add({"world", ftpuri_bench::world_urls(10000)}, true);

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

    // One byte class per row, valid and with a raw space at byte 30.
    for (ftpuri_bench::probe_row const& row : ftpuri_bench::probe_rows) {
        for (bool const space : {false, true}) {
            corpus c{std::string("probe-") + std::string(row.name) + (space ? "+space" : ""),
                     ftpuri_bench::probe_corpus(row, probe_uris, space)};
            c.min_time = probe_min_time;
            add(std::move(c), false);
        }
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
