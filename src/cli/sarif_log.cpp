// SPDX-License-Identifier: Apache-2.0
#include "sarif_log.hpp"

#include <cstddef>
#include <cstdio>
#include <ctime>
#include <span>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/pct.hpp"
#include "json_string.hpp"
#include "rule_metadata.hpp"
#include "rule_rationale.inc"
#include "terminal_safe.hpp"
#include "well_formed_utf8.hpp"

namespace ftpuri::cli {
namespace {

constexpr bool rationale_in_catalogue_order() noexcept
{
    if (rule_rationale.size() != diag_catalogue.size()) return false;
    for (std::size_t i = 0; i < diag_catalogue.size(); ++i)
        if (rule_rationale[i].id != diag_catalogue[i].name) return false;
    return true;
}
static_assert(rationale_in_catalogue_order(), "docs/diagnostics.md's table must follow diag_catalogue");

void write_text_object(json_stream& w, std::string_view text)
{
    w.StartObject();
    w.Key("text");
    write_string(w, text);
    w.EndObject();
}

// Appends `text` to a markdown paragraph as the characters it is: a hint is plain text, where
// a '<', a '`' or a backslash would start HTML, code or an escape.
void append_markdown_escaped(std::string& to, std::string_view text)
{
    for (char const c : text) {
        if (std::string_view("\\`*_[]<>#|~!&").find(c) != std::string_view::npos) to.push_back('\\');
        to.push_back(c);
    }
}

void write_rule(json_stream& w, diag_info const& row, rule_rationale_row const& why, std::string_view help_base,
                std::string& scratch)
{
    rule_metadata const& about = metadata(row.id);
    w.StartObject();
    w.Key("id");
    write_string(w, row.name);
    w.Key("shortDescription");
    write_text_object(w, row.message);
    w.Key("fullDescription");
    w.StartObject();
    w.Key("text");
    write_string(w, why.text);
    w.Key("markdown");
    write_string(w, why.markdown);
    w.EndObject();
    // GitHub shows help.markdown as the rule's help: what to do, why, and where to read more:
    // the user's copy of docs/diagnostics.md when they gave its address, else the tool itself.
    std::string help_uri;
    if (!help_base.empty()) append_rule_help_uri(help_uri, help_base, row.name);
    w.Key("help");
    w.StartObject();
    w.Key("text");
    write_string(w, row.hint);
    w.Key("markdown");
    scratch.assign("**Fix:** ");
    append_markdown_escaped(scratch, row.hint);
    scratch.append("\n\n**Why it matters:** ");
    scratch.append(why.markdown);
    if (help_uri.empty()) {
        scratch.append("\n\nMore: `ftpuri-check --explain ");
        scratch.append(row.name);
        scratch.append("`");
    } else {
        scratch.append("\n\n[`");
        scratch.append(row.name);
        scratch.append("` in docs/diagnostics.md](");
        scratch.append(help_uri);
        scratch.append(")");
    }
    write_string(w, scratch);
    w.EndObject();
    if (!help_uri.empty()) {
        w.Key("helpUri");
        write_string(w, help_uri);
    }
    w.Key("defaultConfiguration");
    w.StartObject();
    w.Key("enabled");
    w.Bool(!row.opt_in);
    w.Key("level");
    write_string(w, to_string(row.level));
    w.EndObject();
    w.Key("properties");
    w.StartObject();
    w.Key("tags");
    w.StartArray();
    write_string(w, category_name(about.category));
    write_string(w, row.name.substr(0, row.name.find('.')));
    if (row.opt_in) w.String("opt-in");
    if (about.cwe != 0) {
        char cwe[32]; // spelled as CodeQL tags its queries
        int const n = std::snprintf(cwe, sizeof cwe, "external/cwe/cwe-%03u", unsigned{about.cwe});
        w.String(cwe, static_cast<rapidjson::SizeType>(n));
    }
    w.EndArray();
    if (!about.security_severity.empty()) {
        w.Key("security-severity");
        write_string(w, about.security_severity);
    }
    w.EndObject();
    w.EndObject();
}

} // namespace

std::string sarif_header(std::string_view tool_version, std::string_view help_base)
{
    rapidjson::StringBuffer buffer;
    json_stream w(buffer);
    w.StartObject();
    w.Key("name");
    w.String("ftpuri-check");
    w.Key("version");
    write_string(w, tool_version);
    w.Key("rules");
    w.StartArray();
    std::string scratch;
    for (std::size_t i = 0; i < diag_catalogue.size(); ++i)
        write_rule(w, diag_catalogue[i], rule_rationale[i], help_base, scratch);
    w.EndArray();
    w.EndObject();

    std::string out =
        R"({"$schema":"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",)"
        R"("version":"2.1.0","runs":[{"tool":{"driver":)";
    out.append(buffer.GetString(), buffer.GetSize());
    out.append(R"(},"columnKind":"unicodeCodePoints",)");
    out.append(R"("originalUriBaseIds":{"%SRCROOT%":{"description":{"text":)"
               R"("the directory ftpuri-check ran in: the root of the checkout in CI"}}},)");
    out.append(R"("results":[)");
    out.push_back('\n');
    return out;
}

void append_utc_time(std::string& to, std::chrono::system_clock::time_point t)
{
    auto const since_epoch = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
    auto const milliseconds = static_cast<int>(((since_epoch % 1000) + 1000) % 1000);
    auto const seconds = static_cast<std::time_t>((since_epoch - milliseconds) / 1000);
    std::tm utc{};
    if (::gmtime_r(&seconds, &utc) == nullptr) utc = std::tm{};
    char text[64];
    int const n = std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, milliseconds);
    if (n > 0) to.append(text, static_cast<std::size_t>(n));
}

