// SPDX-License-Identifier: Apache-2.0
// src/scanner.hpp: the one scanner behind parse() and validate(). Internal.
//
// It reads the input left to right, each byte through a 256-entry table named after the ABNF
// rule of docs/grammar.abnf that governs it, and stops at the first error. Some bytes are read
// again, a bounded number of times each: a component is found first and then judged whole by
// the rules (a host's labels, an IP-literal, a port, a segment's dots and escapes), and the
// authority's end is found before its parts are scanned. The scan stays linear. It never
// recurses or throws; it allocates only where libidn2 does (idna.hpp). docs/scanner.md says,
// rule by rule, what it reports and where.
//
// It writes the view's offsets as it reads (detail::uri_parts), and asks the pure rules of
// src/rules/ about what it has read: a host, a port, a segment. The Sink (scan_reporter.hpp)
// makes it two functions with no run-time cost: one that collects warnings, one that does not.
// docs/architecture.md says what may call what.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/uri_view.hpp"
#include "idna.hpp"
#include "plain_scan.hpp"
#include "rules/bad_byte.hpp"
#include "rules/directory_walk.hpp"
#include "rules/dns_name.hpp"
#include "rules/ipv4_address.hpp"
#include "rules/ipv6_address.hpp"
#include "rules/ipvfuture.hpp"
#include "rules/numeric_host.hpp"
#include "rules/port.hpp"
#include "rules/segment.hpp"
#include "rules/typecode.hpp"
#include "scan_reporter.hpp"
#include "scan_tables.hpp"
#include "text.hpp"
#include "utf8.hpp"

namespace ftpuri::detail {

template <class Sink>
class scanner : public scan_reporter<Sink> {
    using reporter = scan_reporter<Sink>;
    using reporter::fail;
    using reporter::fail_if_strict;
    using reporter::note_beside_warning;
    using reporter::strict;
    using reporter::warn;

public:
    static constexpr std::uint32_t npos = uri_offsets::npos;

    // `fast_paths` off: every byte goes through the full scan (detail::parse_full_scan, which
    // tests hold the fast paths to).
    scanner(std::string_view input, parse_options const& options, Sink sink, bool fast_paths = true) noexcept
        : reporter(options.syntax == profile::strict, sink), s_(reinterpret_cast<unsigned char const*>(input.data())),
          input_(input), ftp_grammar_(options.syntax != profile::rfc3986), lenient_(options.syntax == profile::lenient),
          fast_paths_(fast_paths && ftp_grammar_),
          max_length_(options.max_length < max_length_cap ? options.max_length : max_length_cap)
    {
        parts_.syntax = options.syntax;
    }

    // True when the input is valid; then view() describes it, else error() says why.
    bool run() noexcept
    {
        if (input_.empty()) return fail(diag_id::input_empty, component::input, 0, 0);
        if (input_.size() > max_length_) {
            std::size_t const excess = input_.size() - max_length_;
            return fail(diag_id::input_too_long, component::input, max_length_,
                        excess > npos ? npos : static_cast<std::uint32_t>(excess));
        }
        n_ = static_cast<std::uint32_t>(input_.size());
        if (lenient_ && !trim()) return false;
        parts_.data = input_.data();
        parts_.size = n_;
        if (!scan_scheme() || !scan_authority() || !scan_path()) return false;
        parts_.facts |= facts_known;
        return true;
    }

    // The parsed URI, once run() has said yes.
    [[nodiscard]] uri_view view() const noexcept { return uri_view(parts_); }

private:
    // WHATWG strips "C0 control or space" (U+0000 to U+0020) from both ends; DEL is not one.
    [[nodiscard]] bool only_space_or_controls_after(std::uint32_t q) const noexcept
    {
        for (std::uint32_t i = q + 1; i < n_; ++i)
            if (s_[i] > 0x20) return false;
        return true;
    }

    // The lenient profile reads the URI between its leading and trailing ASCII whitespace;
    // offsets stay offsets into the whole input. WHATWG parsers strip every C0 control there,
    // but a raw NUL or ESC stays an error here, as the safety rules say of raw controls.
    bool trim() noexcept
    {
        std::uint32_t begin = 0;
        std::uint32_t end = n_;
        auto const blank = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
        while (begin < end && blank(s_[begin]))
            ++begin;
        while (end > begin && blank(s_[end - 1]))
            --end;
        if (begin == end) return fail(diag_id::input_empty, component::input, 0, 0);
        if (begin == 0 && end == n_) return true;
        if (begin > 0) {
            warn(diag_id::input_trimmed, component::input, 0, begin);
        } else {
            warn(diag_id::input_trimmed, component::input, end, n_ - end);
        }
        s_ += begin;
        input_ = input_.substr(begin, end - begin);
        n_ = end - begin;
        this->shift_offsets_by(begin);
        return true;
    }

    // The lenient profile's repairs of raw bytes: a space or a non-ASCII byte in the user,
    // password, path, query or fragment is taken as if percent-encoded, with a warning.
    bool tolerated(std::uint32_t q, component where) noexcept
    {
        unsigned char const c = s_[q];
        if (!lenient_ || where == component::host || where == component::port || where == component::scheme)
            return false;
        if (c == ' ') {
            warn(diag_id::char_space, where, q, 1);
            return true;
        }
        if (chars::non_ascii.contains(c)) {
            warn(diag_id::char_non_ascii, where, q, 1);
            return true;
        }
        return false;
    }

