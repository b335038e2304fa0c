// SPDX-License-Identifier: Apache-2.0
// unified_diff.hpp: --diff, what --fix --in-place would change in a file, as diff -u shows it.
#pragma once

#include <string>
#include <string_view>

namespace ftpuri::cli {

// The unified diff (three lines of context) that turns `before` into `after`, under the name
// `path` ("--- path" and "+++ path", so that patch -p0 applies it, quoted by quoted_file_name()); empty when they are
// equal.
// --fix --in-place keeps every line a line (a valid one becomes its canonical form, the others
// stay as they are), so the two texts are compared line by line, each line with its ending; a
// last line without one is marked "\ No newline at end of file", as diff marks it.
// `path` as git and GNU diff write a file name in a diff header: as it is when every byte is
// printable ASCII other than `"` and `\`, else in double quotes with C escapes (\n, \t, \",
// \\, ...) and every other control or non-ASCII byte in octal, as git's core.quotePath does.
// Raw, a newline in a name would start a header of its own ("+++ victim.txt") that patch obeys,
// and an ESC or U+202E would drive or reorder the terminal; GNU patch reads the quoted form.
[[nodiscard]] std::string quoted_file_name(std::string_view path);

[[nodiscard]] std::string unified_diff(std::string_view path, std::string_view before, std::string_view after);

} // namespace ftpuri::cli
