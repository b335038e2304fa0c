// SPDX-License-Identifier: Apache-2.0
// run_modes.cpp: --diff, --in-place and the default run (run_modes.hpp).
#include "run_modes.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

#include "in_place.hpp"
#include "terminal_safe.hpp"
#include "unified_diff.hpp"

namespace ftpuri::cli {
namespace {

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
    pipeline::file_result const checked = run.check_file(source, path, true, before.size(), {sink, stderr});
    static_cast<void>(std::fclose(source));
    static_cast<void>(std::fclose(sink));
    // No line of it was read: the empty output is no new content.
    if (checked.foreign_mark != nullptr) {
        result.problem = path + ": " + not_checked_in(*checked.foreign_mark);
    } else {
        result.diff = unified_diff(path, before, std::string_view(after_data, after_size));
    }
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

} // namespace

diff_outcome run_diff(run_context& c)
{
    request const& r = c.r;
    pipeline& run = c.run;
    progress_bar& progress = c.progress;
    diff_outcome outcome;
    for (std::string const& file : r.files) {
        if (!c.configure_for(file)) break;
        diff_result const compared = diff_file(file, run);
        progress.erase();
        if (!compared.problem.empty()) {
            complain(compared.problem);
            c.failures.push_back(compared.problem);
            continue;
        }
        outcome.would_change = outcome.would_change || !compared.diff.empty();
        if (std::fwrite(compared.diff.data(), 1, compared.diff.size(), stdout) != compared.diff.size()) {
            outcome.stopped = true;
            break;
        }
    }
    return outcome;
}

void run_in_place(run_context& c)
{
    request const& r = c.r;
    pipeline& run = c.run;
    progress_bar& progress = c.progress;
    in_place_options options;
    options.break_links = r.break_links;
    for (std::string const& file : r.files) {
        if (!c.configure_for(file)) break;
        in_place_result const rewritten = rewrite_in_place(file, run, options);
        if (!rewritten.problem.empty()) {
            progress.erase();
            complain(rewritten.problem);
            c.failures.push_back(rewritten.problem);
        } else if (!r.quiet) {
            progress.erase();
            static_cast<void>(
                std::fprintf(stderr, "%s: %s: %s; %s kept unchanged%s\n", program, terminal_safe(file).c_str(),
                             plural(rewritten.counts.changed, "line rewritten", "lines rewritten").c_str(),
                             plural(rewritten.counts.invalid, "invalid line", "invalid lines").c_str(),
                             rewritten.rewritten ? "" : " (the file is unchanged)"));
        }
    }
}

void run_checks(run_context& c)
{
    request& r = c.r;
    pipeline& run = c.run;
    progress_bar& progress = c.progress;
    output_target const& console = c.console;
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
        if (run.write_failed() || !c.configure_for(path)) break;
        bool const is_stdin = path == "-";
        std::string_view const origin_name = !is_stdin                  ? std::string_view(path)
                                             : r.stdin_filename.empty() ? std::string_view("<stdin>")
                                                                        : std::string_view(r.stdin_filename);
        std::FILE* const file = is_stdin ? stdin : std::fopen(path.c_str(), "rb");
        int error = file == nullptr ? errno : 0;
        byte_order_mark const* foreign = nullptr;
        if (file != nullptr) {
            struct stat st {};
            std::uint64_t const size =
                ::fstat(::fileno(file), &st) == 0 && S_ISREG(st.st_mode) ? static_cast<std::uint64_t>(st.st_size) : 0;
            bool const named = !is_stdin || !r.stdin_filename.empty(); // SARIF gives a named file a URI
            tally const before = run.totals();
            pipeline::file_result const checked = run.check_file(file, origin_name, named, size, console);
            error = checked.read_error;
            foreign = checked.foreign_mark;
            if (r.stats) c.per_file.push_back(stats_of_file(origin_name, before, run.totals()));
            if (!is_stdin) static_cast<void>(std::fclose(file)); // read-only: nothing to lose
        }
        if (error != 0 || foreign != nullptr) {
            std::string problem(origin_name);
            problem += ": ";
            problem += foreign != nullptr ? not_checked_in(*foreign) : std::strerror(error);
            progress.erase();
            complain(problem);
            c.failures.push_back(std::move(problem));
        }
    }
}

} // namespace ftpuri::cli
