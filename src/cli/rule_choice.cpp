// SPDX-License-Identifier: Apache-2.0
#include "rule_choice.hpp"

#include <algorithm>
#include <cstddef>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "json_string.hpp"
#include "rule_rationale.inc"
#include "sarif_log.hpp"

namespace ftpuri::cli {
namespace {

// "unknown diagnostic id 'x'", with the closest id when one is near: a typo is the usual cause.
std::string unknown_id(std::string const& name, char const* option)
{
    std::string message = std::string(option) + ": unknown diagnostic id '" + name + "'";
    // The id that shares the longest prefix with the name, if it shares its namespace.
    std::string_view best;
    std::size_t best_length = 0;
    for (auto const& row : diag_catalogue) {
        std::size_t n = 0;
        while (n < name.size() && n < row.name.size() && name[n] == row.name[n])
            ++n;
        if (n > best_length) {
            best_length = n;
            best = row.name;
        }
    }
    if (!best.empty() && best_length > best.find('.')) message += " (did you mean '" + std::string(best) + "'?)";
    return message + "; ftpuri-check --rules lists them";
}

} // namespace

rule_choice_result choose_rules(std::vector<std::string> const& enable, std::vector<std::string> const& disable,
                                std::vector<std::string> const& error)
{
    rule_choice_result result;
    for (std::string const& name : disable) {
        std::optional<diag_id> const id = diag_id_from_string(name);
        if (!id) {
            result.problem = unknown_id(name, "--disable");
            return result;
        }
        result.choice.hidden.insert(*id);
    }
    for (std::string const& name : enable) {
        std::optional<diag_id> const id = diag_id_from_string(name);
        if (!id) {
            result.problem = unknown_id(name, "--enable");
            return result;
        }
        if (result.choice.hidden.contains(*id)) {
            result.problem = "'" + name + "' is both enabled and disabled";
            return result;
        }
        // An id that is on by default needs no enabling; naming it is harmless.
        if (info(*id).opt_in) result.choice.enabled.insert(*id);
    }
    for (std::string const& name : error) {
        std::optional<diag_id> const id = diag_id_from_string(name);
        if (!id) {
            result.problem = unknown_id(name, "--error");
            return result;
        }
        // Hidden and reported as an error: say so rather than pick one of the two.
        if (result.choice.hidden.contains(*id)) {
            result.problem = "'" + name + "' is both disabled and made an error";
            return result;
        }
        result.choice.errors.insert(*id);
    }
    return result;
}

std::string list_rules(output_format format, std::string_view tool_version, std::string_view help_base)
{
    std::string out;
    switch (format) {
    case output_format::text:
    case output_format::github: { // workflow commands annotate findings; a catalogue is read
        // The id column fits the longest id and two spaces.
        std::size_t width = 0;
        for (auto const& row : diag_catalogue)
            width = std::max(width, row.name.size() + 2);
        for (auto const& row : diag_catalogue) {
            out.append(row.name);
            out.append(width - row.name.size(), ' ');
            std::string_view const level = to_string(row.level);
            out.append(level);
            out.append(9 - level.size(), ' ');
            out.append(row.opt_in ? "opt-in  " : "        ");
            out.append(row.message);
            out.push_back('\n');
        }
        break;
    }
    case output_format::json:
    case output_format::codeclimate: { // a code quality report holds issues, not rules
        rapidjson::StringBuffer buffer;
        json_stream w(buffer);
        for (std::size_t i = 0; i < diag_catalogue.size(); ++i) {
            auto const& row = diag_catalogue[i];
            buffer.Clear();
            w.Reset(buffer);
            w.StartObject();
            w.Key("id");
            write_string(w, row.name);
            w.Key("severity");
            write_string(w, to_string(row.level));
            w.Key("opt_in");
            w.Bool(row.opt_in);
            w.Key("message");
            write_string(w, row.message);
            w.Key("hint");
            write_string(w, row.hint);
            w.Key("description");
            write_string(w, rule_rationale[i].text);
            w.EndObject();
            out.append(buffer.GetString(), buffer.GetSize());
            out.push_back('\n');
        }
        break;
    }
    case output_format::sarif:
        out = sarif_header(tool_version, help_base);
        out += sarif_footer(0, {});
        break;
    }
    return out;
}

} // namespace ftpuri::cli
