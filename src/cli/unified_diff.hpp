// SPDX-License-Identifier: Apache-2.0
// unified_diff.hpp: --diff, what --fix --in-place would change in a file, as diff -u shows it.
#pragma once

#include <string>
#include <string_view>

namespace ftpuri::cli {

// The unified diff (three lines of context) that turns `before` into `after`, under the name
// `path` ("--- path" and "+++ path", so that patch -p0 applies it); empty when they are equal.
// --fix --in-place keeps every line a line (a valid one becomes its canonical form, the others
// stay as they are), so the two texts are compared line by line, each line with its ending; a
// last line without one is marked "\ No newline at end of file", as diff marks it.
[[nodiscard]] std::string unified_diff(std::string_view path, std::string_view before, std::string_view after);

} // namespace ftpuri::cli
