// SPDX-License-Identifier: Apache-2.0
// ftpuri-check, run as a process: what a golden case (tests/cli_golden) cannot express.
//
// A case pins one run's arguments, stdin and files against its exact exit code, stdout, stderr
// and rewritten files; the behaviours that fit that shape are cases. What stays here: inputs too
// large to write in a case (a megabyte line, 30,000 lines, a CRLF across the reader's chunks),
// JSON records checked field by field and against their schema (parse_record), a closed
// stdout, round trips that feed one run's output to the next (--fix is stable), and --plan's
// commands held to the library's (ftpuri::plan, write_into) and the text format to JSON.
//
// Expected text diagnostics are built from the library's catalogue (message, hint, id), with
// the echoed input and its caret written out, so the tests pin the CLI's format, the offsets and
// the echo, not the catalogue's wording.
#include <gtest/gtest.h>

#ifdef FTPURI_CHECK_EXE

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "support/plan_lines.hpp"
#include "support/read_file.hpp"

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

namespace {

constexpr bool under_address_sanitizer = FTPURI_TEST_UNDER_ASAN != 0;

using namespace std::string_literals;
using ftpuri::diag_id;
using ftpuri_test::read_file;

struct run_result {
    int exit_code = -1;
    std::string out;
    std::string err;
};

void write_file(std::filesystem::path const& p, std::string_view bytes)
{
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
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
        r.out = read_file(out);
        r.err = read_file(err);
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

// The input line a text diagnostic echoes under its header, and the caret line under it: `column`
// spaces, '^', then `width - 1` '~'. Columns are the echo's, not the input's bytes: a password
// reads "****", a control byte or a byte that is not UTF-8 "<XX>", a UTF-8 character one column.
struct excerpt {
    std::string echo;
    std::size_t column = 0;
    std::size_t width = 1;
};

// One diagnostic in the text format, with its message, id and hint from the catalogue:
//
//     NAME:LINE:COL: SEVERITY: MESSAGE [ID]
//     ECHO
//     CARET
//       hint: HINT
std::string text_diag(std::string_view name, std::uint64_t line, std::uint64_t col, diag_id id,
                      std::string_view severity, excerpt const& source)
{
    ftpuri::diag_info const& i = ftpuri::info(id);
    std::ostringstream s;
    s << name << ':' << line << ':' << col << ": " << severity << ": " << i.message << " [" << i.name << "]\n";
    s << source.echo << '\n';
    s << std::string(source.column, ' ') << '^' << std::string(source.width > 1 ? source.width - 1 : 0, '~') << '\n';
    s << "  hint: " << i.hint << '\n';
    return s.str();
}

// What a run found, as its summary line counts it.
struct totals {
    std::uint64_t inputs = 0;
    std::uint64_t invalid = 0;
    std::uint64_t errors = 0;
    std::uint64_t warnings = 0;
    std::uint64_t notes = 0;
};

// The text format's last line (stdout, or stderr with --fix; none with --quiet):
// "ftpuri-check: N inputs, M invalid; E errors, W warnings, K notes".
std::string summary(totals const& t)
{
    auto count = [](std::uint64_t n, std::string_view one, std::string_view many) {
        return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
    };
    // Where to read more, whenever a diagnostic was shown.
    std::string const explain = t.errors + t.warnings + t.notes != 0
                                    ? "ftpuri-check: what an id means and how to fix it: ftpuri-check --explain ID\n"
                                    : "";
    return explain + "ftpuri-check: " + count(t.inputs, "input", "inputs") + ", " + std::to_string(t.invalid) +
           " invalid; " + count(t.errors, "error", "errors") + ", " + count(t.warnings, "warning", "warnings") + ", " +
           count(t.notes, "note", "notes") + "\n";
}

std::vector<std::string> lines_of(std::string const& s)
{
    std::vector<std::string> lines;
    std::size_t begin = 0;
    while (begin < s.size()) {
        std::size_t const nl = s.find('\n', begin);
        if (nl == std::string::npos) {
            lines.push_back(s.substr(begin)); // a last line without '\n'; the tests reject it
            break;
        }
        lines.push_back(s.substr(begin, nl - begin));
        begin = nl + 1;
    }
    return lines;
}

// The member names of a JSON object, in order. By index: clang in C++20 mode finds RapidJSON's
// iterator comparisons ambiguous (-Wambiguous-reversed-operator).
std::vector<std::string> keys_of(rapidjson::Value const& object)
{
    std::vector<std::string> keys;
    for (rapidjson::SizeType i = 0; i < object.MemberCount(); ++i) {
        rapidjson::Value const& name = (object.MemberBegin() + i)->name;
        keys.emplace_back(name.GetString(), name.GetStringLength());
    }
    return keys;
}

// Parses one JSON Lines record, insisting on valid UTF-8, and checks its exact shape: the keys,
// their order and their types. `planned`: a record of --plan, which ends with "plan" and
// "ask_password".
rapidjson::Document parse_record(std::string const& line, bool planned = false)
{
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseValidateEncodingFlag>(line.data(), line.size());
    EXPECT_FALSE(doc.HasParseError()) << rapidjson::GetParseError_En(doc.GetParseError()) << " at "
                                      << doc.GetErrorOffset() << " in " << line;
    if (doc.HasParseError()) return doc;
    EXPECT_TRUE(doc.IsObject());
    if (!doc.IsObject()) return doc;

    std::vector<std::string> expected_keys = {"file",      "input",      "line",       "valid",
                                              "canonical", "host_class", "diagnostics"};
    if (planned) {
        expected_keys.emplace_back("plan");
        expected_keys.emplace_back("ask_password");
    }
    std::vector<std::string> const keys = keys_of(doc);
    EXPECT_EQ(keys, expected_keys) << line;
    if (keys != expected_keys) return doc;
    EXPECT_TRUE(doc["file"].IsString());
    EXPECT_TRUE(doc["input"].IsString());
    EXPECT_TRUE(doc["line"].IsUint64());
    EXPECT_TRUE(doc["valid"].IsBool());
    // The canonical form of a valid input, null for an invalid one.
    if (doc["valid"].IsBool()) {
        EXPECT_EQ(doc["canonical"].IsString(), doc["valid"].GetBool()) << line;
        EXPECT_EQ(doc["canonical"].IsNull(), !doc["valid"].GetBool()) << line;
        // A valid input parsed, so it has its host's class (an invalid one may have parsed too:
        // one the policy or the plan refused).
        if (doc["valid"].GetBool()) {
            EXPECT_TRUE(doc["host_class"].IsString()) << line;
        }
    }
    EXPECT_TRUE(doc["host_class"].IsString() || doc["host_class"].IsNull()) << line;
    if (planned && doc["valid"].IsBool()) {
        // The plan of a valid input, every command a string; null for an invalid one.
        bool const valid = doc["valid"].GetBool();
        EXPECT_EQ(doc["plan"].IsArray(), valid) << line;
        EXPECT_EQ(doc["plan"].IsNull(), !valid) << line;
        EXPECT_EQ(doc["ask_password"].IsBool(), valid) << line;
        EXPECT_EQ(doc["ask_password"].IsNull(), !valid) << line;
        if (doc["plan"].IsArray()) {
            EXPECT_GE(doc["plan"].Size(), 2u) << line; // USER and the action at least
            for (auto const& command : doc["plan"].GetArray())
                EXPECT_TRUE(command.IsString()) << line;
        }
    }
    EXPECT_TRUE(doc["diagnostics"].IsArray());
    if (!doc["diagnostics"].IsArray()) return doc;
    for (auto const& d : doc["diagnostics"].GetArray()) {
        EXPECT_TRUE(d.IsObject());
        if (!d.IsObject()) continue;
        std::vector<std::string> const dkeys = keys_of(d);
        EXPECT_EQ(dkeys, (std::vector<std::string>{"id", "severity", "offset", "length", "message", "hint"})) << line;
        if (dkeys.size() != 6) continue;
        EXPECT_TRUE(d["id"].IsString());
        EXPECT_TRUE(d["severity"].IsString());
        EXPECT_TRUE(d["offset"].IsUint());
        EXPECT_TRUE(d["length"].IsUint());
        EXPECT_TRUE(d["message"].IsString());
        EXPECT_TRUE(d["hint"].IsString());
        if (!d["id"].IsString() || !d["message"].IsString() || !d["severity"].IsString() || !d["hint"].IsString())
            continue;
        auto const id = ftpuri::find_diag(d["id"].GetString());
        EXPECT_TRUE(id.has_value()) << d["id"].GetString();
        if (id) {
            EXPECT_EQ(std::string(d["message"].GetString()), ftpuri::info(*id).message);
            EXPECT_EQ(std::string(d["hint"].GetString()), ftpuri::info(*id).hint);
        }
        std::string const sev = d["severity"].GetString();
        EXPECT_TRUE(sev == "error" || sev == "warning" || sev == "note") << sev;
    }
    return doc;
}

std::string json_string(rapidjson::Value const& v)
{
    return {v.GetString(), v.GetStringLength()};
}

// The ids of a record's diagnostics, in order.
std::vector<std::string> ids_of(rapidjson::Document const& doc)
{
    std::vector<std::string> ids;
    for (auto const& d : doc["diagnostics"].GetArray())
        ids.push_back(json_string(d["id"]));
    return ids;
}

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
    EXPECT_LT(peak, times_the_line * size)
        << "peak RSS " << peak / (1024 * 1024) << " MiB for a " << size / (1024 * 1024) << " MiB line";
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

// --- JSON -------------------------------------------------------------------------------------

// The text format's echo of a NUL: cli_golden/cases/nul_byte_text.case.
TEST_F(Cli, NulBytesAreKeptInJson)
{
    run_result const json = run({"--format=json"}, "ftp://h/\0x\n"s);
    EXPECT_NE(json.out.find(R"("input":"ftp://h/\u0000x")"), std::string::npos) << json.out;
    std::vector<std::string> const records = lines_of(json.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), "ftp://h/\0x"s);
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 8u);
}

TEST_F(Cli, InvalidUtf8StillGivesValidJson)
{
    // 0xFF never occurs in UTF-8; "\xC3\xA9" is é; "\xE2\x82" is a cut sequence (two bytes, two
    // replacements); "\xC0\xAF" an overlong '/'; "\xED\xA0\x80" a surrogate.
    std::string const input = "ftp://h/\xff\xc3\xa9\xe2\x82z\xc0\xaf\xed\xa0\x80";
    run_result const r = run({"--format=json"}, input + "\n");
    EXPECT_EQ(r.exit_code, 1);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    std::string const fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(json_string(doc["input"]),
              "ftp://h/" + fffd + "\xc3\xa9" + fffd + fffd + "z" + fffd + fffd + fffd + fffd + fffd);
    // The offset is into the original bytes: the 0xFF.
    EXPECT_EQ(ids_of(doc), std::vector<std::string>{"char.non-ascii"});
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 8u);
}

TEST_F(Cli, ControlCharactersAreEscapedInJson)
{
    run_result const r = run({"--format=json", "ftp://h/\t\x1f\"\\\x7f"});
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), "ftp://h/\t\x1f\"\\\x7f");
    EXPECT_EQ(records[0].find('\t'), std::string::npos);
    EXPECT_EQ(records[0].find('\x1f'), std::string::npos);
}

