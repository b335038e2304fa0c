// SPDX-License-Identifier: Apache-2.0
// src/rules/dns_name.hpp: the host names the ftp grammar allows (RFC 1034 3.5, RFC 1123 2.1).
// Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "finding.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::rules {

// The bytes of a dns-name: label = ALPHA / DIGIT / "-", separated by ".".
inline constexpr charset dns_name_char = chars::dns_label_char + '.';

inline constexpr std::size_t max_label_length = 63; // RFC 1034 3.1
inline constexpr std::size_t max_name_length = 253; // 255 on the wire, less its length bytes

// dns-name = label *( "." label ) [ "." ]
//   @constraint dns-label-length, dns-label-hyphen, dns-name-length (docs/grammar.abnf)
// The first thing wrong with the non-empty `name`, positioned in it, or nothing. In rfc3986 a
// finding here only means "a reg-name, not a DNS name".
[[nodiscard]] constexpr std::optional<finding> check_dns_name(std::string_view name) noexcept
{
    auto const found = [](diag_id id, std::size_t offset, std::size_t length) {
        return finding{id, static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(length)};
    };
    std::size_t const end = name.size();
    std::size_t const name_end = name[end - 1] == '.' ? end - 1 : end;
    std::size_t label = 0;
    for (std::size_t q = 0; q <= name_end; ++q) {
        if (q < name_end && name[q] != '.') {
            if (!chars::dns_label_char.contains(name[q])) return found(diag_id::host_invalid_char, q, 1);
            continue;
        }
        std::size_t const length = q - label;
        // An empty label always has a "." at `q`: the last label of a name that does not end in
        // "." holds that name's last byte.
        if (length == 0) return found(diag_id::host_empty_label, q, 1);
        if (length > max_label_length) return found(diag_id::host_label_too_long, label, length);
        if (name[label] == '-') return found(diag_id::host_label_hyphen, label, 1);
        if (name[q - 1] == '-') return found(diag_id::host_label_hyphen, q - 1, 1);
        label = q + 1;
    }
    if (name_end > max_name_length) return found(diag_id::host_too_long, 0, end);
    return std::nullopt;
}

} // namespace ftpuri::rules
