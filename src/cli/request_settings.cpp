// SPDX-License-Identifier: Apache-2.0
// request_settings.cpp: a request made into check_settings (request_settings.hpp).
#include "request_settings.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>

#include "ftpuri/plan.hpp"
#include "option_checks.hpp"
#include "policy_options.hpp"
#include "rule_choice.hpp"

namespace ftpuri::cli {
namespace {

// NO_COLOR (https://no-color.org): set and not empty turns colour off.
bool no_color_requested()
{
    char const* const value = std::getenv("NO_COLOR");
    return value != nullptr && value[0] != '\0';
}

} // namespace

bool reports_on_stderr(request const& r)
{
    return r.fix || r.diff || (r.plan && format_from(r.format) == output_format::text);
}

request with_config(request r, config const& file, CLI::App const& app)
{
    auto given = [&](char const* option) { return app.count(option) != 0; };
    if (file.profile && !given("--profile")) r.profile = *file.profile;
    if (file.enable && !given("--enable")) r.enable = *file.enable;
    if (file.disable && !given("--disable")) r.disable = *file.disable;
    if (file.error && !given("--error")) r.error = *file.error;
    if (file.min_severity && !given("--min-severity")) r.min_severity = *file.min_severity;
    if (file.skip_schemes && !given("--skip-scheme")) r.skip_schemes = *file.skip_schemes;
    if (file.plan_mode && !given("--plan-mode")) r.plan_mode = *file.plan_mode;
    if (file.help_uri_base && !given("--help-uri-base")) r.help_uri_base = *file.help_uri_base;
    if (file.deny && !given("--deny")) r.deny = *file.deny;
    if (file.allow_hosts && !given("--allow-host") && !given("--allow-hosts-file")) r.allow_hosts = *file.allow_hosts;
    return r;
}

configured settings_of(request r, std::string const& source)
{
    configured result;
    auto fail = [&](std::string const& what) {
        result.problem = (source.empty() ? std::string() : source + ": ") + what;
        return result;
    };
    std::optional<ftpuri::profile> const profile = ftpuri::profile_from_string(r.profile);
    if (!profile) return fail("unknown profile '" + r.profile + "' (strict, rfc3986 or lenient)");
    std::optional<ftpuri::severity> const minimum = severity_from(r.min_severity);
    if (!minimum) return fail("unknown min-severity '" + r.min_severity + "' (note, warning or error)");
    std::optional<ftpuri::plan_mode> const mode = ftpuri::plan_mode_from_string(r.plan_mode);
    if (!mode) return fail("unknown plan mode '" + r.plan_mode + "' (rfc1738, multicwd, singlecwd or nocwd)");
    for (std::string& scheme : r.skip_schemes)
        if (std::string const problem = scheme_problem(scheme); !problem.empty())
            return fail("skip-schemes: " + problem);
    if (!r.help_uri_base.empty())
        if (std::string const problem = help_uri_problem(r.help_uri_base); !problem.empty())
            return fail("help-uri-base: " + problem);
    deny_result const deny = parse_deny(r.deny);
    if (!deny.problem.empty()) return fail("deny: " + deny.problem);
    for (std::string const& pattern : r.allow_hosts)
        if (std::string const problem = allow_pattern_problem(pattern); !problem.empty())
            return fail("allow-hosts: " + problem);
    rule_choice_result const rules = choose_rules(r.enable, r.disable, r.error);
    if (!rules.problem.empty()) return fail(rules.problem);
    if (std::string const problem = disable_problem(r.disable, *profile); !problem.empty()) return fail(problem);

    output_format const format = format_from(r.format);
    check_settings& settings = result.settings;
    settings.parse.syntax = *profile;
    settings.parse.max_length = r.max_length;
    settings.parse.opt_in = rules.choice.enabled;
    settings.parse.as_error = rules.choice.errors;
    settings.policy.deny = deny.classes;
    settings.policy.allow = std::move(r.allow_hosts);
    settings.hidden = rules.choice.hidden;
    settings.minimum = *minimum;
    settings.format = format;
    settings.quiet = r.quiet;
    settings.fix = r.in_place || r.diff ? fix_mode::in_place : r.fix ? fix_mode::print : fix_mode::none;
    settings.password = r.strip_password    ? password_policy::strip
                        : r.redact_password ? password_policy::redact
                                            : password_policy::keep;
    settings.canonical.drop_fragment = r.drop_fragment;
    settings.canonical.drop_anonymous = r.drop_anonymous;
    settings.count_quietly = r.stats || r.error_on_warning;
    settings.skip_comments = !r.no_skip;
    // -0 changes what ends an input, not what it holds: a record with blanks between two runs of
    // text may be two fields (list.fields) unless --whole-line or --field says otherwise.
    settings.list = {.field = r.field, .whole_line = r.whole_line};
    settings.skip_schemes = r.skip_schemes;
    settings.line_separator = r.null_separated ? '\0' : '\n';
    settings.components = r.components;
    settings.plan.enabled = r.plan;
    settings.plan.mode = *mode;
    settings.plan.absolute = r.absolute;
    settings.plan.anonymous_password = r.anonymous_password;
    settings.plan.refuse_anonymous = r.no_anonymous;
    settings.plan.show_password = r.show_password;
    std::FILE* const report_stream = reports_on_stderr(r) ? stderr : stdout;
    settings.color =
        r.color == "always" || (r.color == "auto" && ::isatty(::fileno(report_stream)) == 1 && !no_color_requested());
    result.help_uri_base = r.help_uri_base;
    return result;
}

std::optional<configured> config_lookup::settings_under(std::string const& directory)
{
    std::optional<std::string> const path = r_.no_config         ? std::nullopt
                                            : !r_.config.empty() ? std::optional(r_.config)
                                                                 : find_config(directory);
    if (!path) {
        configured result = settings_of(r_, "");
        if (!result.problem.empty()) {
            problem_ = result.problem;
            return std::nullopt;
        }
        return result;
    }
    auto found = read_.find(*path);
    if (found == read_.end()) found = read_.emplace(*path, read_config(*path)).first;
    if (!found->second.problem.empty()) {
        problem_ = found->second.problem;
        return std::nullopt;
    }
    configured result = settings_of(with_config(r_, found->second.settings, app_), *path);
    if (!result.problem.empty()) {
        problem_ = result.problem;
        return std::nullopt;
    }
    result.source = *path;
    return result;
}

} // namespace ftpuri::cli