TEST_F(Cli, JsonIsOneRecordPerInputInOrder)
{
    auto const a = file("a.txt", "ftp://010.0.0.1/x\r\nftp://h/\r\n");
    run_result const r = run({"--format=json", "ftp://FTP.h:21/", "-f", a.string()});
    EXPECT_EQ(r.exit_code, 1);
    ASSERT_FALSE(r.out.empty());
    EXPECT_EQ(r.out.back(), '\n');
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);

    rapidjson::Document const arg = parse_record(records[0]);
    ASSERT_TRUE(arg.IsObject());
    EXPECT_EQ(json_string(arg["file"]), "<arg 1>");
    EXPECT_EQ(json_string(arg["input"]), "ftp://FTP.h:21/");
    EXPECT_EQ(arg["line"].GetUint64(), 1u);
    EXPECT_TRUE(arg["valid"].GetBool());
    EXPECT_EQ(ids_of(arg), (std::vector<std::string>{"host.uppercase", "port.default"}));
    EXPECT_EQ(json_string(arg["diagnostics"][0]["severity"]), "warning");
    EXPECT_EQ(arg["diagnostics"][0]["offset"].GetUint(), 6u);
    EXPECT_EQ(arg["diagnostics"][0]["length"].GetUint(), 1u);
    EXPECT_EQ(arg["diagnostics"][1]["offset"].GetUint(), 12u);
    EXPECT_EQ(arg["diagnostics"][1]["length"].GetUint(), 2u);

    rapidjson::Document const bad = parse_record(records[1]);
    ASSERT_TRUE(bad.IsObject());
    EXPECT_EQ(json_string(bad["file"]), a.string());
    EXPECT_EQ(json_string(bad["input"]), "ftp://010.0.0.1/x");
    EXPECT_EQ(bad["line"].GetUint64(), 1u);
    EXPECT_FALSE(bad["valid"].GetBool());
    EXPECT_EQ(ids_of(bad), std::vector<std::string>{"host.numeric-ambiguous"});
    EXPECT_EQ(json_string(bad["diagnostics"][0]["severity"]), "error");
    EXPECT_EQ(bad["diagnostics"][0]["offset"].GetUint(), 6u);
    EXPECT_EQ(bad["diagnostics"][0]["length"].GetUint(), 9u);

    rapidjson::Document const good = parse_record(records[2]);
    ASSERT_TRUE(good.IsObject());
    EXPECT_EQ(json_string(good["file"]), a.string());
    EXPECT_EQ(json_string(good["input"]), "ftp://h/");
    EXPECT_EQ(good["line"].GetUint64(), 2u);
    EXPECT_TRUE(good["valid"].GetBool());
    EXPECT_TRUE(good["diagnostics"].Empty());
}

