// SPDX-License-Identifier: Apache-2.0
// fuzz/replay.cpp: runs a fuzz target's LLVMFuzzerTestOneInput over files, without libFuzzer.
//
//     parse_replay corpus/inputs corpus/regressions        # every file under both, recursively
//     parse_replay crash-0123abcd                          # one file
//
// ctest uses it to replay the seed corpus and every kept finding under the normal (GCC) build
// and the sanitizer build: a fuzz target's invariants abort on failure, so a regression fails
// the test with the input printed. Files are run in sorted order; hidden files and README.md
// are skipped. Exit status: 0 when every file ran, 2 on a usage or read error.
#include <algorithm>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size);

// The sanitizers' hook, called before a report ends the process; absent without a sanitizer.
// NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): the sanitizers' own name
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace {

namespace fs = std::filesystem;

// The file being replayed, for the message when it kills the process.
std::string current_file;

void say_which_file()
{
    constexpr char prefix[] = "replay: the failing input is the file ";
    static_cast<void>(write(STDERR_FILENO, prefix, sizeof prefix - 1));
    static_cast<void>(write(STDERR_FILENO, current_file.data(), current_file.size()));
    static_cast<void>(write(STDERR_FILENO, "\n", 1));
}

extern "C" void on_fatal_signal(int signal_number)
{
    say_which_file();
    std::signal(signal_number, SIG_DFL);
    static_cast<void>(std::raise(signal_number));
}

bool wanted(fs::path const& p)
{
    std::string const name = p.filename().string();
    return !name.empty() && name.front() != '.' && name != "README.md";
}

bool read_file(fs::path const& p, std::vector<std::uint8_t>& bytes)
{
    std::ifstream in(p, std::ios::binary);
    if (!in) return false;
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE_OR_DIRECTORY...\n", argv[0]);
        return 2;
    }
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        fs::path const root(argv[i]);
        std::error_code ec;
        if (fs::is_directory(root, ec)) {
            for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
                 it.increment(ec))
                if (it->is_regular_file() && wanted(it->path())) files.push_back(it->path());
        } else if (fs::is_regular_file(root, ec)) {
            files.push_back(root);
        } else {
            std::fprintf(stderr, "%s: %s: no such file or directory\n", argv[0], argv[i]);
            return 2;
        }
        if (ec) {
            std::fprintf(stderr, "%s: %s: %s\n", argv[0], argv[i], ec.message().c_str());
            return 2;
        }
    }
    std::sort(files.begin(), files.end());

    if (&__sanitizer_set_death_callback != nullptr) __sanitizer_set_death_callback(say_which_file);
    for (int const signal_number : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL})
        static_cast<void>(std::signal(signal_number, on_fatal_signal));

    std::vector<std::uint8_t> bytes;
    for (fs::path const& p : files) {
        if (!read_file(p, bytes)) {
            std::fprintf(stderr, "%s: %s: cannot read\n", argv[0], p.c_str());
            return 2;
        }
        current_file = p.string();
        // A copy of exactly the file's size, so that a read past the end is caught by ASan.
        std::vector<std::uint8_t> const input(bytes);
        static_cast<void>(LLVMFuzzerTestOneInput(input.data(), input.size()));
    }
    std::printf("%s: replayed %zu inputs\n", argv[0], files.size());
    return 0;
}
