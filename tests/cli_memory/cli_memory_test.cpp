// SPDX-License-Identifier: Apache-2.0
// cli_memory_test: ftpuri-check's memory stays flat on a 1 GiB input.
//
//     cli_memory_test FTPURI_CHECK [SMALL_MIB BIG_MIB]      # defaults: 16 and 1024
//
// Runs `ftpuri-check --quiet` (plus $FTPURI_CHECK_ARGS, split on spaces) twice, its stdin a pipe
// that this program fills with URIs generated on the fly: once SMALL_MIB and once BIG_MIB of
// them. Each run's peak RSS is the child's ru_maxrss from wait4(); the test fails unless the big
// run's peak is at most the small run's + 8 MiB. Memory that grows with the input (a buffer
// holding the whole input, or a whole line, or a report per line) shows up as tens or hundreds
// of MiB at 1 GiB; memory the CLI needs whatever the input (its buffers grown to the longest
// line it keeps) is already in the small run, which holds the same kinds of lines.
//
// Both streams hold, besides the mirror-list URIs (bench/gen_uris.hpp): invalid lines (so exit
// code 1 is expected, and anything else, 2 or a signal, fails), CRLF lines, NUL and invalid
// UTF-8 bytes, a valid line of exactly the length limit, one a byte longer, and two lines far
// longer than the limit that go on without a newline for megabytes: 1 MiB and 256 KiB in the
// small stream, 100 MiB and 25 MiB in the big one. A line longer than the limit is invalid
// whatever its tail holds, so a reader need keep only limit + 1 bytes of it; one that keeps the
// whole line makes the big run's peak 100 MiB higher, and this test fail.
//
// Why ru_maxrss and not a sample of /proc: it is the true peak, however short. Its one catch:
// for a spawned child, Linux takes the maximum with the RSS of the address space that exec()
// replaced, which for posix_spawn (vfork) or fork is this program's. So this program stays
// small (it writes from 64 KiB buffers) and prints its own peak, which must stay below the
// child's for the numbers to be the child's; it also prints the child's VmHWM read from /proc
// just before the end of its input, which that catch does not touch.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "ftpuri/options.hpp"
#include "gen_uris.hpp"

namespace {

constexpr std::uint64_t mib = std::uint64_t{1} << 20U;
// The allowance for the big run over the small one: allocator noise and the odd buffer that
// doubles once more, far below what an input-sized buffer costs.
constexpr long slack_kib = 8L * 1024;

// Lines the strict profile rejects, one of them every `invalid_every` lines.
constexpr std::uint64_t invalid_every = 997;
constexpr std::string_view invalid_lines[] = {
    "http://ftp.example.org/pub/README",                           // scheme.not-ftp
    "ftp://ftp.example.org/pub/My Documents/a.txt",                // char.space
    "ftp://ftp.example.org/pub/file?version=2",                    // query.present
    "ftp://ftp.example.org:99999/pub/",                            // port.out-of-range
    "ftp://ftp.exa_mple.org/pub/",                                 // host.invalid-char
    "ftp://ftp.example.org/pub/100%zz",                            // pct.malformed
    "ftp://ftp.example.org/pub/a.tar.gz;type=x",                   // typecode.invalid
    std::string_view("ftp://ftp.example.org/\0\xff\xfe\xc3(", 27), // NUL, invalid UTF-8
};
// Every `crlf_every` lines a valid line ends in "\r\n".
constexpr std::uint64_t crlf_every = 501;

// The pipe's writer: whole 64 KiB writes, and it notices when the child stops reading.
class pipe_writer {
public:
    explicit pipe_writer(int fd) : fd_(fd) { buffer_.reserve(capacity + 4096); }

    void put(std::string_view bytes)
    {
        while (!bytes.empty() && !broken_) {
            std::size_t const n = std::min(bytes.size(), capacity - buffer_.size());
            buffer_.append(bytes.substr(0, n));
            bytes.remove_prefix(n);
            if (buffer_.size() == capacity) flush();
        }
    }

    void flush()
    {
        std::string_view rest = buffer_;
        while (!rest.empty() && !broken_) {
            ssize_t const n = ::write(fd_, rest.data(), rest.size());
            if (n < 0) {
                if (errno == EINTR) continue;
                // EPIPE: the child exited before the end of its input.
                broken_ = true;
                error_ = errno;
                break;
            }
            rest.remove_prefix(static_cast<std::size_t>(n));
            written_ += static_cast<std::uint64_t>(n);
        }
        buffer_.clear();
    }

