// props/plan_walk_props.cpp: the command plan walked on a directory stack (PRODUCT.md "Safety
// rules", "Canonical form", "The command plan").
//
//   walk.within_start      a strict-valid URI's multicwd plan never climbs above the directory
//                          it starts in and never jumps into a home directory after the first
//                          segment, read as PRODUCT.md writes it and as a Windows server does
//                          (look-alikes such as "..." and ".. " walked as "..")
//   walk.canon_same_place  u and canonicalize(u) reach the same directory, name and typecode in
//                          every plan mode (rfc1738, multicwd, singlecwd, nocwd), with and
//                          without the absolute flag
//
// The plan is modelled here from PRODUCT.md, not taken from the library: the properties use
// only ftpuri::parse, the uri_view accessors, percent_decode and canonicalize.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plan_generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;

namespace {

// ---- the model ------------------------------------------------------------------------------

// Where a reading of the plan leaves the client: a base directory, how far above it a ".." went,
// the directories entered below it, and the action's name and typecode.
struct place {
    std::string base = "start"; // "start": the login directory; "/": the root (after CWD /);
                                // "~user": that user's home
    int above = 0;              // levels above the base (an unknown directory)
    std::vector<std::string> dirs;
    std::string name; // "" for LIST / NLST of the directory itself
    char typecode = '\0';
    bool operator==(place const&) const = default;
};

std::string show_place(place const& p)
{
    std::string out = p.base;
    for (int i = 0; i < p.above; ++i)
        out += " ..";
    out += " " + show_text(p.dirs) + " name " + escape_bytes(p.name);
    if (p.typecode != '\0') out += std::string(" ;type=") + p.typecode;
    return out;
}

// One walk on the directory stack. `windows`: a Windows server strips trailing dots and spaces,
// so a look-alike is a ".." (PRODUCT.md "Windows look-alikes"); otherwise it is a name.
class walker {
public:
    walker(std::string base, bool windows) : windows_(windows) { at_.base = std::move(base); }

    // A CWD (or a part of a CWD argument, see read_plan) with decoded argument `arg`; `first`:
    // it is the path's first segment.
    void cwd(std::string_view arg, std::size_t step, bool first)
    {
        switch (effective_shape(arg)) {
        case plan_shape::empty: // a null CWD: sent (rfc1738) or skipped (multicwd), stays either way
        case plan_shape::dot: break;
        case plan_shape::dot_dot:
        case plan_shape::lookalike: up(step); break;
        case plan_shape::home: home(arg, step, first); break;
        case plan_shape::other: at_.dirs.emplace_back(arg); break;
        }
    }

    // The action on the last segment, from the directory the CWDs reached. "RETR ." and
    // "RETR .." (or NLST) name that directory and its parent: modelled as a last step, after
    // which the action lists the directory reached.
    place const& act(std::string_view name, std::size_t step, bool first, char typecode)
    {
        at_.typecode = typecode;
        switch (effective_shape(name)) {
        case plan_shape::dot: break;
        case plan_shape::dot_dot:
        case plan_shape::lookalike: up(step); break;
        case plan_shape::home:
            // "RETR ~x" after the first segment: the server expands it (path.tilde-inside).
            if (!first) escapes_.push_back("home directory " + escape_bytes(name) + " at step " + std::to_string(step));
            at_.name = name;
            break;
        case plan_shape::empty:
        case plan_shape::other: at_.name = name; break;
        }
        return at_;
    }

    // What took the walk out of the tree below its start: a ".." above the base (not the root,
    // whose parent is itself) or a home directory entered after the first segment.
    [[nodiscard]] std::vector<std::string> const& escapes() const { return escapes_; }

private:
    [[nodiscard]] plan_shape effective_shape(std::string_view decoded) const
    {
        plan_shape const s = shape_of(decoded);
        return s == plan_shape::lookalike && !windows_ ? plan_shape::other : s;
    }

    void up(std::size_t step)
    {
        if (!at_.dirs.empty()) {
            at_.dirs.pop_back();
        } else if (at_.base != "/") {
            ++at_.above;
            escapes_.push_back("'..' above " + at_.base + " at step " + std::to_string(step));
        }
    }

    // PRODUCT.md: a first segment "~" is the login directory, "~user" another account's home,
    // where the depth starts at 0. Anywhere else the server expands it all the same, into a
    // directory the URI does not name (path.tilde-inside): the walk has left its start.
    void home(std::string_view arg, std::size_t step, bool first)
    {
        if (!first) escapes_.push_back("home directory " + escape_bytes(arg) + " at step " + std::to_string(step));
        at_.base = arg == "~" ? "start" : std::string(arg);
        at_.above = 0;
        at_.dirs.clear();
    }

