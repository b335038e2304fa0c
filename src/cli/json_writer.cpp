// json_writer.cpp: the JSON Lines format (json_writer.hpp).
#include "json_writer.hpp"

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

void json_writer::write(checked_input const& input, std::string& to)
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
