// SPDX-License-Identifier: Apache-2.0
// src/c_arguments.hpp: the C API's arguments read into the C++ API's types, and its diagnostics
// written back; shared by ftpuri.h's core (src/c_api.cpp) and its fetch (src/fetch/c_fetch.cpp),
// so that both check a binding's arguments alike. Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri.h"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"

namespace ftpuri::c_arguments {

// A caller's struct is usable when it is at least this version's size: the library writes no
// byte past sizeof(T), and reads none past the caller's size (all of today's members are in the
// first version, so a smaller size is an error).
template <class T>
[[nodiscard]] inline bool sized(T const* p) noexcept
{
    return p->size >= sizeof(T);
}
template <class T>
[[nodiscard]] inline bool absent_or_sized(T const* p) noexcept
{
    return p == nullptr || sized(p);
}

// (pointer, length) to a view; FTPURI_NUL_TERMINATED reads a C string. Nothing for a null
// pointer with a length.
[[nodiscard]] inline std::optional<std::string_view> text(char const* p, std::size_t length) noexcept
{
    if (length == FTPURI_NUL_TERMINATED) {
        if (p == nullptr) return std::nullopt;
        return std::string_view(p);
    }
    if (p == nullptr) return length == 0 ? std::optional(std::string_view()) : std::nullopt;
    return std::string_view(p, length);
}

[[nodiscard]] inline std::optional<parse_options> read_parse_options(ftpuri_parse_options const* o) noexcept
{
    parse_options out;
    if (o == nullptr) return out;
    if (!sized(o) || o->profile > FTPURI_PROFILE_LENIENT) return std::nullopt;
    out.syntax = static_cast<profile>(o->profile);
    if (o->max_length != 0) out.max_length = std::min(o->max_length, max_length_cap);
    return out;
}

// The policy's denied classes, or nothing when a bit names no class.
[[nodiscard]] inline std::optional<host_class_set> read_classes(std::uint32_t bits) noexcept
{
    if ((bits >> host_class_count) != 0) return std::nullopt;
    host_class_set classes;
    for (unsigned c = 0; c < host_class_count; ++c)
        if (((bits >> c) & 1U) != 0) classes.insert(static_cast<host_class>(c));
    return classes;
}

// The policy's warnings as errors added to `options`; false for a number that is no id.
[[nodiscard]] inline bool add_as_error(parse_options& options, ftpuri_policy const& p) noexcept
{
    if (p.as_error == nullptr && p.as_error_count != 0) return false;
    for (std::size_t i = 0; i < p.as_error_count; ++i) {
        if (p.as_error[i] >= diag_catalogue.size()) return false;
        options.as_error.insert(static_cast<diag_id>(p.as_error[i]));
    }
    return true;
}

// Every allow pattern a string.
[[nodiscard]] inline bool readable_patterns(ftpuri_policy const& p) noexcept
{
    if (p.allow == nullptr) return p.allow_count == 0;
    return std::all_of(p.allow, p.allow + p.allow_count, [](char const* pattern) { return pattern != nullptr; });
}

// Catalogue strings are literals, and message()'s are too: each ends in a NUL, which
// tests/c_api/c_api_test.cpp checks for every id.
inline void write_diagnostic(ftpuri_diagnostic* to, diagnostic const& d) noexcept
{
    to->id = static_cast<std::uint32_t>(d.id);
    to->severity = static_cast<std::uint32_t>(d.level);
    to->component = static_cast<std::uint32_t>(d.where);
    to->offset = d.offset;
    to->length = d.length;
    to->name = d.info().name.data();
    to->message = message(d).data();
    to->hint = d.info().hint.data();
}

} // namespace ftpuri::c_arguments
