// SPDX-License-Identifier: Apache-2.0
// fuzz/parse_fuzzer.cpp: the invariants of parse() and of the uri_view it returns, in every profile.
//
//   - validate(s, o) == parse(s, o).has_value(), with and without a diagnostic_list, and both
//     collect the same diagnostics (parse.hpp's promise);
//   - a failed parse reports exactly one error, the one parse() returns, last but for its notes;
//     a successful one reports none; every diagnostic lies within the input; each warning id
//     appears at most once; in strict every severity is the catalogue's;
//   - the view's offsets are ordered and within the input, and the parts re-assemble to it:
//     "ftp" "://" [user [":" password] "@"] host [":" port] path [typecode] ["?" query]
//     ["#" fragment] (the lenient profile's trimmed spaces and controls around it);
//   - the accessors agree with the offsets: port_number() is the port's value, segments() splits
//     the path at '/', name() and cwd_path() are its last segment and the rest, the host kind
//     matches the host's shape, decode_into() writes decode_size_bound() bytes and never more;
//   - strict-valid implies rfc3986- and lenient-valid with the same view, and rfc3986-valid
//     implies lenient-valid;
//   - the length limit: with max_length = size - 1 the input is input.too-long, with size it
//     is read as with the default limit;
//   - the sanitization policy (policy.hpp), with a policy and parse_options::as_error drawn from
//     the input itself (draw_policy below: the denied classes from its last two bytes, allow
//     patterns from the text after its last '#' or from its host, as_error ids from its hash),
//     in every profile: sanitize_into() fails with parse()'s error when parse() fails; when it
//     accepts, parse() does, check_policy() finds nothing, the class is classify_host()'s (public
//     when every other class is denied), an allow pattern matches, and the canonical form it
//     wrote re-parses in the profile to a host of the same classes that the policy accepts too;
//     a policy finding is check_policy()'s own (the offset shifted by the lenient trim), and
//     the same with the patterns sorted and searched by binary search (allow_sorted);
//     host.denied names a class the policy denies (so never with an empty deny set) and the
//     worst denied class of the host; host.not-allowed only with allow patterns; every error
//     lies within the input; the bound-size buffer suffices and one byte less is reported;
//   - and ftpuri.h's ftpuri_sanitize, given the same policy as C strings and id numbers, gives
//     sanitize_into()'s verdict: its error (id, offset, length), or its class and canonical form;
//   - the scanner's first stage at every SIMD level the machine has (SSE2, AVX2) gives the
//     portable scan's answers (simd_level::scalar): validate()'s verdict, parse()'s error or view
//     (detail::uri_parts, facts included), and the collecting parse's list, finding by finding.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri.h"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/uri_view.hpp"

#include "fuzz_check.hpp"
#include "scan/byte_runs.hpp"