std::string sarif_footer(int exit_code, std::vector<std::string> const& failures, std::optional<run_times> times)
{
    rapidjson::StringBuffer buffer;
    json_stream w(buffer);
    w.StartObject();
    w.Key("executionSuccessful");
    w.Bool(failures.empty());
    w.Key("exitCode");
    w.Int(exit_code);
    if (times) {
        std::string text;
        append_utc_time(text, times->start);
        w.Key("startTimeUtc");
        write_string(w, text);
        text.clear();
        append_utc_time(text, times->end);
        w.Key("endTimeUtc");
        write_string(w, text);
    }
    if (!failures.empty()) {
        w.Key("toolExecutionNotifications");
        w.StartArray();
        for (std::string const& failure : failures) {
            w.StartObject();
            w.Key("level");
            w.String("error");
            w.Key("message");
            std::string text; // a failure names a file, and a file name may be any bytes
            append_utf8_sanitized(failure, text);
            write_text_object(w, text);
            w.EndObject();
        }
        w.EndArray();
    }
    w.EndObject();

    std::string out = "\n],\"invocations\":[";
    append_json_safe(out, {buffer.GetString(), buffer.GetSize()}); // a failure may name a file
    out.append("]}]}\n");
    return out;
}

void append_artifact_uri(std::string& to, std::string_view path)
{
    // An absolute path is a file: URI; a relative one stays a relative reference, which SARIF
    // viewers resolve against the directory they were given. Each segment keeps only its
    // unreserved characters: a ':' left in the first would read as a scheme.
    if (!path.empty() && path.front() == '/') to.append("file://");
    for (;;) {
        std::size_t const slash = path.find('/');
        std::string_view const segment = path.substr(0, slash);
        std::size_t const at = to.size();
        to.resize(at + percent_encode_size_bound(segment, encode_set::unreserved));
        static_cast<void>(percent_encode_into(segment, encode_set::unreserved, std::span(to).subspan(at)));
        if (slash == std::string_view::npos) break;
        to.push_back('/');
        path.remove_prefix(slash + 1);
    }
}

} // namespace ftpuri::cli
