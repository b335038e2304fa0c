// SPDX-License-Identifier: Apache-2.0
// tests/cli/cli_test.cpp: ftpuri-check, run as a process: what a golden case (tests/cli_golden)
// cannot express.
//
// A case pins one run's arguments, stdin and files against its exact exit code, stdout, stderr
// and rewritten files; the behaviours that fit that shape are cases. What stays in tests/cli/:
// inputs too large to write in a case (a megabyte line, 30,000 lines, a CRLF across the reader's
// chunks) and a closed stdout, here; JSON records checked field by field and against their
// schema (cli_json_test.cpp); round trips that feed one run's output to the next, --fix and
// JSON's canonical field (cli_canonical_test.cpp); --plan's commands held to the library's and
// the text format to JSON (cli_plan_test.cpp). The fixture is support/cli_process.hpp.
//
// Expected text diagnostics are built from the library's catalogue (support/cli_text_report.hpp),
// with the echoed input and its caret written out, so the tests pin the CLI's format, the offsets
// and the echo, not the catalogue's wording.
#include <gtest/gtest.h>

#ifdef FTPURI_CHECK_EXE

#include <sys/resource.h>

#include <rapidjson/document.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "support/cli_json_record.hpp"
#include "support/cli_process.hpp"
#include "support/cli_text_report.hpp"
#include "support/read_file.hpp"

namespace {

using ftpuri::diag_id;
using namespace ftpuri_test;

// --- large inputs -----------------------------------------------------------------------------

TEST_F(Cli, CrlfSplitAcrossTheReadersChunksIsStillOneLineEnd)
{
    // The reader reads 64 KiB chunks: put the '\r' last in the first chunk, the '\n' first in
    // the second. The line is 65535 bytes, under the default limit.
    std::string input = "ftp://h/" + std::string(65535 - 8, 'a') + "\r\n" + "ftp://h/b\r\n";
    ASSERT_EQ(input[65535], '\r');
    run_result const r = run({}, input);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, summary({.inputs = 2}));
}

// A file that begins with a UTF-8 byte order mark (Windows editors write one): the mark is no
// part of line 1, which is an input like any other, its columns counted after the mark, and a
// comment there still holds the file's directives.
TEST_F(Cli, ByteOrderMarkBeginsNoLine)
{
    std::string const bom = "\xEF\xBB\xBF";
    run_result const r = run({}, bom + "ftp://010.0.0.1/x\nftp://h/\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, text_diag("<stdin>", 1, 7, diag_id::host_numeric_ambiguous, "error", {"ftp://010.0.0.1/x", 6, 9}) +
                         summary({.inputs = 2, .invalid = 1, .errors = 1}));
    run_result const json = run({"--format=json"}, bom + "FTP://h/\n");
    EXPECT_EQ(json.exit_code, 0);
    EXPECT_NE(json.out.find(R"("input":"FTP://h/","line":1,"valid":true)"), std::string::npos) << json.out;
    run_result const hidden = run({}, bom + "# ftpuri-check: disable-file=port.default\nftp://h:21/\n");
    EXPECT_EQ(hidden.exit_code, 0);
    EXPECT_EQ(hidden.out, summary({.inputs = 1})) << hidden.out;
}

TEST_F(Cli, ManyLinesKeepTheirNumbers)
{
    std::string input;
    for (int i = 1; i <= 30000; ++i)
        input += i == 27183 ? "ftp://010.0.0.1/x\n" : "ftp://h/pub/file\n";
    run_result const r = run({}, input);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out,
              text_diag("<stdin>", 27183, 7, diag_id::host_numeric_ambiguous, "error", {"ftp://010.0.0.1/x", 6, 9}) +
                  summary({.inputs = 30000, .invalid = 1, .errors = 1}));
}

TEST_F(Cli, MegabyteLineIsTooLong)
{
    // A line is read up to max_length + 1 bytes (65537 by default); the rest is skipped, but
    // counted: input.too-long's length is the whole excess.
    std::string const line = "ftp://h/" + std::string(std::size_t{1024} * 1024, 'a');
    std::size_t const kept = 65536 + 1;
    run_result const text = run({}, line + "\n");
    EXPECT_EQ(text.exit_code, 1);
    // Too wide to echo whole: a window that begins 40 columns before the caret and ends with the
    // bytes kept, cut on both sides, so marked "..." on both sides: the line goes on after it.
    std::string const window = "..." + std::string(40 + 1, 'a') + "...";
    EXPECT_EQ(text.out, text_diag("<stdin>", 1, 65537, diag_id::input_too_long, "error", {window, 3 + 40, 1}) +
                            summary({.inputs = 1, .invalid = 1, .errors = 1}));

    run_result const json = run({"--format=json"}, line + "\nftp://h/\n");
    EXPECT_EQ(json.exit_code, 1);
    std::vector<std::string> const records = lines_of(json.out);
    ASSERT_EQ(records.size(), 2u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), line.substr(0, kept)); // what was read of it
    EXPECT_FALSE(doc["valid"].GetBool());
    EXPECT_EQ(ids_of(doc), std::vector<std::string>{"input.too-long"});
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 65536u);
    EXPECT_EQ(doc["diagnostics"][0]["length"].GetUint(), line.size() - 65536);
    EXPECT_EQ(parse_record(records[1])["line"].GetUint64(), 2u);
}

