// SPDX-License-Identifier: Apache-2.0
// src/scan/reporter.hpp: where the scanner's findings go. Internal.
//
// The first error stops the scan and is kept, with the note that explains it; warnings go to
// the Sink, once per id and URI (docs/scanner.md, "Reporting"):
//   discard_warnings  warning checks compile to nothing (parse(s), validate(s));
//   collect_warnings  warnings go into a caller's diagnostic_list, or only those of a set, with
//                     the count of those passed over before the first (parse_options::as_error
//                     looks past a full list so).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri::detail {

struct discard_warnings {
    static constexpr bool collecting = false;
};
struct collect_warnings {
    static constexpr bool collecting = true;
    diagnostic_list* list;
    diag_set const* only = nullptr;       // when given, the ids kept
    std::uint32_t* passed_over = nullptr; // with `only`: the findings before the first kept
};

template <class Sink>
class scan_reporter {
public:
    scan_reporter(bool strict, Sink sink) noexcept : strict_(strict), sink_(sink) {}

    [[nodiscard]] diagnostic const& error() const noexcept { return error_; }
    [[nodiscard]] std::optional<diag_id> note() const noexcept
    {
        return has_note_ ? std::optional(note_) : std::nullopt;
    }

    void warn(diag_id id, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        report_once(id, severity::warning, where, offset, length);
    }

    // A note that explains the warning just reported (interop.typecode-case beside
    // typecode.uppercase), where a note usually explains the error.
    void note_beside_warning(diag_id id, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        report_once(id, severity::note, where, offset, length);
    }

    // Records the error and returns false, so that a check reads `return fail(...)`.
    bool fail(diag_id id, component where, std::uint32_t offset, std::uint32_t length,
              std::optional<diag_id> note = std::nullopt) noexcept
    {
        error_ = {id, severity::error, where, offset + base_, length};
        has_note_ = note.has_value();
        note_ = note.value_or(id);
        return false;
    }

    // Safety rules that are errors in strict and warnings elsewhere.
    bool fail_if_strict(diag_id id, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        if (strict_) return fail(id, where, offset, length);
        warn(id, where, offset, length);
        return true;
    }

    // Offsets are reported from here on shifted by `base`: the bytes the lenient profile
    // trimmed off the front, so that they stay offsets into the whole input.
    void shift_offsets_by(std::uint32_t base) noexcept { base_ = base; }

    // Safety rules are errors (strict), else warnings.
    [[nodiscard]] bool strict() const noexcept { return strict_; }

    // Whether the Sink already holds `id`, which is then not reported again.
    [[nodiscard]] bool reported(diag_id id) const noexcept
    {
        auto const bit = static_cast<unsigned>(id);
        return (reported_[bit / 64] >> (bit % 64) & 1U) != 0;
    }

private:
    void report_once(diag_id id, severity level, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        if constexpr (Sink::collecting) {
            auto const bit = static_cast<unsigned>(id);
            std::uint64_t const mask = std::uint64_t{1} << (bit % 64);
            std::uint64_t& word = reported_[bit / 64];
            if ((word & mask) != 0) return; // once per URI: see docs/scanner.md
            word |= mask;
            if (sink_.only != nullptr && !sink_.only->contains(id)) {
                if (sink_.list->empty()) ++*sink_.passed_over;
                return;
            }
            sink_.list->push({id, level, where, offset + base_, length});
        }
    }

    bool strict_;
    std::uint32_t base_ = 0;
    Sink sink_;
    std::array<std::uint64_t, 2> reported_{};
    static_assert(diag_catalogue.size() <= 128, "reported_ holds one bit per diag_id");
    diagnostic error_{};
    diag_id note_{}; // not std::optional: GCC 12 -O2 warns maybe-uninitialized on it
    bool has_note_ = false;
};

} // namespace ftpuri::detail
