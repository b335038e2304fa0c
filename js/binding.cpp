// SPDX-License-Identifier: Apache-2.0
// js/binding.cpp: the library for JavaScript (embind), beside the C API and the Python module.
// It converts and calls the public C++ API, and adds no behaviour of its own; the package's
// entry (js/package/index.mjs) checks the arguments, names the options as JavaScript does and
// throws.
//
// The conversions:
//   - a URI comes in as a JavaScript string, which embind hands over as its UTF-8; offsets
//     count those bytes, as ftpuri-check's do. Each diagnostic and part also has `start` and
//     `end`, its range in the JavaScript string (UTF-16 code units), so that
//     uri.slice(d.start, d.end) is the text it points at.
//   - text that comes back is valid UTF-8 (a decoded %FF becomes U+FFFD, as in ftpuri-check's
//     JSON), which embind makes a string.
//   - a failure is a value ({problem} or {error}), never a C++ exception: the entry throws.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/uri_view.hpp"
#include "ftpuri/version.hpp"
#include "plan_lines.hpp"
#include "policy_options.hpp"
#include "well_formed_utf8.hpp"

namespace {

using emscripten::val;

// ---- conversions ----------------------------------------------------------------------------

// The UTF-16 length of the UTF-8 bytes `bytes`, which came from a JavaScript string: one code
// unit per sequence, two for a four-byte one (a surrogate pair).
std::uint32_t utf16_length(std::string_view bytes) noexcept
{
    std::uint32_t units = 0;
    for (char const c : bytes) {
        auto const byte = static_cast<unsigned char>(c);
        if ((byte & 0xC0U) != 0x80U) units += byte >= 0xF0U ? 2U : 1U;
    }
    return units;
}

// Bytes as a JavaScript string, each byte that is not well-formed UTF-8 as U+FFFD.
val text(std::string_view bytes)
{
    std::string out;
    ftpuri::cli::append_utf8_sanitized(bytes, out);
    return val(out);
}

val name(std::string_view s)
{
    return val(std::string(s));
}

// The range [offset, offset + length) of `input` as bytes and as string indices.
void set_range(val& to, std::string_view input, std::uint32_t offset, std::uint32_t length)
{
    std::uint32_t const start = utf16_length(input.substr(0, offset));
    to.set("offset", offset);
    to.set("length", length);
    to.set("start", start);
    to.set("end", start + utf16_length(input.substr(offset, length)));
}

// As ftpuri-check --format=json writes a diagnostic (id, severity, offset, length, message,
// hint), with the component and the range in the string.
val diagnostic_object(ftpuri::diagnostic const& d, std::string_view input)
{
    val out = val::object();
    out.set("id", name(d.info().name));
    out.set("severity", name(ftpuri::to_string(d.level)));
    out.set("component", name(ftpuri::to_string(d.where)));
    set_range(out, input, d.offset, d.length);
    out.set("message", name(ftpuri::message(d)));
    out.set("hint", name(d.info().hint));
    return out;
}

val diagnostic_array(std::vector<ftpuri::diagnostic> const& found, std::string_view input)
{
    val out = val::array();
    for (ftpuri::diagnostic const& d : found)
        out.call<void>("push", diagnostic_object(d, input));
    return out;
}

// A failure the entry throws as a TypeError or RangeError: {problem}.
val problem(std::string const& what)
{
    val out = val::object();
    out.set("problem", what);
    return out;
}

// A URI the library refused: {error}, the entry's FtpUriError.
val refused(ftpuri::diagnostic const& d, std::string_view input)
{
    val out = val::object();
    out.set("error", diagnostic_object(d, input));
    return out;
}

std::optional<ftpuri::parse_options> options_for(std::string const& profile)
{
    std::optional<ftpuri::profile> const p = ftpuri::profile_from_string(profile);
    if (!p) return std::nullopt;
    ftpuri::parse_options options;
    options.syntax = *p;
    return options;
}

val unknown_profile(std::string const& profile)
{
    return problem("unknown profile '" + profile + "' (strict, rfc3986 or lenient)");
}

// The ids named by `ids` (an array of strings), into `into`; an unknown one (or, with
// `opt_in_only`, one that is not an opt-in rule) is a problem.
std::optional<std::string> read_ids(val const& ids, ftpuri::diag_set& into, bool opt_in_only)
{
    auto const count = ids["length"].as<unsigned>();
    for (unsigned i = 0; i < count; ++i) {
        auto const id_name = ids[i].as<std::string>();
        std::optional<ftpuri::diag_id> const id = ftpuri::diag_id_from_string(id_name);
        if (!id) return "unknown diagnostic id '" + id_name + "'";
        if (opt_in_only && !ftpuri::diag_catalogue[static_cast<std::size_t>(*id)].opt_in)
            return "'" + id_name + "' is not an opt-in rule";
        into.insert(*id);
    }
    return std::nullopt;
}

// The profile and the ids of `enable` (opt-in rules to report, as --enable) and `as_error`
// (warnings to report as errors, as --error); a problem when one is unknown.
struct read_options {
    std::optional<ftpuri::parse_options> options;
    std::string problem;
};
read_options options_with(std::string const& profile, val const& enable, val const& as_error)
{
    read_options out{.options = options_for(profile), .problem = {}};
    if (!out.options) {
        out.problem = "unknown profile '" + profile + "' (strict, rfc3986 or lenient)";
    } else if (std::optional<std::string> const bad = read_ids(enable, out.options->opt_in, true)) {
        out.problem = "enable: " + *bad;
    } else if (std::optional<std::string> const bad_error = read_ids(as_error, out.options->as_error, false)) {
        out.problem = "error: " + *bad_error;
    }
    return out;
}

std::vector<std::string> strings(val const& array)
{
    std::vector<std::string> out;
    auto const count = array["length"].as<unsigned>();
    for (unsigned i = 0; i < count; ++i)
        out.push_back(array[i].as<std::string>());
    return out;
}

// What ftpuri-check reports for an input as a line: the parse's findings, its error among them.
struct outcome {
    std::optional<ftpuri::uri_view> view;
    std::vector<ftpuri::diagnostic> found;
};

outcome parse_reported(std::string_view input, ftpuri::parse_options const& options)
{
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse(input, options, list);
    if (!r && !list.has_error()) list.push(r.error());
    outcome out;
    if (r) out.view = *r;
    out.found.assign(list.begin(), list.end());
    return out;
}

// ---- the API --------------------------------------------------------------------------------

val validate(std::string const& uri, std::string const& profile)
{
    std::optional<ftpuri::parse_options> const options = options_for(profile);
    if (!options) return unknown_profile(profile);
    return val(ftpuri::validate(uri, *options));
}

// One part of a parsed URI: as written (raw), percent-decoded (value), and where; null when
// absent.
val part(std::string_view input, bool present, std::string_view raw)
{
    if (!present) return val::null();
    val out = val::object();
    out.set("raw", text(raw));
    out.set("value", text(ftpuri::percent_decode(raw)));
    set_range(out, input, static_cast<std::uint32_t>(raw.data() - input.data()),
              static_cast<std::uint32_t>(raw.size()));
    return out;
}

val parts_object(ftpuri::uri_view const& v, std::string_view input)
{
    val out = val::object();
    out.set("scheme", part(input, true, v.scheme()));
    out.set("user", part(input, v.has_userinfo(), v.user()));
    out.set("password", part(input, v.has_password(), v.password()));
    out.set("host", part(input, true, v.host()));
    out.set("port", part(input, v.has_port(), v.port()));
    out.set("path", part(input, true, v.path()));
    out.set("typecode", part(input, v.has_typecode(), v.typecode_part()));
    out.set("query", part(input, v.has_query(), v.query()));
    out.set("fragment", part(input, v.has_fragment(), v.fragment()));
    return out;
}

// Everything a reader of one URI wants: the verdict and findings always, the rest when valid.
val parse(std::string const& uri, std::string const& profile, val const& enable, val const& as_error)
{
    read_options const read = options_with(profile, enable, as_error);
    if (!read.problem.empty()) return problem(read.problem);
    outcome const o = parse_reported(uri, *read.options);
    val out = val::object();
    out.set("valid", o.view.has_value());
    out.set("diagnostics", diagnostic_array(o.found, uri));
    if (!o.view) return out;
    ftpuri::uri_view const& v = *o.view;
    out.set("canonical", text(ftpuri::canonicalize(v)));
    out.set("hostClass", name(ftpuri::to_string(ftpuri::classify_host(v))));
    out.set("hostKind", name(ftpuri::to_string(v.host_type())));
    out.set("effectivePort", v.effective_port());
    val segments = val::array();
    for (std::string_view const segment : v.segments())
        segments.call<void>("push", text(ftpuri::percent_decode(segment)));
    out.set("segments", segments);
    out.set("name", text(ftpuri::percent_decode(v.name())));
    char const code = v.typecode();
    out.set("typecode", code != '\0' ? val(std::string(1, code)) : val::null());
    out.set("parts", parts_object(v, uri));
    return out;
}

val canonicalize(std::string const& uri, std::string const& profile, bool strip_password, bool drop_fragment,
                 bool drop_anonymous)
{
    std::optional<ftpuri::parse_options> const options = options_for(profile);
    if (!options) return unknown_profile(profile);
    ftpuri::parse_result const r = ftpuri::parse(uri, *options);
    if (!r) return refused(r.error(), uri);
    ftpuri::canonical_options const rules{
        .drop_password = strip_password, .drop_fragment = drop_fragment, .drop_anonymous = drop_anonymous};
    val out = val::object();
    out.set("canonical", text(ftpuri::canonicalize(*r, rules)));
    return out;
}

val equivalent(std::string const& a, std::string const& b, std::string const& profile)
{
    std::optional<ftpuri::parse_options> const options = options_for(profile);
    if (!options) return unknown_profile(profile);
    return val(ftpuri::equivalent(a, b, *options));
}

val classify_host(std::string const& uri, std::string const& profile)
{
    std::optional<ftpuri::parse_options> const options = options_for(profile);
    if (!options) return unknown_profile(profile);
    ftpuri::parse_result const r = ftpuri::parse(uri, *options);
    if (!r) return refused(r.error(), uri);
    val out = val::object();
    out.set("hostClass", name(ftpuri::to_string(ftpuri::classify_host(*r))));
    return out;
}

val command_object(ftpuri::ftp_command const& c, ftpuri::cli::command_mask const& mask, std::string& scratch)
{
    val out = val::object();
    out.set("verb", name(ftpuri::to_string(c.verb())));
    if (c.has_argument()) {
        std::string argument;
        for (char const byte : c.argument())
            argument.push_back(byte);
        out.set("argument", text(argument));
        out.set("rawArgument", text(c.raw_argument()));
    } else {
        out.set("argument", val::null());
        out.set("rawArgument", val::null());
    }
    std::string sent(c.write_size_bound(), '\0');
    sent.resize(c.write_into(sent).size); // always ok: the line has the bound's size
    out.set("line", text(sent));
    out.set("shown", text(ftpuri::cli::command_line(c, mask, scratch)));
    return out;
}

// The options as ftpuri-check's --plan-mode, --absolute, --anonymous-password, --show-password and
// --no-anonymous; `credentials` ({user, password}, or null) for a URI without userinfo.
val plan(std::string const& uri, std::string const& profile, std::string const& mode, bool absolute,
         std::string const& anonymous_password, bool show_password, bool refuse_anonymous, val const& credentials)
{
    std::optional<ftpuri::parse_options> const options = options_for(profile);
    if (!options) return unknown_profile(profile);
    std::optional<ftpuri::plan_mode> const found_mode = ftpuri::plan_mode_from_string(mode);
    if (!found_mode) return problem("unknown plan mode '" + mode + "' (rfc1738, multicwd, singlecwd or nocwd)");
    std::string user;
    std::string password;
    ftpuri::plan_options plan_options{
        .mode = *found_mode, .absolute = absolute, .anonymous_password = anonymous_password};
    plan_options.refuse_anonymous = refuse_anonymous;
    if (!credentials.isNull()) {
        user = credentials["user"].as<std::string>();
        password = credentials["password"].as<std::string>();
        plan_options.credentials = ftpuri::plan_credentials{.user = user, .password = password};
    }
    ftpuri::parse_result const parsed = ftpuri::parse(uri, *options);
    if (!parsed) return refused(parsed.error(), uri);
    ftpuri::plan_result const planned = ftpuri::plan(*parsed, plan_options);
    if (!planned) return refused(planned.error(), uri);
    // As ftpuri-check --plan masks: the password any reader finds in the input.
    ftpuri::cli::command_mask mask{.show_password = show_password, .password = std::nullopt};
    if (!show_password) mask.password = ftpuri::find_password(uri);
    std::string scratch;
    val commands = val::array();
    for (ftpuri::ftp_command const& c : *planned)
        commands.call<void>("push", command_object(c, mask, scratch));
    val out = val::object();
    out.set("commands", commands);
    out.set("askPassword", planned->ask_password());
    return out;
}

// sanitize() with a policy given as ftpuri-check's --deny and --allow-host values, and the ids
// of --enable and --error; the findings as ftpuri-check with that policy reports them.
val sanitize(std::string const& uri, val const& deny, val const& allow_host, val const& enable, val const& as_error,
             std::string const& profile, bool strip_password, bool drop_fragment, bool drop_anonymous)
{
    read_options const read = options_with(profile, enable, as_error);
    if (!read.problem.empty()) return problem(read.problem);
    ftpuri::parse_options const& options = *read.options;
    ftpuri::cli::deny_result const denied = ftpuri::cli::parse_deny(strings(deny));
    if (!denied.problem.empty()) return problem("deny: " + denied.problem);
    std::vector<std::string> const patterns = strings(allow_host);
    for (std::string const& pattern : patterns)
        if (std::string const bad = ftpuri::cli::allow_pattern_problem(pattern); !bad.empty())
            return problem("allowHost: " + bad);
    std::vector<std::string_view> sorted(patterns.begin(), patterns.end());
    ftpuri::sort_host_patterns(sorted);
    ftpuri::policy const rules{.deny = denied.classes, .allow = sorted, .allow_sorted = true};
    ftpuri::canonical_options const canonical{
        .drop_password = strip_password, .drop_fragment = drop_fragment, .drop_anonymous = drop_anonymous};

    // An input past max_length is refused, so its canonical form never needs more room than
    // max_length's: a long input costs its own copy, not three times it.
    std::string written(ftpuri::sanitize_size_bound(std::min<std::size_t>(uri.size(), options.max_length)), '\0');
    ftpuri::sanitize_result const r = ftpuri::sanitize_into(uri, rules, written, options, canonical);
    val out = val::object();
    out.set("valid", static_cast<bool>(r)); // never buffer_too_small: the buffer has the bound's size
    out.set("canonical", r ? text(std::string_view(written).substr(0, r.size)) : val::null());
    out.set("error", r ? val::null() : diagnostic_object(r.error, uri));
    // Every finding: the parse's, then the policy's (at offsets into the input, which the lenient
    // profile's view may have trimmed).
    outcome parsed = parse_reported(uri, options);
    out.set("hostClass", parsed.view ? name(ftpuri::to_string(r.cls)) : val::null());
    if (parsed.view) {
        if (std::optional<ftpuri::diagnostic> finding = ftpuri::check_policy(*parsed.view, rules)) {
            finding->offset += static_cast<std::uint32_t>(parsed.view->buffer().data() - uri.data());
            parsed.found.push_back(*finding);
        }
    }
    out.set("diagnostics", diagnostic_array(parsed.found, uri));
    return out;
}

// `uri` with its password masked, wherever a WHATWG, curl or RFC 3986 reader would find one.
val redact_password(std::string const& uri)
{
    std::string out(ftpuri::redact_password_size_bound(uri), '\0');
    out.resize(ftpuri::redact_password_into(uri, out).size);
    return text(out);
}

// The top of malloc's heap: what the memory test watches across a million calls. Memory
// freed is reused below it; memory leaked pushes it up.
std::uintptr_t heap_top()
{
    return reinterpret_cast<std::uintptr_t>(sbrk(0));
}

std::string version()
{
    return std::string(ftpuri::version());
}

} // namespace

EMSCRIPTEN_BINDINGS(ftpuri)
{
    emscripten::function("version", &version);
    emscripten::function("validate", &validate);
    emscripten::function("parse", &parse);
    emscripten::function("canonicalize", &canonicalize);
    emscripten::function("equivalent", &equivalent);
    emscripten::function("classifyHost", &classify_host);
    emscripten::function("plan", &plan);
    emscripten::function("sanitize", &sanitize);
    emscripten::function("redactPassword", &redact_password);
    emscripten::function("heapTop", &heap_top);
}
