// SPDX-License-Identifier: Apache-2.0
// json_writer.cpp: the JSON Lines format (json_writer.hpp).
#include "json_writer.hpp"

#include <array>
#include <charconv>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ftpuri/pct.hpp"
#include "plan_lines.hpp"
#include "terminal_safe.hpp"
#include "well_formed_utf8.hpp"

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
    write_string(w, message(d)); // host.denied's names the class
    w.Key("hint");
    write_string(w, about.hint);
    w.EndObject();
}

namespace {

// What a string holds, as write_ascii() needs to know it.
struct ascii_text {
    bool printable; // only bytes 0x20 to 0x7E
    bool escapes;   // a '"' or '\\', which a JSON string escapes
};

constexpr ascii_text look_at(std::string_view s) noexcept
{
    unsigned other = 0;   // a byte outside 0x20..0x7E
    unsigned escapes = 0; // a '"' or '\\'
    std::size_t i = 0;
#if defined(__SSE2__)
    if (!std::is_constant_evaluated()) {
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
    }
#endif
    for (; i < s.size(); ++i) {
        auto const b = static_cast<unsigned char>(s[i]);
        other |= static_cast<unsigned>(b < 0x20) | static_cast<unsigned>(b > 0x7E);
        escapes |= static_cast<unsigned>(b == '"') | static_cast<unsigned>(b == '\\');
    }
    return {other == 0, escapes != 0};
}

// The catalogue's names and hints, looked at once, here: a record's diagnostics need only their
// message looked at (ftpuri::message() may name a host class).
struct catalogue_text {
    ascii_text name;
    ascii_text hint;
};
constexpr auto catalogue_texts = [] {
    std::array<catalogue_text, diag_catalogue.size()> texts{};
    for (std::size_t i = 0; i < diag_catalogue.size(); ++i)
        texts[i] = {look_at(diag_catalogue[i].name), look_at(diag_catalogue[i].hint)};
    return texts;
}();

catalogue_text const& text_of(diag_id id) noexcept
{
    return catalogue_texts[static_cast<std::size_t>(id)];
}

// The most a JSON string of printable ASCII `s` takes: every byte escaped, and the quotes.
constexpr std::size_t json_string_bound(std::string_view s) noexcept
{
    return 2 * s.size() + 2;
}

constexpr std::size_t max_digits = 20; // of a uint64_t

// Writers at a cursor into room made beforehand: no capacity check and no call per piece.
char* put(char* at, std::string_view s) noexcept
{
    std::memcpy(at, s.data(), s.size());
    return at + s.size();
}

// A JSON string of printable ASCII, as RapidJSON writes one (only '"' and '\\' escaped) and
// append_json_safe() leaves it.
char* put_json_string(char* at, std::string_view s, bool escapes) noexcept
{
    *at++ = '"';
    if (!escapes) {
        at = put(at, s);
    } else {
        for (char c : s) {
            if (c == '"' || c == '\\') *at++ = '\\';
            *at++ = c;
        }
    }
    *at++ = '"';
    return at;
}

char* put_number(char* at, std::uint64_t n) noexcept
{
    return std::to_chars(at, at + max_digits, n).ptr;
}

} // namespace

// Nearly every record is printable ASCII: the file name, the input, the canonical form (always
// ASCII), the catalogue's ids and messages. Those are written here, byte for byte as the
// RapidJSON path below writes them, without its per-byte writer and the two sanitizing passes
// that would change nothing (tests/cli_unit/json_writer_test.cpp compares the two): room for
// the longest such record is made once, and the pieces are copied into it. False, with `to` as
// it was, for any other record, and with --plan.
// Lines come one after another: the last number's digits, counted up by one, cost less than
// a conversion (which took half of write_ascii's time).
std::string_view json_writer::line_text(std::uint64_t line) noexcept
{
    if (line_digits_size_ == 0 || line != last_line_ + 1) {
        line_digits_size_ = static_cast<std::size_t>(
            std::to_chars(line_digits_.data(), line_digits_.data() + line_digits_.size(), line).ptr -
            line_digits_.data());
    } else {
        std::size_t i = line_digits_size_;
        while (i > 0 && line_digits_[i - 1] == '9')
            line_digits_[--i] = '0';
        if (i > 0) {
            ++line_digits_[i - 1];
        } else { // 99 + 1: one more digit
            line_digits_[0] = '1';
            line_digits_[line_digits_size_++] = '0';
        }
    }
    last_line_ = line;
    return {line_digits_.data(), line_digits_size_};
}

