// SPDX-License-Identifier: Apache-2.0
// run_messages.cpp: complaints, the summary line and --stats (run_messages.hpp).
#include "run_messages.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>

#include "ftpuri/diagnostic.hpp"
#include "request.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {
namespace {

// ", N skipped (another scheme)" when --skip-scheme skipped lines, else nothing.
std::string scheme_skips(std::uint64_t n)
{
    return n == 0 ? std::string() : ", " + std::to_string(n) + " skipped (another scheme)";
}

} // namespace

void complain(std::string_view message)
{
    std::string const shown = terminal_safe(message);
    static_cast<void>(std::fprintf(stderr, "%s: %.*s\n", program, static_cast<int>(shown.size()), shown.data()));
}

std::string plural(std::uint64_t n, std::string_view one, std::string_view many)
{
    std::string s = std::to_string(n);
    s += ' ';
    s += n == 1 ? one : many;
    return s;
}

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

file_stats stats_of_file(std::string_view name, tally const& before, tally const& after)
{
    return {std::string(name),
            after.inputs - before.inputs,
            after.invalid - before.invalid,
            after.skipped - before.skipped,
            after.skipped_scheme - before.skipped_scheme,
            after.bytes - before.bytes};
}

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

} // namespace ftpuri::cli
