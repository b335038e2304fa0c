// SPDX-License-Identifier: Apache-2.0
// source_path.hpp: a file's name as the CI formats give it, relative to the directory
// ftpuri-check runs in.
//
// GitHub (code scanning, workflow annotations) and GitLab (code quality) place a finding on a
// file of the repository by its path from the checkout's root, where CI jobs run; a path given
// as /home/runner/work/r/r/mirrors.txt names no file of the repository. So a relative path is
// kept (without a leading "./"), an absolute one under the working directory loses that prefix,
// and any other stays absolute. Only the text is compared, with the directory as getcwd() spells
// it and as $PWD does when $PWD names the same directory (the shell's spelling, through a
// symbolic link): a path that reaches the directory some other way stays absolute, which names
// the file all the same.
#pragma once

#include <string_view>

namespace ftpuri::cli {

struct source_path {
    std::string_view path; // a view of the name it was made from
    bool relative;         // relative to the working directory
};

// `name`, a file's name as given, as the CI formats give it.
[[nodiscard]] source_path relative_source_path(std::string_view name);

} // namespace ftpuri::cli
