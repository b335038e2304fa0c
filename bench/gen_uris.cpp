// SPDX-License-Identifier: Apache-2.0
// gen_uris: writes N mirror-list-like ftp URIs to stdout, one per line.
//
//     gen_uris [--world] N [SEED]
//
// Without --world: gen_uris.hpp's stream, valid and without a warning. With it: world_corpora.hpp's
// mix, what the world sends (valid URIs, warnings, escaped UTF-8, invalid ones in its shares).
//
// bench/cli_throughput.sh times ftpuri-check and `wc -l` on its output. It is C++ rather than a
// script because a million lines take a Python loop about ten seconds on the bench machine and
// this well under one.
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>

#include "gen_uris.hpp"
#include "world_corpora.hpp"

namespace {

bool parse_count(char const* text, std::uint64_t& value)
{
    std::string_view const s(text);
    auto const [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    return error == std::errc() && end == s.data() + s.size() && !s.empty();
}

bool write_all(std::string const& bytes)
{
    return std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size();
}

} // namespace

int main(int argc, char** argv)
{
    std::uint64_t count = 0;
    std::uint64_t seed = 20240611;
    bool const world = argc > 1 && std::string_view(argv[1]) == "--world";
    int const first = world ? 2 : 1;
    int const args = argc - first;
    if (args < 1 || args > 2 || !parse_count(argv[first], count) ||
        (args == 2 && !parse_count(argv[first + 1], seed))) {
        static_cast<void>(std::fprintf(stderr, "usage: gen_uris [--world] N [SEED]\n"));
        return 2;
    }

    ftpuri_bench::uri_generator generator(seed);
    ftpuri_bench::corpus_random world_random(seed);
    // Written in ~1 MiB blocks: stdio's own buffer would make a call per byte run.
    constexpr std::size_t block_size = std::size_t{1} << 20U;
    std::string block;
    block.reserve(block_size + 4096);
    for (std::uint64_t i = 0; i < count; ++i) {
        if (world)
            ftpuri_bench::append_world_url(world_random, block);
        else
            generator.append(block);
        block += '\n';
        if (block.size() >= block_size) {
            if (!write_all(block)) break;
            block.clear();
        }
    }
    if (!write_all(block) || std::fflush(stdout) != 0) {
        static_cast<void>(std::fprintf(stderr, "gen_uris: write failed: %s\n", std::strerror(errno)));
        return 1;
    }
    return 0;
}
