// SPDX-License-Identifier: Apache-2.0
// report_writer.hpp: how ftpuri-check writes the report of one checked input, one writer per
// output format, as clang has one diagnostic printer per format.
//
// line_checker (line_checker.hpp) checks an input, counts what it found, masks its password and
// builds its canonical form; it hands the result to its report_writer as a checked_input, and
// the writer appends that input's report to an output buffer:
//
//     text_writer         text_writer.hpp         FILE:LINE:COL: SEVERITY: MESSAGE [ID], the echo, a caret
//     json_writer         json_writer.hpp         JSON Lines: one object per input
//     sarif_writer        sarif_writer.hpp        the results of a SARIF 2.1.0 log (sarif_log.hpp: the rest)
//     github_writer       github_writer.hpp       GitHub Actions workflow commands, one per diagnostic
//     codeclimate_writer  codeclimate_writer.hpp  the issues of GitLab's code quality report
//
// What a format writes around the reports (SARIF's log, the code quality report's array) is
// report_envelope.hpp's.
//
// With --plan, line_checker plans each valid input (ftpuri/plan.hpp): a plan the library
// refuses (plan.nocwd-slash) is one more error in the input's diagnostics, which makes it
// invalid, so every writer reports it as it reports a parse error. JSON adds the plan of a
// valid input to its record; the text format's plans are written by line_checker itself
// (plan_lines.hpp), on the output, with the reports of invalid inputs on the error output;
// SARIF has no place for a plan and writes only the refusals, as results.
//
// A writer is called once per reported input (a virtual call per line, never per byte) and owns
// the buffers it needs, reused from input to input: once they have grown, writing a report
// allocates nothing. A report never shows a password: JSON echoes `redacted` and
// `redacted_canonical` and masks `password` in its plan (plan_lines.hpp) unless --show-password,
// the text format masks `password` in its echo itself (it maps bytes to columns), and SARIF,
// GitHub's and GitLab's formats echo nothing (SARIF's fixes leave a password's bytes alone, and
// the fingerprints of SARIF and GitLab hash the input with its password masked).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri::cli {

enum class output_format : std::uint8_t {
    text,        // FILE:LINE:COL: SEVERITY: MESSAGE [ID], the source line, a caret, the hint
    json,        // JSON Lines: one object per input
    sarif,       // the results of one SARIF 2.1.0 log (sarif_log.hpp writes the rest)
    github,      // GitHub Actions workflow commands: ::error file=F,line=L,...::MESSAGE
    codeclimate, // GitLab's code quality report: one JSON array of issues
};

// The formats whose reports are the items of one JSON array over the whole run (SARIF's
// results, the code quality report's issues): each item is written with a leading ',' so that
// the reports of several workers join in input order, and the pipeline drops the first one's.
[[nodiscard]] constexpr bool reports_join_with_commas(output_format format) noexcept
{
    return format == output_format::sarif || format == output_format::codeclimate;
}

// Where an input comes from.
struct input_origin {
    std::string_view name; // a file name, "<stdin>" or "<arg N>"
    std::uint64_t line;    // 1-based line number in the file, 1 for an argument
    bool from_file;        // a file (SARIF gives its URI) rather than "<stdin>" or an argument
};

// Whether a report shows `d`: errors always; warnings and notes unless --disable named them or
// they are below the minimum severity (--min-severity: note shows all, error no warning).
[[nodiscard]] inline bool is_reported(diagnostic const& d, diag_set const& hidden,
                                      severity minimum = severity::note) noexcept
{
    return d.level == severity::error || (!hidden.contains(d.id) && d.level <= minimum);
}

