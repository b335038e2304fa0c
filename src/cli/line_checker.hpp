// SPDX-License-Identifier: Apache-2.0
// line_checker.hpp: what ftpuri-check does with one input line.
//
// The CLI reads inputs (arguments, lines of files or stdin) and hands each to a long-lived
// line_checker, which parses it, counts what it found, masks its password, builds its canonical
// form where one is wanted, and has its report_writer (report_writer.hpp: text, JSON or SARIF)
// append the report to an output buffer that the caller writes out; with --fix it writes the
// canonical forms itself. Every buffer the checker and its writer need (the outputs, the
// diagnostic_list, the canonical form, the masked input, the writer's echo or JSON buffer) is a
// member reused from line to line: once they have grown to the largest input, checking a line
// allocates nothing, so checking a million lines costs no more memory traffic than checking one.
// A test counts allocations to hold it to that. Large inputs are checked by one line_checker
// per worker thread (pipeline.hpp).
//
// Reports never contain a password. Wherever one echoes the input (the text format's source
// line, JSON's "input" and "canonical") the password reads "****" (ftpuri/redact.hpp); SARIF
// points at columns and never echoes, and its fixes never carry the password. The one output
// that keeps it is --fix's canonical form, which docs/behaviour.md says keeps the password unless the
// user asks to drop (--strip-password) or mask it (--redact-password). A plan shows "PASS ****",
// and masks the password in any other command, unless the user asks for it (--show-password).
//
// With --plan (plan_settings) each valid input is also planned (ftpuri/plan.hpp). A refused plan
// is an error diagnostic of the input, which makes it invalid, counted and reported like any
// error. In the text format the plans go to output() (plan_lines.hpp), and the reports of
// invalid inputs and the note that a plan asks for the password to error_output(), as --fix
// does; in JSON the record carries the plan (json_writer.hpp); SARIF reports the refusals.
//
// With a policy (policy_settings: --deny, --allow-host, --allow-hosts-file) each input that
// parses is checked against it (ftpuri::check_policy) before it is planned or canonicalized: a
// finding (host.denied, host.not-allowed) is an error of the input, which makes it invalid,
// counted and reported like any error; --fix prints no canonical form for it and --in-place
// keeps the line as it is. Warnings made errors (--error, parse_options::as_error) need nothing
// here: parse() and validate() report them as errors themselves.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "block_reader.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/uri_view.hpp"
#include "list_line.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

enum class fix_mode : std::uint8_t {
    none,
    print,    // --fix: canonical forms on output(), reports of invalid inputs on error_output()
    in_place, // --fix --in-place: the file's new content on output(); invalid lines kept as they are
};

// What --fix writes in place of a password (reports always mask it).
enum class password_policy : std::uint8_t { keep, redact, strip };

// --plan and its options.
struct plan_settings {
    bool enabled = false; // --plan
    plan_mode mode = plan_mode::multicwd;
    bool absolute = false;
    // The PASS of a URI without userinfo. The CLI refuses one that holds NUL, CR or LF before
    // it checks anything (a usage error); should one come here, every valid input's plan is
    // refused with plan.anonymous-password-control.
    std::string anonymous_password = "anonymous@";
    bool show_password = false; // PASS shows the password rather than ****
    // --no-anonymous: a URI without userinfo has no plan (plan.anonymous-refused).
    bool refuse_anonymous = false;
};

// --deny, --allow-host and --allow-hosts-file: the policy every input that parses is checked
// against (ftpuri/policy.hpp). Empty, the default, checks nothing.
struct policy_settings {
    host_class_set deny{};          // classes refused (host.denied)
    std::vector<std::string> allow; // host patterns; with any, a host none matches is refused
                                    // (host.not-allowed). The CLI refuses a text that is not a
                                    // pattern; should one come here, it matches nothing.
    [[nodiscard]] bool active() const noexcept { return !deny.empty() || !allow.empty(); }
};

struct check_settings {
    // The profile, the length limit, the opt-in rules to report (--enable), and the warnings to
    // report as errors (--error).
    parse_options parse{};
    // The reports' format: which report_writer writes them (the text format's, with --fix).
    output_format format = output_format::text;
    // Report no diagnostics; check() only says whether the input is valid. With `fix`, the
    // canonical forms are still written: they are the output asked for, not a report.
    bool quiet = false;
    fix_mode fix = fix_mode::none;
    password_policy password = password_policy::keep;
    // How the canonical form is written (drop_password follows `password`).
    canonical_options canonical{};
    // --disable: warnings and notes not to report. Errors are always reported: they make the
    // URI invalid, and an invalid URI is never passed in silence.
    diag_set hidden{};
    // --min-severity: warnings and notes below it are not reported (errors always are).
    severity minimum = severity::note;
    // ANSI colours in the text format.
    bool color = false;
    // Collect the warnings even when nothing is printed (--quiet with --error-on-warning or
    // --stats): the tally must count them.
    bool count_quietly = false;
    // --plan: the plans are printed, in place of the reports of valid inputs in the text format
    // (never with `fix`). With `quiet`, the text format still prints them, as `fix` still prints
    // the canonical forms.
    plan_settings plan{};
    // The policy each input that parses is checked against; its findings are errors.
    policy_settings policy{};
    // Lines of files and stdin that are blank or comments (is_skipped_line) are not inputs: they
    // are counted (tally::skipped), and --in-place writes them back as they were (--fix alone
    // prints canonical forms only).
    // Off with --no-skip. Arguments are always checked.
    bool skip_comments = true;
    // What ends an input in files and stdin: "\n" (a "\r" before it is dropped), or NUL with
    // -0, --null (find -print0, git ls-files -z), where nothing else is.
    char line_separator = '\n';
    // --components: JSON records carry the decoded parts of each valid input.
    bool components = false;
    // --field, --whole-line: how a line of a file divides into its URI and the rest
    // (list_line.hpp). Arguments are always one URI each.
    list_settings list{};
    // --skip-scheme: lines of files whose URI has one of these schemes (lowercase) are not
    // inputs, as comment lines are not: counted (tally::skipped_scheme) and kept by --in-place.
    std::vector<std::string> skip_schemes;
};

