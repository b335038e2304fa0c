// SPDX-License-Identifier: Apache-2.0
// props/plan_generators.hpp: generators for the command-plan properties (plan_props.cpp,
// plan_walk_props.cpp).
//
//   gen_plan_segment()  one raw path segment; more than a third of the time a shape the
//                       command plan walks specially (docs/behaviour.md "Safety rules", "The command
//                       plan"): empty (a null CWD), ".", "..", "~", "~user", with their %2e /
//                       %2E / %7E spellings; Windows look-alikes ("...", "..%20"); drive
//                       letters ("C:"); names that only look close ("..a", "a~", "%2F", a
//                       look-alike beside a "%2F": "..%20%2Fetc"); and escapes strict lets
//                       through into a command line (C1 and bidi controls, 0xFF, UTF-8)
//   gen_plan_uri()      a URI in strict's grammar whose path is a list of those segments, now
//                       and then with a drive letter first, a third of the time with a userinfo
//                       (with or without a password); half the time left as drawn (it may climb
//                       above the login directory), half the time kept within it by docs/behaviour.md's
//                       depth count
//   gen_plan_uri_in(p)  the same for profile p: rfc3986 and lenient add the decoded controls
//                       they accept (pct.control is a warning there), lenient raw spaces and
//                       non-ASCII bytes and blanks around the input (CR and LF among them)
//   gen_anonymous_password()  plan_options::anonymous_password: any bytes, a CR, LF or NUL in
//                       about one in four
//
// The shared generators (generators.hpp) are used as they are, not changed: their properties
// keep their distributions. The URIs print through uri_parts' showValue, with a note saying
// whether the path was kept within the login directory.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ftpuri/parse.hpp"
#include "generators.hpp"

namespace ftpuri_props {

// How the command plan treats a decoded segment (docs/behaviour.md "Directory escape", "Home-directory
// jumps", "Windows look-alikes").
enum class plan_shape : std::uint8_t {
    empty,     // a null CWD
    dot,       // "."
    dot_dot,   // ".."
    lookalike, // "." or ".." followed by dots and spaces: "...", ".. ", ". ." (Windows walks it as "..")
    home,      // "~" or "~user": the server expands it into a home directory
    other,     // one level down
};

inline plan_shape shape_of(std::string_view decoded)
{
    if (decoded.empty()) return plan_shape::empty;
    if (decoded == ".") return plan_shape::dot;
    if (decoded == "..") return plan_shape::dot_dot;
    if (decoded.front() == '.' && decoded.find_first_not_of(". ") == std::string_view::npos)
        return plan_shape::lookalike;
    if (decoded.front() == '~') return plan_shape::home;
    return plan_shape::other;
}

// Escapes strict accepts whose bytes go into a command line as they are (the user, password and
// path generators of generators.hpp leave them out: their byte rules keep clear of every byte
// that may begin a UTF-8 look-alike): C1 controls in UTF-8 (U+0080-U+009F but U+0085,
// pct.line-separator), bidirectional controls, a BOM, bytes that are no UTF-8 (0x80, 0xFF,
// Telnet's IAC), and UTF-8 text, in both hex cases.
inline rc::Gen<std::string> gen_command_bytes()
{
    return gen::element<std::string>("%C2%80", "%C2%9F", "%C2%8D", "%c2%8a", "%E2%80%AE", "%E2%80%8E", "%E2%81%A6",
                                     "%EF%BB%BF", "%FF", "%ff", "%80", "%FF%FE", "%C3%A9", "%c3%a9", "%E2%82%AC",
                                     "%F0%9F%98%80", "%CE%A9%20%CE%A9");
}

// A userinfo's user, raw: names docs/behaviour.md's login singles out ("anonymous" in any spelling,
// an empty one, which RFC 1738 3.1 tells from none), the bytes above, or the shared generator's.
inline rc::Gen<std::string> gen_plan_user()
{
    return gen::weightedOneOf<std::string>({
        {2, gen::element<std::string>("u", "myname", "anonymous", "ANONYMOUS", "%61nonymous", "", "a%20b", "%3A%40")},
        {1, gen::map(gen_command_bytes(), [](std::string const& s) { return "u" + s; })},
        {3, gen_user(byte_rules::no_controls)},
    });
}

// A password, raw; none a third of the time (the plan then asks for one).
inline rc::Gen<std::optional<std::string>> gen_plan_password()
{
    return gen::weightedOneOf<std::optional<std::string>>({
        {2, gen::just(std::optional<std::string>())},
        {1, gen::element<std::optional<std::string>>("", "pw", "p%40ss", "%3A%3A", "anonymous@")},
        {1, gen::map(gen_command_bytes(), [](std::string s) { return std::optional<std::string>(std::move(s)); })},
        {2, gen::map(gen_encoded(encode_set::usp_char, byte_rules::no_controls),
                     [](std::string s) { return std::optional<std::string>(std::move(s)); })},
    });
}

// One raw segment (ftp-segment: no raw ';', a space written %20). RapidCheck shrinks toward the
// first kind and, within a kind, toward the first spelling: toward "a".
inline rc::Gen<std::string> gen_plan_segment()
{
    return gen::exec([]() -> std::string {
        // 0-11 ordinary (names; the shared generator's bytes and escapes, which hold dots and
        // empty segments of their own), 12-19 a special shape: about a third or more in all;
        // 20-21 bytes a command line carries as they are.
        int const kind = *uniform(0, 22);
        if (kind < 8) {
            // The last four hold a Windows look-alike as a part between decoded '/'s, which
            // the server walks as it walks the segment's other parts.
            return *gen::element<std::string>("a", "b", "pub", "etc", "passwd", "A", "f.txt", ".a", "..a", "a.", "a~",
                                              "a~b", ".%20a", "x%2Fy", "%2F", "%2Fetc", "%2F%2F", "..%20%2Fetc",
                                              "...%2Fx", "a%2F.%20", "%2E%2E.%2F%2E%2E%20");
        }
        if (kind < 12) return *gen_segment(true, byte_rules::path_strict);
        switch (kind) {
        case 12:
        case 13: return ""; // a null CWD
        case 14: return *gen::element<std::string>(".", "%2e", "%2E");
        case 15:
        case 16: return *gen::element<std::string>("..", "%2e%2e", "%2E%2E", ".%2e", "%2E.", "%2e%2E", ".%2E");
        case 17:
            return *gen::element<std::string>("~", "~user", "%7E", "%7e", "~root", "%7Euser", "%7eftp", "~%75ser",
                                              "%7E%7E");
        case 18:
            return *gen::element<std::string>("...", "..%20", ".%20", "..%2E", "%2E%2E%2E", ".%20.", "....", "..%20%20",
                                              "%2E%2E%20", "..%20.", "%2e%20");
        case 19: return *gen::element<std::string>("C:", "c:", "Z%3A", "C%3a", "d:"); // a name, if not first
        default: return *gen::element<std::string>("", "a") + *gen_command_bytes();
        }
    });
}

// docs/behaviour.md's depth count ("Directory escape"), which is the multicwd walk: a ".." that would
// climb above the login directory becomes ".", a "~" or "~user" after the first segment and a
// Windows look-alike get an "x" in front (they are strict errors: path.tilde-inside,
// path.dot-lookalike). A ".." after an empty segment stays: whether strict refuses it
// (path.dot-after-empty) is for the properties to see.
inline void keep_within_start(std::vector<std::string>& segments)
{
    int depth = 0;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        std::string& s = segments[i];
        switch (shape_of(ref_decode(s))) {
        case plan_shape::empty:
        case plan_shape::dot: break;
        case plan_shape::dot_dot:
            if (depth == 0) {
                s = ".";
            } else {
                --depth;
            }
            break;
        case plan_shape::home:
            if (i == 0) break; // a home directory, where the depth starts at 0
            s.insert(0, 1, 'x');
            ++depth;
            break;
        case plan_shape::lookalike:
            s.insert(0, 1, 'x');
            ++depth;
            break;
        case plan_shape::other: ++depth; break;
        }
    }
}