// As in the text format: the file is "<arg N>", N the argument's index, and the line is 1.
TEST_F(Cli, JsonFileOfAnArgumentIsItsIndex)
{
    run_result const r = run({"--format=json", "ftp://a/", "ftp://b/", "ftp://c/"});
    EXPECT_EQ(r.exit_code, 0);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);
    for (std::uint64_t i = 0; i < 3; ++i) {
        rapidjson::Document const doc = parse_record(records[i]);
        ASSERT_TRUE(doc.IsObject());
        EXPECT_EQ(json_string(doc["file"]), "<arg " + std::to_string(i + 1) + ">");
        EXPECT_EQ(doc["line"].GetUint64(), 1u);
    }
    EXPECT_EQ(records[0], R"({"file":"<arg 1>","input":"ftp://a/","line":1,"valid":true,"canonical":"ftp://a/",)"
                          R"("host_class":"special-use","diagnostics":[]})"); // one label: never an Internet host
}

// --- passwords --------------------------------------------------------------------------------

// The text format's masked echo: cli_golden/cases/password_masked_in_text_echo.case.
TEST_F(Cli, PasswordIsRedactedInJson)
{
    std::string const uri = "ftp://alice:s3cret@ftp.example.org/inbox/";
    run_result const json = run({"--format=json", uri});
    EXPECT_EQ(json.out.find("s3cret"), std::string::npos) << json.out;
    std::vector<std::string> const records = lines_of(json.out);
    ASSERT_EQ(records.size(), 1u);
    rapidjson::Document const doc = parse_record(records[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["input"]), "ftp://alice:****@ftp.example.org/inbox/");
    EXPECT_EQ(doc["diagnostics"][0]["offset"].GetUint(), 12u); // into the original input
    EXPECT_EQ(doc["diagnostics"][0]["length"].GetUint(), 6u);
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

// --- --fix: round trips -----------------------------------------------------------------------

// What --fix prints is valid and is its own canonical form: checked again it passes (exit 0),
// and a second --fix prints it unchanged.
TEST_F(Cli, FixOfTheBundledMirrorsIsValidAndStable)
{
    std::string const path = std::string(FTPURI_SOURCE_DIR) + "/corpus/examples/mirrors.txt";
    run_result const first = run({"--fix", "-f", path});
    EXPECT_EQ(first.exit_code, 1); // two of its lines are invalid
    std::vector<std::string> const lines = lines_of(first.out);
    EXPECT_EQ(lines.size(), 11u);
    // Two errors, then the summary, which counts what was shown: not the warnings of valid lines.
    EXPECT_EQ(first.err, text_diag(path, 12, 7, diag_id::host_numeric_ambiguous, "error", {"ftp://010.0.0.1/x", 6, 9}) +
                             text_diag(path, 13, 13, diag_id::pct_forbidden_control, "error",
                                       {"ftp://host/a%0D%0ADELE%20x", 12, 3}) +
                             summary({.inputs = 13, .invalid = 2, .errors = 2}));
    // The canonical form keeps the password: it is the output asked for.
    EXPECT_NE(first.out.find("ftp://alice:s3cret@ftp.example.org/inbox/\n"), std::string::npos) << first.out;
    EXPECT_NE(first.out.find("ftp://ftp.example.org/pub/notes.txt\n"), std::string::npos) << first.out;

    auto const fixed = file("fixed.txt", first.out);
    run_result const recheck = run({"-f", fixed.string()});
    EXPECT_EQ(recheck.exit_code, 0) << recheck.out;
    // No error; the warnings the canonical form does not mend (it keeps the user and password).
    EXPECT_EQ(recheck.out.find(": error: "), std::string::npos) << recheck.out;
    EXPECT_EQ(recheck.out, text_diag(fixed.string(), 8, 7, diag_id::userinfo_anonymous, "warning",
                                     {"ftp://anonymous@ftp.example.com/pub/", 6, 9}) +
                               text_diag(fixed.string(), 11, 13, diag_id::userinfo_password, "warning",
                                         {"ftp://alice:****@ftp.example.org/inbox/", 12, 4}) +
                               summary({.inputs = 11, .warnings = 2}));
    run_result const second = run({"--fix", "-f", fixed.string()});
    EXPECT_EQ(second.exit_code, 0) << second.err;
    EXPECT_EQ(second.out, first.out);
    EXPECT_EQ(second.err, summary({.inputs = 11}));
}

// The lenient profile's repairs, each a warning in text mode, and each an error in strict
// (cli_golden/cases/lenient_repairs_are_warnings.case and lenient_file_strict.case hold the
// same file).
std::string const lenient_file = "  ftp://FTP.Example.org/pub/  \n"   // trimmed, host case
                                 "ftp://h/My Documents/read me.txt\n" // raw spaces
                                 "ftp://h/pub/f.txt;typecode=I\n"     // ;typecode=
                                 "ftp://b\xC3\xBC"
                                 "cher.example/\n"                                    // Unicode host
                                 "ftp://u:p:q@h/\n"                                   // raw ':' in the password
                                 "\tftp://h/caf\xC3\xA9/\xE6\x97\xA5\xE6\x9C\xAC\t\n" // non-ASCII, tabs at the edges
                                 "ftp://%C3%A9t%C3%A9.example/x~\n";                  // escaped Unicode host
std::string const lenient_fixed = "ftp://ftp.example.org/pub/\n"
                                  "ftp://h/My%20Documents/read%20me.txt\n"
                                  "ftp://h/pub/f.txt;type=i\n"
                                  "ftp://xn--bcher-kva.example/\n"
                                  "ftp://u:p%3Aq@h/\n"
                                  "ftp://h/caf%C3%A9/%E6%97%A5%E6%9C%AC\n"
                                  "ftp://xn--t-9fab.example/x~\n";

TEST_F(Cli, LenientFixIsStrictValidAndStable)
{
    auto const a = file("lenient.txt", lenient_file);
    // --whole-line: each line is one URI, its raw spaces included (not two fields).
    run_result const first = run({"--fix", "--profile=lenient", "--whole-line", "-f", a.string()});
    EXPECT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(first.out, lenient_fixed);
    // The repairs are warnings of valid inputs, which --fix does not show: none is counted.
    EXPECT_EQ(first.err, summary({.inputs = 7}));

    // docs/behaviour.md: the lenient canonical output is strict-valid wherever a repair exists.
    auto const fixed = file("fixed.txt", first.out);
    for (std::string const profile : {"strict", "lenient"}) {
        SCOPED_TRACE(profile);
        run_result const recheck = run({"--profile=" + profile, "-f", fixed.string()});
        EXPECT_EQ(recheck.exit_code, 0) << recheck.out;
        // Only the password warning is left: the other repairs are done.
        EXPECT_EQ(recheck.out,
                  text_diag(fixed.string(), 5, 9, diag_id::userinfo_password, "warning", {"ftp://u:****@h/", 8, 4}) +
                      summary({.inputs = 7, .warnings = 1}));
        run_result const second = run({"--fix", "--profile=" + profile, "-f", fixed.string()});
        EXPECT_EQ(second.exit_code, 0) << second.err;
        EXPECT_EQ(second.out, first.out);
    }
}

// --- JSON: the canonical field ----------------------------------------------------------------

TEST_F(Cli, JsonCanonicalIsFilledForValidInputsAndNullForInvalidOnes)
{
    run_result const r = run({"--format=json", "FTP://H.example:021/a/./b;TYPE=D", "ftp://010.0.0.1/x", ""});
    EXPECT_EQ(r.exit_code, 1);
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);
    rapidjson::Document const good = parse_record(records[0]);
    ASSERT_TRUE(good.IsObject());
    EXPECT_EQ(json_string(good["canonical"]), "ftp://h.example/a/b;type=d");
    for (std::size_t i : {1u, 2u}) {
        rapidjson::Document const bad = parse_record(records[i]);
        ASSERT_TRUE(bad.IsObject());
        EXPECT_TRUE(bad["canonical"].IsNull());
    }
    EXPECT_EQ(records[1],
              R"({"file":"<arg 2>","input":"ftp://010.0.0.1/x","line":1,"valid":false,"canonical":null,)"
              R"("host_class":null,"diagnostics":[{"id":"host.numeric-ambiguous","severity":"error","offset":6,)"
              R"("length":9,"message":"numeric host that is not a dotted-decimal IPv4 address",)"
              R"("hint":"other parsers read it as a different address (127.1 is 127.0.0.1, 010 is octal); write four )"
              R"(decimal octets without leading zeros"}]})");
}