// Whether `uri` begins with "SCHEME:" for one of `schemes` (lowercase), compared without case.
[[nodiscard]] bool has_scheme_in(std::string_view uri, std::vector<std::string> const& schemes) noexcept;

// A line people write in a list of URIs that is not one: nothing but blanks (space, tab, CR,
// FF, VT), or a first non-blank character '#'. A URI never begins with either ('#' would be a
// fragment of nothing), so no input that could be valid is skipped. One comparison for a line
// that begins with a letter, as URIs do.
[[nodiscard]] constexpr bool is_skipped_line(std::string_view line) noexcept
{
    for (char const c : line) {
        if (c == '#') return true;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') return false;
    }
    return true;
}

// One input: its bytes, and how much of it the reader had to leave out (block_reader's cap).
struct input_line {
    std::string_view bytes;
    std::uint64_t length; // the whole input's length; more than bytes.size() when capped
    line_end end;         // --in-place writes it back
};

// What the checked inputs held: the basis of the exit status, the summary line and --stats.
struct tally {
    std::uint64_t inputs = 0;
    std::uint64_t invalid = 0;
    std::uint64_t bytes = 0;                    // input bytes, endings included
    std::uint64_t changed = 0;                  // --fix: valid inputs whose canonical form differs from them
    std::uint64_t skipped = 0;                  // blank and comment lines, not inputs (is_skipped_line)
    std::uint64_t skipped_scheme = 0;           // lines of a scheme --skip-scheme names, not inputs
    std::array<std::uint64_t, 3> by_severity{}; // indexed by ftpuri::severity
    // What the reports showed, by severity: the summary line's counts. --fix and --plan show
    // the diagnostics of invalid inputs only; --plan's note that a plan asks for the password
    // counts as a note.
    std::array<std::uint64_t, 3> reported{};
    std::uint64_t reported_ids = 0; // of `reported`, the diagnostics with an id (not --plan's note)
    std::array<std::uint64_t, diag_catalogue.size()> by_id{};

    void add(tally const& other) noexcept;
    [[nodiscard]] std::uint64_t count(severity s) const noexcept { return by_severity[static_cast<std::size_t>(s)]; }
    [[nodiscard]] std::uint64_t shown(severity s) const noexcept { return reported[static_cast<std::size_t>(s)]; }
};

// What the directives of a file hide (directive.hpp) as a block of its lines begins: the
// file-wide ones, and those of a comment line just before the block's first line.
struct line_directives {
    diag_set file{};
    diag_set next_line{};
};

class line_checker {
public:
    explicit line_checker(check_settings const& settings);

    line_checker(line_checker const&) = delete;
    line_checker& operator=(line_checker const&) = delete;

    // Parses the input and appends its report to output(). Returns true when it is valid.
    // Throws nothing but std::bad_alloc (while the buffers grow).
    bool check(input_origin const& origin, input_line const& input)
    {
        return check(origin, input, one_uri(input.bytes));
    }
    // The same for a line of a file divided by split_list_line(): `parts` views `input.bytes`.
    bool check(input_origin const& origin, input_line const& input, list_line const& parts);
    bool check(input_origin const& origin, std::string_view input)
    {
        return check(origin, input_line{input, input.size(), line_end::lf});
    }
    // Checks every line of `lines` as check() does, the first being line `first.line`, with the
    // directives of the file in force (`carried`, then those the lines hold).
    void check_lines(input_origin first, line_block const& lines, line_directives carried = {});