    // A byte that the component's rule excludes, reported by what it is (docs/scanner.md,
    // "Bad bytes"). Always returns false.
    [[gnu::cold, gnu::noinline]] bool bad_byte(std::uint32_t q, component where) noexcept
    {
        bool const at_edge = q == 0 || only_space_or_controls_after(q);
        rules::bad_byte_report const report = rules::classify_bad_byte(s_[q], at_edge, where);
        return fail(report.id, where, q, 1, report.note);
    }

    // ---- pct-encoded -------------------------------------------------------------------------

    // pct-encoded = "%" HEXDIG HEXDIG
    // Checks the escape at q (s_[q] == '%') within [q, limit) and returns the decoded byte,
    // or -1 after fail().
    int scan_escape(std::uint32_t q, std::uint32_t limit, component where) noexcept
    {
        int const hi = q + 1 < limit ? hex_value(s_[q + 1]) : -1;
        int const lo = hi >= 0 && q + 2 < limit ? hex_value(s_[q + 2]) : -1;
        if (hi < 0 || lo < 0) [[unlikely]] {
            fail(diag_id::pct_malformed, where, q, hi < 0 ? 1 : 2);
            return -1;
        }
        auto const byte = static_cast<unsigned char>(hi * 16 + lo);
        if (chars::control.contains(byte)) [[unlikely]] { // in every component (PRODUCT.md "Safety rules")
            if (rules::ends_a_command(byte)) {
                fail(diag_id::pct_forbidden_control, where, q, 3);
                return -1;
            }
            if (!fail_if_strict(diag_id::pct_control, where, q, 3)) return -1;
        }
        if constexpr (Sink::collecting) {
            if (s_[q + 1] >= 'a' || s_[q + 2] >= 'a') warn(diag_id::pct_lowercase, where, q, 3);
            if (chars::unreserved.contains(byte)) warn(diag_id::pct_needless, where, q, 3);
        }
        return byte;
    }

    // ---- scheme ------------------------------------------------------------------------------

    // ftp-URI    = ftp-scheme ":" "//" authority ftp-path [ "#" fragment ]
    // ftp-scheme = "ftp"                  ; case-insensitive
    // scheme     = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    bool scan_scheme() noexcept
    {
        // Nearly every input begins so; its six bytes are then all there is to check here.
        if (n_ >= 6 && std::memcmp(s_, "ftp://", 6) == 0) return true;
        unsigned char const first = s_[0];
        if (first == ' ' || chars::control.contains(first)) return bad_byte(0, component::scheme);
        std::uint32_t end = 0;
        if (chars::alpha.contains(first)) {
            end = 1;
            while (end < n_ && chars::scheme_char.contains(s_[end]))
                ++end;
        }
        if (end == 0 || end == n_ || s_[end] != ':') return fail(diag_id::scheme_missing, component::scheme, 0, 0);
        bool const is_ftp =
            end == 3 && to_lower_ascii(s_[0]) == 'f' && to_lower_ascii(s_[1]) == 't' && to_lower_ascii(s_[2]) == 'p';
        if (!is_ftp) return fail(diag_id::scheme_not_ftp, component::scheme, 0, end);
        if (is_upper_ascii(s_[0]) || is_upper_ascii(s_[1]) || is_upper_ascii(s_[2]))
            warn(diag_id::scheme_uppercase, component::scheme, 0, 3);
        if (n_ < 6 || s_[4] != '/' || s_[5] != '/')
            return fail(diag_id::authority_missing, component::authority, 4, 0, diag_id::interop_scheme_slashes);
        return true;
    }

    // ---- authority ---------------------------------------------------------------------------

    // authority = [ user-pass "@" ] host [ ":" port ]
    bool scan_authority() noexcept
    {
#if defined(__SSE2__)
        {
            // Most authorities are plain: a plain user, host and port. Where warnings are wanted,
            // only those that draw none.
            plain_authority_parts plain{};
            if (fast_paths_ && plain_authority(s_, n_, 6, plain) && (!Sink::collecting || draws_no_warning(plain))) {
                if (plain.has_user) {
                    parts_.at.user_begin = 6;
                    parts_.at.user_end = plain.user_end;
                    if (plain.password_end != npos) {
                        parts_.at.password_begin = plain.user_end + 1;
                        parts_.at.password_end = plain.password_end;
                    }
                }
                authority_end_ = plain.end;
                if (!plain.host_has_upper) parts_.facts |= host_as_written;
                parts_.at.host_begin = plain.host_begin;
                parts_.at.host_end = plain.host_end;
                parts_.kind = plain.kind;
                if (plain.host_end < plain.end) {
                    parts_.at.port_begin = plain.host_end + 1;
                    parts_.at.port_end = plain.end;
                    parts_.port_number = plain.port;
                }
                return true;
            }
        }
#endif
        std::uint32_t const begin = 6;
        std::uint32_t end = begin;
        std::uint32_t first_at = npos;
        std::uint32_t second_at = npos;
        for (; end < n_; ++end) {
            end = skip_inside_authority(s_, end, n_);
            if (end == n_) break;
            std::uint8_t const kind = authority_table[s_[end]];
            if (kind == inside) [[likely]]
                continue;
            if (kind == ends) break;
            if (first_at == npos) {
                first_at = end;
            } else if (second_at == npos) {
                second_at = end;
            }
        }
        authority_end_ = end;

        std::uint32_t host = begin;
        // [ user-pass "@" ]
        if (first_at != npos) {
            if (!scan_userinfo(begin, first_at)) return false;
            if (second_at != npos) {
                return fail(diag_id::userinfo_multiple_at, component::authority, first_at, 1,
                            diag_id::interop_multiple_at);
            }
            host = first_at + 1;
        }
        return scan_host(host, end) && scan_port(parts_.at.host_end, end);
    }

