// props/plan_generators.hpp: generators for the command-plan properties (plan_walk_props.cpp).
//
//   gen_plan_segment()  one raw path segment; more than a third of the time a shape the
//                       command plan walks specially (PRODUCT.md "Safety rules", "The command
//                       plan"): empty (a null CWD), ".", "..", "~", "~user", with their %2e /
//                       %2E / %7E spellings; Windows look-alikes ("...", "..%20"); drive
//                       letters ("C:"); and names that only look close ("..a", "a~", "%2F")
//   gen_plan_uri()      a URI in strict's grammar whose path is a list of those segments, now
//                       and then with a drive letter first; half the time left as drawn (it may
//                       climb above the login directory), half the time kept within it by
//                       PRODUCT.md's depth count
//
// The shared generators (generators.hpp) are used as they are, not changed: their properties
// keep their distributions. The URIs print through uri_parts' showValue, with a note saying
// whether the path was kept within the login directory.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "generators.hpp"

namespace ftpuri_props {

// How the command plan treats a decoded segment (PRODUCT.md "Directory escape", "Home-directory
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

// One raw segment (ftp-segment: no raw ';', a space written %20). RapidCheck shrinks toward the
// first kind and, within a kind, toward the first spelling: toward "a".
inline rc::Gen<std::string> gen_plan_segment()
{
    return gen::exec([]() -> std::string {
        // 0-11 ordinary (names; the shared generator's bytes and escapes, which hold dots and
        // empty segments of their own), 12-19 a special shape: about a third or more in all.
        int const kind = *uniform(0, 20);
        if (kind < 8) {
            return *gen::element<std::string>("a", "b", "pub", "etc", "passwd", "A", "f.txt", ".a", "..a", "a.", "a~",
                                              "a~b", ".%20a", "x%2Fy", "%2F", "%2Fetc", "%2F%2F");
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
        default: return *gen::element<std::string>("C:", "c:", "Z%3A", "C%3a", "d:"); // a name, if not first
        }
    });
}

// PRODUCT.md's depth count ("Directory escape"), which is the multicwd walk: a ".." that would
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
// properties parse it). Three times in four the rest is plain ("ftp://h"), which is where
// RapidCheck shrinks to; else it comes from the shared generator's strict parts. The segments are
// a list RapidCheck shrinks by removing any of them; a drive letter goes first only.
inline rc::Gen<uri_parts> gen_plan_uri()
{
    return gen::exec([] {
        uri_parts u;
        u.syntax = profile::strict;
        u.host = host_spec{"h", "h", host_kind::dns_name, {}};
        if (*uniform(0, 4) == 3) {
            u = detail::base_parts(profile::strict, true);
            u.note += "full authority ";
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

} // namespace ftpuri_props