TEST_F(Cli, JsonCanonicalHasItsPasswordRedacted)
{
    // The canonical form keeps the password, but JSON is a report: "****" there as in "input".
    // An empty password stays empty (nothing to hide); a raw ':' of a lenient password is
    // encoded first, and the whole password is masked.
    run_result const r = run({"--format=json", "--profile=lenient", "ftp://alice:s3cret@FTP.example.org/inbox/",
                              "ftp://bob:@h/", "ftp://carol:pa:ss@h/"});
    EXPECT_EQ(r.exit_code, 0);
    for (char const* secret : {"s3cret", "pa:ss", "pa%3Ass", "ss@"})
        EXPECT_EQ(r.out.find(secret), std::string::npos) << secret << " in " << r.out;
    std::vector<std::string> const records = lines_of(r.out);
    ASSERT_EQ(records.size(), 3u);
    std::vector<std::string> canonical;
    for (std::string const& record : records) {
        rapidjson::Document const doc = parse_record(record);
        ASSERT_TRUE(doc.IsObject());
        canonical.push_back(json_string(doc["canonical"]));
    }
    EXPECT_EQ(canonical, (std::vector<std::string>{"ftp://alice:****@ftp.example.org/inbox/", "ftp://bob:@h/",
                                                   "ftp://carol:****@h/"}));

    // --strip-password drops it from the canonical form; "input" still shows it masked.
    run_result const stripped = run({"--format=json", "--strip-password", "ftp://alice:s3cret@h/"});
    std::vector<std::string> const one = lines_of(stripped.out);
    ASSERT_EQ(one.size(), 1u);
    rapidjson::Document const doc = parse_record(one[0]);
    ASSERT_TRUE(doc.IsObject());
    EXPECT_EQ(json_string(doc["canonical"]), "ftp://alice@h/");
    EXPECT_EQ(json_string(doc["input"]), "ftp://alice:****@h/");
}