    // user-pass = user [ ":" password ]
    // user      = *usp-char
    // password  = *usp-char
    // usp-char  = unreserved / pct-encoded / sub-delims      ; no raw ":" or "@"
    // (rfc3986: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ), the password being
    //  everything after the first ":")
    bool scan_userinfo(std::uint32_t begin, std::uint32_t end) noexcept
    {
        parts_.at.user_begin = begin;
        std::uint32_t colon = npos;
        component where = component::user;
        utf8_checker utf8;
        std::uint32_t part_begin = begin;
        for (std::uint32_t q = begin; q < end;) {
            unsigned char const c = s_[q];
            // rfc3986 lets the password hold more ":"; strict wants them encoded.
            bool const plain = chars::usp_char.contains(c) || (c == ':' && colon != npos && !ftp_grammar_);
            if (plain) [[likely]] {
                if (!report_utf8(utf8, utf8.raw_byte(), where)) return false;
                ++q;
            } else if (c == '%') {
                int const byte = scan_escape(q, end, where);
                if (byte < 0 ||
                    !report_utf8(utf8, utf8.escaped_byte(static_cast<unsigned char>(byte), q, q + 3), where))
                    return false;
                q += 3;
            } else if (c == ':' && colon == npos) {
                if (!report_utf8(utf8, utf8.finish(), where)) return false;
                if (!utf8.ok()) warn(diag_id::pct_non_utf8, where, part_begin, q - part_begin);
                utf8 = {};
                colon = q;
                where = component::password;
                part_begin = ++q;
            } else if (c == ':' && lenient_) { // repaired as %3A
                warn(diag_id::userinfo_raw_colon, component::password, q, 1);
                if (!report_utf8(utf8, utf8.raw_byte(), where)) return false;
                ++q;
            } else if (c == ':') {
                return fail(diag_id::userinfo_raw_colon, component::password, q, 1);
            } else if (tolerated(q, where)) {
                if (!report_utf8(utf8, utf8.escaped_byte(c, q, q + 1), where)) return false;
                ++q;
            } else {
                return bad_byte(q, where);
            }
        }
        if (!report_utf8(utf8, utf8.finish(), where)) return false;
        if (!utf8.ok()) warn(diag_id::pct_non_utf8, where, part_begin, end - part_begin);

        parts_.at.user_end = colon == npos ? end : colon;
        if (colon != npos) {
            parts_.at.password_begin = colon + 1;
            parts_.at.password_end = end;
            warn(diag_id::userinfo_password, component::password, parts_.at.password_begin,
                 end - parts_.at.password_begin);
        }
        if (parts_.at.user_end == parts_.at.user_begin) {
            warn(diag_id::userinfo_empty_user, component::user, end, 1);
        } else if constexpr (Sink::collecting) {
            if (is_anonymous(input_.substr(parts_.at.user_begin, parts_.at.user_end - parts_.at.user_begin)))
                warn(diag_id::userinfo_anonymous, component::user, parts_.at.user_begin,
                     parts_.at.user_end - parts_.at.user_begin);
        }
        return true;
    }

    // host = IP-literal / IPv4address / dns-name        (rfc3986: ... / reg-name)
    bool scan_host(std::uint32_t begin, std::uint32_t end) noexcept
    {
        parts_.at.host_begin = begin;
        if (begin < end && s_[begin] == '[') return scan_ip_literal(begin, end);

        // Find where the name ends (at ":" or the authority's end), checking its bytes.
        std::uint32_t q = begin;
        std::uint32_t first_escape = npos;
        std::uint32_t first_upper = npos;
        std::uint32_t first_non_ascii = npos;
        charset const& name_char = ftp_grammar_ ? rules::dns_name_char : chars::reg_name_char;
        while (q < end && s_[q] != ':') {
            unsigned char const c = s_[q];
            if (name_char.contains(c)) [[likely]] {
                if (is_upper_ascii(c) && first_upper == npos) first_upper = q;
                ++q;
            } else if (c == '%') {
                if (scan_escape(q, end, component::host) < 0) return false;
                if (strict()) {
                    return fail(diag_id::host_percent_encoded, component::host, q, 3,
                                diag_id::interop_host_percent_encoded);
                }
                if (first_escape == npos) first_escape = q;
                q += 3;
            } else if (lenient_ && chars::non_ascii.contains(c)) {
                if (first_non_ascii == npos) first_non_ascii = q;
                ++q;
            } else if (chars::reg_name_char.contains(c)) { // ftp grammar: "_", "~" or a sub-delim
                return fail(diag_id::host_invalid_char, component::host, q, 1);
            } else {
                return bad_byte(q, component::host);
            }
        }
        parts_.at.host_end = q;
        std::uint32_t const length = q - begin;
        std::string_view const host = input_.substr(begin, length);

        if (length == 0) {
            parts_.kind = host_kind::reg_name;
            return fail_if_strict(diag_id::host_empty, component::host, begin, 0);
        }
        if (lenient_ && (first_escape != npos || first_non_ascii != npos))
            return scan_unicode_host(begin, host, first_escape);
        if (first_upper == npos && first_escape == npos) parts_.facts |= host_as_written;
        if (first_upper != npos) warn(diag_id::host_uppercase, component::host, first_upper, 1);
        if (first_escape != npos) warn(diag_id::interop_host_percent_encoded, component::host, first_escape, 3);

        // @constraint numeric-host, judged on the decoded host: "0x7f.0.0.%31" is 0x7f.0.0.1 to
        // every parser that decodes it (rfc3986; strict has no escapes in a host).
        if (rules::ends_in_a_number(host)) {
            std::array<char, 16> decoded{};
            std::size_t const size = decode_small(host, decoded);
            if (size == 0 || !rules::is_ipv4address(std::string_view(decoded.data(), size))) {
                parts_.kind = host_kind::reg_name;
                return fail_if_strict(diag_id::host_numeric_ambiguous, component::host, begin, length);
            }
            if (first_escape == npos) {
                parts_.kind = host_kind::ipv4;
                return true;
            }
        }
        std::optional<rules::finding> const dns_error = rules::check_dns_name(host);
        if (!dns_error) {
            parts_.kind = host_kind::dns_name;
            return check_a_labels(host, begin, false);
        }
        if (first_escape != npos && !check_host_utf8(begin, q)) return false;
        if (ftp_grammar_) return fail(dns_error->id, component::host, begin + dns_error->offset, dns_error->length);
        parts_.kind = host_kind::reg_name;
        warn(diag_id::host_not_dns, component::host, begin, length);
        return true;
    }