bool json_writer::write_ascii(checked_input const& input, std::string& to)
{
    if (plan_.planned || plan_.components) return false;
    // '{"file":NAME,"input":' is the same for every line of a file: made once per file.
    if (input.origin.name != record_prefix_name_ || record_prefix_.empty()) {
        record_prefix_name_.assign(input.origin.name);
        ascii_text const name = look_at(input.origin.name);
        name_is_ascii_ = name.printable;
        record_prefix_.resize(json_string_bound(input.origin.name) + 32);
        char* at = put(record_prefix_.data(), "{\"file\":");
        at = put_json_string(at, input.origin.name, name.escapes);
        at = put(at, ",\"input\":");
        record_prefix_.resize(static_cast<std::size_t>(at - record_prefix_.data()));
    }
    if (!name_is_ascii_) return false;
    ascii_text const text = input.plain_ascii ? ascii_text{true, false} : look_at(input.redacted);
    if (!text.printable) return false;
    // A canonical form is printable ASCII without '"' or '\\' (every other byte is
    // percent-encoded), and most are their input.
    bool const same =
        input.valid && input.redacted_canonical.size() == input.redacted.size() &&
        (input.redacted_canonical.data() == input.redacted.data() || input.redacted_canonical == input.redacted);
    std::size_t bound = record_prefix_.size() + json_string_bound(input.redacted) +
                        json_string_bound(input.redacted_canonical) + max_digits + 64;
    bound += 32; // ',"host_class":' and the longest class name, quoted
    for (diagnostic const& d : input.diagnostics) {
        if (!input.shown(d)) continue;
        std::string_view const said = message(d);
        catalogue_text const& catalogued = text_of(d.id);
        if (!catalogued.name.printable || !look_at(said).printable || !catalogued.hint.printable) return false;
        bound += json_string_bound(d.info().name) + json_string_bound(said) + json_string_bound(d.info().hint) +
                 2 * max_digits + 64;
    }

    // Grown, never shrunk: the room past the record is cut off again below.
    if (record_.size() < bound) record_.resize(bound); // grown, never shrunk: no fill per record
    char* at = put(record_.data(), record_prefix_);
    char* const input_at = at;
    at = put_json_string(at, input.redacted, text.escapes);
    std::string_view const input_json(input_at, static_cast<std::size_t>(at - input_at));
    at = put(at, ",\"line\":");
    at = put(at, line_text(input.origin.line));
    if (!input.valid) {
        at = put(at, R"(,"valid":false,"canonical":null)");
    } else {
        at = put(at, R"(,"valid":true,"canonical":)");
        at = same ? put(at, input_json) : put_json_string(at, input.redacted_canonical, false);
    }
    if (input.host) {
        at = put(at, R"(,"host_class":")");
        at = put(at, to_string(*input.host)); // "loopback", "link-local", ...: nothing to escape
        *at++ = '"';
    } else {
        at = put(at, R"(,"host_class":null)");
    }
    at = put(at, ",\"diagnostics\":[");
    bool first = true;
    for (diagnostic const& d : input.diagnostics) {
        if (!input.shown(d)) continue;
        diag_info const& about = d.info();
        at = put(at, first ? std::string_view("{\"id\":") : std::string_view(",{\"id\":"));
        first = false;
        at = put_json_string(at, about.name, text_of(d.id).name.escapes);
        at = put(at, R"(,"severity":")");
        at = put(at, to_string(d.level)); // "error", "warning" or "note": nothing to escape
        at = put(at, R"(","offset":)");
        at = put_number(at, d.offset);
        at = put(at, ",\"length\":");
        at = put_number(at, input.reported_length(d));
        at = put(at, ",\"message\":");
        std::string_view const said = message(d);
        at = put_json_string(at, said, look_at(said).escapes);
        at = put(at, ",\"hint\":");
        at = put_json_string(at, about.hint, text_of(d.id).hint.escapes);
        *at++ = '}';
    }
    at = put(at, "]}\n");
    to.append(record_.data(), static_cast<std::size_t>(at - record_.data()));
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
    writer_.Key("host_class");
    if (input.host) {
        write_string(writer_, to_string(*input.host));
    } else {
        writer_.Null();
    }
    writer_.Key("diagnostics");
    writer_.StartArray();
    for (diagnostic const& d : input.diagnostics)
        if (input.shown(d)) write_json_diagnostic(writer_, d, input.reported_length(d));
    // diagnostics.dropped() is not reported: the JSON record has a fixed shape with no
    // field for it. The list keeps the error and its note whatever is dropped, so "valid" and the
    // error are always there; only surplus warnings can be missing.
    writer_.EndArray();
    if (plan_.planned) write_plan(input);
    if (plan_.components) write_components(input);
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

// `raw` percent-decoded, then made Unicode as "input" is (a byte that is not UTF-8 becomes
// U+FFFD): the value of a part in "components".
void json_writer::write_decoded(std::string_view raw)
{
    decoded_.resize(raw.size()); // decoding never grows a string
    percent_decode_result const d = percent_decode_into(raw, decoded_);
    shown_.clear();
    append_utf8_sanitized(std::string_view(decoded_.data(), d.size), shown_);
    write_string(writer_, shown_);
}

// "components": the parts of a valid input as a client reads them, percent-decoded (as trurl's
// --json gives them), or null for an invalid one. A password is "****": a report never shows one.
//
//     "components":{"scheme":"ftp","user":"jo","password":"****","host":"ftp.example.org",
//      "host_kind":"dns_name","port":21,"segments":["pub","READ ME"],"name":"READ ME",
//      "typecode":"a","query":null,"fragment":null}
void json_writer::write_components(checked_input const& input)
{
    writer_.Key("components");
    uri_view const* const uri = input.uri;
    if (uri == nullptr) {
        writer_.Null();
        return;
    }
    auto optional_part = [&](char const* key, bool present, std::string_view raw) {
        writer_.Key(key);
        if (present)
            write_decoded(raw);
        else
            writer_.Null();
    };
    writer_.StartObject();
    writer_.Key("scheme");
    write_string(writer_, "ftp"); // in any case as written; the scheme is case-insensitive
    optional_part("user", uri->has_userinfo(), uri->user());
    writer_.Key("password");
    if (uri->has_password())
        write_string(writer_, "****");
    else
        writer_.Null();
    writer_.Key("host");
    write_decoded(uri->host());
    writer_.Key("host_kind");
    write_string(writer_, to_string(uri->host_type()));
    writer_.Key("port");
    writer_.Uint(uri->effective_port());
    writer_.Key("segments");
    writer_.StartArray();
    for (std::string_view const segment : uri->segments())
        write_decoded(segment);
    writer_.EndArray();
    writer_.Key("name");
    write_decoded(uri->name());
    writer_.Key("typecode");
    if (uri->has_typecode()) {
        char const code = uri->typecode();
        write_string(writer_, std::string_view(&code, 1));
    } else {
        writer_.Null();
    }
    optional_part("query", uri->has_query(), uri->query());
    optional_part("fragment", uri->has_fragment(), uri->fragment());
    writer_.EndObject();
}

} // namespace ftpuri::cli
