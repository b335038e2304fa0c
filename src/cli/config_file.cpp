// SPDX-License-Identifier: Apache-2.0
#include "config_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <toml++/toml.h>

namespace ftpuri::cli {
namespace {

std::string where(std::string const& path, toml::source_region const& at)
{
    return path + ":" + std::to_string(at.begin.line) + ":" + std::to_string(at.begin.column) + ": ";
}

// One key's value into `to`, or the problem with it.
std::string read_string(std::string const& path, toml::node const& node, std::string_view key,
                        std::optional<std::string>& to)
{
    std::optional<std::string> const value = node.value<std::string>();
    if (!value || !node.is_string()) return where(path, node.source()) + "'" + std::string(key) + "' takes a string";
    to = *value;
    return {};
}

std::string read_strings(std::string const& path, toml::node const& node, std::string_view key,
                         std::optional<std::vector<std::string>>& to)
{
    std::string problem =
        where(path, node.source()) + "'" + std::string(key) + R"(' takes an array of strings (["a", "b"]))";
    toml::array const* array = node.as_array();
    if (array == nullptr) return problem;
    std::vector<std::string> values;
    for (toml::node const& item : *array) {
        if (!item.is_string()) return problem;
        values.push_back(*item.value<std::string>());
    }
    to = std::move(values);
    return {};
}

std::string read_policy(std::string const& path, toml::node const& node, config& c)
{
    toml::table const* table = node.as_table();
    if (table == nullptr) return where(path, node.source()) + "'policy' is a table: [policy]";
    for (auto const& [key, value] : *table) {
        std::string problem;
        if (key == "deny")
            problem = read_strings(path, value, "policy.deny", c.deny);
        else if (key == "allow-hosts")
            problem = read_strings(path, value, "policy.allow-hosts", c.allow_hosts);
        else
            problem = where(path, key.source()) + "unknown key 'policy." + std::string(key.str()) +
                      "' (policy keys: deny, allow-hosts)";
        if (!problem.empty()) return problem;
    }
    return {};
}

} // namespace

config_result read_config(std::string const& path)
{
    config_result result;
    result.settings.path = path;
    // toml++ reads a directory as an empty file, and says little of a missing one.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || ::access(path.c_str(), R_OK) != 0) {
        result.problem = path + ": " + std::strerror(errno);
        return result;
    }
    if (!S_ISREG(st.st_mode)) {
        result.problem = path + ": not a regular file";
        return result;
    }
    toml::table table;
    // toml++ reports a syntax error by throwing; here, and only here, it becomes a value.
    try {
        table = toml::parse_file(path);
    } catch (toml::parse_error const& e) {
        result.problem = where(path, e.source()) + std::string(e.description());
        return result;
    }
    config& c = result.settings;
    for (auto const& [key, value] : table) {
        std::string problem;
        if (key == "profile")
            problem = read_string(path, value, key, c.profile);
        else if (key == "enable")
            problem = read_strings(path, value, key, c.enable);
        else if (key == "disable")
            problem = read_strings(path, value, key, c.disable);
        else if (key == "error")
            problem = read_strings(path, value, key, c.error);
        else if (key == "min-severity")
            problem = read_string(path, value, key, c.min_severity);
        else if (key == "skip-schemes")
            problem = read_strings(path, value, key, c.skip_schemes);
        else if (key == "plan-mode")
            problem = read_string(path, value, key, c.plan_mode);
        else if (key == "help-uri-base")
            problem = read_string(path, value, key, c.help_uri_base);
        else if (key == "policy")
            problem = read_policy(path, value, c);
        else
            problem = where(path, key.source()) + "unknown key '" + std::string(key.str()) +
                      "' (keys: profile, enable, disable, error, min-severity, skip-schemes, plan-mode, "
                      "help-uri-base, [policy])";
        if (!problem.empty()) {
            result.problem = std::move(problem);
            return result;
        }
    }
    return result;
}

std::optional<std::string> find_config(std::string const& start)
{
    char resolved[PATH_MAX];
    if (::realpath(start.c_str(), resolved) == nullptr) return std::nullopt;
    std::string directory = resolved;
    // Messages name a file under the working directory by its relative path, as the inputs.
    std::string here = ::realpath(".", resolved) != nullptr ? std::string(resolved) + "/" : std::string();
    for (;;) {
        std::string candidate = directory == "/" ? "/" : directory + "/";
        candidate += config_file_name;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode))
            return !here.empty() && candidate.starts_with(here) ? candidate.substr(here.size()) : candidate;
        if (directory == "/") return std::nullopt;
        std::size_t const slash = directory.rfind('/');
        directory = slash == 0 ? "/" : directory.substr(0, slash);
    }
}

std::string directory_of_file(std::string const& path)
{
    std::size_t const slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

} // namespace ftpuri::cli
