// ftpuri-check: validates ftp URIs given as arguments, in files, or on stdin, one per line.
//
//     ftpuri-check ftp://ftp.example.org/pub/README          # URIs as arguments
//     ftpuri-check -f mirrors.txt -f - --format=json        # files ('-' is stdin), JSON Lines
//     ftpuri-check < mirrors.txt                            # stdin, when there is nothing else
//     ftpuri-check --fix -f mirrors.txt > canonical.txt     # canonical forms; errors on stderr
//
// Exit codes, as clang and ShellCheck use them: 0 every input is valid, 1 some input is invalid,
// 2 it could not run (usage error, unreadable file, failed write).
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "ftpuri/canonical.hpp"
#include "ftpuri/options.hpp"
#include "line_checker.hpp"
#include "line_reader.hpp"

namespace {

constexpr char const* program = "ftpuri-check";

enum exit_code : int { all_valid = 0, some_invalid = 1, could_not_run = 2 };

// The reports go to stdout in large writes; this is when the buffer is written out.
constexpr std::size_t flush_threshold = std::size_t{64} * 1024;

class runner {
public:
    explicit runner(ftpuri::cli::check_settings const& settings) : checker_(settings) {}

    // The arguments, in order; `<arg N>` counts from 1.
    void check_arguments(std::vector<std::string> const& uris)
    {
        char name[32];
        for (std::size_t i = 0; i < uris.size() && !write_failed_; ++i) {
            int const n = std::snprintf(name, sizeof name, "<arg %zu>", i + 1);
            std::string_view const origin_name(name, static_cast<std::size_t>(n));
            check({origin_name, std::uint64_t{i} + 1, true}, uris[i]);
        }
    }

    // The lines of a file, or of stdin for "-".
    void check_file(std::string const& path)
    {
        if (write_failed_) return;
        bool const is_stdin = path == "-";
        std::FILE* const file = is_stdin ? stdin : std::fopen(path.c_str(), "rb");
        if (file == nullptr) {
            io_error(path, errno);
            return;
        }
        std::string_view const name = is_stdin ? std::string_view("<stdin>") : std::string_view(path);
        ftpuri::cli::line_reader reader(file);
        std::uint64_t line_number = 0;
        while (!write_failed_ && reader.next(line_))
            check({name, ++line_number, false}, line_);
        if (reader.failed()) io_error(is_stdin ? std::string("<stdin>") : path, reader.errno_value());
        if (!is_stdin) static_cast<void>(std::fclose(file)); // read-only: nothing to lose
    }

    int finish()
    {
        flush(true);
        if (!write_failed_ && std::fflush(stdout) != 0) write_failed_ = true;
        if (write_failed_ || io_failed_) return could_not_run;
        return any_invalid_ ? some_invalid : all_valid;
    }

private:
    void check(ftpuri::cli::input_origin const& origin, std::string_view input)
    {
        if (!checker_.check(origin, input)) any_invalid_ = true;
        flush(false);
    }

    void flush(bool force)
    {
        std::string_view const out = checker_.output();
        std::string_view const err = checker_.error_output();
        if (write_failed_ || (out.empty() && err.empty())) return;
        if (!force && out.size() < flush_threshold && err.size() < flush_threshold) return;
        // A closed pipe (ftpuri-check ... | head) ends the run quietly with exit code 2.
        if (!write_all(out, stdout) || !write_all(err, stderr)) write_failed_ = true;
        checker_.clear_output();
    }

    static bool write_all(std::string_view bytes, std::FILE* to)
    {
        return bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), to) == bytes.size();
    }

    void io_error(std::string const& what, int error)
    {
        static_cast<void>(std::fprintf(stderr, "%s: %s: %s\n", program, what.c_str(), std::strerror(error)));
        io_failed_ = true;
    }

    ftpuri::cli::line_checker checker_;
    std::string line_; // reused for every line, so reading does not allocate once it has grown
    bool any_invalid_ = false;
    bool io_failed_ = false;
    bool write_failed_ = false;
};