    // lenient: a host with non-ASCII bytes or escapes is an internationalized name. It must
    // convert under UTS #46 (libidn2) to a valid DNS name; the canonical form holds the result.
    // A build without libidn2 converts only the hosts that decode to ASCII and refuses the
    // others (host.idna-unavailable).
    bool scan_unicode_host(std::uint32_t begin, std::string_view host, std::uint32_t first_escape) noexcept
    {
        auto const length = static_cast<std::uint32_t>(host.size());
        std::array<char, idna_max_decoded> ascii{}; // every host idna_to_ascii() converts
        std::size_t const n = idna_to_ascii(host, ascii);
        // "%65xample.com" is only percent-encoded; "bücher" or "b%C3%BCcher" is Unicode.
        bool unicode = false;
        for (std::size_t i = 0; i < host.size(); ++i)
            unicode = unicode || chars::non_ascii.contains(host[i]) || escape_at(host, i) >= 0x80;
        if (n == 0) {
            bool const unavailable = !idna_available && unicode;
            return fail(unavailable ? diag_id::host_idna_unavailable : diag_id::host_idna_invalid, component::host,
                        begin, length);
        }
        std::string_view const converted(ascii.data(), n);
        if (unicode) {
            warn(diag_id::host_unicode, component::host, begin, length);
        } else {
            warn(diag_id::host_percent_encoded, component::host, first_escape, 3); // where strict points
        }
        // The converted host meets the rules an ASCII one meets, with the same severities, and
        // first the one the ASCII scan applies byte by byte: nothing but letters, digits, "-" and
        // ".". Decoding must not smuggle in a "@", "/", "#" or control ("good.example%40evil.1"
        // would otherwise canonicalize to a URI whose host is evil.1).
        for (char c : converted)
            if (!rules::dns_name_char.contains(c))
                return fail(diag_id::host_invalid_char, component::host, begin, length);
        if (rules::ends_in_a_number(converted)) {
            if (rules::is_ipv4address(converted)) { // "127.0.0.%31", fullwidth digits
                parts_.kind = host_kind::ipv4;
                return true;
            }
            parts_.kind = host_kind::reg_name;
            return fail_if_strict(diag_id::host_numeric_ambiguous, component::host, begin, length);
        }
        if (std::optional<rules::finding> const e = rules::check_dns_name(converted))
            return fail(e->id, component::host, begin, length);
        parts_.kind = host_kind::dns_name;
        return check_a_labels(converted, begin, true);
    }

    // @constraint punycode: every "xn--" label of a DNS name is an A-label (RFC 5890 2.3.2.1):
    // one that is not ("xn--a", "xn--zz") is rejected by WHATWG parsers and matches no name a
    // registry can hold, so it only serves to confuse. `name` starts at input offset `at`; a
    // converted (lenient) host is not the input's text, so the whole host is pointed at.
    // Without libidn2 no "xn--" label can be checked: host.idna-unavailable, an error everywhere.
    bool check_a_labels(std::string_view name, std::uint32_t at, bool converted) noexcept
    {
        std::optional<rules::finding> const bad = find_invalid_a_label(name);
        if (!bad) return true;
        std::uint32_t const offset = converted ? at : at + bad->offset;
        std::uint32_t const length = converted ? parts_.at.host_end - parts_.at.host_begin : bad->length;
        if constexpr (!idna_available) return fail(bad->id, component::host, offset, length);
        return fail_if_strict(bad->id, component::host, offset, length);
    }