namespace {

using namespace ftpuri;
using ftpuri_fuzz::iequals;
using ftpuri_fuzz::reference_decode;

constexpr std::uint32_t npos = uri_view::npos;

bool is_blank(char c) noexcept
{
    auto const u = static_cast<unsigned char>(c);
    return u <= 0x20 || u == 0x7F;
}

bool is_digit(char c) noexcept
{
    return c >= '0' && c <= '9';
}

// The diagnostics of both collecting entry points, and their agreement with parse().
void check_diagnostics(std::string_view input, parse_options const& options, parse_result const& r)
{
    diagnostic_list parsed;
    parse_result const r2 = parse(input, options, parsed);
    diagnostic_list validated;
    bool const v2 = validate(input, options, validated);
    FUZZ_CHECK(r2.has_value() == r.has_value(), input);
    FUZZ_CHECK(v2 == r.has_value(), input);
    FUZZ_CHECK(parsed.size() == validated.size(), input);
    FUZZ_CHECK(parsed.dropped() == validated.dropped(), input);
    for (std::size_t i = 0; i < parsed.size(); ++i)
        FUZZ_CHECK(parsed[i] == validated[i], input);

    std::size_t errors = 0;
    std::size_t error_index = 0;
    std::vector<bool> warned(diag_catalogue.size(), false);
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        diagnostic const& d = parsed[i];
        FUZZ_CHECK(static_cast<std::size_t>(d.id) < diag_catalogue.size(), input);
        FUZZ_CHECK(std::uint64_t{d.offset} + d.length <= input.size(), input);
        if (d.level == severity::error) {
            ++errors;
            error_index = i;
        } else if (d.level == severity::warning) {
            FUZZ_CHECK(errors == 0, input); // warnings come before the error
            FUZZ_CHECK(!warned[static_cast<std::size_t>(d.id)], input);
            warned[static_cast<std::size_t>(d.id)] = true;
        } else if (errors == 1) { // a note never stands alone: it explains the error before it
            FUZZ_CHECK(d.offset == parsed[error_index].offset && d.length == parsed[error_index].length, input);
        } else { // or the warning right before it (interop.typecode-case beside typecode.uppercase)
            FUZZ_CHECK(i > 0 && parsed[i - 1].level == severity::warning, input);
            FUZZ_CHECK(d.offset == parsed[i - 1].offset && d.length == parsed[i - 1].length, input);
        }
        if (options.syntax == profile::strict) FUZZ_CHECK(d.level == d.info().level, input);
    }
    if (r.has_value()) {
        FUZZ_CHECK(errors == 0 && !parsed.has_error(), input);
    } else {
        FUZZ_CHECK(errors == 1 && parsed.has_error(), input);
        FUZZ_CHECK(parsed[error_index] == r.error(), input);
        FUZZ_CHECK(r2.error() == r.error(), input);
        diagnostic const& e = r.error();
        FUZZ_CHECK(e.level == severity::error, input);
        FUZZ_CHECK(std::uint64_t{e.offset} + e.length <= input.size(), input);
    }
}

// decode_into() and decode_size_bound() for one component, against the reference decoder.
void check_decoding(std::string_view input, uri_view const& v, component c)
{
    std::string const expected = reference_decode(v.raw(c));
    FUZZ_CHECK(v.decode_size_bound(c) == expected.size(), input);
    // Exactly sized heap buffers, so that ASan sees a write past the end.
    std::vector<char> exact(expected.size());
    write_result const n = v.decode_into(c, exact);
    FUZZ_CHECK(n && n.size == expected.size(), input);
    FUZZ_CHECK(std::string_view(exact.data(), exact.size()) == expected, input);
    if (!expected.empty()) {
        std::vector<char> small(expected.size() - 1);
        FUZZ_CHECK(v.decode_into(c, small).status == write_status::buffer_too_small, input);
    }
}

