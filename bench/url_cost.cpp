// SPDX-License-Identifier: Apache-2.0
// bench/url_cost.cpp: what one URL costs `validate`, beside reading its bytes, when the same URL
// comes again and again (every branch learned, every byte in cache).
//
//   build/bench/bench/ftpuri_url_cost 'ftp://ftp.debian.org' 'ftp://ftp.debian.org/pub/x.tar.xz'
//
// The corpora of hot_path_bench.cpp mix shapes, so their times hold the branches a mix
// mispredicts; one URL alone gives the fixed work of each part it has (add a port, a user, a
// typecode, and see what each adds). The floor is floor.hpp's loop over 8-byte words, the
// fastest on the bench machine, over the same bytes.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "floor.hpp"
#include "ftpuri/ftpuri.hpp"

namespace {

template <class Body>
void timed(benchmark::State& state, Body body)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(body());
}

void read_url(benchmark::State& state, std::string const& url)
{
    timed(state, [&] { return ftpuri_bench::read_words8(url); });
}

void validate_url(benchmark::State& state, std::string const& url)
{
    timed(state, [&] { return ftpuri::validate(url); });
}

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (argc < 2) {
        static_cast<void>(std::fputs("usage: ftpuri_url_cost [benchmark options] URL...\n", stderr));
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        std::string const url = argv[i];
        benchmark::RegisterBenchmark(("read/" + url).c_str(), read_url, url);
        benchmark::RegisterBenchmark(("validate/" + url).c_str(), validate_url, url);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