    // rfc3986: a reg-name's escapes decode to bytes that the look-alike rules judge too.
    bool check_host_utf8(std::uint32_t begin, std::uint32_t end) noexcept
    {
        utf8_checker utf8;
        for (std::uint32_t q = begin; q < end;) {
            if (s_[q] == '%') {
                auto const b = static_cast<unsigned char>(escape_at(input_, q));
                if (!report_utf8(utf8, utf8.escaped_byte(b, q, q + 3), component::host)) return false;
                q += 3;
            } else {
                if (!report_utf8(utf8, utf8.raw_byte(), component::host)) return false;
                ++q;
            }
        }
        return report_utf8(utf8, utf8.finish(), component::host);
    }

    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    bool scan_ip_literal(std::uint32_t begin, std::uint32_t end) noexcept
    {
        // One pass finds the "]", the first byte never allowed and the first "%" (a zone id);
        // they are reported in that order.
        std::uint32_t close = begin + 1;
        std::uint32_t never_allowed = npos;
        std::uint32_t percent = npos;
        for (; close < end && s_[close] != ']'; ++close) {
            if (rules::is_never_allowed(s_[close]) && never_allowed == npos) never_allowed = close;
            if (s_[close] == '%' && percent == npos) percent = close;
        }
        if (close == end) return fail(diag_id::host_ip_literal_unclosed, component::host, begin, end - begin);
        if (never_allowed != npos) return bad_byte(never_allowed, component::host);
        std::uint32_t const length = close + 1 - begin;
        if (close > begin + 1 && to_lower_ascii(s_[begin + 1]) == 'v') {
            if (ftp_grammar_) return fail(diag_id::host_ipvfuture, component::host, begin, length);
            if (!rules::is_ipvfuture(input_.substr(begin + 1, close - begin - 1)))
                return fail(diag_id::host_ipvfuture_invalid, component::host, begin, length);
            parts_.kind = host_kind::ipvfuture;
        } else {
            if (percent != npos) return fail(diag_id::host_ipv6_zone_id, component::host, percent, close - percent);
            if (!rules::is_ipv6address(input_.substr(begin + 1, close - begin - 1)))
                return fail(diag_id::host_ipv6_invalid, component::host, begin, length);
            std::size_t const upper = find_upper_ascii(input_.substr(begin + 1, close - begin - 1));
            if (upper != std::string_view::npos)
                warn(diag_id::host_uppercase, component::host, begin + 1 + static_cast<std::uint32_t>(upper), 1);
            parts_.kind = host_kind::ipv6;
        }
        parts_.at.host_end = close + 1;
        if (parts_.at.host_end < end && s_[parts_.at.host_end] != ':')
            return fail(diag_id::host_invalid_char, component::host, parts_.at.host_end, 1);
        return true;
    }

    // port = *DIGIT                  ; value 1-65535 when present and non-empty
    // The port after the ":" at `colon`, up to the authority's `end`; none when colon == end.
    bool scan_port(std::uint32_t colon, std::uint32_t end) noexcept
    {
        if (colon == end) return true;
        std::uint32_t const begin = colon + 1;
        parts_.at.port_begin = begin;
        parts_.at.port_end = end;
        rules::port_value const port = rules::parse_port(input_.substr(begin, end - begin));
        if (port.error) {
            std::uint32_t const at = begin + port.error->offset;
            if (port.error->id == diag_id::port_invalid && rules::is_never_allowed(s_[at]))
                return bad_byte(at, component::port);
            return fail(port.error->id, component::port, at, port.error->length);
        }
        std::uint32_t const length = end - begin;
        if (length == 0) {
            warn(diag_id::port_empty, component::port, colon, 1);
            return true;
        }
        parts_.port_number = port.value;
        if (length > 1 && s_[begin] == '0') warn(diag_id::port_leading_zeros, component::port, begin, length);
        if (port.value == 21) warn(diag_id::port_default, component::port, begin, length);
        return true;
    }

    // ---- path, query, fragment ---------------------------------------------------------------

    // ftp-path    = [ 1*( "/" ftp-segment ) [ typecode-part ] ]
    // ftp-segment = *ftp-segment-char
    // (rfc3986: path-abempty = *( "/" segment ) [ "?" query ])
    bool scan_path() noexcept
    {
        std::uint32_t q = authority_end_;
        parts_.at.path_begin = q;
        parts_.at.path_end = q;
        if (q < n_ && s_[q] == '/') {
            // Most paths are plain: nothing to decode, no dot-segment. Where warnings are wanted,
            // only those that draw none. A typecode that ends the input ends a plain path too.
            plain_path_parts whole{};
            if (fast_paths_ && plain_path_to_end(s_, q, n_, whole) &&
                (!Sink::collecting || draws_no_warning(q, whole))) {
                if (whole.typecode != '\0') {
                    parts_.at.typecode_begin = whole.name_end;
                    parts_.typecode_end = n_;
                    parts_.typecode = whole.typecode;
                }
                parts_.at.path_end = whole.name_end;
                parts_.path_respelled_from = whole.seen.first_escape;
                return true;
            }
            auto const& table = ftp_grammar_ ? ftp_segment_table : segment_table;
            // rfc3986's raw ";" is respelled "%3B" but scanned as plain: the canonical form looks
            // at the whole path.
            if (!ftp_grammar_) parts_.path_respelled_from = q;
            segment_ = {q + 1};
            ++q;
            for (;;) {
                while (q < n_ && table[s_[q]] == plain)
                    ++q; // the hot loop
                if (q == n_) break;
                std::uint8_t const kind = table[s_[q]];
                if (kind == slash) {
                    if (!end_segment(q, false)) return false;
                    segment_ = {++q};
                } else if (kind == percent) {
                    if (!path_escape(q)) return false;
                    q += 3;
                } else if (kind == semicolon) { // strict only: ";" is a pchar
                    if (!scan_typecode(q)) return false;
                    q = parts_.typecode_end;
                    break;
                } else if (kind == question || kind == hash) {
                    break;
                } else if (tolerated(q, component::path)) {
                    respelled_at(q);
                    if (!path_decoded_byte(s_[q], q, q + 1)) return false;
                    ++q;
                } else {
                    return bad_byte(q, component::path);
                }
            }
            std::uint32_t name_end = parts_.at.typecode_begin != npos ? parts_.at.typecode_begin : q;
            if (!ftp_grammar_) name_end = find_rfc3986_typecode(name_end);
            if (!end_segment(name_end, true)) return false;
            parts_.at.path_end = name_end;
        }
        return scan_query(q);
    }

