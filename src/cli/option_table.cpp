// SPDX-License-Identifier: Apache-2.0
// option_table.cpp: ftpuri-check's options and their refused combinations (option_table.hpp).
#include "option_table.hpp"

#include <algorithm>
#include <iterator>
#include <string>

#include "ftpuri/version.hpp"
#include "option_checks.hpp"
#include "policy_options.hpp"

namespace ftpuri::cli {

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
                return ftpuri::plan_mode_from_string(name)
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
                 "with --plan: refuse the anonymous login, for a URI without a user or with the user anonymous "
                 "(plan.anonymous-refused)")
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

void check_combinations(request& r)
{
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
}

} // namespace ftpuri::cli
