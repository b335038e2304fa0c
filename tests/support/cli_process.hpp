// SPDX-License-Identifier: Apache-2.0
// tests/support/cli_process.hpp: ftpuri-check run as a process (FTPURI_CHECK_EXE) from a
// GoogleTest fixture, `Cli`: a fresh temporary directory per test, files written into it, and
// run(), which feeds stdin and collects the exit code, stdout and stderr. Used by the tests of
// tests/cli/, which are built where the CLI is.
#pragma once

#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "read_file.hpp"

// GCC says so with __SANITIZE_ADDRESS__, clang with __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define FTPURI_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FTPURI_TEST_UNDER_ASAN 1
#endif
#endif
#ifndef FTPURI_TEST_UNDER_ASAN
#define FTPURI_TEST_UNDER_ASAN 0
#endif

namespace ftpuri_test {

// ASan's shadow memory counts in a child's peak memory: limits on it allow for that.
inline constexpr bool under_address_sanitizer = FTPURI_TEST_UNDER_ASAN != 0;

struct run_result {
    int exit_code = -1;
    std::string out;
    std::string err;
};

inline void write_file(std::filesystem::path const& p, std::string_view bytes)
{
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// The lines of a run's output, without their '\n'; a last line without one is kept (the tests
// reject it).
inline std::vector<std::string> lines_of(std::string const& s)
{
    std::vector<std::string> lines;
    std::size_t begin = 0;
    while (begin < s.size()) {
        std::size_t const nl = s.find('\n', begin);
        if (nl == std::string::npos) {
            lines.push_back(s.substr(begin));
            break;
        }
        lines.push_back(s.substr(begin, nl - begin));
        begin = nl + 1;
    }
    return lines;
}

class Cli : public testing::Test {
protected:
    void SetUp() override
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "ftpuri-cli-XXXXXX").string();
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl;
    }
    void TearDown() override
    {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }

    std::filesystem::path file(std::string const& name, std::string_view bytes)
    {
        std::filesystem::path p = dir_ / name;
        write_file(p, bytes);
        return p;
    }

    // Runs ftpuri-check with `args`, `stdin_bytes` on its stdin, and collects stdout and stderr.
    run_result run(std::vector<std::string> const& args, std::string_view stdin_bytes = {})
    {
        std::filesystem::path const in = file("stdin", stdin_bytes);
        std::filesystem::path const out = dir_ / "stdout";
        std::filesystem::path const err = dir_ / "stderr";
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        run_result r;
        r.exit_code = spawn_and_wait(args, &actions);
        posix_spawn_file_actions_destroy(&actions);
        r.out = read_file(out.string());
        r.err = read_file(err.string());
        return r;
    }

    static int spawn_and_wait(std::vector<std::string> const& args, posix_spawn_file_actions_t const* actions)
    {
        std::string exe = FTPURI_CHECK_EXE;
        std::vector<std::string> storage = args;
        std::vector<char*> argv;
        argv.push_back(exe.data());
        for (std::string& a : storage)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        pid_t pid = 0;
        if (posix_spawn(&pid, exe.c_str(), actions, nullptr, argv.data(), environ) != 0) return -1;
        int status = 0;
        if (waitpid(pid, &status, 0) != pid) return -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }

    std::filesystem::path dir_;
};

} // namespace ftpuri_test
