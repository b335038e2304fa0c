// line_checker.hpp: what ftpuri-check does with one input line.
//
// The CLI reads inputs (arguments, lines of files or stdin) and hands each to one long-lived
// line_checker, which parses it and appends its report to an output buffer that the caller
// writes out. Every buffer the checker needs (the output, the diagnostic_list, the redacted and
// UTF-8-sanitized copies of the input, the JSON writer's) is a member reused from line to line:
// once they have grown to the largest input, checking a line allocates nothing, so checking a
// million lines costs no more memory traffic than checking one. A test counts allocations to
// hold it to that.
//
// Reports never contain a password: the text format never echoes the input, and the JSON
// format echoes it with the password replaced by "****" (ftpuri/redact.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"

namespace ftpuri::cli {

enum class output_format : std::uint8_t {
    text, // NAME:LINE:COL: SEVERITY: MESSAGE [ID], then "  hint: HINT", per diagnostic
    json, // JSON Lines: one object per input
};

struct check_settings {
    parse_options parse{};
    output_format format = output_format::text;
    bool quiet = false; // report nothing; check() only says whether the input is valid
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

    // The reports appended since the last clear_output().
    [[nodiscard]] std::string_view output() const noexcept { return out_; }
    // Empties the output but keeps its capacity, so the next reports do not allocate.
    void clear_output() noexcept { out_.clear(); }

private:
    void write_text(input_origin const& origin);
    void write_json(input_origin const& origin, std::string_view input, bool valid);
    void append_number(std::uint64_t n);

    check_settings settings_;
    diagnostic_list diagnostics_;
    std::string out_;
    std::string redacted_;  // the input with its password masked (JSON only)
    std::string sanitized_; // redacted_ with invalid UTF-8 bytes replaced (JSON only)
    rapidjson::StringBuffer json_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// Appends `in` to `out` with every byte that is not part of a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) replaced by U+FFFD,
// one replacement per byte. JSON strings must be Unicode, and an input may be any bytes.
void append_utf8_sanitized(std::string_view in, std::string& out);

} // namespace ftpuri::cli
