#include "line_checker.hpp"

#include "json_string.hpp"

#include <charconv>
#include <limits>
#include <optional>
#include <span>

#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/redact.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {

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

void tally::add(tally const& other) noexcept
{
    inputs += other.inputs;
    invalid += other.invalid;
    bytes += other.bytes;
    changed += other.changed;
    for (std::size_t i = 0; i < by_severity.size(); ++i)
        by_severity[i] += other.by_severity[i];
    for (std::size_t i = 0; i < by_id.size(); ++i)
        by_id[i] += other.by_id[i];
}

void append_number(std::string& to, std::uint64_t n)
{
    char digits[24];
    auto const [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    static_cast<void>(ec); // 24 bytes hold any uint64_t
    to.append(digits, static_cast<std::size_t>(end - digits));
}

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

line_checker::line_checker(check_settings const& settings) : settings_(settings), writer_(json_)
{
    settings_.canonical.drop_password = settings.password == password_policy::strip;
}

bool line_checker::check(input_origin const& origin, input_line const& input)
{
    diagnostics_.clear();
    canonical_size_ = 0;
    line_length_ = input.length;
    bool const reports = !settings_.quiet;
    if (verdicts_only()) {
        // Only the verdict is wanted: the scanner with storing and warnings off, the fastest path.
        bool const valid = validate(input.bytes, settings_.parse);
        count(valid, input);
        return valid;
    }

    parse_result const result = parse(input.bytes, settings_.parse, diagnostics_);
    bool valid = result.has_value();
    // parse() puts its error into the list; should it ever not, report the error anyway rather
    // than print an invalid input with no reason.
    if (!valid && !diagnostics_.has_error()) diagnostics_.push(result.error());

    // The canonical form is built only where it is printed: --fix, JSON's "canonical", and
    // SARIF's fixes.
    bool const wants_canonical = settings_.fix != fix_mode::none ||
                                 (reports && (settings_.format == output_format::json ||
                                              (settings_.format == output_format::sarif && !diagnostics_.empty())));
    bool canonical_failed = false;
    if (valid && wants_canonical && !canonicalize(*result)) {
        // canonicalize_into() promises this never happens for a parsed view; should it, the
        // input is not reported valid with no canonical form to show for it.
        canonical_failed = true;
        valid = false;
    }
    count(valid, input);

    if (canonical_failed) write_canonical_failure(origin); // on stderr, even with --quiet
    if (settings_.fix != fix_mode::none) {
        if (!canonical_failed) write_fix(origin, input, valid);
        return valid;
    }
    if (!reports) return valid;
    switch (settings_.format) {
    case output_format::text: write_text(origin, input.bytes, out_); break;
    case output_format::json: write_json(origin, input.bytes, valid); break;
    case output_format::sarif: write_sarif(origin, input.bytes, valid); break;
    }
    return valid;
}

void line_checker::check_lines(input_origin first, line_block const& lines)
{
    if (!verdicts_only()) {
        lines.for_each_line([&](std::string_view kept, line_info const& info) {
            static_cast<void>(check(first, {kept, info.length, info.end}));
            ++first.line;
        });
        return;
    }
    // The loop of a quiet run over a mirror list, kept to the scanner's fastest path: no
    // diagnostics to clear or tally per line, one sum per block.
    std::uint64_t inputs = 0;
    std::uint64_t invalid = 0;
    std::uint64_t bytes = 0;
    lines.for_each_line([&](std::string_view kept, line_info const& info) {
        ++inputs;
        invalid += validate(kept, settings_.parse) ? 0U : 1U;
        bytes += info.length + ending_size(info.end);
    });
    tally_.inputs += inputs;
    tally_.invalid += invalid;
    tally_.bytes += bytes;
}

// Where the password is in an input to echo. A line the reader cut (block_reader's cap) may have
// lost the '@' that ends its password, so a cut line is read as a prefix.
std::optional<byte_range> line_checker::echoed_password(std::string_view input) const noexcept
{
    return line_length_ > input.size() ? find_password_in_prefix(input) : find_password(input);
}

bool line_checker::shown(diagnostic const& d) const noexcept
{
    return d.level == severity::error || !settings_.hidden.contains(d.id);
}

std::uint32_t line_checker::reported_length(diagnostic const& d) const noexcept
{
    // A capped line (block_reader) is checked on its first max_length + 1 bytes; the length of
    // input.too-long is the whole excess all the same.
    if (d.id != diag_id::input_too_long || line_length_ <= d.offset) return d.length;
    std::uint64_t const excess = line_length_ - d.offset;
    return excess > 0xFFFF'FFFFU ? 0xFFFF'FFFFU : static_cast<std::uint32_t>(excess);
}

void line_checker::count(bool valid, input_line const& input)
{
    ++tally_.inputs;
    if (!valid) ++tally_.invalid;
    tally_.bytes += input.length + ending_size(input.end);
    for (diagnostic const& d : diagnostics_) {
        if (!shown(d)) continue;
        ++tally_.by_severity[static_cast<std::size_t>(d.level)];
        ++tally_.by_id[static_cast<std::size_t>(d.id)];
    }
}

bool line_checker::canonicalize(uri_view const& uri)
{
    // Grown, never shrunk: a resize within the size it already has neither allocates nor fills.
    std::size_t const bound = canonical_size_bound(uri.size());
    if (canonical_.size() < bound) canonical_.resize(bound);
    canonical_result const r = canonicalize_into(uri, std::span<char>(canonical_.data(), bound), settings_.canonical);
    if (!r) return false;
    canonical_size_ = r.size;
    return true;
}

// The canonical form with its password masked, in canonical_redacted_.
std::string_view line_checker::redacted_canonical()
{
    std::string_view const canonical(canonical_.data(), canonical_size_);
    canonical_redacted_.resize(redacted_size_bound(canonical));
    std::size_t const size =
        redact_password_into(canonical, std::span<char>(canonical_redacted_.data(), canonical_redacted_.size()));
    canonical_redacted_.resize(size); // never SIZE_MAX: the buffer has the bound's size
    return canonical_redacted_;
}

// --fix: the canonical form of a valid input, the report of an invalid one on stderr. The
// canonical form keeps the password unless --strip-password or --redact-password says
// otherwise: it is the output the user asked for, not a diagnostic (PRODUCT.md, "Diagnostics").
// --strip-password masks as well: what the canonical form drops is RFC 3986's password, but a
// lenient "ftp:///u:pw@h/" (an empty host, then a path) still holds WHATWG's.
// --in-place writes the file anew: each line with the ending it had, an invalid line as it was.
void line_checker::write_fix(input_origin const& origin, input_line const& input, bool valid)
{
    bool const in_place = settings_.fix == fix_mode::in_place;
    if (valid) {
        std::string_view const fixed = settings_.password != password_policy::keep
                                           ? redacted_canonical()
                                           : std::string_view(canonical_.data(), canonical_size_);
        out_.append(fixed);
        if (fixed != input.bytes) ++tally_.changed;
    } else {
        if (!settings_.quiet) write_text(origin, input.bytes, err_);
        if (!in_place) return;
        out_.append(input.bytes);
    }
    if (!in_place || input.end == line_end::lf)
        out_.push_back('\n');
    else if (input.end == line_end::crlf)
        out_.append("\r\n");
}

void line_checker::write_canonical_failure(input_origin const& origin)
{
    append_terminal_safe(err_, origin.name);
    err_.push_back(':');
    append_number(err_, origin.line);
    err_.append(": error: internal error: the canonical form could not be built\n");
}

// One JSON object per input, on one line (JSON Lines). Written with RapidJSON's streaming
// Writer into a reused StringBuffer: no DOM, so nothing allocates once the buffer has grown.
void line_checker::write_json(input_origin const& origin, std::string_view input, bool valid)
{
    // "input" is the input with its password masked, then with every byte that is not UTF-8
    // replaced by U+FFFD, because a JSON string must be Unicode. The Writer escapes NUL and the
    // other C0 controls (\u0000, \n, ...), so any line yields valid JSON; append_json_safe()
    // escapes DEL, C1 and bidirectional controls, which the Writer leaves raw. The offsets
    // under "diagnostics" remain offsets into the ORIGINAL input bytes, as the library reports
    // them; they do not index "input", which masking and sanitizing may have resized.
    redacted_.clear();
    if (std::optional<byte_range> const password = echoed_password(input)) {
        redacted_.append(input.substr(0, password->offset));
        redacted_.append("****");
        redacted_.append(input.substr(std::size_t{password->offset} + password->length));
    } else {
        redacted_.append(input);
    }
    sanitized_.clear();
    append_utf8_sanitized(redacted_, sanitized_);

    json_.Clear();
    writer_.Reset(json_);
    writer_.StartObject();
    writer_.Key("file");
    name_.clear();
    append_utf8_sanitized(origin.name, name_); // a file name may be any bytes
    write_string(writer_, name_);
    writer_.Key("input");
    write_string(writer_, sanitized_);
    writer_.Key("line");
    writer_.Uint64(origin.line);
    writer_.Key("valid");
    writer_.Bool(valid);
    writer_.Key("canonical");
    if (valid) {
        // The canonical form keeps the password (unless --strip-password dropped it); JSON is a
        // report, so it is masked here as in "input". The canonical form is ASCII (every byte
        // outside the grammar is percent-encoded), so it needs no UTF-8 sanitizing.
        write_string(writer_, redacted_canonical());
    } else {
        writer_.Null();
    }
    writer_.Key("diagnostics");
    writer_.StartArray();
    for (diagnostic const& d : diagnostics_) {
        if (!shown(d)) continue;
        diag_info const& about = d.info();
        writer_.StartObject();
        writer_.Key("id");
        write_string(writer_, about.name);
        writer_.Key("severity");
        write_string(writer_, to_string(d.level));
        writer_.Key("offset");
        writer_.Uint(d.offset);
        writer_.Key("length");
        writer_.Uint(reported_length(d));
        writer_.Key("message");
        write_string(writer_, about.message);
        writer_.EndObject();
    }
    // diagnostics_.dropped() is not reported: the JSON shape is fixed by the issue and has no
    // field for it. The list keeps the error and its note whatever is dropped, so "valid" and the
    // error are always there; only surplus warnings can be missing.
    writer_.EndArray();
    writer_.EndObject();

    append_json_safe(out_, {json_.GetString(), json_.GetSize()});
    out_.push_back('\n');
}

} // namespace ftpuri::cli