    // Bytes handed to put(), written or still buffered.
    [[nodiscard]] std::uint64_t position() const noexcept { return written_ + buffer_.size(); }
    [[nodiscard]] std::uint64_t written() const noexcept { return written_; }
    [[nodiscard]] bool broken() const noexcept { return broken_; }
    [[nodiscard]] int error() const noexcept { return error_; }

private:
    static constexpr std::size_t capacity = std::size_t{64} * 1024;
    int fd_;
    std::string buffer_;
    std::uint64_t written_ = 0;
    bool broken_ = false;
    int error_ = 0;
};

// A line of `length` bytes, not counting its newline, that is a valid ftp URI as far as it goes:
// a host, then segments of a 33-byte pattern. Written in pieces, so that a 100 MiB line costs
// this program 64 KiB.
void put_long_line(pipe_writer& out, std::uint64_t length)
{
    static constexpr std::string_view prefix = "ftp://ftp.example.org/";
    static constexpr std::string_view pattern = "abcdefghijklmnopqrstuvwxyz012345/";
    static std::string const block = [] {
        std::string b;
        while (b.size() + pattern.size() <= std::size_t{64} * 1024)
            b += pattern;
        return b; // whole patterns, so that blocks join without a "//"
    }();
    out.put(prefix);
    std::uint64_t left = length - prefix.size();
    while (left > 0 && !out.broken()) {
        std::size_t const n = left < block.size() ? static_cast<std::size_t>(left) : block.size();
        out.put(std::string_view(block).substr(0, n));
        left -= n;
    }
    out.put("\n");
}

struct stream_stats {
    std::uint64_t lines = 0;
    std::uint64_t invalid = 0;
};

// Writes about `target` bytes of lines; `long_line` is the longest line's length.
stream_stats write_stream(pipe_writer& out, std::uint64_t target, std::uint64_t long_line)
{
    std::uint64_t const limit = ftpuri::default_max_length;
    struct special {
        std::uint64_t at;     // written once the stream has reached this many bytes
        std::uint64_t length; // the line's length
        bool valid;
    };
    special const specials[] = {
        {target / 10, limit, true},              // exactly the limit: valid
        {target / 5, limit + 1, false},          // a byte too long
        {target * 3 / 10, long_line, false},     // far too long, no newline for megabytes
        {target * 6 / 10, long_line / 4, false}, // and another
        {target * 8 / 10, limit * 2 + 7, false}, // a reader's chunk and a bit
    };
    std::size_t next_special = 0;

    stream_stats stats;
    ftpuri_bench::uri_generator generator(20240611);
    std::string line;
    while (out.position() < target && !out.broken()) {
        ++stats.lines;
        if (next_special < std::size(specials) && out.position() >= specials[next_special].at) {
            special const& s = specials[next_special++];
            put_long_line(out, s.length);
            if (!s.valid) ++stats.invalid;
            continue;
        }
        if (stats.lines % invalid_every == 0) {
            out.put(invalid_lines[(stats.lines / invalid_every) % std::size(invalid_lines)]);
            out.put("\n");
            ++stats.invalid;
            continue;
        }
        line.clear();
        generator.append(line);
        line += stats.lines % crlf_every == 0 ? "\r\n" : "\n";
        out.put(line);
    }
    out.flush();
    return stats;
}

// A /proc/PID/status field in kB ("VmHWM"), or -1.
long proc_status_kib(pid_t pid, std::string_view field)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string row;
    while (std::getline(status, row)) {
        if (row.size() > field.size() && row.compare(0, field.size(), field) == 0 && row[field.size()] == ':') {
            char const* p = row.data() + field.size() + 1;
            char const* const end = row.data() + row.size();
            while (p < end && (*p == ' ' || *p == '\t'))
                ++p;
            long value = -1;
            static_cast<void>(std::from_chars(p, end, value));
            return value;
        }
    }
    return -1;
}

struct run_result {
    bool ran = false;
    int exit_code = -1; // or -1 when killed by a signal
    int signal = 0;
    long max_rss_kib = 0;
    long hwm_before_eof_kib = -1;
    std::uint64_t bytes = 0;
    stream_stats stats;
    bool fed_all = false;
    double seconds = 0;
};

run_result run(std::vector<std::string> const& command, std::uint64_t target, std::uint64_t long_line)
{
    run_result result;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        std::perror("cli_memory_test: pipe2");
        return result;
    }
    // A bigger pipe means fewer context switches; not having one changes nothing else.
    static_cast<void>(::fcntl(fds[1], F_SETPIPE_SZ, 1 << 20));

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO); // dup2 clears O_CLOEXEC
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    std::vector<char*> argv;
    argv.reserve(command.size() + 1);
    for (std::string const& arg : command)
        argv.push_back(const_cast<char*>(arg.c_str())); // posix_spawn's signature; it does not write
    argv.push_back(nullptr);

    auto const start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    int const spawn_error = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    if (spawn_error != 0) {
        std::fprintf(stderr, "cli_memory_test: cannot run %s: %s\n", argv[0], std::strerror(spawn_error));
        ::close(fds[1]);
        return result;
    }

    pipe_writer out(fds[1]);
    result.stats = write_stream(out, target, long_line);
    result.bytes = out.written();
    result.fed_all = !out.broken();
    if (out.broken())
        std::fprintf(stderr, "cli_memory_test: the child stopped reading after %llu bytes: %s\n",
                     static_cast<unsigned long long>(out.written()), std::strerror(out.error()));
    // The child has read everything but the last pipeful and is still running.
    result.hwm_before_eof_kib = proc_status_kib(pid, "VmHWM");
    ::close(fds[1]);

    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            std::perror("cli_memory_test: wait4");
            return result;
        }
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.ran = true;
    result.max_rss_kib = usage.ru_maxrss; // KiB on Linux
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    return result;
}

