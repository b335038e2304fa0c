// SPDX-License-Identifier: Apache-2.0
// src/canonical_repair.hpp: what the canonical form does with what a lenient warning points at,
// diagnostics.def's canonical column as C++ values. Internal.
//
// The lenient profile accepts with a warning what strict refuses; its canonical form is
// strict-valid wherever a repair exists (docs/canonical.md, "The lenient profile's repairs").
// The column says, id by id, whether one does: the properties and the canonical fuzzer read it
// to know when the canonical form of a lenient input must be strict-valid.
#pragma once

#include <array>
#include <cstddef>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri::detail {

enum class canonical_repair : unsigned char {
    na,         // not an id lenient warns of where strict refuses
    fixes,      // the canonical form writes a strict spelling
    keeps,      // kept as written: no strict spelling exists
    as_rfc3986, // spelled as RFC 3986 normalization does: strict-valid only where that is
};

namespace canonical_column {
inline constexpr canonical_repair na = canonical_repair::na;
inline constexpr canonical_repair fixes = canonical_repair::fixes;
inline constexpr canonical_repair keeps = canonical_repair::keeps;
inline constexpr canonical_repair as_rfc3986 = canonical_repair::as_rfc3986;
} // namespace canonical_column

inline constexpr std::array canonical_repairs = {
#define FTPURI_DIAG(id, c_id, name, strict, rfc3986, lenient, default_on, category, score, cwe, oracle, constraint,    \
                    canonical, ...)                                                                                    \
    canonical_column::canonical,
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG
};
static_assert(canonical_repairs.size() == diag_catalogue.size());

[[nodiscard]] constexpr canonical_repair canonical_repair_of(diag_id id) noexcept
{
    return canonical_repairs[static_cast<std::size_t>(id)];
}

// The column is set exactly for the ids lenient warns of where strict refuses the URI: strict
// reports them as errors, or (the readings as rfc3986) not at all.
consteval bool column_matches_the_severities()
{
    for (diag_info const& d : diag_catalogue) {
        bool const lenient_warns = d.by_profile[2] == severity::warning;
        bool const strict_refuses = d.by_profile[0] == severity::error;
        bool const strict_silent = !d.by_profile[0].has_value();
        canonical_repair const r = canonical_repair_of(d.id);
        if (r == canonical_repair::as_rfc3986 && !(lenient_warns && (strict_refuses || strict_silent))) return false;
        if ((r == canonical_repair::fixes || r == canonical_repair::keeps) && !(lenient_warns && strict_refuses))
            return false;
        if (r == canonical_repair::na && lenient_warns && strict_refuses) return false;
    }
    return true;
}
static_assert(column_matches_the_severities(), "diagnostics.def's canonical column: see its header");

} // namespace ftpuri::detail
