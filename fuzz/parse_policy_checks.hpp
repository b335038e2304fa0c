// SPDX-License-Identifier: Apache-2.0
// fuzz/parse_policy_checks.hpp: part of parse_fuzzer: a sanitization policy drawn from the input,
// and sanitize(), check_policy() and ftpuri.h's ftpuri_sanitize held to parse() and each other.
#pragma once

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

namespace ftpuri_fuzz::parse_checks {

using namespace ftpuri;
using ftpuri_fuzz::iequals;
using ftpuri_fuzz::reference_decode;

// A policy and as_error drawn from the input without consuming it (the input stays one URI,
// so the seed corpus and every kept finding serve this part too). The patterns view the input
// or `wildcard`: fill one in place, never copy it.
struct drawn_policy {
    std::string wildcard;
    std::array<std::string_view, 2> patterns{};
    policy rules{};
    diag_set as_error{};
};

inline void draw_policy(std::string_view input, drawn_policy& d)
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

inline void check_sanitize(std::string_view input, profile p, drawn_policy const& d)
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
inline void check_c_sanitize(std::string_view input, profile p, drawn_policy const& d)
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

} // namespace ftpuri_fuzz::parse_checks
