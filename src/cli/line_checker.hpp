// line_checker.hpp: what ftpuri-check does with one input line.
//
// The CLI reads inputs (arguments, lines of files or stdin) and hands each to a long-lived
// line_checker, which parses it and appends its report to an output buffer that the caller
// writes out. Every buffer the checker needs (the outputs, the diagnostic_list, the echoed line,
// the canonical form, the JSON writer's) is a member reused from line to line: once they have
// grown to the largest input, checking a line allocates nothing, so checking a million lines
// costs no more memory traffic than checking one. A test counts allocations to hold it to that.
// Large inputs are checked by one line_checker per worker thread (pipeline.hpp).
//
// Reports never contain a password. Wherever one echoes the input (the text format's source
// line, JSON's "input" and "canonical") the password reads "****" (ftpuri/redact.hpp); SARIF
// points at columns and never echoes, and its fixes never carry the password. The one output
// that keeps it is --fix's canonical form, which PRODUCT.md says keeps the password unless the
// user asks to drop (--strip-password) or mask it (--redact-password).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "block_reader.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::cli {

enum class output_format : std::uint8_t {
    text,  // FILE:LINE:COL: SEVERITY: MESSAGE [ID], the source line, a caret, the hint
    json,  // JSON Lines: one object per input
    sarif, // the results of one SARIF 2.1.0 log (sarif_log.hpp writes the rest)
};

enum class fix_mode : std::uint8_t {
    none,
    print,    // --fix: canonical forms on output(), reports of invalid inputs on error_output()
    in_place, // --fix --in-place: the file's new content on output(); invalid lines kept as they are
};

// What --fix writes in place of a password (reports always mask it).
enum class password_policy : std::uint8_t { keep, redact, strip };

struct check_settings {
    // The profile, the length limit, and the opt-in rules to report (--enable).
    parse_options parse{};
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
    // ANSI colours in the text format.
    bool color = false;
    // Collect the warnings even when nothing is printed (--quiet with --error-on-warning or
    // --stats): the tally must count them.
    bool count_quietly = false;
};

// Where an input comes from.
struct input_origin {
    std::string_view name; // a file name, "<stdin>" or "<arg N>"
    std::uint64_t line;    // 1-based line number in the file, 1 for an argument
    bool from_file;        // a file (SARIF gives its URI) rather than "<stdin>" or an argument
};

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
    std::array<std::uint64_t, 3> by_severity{}; // indexed by ftpuri::severity
    std::array<std::uint64_t, diag_catalogue.size()> by_id{};

    void add(tally const& other) noexcept;
    [[nodiscard]] std::uint64_t count(severity s) const noexcept { return by_severity[static_cast<std::size_t>(s)]; }
};

class line_checker {
public:
    explicit line_checker(check_settings const& settings);

    line_checker(line_checker const&) = delete;
    line_checker& operator=(line_checker const&) = delete;

    // Parses the input and appends its report to output(). Returns true when it is valid.
    // Throws nothing but std::bad_alloc (while the buffers grow).
    bool check(input_origin const& origin, input_line const& input);
    bool check(input_origin const& origin, std::string_view input)
    {
        return check(origin, input_line{input, input.size(), line_end::lf});
    }
    // Checks every line of `lines` as check() does, the first being line `first.line`.
    void check_lines(input_origin first, line_block const& lines);

    // What to write to stdout (or, with --in-place, to the new file) since the last
    // clear_output(): the reports, or with --fix the canonical forms.
    [[nodiscard]] std::string_view output() const noexcept { return out_; }
    // What to write to stderr: with --fix the reports of invalid inputs; otherwise nothing but
    // an internal error (a canonical form that could not be built, which should never happen).
    [[nodiscard]] std::string_view error_output() const noexcept { return err_; }
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
    [[nodiscard]] bool shown(diagnostic const& d) const noexcept;
    [[nodiscard]] std::optional<byte_range> echoed_password(std::string_view input) const noexcept;
    [[nodiscard]] std::uint32_t reported_length(diagnostic const& d) const noexcept;
    // Only the verdicts are wanted (--quiet, nothing to tally but the invalid inputs, no --fix).
    [[nodiscard]] bool verdicts_only() const noexcept
    {
        return settings_.quiet && !settings_.count_quietly && settings_.fix == fix_mode::none;
    }
    void count(bool valid, input_line const& input);
    void write_fix(input_origin const& origin, input_line const& input, bool valid);
    void write_canonical_failure(input_origin const& origin);
    void write_json(input_origin const& origin, std::string_view input, bool valid);

    // text_report.cpp
    void write_text(input_origin const& origin, std::string_view input, std::string& to);
    void render_source(std::string_view input);
    void write_excerpt(diagnostic const& d, std::string& to);

    // sarif_report.cpp
    void write_sarif(input_origin const& origin, std::string_view input, bool valid);
    void find_fixed(bool valid);
    void write_sarif_artifact(input_origin const& origin);
    void write_sarif_location(input_origin const& origin, std::uint32_t first_column, std::uint32_t end_column);
    void write_sarif_fix(input_origin const& origin, std::string_view input);

    check_settings settings_;
    diagnostic_list diagnostics_;
    std::uint64_t line_length_ = 0; // the input's whole length (input_line::length)
    tally tally_;
    std::string out_;
    std::string err_;
    std::string redacted_;  // the input with its password masked (JSON only)
    std::string sanitized_; // redacted_ with invalid UTF-8 bytes replaced (JSON only)
    std::string name_;      // the origin's name, made fit for JSON or a terminal
    // The canonical form: canonical_size_bound() bytes, grown only, never shrunk, so that
    // resizing per line neither allocates nor fills; canonical_size_ is the current form's size.
    std::string canonical_;
    std::size_t canonical_size_ = 0;
    std::string canonical_redacted_; // the canonical form with its password masked (JSON only)
    // The text format's echo of the input: display_ is what is printed, and byte i of the
    // input shows in display columns [column_[i], column_[i + 1]), which start at byte
    // display_offset_[i] of display_.
    std::string display_;
    std::vector<std::uint32_t> column_;
    std::vector<std::uint32_t> display_offset_;
    // SARIF: which ids the canonical form fixes (it no longer reports them).
    diag_set fixed_;
    diagnostic_list recheck_;
    rapidjson::StringBuffer json_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// Appends `in` to `out` with every byte that is not part of a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) replaced by U+FFFD,
// one replacement per byte. JSON strings must be Unicode, and an input may be any bytes.
void append_utf8_sanitized(std::string_view in, std::string& out);

// The length of the well-formed UTF-8 sequence that starts at s[i], or 0 if none does.
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept;

// Appends the decimal digits of n.
void append_number(std::string& to, std::uint64_t n);

} // namespace ftpuri::cli