TEST_F(Cli, JsonCanonicalOfLenientInputs)
{
    auto const a = file("lenient.txt", lenient_file);
    // --whole-line: each line is one URI, its raw spaces included (not two fields).
    run_result const r = run({"--format=json", "--profile=lenient", "--whole-line", "-f", a.string()});
    EXPECT_EQ(r.exit_code, 0);
    std::vector<std::string> const records = lines_of(r.out);
    std::vector<std::string> const expected = lines_of(lenient_fixed);
    ASSERT_EQ(records.size(), expected.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        rapidjson::Document const doc = parse_record(records[i]);
        ASSERT_TRUE(doc.IsObject());
        EXPECT_TRUE(doc["valid"].GetBool());
        // The password of line 5 is masked; every other canonical form is as --fix prints it.
        EXPECT_EQ(json_string(doc["canonical"]), i == 4 ? "ftp://u:****@h/" : expected[i]);
    }
    // The input's non-ASCII bytes are kept (UTF-8), the canonical form's are encoded.
    rapidjson::Document const unicode = parse_record(records[3]);
    ASSERT_TRUE(unicode.IsObject());
    EXPECT_EQ(json_string(unicode["input"]), "ftp://b\xC3\xBC"
                                             "cher.example/");
    EXPECT_EQ(ids_of(unicode), std::vector<std::string>{"host.unicode"});
}

