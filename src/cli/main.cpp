// SPDX-License-Identifier: Apache-2.0
// ftpuri-check: validates ftp URIs given as arguments, in files, or on stdin, one per line.
//
//     ftpuri-check ftp://ftp.example.org/pub/README          # URIs as arguments
//     ftpuri-check -f mirrors.txt -f - --format=json        # files ('-' is stdin), JSON Lines
//     ftpuri-check < mirrors.txt                            # stdin, when there is nothing else
//     ftpuri-check --fix -f mirrors.txt > canonical.txt     # canonical forms; errors on stderr
//     ftpuri-check --fix --in-place mirrors.txt             # the file rewritten, atomically
//     ftpuri-check --plan ftp://h/pub/f.txt                 # USER, PASS, CWD pub, RETR f.txt
//     ftpuri-check --format=sarif -f mirrors.txt > out.sarif
//     ftpuri-check --deny non-public --allow-host '*.example.org' --error userinfo.password -f in.txt
//
// Exit codes, as clang and ShellCheck use them: 0 every input is valid, 1 some input is invalid
// (or has a warning, with --error-on-warning), 2 it could not run (usage error, unreadable
// file, failed write). The man page (docs/ftpuri-check.1) documents every option.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iterator>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "config_file.hpp"
#include "explain.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/version.hpp"
#include "in_place.hpp"
#include "line_checker.hpp"
#include "pipeline.hpp"
#include "policy_options.hpp"
#include "progress_bar.hpp"
#include "report_envelope.hpp"
#include "rule_choice.hpp"
#include "terminal_safe.hpp"
#include "unified_diff.hpp"

namespace {

using namespace ftpuri::cli;

constexpr char const* program = "ftpuri-check";

// 3: --diff found something to change and every input valid, so that a script can tell "needs
// --fix" (3) from "has an error --fix cannot repair" (1).
enum exit_code : int { all_valid = 0, some_invalid = 1, could_not_run = 2, would_change_only = 3 };

// What the command line asked for, before it becomes check_settings.
struct request {
    std::vector<std::string> uris;
    std::vector<std::string> files;
    std::vector<std::string> enable;
    std::vector<std::string> disable;
    std::vector<std::string> error;
    std::vector<std::string> deny;
    std::vector<std::string> allow_hosts;
    std::vector<std::string> allow_hosts_files;
    std::vector<std::string> skip_schemes;
    std::string profile = "strict";
    std::string format = "text";
    std::string color = "auto";
    std::string progress = "auto";
    std::string stdin_filename;
    std::string help_uri_base;
    std::string config; // --config FILE
    std::string min_severity = "note";
    std::string plan_mode = "multicwd";
    std::string anonymous_password = "anonymous@";
    std::string explain;
    std::uint32_t field = 0;
    std::uint32_t max_length = ftpuri::default_max_length;
    unsigned jobs = 0;
    bool quiet = false;
    bool no_skip = false;
    bool all_files = false;
    bool whole_line = false;
    bool null_separated = false;
    bool components = false;
    bool no_config = false; // --no-config
    bool fix = false;
    bool in_place = false;
    bool diff = false;
    bool break_links = false;
    bool strip_password = false;
    bool redact_password = false;
    bool drop_fragment = false;
    bool drop_anonymous = false;
    bool plan = false;
    bool absolute = false;
    bool no_anonymous = false;
    bool show_password = false;
    bool rules = false;
    bool stats = false;
    bool error_on_warning = false;
    bool exit_zero = false;
};

output_format format_from(std::string const& name)
{
    if (name == "json") return output_format::json;
    if (name == "sarif") return output_format::sarif;
    if (name == "github") return output_format::github;
    if (name == "codeclimate") return output_format::codeclimate;
    return output_format::text;
}

// --skip-scheme's check of one scheme, which it lowercases: "" when it is one.
std::string scheme_problem(std::string& scheme)
{
    bool ok = !scheme.empty() && std::isalpha(static_cast<unsigned char>(scheme[0])) != 0;
    for (char& c : scheme) {
        ok = ok && (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '+' || c == '-' || c == '.');
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (scheme == "ftp") return "ftp is the scheme checked; it cannot be skipped";
    return ok ? std::string() : "not a scheme: '" + scheme + "'";
}

// --help-uri-base's check: it goes into every SARIF rule as it is, so no blank or control byte,
// none of RFC 3986's never-allowed characters, and a scheme.
std::string help_uri_problem(std::string const& uri)
{
    bool const clean = std::none_of(uri.begin(), uri.end(), [](char c) {
        return static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) == 0x7F ||
               std::string_view("\"<>\\^`{|}").find(c) != std::string_view::npos;
    });
    return clean && uri.find(':') != std::string::npos ? std::string() : "not an absolute URI: " + uri;
}

std::optional<ftpuri::severity> severity_from(std::string_view name)
{
    if (name == "note") return ftpuri::severity::note;
    if (name == "warning") return ftpuri::severity::warning;
    if (name == "error") return ftpuri::severity::error;
    return std::nullopt;
}

// NO_COLOR (https://no-color.org): set and not empty turns colour off.
bool no_color_requested()
{
    char const* const value = std::getenv("NO_COLOR");
    return value != nullptr && value[0] != '\0';
}

// An id that is an error, and only an error, in profile p (diagnostics.def's severity columns):
// --disable cannot hide it.
bool only_an_error(std::string_view name, ftpuri::profile p)
{
    std::optional<ftpuri::diag_id> const id = ftpuri::find_diag(name);
    return id && ftpuri::info(*id).by_profile[static_cast<std::size_t>(p)] == ftpuri::severity::error;
}

// --disable of an error hides nothing (errors make a URI invalid and are always reported), and
// --enable of an id that is on by default enables nothing: say so, the first as a usage error.
std::string disable_problem(std::vector<std::string> const& disabled, ftpuri::profile p)
{
    for (std::string const& name : disabled)
        if (only_an_error(name, p))
            return "--disable " + name + ": an error in the " + std::string(ftpuri::to_string(p)) +
                   " profile, and errors are always reported (they make the URI invalid); --disable takes "
                   "warnings and notes";
    return {};
}

// --diff: the file read whole, checked as --fix --in-place checks it into memory, and the two
// compared. Nothing is written to the file.
struct diff_result {
    std::string diff;
    std::string problem;
};

diff_result diff_file(std::string const& path, pipeline& run)
{
    diff_result result;
    std::FILE* const in = std::fopen(path.c_str(), "rb");
    if (in == nullptr) {
        result.problem = path + ": " + std::strerror(errno);
        return result;
    }
    std::string before;
    char chunk[65536];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, in)) > 0;)
        before.append(chunk, n);
    bool const read_failed = std::ferror(in) != 0;
    static_cast<void>(std::fclose(in));
    if (read_failed) {
        result.problem = path + ": could not be read whole";
        return result;
    }
    if (before.empty()) return result; // nothing to check, nothing to change
    char* after_data = nullptr;
    std::size_t after_size = 0;
    std::FILE* const source = fmemopen(before.data(), before.size(), "rb");
    std::FILE* const sink = open_memstream(&after_data, &after_size);
    if (source == nullptr || sink == nullptr) {
        if (source != nullptr) static_cast<void>(std::fclose(source));
        if (sink != nullptr) static_cast<void>(std::fclose(sink));
        std::free(after_data);
        throw std::bad_alloc();
    }
    static_cast<void>(run.check_file(source, path, true, before.size(), {sink, stderr}));
    static_cast<void>(std::fclose(source));
    static_cast<void>(std::fclose(sink));
    result.diff = unified_diff(path, before, std::string_view(after_data, after_size));
    std::free(after_data);
    return result;
}