void check_view(std::string_view input, parse_options const& options, uri_view const& v)
{
    // The buffer: the input itself, or (lenient) the input without blanks around it.
    std::string_view const b = v.buffer();
    FUZZ_CHECK(b.size() == v.size(), input);
    FUZZ_CHECK(b.data() >= input.data() && b.data() + b.size() <= input.data() + input.size(), input);
    if (options.syntax != profile::lenient) {
        FUZZ_CHECK(b.data() == input.data() && b.size() == input.size(), input);
    } else {
        auto const lead = static_cast<std::size_t>(b.data() - input.data());
        for (std::size_t i = 0; i < lead; ++i)
            FUZZ_CHECK(is_blank(input[i]), input);
        for (std::size_t i = lead + b.size(); i < input.size(); ++i)
            FUZZ_CHECK(is_blank(input[i]), input);
        FUZZ_CHECK(!b.empty() && !is_blank(b.front()) && !is_blank(b.back()), input);
    }
    FUZZ_CHECK(v.syntax() == options.syntax, input);

    // Re-assembly, part by part, each offset checked against the previous one.
    uri_view::offsets const o = v.raw_offsets();
    std::uint32_t const n = v.size();
    FUZZ_CHECK(n >= 6, input);
    FUZZ_CHECK(iequals(b.substr(0, 3), "ftp") && v.scheme() == b.substr(0, 3), input);
    FUZZ_CHECK(b.substr(3, 3) == "://", input);
    FUZZ_CHECK(o.scheme_end == 3, input);

    std::uint32_t pos = 6;
    if (v.has_userinfo()) {
        FUZZ_CHECK(o.user_begin == 6 && o.user_end >= o.user_begin && o.user_end < n, input);
        if (v.has_password()) {
            FUZZ_CHECK(b[o.user_end] == ':' && o.password_begin == o.user_end + 1, input);
            FUZZ_CHECK(o.password_end >= o.password_begin && o.password_end < n && b[o.password_end] == '@', input);
            pos = o.password_end + 1;
        } else {
            FUZZ_CHECK(o.password_begin == npos && o.password_end == npos, input);
            FUZZ_CHECK(b[o.user_end] == '@', input);
            pos = o.user_end + 1;
        }
    } else {
        FUZZ_CHECK(o.user_end == npos && o.password_begin == npos && o.password_end == npos, input);
        FUZZ_CHECK(!v.has_password() && v.user().empty() && v.password().empty(), input);
    }
    FUZZ_CHECK(o.host_begin == pos && o.host_end >= o.host_begin && o.host_end <= n, input);
    pos = o.host_end;
    if (v.has_port()) {
        FUZZ_CHECK(pos < n && b[pos] == ':' && o.port_begin == pos + 1, input);
        FUZZ_CHECK(o.port_end >= o.port_begin && o.port_end <= n, input);
        pos = o.port_end;
    } else {
        FUZZ_CHECK(o.port_begin == npos && o.port_end == npos && v.port_number() == 0, input);
    }
    FUZZ_CHECK(o.path_begin == pos && o.path_end >= o.path_begin && o.path_end <= n, input);
    pos = o.path_end;
    std::uint32_t const typecode_end =
        v.has_typecode() ? o.typecode_begin + static_cast<std::uint32_t>(v.typecode_part().size()) : npos;
    if (v.has_typecode()) {
        FUZZ_CHECK(o.typecode_begin == pos && typecode_end > pos && typecode_end <= n, input);
        pos = typecode_end;
    } else {
        FUZZ_CHECK(o.typecode_begin == npos && v.typecode() == '\0' && v.typecode_part().empty(), input);
    }
    if (v.has_query()) {
        FUZZ_CHECK(pos < n && b[pos] == '?' && o.query_begin == pos + 1, input);
        FUZZ_CHECK(o.query_end >= o.query_begin && o.query_end <= n, input);
        pos = o.query_end;
    } else {
        FUZZ_CHECK(o.query_begin == npos && o.query_end == npos, input);
    }
    if (v.has_fragment()) {
        FUZZ_CHECK(pos < n && b[pos] == '#' && o.fragment_begin == pos + 1, input);
        pos = n;
    } else {
        FUZZ_CHECK(o.fragment_begin == npos, input);
    }
    FUZZ_CHECK(pos == n, input);

    std::string assembled(v.scheme());
    assembled += "://";
    if (v.has_userinfo()) {
        assembled += v.user();
        if (v.has_password()) {
            assembled += ':';
            assembled += v.password();
        }
        assembled += '@';
    }
    assembled += v.host();
    if (v.has_port()) {
        assembled += ':';
        assembled += v.port();
    }
    assembled += v.path();
    assembled += v.typecode_part();
    if (v.has_query()) {
        assembled += '?';
        assembled += v.query();
    }
    if (v.has_fragment()) {
        assembled += '#';
        assembled += v.fragment();
    }
    FUZZ_CHECK(assembled == b, input);

    // raw() agrees with the accessors.
    FUZZ_CHECK(v.raw(component::input) == b && v.raw(component::scheme) == v.scheme(), input);
    FUZZ_CHECK(v.raw(component::authority) == b.substr(6, o.path_begin - 6), input);
    FUZZ_CHECK(v.raw(component::user) == v.user() && v.raw(component::password) == v.password(), input);
    FUZZ_CHECK(v.raw(component::host) == v.host() && v.raw(component::port) == v.port(), input);
    FUZZ_CHECK(v.raw(component::path) == v.path() && v.raw(component::typecode) == v.typecode_part(), input);
    FUZZ_CHECK(v.raw(component::query) == v.query() && v.raw(component::fragment) == v.fragment(), input);

    // The host and its kind.
    std::string_view const host = v.host();
    switch (v.host_type()) {
    case host_kind::ipv6:
    case host_kind::ipvfuture:
        FUZZ_CHECK(host.size() >= 2 && host.front() == '[' && host.back() == ']', input);
        FUZZ_CHECK(v.host_address() == host.substr(1, host.size() - 2), input);
        FUZZ_CHECK(v.host_type() == host_kind::ipv6 || options.syntax != profile::strict, input);
        break;
    case host_kind::ipv4: {
        FUZZ_CHECK(v.host_address() == host, input);
        // lenient reads "127.0.0.%31" as 127.0.0.1, and a Unicode host through IDNA (not modelled).
        bool const unicode =
            std::any_of(host.begin(), host.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
        if (options.syntax == profile::lenient && unicode) break;
        std::string const address = reference_decode(host);
        FUZZ_CHECK(options.syntax == profile::lenient || address == host, input);
        int octets = 0;
        std::size_t i = 0;
        while (i <= address.size()) {
            std::size_t j = i;
            unsigned value = 0;
            while (j < address.size() && is_digit(address[j]) && j - i < 4)
                value = value * 10 + static_cast<unsigned>(address[j++] - '0');
            FUZZ_CHECK(j > i && j - i <= 3 && value <= 255, input);
            FUZZ_CHECK(address[i] != '0' || j - i == 1, input); // no leading zeros
            ++octets;
            if (j == address.size()) break;
            FUZZ_CHECK(address[j] == '.', input);
            i = j + 1;
        }
        FUZZ_CHECK(octets == 4, input);
        break;
    }
    case host_kind::dns_name:
        FUZZ_CHECK(v.host_address() == host, input);
        if (options.syntax == profile::strict) {
            FUZZ_CHECK(!host.empty() && host.size() <= 254, input);
            for (char c : host)
                FUZZ_CHECK((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '-' || c == '.',
                           input);
        }
        break;
    case host_kind::reg_name:
        // rfc3986's reg-names; lenient's too, for the hosts it accepts with a safety warning
        // (host.empty, host.numeric-ambiguous). Never in strict.
        FUZZ_CHECK(options.syntax != profile::strict, input);
        FUZZ_CHECK(v.host_address() == host, input);
        break;
    }

    // The port and its value.
    if (v.has_port()) {
        std::string_view const port = v.port();
        unsigned long value = 0;
        for (char c : port) {
            FUZZ_CHECK(is_digit(c), input);
            value = value * 10 + static_cast<unsigned long>(c - '0');
            FUZZ_CHECK(value <= 65535, input);
        }
        FUZZ_CHECK(port.empty() ? v.port_number() == 0 : (value >= 1 && v.port_number() == value), input);
    }
    FUZZ_CHECK(v.effective_port() == (v.port_number() != 0 ? v.port_number() : 21), input);

    // The path, its segments, name and cwd part.
    std::string_view const path = v.path();
    FUZZ_CHECK(path.empty() || path.front() == '/', input);
    FUZZ_CHECK(v.segments().empty() == path.empty(), input);
    std::string rejoined;
    std::size_t count = 0;
    std::string_view last;
    for (std::string_view segment : v.segments()) {
        FUZZ_CHECK(segment.find('/') == std::string_view::npos, input);
        FUZZ_CHECK(segment.data() >= path.data() && segment.data() + segment.size() <= path.data() + path.size(),
                   input);
        rejoined += '/';
        rejoined += segment;
        last = segment;
        ++count;
    }
    FUZZ_CHECK(rejoined == path && count == v.segments().size(), input);
    FUZZ_CHECK(v.name() == last, input);
    FUZZ_CHECK(path.empty() ? v.cwd_path().empty() : std::string(v.cwd_path()) + std::string(v.name()) == path, input);

    // The typecode.
    if (v.has_typecode()) {
        std::string_view const t = v.typecode_part();
        bool const misspelled = options.syntax == profile::lenient && t.size() == 11;
        FUZZ_CHECK(t.size() == 7 || misspelled, input);
        FUZZ_CHECK(iequals(t.substr(0, t.size() - 1), misspelled ? ";typecode=" : ";type="), input);
        char const x = ftpuri_fuzz::ascii_lower(t.back());
        FUZZ_CHECK((x == 'a' || x == 'i' || x == 'd') && v.typecode() == x, input);
    }

    // No query in strict.
    if (options.syntax == profile::strict) FUZZ_CHECK(!v.has_query(), input);

    for (component c : {component::user, component::password, component::host, component::port, component::path,
                        component::typecode, component::query, component::fragment})
        check_decoding(input, v, c);
}

bool same_view(uri_view const& a, uri_view const& b) noexcept
{
    uri_view::offsets const x = a.raw_offsets();
    uri_view::offsets const y = b.raw_offsets();
    return a.buffer().data() == b.buffer().data() && a.size() == b.size() && x.user_begin == y.user_begin &&
           x.user_end == y.user_end && x.password_begin == y.password_begin && x.password_end == y.password_end &&
           x.host_begin == y.host_begin && x.host_end == y.host_end && x.port_begin == y.port_begin &&
           x.port_end == y.port_end && x.path_begin == y.path_begin && x.path_end == y.path_end &&
           x.typecode_begin == y.typecode_begin && x.query_begin == y.query_begin && x.query_end == y.query_end &&
           x.fragment_begin == y.fragment_begin && a.port_number() == b.port_number() &&
           a.host_type() == b.host_type() && a.typecode() == b.typecode() && a.typecode_part() == b.typecode_part();
}

// A policy and as_error drawn from the input without consuming it (the input stays one URI,
// so the seed corpus and every kept finding serve this part too). The patterns view the input
// or `wildcard`: fill one in place, never copy it.
struct drawn_policy {
    std::string wildcard;
    std::array<std::string_view, 2> patterns{};
    policy rules{};
    diag_set as_error{};
};

void draw_policy(std::string_view input, drawn_policy& d)
{
    std::uint32_t hash = 2166136261U; // FNV-1a
    for (char c : input)
        hash = (hash ^ static_cast<unsigned char>(c)) * 16777619U;
    auto const byte = [&](std::size_t from_end) -> unsigned {
        return input.size() > from_end ? static_cast<unsigned char>(input[input.size() - 1 - from_end]) : 0U;
    };
    // The denied classes: none, every one but public, or one bit per class from the last two bytes.
    switch (hash % 4) {
    case 0: break;
    case 1: d.rules.deny = host_class_set::non_public(); break;
    default: {
        unsigned const bits = byte(0) | (byte(1) & 3U) << 8;
        for (std::size_t i = 0; i < host_class_count; ++i)
            if ((bits >> i & 1U) != 0) d.rules.deny.insert(static_cast<host_class>(i));
    }
    }
    // Allow patterns: the text after the last '#', one or two (split at its first ','); or,
    // without a '#', two times in three the input's host as written, and now and then "*."
    // and the host after its first '.'.
    std::size_t n = 0;
    if (std::size_t const hash_mark = input.rfind('#'); hash_mark != std::string_view::npos) {
        std::string_view const text = input.substr(hash_mark + 1);
        std::size_t const comma = text.find(',');
        d.patterns[n++] = text.substr(0, comma);
        if (comma != std::string_view::npos) d.patterns[n++] = text.substr(comma + 1);
    } else if ((hash >> 2) % 3 != 0) {
        std::size_t const begin = input.find("//");
        if (begin != std::string_view::npos) {
            std::string_view host = input.substr(begin + 2);
            host = host.substr(0, host.find_first_of("/?#"));
            if (std::size_t const at = host.rfind('@'); at != std::string_view::npos) host.remove_prefix(at + 1);
            d.patterns[n++] = host;
            std::size_t const dot = host.find('.');
            if ((hash >> 4) % 2 != 0 && dot != std::string_view::npos) {
                d.wildcard = "*." + std::string(host.substr(dot + 1));
                d.patterns[n++] = d.wildcard;
            }
        }
    }
    d.rules.allow = std::span<std::string_view const>(d.patterns.data(), n);
    // as_error: nothing, every warning, or one or two ids drawn from the hash.
    switch ((hash >> 8) % 4) {
    case 0: break;
    case 1:
        for (diag_info const& row : diag_catalogue)
            if (row.level == severity::warning) d.as_error.insert(row.id);
        break;
    default:
        d.as_error.insert(static_cast<diag_id>((hash >> 12) % diag_catalogue.size()));
        if ((hash >> 10) % 2 != 0) d.as_error.insert(static_cast<diag_id>((hash >> 20) % diag_catalogue.size()));
    }
}

void check_sanitize(std::string_view input, profile p, drawn_policy const& d)
{
    parse_options options{p, default_max_length};
    options.as_error = d.as_error;
    policy const& rules = d.rules;
    std::vector<char> out(canonicalize_size_bound(input.size()));
    sanitize_result const r = sanitize_into(input, rules, out, options);
    parse_result const parsed = parse(input, options);
    FUZZ_CHECK(r.status != write_status::buffer_too_small, input); // the bound suffices
    if (!parsed) {
        FUZZ_CHECK(r.status == write_status::invalid && r.error == parsed.error(), input);
        return;
    }
    FUZZ_CHECK(r.uri.buffer().data() == parsed->buffer().data() && r.uri.size() == parsed->size(), input);
    host_class_set const classes = host_classes(*parsed);
    FUZZ_CHECK(r.cls == classify_host(*parsed) && r.cls == classes.worst(), input);
    std::optional<diagnostic> const finding = check_policy(*parsed, rules);
    FUZZ_CHECK(!check_policy(*parsed, policy{}).has_value(), input); // an empty policy accepts all
    // The same patterns sorted and searched by binary search (policy::allow_sorted) find the same.
    std::array<std::string_view, 2> sorted = d.patterns;
    std::span<std::string_view> const drawn(sorted.data(), rules.allow.size());
    sort_host_patterns(drawn);
    policy sorted_rules = rules;
    sorted_rules.allow = drawn;
    sorted_rules.allow_sorted = true;
    FUZZ_CHECK(check_policy(*parsed, sorted_rules) == finding, input);
    auto const shift = static_cast<std::uint32_t>(parsed->buffer().data() - input.data());
    if (finding) {
        diagnostic expected = *finding;
        expected.offset += shift;
        FUZZ_CHECK(r.status == write_status::invalid && r.error == expected, input);
        FUZZ_CHECK(finding->level == severity::error && finding->where == component::host, input);
    }
    if (r.status == write_status::invalid) {
        diagnostic const& e = r.error;
        FUZZ_CHECK(e.level == severity::error, input);
        FUZZ_CHECK(std::uint64_t{e.offset} + e.length <= input.size(), input);
        if (!finding && e.id != diag_id::host_idna_invalid) { // else libidn2 changed its mind
            // Refused for what the canonical form it wrote says under the same options, over
            // the input's spelling of that form's component.
            FUZZ_CHECK(!options.as_error.empty(), input);
            std::vector<char> form(canonicalize_size_bound(parsed->size()));
            write_result const written = canonicalize_into(*parsed, form);
            FUZZ_CHECK(written.status == write_status::ok, input);
            parse_result const again = parse(std::string_view(form.data(), written.size), options);
            FUZZ_CHECK(!again && again.error().id == e.id, input);
            std::string_view const spelled = parsed->raw(e.where);
            FUZZ_CHECK(spelled.data() != nullptr && e.offset == shift + (spelled.data() - parsed->buffer().data()) &&
                           e.length == spelled.size(),
                       input);
        }
        if (e.id == diag_id::host_denied) {
            FUZZ_CHECK(!rules.deny.empty() && e.detail < host_class_count, input);
            auto const denied = static_cast<host_class>(e.detail);
            FUZZ_CHECK(rules.deny.contains(denied) && classes.contains(denied), input);
            FUZZ_CHECK(denied == classes.worst_in(rules.deny), input);
        } else if (e.id == diag_id::host_not_allowed) {
            FUZZ_CHECK(!rules.allow.empty() && !classes.intersects(rules.deny), input);
        }
        return;
    }
    // Accepted.
    FUZZ_CHECK(!finding && !classes.intersects(rules.deny), input);
    if (rules.deny == host_class_set::non_public()) FUZZ_CHECK(r.cls == host_class::public_, input);
    FUZZ_CHECK(r.size <= out.size(), input);
    std::string_view const canonical(out.data(), r.size);
    if (!rules.allow.empty()) {
        std::array<char, 256> host{};
        std::size_t const n = canonical_host_into(*parsed, host).size;
        FUZZ_CHECK(n <= host.size(), input);
        bool matched = false;
        for (std::string_view text : rules.allow) {
            std::optional<host_pattern> const pattern = host_pattern::parse(text);
            matched =
                matched || (pattern && pattern->matches(std::string_view(host.data(), n), parsed->effective_port()));
        }
        FUZZ_CHECK_DETAIL(matched, input, canonical);
    }
    // The canonical form re-parses to a host of the same classes, which the policy accepts too.
    parse_result const again = parse(canonical, {p, default_max_length});
    FUZZ_CHECK_DETAIL(again.has_value(), input, canonical);
    FUZZ_CHECK_DETAIL(host_classes(*again) == classes, input, canonical);
    FUZZ_CHECK_DETAIL(!check_policy(*again, rules).has_value(), input, canonical);
    // One byte less: reported, with the same size needed.
    if (r.size > 0) {
        std::vector<char> small(r.size - 1);
        sanitize_result const short_one = sanitize_into(input, rules, small, options);
        FUZZ_CHECK(short_one.status == write_status::buffer_too_small && short_one.size == r.size, input);
    }
}

// The drawn policy through the C API: patterns as C strings (one with a NUL in it cannot be
// one, and is left to the C++ check), the classes as bits, the ids as numbers.
void check_c_sanitize(std::string_view input, profile p, drawn_policy const& d)
{
    std::vector<std::string> patterns(d.rules.allow.begin(), d.rules.allow.end());
    std::vector<char const*> c_patterns;
    for (std::string const& pattern : patterns) {
        if (pattern.find('\0') != std::string::npos) return;
        c_patterns.push_back(pattern.c_str());
    }
    std::vector<std::uint32_t> ids;
    for (diag_info const& row : diag_catalogue)
        if (d.as_error.contains(row.id)) ids.push_back(static_cast<std::uint32_t>(row.id));
    ftpuri_policy c = FTPURI_POLICY_INIT;
    for (std::size_t k = 0; k < host_class_count; ++k)
        if (d.rules.deny.contains(static_cast<host_class>(k))) c.deny |= FTPURI_HOST_CLASS_BIT(k);
    c.allow = c_patterns.data();
    c.allow_count = c_patterns.size();
    c.as_error = ids.data();
    c.as_error_count = ids.size();
    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.profile = static_cast<std::uint32_t>(p);
    std::vector<char> c_out(canonicalize_size_bound(input.size()) + 1);
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    std::size_t n = 0;
    std::uint32_t cls = FTPURI_NPOS;
    int const status = ftpuri_sanitize(input.data(), input.size(), &o, &c, 0, c_out.data(), c_out.size(), &n, &cls, &e);

    parse_options options{p, default_max_length};
    options.as_error = d.as_error;
    std::vector<char> out(canonicalize_size_bound(input.size()));
    sanitize_result const r = sanitize_into(input, d.rules, out, options);
    if (r) {
        FUZZ_CHECK(status == FTPURI_OK && cls == static_cast<std::uint32_t>(r.cls), input);
        FUZZ_CHECK(std::string_view(c_out.data(), n) == std::string_view(out.data(), r.size) && c_out[n] == '\0',
                   input);
        return;
    }
    FUZZ_CHECK(status == FTPURI_INVALID && e.id == static_cast<std::uint32_t>(r.error.id), input);
    FUZZ_CHECK(e.offset == r.error.offset && e.length == r.error.length, input);
}

// The SIMD levels only decide how far the scanner skips: every answer is the portable scan's.
void check_simd_levels(std::string_view input, parse_options const& options)
{
    using ftpuri::detail::simd_level;
    simd_level const machine = ftpuri::detail::active_simd_level;
    ftpuri::detail::active_simd_level = simd_level::scalar;
    diagnostic_list portable_found;
    parse_result const portable = parse(input, options, portable_found);
    parse_result const portable_quick = parse(input, options);
    for (simd_level const level : {simd_level::sse2, simd_level::avx2}) {
        if (level > ftpuri::detail::detected_simd_level()) continue;
        ftpuri::detail::active_simd_level = level;
        diagnostic_list found;
        parse_result const fast = parse(input, options, found);
        parse_result const quick = parse(input, options);
        FUZZ_CHECK(validate(input, options) == portable_quick.has_value(), input);
        FUZZ_CHECK(fast.has_value() == portable.has_value() && quick.has_value() == portable_quick.has_value(), input);
        FUZZ_CHECK(std::equal(found.begin(), found.end(), portable_found.begin(), portable_found.end()), input);
        if (fast) {
            FUZZ_CHECK(ftpuri::detail::view_access::parts(*fast) == ftpuri::detail::view_access::parts(*portable),
                       input);
        } else {
            FUZZ_CHECK(fast.error() == portable.error(), input);
        }
        if (quick) {
            FUZZ_CHECK(ftpuri::detail::view_access::parts(*quick) ==
                           ftpuri::detail::view_access::parts(*portable_quick),
                       input);
        } else {
            FUZZ_CHECK(quick.error() == portable_quick.error(), input);
        }
    }
    ftpuri::detail::active_simd_level = machine;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);

    parse_result results[3];
    profile const profiles[3] = {profile::strict, profile::rfc3986, profile::lenient};
    for (int i = 0; i < 3; ++i) {
        parse_options const options{profiles[i], default_max_length};
        parse_result const& r = results[i] = parse(input, options);
        FUZZ_CHECK(validate(input, options) == r.has_value(), input);
        check_diagnostics(input, options, r);
        check_simd_levels(input, options);
        if (r) check_view(input, options, *r);
    }

    drawn_policy drawn;
    draw_policy(input, drawn);
    for (profile const p : profiles) {
        check_sanitize(input, p, drawn);
        check_c_sanitize(input, p, drawn);
    }

    // strict is the narrowest profile.
    if (results[0]) {
        FUZZ_CHECK(results[1].has_value() && same_view(*results[0], *results[1]), input);
        FUZZ_CHECK(results[2].has_value() && same_view(*results[0], *results[2]), input);
    }
    // lenient accepts all that rfc3986 accepts (reading it as rfc3986 does where its own grammar
    // would refuse).
    if (results[1]) FUZZ_CHECK(results[2].has_value(), input);

    // The length limit is checked before anything else, and only it.
    if (size > 0 && size <= max_length_cap) {
        auto const n = static_cast<std::uint32_t>(size);
        parse_result const too_long = parse(input, {profile::strict, n - 1});
        FUZZ_CHECK(!too_long && too_long.error().id == diag_id::input_too_long, input);
        FUZZ_CHECK(too_long.error().offset == n - 1 && too_long.error().length == 1, input);
        FUZZ_CHECK(!validate(input, {profile::lenient, n - 1}), input);
        parse_result const exact = parse(input, {profile::strict, n});
        FUZZ_CHECK(exact.has_value() == results[0].has_value(), input);
        if (!exact) FUZZ_CHECK(exact.error() == results[0].error(), input);
    }
    return 0;
}
