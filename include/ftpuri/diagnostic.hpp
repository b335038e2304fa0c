// SPDX-License-Identifier: Apache-2.0
// ftpuri/diagnostic.hpp: what is wrong with a URI, where, and what to do about it.
//
// Every finding has a stable kebab-case id (`host.numeric-ambiguous`), a severity, the
// component it was found in, and a byte range [offset, offset + length) into the input.
// Message and hint are constant per id and live in one table, `diag_catalogue`, made like the
// enum from the one list of ids, ftpuri/diagnostics.def. docs/diagnostics.md lists every id
// with an input that triggers it.
//
// Severity:
//   error    the URI is invalid; parsing stops at the first one.
//   warning  the URI is valid but something in it is risky, deprecated or not canonical.
//   note     context for the error beside it, or for the warning just before it
//            (interop.typecode-case): `interop.*`, how other parsers read the same bytes.
// Some ids are errors in the strict profile and warnings elsewhere (the catalogue has both: its
// `level` is the strict one, `by_profile` each); each diagnostic carries the severity it was
// reported with.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/export.h"

namespace ftpuri {

enum class severity : std::uint8_t { error, warning, note };

// The part of the URI a diagnostic points into.
enum class component : std::uint8_t {
    input,
    scheme,
    authority,
    user,
    password,
    host,
    port,
    path,
    typecode,
    query,
    fragment
};

// Every id, in the order of include/ftpuri/diagnostics.def: an id's number is ABI (ftpuri.h).
enum class diag_id : std::uint8_t {
#define FTPURI_DIAG(id, ...) id,
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG

    // Not an id: the number of ids.
    count
};

struct diag_info {
    diag_id id;
    std::string_view name; // the stable kebab-case id
    severity level;        // in the strict profile, or the first profile that reports it
    std::string_view message;
    std::string_view hint;
    // Off unless asked for (parse_options::opt_in, ftpuri-check --enable): a policy that some
    // users want (no IP addresses in a mirror list), not something wrong with the URI.
    bool opt_in = false;
    // The severity in each profile, in profile's order (strict, rfc3986, lenient); none where
    // that profile never reports the id.
    std::array<std::optional<severity>, 3> by_profile{};
};

namespace detail::diag_def {
// The words of diagnostics.def's columns, as C++ values.
inline constexpr std::optional<severity> error = severity::error;
inline constexpr std::optional<severity> warning = severity::warning;
inline constexpr std::optional<severity> note = severity::note;
inline constexpr std::optional<severity> none = std::nullopt;
inline constexpr bool on = false;
inline constexpr bool opt_in = true;

constexpr severity first_reported(std::optional<severity> strict, std::optional<severity> rfc3986,
                                  std::optional<severity> lenient) noexcept
{
    return strict ? *strict : rfc3986 ? *rfc3986 : lenient.value_or(severity::error);
}
} // namespace detail::diag_def

// One row per id, made from diagnostics.def.
inline constexpr std::array diag_catalogue = {
#define FTPURI_DIAG(id, c_id, name, strict, rfc3986, lenient, default_on, category, score, cwe, oracle, constraint,    \
                    canonical, message, hint)                                                                          \
    diag_info{diag_id::id,                                                                                             \
              name,                                                                                                    \
              detail::diag_def::first_reported(detail::diag_def::strict, detail::diag_def::rfc3986,                    \
                                               detail::diag_def::lenient),                                             \
              message,                                                                                                 \
              hint,                                                                                                    \
              detail::diag_def::default_on,                                                                            \
              {detail::diag_def::strict, detail::diag_def::rfc3986, detail::diag_def::lenient}},
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG
};

[[nodiscard]] constexpr diag_info const& info(diag_id id) noexcept
{
    return diag_catalogue[static_cast<std::size_t>(id)];
}

// An id's stable dotted name ("host.empty"), and back.
[[nodiscard]] constexpr std::string_view to_string(diag_id id) noexcept
{
    return info(id).name;
}
[[nodiscard]] constexpr std::optional<diag_id> diag_id_from_string(std::string_view name) noexcept
{
    for (auto const& row : diag_catalogue)
        if (row.name == name) return row.id;
    return std::nullopt;
}
// The former name of diag_id_from_string(), kept for source compatibility until 1.0.
[[nodiscard]] constexpr std::optional<diag_id> find_diag(std::string_view name) noexcept
{
    return diag_id_from_string(name);
}

// A set of diagnostic ids, one bit each: which opt-in rules to report, which ids to hide.
class diag_set {
public:
    constexpr diag_set() noexcept = default;
    constexpr diag_set(std::initializer_list<diag_id> ids) noexcept
    {
        for (diag_id id : ids)
            insert(id);
    }

