// SPDX-License-Identifier: Apache-2.0
// props/plan_walk_props.cpp: the library's command plan, executed by a model FTP server on a
// directory stack (docs/behaviour.md "Safety rules", "Canonical form", "The command plan").
//
//   walk.within_start      a strict-valid URI's plan never climbs above the directory it starts
//                          in (the login directory, the root after "CWD /", a first "~user"'s
//                          home) and never jumps into a home directory after the path's first
//                          segment, in every mode with and without `absolute`, on a Unix server
//                          and on a Windows one (look-alikes such as "..." and ".. " walked as "..");
//                          and it reaches the root without `absolute` only where the URI warns
//                          path.absolute
//   walk.canon_same_place  u and canonicalize(u) log in alike and reach the same directory, name
//                          and typecode in every mode with and without `absolute`
//
// The commands are the library's (ftpuri::plan); plan.matches_model (plan_props.cpp) holds them
// to docs/behaviour.md. The server is modelled here.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plan_generators.hpp"
#include "plan_model.hpp"
#include "registry.hpp"

using namespace ftpuri_props;

namespace {

constexpr std::array all_plan_modes = {ftpuri::plan_mode::rfc1738, ftpuri::plan_mode::multicwd,
                                       ftpuri::plan_mode::singlecwd, ftpuri::plan_mode::nocwd};

// ---- the server -----------------------------------------------------------------------------

// Where a plan leaves the client: logged in as whom, in which directory (a base, how far above
// it a ".." went, the directories entered below it), and the action's name and typecode.
struct place {
    std::string user;
    std::optional<std::string> password; // none: the client asks the user
    std::string base = "start";          // "start": the login directory; "/": the root;
                                         // "~user": that user's home
    int above = 0;                       // levels above the base (an unknown directory)
    std::vector<std::string> dirs;
    std::string name; // "" for LIST / NLST of the directory itself
    char typecode = '\0';
    bool operator==(place const&) const = default;
};

std::string show_place(place const& p)
{
    std::string out =
        "user " + escape_bytes(p.user) + (p.password ? " password " + escape_bytes(*p.password) : "") + ", " + p.base;
    for (int i = 0; i < p.above; ++i)
        out += " ..";
    out += " " + show_text(p.dirs) + " name " + escape_bytes(p.name);
    if (p.typecode != '\0') out += std::string(" ;type=") + p.typecode;
    return out;
}

std::vector<std::string> split_at_slash(std::string_view s)
{
    std::vector<std::string> parts;
    std::size_t begin = 0;
    for (;;) {
        std::size_t const slash = s.find('/', begin);
        parts.emplace_back(s.substr(begin, slash == std::string_view::npos ? std::string_view::npos : slash - begin));
        if (slash == std::string_view::npos) return parts;
        begin = slash + 1;
    }
}

// A server executing a plan, as a Unix server (or, `windows`, a Windows one) does:
//   - an argument is a path, walked part by part at its '/' (singlecwd's joined directories,
//     nocwd's whole path, a decoded "%2F"); an empty part stays (a Unix server collapses "//"),
//     except that an argument beginning with '/' starts from the root, whose ".." is itself;
//   - a null CWD (an empty argument) stays, the reading under which a URI names one place
//     (servers differ);
//   - "." stays, ".." goes up; a look-alike ("...", ".. ") is a name on Unix and a ".." on
//     Windows, which strips trailing dots and spaces (docs/behaviour.md "Windows look-alikes");
//   - "~" or "~user" beginning an argument is a home directory, as servers that expand a tilde
//     do it (wu-ftpd, ProFTPD: only at the start of a path; elsewhere it is a name); where the
//     argument is the path's first segment that home is the URI's base (docs/behaviour.md: the depth
//     starts at 0 there), anywhere else the walk has left its start (path.tilde-inside);
//   - RETR, NLST or LIST walk their argument's directories the same way; a last part "." or
//     ".." names that directory or its parent, modelled as a last step and an empty name;
//   - a drive letter ("C:") is a name: docs/behaviour.md only warns about it (path.drive-letter).
class server {
public:
    // `first_segment`: the offset of the path's first segment in the URI (npos: no path).
    server(bool windows, std::uint32_t first_segment) : first_segment_(first_segment), windows_(windows) {}