    // What to write to stdout (or, with --in-place, to the new file) since the last
    // clear_output(): the reports, or with --fix the canonical forms, or with --plan in the
    // text format the plans.
    [[nodiscard]] std::string_view output() const noexcept { return out_; }
    // What to write to stderr: with --fix, or --plan in the text format, the reports of invalid
    // inputs in the text format (and with --plan the notes that a plan asks for the password);
    // otherwise nothing but an internal error (a canonical form that could not be built, which
    // should never happen).
    [[nodiscard]] std::string_view error_output() const noexcept { return err_; }
    // Hands both outputs over by swapping buffers (a block's output can be megabytes: copying it
    // cost ftpuri-check --format=json a tenth of its time), and empties them for the next
    // reports, which write into the buffers `out` and `err` held.
    void take_output(std::string& out, std::string& err) noexcept
    {
        out_.swap(out);
        err_.swap(err);
        clear_output();
    }
    // Empties both outputs but keeps their capacity, so the next reports do not allocate.
    void clear_output() noexcept
    {
        out_.clear();
        err_.clear();
    }
    [[nodiscard]] tally const& counts() const noexcept { return tally_; }
    void clear_counts() noexcept { tally_ = {}; }

private:
    // The canonical form of `uri` in canonical_ (no password masking); false if it could not
    // be built, which canonicalize_into() promises never happens for a parsed view.
    bool canonicalize(uri_view const& uri);
    std::string_view redacted_canonical();
    std::string_view redacted_input(std::string_view input, std::optional<byte_range> password);
    [[nodiscard]] bool shown(diagnostic const& d) const noexcept;
    [[nodiscard]] std::optional<byte_range> echoed_password(std::string_view input) const noexcept;
    // Only the verdicts are wanted (--quiet, nothing to tally but the invalid inputs, no --fix,
    // no --plan and no policy, whose refusals make inputs invalid).
    [[nodiscard]] bool verdicts_only() const noexcept
    {
        return settings_.quiet && !settings_.count_quietly && settings_.fix == fix_mode::none &&
               !settings_.plan.enabled && !settings_.policy.active();
    }
    // --plan in the text format: plans on output(), reports on error_output().
    [[nodiscard]] bool prints_plans() const noexcept
    {
        return settings_.plan.enabled && settings_.format == output_format::text;
    }
    // --plan: the plan of the valid input `uri` into plan_; false, with the refusal added to
    // the diagnostics, when the library refuses it.
    bool plan_input(uri_view const& uri, std::string_view input);
    // The policy on the parsed `uri` of `input`: false, with its finding added to the
    // diagnostics (at offsets into `input`), when it refuses the host.
    bool judge_canonical_form(uri_view const& uri, std::string_view input);
    bool apply_policy(uri_view const& uri, std::string_view input);
    // The diagnostics of the URI `parts.uri`, moved to count from the line's start, and the
    // line's own finding after them.
    void add_line_findings(list_line const& parts);
    void count(bool valid, input_line const& input);
    // Hands the checked input to writer_, which appends its report to `to`.
    void report(input_origin const& origin, input_line const& input, bool valid, std::string& to);
    void write_fix(input_origin const& origin, input_line const& input, bool valid);
    // The list line being checked (its URI, what surrounds it); the whole input for an argument.
    list_line parts_{};
    void write_plan(input_origin const& origin, input_line const& input, bool valid);
    void write_canonical_failure(input_origin const& origin);
    uri_view const* parsed_ = nullptr; // check(): the view of the input being reported, if valid
    // A skipped line: counted, and written back as it was by --in-place.
    void skip(std::string_view kept, line_info const& info, std::uint64_t& count);

    check_settings settings_;
    // The format's writer; with --fix the text format's, for the reports on error_output().
    std::unique_ptr<report_writer> writer_;
    report_needs needs_; // writer_->needs()
    diagnostic_list diagnostics_;
    diagnostic_list moved_; // add_line_findings()'s
    // What the reports of the current input hide: --disable's ids, and on a line of a file those
    // of the directives in force.
    diag_set line_hidden_;
    // A directive's id that is no id: reported on error_output(), not counted.
    void report_unknown_id(input_origin const& origin, std::string_view name);
    // A disable-file directive after the first URI: reported, and ignored.
    void report_misplaced(input_origin const& origin);
    std::uint64_t line_length_ = 0; // the input's whole length (input_line::length)
    tally tally_;
    std::string out_;
    std::string err_;
    std::string redacted_; // the input with its password masked (report_needs::redacted)
    // The canonical form, when it is not the input as written: canonicalize_size_bound() bytes,
    // grown only, never shrunk, so that resizing per line neither allocates nor fills.
    std::string canonical_;
    // The current input's canonical form: a view of the input (canonical_as_written) or of
    // canonical_; empty before canonicalize().
    std::string_view canonical_text_;
    // The canonical form with its password masked (report_needs::redacted; --fix with
    // --redact-password or --strip-password).
    std::string canonical_redacted_;
    // --plan: the options (their anonymous password a view of settings_), the current input's
    // plan when it has one, and the buffer of a command line (plan_lines.hpp).
    plan_options plan_options_;
    std::optional<command_plan> plan_;
    std::string command_line_;
    // The policy: views of settings_.policy.allow (which never changes after construction).
    std::vector<std::string_view> allow_;
    policy policy_;
    // The current input's host class, when it parsed and the writer shows it.
    std::optional<host_class> host_class_;
};

} // namespace ftpuri::cli