    // ---- plain parts that draw no warning ----------------------------------------------------
    // The collecting scan takes the fast paths only for parts that the full scan would pass
    // without a word: what a plain part can still be warned about is checked here, and any
    // such part is left to the full scan. props/fast_path_props.cpp holds the two to one list.

    // userinfo.password, userinfo.anonymous and the escapes' warnings; host.uppercase;
    // port.empty, port.leading-zeros, port.default. (A plain user is never empty.)
    [[nodiscard]] bool draws_no_warning(plain_authority_parts const& plain) const noexcept
    {
        if (plain.has_user) {
            std::string_view const user = input_.substr(6, plain.user_end - 6);
            if (plain.password_end != npos || is_anonymous(user) || user.find('%') != std::string_view::npos)
                return false;
        }
        if (plain.host_has_upper) return false;
        if (plain.host_end == plain.end) return true;
        std::uint32_t const digits = plain.end - plain.host_end - 1;
        return digits > 0 && s_[plain.host_end + 1] != '0' && plain.port != 21;
    }

    // The escapes' warnings, path.empty-segment, and the first segment's path.tilde-user and
    // path.drive-letter; typecode.uppercase. The path begins with the "/" at `slash`.
    [[nodiscard]] bool draws_no_warning(std::uint32_t slash, plain_path_parts const& plain) const noexcept
    {
        if (plain.seen.empty_segment) return false;
        if (plain.seen.first_escape != npos && !escapes_draw_no_warning(plain.seen.first_escape, plain.name_end))
            return false;
        // The first segment, by its first two bytes: "~user" (not "~" alone), and a drive
        // letter, whose second byte is ":" or "|", raw or escaped; only such a segment is read
        // to its end.
        std::uint32_t const first = slash + 1;
        std::uint32_t const end = plain.name_end;
        unsigned char const second = first + 1 < end ? s_[first + 1] : '/';
        if (first < end && s_[first] == '~' && second != '/') return false;
        if (second == ':' || second == '|' || second == '%') {
            std::string_view const path = input_.substr(first, end - first);
            std::string_view const segment = path.substr(0, path.find('/'));
            if (segment.size() <= 6 && rules::is_drive_letter(segment)) return false;
        }
        return plain.typecode == '\0' || find_upper_ascii(input_.substr(plain.name_end)) == std::string_view::npos;
    }

    // pct.lowercase, pct.needless and pct.non-utf8 over the plain escapes of [from, end): a plain
    // escape is of no control (plain_escape), so what is left to warn about is its digits' case,
    // an unreserved byte, and bytes that are no UTF-8, which the scan's own utf8_checker judges.
    // Any byte between two escapes (a "/" too) is fed to it as raw: it breaks a sequence, which
    // sends the path to the full scan, where a "/" would end the segment.
    [[nodiscard]] bool escapes_draw_no_warning(std::uint32_t from, std::uint32_t end) const noexcept
    {
        utf8_checker utf8;
        std::uint32_t next = from; // where the last escape ended
        for (std::uint32_t q = from; q < end; q += 3) {
            void const* const percent = std::memchr(s_ + q, '%', end - q);
            if (percent == nullptr) break;
            q = static_cast<std::uint32_t>(static_cast<unsigned char const*>(percent) - s_);
            if (s_[q + 1] >= 'a' || s_[q + 2] >= 'a') return false;
            auto const b = static_cast<unsigned char>(hex_value(s_[q + 1]) * 16 + hex_value(s_[q + 2]));
            if (chars::unreserved.contains(b)) return false;
            if (q != next && utf8.raw_byte() != utf8_finding::none) return false;
            if (utf8.escaped_byte(b, q, q + 3) != utf8_finding::none) return false;
            next = q + 3;
        }
        return utf8.finish() == utf8_finding::none && utf8.ok();
    }

    // A byte of the segment that decodes from [begin, end): an escape, or a lenient repair.
    bool path_decoded_byte(unsigned char b, std::uint32_t begin, std::uint32_t end) noexcept
    {
        // The path loop skips plain bytes without a look: one came in between if there is a gap.
        if (segment_.utf8.expects_continuation() && begin != segment_.escape_end &&
            !report_utf8(segment_.utf8, segment_.utf8.raw_byte(), component::path))
            return false;
        segment_.escape_end = end;
        return report_utf8(segment_.utf8, segment_.utf8.escaped_byte(b, begin, end), component::path);
    }

    // The canonical form spells the path as written up to its first escape or repair.
    void respelled_at(std::uint32_t q) noexcept
    {
        parts_.path_respelled_from = std::min(parts_.path_respelled_from, q);
    }

    bool path_escape(std::uint32_t q) noexcept
    {
        respelled_at(q);
        int const byte = scan_escape(q, n_, component::path);
        if (byte < 0) return false;
        auto const b = static_cast<unsigned char>(byte);
        if (!path_decoded_byte(b, q, q + 3)) return false;
        if (b == '/') {
            segment_.encoded_slash = true;
            warn(diag_id::path_encoded_slash, component::path, q, 3);
        } else if (b == '\\') {
            return fail_if_strict(diag_id::path_encoded_backslash, component::path, q, 3);
        }
        return true;
    }

    // Whether the segment that begins at `begin` has another after it (a directory, not the name).
    [[nodiscard]] bool is_directory(std::uint32_t begin) const noexcept
    {
        for (std::uint32_t i = begin; i < n_ && s_[i] != '?' && s_[i] != '#'; ++i)
            if (s_[i] == '/') return true;
        return false;
    }