    void execute(ftpuri::ftp_command const& c)
    {
        std::string const arg = argument_bytes(c);
        bool const at_first = c.offset() == first_segment_ && first_segment_ != ftpuri::ftp_command::npos;
        ++step_;
        switch (c.verb()) {
        case ftpuri::ftp_verb::user: at_.user = arg; break;
        case ftpuri::ftp_verb::pass: at_.password = arg; break;
        case ftpuri::ftp_verb::cwd: {
            std::vector<std::string> const parts = split_at_slash(arg);
            walk(parts, parts.size(), at_first);
            break;
        }
        case ftpuri::ftp_verb::type: at_.typecode = arg == "I" ? 'i' : 'a'; break;
        case ftpuri::ftp_verb::nlst: // ";type=d": TYPE A, then NLST
            at_.typecode = 'd';
            act(c.has_argument(), arg, at_first);
            break;
        case ftpuri::ftp_verb::retr:
        case ftpuri::ftp_verb::list: act(c.has_argument(), arg, at_first); break;
        }
    }

    [[nodiscard]] place const& at() const { return at_; }

    // What took the walk out of the tree below its base: a ".." above it (not the root, whose
    // parent is itself) or a home directory entered after the path's first segment.
    [[nodiscard]] std::vector<std::string> const& escapes() const { return escapes_; }

private:
    void act(bool has_argument, std::string const& arg, bool at_first)
    {
        at_.name.clear();
        if (!has_argument) return; // the current directory
        std::vector<std::string> const parts = split_at_slash(arg);
        walk(parts, parts.size() - 1, at_first);
        std::string const& last = parts.back();
        if (parts.size() == 1 && shape_of(last) == plan_shape::home && !at_first)
            escape("home directory " + escape_bytes(last));
        switch (effective_shape(last)) {
        case plan_shape::dot: break;
        case plan_shape::dot_dot:
        case plan_shape::lookalike: up(); break;
        case plan_shape::empty:
        case plan_shape::home:
        case plan_shape::other: at_.name = last; break;
        }
    }

    // Walks the first `count` parts of an argument split at '/'.
    void walk(std::vector<std::string> const& parts, std::size_t count, bool at_first)
    {
        for (std::size_t k = 0; k < count; ++k) {
            std::string const& part = parts[k];
            if (k == 0 && part.empty() && parts.size() > 1) { // the argument begins with '/'
                at_.base = "/";
                at_.above = 0;
                at_.dirs.clear();
                continue;
            }
            if (k == 0 && shape_of(part) == plan_shape::home) {
                if (!at_first) escape("home directory " + escape_bytes(part));
                at_.base = part == "~" ? "start" : part;
                at_.above = 0;
                at_.dirs.clear();
                continue;
            }
            switch (effective_shape(part)) {
            case plan_shape::empty:
            case plan_shape::dot: break;
            case plan_shape::dot_dot:
            case plan_shape::lookalike: up(); break;
            case plan_shape::home: // not at the start of the argument: a name
            case plan_shape::other: at_.dirs.push_back(part); break;
            }
        }
    }

    [[nodiscard]] plan_shape effective_shape(std::string_view decoded) const
    {
        plan_shape const s = shape_of(decoded);
        return s == plan_shape::lookalike && !windows_ ? plan_shape::other : s;
    }

    void up()
    {
        if (!at_.dirs.empty()) {
            at_.dirs.pop_back();
        } else if (at_.base != "/") {
            ++at_.above;
            escape("'..' above " + at_.base);
        }
    }

    void escape(std::string what) { escapes_.push_back(std::move(what) + " at command " + std::to_string(step_)); }