// One input as line_checker checked it. Every view points into the checker's buffers and is
// valid until its next check().
struct checked_input {
    input_origin const& origin;
    // The bytes read, which the diagnostics' offsets index. They may hold a password: an echo
    // masks `password`, or shows `redacted` instead.
    std::string_view bytes;
    std::uint64_t length; // the whole input's length; more than bytes.size() when the reader cut it
    bool valid;
    diagnostic_list const& diagnostics; // every finding; a report shows those shown() accepts
    diag_set const& hidden;             // --disable, and the directives of the line and the file
    severity minimum = severity::note;  // --min-severity
    // Where the password is in `bytes` (report_needs::password, when there are diagnostics;
    // always with report_needs::redacted).
    std::optional<byte_range> password;
    // `bytes` with the password masked (report_needs::redacted), else empty.
    std::string_view redacted;
    // The canonical form of a valid input when report_needs::canonical asks for it, else empty.
    // It keeps the password (unless --strip-password dropped it): never echo it as it is.
    std::string_view canonical;
    // `canonical` with its password masked (report_needs::redacted, a valid input), else empty.
    std::string_view redacted_canonical;
    // --plan: the plan of a valid input; nullptr for an invalid one (a refused plan included) or
    // when no plan was asked for.
    command_plan const* plan = nullptr;
    // The class of the host (ftpuri::classify_host) of an input that parsed, when
    // report_needs::host_class asks for it; nothing for an input that did not parse. An input
    // that parsed but that the policy or the plan refuses has one.
    std::optional<host_class> host = std::nullopt;
    // --components: the parsed view of a valid input (JSON's "components"); nullptr otherwise.
    uri_view const* uri = nullptr;
    // `bytes` is a URI valid in the strict or rfc3986 profile, so printable ASCII without a '"'
    // or '\\' (only the lenient profile takes raw spaces and non-ASCII bytes): a JSON string of
    // it needs no look at its bytes.
    bool plain_ascii = false;
    // The bytes of `bytes` a fix replaces with `canonical`, [fix_begin, fix_end): the whole input,
    // or on a list line the URI (and the trailing blanks it drops), never a comment or another
    // field (list_line.hpp).
    std::size_t fix_begin = 0;
    std::size_t fix_end = std::string_view::npos;

    [[nodiscard]] bool shown(diagnostic const& d) const noexcept { return is_reported(d, hidden, minimum); }
    // The reader cut the line (block_reader's cap): it goes on past `bytes`.
    [[nodiscard]] bool truncated() const noexcept { return length > bytes.size(); }
    // The length a report gives `d`. A cut line is checked on its first max_length + 1 bytes;
    // the length of input.too-long is the whole excess all the same.
    [[nodiscard]] std::uint32_t reported_length(diagnostic const& d) const noexcept
    {
        if (d.id != diag_id::input_too_long || length <= d.offset) return d.length;
        std::uint64_t const excess = length - d.offset;
        return excess > 0xFFFF'FFFFU ? 0xFFFF'FFFFU : static_cast<std::uint32_t>(excess);
    }
};

// Which inputs need their canonical form built for the report.
enum class canonical_need : std::uint8_t {
    never,
    with_diagnostics, // valid inputs with diagnostics (SARIF's fixes)
    always,           // every valid input (JSON's "canonical")
};

// What a writer needs line_checker to prepare besides the diagnostics; asked once.
struct report_needs {
    canonical_need canonical = canonical_need::never;
    bool password = false;   // checked_input::password
    bool redacted = false;   // checked_input::redacted and redacted_canonical
    bool host_class = false; // checked_input::host
};

class report_writer {
public:
    report_writer() = default;
    virtual ~report_writer() = default;
    report_writer(report_writer const&) = delete;
    report_writer& operator=(report_writer const&) = delete;
    report_writer(report_writer&&) = delete;
    report_writer& operator=(report_writer&&) = delete;

    [[nodiscard]] virtual report_needs needs() const noexcept = 0;
    // Appends the report of `input` to `to` (nothing when there is nothing to say, except in
    // JSON, which has a record for every input). Throws nothing but std::bad_alloc.
    virtual void write(checked_input const& input, std::string& to) = 0;
};

// --plan, as the reports show it.
struct plan_display {
    bool planned = false;       // --plan: JSON records have "plan" and "ask_password"
    bool show_password = false; // --show-password: PASS shows the password, not ****
    bool components = false;    // --components: JSON records have "components"
};

// The writer of `format`. `colour`: ANSI colours (text). `parse`: the options the inputs are
// checked with (SARIF checks a canonical form again to see what it fixes). `plan`: what JSON
// records say of the plan.
[[nodiscard]] std::unique_ptr<report_writer> make_report_writer(output_format format, bool colour,
                                                                parse_options const& parse, plan_display plan = {});

// The 1-based column of byte `offset` of `line` in Unicode code points, as SARIF (its
// columnKind) and GitHub's annotations count them: a byte that is not UTF-8 counts as one, as
// the U+FFFD an editor shows for it does, and bytes past the end (the part of a capped line the
// reader did not keep) count one each.
[[nodiscard]] std::uint64_t code_point_column(std::string_view line, std::uint64_t offset) noexcept;

// Appends the decimal digits of n.
inline void append_number(std::string& to, std::uint64_t n)
{
    char digits[24];
    auto const [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    static_cast<void>(ec); // 24 bytes hold any uint64_t
    to.append(digits, static_cast<std::size_t>(end - digits));
}

} // namespace ftpuri::cli