    // A segment ends at `end`; judge it as a whole.
    bool end_segment(std::uint32_t end, bool last) noexcept
    {
        std::uint32_t const begin = segment_.begin;
        std::uint32_t const length = end - begin;
        bool const first = begin == parts_.at.path_begin + 1;
        if (length == 0 && !last) warn(diag_id::path_empty_segment, component::path, begin - 1, 1);
        if (!report_utf8(segment_.utf8, segment_.utf8.finish(), component::path)) return false;

        std::string_view const segment = input_.substr(begin, length);
        int const dots = rules::dot_segment_length(segment);
        bool home = false;
        // "/.//x", "/./%2Fx/y", "/~/.//x": the "." that keeps the path relative before a
        // directory that would begin at the root is no needless dot-segment; the canonical form
        // writes it too (docs/canonical.md, "dot").
        if (first && rules::is_login_directory(segment)) login_first_end_ = end;
        bool const after_login = login_first_end_ != 0 && begin == login_first_end_ + 1;
        bool const keeps_relative =
            (first || after_login) && dots == 1 && end + 1 < n_ &&
            (s_[end + 1] == '/' || (escape_at(input_, end + 1) == '/' && is_directory(end + 1)));
        if (dots > 0) {
            parts_.facts |= path_dot_segment;
            if (!keeps_relative) warn(diag_id::path_dot_segment, component::path, begin, length);
            if (segment.find('%') != std::string_view::npos)
                warn(diag_id::interop_encoded_dot_segment, component::path, begin, length);
        } else if (length > 0 && (s_[begin] == '.' || s_[begin] == '%')) {
            // @constraint dot-lookalike: Windows walks "..." and "..%20" as "..".
            if (rules::is_dot_lookalike(segment) &&
                !fail_if_strict(diag_id::path_dot_lookalike, component::path, begin, length))
                return false;
        }
        if (length > 0 && (s_[begin] == '~' || s_[begin] == '%')) {
            home = rules::is_home_segment(segment);
            // @constraint tilde-inside: only the first segment may name a home directory.
            if (home && !first && !fail_if_strict(diag_id::path_tilde_inside, component::path, begin, length))
                return false;
            if (home && first && !rules::is_login_directory(segment))
                warn(diag_id::path_tilde_user, component::path, begin, length);
        }
        if (first && length >= 2 && length <= 6 && rules::is_drive_letter(segment))
            warn(diag_id::path_drive_letter, component::path, begin, length);

        // @constraint dot-segment-depth, dot-after-empty: the walk of the default command plan
        // must not climb above the starting directory, nor part from RFC 3986's reading.
        rules::directory_walk::step const walked = walk_.next(dots, length == 0, segment_.encoded_slash, home && first);
        if (walked.above_root) {
            // Outside strict both are warnings; in strict the one error is enough.
            if (walked.cancels_empty && !strict()) warn(diag_id::path_dot_after_empty, component::path, begin, length);
            if (!fail_if_strict(diag_id::path_above_root, component::path, begin, length)) return false;
        } else if (walked.cancels_empty &&
                   !fail_if_strict(diag_id::path_dot_after_empty, component::path, begin, length)) {
            return false;
        }

        // @constraint decoded-traversal: "..%2F..%2Fetc" is one segment to a URL normalizer and
        // three directories to the FTP server; "x%2Fy/.." cancels one segment for the one and
        // climbs one of two levels for the other.
        if ((segment_.encoded_slash && rules::hides_dot_segment(segment)) || walked.cancels_slashed) {
            if (!fail_if_strict(diag_id::path_encoded_traversal, component::path, begin, length)) return false;
        }
        if (!segment_.utf8.ok()) warn(diag_id::pct_non_utf8, component::path, begin, length);
        return true;
    }

    // A look-alike or line separator in a decoded component (PRODUCT.md "Look-alike
    // encodings"): an error in strict, a warning elsewhere.
    bool report_utf8(utf8_checker const& checker, utf8_finding found, component where) noexcept
    {
        if (found == utf8_finding::none) [[likely]]
            return true;
        diag_id const id = found == utf8_finding::look_alike ? diag_id::pct_overlong_utf8 : diag_id::pct_line_separator;
        return fail_if_strict(id, where, checker.finding_begin(), checker.finding_end() - checker.finding_begin());
    }

    // typecode-part = ";type=" typecode        ; "type" case-insensitive, canonical lowercase
    // typecode      = "a" / "i" / "d"
    // Strict: called at every raw ";", which may only begin the typecode after the last segment.
    // lenient: draft-yevstifeyev's ";typecode=" is read as ";type=", with a warning.
    bool scan_typecode(std::uint32_t q) noexcept
    {
        std::uint32_t code = q + 6;
        if (!matches_lowercase(input_, q, ";type=")) {
            if (!matches_lowercase(input_, q, ";typecode="))
                return fail(diag_id::path_raw_semicolon, component::path, q, 1);
            if (!lenient_) return fail(diag_id::typecode_misspelled, component::typecode, q, 10);
            code = q + 10; // warned about below, once it is known to be the typecode
        }
        if (code == n_) return fail(diag_id::typecode_invalid, component::typecode, code, 0);
        unsigned char const letter = to_lower_ascii(s_[code]);
        if (letter != 'a' && letter != 'i' && letter != 'd')
            return fail(diag_id::typecode_invalid, component::typecode, code, 1);
        std::uint32_t const after = code + 1;
        if (after < n_ && s_[after] != '?' && s_[after] != '#') {
            // @constraint typecode-last: the typecode ends the path.
            if (s_[after] == '/') return fail(diag_id::path_raw_semicolon, component::path, q, 1);
            std::uint32_t seg_end = after;
            while (seg_end < n_ && s_[seg_end] != '/' && s_[seg_end] != '?' && s_[seg_end] != '#')
                ++seg_end;
            return fail(diag_id::typecode_invalid, component::typecode, code, seg_end - code);
        }
        if (code == q + 10) warn(diag_id::typecode_misspelled, component::typecode, q, 10);
        parts_.at.typecode_begin = q;
        parts_.typecode_end = after;
        parts_.typecode = static_cast<char>(letter);
        if (find_upper_ascii(input_.substr(q, after - q)) != std::string_view::npos) warn_typecode_case(q, after - q);
        return true;
    }