// --fix --in-place keeps a long line whole (nothing a user wrote is lost), but what a diagnostic
// echoes of it is a window around its offset, and only that window is rendered: rendering the
// whole line took nine bytes per byte (a 100 MB line peaked at 1.37 GB).
TEST_F(Cli, HugeLineUnderInPlaceEchoesAWindowInBoundedMemory)
{
    std::size_t const size = std::size_t{24} << 20U;
    std::string line = "ftp://h/" + std::string(size, 'a');
    std::size_t const space = std::size_t{12} << 20U;
    line[space] = ' '; // a raw space in the middle of a whole-line URI: char.space, invalid
    std::filesystem::path const path = file("huge.txt", line + "\n");
    std::filesystem::path const err = dir_ / "stderr";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::string exe = FTPURI_CHECK_EXE;
    std::vector<std::string> args = {exe,          "--fix", "--in-place", "--whole-line", "--max-length=100000000",
                                     path.string()};
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    ASSERT_EQ(posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    struct rusage usage {};
    ASSERT_EQ(wait4(pid, &status, 0, &usage), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_EQ(read_file(path), line + "\n"); // kept as it was

    std::size_t const times_the_line = under_address_sanitizer ? 10 : 5;
    std::string const window = "..." + std::string(40, 'a') + " " + std::string(79, 'a') + "...";
    std::string const stderr_text = read_file(err);
    EXPECT_NE(stderr_text.find(text_diag("huge.txt", 1, space + 1, diag_id::char_space, "error", {window, 3 + 40, 1})),
              std::string::npos)
        << stderr_text.substr(0, 2000);
    // ru_maxrss is in KiB. The line is held whole, as read and as written back; the echo adds
    // a few KiB. Rendering it whole added nine bytes per byte of the line, some 14 in all.
    // AddressSanitizer's shadow memory and quarantine come on top (7.5 in all, measured).
    auto const peak = static_cast<std::size_t>(usage.ru_maxrss) * 1024;
    EXPECT_LT(peak, times_the_line * size) << "peak RSS " << peak / (std::size_t{1024} * 1024) << " MiB for a "
                                           << size / (std::size_t{1024} * 1024) << " MiB line";
}

// An allow-list file is bounded: 16 MiB (tests/cli_golden's /dev/zero case) and 100000 patterns,
// so that a wrong file is a clear usage error, not an exhausted memory.
TEST_F(Cli, AllowHostsFileHoldsAtMostOneHundredThousandPatterns)
{
    std::string patterns;
    for (int i = 0; i < 100000; ++i)
        patterns.append("h").append(std::to_string(i)).append(".example\n");
    std::filesystem::path const enough = file("enough.txt", patterns);
    EXPECT_EQ(run({"--allow-hosts-file", enough.string(), "ftp://h99999.example/"}).exit_code, 0);
    std::filesystem::path const more = file("more.txt", patterns + "one.more.example\n");
    run_result const r = run({"--allow-hosts-file", more.string(), "ftp://h1.example/"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(more.string() + ":100001: more than 100000 host patterns"), std::string::npos) << r.err;
}

// --- a closed stdout ---------------------------------------------------------------------------

TEST_F(Cli, ClosedStdoutEndsQuietlyWithExitTwo)
{
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    close(fds[0]); // nobody will read: every write fails with EPIPE
    std::filesystem::path const err = dir_ / "stderr";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int const code = spawn_and_wait({"ftp://010.0.0.1/x"}, &actions);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    EXPECT_EQ(code, 2);
    EXPECT_EQ(read_file(err), "");
}

TEST_F(Cli, FixWithAClosedStdoutEndsQuietlyWithExitTwo)
{
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    close(fds[0]);
    std::filesystem::path const err = dir_ / "stderr";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int const code = spawn_and_wait({"--fix", "ftp://h/"}, &actions);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    EXPECT_EQ(code, 2);
    EXPECT_EQ(read_file(err), "");
}

// --- the bundled example ----------------------------------------------------------------------

TEST_F(Cli, BundledMirrorsExample)
{
    std::string const path = std::string(FTPURI_SOURCE_DIR) + "/corpus/examples/mirrors.txt";
    run_result const r = run({"-f", path, "--format=json"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out.find("s3cret"), std::string::npos);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_GE(records.size(), 10u);
    std::vector<std::uint64_t> invalid;
    std::size_t with_warnings = 0;
    for (std::string const& record : records) {
        rapidjson::Document const doc = parse_record(record);
        ASSERT_TRUE(doc.IsObject());
        EXPECT_EQ(json_string(doc["file"]), path);
        if (!doc["valid"].GetBool())
            invalid.push_back(doc["line"].GetUint64());
        else if (!doc["diagnostics"].Empty())
            ++with_warnings;
    }
    EXPECT_EQ(invalid.size(), 2u);
    EXPECT_GE(with_warnings, 3u);
}

} // namespace

#else

TEST(Cli, NotBuilt)
{
    GTEST_SKIP() << "configured with FTPURI_BUILD_CLI=OFF";
}

#endif
