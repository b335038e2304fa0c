// SPDX-License-Identifier: Apache-2.0
// fuzz/cli_fuzzer.cpp: ftpuri-check's per-line loop on any bytes (src/cli: block_reader and
// line_checker, as main.cpp drives them for a file).
//
// The input is a file's contents. It is read with block_reader and checked line by line in
// each profile, and:
//   - JSON Lines: one output line per input line, each a JSON object (RapidJSON parses it,
//     validating UTF-8) with exactly the keys file, input, line, valid, canonical, diagnostics,
//     in that order; "input" is the line with its password masked and its non-UTF-8 bytes
//     replaced; "line" counts from 1; "valid" is parse()'s verdict; "canonical" is null for an
//     invalid line and the canonical form with its password masked for a valid one; every
//     diagnostic has a known id, a severity, an offset and length within the line and the
//     catalogue's message, and there is an error iff the line is invalid;
//   - the text format: each report is a header "NAME:LINE:...", then perhaps the echoed line
//     and a caret line, then a "  hint: " line; no output line, in any format, holds a raw
//     control character (C0, DEL, C1) or bidirectional control, or bytes that are not UTF-8:
//     an input cannot drive the terminal;
//   - SARIF: each result is a JSON object with a known ruleId and a region whose columns
//     start at 1 and do not run backwards;
//   - --fix: the canonical form of each valid line, one per line.
// The lines block_reader gives are checked against an independent split (the cli unit tests'
// tests/cli_unit/reference_lines.hpp), with the default blocks and again with tiny blocks
// (sizes drawn from the input, so that lines longer than a block, the line limit and a CRLF
// cut between blocks are all reached) and a small cap, which must keep each line's prefix and
// count its whole length. A quiet run's loop of its own (line_checker::check_lines with
// verdicts only) counts the same blocks: every line, as an input or as a skipped blank or
// comment line, every byte, and the lines validate() rejects.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include "block_reader.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/redact.hpp"
#include "line_checker.hpp"
#include "reference_lines.hpp"
#include "well_formed_utf8.hpp"

#include "fuzz_check.hpp"