    place at_;
    std::vector<std::string> escapes_;
    std::uint32_t first_segment_;
    int step_ = 0;
    bool windows_;
};

struct walked {
    place at;
    std::vector<std::string> escapes;
};

// The plan of `v` under `o` executed on the model server; nothing when the plan is refused
// (plan.nocwd-slash: a strict-valid URI has no other refusal with the default anonymous
// password, which plan.no_command_breakers checks).
std::optional<walked> walk_plan(ftpuri::uri_view const& v, ftpuri::plan_options const& o, bool windows)
{
    ftpuri::plan_result const r = ftpuri::plan(v, o);
    if (!r) return std::nullopt;
    std::string_view const path = v.path();
    auto const first_segment =
        path.empty() ? ftpuri::ftp_command::npos : static_cast<std::uint32_t>(path.data() - v.buffer().data() + 1);
    server s(windows, first_segment);
    for (ftpuri::ftp_command const& c : *r)
        s.execute(c);
    place at = s.at();
    if (r->ask_password()) at.password.reset();
    return walked{at, s.escapes()};
}

// ---- walk.within_start ----------------------------------------------------------------------

FTPURI_PROPERTY("walk.within_start")
{
    return rc::check("walk.within_start: a strict-valid URI's plan stays below its start", [] {
        plan_input in;
        if (!draw_plan_input(profile::strict, in)) return;
        ftpuri::uri_view const& v = *in.result;
        RC_TAG("strict-" + shapes_tag(decoded_segments_of(v)));
        ftpuri::diagnostic_list found;
        (void)ftpuri::parse(in.text, ftpuri::parse_options{profile::strict}, found);
        bool const absolute_warned = found.contains(ftpuri::diag_id::path_absolute);
        RC_TAG(absolute_warned ? "path.absolute" : "relative");
        for (ftpuri::plan_mode const mode : all_plan_modes) {
            for (bool const absolute : {false, true}) {
                for (bool const windows : {false, true}) {
                    ftpuri::plan_options const o{mode, absolute, "anonymous@"};
                    std::optional<walked> const w = walk_plan(v, o, windows);
                    if (!w) continue; // plan.nocwd-slash
                    // The root, without the `absolute` option that asks for it, only for a path that
                    // warns so (path.absolute: "//etc", "%2Fetc").
                    if (!absolute && w->at.base == "/" && !absolute_warned) {
                        RC_FAIL("strict accepts " + escape_bytes(in.text) + " without path.absolute, whose " +
                                show_options(o) + " plan reaches the root\n  plan: " + show_plan(library_plan(v, o)) +
                                "\n  reaches " + show_place(w->at));
                    }
                    if (!w->escapes.empty()) {
                        RC_FAIL("strict accepts " + escape_bytes(in.text) + ", whose " + show_options(o) + " plan " +
                                (windows ? "on a Windows server (look-alikes walked as '..') " : "") +
                                "leaves its start: " + w->escapes.front() +
                                "\n  plan: " + show_plan(library_plan(v, o)) + "\n  reaches " + show_place(w->at));
                    }
                }
            }
        }
    });
}

// ---- walk.canon_same_place ------------------------------------------------------------------

FTPURI_PROPERTY("walk.canon_same_place")
{
    return rc::check("walk.canon_same_place: u and canon(u) reach the same place in every plan mode", [] {
        plan_input in;
        if (!draw_plan_input(profile::strict, in)) return;
        ftpuri::uri_view const& v = *in.result;
        std::string const c = ftpuri::canonicalize(v);
        if (c.empty()) RC_FAIL("canonicalize(" + escape_bytes(in.text) + ") failed");
        ftpuri::parse_result const cr = ftpuri::parse(c, opts(profile::strict));
        if (!cr) RC_FAIL("canonical form " + escape_bytes(c) + " is not strict-valid: " + describe(cr.error()));
        RC_TAG("strict-" + shapes_tag(decoded_segments_of(v)));
        RC_LOG() << "canonical " << escape_bytes(c) << '\n';
        for (ftpuri::plan_mode const mode : all_plan_modes) {
            for (bool const absolute : {false, true}) {
                ftpuri::plan_options const o{mode, absolute, "anonymous@"};
                std::optional<walked> const a = walk_plan(v, o, false);
                std::optional<walked> const b = walk_plan(*cr, o, false);
                if (a && b && a->at == b->at) continue;
                if (!a && !b) continue; // both refused: plan.nocwd-slash
                RC_FAIL(show_options(o) + ": " + escape_bytes(in.text) + " reaches " +
                        (a ? show_place(a->at) : "nothing (refused)") + "\n  plan: " + show_plan(library_plan(v, o)) +
                        "\n  but its canonical form " + escape_bytes(c) + " reaches " +
                        (b ? show_place(b->at) : "nothing (refused)") + "\n  plan: " + show_plan(library_plan(*cr, o)));
            }
        }
    });
}

} // namespace
