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
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "config_file.hpp"
#include "explain.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/version.hpp"
#include "line_checker.hpp"
#include "option_checks.hpp"
#include "option_table.hpp"
#include "pipeline.hpp"
#include "progress_bar.hpp"
#include "report_envelope.hpp"
#include "request.hpp"
#include "request_settings.hpp"
#include "rule_choice.hpp"
#include "run_messages.hpp"
#include "run_modes.hpp"
#include "terminal_safe.hpp"

namespace {

using namespace ftpuri::cli;

// --explain ID: the id's row of docs/diagnostics.md, on stdout.
int explain(std::string const& id)
{
    std::optional<std::string> const text = explain_rule(id);
    if (!text) {
        complain("--explain " + id + ": no such diagnostic id (--rules lists them)");
        return could_not_run;
    }
    bool const written = std::fwrite(text->data(), 1, text->size(), stdout) == text->size();
    return written && std::fflush(stdout) == 0 ? all_valid : could_not_run;
}

// --rules: every id, in the format asked for, on stdout.
int list_rules(output_format format, std::string const& help_uri_base)
{
    std::string const list = ftpuri::cli::list_rules(format, ftpuri::version(), help_uri_base);
    bool const written = std::fwrite(list.data(), 1, list.size(), stdout) == list.size();
    return written && std::fflush(stdout) == 0 ? all_valid : could_not_run;
}

// What end_of_run writes besides the counts.
struct run_record {
    report_envelope const& envelope;
    std::vector<std::string> const& failures;
    std::FILE* report_stream;
    double seconds;
    std::vector<file_stats> const& per_file;
};

// After the inputs: the exit code, the format's footer, the summary line and --stats.
int end_of_run(request const& r, tally const& totals, bool stopped, bool would_change, run_record const& record)
{
    bool const findings = totals.invalid != 0 || (r.error_on_warning && totals.count(ftpuri::severity::warning) != 0);
    int code = !record.failures.empty() || stopped ? could_not_run
               : r.exit_zero                       ? all_valid
               : findings                          ? some_invalid
               : would_change                      ? would_change_only
                                                   : all_valid;

    if (!stopped) {
        std::string const footer = record.envelope.footer(code, record.failures);
        stopped = !footer.empty() && std::fwrite(footer.data(), 1, footer.size(), stdout) != footer.size();
    }
    // Whatever stdio still holds for stdout is written now: a summary on stderr must not claim
    // a run whose output was lost.
    if (std::fflush(stdout) != 0) stopped = true;
    if (!stopped && format_from(r.format) == output_format::text && !r.quiet) {
        std::string line;
        // Where to read more, once, as ShellCheck's "For more information" does.
        if (totals.reported_ids != 0)
            line = std::string(program) + ": what an id means and how to fix it: ftpuri-check --explain ID\n";
        line += summary_line(totals);
        stopped = std::fwrite(line.data(), 1, line.size(), record.report_stream) != line.size();
    }
    if (r.stats) print_stats(totals, record.seconds, record.per_file);
    if (std::fflush(stdout) != 0) stopped = true;
    if (stopped) code = could_not_run;
    return code;
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
        check_combinations(r);
    } catch (CLI::ParseError const& e) {
        // --help and --version end here too, with exit code 0; every usage error is 2.
        return app.exit(e) == 0 ? all_valid : could_not_run;
    }

    for (std::string const& name : r.enable)
        if (std::optional<ftpuri::diag_id> const id = ftpuri::diag_id_from_string(name);
            id && !ftpuri::info(*id).opt_in)
            complain("note: --enable " + name + ": on by default (not an opt-in rule); --enable changes nothing");

    config_lookup configs(r, app);
    std::optional<configured> here = configs.settings_under(".");
    if (!here) {
        complain(configs.problem());
        return could_not_run;
    }
    output_format const format = format_from(r.format);
    if (!r.explain.empty()) return explain(r.explain);
    if (r.rules) return list_rules(format, here->help_uri_base);
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
        std::optional<configured> const next = configs.settings_under(path == "-" ? "." : directory_of_file(path));
        if (!next) {
            progress.erase();
            complain(configs.problem());
            failures.push_back(configs.problem());
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

    run_context context{r, run, progress, console, configure_for, failures, per_file};
    bool would_change = false; // --diff
    if (r.diff) {
        diff_outcome const outcome = run_diff(context);
        stopped = stopped || outcome.stopped;
        would_change = outcome.would_change;
    } else if (r.in_place) {
        run_in_place(context);
    } else {
        run_checks(context);
    }
    progress.finish();
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    if (run.worker_failed()) failures.emplace_back("a worker thread ran out of memory; its output is missing");
    return end_of_run(r, run.totals(), stopped || run.write_failed(), would_change,
                      {envelope, failures, report_stream, seconds, per_file});
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
