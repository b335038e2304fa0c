// json_writer.cpp: the JSON Lines format (json_writer.hpp).
#include "json_writer.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "plan_lines.hpp"
#include "terminal_safe.hpp"
#include "utf8.hpp"

namespace ftpuri::cli {

void write_json_diagnostic(json_stream& w, diagnostic const& d, std::uint32_t length)
{
    diag_info const& about = d.info();
    w.StartObject();
    w.Key("id");
    write_string(w, about.name);
    w.Key("severity");
    write_string(w, to_string(d.level));
    w.Key("offset");
    w.Uint(d.offset);
    w.Key("length");
    w.Uint(length);
    w.Key("message");
    write_string(w, about.message);
    w.EndObject();
}

namespace {

// A JSON string of `s` when it is printable ASCII, as RapidJSON writes one (only '"' and '\\'
// escaped) and append_json_safe() leaves it; false, and nothing appended, for any other byte.
bool append_ascii_json_string(std::string& to, std::string_view s)
{
    unsigned other = 0;   // a byte outside 0x20..0x7E
    unsigned escapes = 0; // a '"' or '\\'
    std::size_t i = 0;
#if defined(__SSE2__)
    auto block = [&](std::size_t at) {
        __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(s.data() + at));
        // Signed: the bytes from 0x80 up are negative, below 0x20 too.
        __m128i const outside =
            _mm_or_si128(_mm_cmplt_epi8(x, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)));
        __m128i const escaped =
            _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
        other |= static_cast<unsigned>(_mm_movemask_epi8(outside));
        escapes |= static_cast<unsigned>(_mm_movemask_epi8(escaped));
    };
    for (; i + 16 <= s.size(); i += 16)
        block(i);
    if (i < s.size() && s.size() >= 16) { // the last sixteen bytes, some of them seen again
        block(s.size() - 16);
        i = s.size();
    }
#endif
    for (; i < s.size(); ++i) {
        auto const b = static_cast<unsigned char>(s[i]);
        other |= static_cast<unsigned>(b < 0x20) | static_cast<unsigned>(b > 0x7E);
        escapes |= static_cast<unsigned>(b == '"') | static_cast<unsigned>(b == '\\');
    }
    if (other != 0) return false;
    to.push_back('"');
    if (escapes == 0) {
        to.append(s);
    } else {
        for (char c : s) {
            if (c == '"' || c == '\\') to.push_back('\\');
            to.push_back(c);
        }
    }
    to.push_back('"');
    return true;
}

} // namespace

// Nearly every record is printable ASCII: the file name, the input, the canonical form (always
// ASCII), the catalogue's ids and messages. Those are written here, byte for byte as the
// RapidJSON path below writes them, without its per-byte writer and the two sanitizing passes
// that would change nothing (tests/cli_unit compares the two). False, with `to` as it was, for
// any other record, and with --plan.
bool json_writer::write_ascii(checked_input const& input, std::string& to)
{
    if (plan_.planned) return false;
    std::size_t const start = to.size();
    auto fail = [&] {
        to.resize(start);
        return false;
    };
    // '{"file":NAME,"input":' is the same for every line of a file: made once per file.
    if (input.origin.name != record_prefix_name_ || record_prefix_.empty()) {
        record_prefix_name_.assign(input.origin.name);
        record_prefix_ = "{\"file\":";
        name_is_ascii_ = append_ascii_json_string(record_prefix_, input.origin.name);
        record_prefix_.append(",\"input\":");
    }
    if (!name_is_ascii_) return false;
    to.append(record_prefix_);
    std::size_t const input_at = to.size();
    if (!append_ascii_json_string(to, input.redacted)) return fail();
    std::size_t const input_size = to.size() - input_at;
    to.append(",\"line\":");
    append_number(to, input.origin.line);
    to.append(input.valid ? ",\"valid\":true,\"canonical\":" : ",\"valid\":false,\"canonical\":");
    if (!input.valid) {
        to.append("null");
    } else if (input.redacted_canonical == input.redacted) { // most inputs are their canonical form
        to.append(to, input_at, input_size);
    } else if (!append_ascii_json_string(to, input.redacted_canonical)) {
        return fail();
    }
    to.append(",\"diagnostics\":[");
    bool first = true;
    for (diagnostic const& d : input.diagnostics) {
        if (!input.shown(d)) continue;
        diag_info const& about = d.info();
        to.append(first ? "{\"id\":" : ",{\"id\":");
        first = false;
        if (!append_ascii_json_string(to, about.name)) return fail();
        to.append(",\"severity\":");
        if (!append_ascii_json_string(to, to_string(d.level))) return fail();
        to.append(",\"offset\":");
        append_number(to, d.offset);
        to.append(",\"length\":");
        append_number(to, input.reported_length(d));
        to.append(",\"message\":");
        if (!append_ascii_json_string(to, about.message)) return fail();
        to.push_back('}');
    }
    to.append("]}\n");
    return true;
}

