// SPDX-License-Identifier: Apache-2.0
// ftpuri-fetch: fetch what one ftp URI names, under a policy enforced at every connection
// (ftpuri/fetch.hpp; docs/fetch.md, the man page docs/ftpuri-fetch.1).
//
//     ftpuri-fetch --deny non-public --allow-host ftp.example.org -o motd ftp://ftp.example.org/pub/motd
//
// Exit status: 0 fetched; 1 refused by the policy or as a URI (sanitize_into()'s error, or
// fetch.address-denied at connect time); 2 could not run (usage, an unwritable -o FILE);
// 3 the fetch failed (fetch.reply, fetch.too-large, fetch.timeout, fetch.failed, and the
// refusals of fetch.mode-unsupported and fetch.password-needed). With -o FILE, FILE is written
// only when the status is 0; without it, the bytes go to stdout as they arrive.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "ftpuri/fetch.hpp"
#include "output_file.hpp"
#include "policy_options.hpp"
#include "report.hpp"

namespace {

constexpr int exit_fetched = 0;
constexpr int exit_refused = 1;
constexpr int exit_usage = 2;
constexpr int exit_failed = 3;

struct arguments {
    std::string uri;
    std::vector<std::string> deny;
    std::vector<std::string> allow_hosts;
    std::vector<std::string> allow_hosts_files;
    std::vector<std::string> error;
    std::string profile = "strict";
    std::string plan_mode = "multicwd";
    std::uint64_t max_size = 0;
    double timeout = 60;
    double stall = 15;
    std::vector<std::string> resolve;
    std::string output;
    bool json = false;
    bool verbose = false;
    bool password_stdin = false;
};

int status_of(ftpuri::fetch_result const& r)
{
    if (!r.error) return exit_fetched;
    switch (r.error->id) {
    case ftpuri::diag_id::fetch_too_large:
    case ftpuri::diag_id::fetch_timeout:
    case ftpuri::diag_id::fetch_reply:
    case ftpuri::diag_id::fetch_mode_unsupported:
    case ftpuri::diag_id::fetch_password_needed:
    case ftpuri::diag_id::fetch_failed: return exit_failed;
    default: return exit_refused; // the URI's own error, the policy's, or fetch.address-denied
    }
}

std::optional<ftpuri::profile> profile_named(std::string_view name)
{
    if (name == "strict") return ftpuri::profile::strict;
    if (name == "rfc3986") return ftpuri::profile::rfc3986;
    if (name == "lenient") return ftpuri::profile::lenient;
    return std::nullopt;
}

int run_main(int argc, char** argv)
{
    using namespace ftpuri;
    CLI::App app{"Fetch what an ftp URI names, with the policy enforced at every connection (docs/fetch.md)",
                 "ftpuri-fetch"};
    arguments a;
    app.add_option("uri", a.uri, "the ftp URI to fetch")->required();
    app.add_option("--profile", a.profile, "syntax profile: strict (default), rfc3986 or lenient")
        ->check(CLI::IsMember({"strict", "rfc3986", "lenient"}));
    app.add_option("--error", a.error,
                   "refuse the URI on warning ID, as ftpuri-check's --error; comma-separated, "
                   "repeatable")
        ->delimiter(',')
        ->check(CLI::Validator(
            [](std::string& id) {
                return diag_id_from_string(id) ? std::string() : "unknown diagnostic id '" + id + "'";
            },
            "", "id"));
    app.add_option("--deny", a.deny,
                   "refuse a host, and a connection to an address, in CLASS: loopback, unspecified, link-local, "
                   "private, broadcast, multicast, reserved, documentation, special-use, public, or non-public; "
                   "comma-separated, repeatable")
        ->allow_extra_args(false)
        ->type_name("CLASS[,CLASS...]")
        ->check(CLI::Validator([](std::string& value) { return cli::parse_deny({value}).problem; }, "", "host class"));
    app.add_option("--allow-host", a.allow_hosts,
                   "accept only the hosts that match a PATTERN (as ftpuri-check's); repeatable")
        ->allow_extra_args(false)
        ->type_name("PATTERN")
        ->check(CLI::Validator([](std::string& text) { return cli::allow_pattern_problem(text); }, "", "host pattern"));
    app.add_option("--allow-hosts-file", a.allow_hosts_files, "read --allow-host patterns from FILE; repeatable")
        ->allow_extra_args(false)
        ->type_name("FILE");
    app.add_option("--plan-mode", a.plan_mode, "libcurl's file method: multicwd (default), singlecwd or nocwd")
        ->check(CLI::IsMember({"multicwd", "singlecwd", "nocwd", "rfc1738"}));
    app.add_option("--max-size", a.max_size, "refuse a file larger than N bytes (fetch.too-large); 0: no limit")
        ->type_name("N");
    app.add_option("--timeout", a.timeout, "give up after S seconds in all (fetch.timeout); default 60")
        ->type_name("S")
        ->check(CLI::PositiveNumber);
    app.add_option("--stall", a.stall, "give up when nothing moves for S seconds (fetch.timeout); default 15")
        ->type_name("S")
        ->check(CLI::PositiveNumber);
    app.add_option("--resolve", a.resolve,
                   "answer for DNS: HOST:PORT:ADDRESS, as curl's --resolve; the address is still classified; "
                   "repeatable")
        ->allow_extra_args(false)
        ->type_name("HOST:PORT:ADDRESS");
    app.add_option("-o,--output", a.output, "write the file to FILE, only once it is whole (else stdout)")
        ->type_name("FILE");
    app.add_flag("--password-stdin", a.password_stdin,
                 "read the password for a URI that names a user without one from the first line of stdin");
    app.add_flag("--json", a.json, "report on stderr as one JSON object");
    app.add_flag("-v,--verbose", a.verbose, "report the connections, the commands sent and the replies");
    try {
        app.parse(argc, argv);
    } catch (CLI::ParseError const& e) {
        return e.get_exit_code() == 0 ? app.exit(e) : (app.exit(e), exit_usage);
    }

    std::vector<std::string> patterns = a.allow_hosts;
    for (std::string const& file : a.allow_hosts_files) {
        cli::allow_file_result read = cli::read_allow_hosts_file(file);
        if (!read.problem.empty()) {
            std::cerr << "ftpuri-fetch: --allow-hosts-file: " << read.problem << "\n";
            return exit_usage;
        }
        patterns.insert(patterns.end(), read.patterns.begin(), read.patterns.end());
    }
    std::vector<std::string_view> const pattern_views(patterns.begin(), patterns.end());
    policy const rules{.deny = cli::parse_deny(a.deny).classes, .allow = pattern_views};

    fetch_options options;
    options.parse.syntax = *profile_named(a.profile);
    for (std::string const& id : a.error)
        options.parse.as_error.insert(*diag_id_from_string(id));
    options.mode = *plan_mode_from_string(a.plan_mode);
    options.max_size = a.max_size;
    options.timeout =
        std::chrono::milliseconds(static_cast<std::int64_t>(std::min(a.timeout, max_fetch_seconds) * 1000));
    options.stall = std::chrono::seconds(static_cast<std::int64_t>(std::min(a.stall, max_fetch_seconds) + 0.999));
    options.resolve = a.resolve;
    std::string password;
    if (a.password_stdin) {
        std::getline(std::cin, password);
        if (!password.empty() && password.back() == '\r') password.pop_back();
        options.password = password;
    }

    std::optional<fetch_cli::output_file> file;
    if (!a.output.empty()) {
        file.emplace(a.output);
        if (!file->is_open()) {
            std::cerr << "ftpuri-fetch: " << file->problem() << "\n";
            return exit_usage;
        }
    }
    bool write_failed = false;
    fetch_sink const sink = [&](std::span<char const> bytes) {
        bool const ok = file ? file->write(bytes) : std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size();
        write_failed = write_failed || !ok;
        return ok;
    };
    fetch_result const r = fetch(a.uri, rules, options, sink);
    std::cerr << (a.json ? fetch_cli::json_report(r) : fetch_cli::text_report(r, a.verbose));
    if (write_failed) {
        std::cerr << "ftpuri-fetch: " << (file ? file->problem() : std::string("stdout: write failed")) << "\n";
        return exit_usage;
    }
    int const status = status_of(r);
    if (status == exit_fetched && file && !file->commit()) {
        std::cerr << "ftpuri-fetch: " << file->problem() << "\n";
        return exit_usage;
    }
    if (status == exit_fetched && !file && std::fflush(stdout) != 0) return exit_usage;
    return status;
}

} // namespace

int main(int argc, char** argv)
{
    // Only an allocation can throw here (std::bad_alloc): no fetched file is kept then either.
    try {
        return run_main(argc, argv);
    } catch (std::exception const& e) {
        static_cast<void>(std::fprintf(stderr, "ftpuri-fetch: %s\n", e.what()));
        return exit_usage;
    }
}