    // typecode.uppercase over [q, q + length); curl (lib/ftp.c) looks for ";type=" in lowercase
    // only and sends ";TYPE=I" as part of the file name: interop.typecode-case says so. The
    // letter's case alone does not matter to it, and ";typecode=" it never reads at all.
    void warn_typecode_case(std::uint32_t q, std::uint32_t length) noexcept
    {
        warn(diag_id::typecode_uppercase, component::typecode, q, length);
        if (length == 7 && find_upper_ascii(input_.substr(q, 6)) != std::string_view::npos)
            note_beside_warning(diag_id::interop_typecode_case, component::typecode, q, length);
    }

    // rfc3986: ";" is a pchar, so a typecode is only what ends the last segment.
    [[nodiscard]] std::uint32_t find_rfc3986_typecode(std::uint32_t end) noexcept
    {
        std::uint32_t const begin = segment_.begin;
        if (char const letter = rules::trailing_typecode(input_.substr(begin, end - begin)); letter != '\0') {
            parts_.at.typecode_begin = end - 7;
            parts_.typecode_end = end;
            parts_.typecode = letter;
            if (find_upper_ascii(input_.substr(end - 7, 7)) != std::string_view::npos) warn_typecode_case(end - 7, 7);
            return end - 7;
        }
        for (std::uint32_t i = begin; i + 10 <= end; ++i) {
            if (s_[i] == ';' && matches_lowercase(input_, i, ";typecode=")) {
                warn(diag_id::typecode_misspelled, component::typecode, i, 10);
                break;
            }
        }
        return end;
    }

    // [ "?" query ] [ "#" fragment ]     query = fragment = *( pchar / "/" / "?" )
    // Strict: ftp URIs have no query.
    bool scan_query(std::uint32_t q) noexcept
    {
        if (q < n_ && s_[q] == '?') {
            std::uint32_t end = q + 1;
            while (end < n_ && s_[end] != '#')
                ++end;
            if (ftp_grammar_) return fail(diag_id::query_present, component::query, q, end - q);
            warn(diag_id::query_present, component::query, q, end - q);
            if (!scan_fragment_chars(q + 1, end, component::query)) return false;
            parts_.at.query_begin = q + 1;
            parts_.at.query_end = end;
            q = end;
        }
        if (q < n_) { // s_[q] == '#': nothing else ends a path or query
            warn(diag_id::fragment_present, component::fragment, q, n_ - q);
            if (!scan_fragment_chars(q + 1, n_, component::fragment)) return false;
            parts_.at.fragment_begin = q + 1;
        }
        return true;
    }

    // The query and the fragment are never sent as such, but a client may send the query as
    // part of the file name and a service may log the decoded fragment: the safety rules on
    // decoded bytes hold here as everywhere.
    bool scan_fragment_chars(std::uint32_t begin, std::uint32_t end, component where) noexcept
    {
        utf8_checker utf8;
        for (std::uint32_t q = begin; q < end;) {
            unsigned char const c = s_[q];
            if (c == '%') { // not a fragment_char: pchar has escapes, not a raw "%"
                int const byte = scan_escape(q, end, where);
                if (byte < 0 ||
                    !report_utf8(utf8, utf8.escaped_byte(static_cast<unsigned char>(byte), q, q + 3), where))
                    return false;
                q += 3;
            } else if (chars::fragment_char.contains(c)) [[likely]] {
                if (!report_utf8(utf8, utf8.raw_byte(), where)) return false;
                ++q;
            } else if (tolerated(q, where)) {
                if (!report_utf8(utf8, utf8.escaped_byte(c, q, q + 1), where)) return false;
                ++q;
            } else {
                return bad_byte(q, where);
            }
        }
        return report_utf8(utf8, utf8.finish(), where);
    }

    // The segment being scanned.
    struct segment_state {
        std::uint32_t begin = 0;
        std::uint32_t escape_end = npos; // where the last escape ended (UTF-8 sequences)
        bool encoded_slash = false;
        utf8_checker utf8{};
    };

    unsigned char const* s_;
    std::string_view input_;
    std::uint32_t n_ = 0;
    bool ftp_grammar_; // the ftp grammar of docs/grammar.abnf (strict, lenient), not RFC 3986's
    bool lenient_;     // repairs are warnings
    bool fast_paths_;  // plain_scan.hpp's shortcuts (the ftp grammar's profiles only)
    std::uint32_t max_length_;

    uri_parts parts_{}; // what view() returns, written as the scan goes
    std::uint32_t authority_end_ = 0;
    rules::directory_walk walk_{};
    segment_state segment_{};
    std::uint32_t login_first_end_ = 0; // the '/' after a first segment "~", or 0
};

} // namespace ftpuri::detail