int run_main(int argc, char** argv)
{
    CLI::App app{"Validate ftp URIs given as arguments, in files, or on stdin (one per line).\n"
                 "Exit status: 0 every input is valid, 1 some input is invalid, 2 could not run.",
                 program};

    std::vector<std::string> uris;
    std::vector<std::string> files;
    std::string profile_name = "strict";
    std::string format_name = "text";
    bool quiet = false;
    bool fix = false;
    ftpuri::canonical_options canonical;
    std::uint32_t max_length = ftpuri::default_max_length;

    app.add_option("uris", uris, "URIs to check; put them after -- if one begins with '-'");
    // One file per -f: without allow_extra_args(false) CLI11 would take the URIs after it as files.
    app.add_option("-f,--file", files, "read URIs from FILE, one per line ('-' is stdin); repeatable")
        ->allow_extra_args(false)
        ->type_name("FILE");
    app.add_option("--profile", profile_name, "syntax profile: strict (default), rfc3986 or lenient")
        ->check(CLI::Validator(
            [](std::string& name) {
                return ftpuri::profile_from_string(name)
                           ? std::string()
                           : "unknown profile '" + name + "' (strict, rfc3986 or lenient)";
            },
            "strict|rfc3986|lenient", "profile"));
    app.add_option("--format", format_name, "output format: text (default) or json (JSON Lines)")
        ->check(CLI::IsMember({"text", "json"}));
    app.add_flag("--fix", fix,
                 "print each valid input's canonical form, one per line in input order; "
                 "invalid inputs' diagnostics go to stderr");
    app.add_flag("--strip-password", canonical.drop_password,
                 "drop the password from the canonical form (--fix, JSON)");
    app.add_flag("--drop-fragment", canonical.drop_fragment, "drop the fragment from the canonical form");
    app.add_flag("--drop-anonymous", canonical.drop_anonymous,
                 "drop an explicit anonymous@ (without a password) from the canonical form");
    app.add_flag("-q,--quiet", quiet,
                 "print no diagnostics; only the exit status tells (--fix still prints canonical forms)");
    app.add_option("--max-length", max_length, "longest input accepted, in bytes (default 65536)")
        ->check(CLI::Range(std::uint32_t{1}, ftpuri::max_length_cap));
    app.set_version_flag("--version", std::string(program) + " " + FTPURI_VERSION);

    try {
        app.parse(argc, argv);
        // JSON Lines carry the canonical form already, in "canonical".
        if (fix && format_name == "json")
            throw CLI::ValidationError("--fix", "prints canonical forms as text; --format=json has them in "
                                                "its \"canonical\" field");
    } catch (CLI::ParseError const& e) {
        // --help and --version end here too, with exit code 0; every usage error is 2.
        return app.exit(e) == 0 ? all_valid : could_not_run;
    }

    ftpuri::cli::check_settings settings;
    settings.parse.syntax = ftpuri::profile_from_string(profile_name).value_or(ftpuri::profile::strict);
    settings.parse.max_length = max_length;
    settings.format = format_name == "json" ? ftpuri::cli::output_format::json : ftpuri::cli::output_format::text;
    settings.quiet = quiet;
    settings.fix = fix;
    settings.canonical = canonical;

    // Without this a closed pipe kills the process with SIGPIPE; with it, fwrite reports EPIPE.
    static_cast<void>(std::signal(SIGPIPE, SIG_IGN));

    runner run(settings);
    run.check_arguments(uris);
    for (std::string const& file : files)
        run.check_file(file);
    if (uris.empty() && files.empty()) run.check_file("-");
    return run.finish();
}

} // namespace

int main(int argc, char** argv)
{
    // Nothing on the per-line path throws; only growing a buffer can (std::bad_alloc).
    try {
        return run_main(argc, argv);
    } catch (std::exception const& e) {
        static_cast<void>(std::fprintf(stderr, "%s: %s\n", program, e.what()));
        return could_not_run;
    }
}
