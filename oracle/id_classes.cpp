// SPDX-License-Identifier: Apache-2.0
// oracle/id_classes.cpp: what each diagnostic id means to the oracle, from ftpuri/diagnostics.def.
#include "oracle.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri_oracle {

using ftpuri::diag_id;

namespace {

// Each id's class and constraint: diagnostics.def's oracle and constraint columns. Why each id is
// in its class: docs/assurance.md, "Classifying the scanner's errors".
constexpr std::array id_rows = {
#define FTPURI_DIAG(id, c_id, name, strict, rfc3986, lenient, default_on, category, score, cwe, oracle, constraint,    \
                    ...)                                                                                               \
    id_row{name, id_class::oracle, constraint},
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG
};

} // namespace

std::span<id_row const> id_table() noexcept
{
    return id_rows;
}

id_row const* classify(diag_id id) noexcept
{
    auto const index = static_cast<std::size_t>(id);
    return index < id_rows.size() ? &id_rows[index] : nullptr;
}

} // namespace ftpuri_oracle