void json_writer::write(checked_input const& input, std::string& to)
{
    if (!write_ascii(input, to)) write_any(input, to);
}

void json_writer::write_any(checked_input const& input, std::string& to)
{
    // "input" is the input with its password masked (line_checker did that), then with every
    // byte that is not UTF-8 replaced by U+FFFD, because a JSON string must be Unicode. The
    // Writer escapes NUL and the other C0 controls (\u0000, \n, ...), so any line yields valid
    // JSON; append_json_safe() escapes DEL, C1 and bidirectional controls, which the Writer
    // leaves raw. The offsets under "diagnostics" remain offsets into the ORIGINAL input bytes,
    // as the library reports them; they do not index "input", which masking and sanitizing may
    // have resized.
    sanitized_.clear();
    append_utf8_sanitized(input.redacted, sanitized_);

    json_.Clear();
    writer_.Reset(json_);
    writer_.StartObject();
    writer_.Key("file");
    name_.clear();
    append_utf8_sanitized(input.origin.name, name_); // a file name may be any bytes
    write_string(writer_, name_);
    writer_.Key("input");
    write_string(writer_, sanitized_);
    writer_.Key("line");
    writer_.Uint64(input.origin.line);
    writer_.Key("valid");
    writer_.Bool(input.valid);
    writer_.Key("canonical");
    if (input.valid) {
        // The canonical form keeps the password (unless --strip-password dropped it); JSON is a
        // report, so it is masked here as in "input". The canonical form is ASCII (every byte
        // outside the grammar is percent-encoded), so it needs no UTF-8 sanitizing.
        write_string(writer_, input.redacted_canonical);
    } else {
        writer_.Null();
    }
    writer_.Key("diagnostics");
    writer_.StartArray();
    for (diagnostic const& d : input.diagnostics)
        if (input.shown(d)) write_json_diagnostic(writer_, d, input.reported_length(d));
    // diagnostics.dropped() is not reported: the JSON shape is fixed by the issue and has no
    // field for it. The list keeps the error and its note whatever is dropped, so "valid" and the
    // error are always there; only surplus warnings can be missing.
    writer_.EndArray();
    if (plan_.planned) write_plan(input);
    writer_.EndObject();

    append_json_safe(to, {json_.GetString(), json_.GetSize()});
    to.push_back('\n');
}

// "plan" and "ask_password". A command's argument is decoded bytes, which JSON can carry only
// as Unicode: a byte that is not UTF-8 (%FF) is replaced by U+FFFD, as in "input", and the
// controls that append_json_safe() escapes come out as \uXXXX, which decode to the same bytes.
// So a plan is exact in JSON unless an argument holds bytes that are not UTF-8.
void json_writer::write_plan(checked_input const& input)
{
    command_plan const* const plan = input.plan;
    writer_.Key("plan");
    if (plan == nullptr) {
        writer_.Null();
        writer_.Key("ask_password");
        writer_.Null();
        return;
    }
    command_mask const mask{.show_password = plan_.show_password, .password = input.password};
    writer_.StartArray();
    for (ftp_command const& c : *plan) {
        shown_.clear();
        append_utf8_sanitized(command_line(c, mask, line_), shown_);
        write_string(writer_, shown_);
    }
    writer_.EndArray();
    writer_.Key("ask_password");
    writer_.Bool(plan->ask_password());
}

} // namespace ftpuri::cli
