// SPDX-License-Identifier: Apache-2.0
// src/scan/scanner.hpp: the one scanner behind parse() and validate(). Internal.
//
// It reads the input left to right in two stages: the first (byte_runs.hpp) skips, 16 or 32
// bytes at a time, the bytes that no rule of the current component looks at; the second stops
// at each byte that one does, through the code of the component's ABNF rule (scheme.hpp,
// authority.hpp, host.hpp, port.hpp, path.hpp, typecode.hpp, query.hpp), and stops at the
// first error. A component is found first and then judged whole by the pure rules of
// src/rules/ (a host's labels, an IP-literal, a port, a segment's dots), so some bytes are read
// a bounded number of times more; the scan stays linear. It never recurses or throws; it
// allocates only where libidn2 does (idna.hpp). docs/scanner.md says, rule by rule, what it
// reports and where.
//
// The Sink (reporter.hpp) makes it two functions with no run-time cost: one that collects
// warnings, one that does not. docs/architecture.md says what may call what.
#pragma once

#include <cstdint>
#include <string_view>

#include "authority.hpp"
#include "cursor.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"
#include "path.hpp"
#include "query.hpp"
#include "scheme.hpp"

namespace ftpuri::detail {

template <class Sink>
class scanner {
public:
    static constexpr std::uint32_t npos = uri_offsets::npos;

    scanner(std::string_view input, parse_options const& options, Sink sink) noexcept
        : c_(input, options, sink),
          max_length_(options.max_length < max_length_cap ? options.max_length : max_length_cap)
    {
    }

    // True when the input is valid; then view() describes it, else error() says why.
    // Flattened: each component's scan, called once per URI, is inlined here, so that a short
    // URL pays no call, no saved registers and no reload of the cursor between its parts (a
    // seventh of a mirror-list URL's time). What stays out of line is marked so: cold reports,
    // the IP-literal, the AVX2 block stage.
    [[gnu::flatten]] bool run() noexcept
    {
        std::string_view const input = c_.input;
        if (input.empty()) return c_.fail(diag_id::input_empty, component::input, 0, 0);
        if (input.size() > max_length_) {
            std::size_t const excess = input.size() - max_length_;
            return c_.fail(diag_id::input_too_long, component::input, max_length_,
                           excess > npos ? npos : static_cast<std::uint32_t>(excess));
        }
        c_.n = static_cast<std::uint32_t>(input.size());
        if (c_.lenient && !trim()) return false;
        c_.parts.data = c_.input.data();
        c_.parts.size = c_.n;
        if (!scan_scheme(c_) || !scan_authority(c_)) return false;
        std::uint32_t const path_end = path_scanner<Sink>(c_).scan();
        if (path_end == npos || !scan_query(c_, path_end)) return false;
        c_.parts.facts |= facts_known;
        return true;
    }

    // The parsed URI, once run() has said yes.
    [[nodiscard]] uri_view view() const noexcept { return uri_view(c_.parts); }
    [[nodiscard]] diagnostic const& error() const noexcept { return c_.error(); }
    [[nodiscard]] std::optional<diag_id> note() const noexcept { return c_.note(); }

private:
    // The lenient profile reads the URI between its leading and trailing ASCII whitespace;
    // offsets stay offsets into the whole input. WHATWG parsers strip every C0 control there,
    // but a raw NUL or ESC stays an error here, as the safety rules say of raw controls.
    bool trim() noexcept
    {
        unsigned char const* const s = c_.s;
        std::uint32_t begin = 0;
        std::uint32_t end = c_.n;
        auto const blank = [](unsigned char ch) {
            return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f';
        };
        while (begin < end && blank(s[begin]))
            ++begin;
        while (end > begin && blank(s[end - 1]))
            --end;
        if (begin == end) return c_.fail(diag_id::input_empty, component::input, 0, 0);
        if (begin == 0 && end == c_.n) return true;
        if (begin > 0) {
            c_.warn(diag_id::input_trimmed, component::input, 0, begin);
        } else {
            c_.warn(diag_id::input_trimmed, component::input, end, c_.n - end);
        }
        c_.s += begin;
        c_.input = c_.input.substr(begin, end - begin);
        c_.n = end - begin;
        c_.shift_offsets_by(begin);
        return true;
    }

    cursor<Sink> c_;
    std::uint32_t max_length_;
};

} // namespace ftpuri::detail