// The common mistake: a file's name where a URI was expected (ftpuri-check mirrors.txt).
bool names_a_readable_file(std::string const& argument)
{
    struct stat st {};
    return argument.find(':') == std::string::npos && ::stat(argument.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(argument.c_str(), R_OK) == 0;
}

// --anonymous-password: the library's own check (plan.anonymous-password-control), on a URI
// whose plan sends the anonymous password, so that the option is refused before any input is
// read rather than every plan.
std::string anonymous_password_problem(std::string const& password)
{
    ftpuri::parse_result const uri = ftpuri::parse("ftp://h/");
    ftpuri::plan_options options;
    options.anonymous_password = password;
    ftpuri::plan_result const planned = ftpuri::plan(*uri, options);
    if (planned) return {};
    ftpuri::diag_info const& about = planned.error().info();
    std::string problem(ftpuri::message(planned.error()));
    problem += " [";
    problem += about.name;
    problem += "]; ";
    problem += about.hint;
    return problem;
}

std::string plural(std::uint64_t n, std::string_view one, std::string_view many)
{
    std::string s = std::to_string(n);
    s += ' ';
    s += n == 1 ? one : many;
    return s;
}

// The last line of the text format: what the run found, in one line, counting what was shown.
std::string summary_line(tally const& t)
{
    std::string s = program;
    s += ": ";
    s += plural(t.inputs, "input", "inputs");
    s += ", ";
    s += std::to_string(t.invalid);
    s += " invalid; ";
    s += plural(t.shown(ftpuri::severity::error), "error", "errors");
    s += ", ";
    s += plural(t.shown(ftpuri::severity::warning), "warning", "warnings");
    s += ", ";
    s += plural(t.shown(ftpuri::severity::note), "note", "notes");
    s += '\n';
    return s;
}

// What one file added to the totals.
struct file_stats {
    std::string name;
    std::uint64_t inputs, invalid, skipped, skipped_scheme, bytes;
};

file_stats stats_of_file(std::string_view name, tally const& before, tally const& after)
{
    return {std::string(name),
            after.inputs - before.inputs,
            after.invalid - before.invalid,
            after.skipped - before.skipped,
            after.skipped_scheme - before.skipped_scheme,
            after.bytes - before.bytes};
}

// ", N skipped (another scheme)" when --skip-scheme skipped lines, else nothing.
std::string scheme_skips(std::uint64_t n)
{
    return n == 0 ? std::string() : ", " + std::to_string(n) + " skipped (another scheme)";
}

// --stats: one line per file read, then the counts and the speed of the whole run, then each id
// reported, most frequent first.
void print_stats(tally const& t, double seconds, std::vector<file_stats> const& files)
{
    for (file_stats const& f : files)
        static_cast<void>(
            std::fprintf(stderr, "%s: stats: %s: %s, %llu valid, %llu invalid, %llu skipped (blank or comment)%s, %s\n",
                         program, terminal_safe(f.name).c_str(), plural(f.inputs, "input", "inputs").c_str(),
                         static_cast<unsigned long long>(f.inputs - f.invalid),
                         static_cast<unsigned long long>(f.invalid), static_cast<unsigned long long>(f.skipped),
                         scheme_skips(f.skipped_scheme).c_str(), plural(f.bytes, "byte", "bytes").c_str()));
    double const rate = seconds > 0 ? static_cast<double>(t.inputs) / seconds : 0.0;
    double const megabytes = seconds > 0 ? static_cast<double>(t.bytes) / 1e6 / seconds : 0.0;
    static_cast<void>(std::fprintf(
        stderr,
        "%s: stats: %s, %llu valid, %llu invalid, %llu skipped (blank or comment)%s, %s in %.3f s: %.0f "
        "inputs/s, %.1f MB/s\n",
        program, plural(t.inputs, "input", "inputs").c_str(), static_cast<unsigned long long>(t.inputs - t.invalid),
        static_cast<unsigned long long>(t.invalid), static_cast<unsigned long long>(t.skipped),
        scheme_skips(t.skipped_scheme).c_str(), plural(t.bytes, "byte", "bytes").c_str(), seconds, rate, megabytes));
    std::vector<std::size_t> ids;
    for (std::size_t i = 0; i < t.by_id.size(); ++i)
        if (t.by_id[i] != 0) ids.push_back(i);
    std::stable_sort(ids.begin(), ids.end(), [&](std::size_t a, std::size_t b) { return t.by_id[a] > t.by_id[b]; });
    for (std::size_t const i : ids) {
        ftpuri::diag_info const& row = ftpuri::diag_catalogue[i];
        static_cast<void>(std::fprintf(stderr, "%s: stats: %.*s %llu\n", program, static_cast<int>(row.name.size()),
                                       row.name.data(), static_cast<unsigned long long>(t.by_id[i])));
    }
}

void add_options(CLI::App& app, request& r)
{
    app.add_option("uris", r.uris,
                   "URIs to check (after -- if one begins with '-'); with --in-place, the FILES to rewrite")
        ->type_name("URI");
    // -f takes every word after it up to the next option, as linters take many files
    // (-f mirrors/*.txt); a URI after the files needs an option or '--' before it.
    app.add_option("-f,--file", r.files,
                   "read URIs from each FILE, one per line ('-' is stdin); takes the words after it up to the "
                   "next option; repeatable")
        ->allow_extra_args(true)
        ->type_name("FILE")
        ->group("Input");
    app.add_flag("--files", r.all_files,
                 "every argument is a FILE to read, not a URI (for tools that append file names: pre-commit)")
        ->group("Input");
    app.add_flag("--no-skip", r.no_skip,
                 "check every line of a file, blank lines and '#' comment lines too (by default they are skipped)")
        ->group("Input");
    auto* field = app.add_option("--field", r.field,
                                 "in files: the URI is the Nth blank-separated field of each line; the other "
                                 "fields and the comment are kept as they are")
                      ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{1000}))
                      ->type_name("N")
                      ->group("Input");
    app.add_flag("--whole-line", r.whole_line,
                 "in files: each whole line is one URI, blanks and '#' included (by default blanks then '#' start "
                 "a comment, and blanks between two runs of text are an error, list.fields)")
        ->excludes(field)
        ->group("Input");
    app.add_option("--skip-scheme", r.skip_schemes,
                   "in files: skip the lines whose URI has the scheme SCHEME (http, rsync, ...), as comment lines "
                   "are skipped; comma-separated, repeatable")
        ->allow_extra_args(false)
        ->delimiter(',')
        ->type_name("SCHEME[,SCHEME...]")
        ->check(CLI::Validator([](std::string& scheme) { return scheme_problem(scheme); }, "", "scheme"))
        ->group("Input");
    app.add_flag("-0,--null", r.null_separated,
                 "inputs in files and stdin end with NUL rather than a newline (find -print0, git ls-files -z)")
        ->group("Input");
    app.add_option("--stdin-filename", r.stdin_filename, "the name reports give stdin (default <stdin>)")
        ->type_name("NAME")
        ->group("Input");

    std::string const checking = "Checking";
    app.add_option("--profile", r.profile, "syntax profile: strict (default), rfc3986 or lenient")
        ->check(CLI::Validator(
            [](std::string& name) {
                return ftpuri::profile_from_string(name)
                           ? std::string()
                           : "unknown profile '" + name + "' (strict, rfc3986 or lenient)";
            },
            "strict|rfc3986|lenient", "profile"))
        ->group(checking);
    app.add_option("--max-length", r.max_length, "longest input accepted, in bytes (default 65536)")
        ->check(CLI::Range(std::uint32_t{1}, ftpuri::max_length_cap))
        ->group(checking);
    app.add_option("--disable", r.disable,
                   "do not report warnings or notes ID (an error is a usage error: errors are always reported); "
                   "comma-separated, repeatable")
        ->allow_extra_args(false)
        ->delimiter(',')
        ->type_name("ID[,ID...]")
        ->group(checking);
    app.add_option("--enable", r.enable, "report opt-in rules ID (see --rules); comma-separated, repeatable")
        ->allow_extra_args(false)
        ->delimiter(',')
        ->type_name("ID[,ID...]")
        ->group(checking);
    app.add_option("--error", r.error, "report warnings ID as errors, as -Werror=ID; comma-separated, repeatable")
        ->allow_extra_args(false)
        ->delimiter(',')
        ->type_name("ID[,ID...]")
        ->group(checking);
    app.add_flag("--rules", r.rules, "print every diagnostic id (in --format) and exit")->group(checking);
    app.add_option("--min-severity", r.min_severity,
                   "report nothing below LEVEL: note (default, everything), warning, or error (errors only)")
        ->check(CLI::IsMember({"note", "warning", "error"}))
        ->type_name("LEVEL")
        ->group(checking);
    auto* config_option = app.add_option("--config", r.config,
                                         "read the settings from FILE (TOML) for every input, rather than the "
                                         "nearest .ftpuri-check.toml above each file")
                              ->type_name("FILE")
                              ->group(checking);
    app.add_flag("--no-config", r.no_config, "read no configuration file")->excludes(config_option)->group(checking);
    app.add_option("--explain", r.explain,
                   "print what the diagnostic ID means, why it matters, an example and its fix, and exit")
        ->type_name("ID")
        ->group(checking);

    std::string const policy = "Policy";
    app.add_option("--deny", r.deny,
                   "refuse a host in CLASS: loopback, unspecified, link-local, private, broadcast, multicast, "
                   "reserved, documentation, special-use, public, or non-public (all but public); "
                   "comma-separated, repeatable")
        ->allow_extra_args(false)
        ->type_name("CLASS[,CLASS...]")
        ->check(CLI::Validator([](std::string& value) { return parse_deny({value}).problem; }, "", "host class"))
        ->group(policy);
    app.add_option("--allow-host", r.allow_hosts,
                   "accept only the hosts that match a PATTERN: name, *.suffix, IPv4 or [IPv6], with an "
                   "optional :port (none: 21 only; :* any port); repeatable")
        ->allow_extra_args(false)
        ->type_name("PATTERN")
        ->check(CLI::Validator([](std::string& text) { return allow_pattern_problem(text); }, "", "host pattern"))
        ->group(policy);
    app.add_option("--allow-hosts-file", r.allow_hosts_files,
                   "read --allow-host patterns from FILE, one per line ('#' starts a comment line); repeatable")
        ->allow_extra_args(false)
        ->type_name("FILE")
        ->group(policy);

    std::string const output = "Output";
    app.add_option("--format", r.format,
                   "text (default), json (JSON Lines), sarif (SARIF 2.1.0), github (GitHub Actions workflow "
                   "commands) or codeclimate (GitLab's code quality report)")
        ->check(CLI::IsMember({"text", "json", "sarif", "github", "codeclimate"}))
        ->group(output);
    app.add_option("--help-uri-base", r.help_uri_base,
                   "with --format=sarif: the address of your copy of docs/diagnostics.md; each rule's helpUri is "
                   "it, '#', and the rule's anchor (without it, no rule links anywhere)")
        ->type_name("URI")
        ->check(CLI::Validator([](std::string& uri) { return help_uri_problem(uri); }, "", "URI"))
        ->group(output);
    app.add_flag("--components", r.components,
                 "with --format=json: each record's \"components\", the decoded parts of a valid input")
        ->group(output);
    app.add_option("--color", r.color,
                   "auto (default: when the diagnostics go to a terminal and NO_COLOR is unset), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->group(output);
    app.add_flag("-q,--quiet", r.quiet, "print no diagnostics and no summary; the exit status tells")->group(output);
    app.add_flag("--stats", r.stats, "print counts per id and the throughput on stderr at the end")->group(output);
    app.add_option("--progress", r.progress, "auto (default: when stderr is a terminal), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->group(output);

    std::string const fixing = "Fixing";
    auto* fix = app.add_flag("--fix", r.fix,
                             "print each valid input's canonical form, in input order; invalid inputs' "
                             "diagnostics go to stderr")
                    ->group(fixing);
    auto* in_place = app.add_flag("--in-place", r.in_place,
                                  "with --fix: rewrite each FILE atomically, keeping invalid lines as they are")
                         ->needs(fix)
                         ->group(fixing);
    app.add_flag("--diff", r.diff,
                 "print what --fix --in-place would change in each FILE as a unified diff, and change nothing; "
                 "exit 3 when something would change and every input is valid, 1 when some input is invalid")
        ->excludes(in_place)
        ->group(fixing);
    app.add_flag("--break-links", r.break_links,
                 "with --in-place: rewrite a FILE that has other hard links (they keep the old content)")
        ->needs(in_place)
        ->group(fixing);
    auto* strip =
        app.add_flag("--strip-password", r.strip_password, "drop the password from the canonical form")->group(fixing);
    app.add_flag("--redact-password", r.redact_password, "write the password as **** in the canonical form")
        ->excludes(strip)
        ->group(fixing);
    app.add_flag("--drop-fragment", r.drop_fragment, "drop the fragment from the canonical form")->group(fixing);
    app.add_flag("--drop-anonymous", r.drop_anonymous,
                 "drop an explicit anonymous@ (without a password) from the canonical form")
        ->group(fixing);

    std::string const planning = "Planning";
    auto* plan = app.add_flag("--plan", r.plan,
                              "print each valid input's FTP commands, in input order; invalid inputs' "
                              "diagnostics go to stderr")
                     ->excludes(fix)
                     ->excludes(in_place)
                     ->group(planning);
    app.add_option("--plan-mode", r.plan_mode,
                   "with --plan: how the directories become CWDs: multicwd (default), rfc1738, singlecwd or nocwd")
        ->check(CLI::Validator(
            [](std::string& name) {
                return ftpuri::find_plan_mode(name)
                           ? std::string()
                           : "unknown plan mode '" + name + "' (rfc1738, multicwd, singlecwd or nocwd)";
            },
            "rfc1738|multicwd|singlecwd|nocwd", "plan mode"))
        ->needs(plan)
        ->group(planning);
    app.add_flag("--absolute", r.absolute, "with --plan: send CWD / first, so that the path starts at the root")
        ->needs(plan)
        ->group(planning);
    app.add_option("--anonymous-password", r.anonymous_password,
                   "with --plan: the PASS of a URI without a user (default anonymous@)")
        ->check(CLI::Validator([](std::string& password) { return anonymous_password_problem(password); }, "",
                               "anonymous password"))
        ->needs(plan)
        ->group(planning);
    app.add_flag("--no-anonymous", r.no_anonymous,
                 "with --plan: refuse the anonymous login for a URI without a user (plan.anonymous-refused)")
        ->needs(plan)
        ->group(planning);
    app.add_flag("--show-password", r.show_password, "with --plan: show the password after PASS instead of ****")
        ->needs(plan)
        ->group(planning);

    std::string const status = "Exit status";
    app.add_flag("--error-on-warning", r.error_on_warning, "exit 1 when a warning is reported")->group(status);
    app.add_flag("--exit-zero", r.exit_zero, "exit 0 even when inputs are invalid (2 still means could not run)")
        ->group(status);

    app.add_option("-j,--jobs", r.jobs, "worker threads (default 0: one per core); the output order never changes")
        ->check(CLI::Range(0U, 256U))
        ->group("Performance");
    app.set_version_flag("-V,--version", std::string(program) + " " + std::string(ftpuri::version()));
    app.footer("Exit status: 0 every input is valid, 1 some input is invalid, 2 could not run, 3 (--diff) something "
               "would change.\n"
               "Environment: NO_COLOR turns colour off. Manual: man ftpuri-check.");
}

// The text reports go to stdout, or with --fix, --diff or --plan to stderr (stdout has the
// canonical forms, the diff or the plans).
bool reports_on_stderr(request const& r)
{
    return r.fix || r.diff || (r.plan && format_from(r.format) == output_format::text);
}

// The settings of the inputs one configuration governs, and where they came from.
struct configured {
    check_settings settings;
    std::string help_uri_base; // SARIF's, of the working directory's configuration
    std::string source;        // the configuration file, or empty for the command line alone
    std::string problem;       // why the settings cannot be used: a value of the file is wrong
};

// The request as a configuration file changes it: each key of `file` that the command line did
// not give.
request with_config(request r, config const& file, CLI::App const& app)
{
    auto given = [&](char const* option) { return app.count(option) != 0; };
    if (file.profile && !given("--profile")) r.profile = *file.profile;
    if (file.enable && !given("--enable")) r.enable = *file.enable;
    if (file.disable && !given("--disable")) r.disable = *file.disable;
    if (file.error && !given("--error")) r.error = *file.error;
    if (file.min_severity && !given("--min-severity")) r.min_severity = *file.min_severity;
    if (file.skip_schemes && !given("--skip-scheme")) r.skip_schemes = *file.skip_schemes;
    if (file.plan_mode && !given("--plan-mode")) r.plan_mode = *file.plan_mode;
    if (file.help_uri_base && !given("--help-uri-base")) r.help_uri_base = *file.help_uri_base;
    if (file.deny && !given("--deny")) r.deny = *file.deny;
    if (file.allow_hosts && !given("--allow-host") && !given("--allow-hosts-file")) r.allow_hosts = *file.allow_hosts;
    return r;
}

// The check_settings of a request, its values checked again: those a configuration file gave
// have not been (`source` names the file in the problem).
configured settings_of(request r, std::string const& source)
{
    configured result;
    auto fail = [&](std::string const& what) {
        result.problem = (source.empty() ? std::string() : source + ": ") + what;
        return result;
    };
    std::optional<ftpuri::profile> const profile = ftpuri::profile_from_string(r.profile);
    if (!profile) return fail("unknown profile '" + r.profile + "' (strict, rfc3986 or lenient)");
    std::optional<ftpuri::severity> const minimum = severity_from(r.min_severity);
    if (!minimum) return fail("unknown min-severity '" + r.min_severity + "' (note, warning or error)");
    std::optional<ftpuri::plan_mode> const mode = ftpuri::find_plan_mode(r.plan_mode);
    if (!mode) return fail("unknown plan mode '" + r.plan_mode + "' (rfc1738, multicwd, singlecwd or nocwd)");
    for (std::string& scheme : r.skip_schemes)
        if (std::string const problem = scheme_problem(scheme); !problem.empty())
            return fail("skip-schemes: " + problem);
    if (!r.help_uri_base.empty())
        if (std::string const problem = help_uri_problem(r.help_uri_base); !problem.empty())
            return fail("help-uri-base: " + problem);
    deny_result const deny = parse_deny(r.deny);
    if (!deny.problem.empty()) return fail("deny: " + deny.problem);
    for (std::string const& pattern : r.allow_hosts)
        if (std::string const problem = allow_pattern_problem(pattern); !problem.empty())
            return fail("allow-hosts: " + problem);
    rule_choice_result const rules = choose_rules(r.enable, r.disable, r.error);
    if (!rules.problem.empty()) return fail(rules.problem);
    if (std::string const problem = disable_problem(r.disable, *profile); !problem.empty()) return fail(problem);

    output_format const format = format_from(r.format);
    check_settings& settings = result.settings;
    settings.parse.syntax = *profile;
    settings.parse.max_length = r.max_length;
    settings.parse.opt_in = rules.choice.enabled;
    settings.parse.as_error = rules.choice.errors;
    settings.policy.deny = deny.classes;
    settings.policy.allow = std::move(r.allow_hosts);
    settings.hidden = rules.choice.hidden;
    settings.minimum = *minimum;
    settings.format = format;
    settings.quiet = r.quiet;
    settings.fix = r.in_place || r.diff ? fix_mode::in_place : r.fix ? fix_mode::print : fix_mode::none;
    settings.password = r.strip_password    ? password_policy::strip
                        : r.redact_password ? password_policy::redact
                                            : password_policy::keep;
    settings.canonical.drop_fragment = r.drop_fragment;
    settings.canonical.drop_anonymous = r.drop_anonymous;
    settings.count_quietly = r.stats || r.error_on_warning;
    settings.skip_comments = !r.no_skip;
    settings.list = {.field = r.field, .whole_line = r.whole_line || r.null_separated};
    settings.skip_schemes = r.skip_schemes;
    settings.line_separator = r.null_separated ? '\0' : '\n';
    settings.components = r.components;
    settings.plan.enabled = r.plan;
    settings.plan.mode = *mode;
    settings.plan.absolute = r.absolute;
    settings.plan.anonymous_password = r.anonymous_password;
    settings.plan.refuse_anonymous = r.no_anonymous;
    settings.plan.show_password = r.show_password;
    std::FILE* const report_stream = reports_on_stderr(r) ? stderr : stdout;
    settings.color =
        r.color == "always" || (r.color == "auto" && ::isatty(::fileno(report_stream)) == 1 && !no_color_requested());
    result.help_uri_base = r.help_uri_base;
    return result;
}

// Every message names a file or quotes an argument, which may hold any bytes: it is shown as
// terminal_safe.hpp says, whatever its source.
void complain(std::string_view message)
{
    std::string const shown = terminal_safe(message);
    static_cast<void>(std::fprintf(stderr, "%s: %.*s\n", program, static_cast<int>(shown.size()), shown.data()));
}

int run_main(int argc, char** argv)
{
    CLI::App app{"Validate ftp URIs given as arguments, in files, or on stdin (one per line).", program};
    request r;
    add_options(app, r);
    // Usage errors read like every other error of the tool: "ftpuri-check: ...".
    app.failure_message([](CLI::App const*, CLI::Error const& e) {
        std::string message = program;
        message += ": ";
        message += terminal_safe(e.what()); // it quotes the argument it refused
        message += "\nRun with --help for more information.\n";
        return message;
    });
    try {
        app.parse(argc, argv);
        if (r.fix && r.format != "text")
            throw CLI::ValidationError("--fix", "prints canonical forms as text; --format=json has them in its "
                                                "\"canonical\" field, --format=sarif in its fixes");
        if (r.components && r.format != "json")
            throw CLI::ValidationError("--components", "adds a key to --format=json's records");
        if (r.all_files) {
            r.files.insert(r.files.end(), r.uris.begin(), r.uris.end());
            r.uris.clear();
        }
        if (r.diff) {
            if (r.format != "text") throw CLI::ValidationError("--diff", "prints a unified diff, not --format");
            r.files.insert(r.files.end(), r.uris.begin(), r.uris.end());
            r.uris.clear();
            if (r.files.empty()) throw CLI::ValidationError("--diff", "needs the FILES to compare");
            if (r.null_separated)
                throw CLI::ValidationError("--diff", "compares files of lines, not NUL-separated inputs (-0)");
        }
        if (r.in_place) {
            r.files.insert(r.files.end(), r.uris.begin(), r.uris.end());
            r.uris.clear();
            if (r.files.empty()) throw CLI::ValidationError("--in-place", "needs the FILES to rewrite");
            if (std::find(r.files.begin(), r.files.end(), "-") != r.files.end())
                throw CLI::ValidationError("--in-place", "cannot rewrite stdin");
            if (r.null_separated)
                throw CLI::ValidationError("--in-place", "rewrites files of lines, not NUL-separated inputs (-0)");
        }
        for (std::string const& path : r.allow_hosts_files) {
            allow_file_result read = read_allow_hosts_file(path);
            if (!read.problem.empty()) throw CLI::ValidationError("--allow-hosts-file", read.problem);
            r.allow_hosts.insert(r.allow_hosts.end(), std::make_move_iterator(read.patterns.begin()),
                                 std::make_move_iterator(read.patterns.end()));
        }
        // Fail closed: an allow-list file with nothing in it must not mean "no allow-list".
        if (!r.allow_hosts_files.empty() && r.allow_hosts.empty())
            throw CLI::ValidationError("--allow-hosts-file", r.allow_hosts_files.front() +
                                                                 ": no host pattern in it; an empty allow-list would "
                                                                 "allow every host");
    } catch (CLI::ParseError const& e) {
        // --help and --version end here too, with exit code 0; every usage error is 2.
        return app.exit(e) == 0 ? all_valid : could_not_run;
    }

    for (std::string const& name : r.enable)
        if (std::optional<ftpuri::diag_id> const id = ftpuri::find_diag(name); id && !ftpuri::info(*id).opt_in)
            complain("note: --enable " + name + ": on by default (not an opt-in rule); --enable changes nothing");

    // The configuration files read so far, by path; the one that governs the working directory
    // (the arguments', stdin's, --rules' and --explain's) first.
    std::map<std::string, config_result> read_configs;
    std::string config_problem;
    // The settings of the inputs under `directory`: the command line's, with the nearest
    // configuration file's values where it gave none. Nothing, with `problem` set, when the
    // file or a value in it is wrong.
    auto settings_under = [&](std::string const& directory) -> std::optional<configured> {
        std::optional<std::string> const path = r.no_config         ? std::nullopt
                                                : !r.config.empty() ? std::optional(r.config)
                                                                    : find_config(directory);
        if (!path) {
            configured result = settings_of(r, "");
            if (!result.problem.empty()) {
                config_problem = result.problem;
                return std::nullopt;
            }
            return result;
        }
        auto found = read_configs.find(*path);
        if (found == read_configs.end()) found = read_configs.emplace(*path, read_config(*path)).first;
        if (!found->second.problem.empty()) {
            config_problem = found->second.problem;
            return std::nullopt;
        }
        configured result = settings_of(with_config(r, found->second.settings, app), *path);
        if (!result.problem.empty()) {
            config_problem = result.problem;
            return std::nullopt;
        }
        result.source = *path;
        return result;
    };
    std::optional<configured> here = settings_under(".");
    if (!here) {
        complain(config_problem);
        return could_not_run;
    }
    output_format const format = format_from(r.format);
    if (!r.explain.empty()) {
        std::optional<std::string> const text = explain_rule(r.explain);
        if (!text) {
            complain("--explain " + r.explain + ": no such diagnostic id (--rules lists them)");
            return could_not_run;
        }
        bool const written = std::fwrite(text->data(), 1, text->size(), stdout) == text->size();
        return written && std::fflush(stdout) == 0 ? all_valid : could_not_run;
    }
    if (r.rules) {
        std::string const list = list_rules(format, ftpuri::version(), here->help_uri_base);
        bool const written = std::fwrite(list.data(), 1, list.size(), stdout) == list.size();
        return written && std::fflush(stdout) == 0 ? all_valid : could_not_run;
    }
    check_settings const& settings = here->settings;
    std::FILE* const report_stream = reports_on_stderr(r) ? stderr : stdout;

    bool const stderr_is_terminal = ::isatty(STDERR_FILENO) == 1;
    bool const reads_streams = !r.files.empty() || r.uris.empty();
    progress_bar progress(r.progress == "always" || (r.progress == "auto" && stderr_is_terminal && reads_streams),
                          r.progress == "always", stderr_is_terminal);

    unsigned jobs = r.jobs;
    if (jobs == 0) jobs = std::max(1U, std::thread::hardware_concurrency());

    // Without this a closed pipe kills the process with SIGPIPE; with it, fwrite reports EPIPE.
    static_cast<void>(std::signal(SIGPIPE, SIG_IGN));

    auto const started = std::chrono::steady_clock::now();
    std::vector<std::string> failures;
    std::vector<file_stats> per_file; // --stats
    pipeline run(settings, jobs, progress);
    output_target const console{stdout, stderr};
    // Before each file: the settings of the configuration file that governs it (the nearest
    // above it), when that is another than the last file's. A wrong file stops the run.
    std::string current_source = here->source;
    auto configure_for = [&](std::string const& path) {
        std::optional<configured> const next = settings_under(path == "-" ? "." : directory_of_file(path));
        if (!next) {
            progress.erase();
            complain(config_problem);
            failures.push_back(config_problem);
            return false;
        }
        if (next->source != current_source) {
            run.reconfigure(next->settings);
            current_source = next->source;
        }
        return true;
    };
    bool stopped = false; // a write failed: nothing more can be reported
    // What the format writes around the reports: SARIF's log, the code quality report's array.
    report_envelope const envelope(format, ftpuri::version(), here->help_uri_base);
    if (std::string const header = envelope.header(); !header.empty())
        stopped = std::fwrite(header.data(), 1, header.size(), stdout) != header.size();

    bool would_change = false; // --diff
    if (r.diff) {
        for (std::string const& file : r.files) {
            if (!configure_for(file)) break;
            diff_result const compared = diff_file(file, run);
            progress.erase();
            if (!compared.problem.empty()) {
                complain(compared.problem);
                failures.push_back(compared.problem);
                continue;
            }
            would_change = would_change || !compared.diff.empty();
            if (std::fwrite(compared.diff.data(), 1, compared.diff.size(), stdout) != compared.diff.size()) {
                stopped = true;
                break;
            }
        }
    } else if (r.in_place) {
        in_place_options options;
        options.break_links = r.break_links;
        for (std::string const& file : r.files) {
            if (!configure_for(file)) break;
            in_place_result const rewritten = rewrite_in_place(file, run, options);
            if (!rewritten.problem.empty()) {
                progress.erase();
                complain(rewritten.problem);
                failures.push_back(rewritten.problem);
            } else if (!r.quiet) {
                progress.erase();
                static_cast<void>(
                    std::fprintf(stderr, "%s: %s: %s; %s kept unchanged%s\n", program, terminal_safe(file).c_str(),
                                 plural(rewritten.counts.changed, "line rewritten", "lines rewritten").c_str(),
                                 plural(rewritten.counts.invalid, "invalid line", "invalid lines").c_str(),
                                 rewritten.rewritten ? "" : " (the file is unchanged)"));
            }
        }
    } else {
        char name[32];
        for (std::size_t i = 0; i < r.uris.size() && !run.write_failed(); ++i) {
            int const n = std::snprintf(name, sizeof name, "<arg %zu>", i + 1);
            run.check_argument({std::string_view(name, static_cast<std::size_t>(n)), 1, false}, r.uris[i], console);
            if (names_a_readable_file(r.uris[i])) {
                progress.erase();
                complain(std::string(name, static_cast<std::size_t>(n)) + ": hint: '" + r.uris[i] +
                         "' is a file; to check the URIs in a file, use -f FILE");
            }
        }
        if (r.uris.empty() && r.files.empty()) r.files.emplace_back("-");
        for (std::string const& path : r.files) {
            if (run.write_failed() || !configure_for(path)) break;
            bool const is_stdin = path == "-";
            std::string_view const origin_name = !is_stdin                  ? std::string_view(path)
                                                 : r.stdin_filename.empty() ? std::string_view("<stdin>")
                                                                            : std::string_view(r.stdin_filename);
            std::FILE* const file = is_stdin ? stdin : std::fopen(path.c_str(), "rb");
            int error = file == nullptr ? errno : 0;
            if (file != nullptr) {
                struct stat st {};
                std::uint64_t const size = ::fstat(::fileno(file), &st) == 0 && S_ISREG(st.st_mode)
                                               ? static_cast<std::uint64_t>(st.st_size)
                                               : 0;
                bool const named = !is_stdin || !r.stdin_filename.empty(); // SARIF gives a named file a URI
                tally const before = run.totals();
                error = run.check_file(file, origin_name, named, size, console).read_error;
                if (r.stats) per_file.push_back(stats_of_file(origin_name, before, run.totals()));
                if (!is_stdin) static_cast<void>(std::fclose(file)); // read-only: nothing to lose
            }
            if (error != 0) {
                std::string problem(origin_name);
                problem += ": ";
                problem += std::strerror(error);
                progress.erase();
                complain(problem);
                failures.push_back(std::move(problem));
            }
        }
    }
    progress.finish();
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    tally const& totals = run.totals();
    stopped = stopped || run.write_failed();
    if (run.worker_failed()) failures.emplace_back("a worker thread ran out of memory; its output is missing");
    bool const findings = totals.invalid != 0 || (r.error_on_warning && totals.count(ftpuri::severity::warning) != 0);
    int code = !failures.empty() || stopped ? could_not_run
               : r.exit_zero                ? all_valid
               : findings                   ? some_invalid
               : would_change               ? would_change_only
                                            : all_valid;

    if (!stopped) {
        std::string const footer = envelope.footer(code, failures);
        stopped = !footer.empty() && std::fwrite(footer.data(), 1, footer.size(), stdout) != footer.size();
    }
    // Whatever stdio still holds for stdout is written now: a summary on stderr must not claim
    // a run whose output was lost.
    if (std::fflush(stdout) != 0) stopped = true;
    if (!stopped && format == output_format::text && !r.quiet) {
        std::string line;
        // Where to read more, once, as ShellCheck's "For more information" does.
        if (totals.reported_ids != 0)
            line = std::string(program) + ": what an id means and how to fix it: ftpuri-check --explain ID\n";
        line += summary_line(totals);
        stopped = std::fwrite(line.data(), 1, line.size(), report_stream) != line.size();
    }
    if (r.stats) print_stats(totals, seconds, per_file);
    if (std::fflush(stdout) != 0) stopped = true;
    if (stopped) code = could_not_run;
    return code;
}

} // namespace

int main(int argc, char** argv)
{
    // Nothing on the per-line path throws; only growing a buffer can (std::bad_alloc).
    try {
        return run_main(argc, argv);
    } catch (std::exception const& e) {
        // std::bad_alloc, or a thread that could not start: no input in the message, and
        // escaping it would allocate where memory may have run out.
        static_cast<void>(std::fprintf(stderr, "%s: %s\n", program, e.what()));
        return could_not_run;
    }
}
