#include "line_checker.hpp"

#include <charconv>
#include <limits>
#include <span>

#include "ftpuri/parse.hpp"
#include "ftpuri/redact.hpp"

namespace ftpuri::cli {
namespace {

// The length of the well-formed UTF-8 sequence that starts at s[i], or 0 if none does
// (RFC 3629 section 4, the UTF8-octets rule).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept
{
    auto byte = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    auto in = [](unsigned c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; };
    unsigned const b0 = byte(0);
    if (b0 < 0x80) return 1;
    if (in(b0, 0xC2, 0xDF)) return in(byte(1), 0x80, 0xBF) ? 2 : 0;
    if (in(b0, 0xE0, 0xEF)) {
        // E0 A0..BF excludes overlong forms; ED 80..9F excludes the surrogates.
        unsigned const lo = b0 == 0xE0 ? 0xA0 : 0x80;
        unsigned const hi = b0 == 0xED ? 0x9F : 0xBF;
        return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) ? 3 : 0;
    }
    if (in(b0, 0xF0, 0xF4)) {
        // F0 90..BF excludes overlong forms; F4 80..8F stops at U+10FFFF.
        unsigned const lo = b0 == 0xF0 ? 0x90 : 0x80;
        unsigned const hi = b0 == 0xF4 ? 0x8F : 0xBF;
        return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) && in(byte(3), 0x80, 0xBF) ? 4 : 0;
    }
    return 0; // a continuation byte, C0, C1 or F5..FF
}

// RapidJSON measures strings in SizeType (32 bits). Only a line of gigabytes could exceed it;
// such a string is cut, at a character boundary so that the JSON stays valid.
rapidjson::SizeType json_length(std::string_view s) noexcept
{
    constexpr std::size_t max = std::numeric_limits<rapidjson::SizeType>::max();
    std::size_t n = s.size();
    if (n > max) {
        n = max;
        while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
            --n;
    }
    return static_cast<rapidjson::SizeType>(n);
}

void write_string(rapidjson::Writer<rapidjson::StringBuffer>& w, std::string_view s)
{
    w.String(s.data(), json_length(s));
}

} // namespace

void append_utf8_sanitized(std::string_view in, std::string& out)
{
    static constexpr std::string_view replacement = "\xEF\xBF\xBD"; // U+FFFD
    std::size_t i = 0;
    while (i < in.size()) {
        // Copy the longest well-formed run at once, then replace the one byte that stopped it.
        std::size_t const run_begin = i;
        std::size_t n = 0;
        while (i < in.size() && (n = utf8_sequence_length(in, i)) != 0)
            i += n;
        out.append(in.data() + run_begin, i - run_begin);
        if (i < in.size()) {
            out.append(replacement);
            ++i;
        }
    }
}

line_checker::line_checker(check_settings const& settings) : settings_(settings), writer_(json_) {}

bool line_checker::check(input_origin const& origin, std::string_view input)
{
    diagnostics_.clear();
    parse_result const result = parse(input, settings_.parse, diagnostics_);
    bool const valid = result.has_value();
    // parse() puts its error into the list; should it ever not, report the error anyway rather
    // than print an invalid input with no reason.
    if (!valid && !diagnostics_.has_error()) diagnostics_.push(result.error());

    if (settings_.quiet) return valid;
    if (settings_.format == output_format::json)
        write_json(origin, input, valid);
    else
        write_text(origin);
    return valid;
}

void line_checker::append_number(std::uint64_t n)
{
    char digits[24];
    auto const [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    static_cast<void>(ec); // 24 bytes hold any uint64_t
    out_.append(digits, static_cast<std::size_t>(end - digits));
}

// The text format never shows the input itself, so it cannot show a password.
void line_checker::write_text(input_origin const& origin)
{
    std::uint64_t const line = origin.argument ? 1 : origin.line;
    for (diagnostic const& d : diagnostics_) {
        diag_info const& about = d.info();
        out_.append(origin.name);
        out_.push_back(':');
        append_number(line);
        out_.push_back(':');
        append_number(std::uint64_t{d.offset} + 1); // columns count bytes from 1
        out_.append(": ");
        out_.append(to_string(d.level));
        out_.append(": ");
        out_.append(about.message);
        out_.append(" [");
        out_.append(about.name);
        out_.append("]\n");
        if (!about.hint.empty()) {
            out_.append("  hint: ");
            out_.append(about.hint);
            out_.push_back('\n');
        }
    }
    // The list keeps a fixed number of findings (it must not allocate); say when some did not fit.
    if (diagnostics_.dropped() != 0) {
        out_.append(origin.name);
        out_.push_back(':');
        append_number(line);
        out_.append(": note: ");
        append_number(diagnostics_.dropped());
        out_.append(" more diagnostics were not kept (the list holds ");
        append_number(diagnostic_list::capacity);
        out_.append(")\n");
    }
}

// One JSON object per input, on one line (JSON Lines). Written with RapidJSON's streaming
// Writer into a reused StringBuffer: no DOM, so nothing allocates once the buffer has grown.
void line_checker::write_json(input_origin const& origin, std::string_view input, bool valid)
{
    // "input" is the input with its password masked, then with every byte that is not UTF-8
    // replaced by U+FFFD, because a JSON string must be Unicode. The Writer escapes NUL and the
    // other control characters (\u0000, \n, ...), so any line yields valid JSON. The offsets
    // under "diagnostics" remain offsets into the ORIGINAL input bytes, as the library reports
    // them; they do not index "input", which masking and sanitizing may have resized.
    redacted_.resize(redacted_size_bound(input));
    std::size_t const redacted_size = redact_password_into(input, std::span<char>(redacted_.data(), redacted_.size()));
    redacted_.resize(redacted_size); // never SIZE_MAX: the buffer has the bound's size
    sanitized_.clear();
    append_utf8_sanitized(redacted_, sanitized_);

    json_.Clear();
    writer_.Reset(json_);
    writer_.StartObject();
    writer_.Key("input");
    write_string(writer_, sanitized_);
    writer_.Key("line");
    writer_.Uint64(origin.line);
    writer_.Key("valid");
    writer_.Bool(valid);
    writer_.Key("canonical");
    writer_.Null(); // canonicalization is a later issue
    writer_.Key("diagnostics");
    writer_.StartArray();
    for (diagnostic const& d : diagnostics_) {
        diag_info const& about = d.info();
        writer_.StartObject();
        writer_.Key("id");
        write_string(writer_, about.name);
        writer_.Key("severity");
        write_string(writer_, to_string(d.level));
        writer_.Key("offset");
        writer_.Uint(d.offset);
        writer_.Key("length");
        writer_.Uint(d.length);
        writer_.Key("message");
        write_string(writer_, about.message);
        writer_.EndObject();
    }
    // diagnostics_.dropped() is not reported yet: the JSON shape is fixed by the issue and has no
    // field for it. The list keeps the error and its note whatever is dropped, so "valid" and the
    // error are always there; only surplus warnings can be missing.
    writer_.EndArray();
    writer_.EndObject();

    out_.append(json_.GetString(), json_.GetSize());
    out_.push_back('\n');
}

} // namespace ftpuri::cli
