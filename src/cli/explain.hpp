// SPDX-License-Identifier: Apache-2.0
// explain.hpp: ftpuri-check --explain ID, an id's row of docs/diagnostics.md as text.
//
// A linter's finding is a line; what it means, why it matters, and an input that draws it are
// a page. clang-tidy and ruff link to that page on the web, ShellCheck to its wiki; ftpuri-check
// carries the page in the binary (generated from docs/diagnostics.md at build time, so it is the
// text a test checks row by row) and needs no network and no host to trust.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ftpuri::cli {

// The explanation of the id `name`, several lines of text, or nothing when no id has that name.
[[nodiscard]] std::optional<std::string> explain_rule(std::string_view name);

} // namespace ftpuri::cli
