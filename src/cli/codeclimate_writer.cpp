// SPDX-License-Identifier: Apache-2.0
// codeclimate_writer.cpp: GitLab's code quality report (codeclimate_writer.hpp).
#include "codeclimate_writer.hpp"

#include "fingerprint.hpp"
#include "rule_metadata.hpp"
#include "source_path.hpp"
#include "terminal_safe.hpp"
#include "well_formed_utf8.hpp"

namespace ftpuri::cli {
namespace {

std::string_view category_of(rule_category category) noexcept
{
    switch (category) {
    case rule_category::security: return "Security";
    case rule_category::correctness: return "Bug Risk";
    case rule_category::interoperability: return "Compatibility";
    case rule_category::style: return "Style";
    case rule_category::policy: return "Clarity";
    }
    return "Bug Risk";
}

} // namespace

std::string_view codeclimate_severity(diagnostic const& d) noexcept
{
    bool const security = metadata(d.id).category == rule_category::security;
    switch (d.level) {
    case severity::error: return security ? "critical" : "major";
    case severity::warning: return security ? "major" : "minor";
    case severity::note: return "info";
    }
    return "major";
}

void codeclimate_writer::name_origin(input_origin const& origin)
{
    if (named_ && from_file_ == origin.from_file && origin.name == name_) return;
    name_.assign(origin.name);
    from_file_ = origin.from_file;
    named_ = true;
    path_.clear();
    append_utf8_sanitized(origin.from_file ? relative_source_path(origin.name).path : origin.name, path_);
    path_hash_ = fnv1a(std::string_view("\0", 1), fnv1a(path_));
}

void codeclimate_writer::write(checked_input const& input, std::string& to)
{
    bool hashed = false;
    std::uint64_t input_hash = 0; // the same for every issue of the input
    for (diagnostic const& d : input.diagnostics) {
        if (!input.shown(d)) continue;
        if (!hashed) {
            name_origin(input.origin);
            input_hash = input_fingerprint(input.bytes, input.password);
            hashed = true;
        }
        diag_info const& about = d.info();
        // path NUL id NUL, then the input's hash, as 16 hex digits like the rest.
        fingerprint_.clear();
        append_hex64(fingerprint_, input_hash);
        std::uint64_t const hash = fnv1a(fingerprint_, fnv1a(std::string_view("\0", 1), fnv1a(about.name, path_hash_)));
        fingerprint_.clear();
        append_hex64(fingerprint_, hash);

        json_.Clear();
        writer_.Reset(json_);
        writer_.StartObject();
        writer_.Key("type");
        writer_.String("issue");
        writer_.Key("check_name");
        write_string(writer_, about.name);
        writer_.Key("description");
        write_string(writer_, ftpuri::message(d)); // host.denied's names the class
        writer_.Key("content");
        writer_.StartObject();
        writer_.Key("body");
        write_string(writer_, about.hint);
        writer_.EndObject();
        writer_.Key("categories");
        writer_.StartArray();
        write_string(writer_, category_of(metadata(d.id).category));
        writer_.EndArray();
        writer_.Key("severity");
        write_string(writer_, codeclimate_severity(d));
        writer_.Key("fingerprint");
        write_string(writer_, fingerprint_);
        writer_.Key("location");
        writer_.StartObject();
        writer_.Key("path");
        write_string(writer_, path_);
        writer_.Key("lines");
        writer_.StartObject();
        writer_.Key("begin");
        writer_.Uint64(input.origin.line);
        writer_.EndObject();
        writer_.EndObject();
        writer_.EndObject();

        to.push_back(',');
        append_json_safe(to, {json_.GetString(), json_.GetSize()}); // a file name may hold controls
        to.push_back('\n');
    }
}

} // namespace ftpuri::cli