namespace {

using namespace ftpuri;
using ftpuri::cli::check_settings;
using ftpuri::cli::line_checker;
using ftpuri::cli::output_format;

constexpr std::string_view origin_name = "<fuzz>";

// Reads `input` through block_reader and checks each line against `expected`.
void check_reader(std::string_view input, std::vector<reference_line> const& expected, std::size_t cap,
                  std::size_t block_bytes, std::size_t block_lines)
{
    std::string copy(input); // fmemopen wants a mutable buffer
    std::FILE* const file = fmemopen(copy.data(), copy.size(), "rb");
    FUZZ_CHECK(file != nullptr, input);
    cli::block_reader reader(file, cap, block_bytes, block_lines);
    cli::line_block block;
    // A quiet run's loop (verdicts only) over the same blocks must count what they hold.
    cli::check_settings quiet;
    quiet.quiet = true;
    cli::line_checker verdicts(quiet);
    std::size_t n = 0;
    while (reader.next(block)) {
        verdicts.check_lines({"<stdin>", n + 1, false}, block);
        std::size_t in_block = 0;
        block.for_each_line([&](std::string_view kept, cli::line_info const& info) {
            FUZZ_CHECK(n < expected.size(), input);
            reference_line const& line = expected[n];
            FUZZ_CHECK(info.length == line.bytes.size() && info.end == line.end, input);
            FUZZ_CHECK(info.kept == kept.size() && kept == line.bytes.substr(0, cap), input);
            ++n;
            ++in_block;
        });
        FUZZ_CHECK(in_block == block.line_count() && in_block > 0 && in_block <= block_lines, input);
    }
    FUZZ_CHECK(!reader.failed() && reader.exhausted() && n == expected.size(), input);
    // A UTF-16 or UTF-32 mark ends the reading at once: nothing to check.
    bool const foreign = reference_foreign_mark(input);
    FUZZ_CHECK(foreign == (reader.foreign_mark() != nullptr), input);
    FUZZ_CHECK(reader.bytes_read() == input.size() || foreign, input);
    cli::tally const& counts = verdicts.counts();
    // Blank and comment lines are skipped, not inputs: a line whose kept bytes hold only
    // blanks, or whose first other byte is '#' (written here apart from is_skipped_line).
    auto const skipped = [&](reference_line const& line) {
        std::string_view const kept = line.bytes.substr(0, cap);
        std::size_t const first = kept.find_first_not_of(" \t\r\f\v");
        return first == std::string_view::npos || kept[first] == '#';
    };
    std::uint64_t lines_skipped = 0;
    for (reference_line const& line : expected)
        lines_skipped += skipped(line) ? 1U : 0U;
    FUZZ_CHECK(counts.skipped == lines_skipped, input);
    FUZZ_CHECK(counts.inputs + counts.skipped == expected.size() &&
                   (counts.bytes + reference_bom_size(input) == input.size() || foreign),
               input);
    if (cap == cli::block_reader::no_cap) {
        // A list line's verdict (docs/lists.md), written here apart from list_line.hpp: without
        // its comment (blanks, then '#') and its trailing blanks, a line that still holds a
        // blank after its first run of text may hold two fields, which is invalid; otherwise the
        // rest is the URI.
        auto const valid_line = [&](std::string_view line) {
            for (std::size_t i = 1; i < line.size(); ++i)
                if (line[i] == '#' && (line[i - 1] == ' ' || line[i - 1] == '\t')) {
                    line = line.substr(0, i);
                    break;
                }
            while (!line.empty() && (line.back() == ' ' || line.back() == '\t'))
                line.remove_suffix(1);
            std::size_t const text = line.find_first_not_of(" \t");
            std::size_t const blank = text == std::string_view::npos ? text : line.find_first_of(" \t", text);
            return blank == std::string_view::npos && validate(line, quiet.parse);
        };
        std::uint64_t invalid = 0;
        for (reference_line const& line : expected)
            invalid += skipped(line) || valid_line(line.bytes) ? 0U : 1U;
        FUZZ_CHECK(counts.invalid == invalid, input);
    }
    static_cast<void>(std::fclose(file));
}

// The lines of `input` as ftpuri-check reads them.
std::vector<std::string> read_lines(std::string_view input)
{
    std::vector<reference_line> const expected = reference_lines(input);
    std::vector<std::string> lines;
    if (input.empty()) return lines;
    check_reader(input, expected, cli::block_reader::no_cap, cli::block_reader::default_block_bytes,
                 cli::block_reader::default_block_lines);
    auto const first = static_cast<unsigned char>(input.front());
    auto const last = static_cast<unsigned char>(input.back());
    check_reader(input, expected, 5, 1 + first % 23U, 1 + last % 4U);
    for (reference_line const& line : expected)
        lines.emplace_back(line.bytes);
    return lines;
}

// The settings of ftpuri-check --format=FORMAT with the profile of `options`.
check_settings settings_for(output_format format, parse_options const& options)
{
    check_settings settings;
    settings.parse = options;
    settings.format = format;
    return settings;
}

std::vector<std::string_view> output_lines(std::string_view input, std::string_view out)
{
    std::vector<std::string_view> lines;
    FUZZ_CHECK_DETAIL(out.empty() || out.back() == '\n', input, out);
    while (!out.empty()) {
        std::size_t const nl = out.find('\n');
        lines.push_back(out.substr(0, nl));
        out.remove_prefix(nl + 1);
    }
    return lines;
}

// True when `s` is UTF-8 and holds no character that drives or reorders a terminal: C0, DEL,
// C1 (U+0080-U+009F) or a bidirectional control (U+202A-U+202E, U+2066-U+2069). Written from
// their UTF-8 bytes, apart from src/cli/terminal_safe.hpp, which it checks.
bool terminal_safe_text(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        std::size_t const n = cli::utf8_sequence_length(s, i);
        if (n == 0) return false;
        auto const b0 = static_cast<unsigned char>(s[i]);
        unsigned const b1 = n > 1 ? static_cast<unsigned char>(s[i + 1]) : 0U;
        unsigned const b2 = n > 2 ? static_cast<unsigned char>(s[i + 2]) : 0U;
        if (n == 1 && (b0 < 0x20 || b0 == 0x7F)) return false;
        if (n == 2 && b0 == 0xC2 && b1 < 0xA0) return false;
        if (n == 3 && b0 == 0xE2 &&
            ((b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE) || (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9)))
            return false;
        i += n;
    }
    return true;
}