// --- --plan ----------------------------------------------------------------------------------

// The lines a client sends for `uri` (valid in `profile`), as the library writes them.
std::vector<std::string> library_plan(std::string const& uri, ftpuri::profile profile,
                                      ftpuri::plan_options const& options)
{
    ftpuri::parse_options parse;
    parse.syntax = profile;
    ftpuri::parse_result const parsed = ftpuri::parse(uri, parse);
    EXPECT_TRUE(parsed.has_value()) << uri;
    if (!parsed) return {};
    ftpuri::plan_result const planned = ftpuri::plan(*parsed, options);
    EXPECT_TRUE(planned.has_value()) << uri;
    if (!planned) return {};
    return ftpuri_test::lines_of(*planned);
}

std::vector<std::string> json_plan(rapidjson::Value const& plan)
{
    std::vector<std::string> lines;
    for (auto const& command : plan.GetArray())
        lines.push_back(json_string(command));
    return lines;
}

// What an end-to-end client reads: with --show-password, "plan" holds exactly the lines the
// library writes, controls included (JSON's \uXXXX escapes decode to the same bytes), in every
// mode and with --absolute and --anonymous-password.
TEST_F(Cli, JsonPlanIsTheLibrarysPlan)
{
    std::vector<std::string> const uris = {
        "ftp://ftp.example.org/pub/f.txt",
        "ftp://u:p%40ss%20w@h:2121/a//b/c.tar.gz;type=i",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://h/~/docs/;type=d",
        "ftp://h",
        "ftp://h/%1B%5B31m/%7F%C2%9B%E2%80%AE%E2%81%A6x",
        "ftp://h/caf%C3%A9/%E6%97%A5.txt;type=a",
        "ftp://u:@h/./../x",
    };
    for (ftpuri::plan_mode const mode :
         {ftpuri::plan_mode::rfc1738, ftpuri::plan_mode::multicwd, ftpuri::plan_mode::singlecwd}) {
        for (bool const absolute : {false, true}) {
            std::vector<std::string> args = {"--plan",
                                             "--format=json",
                                             "--show-password",
                                             "--profile=rfc3986",
                                             "--anonymous-password=ops@example.org",
                                             "--plan-mode=" + std::string(ftpuri::to_string(mode))};
            if (absolute) args.emplace_back("--absolute");
            args.emplace_back("--");
            args.insert(args.end(), uris.begin(), uris.end());
            run_result const r = run(args);
            EXPECT_EQ(r.exit_code, 0) << r.err;
            std::vector<std::string> const records = lines_of(r.out);
            ASSERT_EQ(records.size(), uris.size());
            ftpuri::plan_options options;
            options.mode = mode;
            options.absolute = absolute;
            options.anonymous_password = "ops@example.org";
            for (std::size_t i = 0; i < uris.size(); ++i) {
                rapidjson::Document const doc = parse_record(records[i], true);
                ASSERT_TRUE(doc.IsObject());
                ASSERT_TRUE(doc["plan"].IsArray()) << records[i];
                EXPECT_EQ(json_plan(doc["plan"]), library_plan(uris[i], ftpuri::profile::rfc3986, options))
                    << uris[i] << " in " << ftpuri::to_string(mode);
                EXPECT_EQ(doc["ask_password"].GetBool(), uris[i].find("myname@") != std::string::npos) << uris[i];
            }
            // No raw control in the JSON itself.
            for (char const c : r.out)
                EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << records[0];
            EXPECT_EQ(r.out.find("\x7f"), std::string::npos);
        }
    }
}

