// SPDX-License-Identifier: Apache-2.0
// src/rules/finding.hpp: what a rule that checks (rather than answers yes or no) reports.
// Internal.
#pragma once

#include <cstdint>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri::rules {

// A rule's finding, positioned in the byte range the rule was given: the caller adds where the
// range begins in the input and reports it in the component it was scanning.
struct finding {
    diag_id id;
    std::uint32_t offset;
    std::uint32_t length;
};

} // namespace ftpuri::rules
