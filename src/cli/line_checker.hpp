// line_checker.hpp: what ftpuri-check does with one input line.
//
// The CLI reads inputs (arguments, lines of files or stdin) and hands each to one long-lived
// line_checker, which parses it and appends its report to an output buffer that the caller
// writes out. Every buffer the checker needs (the outputs, the diagnostic_list, the redacted and
// UTF-8-sanitized copies of the input, the canonical form, the JSON writer's) is a member
// reused from line to line:
// once they have grown to the largest input, checking a line allocates nothing, so checking a
// million lines costs no more memory traffic than checking one. A test counts allocations to
// hold it to that.
//
// Reports never contain a password: the text format never echoes the input, and the JSON
// format echoes the input and its canonical form with the password replaced by "****"
// (ftpuri/redact.hpp). The one output that keeps it is --fix's: the canonical form itself, which
// PRODUCT.md says keeps the password unless the user asks to drop it (--strip-password).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::cli {

enum class output_format : std::uint8_t {
    text, // NAME:LINE:COL: SEVERITY: MESSAGE [ID], then "  hint: HINT", per diagnostic
    json, // JSON Lines: one object per input
};

struct check_settings {
    parse_options parse{};
    output_format format = output_format::text;
    // Report no diagnostics; check() only says whether the input is valid. With `fix`, the
    // canonical forms are still written: they are the output asked for, not a report.
    bool quiet = false;
    // --fix: output() gets the canonical form of each valid input, one per line; the text
    // reports of invalid inputs go to error_output(); valid inputs' warnings are not reported
    // (the canonical form is the fix). Text format only (main.cpp refuses --fix with json).
    bool fix = false;
    // How the canonical form is written, for --fix and for JSON's "canonical".
    canonical_options canonical{};
};

// Where an input comes from.
struct input_origin {
    std::string_view name; // a file name, "<stdin>" or "<arg N>"
    std::uint64_t line;    // 1-based line number in the file, or N for an argument
    bool argument;         // text reports put line 1 for an argument: it is a one-line input
};

class line_checker {
public:
    explicit line_checker(check_settings const& settings);

    line_checker(line_checker const&) = delete;
    line_checker& operator=(line_checker const&) = delete;

    // Parses `input` and appends its report to output(). Returns true when it is valid.
    // Throws nothing but std::bad_alloc (while the buffers grow).
    bool check(input_origin const& origin, std::string_view input);

    // What to write to stdout since the last clear_output(): the reports, or with --fix the
    // canonical forms.
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

private:
    // The canonical form of `uri` in canonical_ (no password masking); false if it could not
    // be built, which canonicalize_into() promises never happens for a parsed view.
    bool canonicalize(uri_view const& uri);
    void write_fix(input_origin const& origin, bool valid);
    void write_canonical_failure(input_origin const& origin);
    void write_text(input_origin const& origin, std::string& to);
    void write_json(input_origin const& origin, std::string_view input, bool valid);
    static void append_number(std::string& to, std::uint64_t n);

    check_settings settings_;
    diagnostic_list diagnostics_;
    std::string out_;
    std::string err_;
    std::string redacted_;  // the input with its password masked (JSON only)
    std::string sanitized_; // redacted_ with invalid UTF-8 bytes replaced (JSON only)
    // The canonical form: canonical_size_bound() bytes, grown only, never shrunk, so that
    // resizing per line neither allocates nor fills; canonical_size_ is the current form's size.
    std::string canonical_;
    std::size_t canonical_size_ = 0;
    std::string canonical_redacted_; // the canonical form with its password masked (JSON only)
    rapidjson::StringBuffer json_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// Appends `in` to `out` with every byte that is not part of a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) replaced by U+FFFD,
// one replacement per byte. JSON strings must be Unicode, and an input may be any bytes.
void append_utf8_sanitized(std::string_view in, std::string& out);

} // namespace ftpuri::cli