std::string redacted(std::string_view s)
{
    std::string out(redact_password_size_bound(s), '\0');
    std::size_t const n = redact_password_into(s, out).size;
    out.resize(n);
    return out;
}

std::string_view as_view(rapidjson::Value const& v)
{
    return {v.GetString(), v.GetStringLength()};
}

void check_json_line(std::string_view input, std::string_view json, std::string_view line, std::uint64_t number,
                     parse_options const& options)
{
    rapidjson::Document d;
    d.Parse<rapidjson::kParseValidateEncodingFlag>(json.data(), json.size());
    FUZZ_CHECK_DETAIL(!d.HasParseError(), input,
                      std::string(rapidjson::GetParseError_En(d.GetParseError())) + ": " + std::string(json));
    FUZZ_CHECK_DETAIL(d.IsObject() && d.MemberCount() == 7, input, json);
    char const* const keys[] = {"file", "input", "line", "valid", "canonical", "host_class", "diagnostics"};
    for (rapidjson::SizeType k = 0; k < 7; ++k) // by index: RapidJSON's iterators trip -Wambiguous-reversed-operator
        FUZZ_CHECK_DETAIL(as_view((d.MemberBegin() + k)->name) == keys[k], input, json);
    FUZZ_CHECK_DETAIL(as_view(d["file"]) == origin_name, input, json);

    std::string expected_input;
    cli::append_utf8_sanitized(redacted(line), expected_input);
    FUZZ_CHECK_DETAIL(d["input"].IsString() && as_view(d["input"]) == expected_input, input, json);
    FUZZ_CHECK_DETAIL(d["line"].IsUint64() && d["line"].GetUint64() == number, input, json);

    parse_result const r = parse(line, options);
    FUZZ_CHECK_DETAIL(d["valid"].IsBool() && d["valid"].GetBool() == r.has_value(), input, json);

    rapidjson::Value const& canonical = d["canonical"];
    if (!r) {
        FUZZ_CHECK_DETAIL(canonical.IsNull(), input, json);
    } else {
        std::optional<std::string> const c = canonicalize(line, options);
        FUZZ_CHECK_DETAIL(c.has_value() && canonical.IsString() && as_view(canonical) == redacted(*c), input, json);
    }

    rapidjson::Value const& host_class = d["host_class"];
    if (!r) {
        FUZZ_CHECK_DETAIL(host_class.IsNull(), input, json);
    } else {
        FUZZ_CHECK_DETAIL(host_class.IsString() && as_view(host_class) == ftpuri::to_string(ftpuri::classify_host(*r)),
                          input, json);
    }

    rapidjson::Value const& diagnostics = d["diagnostics"];
    FUZZ_CHECK_DETAIL(diagnostics.IsArray(), input, json);
    std::size_t errors = 0;
    for (auto const& item : diagnostics.GetArray()) {
        FUZZ_CHECK_DETAIL(item.IsObject(), input, json);
        for (char const* key : {"id", "severity", "message"})
            FUZZ_CHECK_DETAIL(item.HasMember(key) && item[key].IsString(), input, json);
        for (char const* key : {"offset", "length"})
            FUZZ_CHECK_DETAIL(item.HasMember(key) && item[key].IsUint(), input, json);
        std::optional<diag_id> const id = find_diag(as_view(item["id"]));
        FUZZ_CHECK_DETAIL(id.has_value() && as_view(item["message"]) == info(*id).message, input, json);
        std::string_view const level = as_view(item["severity"]);
        FUZZ_CHECK_DETAIL(level == "error" || level == "warning" || level == "note", input, json);
        errors += level == "error" ? 1U : 0U;
        FUZZ_CHECK_DETAIL(std::uint64_t{item["offset"].GetUint()} + item["length"].GetUint() <= line.size(), input,
                          json);
    }
    FUZZ_CHECK_DETAIL(errors == (r ? 0U : 1U), input, json);
}

void check_json(std::string_view input, std::vector<std::string> const& lines, parse_options const& options)
{
    line_checker checker(settings_for(output_format::json, options));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        bool const valid = checker.check({origin_name, i + 1, false}, lines[i]);
        FUZZ_CHECK(valid == validate(lines[i], options), input);
    }
    std::vector<std::string_view> const out = output_lines(input, checker.output());
    FUZZ_CHECK(out.size() == lines.size(), input);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        FUZZ_CHECK_DETAIL(terminal_safe_text(out[i]), input, out[i]);
        check_json_line(input, out[i], lines[i], i + 1, options);
    }
}