// A URI in strict's grammar with a plan-shaped path of 0-11 segments, strict-valid or not (the
// properties parse it). Three times in four the rest is plain ("ftp://h", with a userinfo one
// time in three), which is where RapidCheck shrinks to; else it comes from the shared
// generator's strict parts. The segments are a list RapidCheck shrinks by removing any of
// them; a drive letter goes first only.
inline rc::Gen<uri_parts> gen_plan_uri()
{
    return gen::exec([] {
        uri_parts u;
        u.syntax = profile::strict;
        u.host = host_spec{"h", "h", host_kind::dns_name, {}};
        if (*uniform(0, 4) == 3) {
            u = detail::base_parts(profile::strict, true);
            u.note += "full authority ";
        } else if (*uniform(0, 3) == 2) {
            u.has_userinfo = true;
            u.user = *gen_plan_user();
            u.password = *gen_plan_password();
        }
        u.segments = *gen::resize(11, gen::container<std::vector<std::string>>(gen::resize(100, gen_plan_segment())));
        if (!u.segments.empty() && *uniform(0, 8) == 7) {
            u.segments.front() = *gen::element<std::string>("C:", "c:", "Z%3A", "C%3a", "d:");
            u.note += "drive letter ";
        }
        u.typecode.reset();
        if (!u.segments.empty() && *uniform(0, 3) == 2) u.typecode = *gen_typecode(false);
        if (*uniform(0, 2) == 1) {
            keep_within_start(u.segments);
            u.note += "kept within the login directory";
        } else {
            u.note += "path as drawn";
        }
        return u;
    });
}

