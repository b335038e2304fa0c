// SPDX-License-Identifier: Apache-2.0
// src/scan/cursor.hpp: what every part of the scan shares. Internal.
//
// The input, the profile's switches, the view being written and the reporter; and the two
// answers every component gives the same way: a byte its rule excludes (bad_byte), and a raw
// byte the lenient profile repairs (tolerated).
#pragma once

#include <cstdint>
#include <string_view>

#include "../rules/bad_byte.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"
#include "reporter.hpp"

namespace ftpuri::detail {

template <class Sink>
struct cursor : scan_reporter<Sink> {
    static constexpr std::uint32_t npos = uri_offsets::npos;

    cursor(std::string_view text, parse_options const& options, Sink sink) noexcept
        : scan_reporter<Sink>(options.syntax == profile::strict, sink),
          s(reinterpret_cast<unsigned char const*>(text.data())), input(text),
          ftp_grammar(options.syntax != profile::rfc3986), lenient(options.syntax == profile::lenient),
          rfc3986_readings(options.syntax != profile::strict)
    {
        parts.syntax = options.syntax;
    }

    unsigned char const* s;
    std::string_view input;
    std::uint32_t n = 0;
    bool ftp_grammar; // the ftp grammar of docs/grammar.abnf (strict, lenient), not RFC 3986's
    bool lenient;     // repairs are warnings
    // What RFC 3986 accepts is accepted (rfc3986, lenient): a host that is no DNS name is a
    // reg-name, an IPvFuture, a query; lenient reads the ftp grammar first and these where it fails.
    bool rfc3986_readings;
    uri_parts parts{}; // what the view holds, written as the scan goes
    std::uint32_t authority_end = 0;

    // A byte that the component's rule excludes, reported by what it is (docs/scanner.md,
    // "Bad bytes"). Always returns false.
    [[gnu::cold, gnu::noinline]] bool bad_byte(std::uint32_t q, component where) noexcept
    {
        bool const at_edge = q == 0 || only_space_or_controls_after(q);
        rules::bad_byte_report const report = rules::classify_bad_byte(s[q], at_edge, where);
        return this->fail(report.id, where, q, 1, report.note);
    }

    // The lenient profile's repairs of raw bytes: a space or a non-ASCII byte in the user,
    // password, path, query or fragment is taken as if percent-encoded, with a warning.
    bool tolerated(std::uint32_t q, component where) noexcept
    {
        unsigned char const c = s[q];
        if (!lenient || where == component::host || where == component::port || where == component::scheme)
            return false;
        if (c == ' ') {
            this->warn(diag_id::char_space, where, q, 1);
            return true;
        }
        if (chars::non_ascii.contains(c)) {
            this->warn(diag_id::char_non_ascii, where, q, 1);
            // Repaired as %FF: the Telnet IAC byte, a warning like every repair.
            if (rules::is_telnet_iac(c, where)) this->warn(diag_id::pct_telnet_iac, where, q, 1);
            return true;
        }
        return false;
    }

private:
    // WHATWG strips "C0 control or space" (U+0000 to U+0020) from both ends; DEL is not one.
    // Read from the end, so that an error costs no more than the blanks that end the input.
    [[nodiscard]] bool only_space_or_controls_after(std::uint32_t q) const noexcept
    {
        std::uint32_t i = n;
        while (i > q + 1 && s[i - 1] <= 0x20)
            --i;
        return i == q + 1;
    }
};

} // namespace ftpuri::detail