void check_text(std::string_view input, std::vector<std::string> const& lines, parse_options const& options)
{
    line_checker checker(settings_for(output_format::text, options));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        checker.clear_output();
        bool const valid = checker.check({origin_name, i + 1, false}, lines[i]);
        FUZZ_CHECK(valid == validate(lines[i], options), input);
        std::string const prefix = std::string(origin_name) + ':' + std::to_string(i + 1) + ':';
        std::vector<std::string_view> const out = output_lines(input, checker.output());
        for (std::string_view const line : out)
            FUZZ_CHECK_DETAIL(terminal_safe_text(line), input, line);
        // The structure is known, so the input cannot pass for it: a header (whose name and
        // line the input cannot choose), then the echoed line and the caret line unless the
        // header is a note (which follows its error at the same bytes), then the hint. An echo
        // may well begin with "  hint: " or "<fuzz>:1:": it is the input.
        std::size_t k = 0;
        while (k < out.size()) {
            FUZZ_CHECK_DETAIL(out[k].starts_with(prefix), input, out[k]);
            bool const note = out[k].find(": note: ") != std::string_view::npos;
            ++k;
            if (!note) {
                FUZZ_CHECK(k + 1 < out.size(), input);
                std::string_view const caret = out[k + 1];
                std::size_t const at = caret.find_first_not_of(' ');
                FUZZ_CHECK_DETAIL(at != std::string_view::npos && caret[at] == '^' &&
                                      caret.find_first_not_of('~', at + 1) == std::string_view::npos,
                                  input, caret);
                k += 2;
            }
            FUZZ_CHECK(k < out.size() && out[k].starts_with("  hint: "), input);
            ++k;
        }
    }
}

// SARIF: one result per line of output, each a JSON object after its leading ','.
void check_sarif(std::string_view input, std::vector<std::string> const& lines, parse_options const& options)
{
    line_checker checker(settings_for(output_format::sarif, options));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        checker.clear_output();
        static_cast<void>(checker.check({origin_name, i + 1, false}, lines[i]));
        for (std::string_view result : output_lines(input, checker.output())) {
            FUZZ_CHECK_DETAIL(result.starts_with(',') && terminal_safe_text(result), input, result);
            result.remove_prefix(1);
            rapidjson::Document d;
            d.Parse<rapidjson::kParseValidateEncodingFlag>(result.data(), result.size());
            FUZZ_CHECK_DETAIL(!d.HasParseError() && d.IsObject(), input, result);
            FUZZ_CHECK_DETAIL(d.HasMember("ruleId") && d["ruleId"].IsString() &&
                                  find_diag(as_view(d["ruleId"])).has_value(),
                              input, result);
            rapidjson::Value const& region = d["locations"][0]["physicalLocation"]["region"];
            FUZZ_CHECK_DETAIL(region["startLine"].GetUint64() == i + 1, input, result);
            FUZZ_CHECK_DETAIL(region["startColumn"].GetUint() >= 1, input, result);
            FUZZ_CHECK_DETAIL(region["endColumn"].GetUint() >= region["startColumn"].GetUint(), input, result);
        }
    }
}

// --fix: the canonical form of each valid line, one per line, in order.
void check_fix(std::string_view input, std::vector<std::string> const& lines, parse_options const& options)
{
    check_settings settings = settings_for(output_format::text, options);
    settings.fix = cli::fix_mode::print;
    line_checker checker(settings);
    std::vector<std::string> expected;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        static_cast<void>(checker.check({origin_name, i + 1, false}, lines[i]));
        if (std::optional<std::string> const c = canonicalize(lines[i], options)) expected.push_back(*c);
    }
    std::vector<std::string_view> const out = output_lines(input, checker.output());
    FUZZ_CHECK(out.size() == expected.size(), input);
    for (std::size_t i = 0; i < out.size(); ++i)
        FUZZ_CHECK_DETAIL(out[i] == expected[i], input, out[i]);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);
    std::vector<std::string> const lines = read_lines(input);
    for (profile p : {profile::strict, profile::rfc3986, profile::lenient}) {
        parse_options const options{p, default_max_length};
        check_json(input, lines, options);
        check_text(input, lines, options);
        check_sarif(input, lines, options);
        check_fix(input, lines, options);
    }
    return 0;
}
