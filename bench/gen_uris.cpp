// SPDX-License-Identifier: Apache-2.0
// gen_uris: writes N mirror-list-like ftp URIs to stdout, one per line (see gen_uris.hpp).
//
//     gen_uris N [SEED]
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
    if (argc < 2 || argc > 3 || !parse_count(argv[1], count) || (argc == 3 && !parse_count(argv[2], seed))) {
        static_cast<void>(std::fprintf(stderr, "usage: gen_uris N [SEED]\n"));
        return 2;
    }

    ftpuri_bench::uri_generator generator(seed);
    // Written in ~1 MiB blocks: stdio's own buffer would make a call per byte run.
    constexpr std::size_t block_size = std::size_t{1} << 20U;
    std::string block;
    block.reserve(block_size + 4096);
    for (std::uint64_t i = 0; i < count; ++i) {
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