// The text format and JSON show the same commands (for an input whose arguments need no
// escaping), the note on stderr where JSON says "ask_password", in input order, and the
// invalid inputs, the refused plan among them, nowhere on stdout.
TEST_F(Cli, PlanTextAndJsonAgreeOnTheBundledMirrors)
{
    std::string const mirrors = read_file(std::string(FTPURI_SOURCE_DIR) + "/corpus/examples/mirrors.txt");
    auto const path = file("mirrors.txt", mirrors + "ftp://me@h/a%2Fb/f\nftp://h/x/y%2Fz\n");
    for (std::string const mode : {"multicwd", "nocwd"}) {
        std::vector<std::string> const common = {"--plan", "--show-password", "--plan-mode=" + mode, "-f",
                                                 path.string()};
        run_result const text = run(common);
        std::vector<std::string> json_args = common;
        json_args.emplace_back("--format=json");
        run_result const json = run(json_args);
        EXPECT_EQ(text.exit_code, 1);
        EXPECT_EQ(json.exit_code, 1);
        std::string expected_text;
        std::string notes;
        std::size_t invalid = 0;
        for (std::string const& record : lines_of(json.out)) {
            rapidjson::Document const doc = parse_record(record, true);
            ASSERT_TRUE(doc.IsObject());
            if (!doc["valid"].GetBool()) {
                ++invalid;
                continue;
            }
            for (std::string const& line : json_plan(doc["plan"]))
                expected_text += line + "\n";
            expected_text += "\n";
            if (doc["ask_password"].GetBool())
                notes += path.string() + ":" + std::to_string(doc["line"].GetUint64()) +
                         ": note: no password in the URI: ask the user for one when the server wants it (no PASS "
                         "in the plan)\n";
        }
        EXPECT_EQ(text.out, expected_text) << mode;
        EXPECT_EQ(invalid, mode == "nocwd" ? 4u : 2u); // the mirrors' two errors, and the two %2F in nocwd
        EXPECT_NE(text.out.find("PASS s3cret\n"), std::string::npos) << text.out;
        // The notes, in order, among the reports of the invalid inputs.
        std::string found_notes;
        for (std::string const& line : lines_of(text.err))
            if (line.find(": note: no password") != std::string::npos) found_notes += line + "\n";
        EXPECT_EQ(found_notes, notes) << text.err;
        // ftp://anonymous@ftp.example.com/pub/ names a user without a password, in both modes.
        EXPECT_NE(notes.find(":8: note:"), std::string::npos) << notes;
        EXPECT_EQ(notes.find(":14: note:") != std::string::npos, mode == "multicwd") << "refused in nocwd";
    }
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