// A plan-shaped URI for profile p, valid there or not. rfc3986 and lenient accept a decoded
// control other than NUL, CR and LF with a warning (pct.control), so the plan sends it: half
// the time one goes into the user, the password or a segment. lenient also takes raw spaces and
// non-ASCII bytes, and trims blanks (CR and LF among them) around the input, which must stay
// out of every argument.
inline rc::Gen<uri_parts> gen_plan_uri_in(profile p)
{
    return gen::exec([p] {
        uri_parts u = *gen_plan_uri();
        u.syntax = p;
        if (p == profile::strict) return u;
        if (*uniform(0, 2) == 0) {
            std::string const control =
                *gen::element<std::string>("%01", "%09", "%0B", "%0c", "%1B", "%1F", "%7F", "%08", "%7f");
            switch (*uniform(0, 3)) {
            case 0:
                u.has_userinfo = true;
                u.user += control;
                break;
            case 1:
                u.has_userinfo = true;
                u.password = u.password.value_or("") + control;
                break;
            default: {
                auto const at = static_cast<std::ptrdiff_t>(*uniform<std::size_t>(0, u.segments.size() + 1));
                u.segments.insert(u.segments.begin() + at, *gen::element<std::string>("", "a", "..") + control);
                break;
            }
            }
            u.note += " pct.control";
        }
        if (p == profile::lenient) {
            if (*uniform(0, 2) == 0) {
                auto const raw_byte = gen::weightedOneOf<char>({{2, gen::just(' ')}, {3, gen_byte_in(0x80, 0x100)}});
                for (std::string& s : u.segments)
                    s = insert_raw(s, *detail::gen_raw_picks(raw_byte));
                if (u.has_userinfo) u.user = insert_raw(u.user, *detail::gen_raw_picks(raw_byte));
                u.note += " raw-bytes";
            }
            if (*uniform(0, 3) == 0) u.lead = *detail::gen_blank();
            if (*uniform(0, 3) == 0) u.trail = *detail::gen_blank();
        }
        return u;
    });
}

// plan_options::anonymous_password, printed escaped.
struct anonymous_password {
    std::string bytes;
};
inline void showValue(anonymous_password const& a, std::ostream& os)
{
    os << "anonymous password " << escape_bytes(a.bytes);
}

// Any bytes; about one time in four with a NUL, CR or LF somewhere (plan() must refuse it:
// plan.anonymous-password-control).
inline rc::Gen<anonymous_password> gen_anonymous_password()
{
    return gen::exec([] {
        std::string bytes = *gen::weightedOneOf<std::string>({
            {2, gen::element<std::string>("anonymous@", "", "guest@example.org", "-wget@", "a b", "\xff\xfe", "\t")},
            {4, gen_component_bytes(byte_rules::no_nul_crlf)},
            {2, gen_component_bytes(byte_rules::any)},
        });
        if (*uniform(0, 5) == 0) {
            auto const at = *uniform<std::size_t>(0, bytes.size() + 1);
            bytes.insert(at, 1, *gen::element<char>('\0', '\r', '\n'));
        }
        return anonymous_password{bytes};
    });
}

// ---- drawing a parsed input inside a property ----------------------------------------------

// A drawn URI and its parse. Not copyable: the view points into `text`.
struct plan_input {
    plan_input() = default;
    plan_input(plan_input const&) = delete;
    plan_input& operator=(plan_input const&) = delete;
    std::string text;
    ftpuri::parse_result result;
};

// Draws a plan-shaped URI for profile p (for rfc3986 and lenient, one time in three the shared
// generator's URI of that profile instead) or, one time in four, a one-byte edit of it, and
// parses it in p. False when p refuses it: the plan properties are about valid URIs, and the
// tag "<profile>-invalid: not checked" counts the others.
inline bool draw_plan_input(profile p, plan_input& in)
{
    uri_parts const u = p != profile::strict && *uniform(0, 3) == 0 ? *gen_uri(p) : *gen_plan_uri_in(p);
    in.text = u.text();
    if (*uniform(0, 4) == 3) {
        near_miss const n = *gen_mutation(in.text, p);
        in.text = n.text;
        RC_LOG() << "edited: " << escape_bytes(in.text) << " (" << n.mutation << ")\n";
    }
    in.result = ftpuri::parse(in.text, opts(p));
    if (!in.result) {
        RC_TAG(std::string(profile_name(p)) + "-invalid: not checked");
        return false;
    }
    return true;
}

inline std::vector<std::string> decoded_segments_of(ftpuri::uri_view const& v)
{
    std::vector<std::string> out;
    for (std::string_view const raw : v.segments())
        out.push_back(ftpuri::percent_decode(raw));
    return out;
}

// The shapes a valid input holds, for RC_TAG: how often the generator reaches each.
inline std::string shapes_tag(std::vector<std::string> const& segs)
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
    std::string tag = "valid";
    if (empty_then_dots) tag += ", '..' after an empty segment";
    if (home) tag += ", '~'";
    if (lookalike) tag += ", look-alike";
    if (drive) tag += ", drive letter";
    if (slash) tag += ", '/' in a segment";
    return tag;
}

} // namespace ftpuri_props
