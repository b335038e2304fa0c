// SPDX-License-Identifier: Apache-2.0
// ftpuri/resolve.hpp: relative references against an ftp base (RFC 3986 5.2).
//
//     auto const base = ftpuri::parse("ftp://ftp.example.org/pub/linux/README");
//     char out[128];
//     auto const r = ftpuri::resolve(*base, "../gnu/;type=d", out);
//     // std::string_view(out, r.size) == "ftp://ftp.example.org/pub/gnu/;type=d"
//
// The reference is split as RFC 3986 Appendix B does and resolved by 5.2.2's algorithm with
// 5.2.4's remove_dot_segments. A ".." above the root is dropped, as RFC 3986's text says
// ("../../../g" against "ftp://a/b/c/d;p?q" is "ftp://a/g"); Boost.URL (errata 4547) and Perl's
// URI keep it, uriparser, CPython and curl drop it, as we do. The result is a URI-reference's
// target, not yet checked: parse() it in the profile you need (an absolute reference with
// another scheme resolves to itself). Nothing is allocated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ftpuri/export.h"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri {

enum class resolve_status : std::uint8_t {
    ok,
    buffer_too_small, // size says how many bytes are needed
};

struct resolve_result {
    resolve_status status = resolve_status::ok;
    std::size_t size = 0;
    [[nodiscard]] explicit operator bool() const noexcept { return status == resolve_status::ok; }
};

// A buffer of this size always suffices.
[[nodiscard]] inline std::size_t resolve_size_bound(uri_view const& base, std::string_view reference) noexcept
{
    return base.size() + reference.size() + 1;
}

[[nodiscard]] FTPURI_API resolve_result resolve(uri_view const& base, std::string_view reference,
                                                std::span<char> out) noexcept;

// Convenience (allocates): the target, or nothing when `base` is not a valid URI in `options`'s
// profile.
[[nodiscard]] FTPURI_API std::optional<std::string> resolve(std::string_view base, std::string_view reference,
                                                            parse_options const& options = {});

} // namespace ftpuri
