// SPDX-License-Identifier: Apache-2.0
// policy_options.hpp: --deny, --allow-host and --allow-hosts-file, the sanitization policy
// (ftpuri/policy.hpp) that ftpuri-check checks each valid input against.
//
//     --deny loopback,private --deny link-local    the classes to refuse (host.denied)
//     --deny non-public                            every class but public
//     --allow-host ftp.example.org --allow-host '*.mirror.example.net:21'
//     --allow-hosts-file mirrors.allow             one pattern a line, '#' comments, blank lines
//
// With any pattern, a host that none matches is refused (host.not-allowed). Every mistake in
// them (an unknown class, a pattern host_pattern::parse() refuses, an unreadable file) is a
// usage error: `problem` says which, for the CLI to print before any input is read.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/host_class.hpp"

namespace ftpuri::cli {

// The classes named by the --deny values, each a comma-separated list of to_string(host_class)
// names or "non-public".
struct deny_result {
    host_class_set classes;
    std::string problem; // empty when every name is known
};
[[nodiscard]] deny_result parse_deny(std::vector<std::string> const& values);

// Why `text` is not an allow pattern (with the forms that are), or empty when it is one.
[[nodiscard]] std::string allow_pattern_problem(std::string_view text);

// The patterns of an --allow-hosts-file: one per line (LF or CRLF), a line's surrounding spaces
// and tabs ignored, blank lines and lines starting with '#' skipped. An unreadable file, or a
// line that is not a pattern ("FILE:LINE: ..."), is a problem.
// The bounds of an allow-list file: its size and the patterns it holds. Beyond either it is
// refused with a message that says which, rather than read until memory runs out.
inline constexpr std::size_t max_allow_hosts_file_bytes = std::size_t{16} << 20U; // 16 MiB
inline constexpr std::size_t max_allow_hosts_patterns = 100'000;

struct allow_file_result {
    std::vector<std::string> patterns;
    std::string problem;
};
[[nodiscard]] allow_file_result read_allow_hosts_file(std::string const& path);

} // namespace ftpuri::cli