    place at_;
    std::vector<std::string> escapes_;
    bool windows_;
};

enum class plan_mode : std::uint8_t { rfc1738, multicwd, singlecwd, nocwd };
constexpr std::array all_plan_modes = {plan_mode::rfc1738, plan_mode::multicwd, plan_mode::singlecwd, plan_mode::nocwd};

std::string_view mode_name(plan_mode m)
{
    switch (m) {
    case plan_mode::rfc1738: return "rfc1738";
    case plan_mode::multicwd: return "multicwd";
    case plan_mode::singlecwd: return "singlecwd";
    case plan_mode::nocwd: return "nocwd";
    }
    return "?";
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

std::string join_with_slash(std::vector<std::string> const& parts, std::size_t count)
{
    std::string out;
    for (std::size_t i = 0; i < count; ++i)
        out += (i == 0 ? "" : "/") + parts[i];
    return out;
}

struct reading {
    place at;
    std::vector<std::string> escapes;
};

// The plan of a URI with decoded segments `segs` read in mode `mode` (PRODUCT.md "The command
// plan", step 2), walked on a stack. Nothing for nocwd when a decoded segment holds '/'
// (plan.nocwd-slash: the plan refuses it).
//
// The modes, as modelled (PRODUCT.md "The command plan" gives the commands, not what a server
// does with them; where servers differ, the model takes the reading stated here):
//   rfc1738    one CWD per directory segment; a null CWD ("CWD" with no argument) stays where
//              it is (servers differ on a null CWD; staying is the reading under which the
//              URI names one place).
//   multicwd   the same with null CWDs skipped (draft-yevstifeyev reading 1a): under this
//              model, the same place as rfc1738 by construction.
//   singlecwd  one "CWD d1/d2/..." (none without a directory segment, reading 1b): the joined
//              argument split at '/' and walked part by part, an empty part (from an empty
//              segment or a decoded '/') staying where it is.
//   nocwd      no CWD; the action's argument "d1/.../name" walked from the start the same way.
//   absolute   "CWD /" first, so the walk starts at the root, whose ".." stays at the root;
//              not when the first segment is "~" ("no CWD / either").
// In rfc1738 and multicwd a decoded segment holding '/' is one CWD and one level down, as
// PRODUCT.md's depth count ("Directory escape") counts it; in strict it holds no '.' or '..'
// part (path.encoded-traversal).
// Not modelled: a server resolves an argument that begins with '/' ("CWD /etc" from "%2Fetc",
// or singlecwd's "CWD /etc" from "//etc/x") from the root, and walks "CWD x/y" as two levels.
// Read that way, u and canon(u) part on more inputs than below: "%2Fetc/../x" in multicwd,
// ".//etc/x" in singlecwd (the canonical "//etc/x" turns "CWD .//etc" into "CWD /etc").
std::optional<reading> read_plan(std::vector<std::string> const& segs, char typecode, plan_mode mode, bool absolute,
                                 bool windows)
{
    bool const login_first = !segs.empty() && segs[0] == "~";
    walker w(absolute && !login_first ? "/" : "start", windows);
    std::size_t const n = segs.size();
    std::string const no_name;
    std::string const& name = n == 0 ? no_name : segs[n - 1];
    std::size_t const dirs = n == 0 ? 0 : n - 1;
    place at;
    switch (mode) {
    case plan_mode::rfc1738:
    case plan_mode::multicwd:
        for (std::size_t i = 0; i < dirs; ++i)
            w.cwd(segs[i], i, i == 0);
        at = w.act(name, dirs, dirs == 0, typecode);
        break;
    case plan_mode::singlecwd: {
        if (dirs != 0) {
            std::vector<std::string> const parts = split_at_slash(join_with_slash(segs, dirs));
            for (std::size_t k = 0; k < parts.size(); ++k)
                w.cwd(parts[k], k, k == 0);
        }
        at = w.act(name, dirs, dirs == 0, typecode);
        break;
    }
    case plan_mode::nocwd: {
        for (std::string const& s : segs)
            if (s.find('/') != std::string::npos) return std::nullopt;
        std::vector<std::string> const parts = split_at_slash(join_with_slash(segs, n));
        for (std::size_t k = 0; k + 1 < parts.size(); ++k)
            w.cwd(parts[k], k, k == 0);
        at = w.act(parts.back(), parts.size() - 1, parts.size() == 1, typecode);
        break;
    }
    }
    return reading{at, w.escapes()};
}

// ---- inputs ---------------------------------------------------------------------------------

struct strict_input {
    std::string text;
    ftpuri::parse_result result;
};

// A plan-shaped URI or, one time in four, a one-byte edit of it; nothing when strict refuses
// it (the properties are about strict-valid URIs; the tags show how many were).
bool draw_strict(strict_input& in)
{
    uri_parts const u = *gen_plan_uri();
    in.text = u.text();
    if (*uniform(0, 4) == 3) {
        near_miss const n = *gen_mutation(in.text, profile::strict);
        in.text = n.text;
        RC_LOG() << "edited: " << escape_bytes(in.text) << " (" << n.mutation << ")\n";
    }
    in.result = ftpuri::parse(in.text, opts(profile::strict));
    if (!in.result) {
        RC_TAG("strict-invalid: not checked");
        return false;
    }
    return true;
}

std::vector<std::string> decoded_segments_of(ftpuri::uri_view const& v)
{
    std::vector<std::string> out;
    for (std::string_view const raw : v.segments())
        out.push_back(ftpuri::percent_decode(raw));
    return out;
}

std::string shapes_tag(std::vector<std::string> const& segs)
{
    bool empty_then_dots = false;
    bool home = false;
    bool lookalike = false;
    bool seen_empty = false;
    bool slash = false;
    for (std::string const& seg : segs) {
        plan_shape const s = shape_of(seg);
        empty_then_dots = empty_then_dots || (seen_empty && s == plan_shape::dot_dot);
        seen_empty = seen_empty || s == plan_shape::empty;
        home = home || s == plan_shape::home;
        lookalike = lookalike || s == plan_shape::lookalike;
        slash = slash || seg.find('/') != std::string::npos;
    }
    bool const drive =
        !segs.empty() && segs[0].size() == 2 && is_alpha(static_cast<unsigned char>(segs[0][0])) && segs[0][1] == ':';
    std::string tag = "strict-valid";
    if (empty_then_dots) tag += ", '..' after an empty segment";
    if (home) tag += ", '~'";
    if (lookalike) tag += ", look-alike";
    if (drive) tag += ", drive letter";
    if (slash) tag += ", '/' in a segment";
    return tag;
}

// ---- walk.within_start ----------------------------------------------------------------------

FTPURI_PROPERTY("walk.within_start")
{
    return rc::check("walk.within_start: a strict-valid URI's multicwd plan stays below its start", [] {
        strict_input in;
        if (!draw_strict(in)) return;
        ftpuri::uri_view const& v = *in.result;
        std::vector<std::string> const segs = decoded_segments_of(v);
        RC_TAG(shapes_tag(segs));
        RC_LOG() << "decoded segments " << show_text(segs) << '\n';
        for (bool const windows : {false, true}) {
            auto const r = read_plan(segs, v.typecode(), plan_mode::multicwd, false, windows);
            RC_ASSERT(r.has_value());
            RC_LOG() << (windows ? "windows" : "multicwd") << ": " << show_place(r->at) << '\n';
            if (!r->escapes.empty()) {
                RC_FAIL("strict accepts " + escape_bytes(in.text) + ", whose multicwd plan" +
                        (windows ? " on a Windows server (look-alikes walked as '..')" : "") +
                        " leaves its start: " + r->escapes.front());
            }
        }
    });
}

// ---- walk.canon_same_place ------------------------------------------------------------------

FTPURI_PROPERTY("walk.canon_same_place")
{
    return rc::check("walk.canon_same_place: u and canon(u) reach the same place in every plan mode", [] {
        strict_input in;
        if (!draw_strict(in)) return;
        ftpuri::uri_view const& v = *in.result;
        std::string const c = ftpuri::canonicalize(v);
        if (c.empty()) RC_FAIL("canonicalize(" + escape_bytes(in.text) + ") failed");
        ftpuri::parse_result const cr = ftpuri::parse(c, opts(profile::strict));
        if (!cr) RC_FAIL("canonical form " + escape_bytes(c) + " is not strict-valid: " + describe(cr.error()));
        std::vector<std::string> const segs = decoded_segments_of(v);
        std::vector<std::string> const csegs = decoded_segments_of(*cr);
        RC_TAG(shapes_tag(segs));
        RC_LOG() << "canonical " << escape_bytes(c) << "\ndecoded segments " << show_text(segs) << " and "
                 << show_text(csegs) << '\n';
        for (plan_mode const mode : all_plan_modes) {
            for (bool const absolute : {false, true}) {
                auto const a = read_plan(segs, v.typecode(), mode, absolute, false);
                auto const b = read_plan(csegs, cr->typecode(), mode, absolute, false);
                if (!a || !b) continue; // nocwd refuses a '/' in a decoded segment
                if (!(a->at == b->at)) {
                    RC_FAIL(std::string(mode_name(mode)) + (absolute ? " absolute" : "") + ": " +
                            escape_bytes(in.text) + " reaches " + show_place(a->at) + "\n  but its canonical form " +
                            escape_bytes(c) + " reaches " + show_place(b->at));
                }
            }
        }
    });
}

} // namespace
