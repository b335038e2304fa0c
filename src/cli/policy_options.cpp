// SPDX-License-Identifier: Apache-2.0
// policy_options.cpp: --deny, --allow-host and --allow-hosts-file (policy_options.hpp).
#include "policy_options.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include "ftpuri/policy.hpp"

namespace ftpuri::cli {
namespace {

constexpr std::string_view non_public_name = "non-public";

// "loopback, unspecified, ..., public, or non-public (every class but public)"
std::string class_names()
{
    std::string names;
    for (std::size_t i = 0; i < host_class_count; ++i) {
        names += to_string(static_cast<host_class>(i));
        names += ", ";
    }
    names += "or ";
    names += non_public_name;
    names += " (every class but public)";
    return names;
}

std::string_view trimmed(std::string_view line) noexcept
{
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
        line.remove_suffix(1);
    return line;
}

} // namespace

deny_result parse_deny(std::vector<std::string> const& values)
{
    deny_result result;
    for (std::string const& value : values) {
        std::string_view rest = value;
        while (true) {
            std::size_t const comma = rest.find(',');
            std::string_view const name = rest.substr(0, comma);
            if (name == non_public_name) {
                result.classes = result.classes | host_class_set::non_public();
            } else if (std::optional<host_class> const c = host_class_from_string(name)) {
                result.classes.insert(*c);
            } else {
                // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "..." + string.
                std::string& problem = result.problem;
                problem = name.empty() ? "empty host class in '" : "unknown host class '";
                problem += name.empty() ? std::string_view(value) : name;
                problem += "'; the classes are ";
                problem += class_names();
                return result;
            }
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
    }
    return result;
}

std::string allow_pattern_problem(std::string_view text)
{
    if (host_pattern::parse(text)) return {};
    std::string problem = "'";
    problem += text;
    problem += "' is not a host pattern; write a name (ftp.example.org), a suffix on a label boundary "
               "(*.example.org), an IPv4 address (192.0.2.7) or an IPv6 address in brackets ([2001:db8::7]), each "
               "with an optional :port (none: 21 only) or :* (any port)";
    return problem;
}

allow_file_result read_allow_hosts_file(std::string const& path)
{
    allow_file_result result;
    std::FILE* const file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        result.problem = path + ": " + std::strerror(errno);
        return result;
    }
    std::string content;
    char buffer[4096];
    std::size_t n = 0;
    while (content.size() <= max_allow_hosts_file_bytes && (n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        content.append(buffer, n);
    int const error = std::ferror(file) != 0 ? errno : 0;
    static_cast<void>(std::fclose(file)); // read-only: nothing to lose
    if (error != 0) {
        result.problem = path + ": " + std::strerror(error);
        return result;
    }
    // A bound, so that a wrong path (/dev/zero, a disk image) is a clear error, not an
    // exhausted memory.
    if (content.size() > max_allow_hosts_file_bytes) {
        result.problem = path + ": more than " + std::to_string(max_allow_hosts_file_bytes >> 20U) +
                         " MiB; an allow-list file holds host patterns, one a line";
        return result;
    }
    std::string_view rest = content;
    for (std::uint64_t line = 1; !rest.empty(); ++line) {
        std::size_t const end = rest.find('\n');
        std::string_view const text = trimmed(rest.substr(0, end));
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        if (text.empty() || text.front() == '#') continue;
        std::string const problem = allow_pattern_problem(text);
        if (!problem.empty()) {
            result.problem = path;
            result.problem += ':';
            result.problem += std::to_string(line);
            result.problem += ": ";
            result.problem += problem;
            result.patterns.clear();
            return result;
        }
        if (result.patterns.size() == max_allow_hosts_patterns) {
            result.problem = path;
            result.problem += ':';
            result.problem += std::to_string(line);
            result.problem += ": more than " + std::to_string(max_allow_hosts_patterns) + " host patterns";
            result.patterns.clear();
            return result;
        }
        result.patterns.emplace_back(text);
    }
    return result;
}

} // namespace ftpuri::cli
