// SPDX-License-Identifier: Apache-2.0
// src/parse.cpp: the public entry points, on the scanner's two instantiations.
#include "ftpuri/parse.hpp"

#include <string>

#include "canonical_host.hpp"
#include "embedded_address.hpp"
#include "scan/scanner.hpp"

namespace ftpuri {

namespace {

// The error goes last, then the note that explains it, with the error's position.
void append_error(diagnostic_list& out, diagnostic const& error, std::optional<diag_id> note) noexcept
{
    out.push(error);
    if (note) out.push({*note, severity::note, error.where, error.offset, error.length});
}

// The opt-in rules asked for, checked on the parsed view. `base` is where the view's bytes
// begin in the input (the lenient profile may have trimmed some); offsets are the input's.
void report_opt_in(uri_view const& uri, std::string_view input, diag_set const& rules, diagnostic_list& out) noexcept
{
    auto const base = static_cast<std::uint32_t>(uri.buffer().data() - input.data());
    uri_view::offsets const at = uri.raw_offsets();
    auto warn = [&](diag_id id, component where, std::uint32_t begin, std::uint32_t end) {
        if (rules.contains(id)) out.push({id, severity::warning, where, base + begin, end - begin});
    };
    host_kind const kind = uri.host_type();
    if (kind == host_kind::ipv4 || kind == host_kind::ipv6 || kind == host_kind::ipvfuture)
        warn(diag_id::host_ip_address, component::host, at.host_begin, at.host_end);
    if (uri.has_userinfo()) {
        std::uint32_t const end = uri.has_password() ? at.password_end : at.user_end;
        warn(diag_id::userinfo_present, component::user, at.user_begin, end);
    }
    // An empty port, and :21 in any spelling, mean port 21: they have warnings of their own.
    if (uri.has_port() && uri.effective_port() != 21)
        warn(diag_id::port_non_default, component::port, at.port_begin, at.port_end);
}

// host.embedded-address, in every profile: a name that begins with a dotted IPv4 address, which
// wildcard DNS answers with, as host_classes() classes it (its canonical spelling). Most hosts
// begin with a letter: one byte settles them.
void report_embedded_address(uri_view const& uri, std::string_view input, diagnostic_list& out) noexcept
{
    host_kind const kind = uri.host_type();
    std::string_view const raw = uri.host();
    if ((kind != host_kind::dns_name && kind != host_kind::reg_name) || raw.empty()) return;
    if (!(raw.front() >= '0' && raw.front() <= '9') && raw.front() != '%') [[likely]]
        return;
    detail::host_buffer buffer; // NOLINT(cppcoreguidelines-pro-type-member-init): written before read
    std::optional<std::string_view> host = detail::canonical_host_view(uri, buffer);
    if (!host) return;
    if (host->ends_with('.')) host->remove_suffix(1);
    if (detail::embedded_ipv4(*host).empty()) return;
    auto const base = static_cast<std::uint32_t>(uri.buffer().data() - input.data());
    uri_view::offsets const at = uri.raw_offsets();
    out.push({diag_id::host_embedded_address, severity::warning, component::host, base + at.host_begin,
              at.host_end - at.host_begin});
}

// The first warning `named` holds of a URI whose findings overflowed a diagnostic_list: the scan
// again, keeping only those, then what the view draws after it. `ahead` gets the number of
// findings before it.
std::optional<diagnostic> first_named(std::string_view input, parse_options const& collecting, diag_set const& named,
                                      std::uint32_t& ahead) noexcept
{
    diagnostic_list kept;
    detail::scanner<detail::collect_warnings> s(input, collecting, {&kept, &named, &ahead});
    if (!s.run()) return std::nullopt; // the first scan passed: so does this one
    if (!kept.empty()) return kept[0];
    diagnostic_list later; // a few, each once
    report_embedded_address(s.view(), input, later);
    if (!collecting.opt_in.empty()) report_opt_in(s.view(), input, collecting.opt_in, later);
    for (diagnostic const& d : later) {
        if (d.level == severity::warning && named.contains(d.id)) return d;
        ++ahead;
    }
    return std::nullopt;
}

// parse_options::as_error: the collecting parse, then, for a URI that is valid on its own, the
// first warning the set names becomes the error, and what was found after it is dropped (a parse
// stops at its first error) but for the note that explains it (interop.typecode-case). A URI
// that is invalid on its own keeps its own error, the more specific one: "..%2F..%2Fetc" is
// path.encoded-traversal even when path.encoded-slash, found first, is in the set. When the
// findings overflowed the list, the named warning is looked for past its room too, so that no
// number of other warnings hides it. `out`, when given, receives what the parse reports, and
// counts what it had no room for before the error.
parse_result parse_with_errors_from_warnings(std::string_view input, parse_options const& options,
                                             diagnostic_list* out) noexcept
{
    parse_options collecting = options;
    collecting.opt_in = options.opt_in | (options.as_error & diag_set::opt_in_rules()); // as -Werror=ID does
    collecting.as_error = {};
    diagnostic_list found;
    parse_result const scanned = parse(input, collecting, found);
    std::size_t cut = found.size();
    std::optional<diagnostic> past_room;
    std::uint32_t ahead = 0;
    if (scanned) {
        for (std::size_t i = 0; i < found.size(); ++i) {
            if (found[i].level == severity::warning && options.as_error.contains(found[i].id)) {
                cut = i;
                break;
            }
        }
        if (cut == found.size() && found.dropped() != 0)
            past_room = first_named(input, collecting, options.as_error, ahead);
    }
    if (out != nullptr) {
        for (std::size_t i = 0; i < found.size(); ++i) {
            diagnostic d = found[i];
            if (i == cut) d.level = severity::error;
            bool const explains_cut = i == cut + 1 && d.level == severity::note;
            if (i <= cut || cut == found.size() || explains_cut) out->push(d);
        }
        // What `found` had no room for before the error: `out`, which holds all that `found`
        // does, is as full, so each warning pushed is dropped and counted.
        std::size_t const unkept = past_room ? ahead - found.size() : cut == found.size() ? found.dropped() : 0;
        for (std::size_t i = 0; i < unkept; ++i)
            out->push(found[0]);
    }
    if (!past_room && cut == found.size()) return scanned;
    diagnostic error = past_room ? *past_room : found[cut];
    error.level = severity::error;
    if (out != nullptr && past_room) out->push(error);
    return parse_result::failure(error);
}

} // namespace

parse_result parse(std::string_view input, parse_options const& options) noexcept
{
    if (!options.as_error.empty()) [[unlikely]]
        return parse_with_errors_from_warnings(input, options, nullptr);
#ifdef FTPURI_ALLOC_CANARY // only in tests/alloc: proves the allocation test can fail
    std::string const canary(input);
    if (canary.empty()) return parse_result::failure({});
#endif
    detail::scanner<detail::discard_warnings> s(input, options, {});
    return s.run() ? parse_result::success(s.view()) : parse_result::failure(s.error());
}

parse_result parse(std::string_view input, parse_options const& options, diagnostic_list& out) noexcept
{
    if (!options.as_error.empty()) [[unlikely]]
        return parse_with_errors_from_warnings(input, options, &out);
    detail::scanner<detail::collect_warnings> s(input, options, {&out});
    if (s.run()) {
        report_embedded_address(s.view(), input, out);
        if (!options.opt_in.empty()) [[unlikely]]
            report_opt_in(s.view(), input, options.opt_in, out);
        return parse_result::success(s.view());
    }
    append_error(out, s.error(), s.note());
    return parse_result::failure(s.error());
}

bool validate(std::string_view input, parse_options const& options) noexcept
{
    if (!options.as_error.empty()) [[unlikely]]
        return parse_with_errors_from_warnings(input, options, nullptr).has_value();
    detail::scanner<detail::discard_warnings> s(input, options, {});
    return s.run();
}

bool validate(std::string_view input, parse_options const& options, diagnostic_list& out) noexcept
{
    if (!options.as_error.empty()) [[unlikely]]
        return parse_with_errors_from_warnings(input, options, &out).has_value();
    detail::scanner<detail::collect_warnings> s(input, options, {&out});
    if (s.run()) {
        report_embedded_address(s.view(), input, out);
        return true;
    }
    append_error(out, s.error(), s.note());
    return false;
}

} // namespace ftpuri
