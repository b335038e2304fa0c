// SPDX-License-Identifier: Apache-2.0
// sarif_writer.cpp: the SARIF results (sarif_writer.hpp).
#include <cstdint>
#include <optional>
#include <string_view>

#include "fingerprint.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/redact.hpp"
#include "sarif_log.hpp"
#include "sarif_writer.hpp"
#include "source_path.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {

void sarif_writer::find_fixed(checked_input const& input)
{
    fixed_ = {};
    if (!input.valid || input.canonical.empty()) return;
    recheck_.clear();
    static_cast<void>(parse(input.canonical, parse_, recheck_));
    for (diagnostic const& d : input.diagnostics)
        if (!recheck_.contains(d.id)) fixed_.insert(d.id);
}

// "artifactLocation": the file's URI; stdin and the arguments have none, and SARIF lets a
// location describe itself instead.
void sarif_writer::write_artifact(input_origin const& origin)
{
    writer_.Key("artifactLocation");
    writer_.StartObject();
    if (origin.from_file) {
        if (!artifact_made_ || origin.name != artifact_name_) {
            artifact_name_.assign(origin.name);
            source_path const path = relative_source_path(origin.name);
            artifact_uri_.clear();
            append_artifact_uri(artifact_uri_, path.path);
            artifact_relative_ = path.relative;
            artifact_made_ = true;
        }
        writer_.Key("uri");
        write_string(writer_, artifact_uri_);
        if (artifact_relative_) {
            writer_.Key("uriBaseId");
            writer_.String(sarif_source_root);
        }
    } else {
        writer_.Key("description");
        writer_.StartObject();
        writer_.Key("text");
        write_string(writer_, origin.name);
        writer_.EndObject();
    }
    writer_.EndObject();
}

void sarif_writer::write_location(input_origin const& origin, std::uint32_t first_column, std::uint32_t end_column)
{
    writer_.StartObject();
    write_artifact(origin);
    writer_.Key("region");
    writer_.StartObject();
    writer_.Key("startLine");
    writer_.Uint64(origin.line);
    writer_.Key("startColumn");
    writer_.Uint(first_column);
    writer_.Key("endColumn");
    writer_.Uint(end_column);
    writer_.EndObject();
    writer_.EndObject();
}

void sarif_writer::write_fix(checked_input const& checked)
{
    input_origin const& origin = checked.origin;
    std::string_view const input = checked.bytes;
    std::string_view const canonical = checked.canonical;
    // On a list line the URI is a part of the line: the fix replaces that part only.
    std::size_t const fix_end = checked.fix_end < input.size() ? checked.fix_end : input.size();
    std::size_t const fix_begin = checked.fix_begin < fix_end ? checked.fix_begin : fix_end;
    std::optional<byte_range> const old_password = find_password(input.substr(fix_begin, fix_end - fix_begin));
    std::optional<byte_range> const new_password = find_password(canonical);
    auto const first_column = static_cast<std::uint32_t>(code_point_column(input, fix_begin));
    auto const line_end_column = static_cast<std::uint32_t>(code_point_column(input, fix_end));

    // Replacements: [from, to) of the line (code point columns) becomes `text`.
    struct replacement {
        std::uint32_t from, to;
        std::string_view text;
    };
    replacement parts[2];
    std::size_t count = 0;
    if (!new_password) {
        parts[count++] = {first_column, line_end_column, canonical};
    } else {
        if (!old_password) return; // cannot happen: the canonical form never adds a password
        std::size_t const old_offset = fix_begin + old_password->offset;
        std::string_view const old_bytes = input.substr(old_offset, old_password->length);
        std::string_view const new_bytes = canonical.substr(new_password->offset, new_password->length);
        if (old_bytes != new_bytes) return; // the fix would have to show the password
        auto const before = static_cast<std::uint32_t>(code_point_column(input, old_offset));
        auto const after =
            static_cast<std::uint32_t>(code_point_column(input, std::uint64_t{old_offset} + old_password->length));
        parts[count++] = {first_column, before, canonical.substr(0, new_password->offset)};
        parts[count++] = {after, line_end_column,
                          canonical.substr(std::size_t{new_password->offset} + new_password->length)};
    }

    writer_.Key("fixes");
    writer_.StartArray();
    writer_.StartObject();
    writer_.Key("description");
    writer_.StartObject();
    writer_.Key("text");
    writer_.String("rewrite the URI in its canonical form");
    writer_.EndObject();
    writer_.Key("artifactChanges");
    writer_.StartArray();
    writer_.StartObject();
    write_artifact(origin);
    writer_.Key("replacements");
    writer_.StartArray();
    for (std::size_t i = 0; i < count; ++i) {
        writer_.StartObject();
        writer_.Key("deletedRegion");
        writer_.StartObject();
        writer_.Key("startLine");
        writer_.Uint64(origin.line);
        writer_.Key("startColumn");
        writer_.Uint(parts[i].from);
        writer_.Key("endColumn");
        writer_.Uint(parts[i].to);
        writer_.EndObject();
        writer_.Key("insertedContent");
        writer_.StartObject();
        writer_.Key("text");
        write_string(writer_, parts[i].text);
        writer_.EndObject();
        writer_.EndObject();
    }
    writer_.EndArray();
    writer_.EndObject();
    writer_.EndArray();
    writer_.EndObject();
    writer_.EndArray();
}

void sarif_writer::write(checked_input const& checked, std::string& to)
{
    input_origin const& origin = checked.origin;
    std::string_view const input = checked.bytes;
    bool fixes_computed = false;
    std::uint64_t input_hash = 0; // the same for every result of the input
    for (diagnostic const& d : checked.diagnostics) {
        if (!checked.shown(d)) continue;
        if (!fixes_computed) {
            find_fixed(checked);
            input_hash = input_fingerprint(input, checked.password);
            fixes_computed = true;
        }
        diag_info const& about = d.info();
        std::uint64_t const first = code_point_column(input, d.offset);
        std::uint64_t const end = code_point_column(input, std::uint64_t{d.offset} + checked.reported_length(d));
        auto const clamp = [](std::uint64_t column) {
            return column > 0xFFFF'FFFFU ? 0xFFFF'FFFFU : static_cast<std::uint32_t>(column);
        };

        json_.Clear();
        writer_.Reset(json_);
        writer_.StartObject();
        writer_.Key("ruleId");
        write_string(writer_, about.name);
        writer_.Key("ruleIndex");
        writer_.Uint(static_cast<unsigned>(d.id));
        writer_.Key("level");
        write_string(writer_, to_string(d.level));
        writer_.Key("message");
        writer_.StartObject();
        writer_.Key("text");
        write_string(writer_, ftpuri::message(d)); // host.denied's names the class
        writer_.EndObject();
        writer_.Key("locations");
        writer_.StartArray();
        writer_.StartObject();
        writer_.Key("physicalLocation");
        write_location(origin, clamp(first), clamp(end));
        writer_.EndObject();
        writer_.EndArray();
        writer_.Key("partialFingerprints");
        writer_.StartObject();
        writer_.Key("ftpuriInput/v1");
        fingerprint_.clear();
        append_hex64(fingerprint_, input_hash);
        fingerprint_.push_back(':');
        fingerprint_.append(about.name);
        write_string(writer_, fingerprint_);
        writer_.EndObject();
        if (fixed_.contains(d.id)) write_fix(checked);
        writer_.EndObject();

        to.push_back(',');
        append_json_safe(to, {json_.GetString(), json_.GetSize()});
        to.push_back('\n');
    }
}

} // namespace ftpuri::cli