    constexpr void insert(diag_id id) noexcept { bits_[index(id) / 64] |= mask(id); }
    constexpr void erase(diag_id id) noexcept { bits_[index(id) / 64] &= ~mask(id); }
    [[nodiscard]] constexpr bool contains(diag_id id) const noexcept { return (bits_[index(id) / 64] & mask(id)) != 0; }
    [[nodiscard]] constexpr bool empty() const noexcept { return bits_[0] == 0 && bits_[1] == 0; }
    friend constexpr bool operator==(diag_set const&, diag_set const&) noexcept = default;
    friend constexpr diag_set operator|(diag_set a, diag_set const& b) noexcept
    {
        for (std::size_t i = 0; i < a.bits_.size(); ++i)
            a.bits_[i] |= b.bits_[i];
        return a;
    }
    friend constexpr diag_set operator&(diag_set a, diag_set const& b) noexcept
    {
        for (std::size_t i = 0; i < a.bits_.size(); ++i)
            a.bits_[i] &= b.bits_[i];
        return a;
    }

    // Every id whose catalogue row is opt_in.
    [[nodiscard]] static constexpr diag_set opt_in_rules() noexcept
    {
        diag_set all;
        for (auto const& row : diag_catalogue)
            if (row.opt_in) all.insert(row.id);
        return all;
    }

private:
    static constexpr std::size_t index(diag_id id) noexcept { return static_cast<std::size_t>(id); }
    static constexpr std::uint64_t mask(diag_id id) noexcept { return std::uint64_t{1} << (index(id) % 64); }
    static_assert(diag_catalogue.size() <= 128, "diag_set holds one bit per diag_id");

    std::array<std::uint64_t, 2> bits_{};
};

[[nodiscard]] FTPURI_API std::string_view to_string(severity s) noexcept;
[[nodiscard]] FTPURI_API std::string_view to_string(component c) noexcept;
[[nodiscard]] FTPURI_API std::optional<severity> severity_from_string(std::string_view name) noexcept;
[[nodiscard]] FTPURI_API std::optional<component> component_from_string(std::string_view name) noexcept;

struct diagnostic;
// What a finding says: its id's catalogue message, but for host.denied, whose message names the
// class ("host class loopback is denied by the policy").
[[nodiscard]] FTPURI_API std::string_view message(diagnostic const& d) noexcept;

struct diagnostic {
    diag_id id;
    severity level;
    component where;
    std::uint32_t offset; // byte offset into the input
    std::uint32_t length; // bytes, at least 1 except for "missing" findings at the end
    // What message() adds to the catalogue's message: host.denied's host_class; otherwise 0.
    std::uint8_t detail = 0;

    [[nodiscard]] constexpr diag_info const& info() const noexcept { return ftpuri::info(id); }
    friend constexpr bool operator==(diagnostic const&, diagnostic const&) noexcept = default;
};

// The diagnostics of one parse, in the order found, without allocating.
//
// A fixed array inside the object, because parse() must not allocate and a caller validating
// millions of URIs reuses one list (clear() between inputs). Capacity is generous for one URI:
// each warning id is reported at most once per URI (pct.lowercase, say, for the first
// offending escape only), so real inputs stay far below it. Should warnings ever overflow,
// they are counted in dropped(), never lost silently, and the last slots stay reserved so that
// the error, and the note that explains it, always fit.
class diagnostic_list {
public:
    static constexpr std::size_t capacity = 32;
    static constexpr std::size_t reserved_for_error = 2;

    void clear() noexcept
    {
        size_ = 0;
        dropped_ = 0;
        has_error_ = false;
    }

    // Adds a finding; false when it was dropped for lack of room (counted in dropped()).
    bool push(diagnostic const& d) noexcept
    {
        bool const explains_error = d.level == severity::error || (d.level == severity::note && has_error_);
        std::size_t const limit = explains_error ? capacity : capacity - reserved_for_error;
        if (size_ >= limit) {
            ++dropped_;
            return false;
        }
        items_[size_++] = d;
        has_error_ = has_error_ || d.level == severity::error;
        return true;
    }

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::size_t dropped() const noexcept { return dropped_; }
    [[nodiscard]] diagnostic const& operator[](std::size_t i) const noexcept { return items_[i]; }
    [[nodiscard]] diagnostic const* begin() const noexcept { return items_.data(); }
    [[nodiscard]] diagnostic const* end() const noexcept { return items_.data() + size_; }

    [[nodiscard]] bool has_error() const noexcept { return has_error_; }
    [[nodiscard]] std::size_t count(severity s) const noexcept
    {
        std::size_t n = 0;
        for (std::size_t i = 0; i < size_; ++i)
            n += items_[i].level == s ? 1U : 0U;
        return n;
    }
    [[nodiscard]] bool contains(diag_id id) const noexcept
    {
        for (std::size_t i = 0; i < size_; ++i)
            if (items_[i].id == id) return true;
        return false;
    }

private:
    std::array<diagnostic, capacity> items_{};
    std::size_t size_ = 0;
    std::size_t dropped_ = 0;
    bool has_error_ = false;
};

} // namespace ftpuri