bool parse_mib(char const* text, std::uint64_t& value)
{
    std::string_view const s(text);
    auto const [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    return error == std::errc() && end == s.data() + s.size() && value >= 2;
}

void print(char const* name, run_result const& r)
{
    std::printf("%s: %llu bytes, %llu lines (%llu invalid), %.1f s (%.0f MiB/s): exit %d%s; peak RSS %ld KiB "
                "(ru_maxrss), VmHWM before EOF %ld KiB\n",
                name, static_cast<unsigned long long>(r.bytes), static_cast<unsigned long long>(r.stats.lines),
                static_cast<unsigned long long>(r.stats.invalid), r.seconds,
                r.seconds > 0 ? static_cast<double>(r.bytes) / static_cast<double>(mib) / r.seconds : 0.0, r.exit_code,
                r.signal != 0 ? (std::string(", killed by signal ") + std::to_string(r.signal)).c_str() : "",
                r.max_rss_kib, r.hwm_before_eof_kib);
}

// The run ended as expected: every byte read, exit code 1 (some input invalid).
bool check_exit(char const* name, run_result const& r)
{
    if (!r.ran || !r.fed_all || r.signal != 0 || r.exit_code != 1) {
        std::printf("FAIL: %s: expected exit code 1 after reading the whole stream\n", name);
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    std::uint64_t small_mib = 16;
    std::uint64_t big_mib = 1024;
    if ((argc != 2 && argc != 4) || (argc == 4 && (!parse_mib(argv[2], small_mib) || !parse_mib(argv[3], big_mib)))) {
        std::fprintf(stderr, "usage: cli_memory_test FTPURI_CHECK [SMALL_MIB BIG_MIB]  (each at least 2)\n");
        return 2;
    }
    std::vector<std::string> command{argv[1], "--quiet"};
    if (char const* extra = std::getenv("FTPURI_CHECK_ARGS")) {
        std::string_view rest(extra);
        while (!rest.empty()) {
            std::size_t const word = rest.find_first_not_of(' ');
            if (word == std::string_view::npos) break;
            rest.remove_prefix(word);
            std::size_t const end = std::min(rest.find(' '), rest.size());
            command.emplace_back(rest.substr(0, end));
            rest.remove_prefix(end);
        }
    }
    // A child that exits early makes write() fail with EPIPE rather than kill this program.
    static_cast<void>(std::signal(SIGPIPE, SIG_IGN));

    // The long lines: 1/16 of the stream for the small one, 100 MiB for a 1 GiB one.
    run_result const small = run(command, small_mib * mib, small_mib * mib / 16);
    print("small", small);
    run_result const big = run(command, big_mib * mib, big_mib * mib * 100 / 1024);
    print("big", big);

    rusage self{};
    ::getrusage(RUSAGE_SELF, &self);
    std::printf("this program's own peak RSS: %ld KiB (a spawned child's ru_maxrss is at least this)\n",
                self.ru_maxrss);

    bool ok = check_exit("small", small);
    ok = check_exit("big", big) && ok;
    if (small.ran && big.ran) {
        long const allowed = small.max_rss_kib + slack_kib;
        std::printf("peak RSS: %llu MiB run %ld KiB, %llu MiB run %ld KiB (at most %ld KiB allowed): %+ld KiB\n",
                    static_cast<unsigned long long>(small_mib), small.max_rss_kib,
                    static_cast<unsigned long long>(big_mib), big.max_rss_kib, allowed,
                    big.max_rss_kib - small.max_rss_kib);
        if (big.max_rss_kib > allowed) {
            std::printf("FAIL: memory grows with the input: the %llu MiB run peaked %ld KiB above the %llu MiB "
                        "run's %ld KiB (allowed: %ld KiB)\n",
                        static_cast<unsigned long long>(big_mib), big.max_rss_kib - small.max_rss_kib,
                        static_cast<unsigned long long>(small_mib), small.max_rss_kib, slack_kib);
            ok = false;
        }
    }
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
