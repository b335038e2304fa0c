// SPDX-License-Identifier: Apache-2.0
// props/plan_props.cpp: the commands ftpuri::plan gives (docs/behaviour.md "Safety rules", "The
// command plan").
//
//   plan.no_command_breakers  no command line holds CR, LF or NUL, for a URI valid in any
//                             profile, in every mode with and without `absolute`, with any
//                             anonymous password; one that holds one is refused
//                             (plan.anonymous-password-control). Also: each line is the verb and
//                             the decoded argument with every 0xFF doubled (the Telnet wire form),
//                             write_into fills exactly size() bytes and
//                             refuses one byte less, a raw argument is the URI's text at its
//                             offset, size() counts the commands iterated
//   plan.matches_model        the library's plan equals, command by command (verbs and decoded
//                             arguments), the one plan_model.hpp builds from docs/behaviour.md, and so do
//                             ask_password() and a refusal's diagnostic, in every mode with and
//                             without `absolute`
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "plan_generators.hpp"
#include "plan_model.hpp"
#include "registry.hpp"

using namespace ftpuri_props;

namespace {

constexpr std::array all_plan_modes = {ftpuri::plan_mode::rfc1738, ftpuri::plan_mode::multicwd,
                                       ftpuri::plan_mode::singlecwd, ftpuri::plan_mode::nocwd};

constexpr std::string_view command_breakers{"\0\r\n", 3};

// A profile, `strict_weight` in strict_weight + 2 of the time strict, else rfc3986 or lenient.
// Drawn as an index: ftpuri::profile has no showValue (the URI's own line names the profile).
profile draw_profile(std::size_t strict_weight)
{
    std::size_t const index = *gen::weightedElement<std::size_t>(
        {{strict_weight, std::size_t{0}}, {std::size_t{1}, std::size_t{1}}, {std::size_t{1}, std::size_t{2}}});
    return all_profiles.at(index);
}

// ---- plan.no_command_breakers ---------------------------------------------------------------

// The checks on one command of a plan of `v`; `where` names the URI and the options.
void check_command(ftpuri::uri_view const& v, ftpuri::ftp_command const& c, std::string const& where)
{
    std::string line(c.size(), '\0');
    ftpuri::write_result const written = c.write_into(line);
    if (!written || written.size != line.size()) {
        RC_FAIL(where + ": write_into in a buffer of size() = " + std::to_string(line.size()) + " bytes returned " +
                std::to_string(written.size));
    }
    if (line.find_first_of(command_breakers) != std::string::npos)
        RC_FAIL(where + ": the command line " + escape_bytes(line) + " holds CR, LF or NUL");
    // The wire form: RFC 959's Telnet doubles a data byte 0xFF (IAC IAC, RFC 854).
    std::string wire_argument;
    for (char const ch : argument_bytes(c))
        wire_argument.append(ch == '\xFF' ? 2 : 1, ch);
    std::string const expected =
        std::string(ftpuri::to_string(c.verb())) + (c.has_argument() ? " " + wire_argument : std::string());
    if (line != expected)
        RC_FAIL(where + ": write_into wrote " + escape_bytes(line) + ", not " + escape_bytes(expected));
    std::string smaller(line.size() - 1, '\0'); // a verb is never empty
    if (c.write_into(smaller).status != ftpuri::write_status::buffer_too_small)
        RC_FAIL(where + ": write_into of " + escape_bytes(line) + " fits one byte less");
    if (c.offset() != ftpuri::ftp_command::npos &&
        v.buffer().substr(c.offset(), c.raw_argument().size()) != c.raw_argument()) {
        RC_FAIL(where + ": the raw argument " + escape_bytes(c.raw_argument()) + " is not the URI's text at offset " +
                std::to_string(c.offset()));
    }
}

FTPURI_PROPERTY("plan.no_command_breakers")
{
    return rc::check("plan.no_command_breakers: no command line holds CR, LF or NUL", [] {
        // Half strict (the plan-shaped URIs the walk properties use too), half the profiles that
        // accept more: the safety rule holds in every profile.
        profile const p = draw_profile(2);
        plan_input in;
        if (!draw_plan_input(p, in)) return;
        ftpuri::uri_view const& v = *in.result;
        anonymous_password const anonymous = *gen_anonymous_password();
        bool const refused = anonymous.bytes.find_first_of(command_breakers) != std::string::npos;
        RC_TAG(std::string(profile_name(p)) + "-valid", refused ? "anonymous password refused" : "planned");
        for (ftpuri::plan_mode const mode : all_plan_modes) {
            for (bool const absolute : {false, true}) {
                ftpuri::plan_options const o{mode, absolute, anonymous.bytes};
                std::string const where = show_options(o) + " plan of " + escape_bytes(in.text);
                ftpuri::plan_result const r = ftpuri::plan(v, o);
                if (refused) {
                    // The option, not the URI: offset 0, length 0 (plan.hpp).
                    if (r) RC_FAIL(where + ": the anonymous password " + escape_bytes(anonymous.bytes) + " is sent");
                    if (r.error().id != ftpuri::diag_id::plan_anonymous_password_control ||
                        r.error().level != ftpuri::severity::error || r.error().offset != 0 || r.error().length != 0) {
                        RC_FAIL(where + ": the anonymous password " + escape_bytes(anonymous.bytes) +
                                " is refused with " + describe(r.error()));
                    }
                    continue;
                }
                if (!r) {
                    // A parsed view has no decoded NUL, CR or LF (pct.forbidden-control in every
                    // profile): the one refusal left is nocwd's, at an escape of '/'.
                    bool const nocwd_slash =
                        mode == ftpuri::plan_mode::nocwd && r.error().id == ftpuri::diag_id::plan_nocwd_slash &&
                        r.error().length == 3 && ref_decode(v.buffer().substr(r.error().offset, 3)) == "/";
                    if (!nocwd_slash) RC_FAIL(where + " refused with " + describe(r.error()));
                    continue;
                }
                std::size_t count = 0;
                for (ftpuri::ftp_command const& c : *r) {
                    check_command(v, c, where);
                    ++count;
                }
                if (count != r->size()) {
                    RC_FAIL(where + ": " + std::to_string(count) + " commands iterated, size() " +
                            std::to_string(r->size()));
                }
            }
        }
    });
}

// ---- plan.matches_model ---------------------------------------------------------------------

FTPURI_PROPERTY("plan.matches_model")
{
    return rc::check("plan.matches_model: the library's plan is the one docs/behaviour.md describes", [] {
        // Mostly strict's plan-shaped URIs; the other profiles' views too, since the model reads
        // only raw components.
        profile const p = draw_profile(6);
        plan_input in;
        if (!draw_plan_input(p, in)) return;
        ftpuri::uri_view const& v = *in.result;
        // Mostly the default "anonymous@"; now and then any bytes, refused or not.
        std::string const anonymous =
            *uniform(0, 4) == 0 ? (*gen_anonymous_password()).bytes : std::string("anonymous@");
        RC_TAG(std::string(profile_name(p)) + "-" + shapes_tag(decoded_segments_of(v)));
        for (ftpuri::plan_mode const mode : all_plan_modes) {
            for (bool const absolute : {false, true}) {
                ftpuri::plan_options const o{mode, absolute, anonymous};
                plan_text const model = model_plan(v, o);
                plan_text const library = library_plan(v, o);
                if (library != model) {
                    RC_FAIL(show_options(o) + " plan of " + escape_bytes(in.text) + " (anonymous password " +
                            escape_bytes(anonymous) + ")\n  library: " + show_plan(library) +
                            "\n  model:   " + show_plan(model));
                }
            }
        }
    });
}

} // namespace
