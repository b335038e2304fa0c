// SPDX-License-Identifier: Apache-2.0
// props/gen_components.hpp: the other components: userinfo, port, path segments, typecode.
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_hosts.hpp"

namespace ftpuri_props {

// ---- the other components --------------------------------------------------------------------

inline rc::Gen<std::string> gen_encoded(encode_set set, byte_rules rules)
{
    return gen::exec([set, rules] {
        std::string const bytes = *gen_component_bytes(rules);
        return respell(ftpuri::percent_encode(bytes, set), *gen_flags());
    });
}

inline rc::Gen<std::string> gen_user(byte_rules rules)
{
    return gen::weightedOneOf<std::string>({
        {1, gen::just(std::string())},
        {1, gen::map(gen_case_mask(), [](std::uint64_t m) { return flip_case("anonymous", m); })},
        {1, gen::just(std::string("%61nonymous"))},
        {7, gen_encoded(encode_set::usp_char, rules)},
    });
}

inline rc::Gen<std::optional<std::string>> gen_port()
{
    return gen::exec([]() -> std::optional<std::string> {
        switch (*gen::weightedOneOf<int>({{10, gen::just(0)}, {10, uniform(1, 9)}})) {
        case 0: return std::nullopt;
        case 1: return std::string();
        case 2: return std::string("21");
        case 3: return std::string(static_cast<std::size_t>(*uniform(1, 4)), '0') + "21";
        case 4: return std::string("65535");
        case 5: return std::string("1");
        case 6: return std::string(static_cast<std::size_t>(*uniform(1, 6)), '0') + std::to_string(*uniform(1, 65536));
        default: return std::to_string(*uniform(1, 65536));
        }
    });
}

// In a segment's decoded bytes, a "/" with "." or ".." parts, or look-alikes of them ("..
// ", "..."), is path.encoded-traversal in strict; the byte generator keeps clear of it by
// prefixing such parts with "x".
inline std::string defuse_traversal(std::string const& decoded)
{
    if (decoded.find('/') == std::string::npos) return decoded;
    std::string out;
    std::size_t begin = 0;
    for (;;) {
        std::size_t const slash = decoded.find('/', begin);
        std::string part = decoded.substr(begin, slash == std::string::npos ? std::string::npos : slash - begin);
        bool const lookalike = part.size() >= 2 && part[0] == '.' && part.find_first_not_of(". ") == std::string::npos;
        if (dotness(part) != 0 || lookalike) part.insert(0, 1, 'x');
        out += part;
        if (slash == std::string::npos) break;
        out += '/';
        begin = slash + 1;
    }
    return out;
}

// One path segment, raw. ftp_grammar: ftp-segment (no raw ';'), else RFC 3986 segment.
inline rc::Gen<std::string> gen_segment(bool ftp_grammar, byte_rules rules)
{
    return gen::exec([ftp_grammar, rules]() -> std::string {
        int const kind = *uniform(0, 20);
        if (kind < 9) {
            std::string const bytes = defuse_traversal(*gen_component_bytes(rules));
            return respell(ftpuri::percent_encode(bytes, ftp_grammar ? encode_set::ftp_segment : encode_set::pchar),
                           *gen_flags());
        }
        switch (kind) {
        case 9: return "";
        case 10: return ".";
        case 11: return "..";
        case 12: return *gen::element<std::string>("%2E", "%2e", "%2E%2E", ".%2E", "%2e.", "%2E%2e");
        case 13:
            return *gen::element<std::string>("%2F", "a%2Fb", "%3B", "%25", "%3F", "%23", "%20", "~user", "%7E",
                                              "%C3%A9", "%41", "%2F%2F", "a:b@c", "%40", "%3A", "%2f", "%c3%a9",
                                              "..%2E", "%2E%2E%2E", "...", "%FE%FD");
        default:
            return *gen::nonEmpty(
                gen::scale(0.1, gen::container<std::string>(gen::elementOf(std::string("abcxyzABC019-_.~")))));
        }
    });
}

inline rc::Gen<std::string> gen_typecode(bool misspelled)
{
    return gen::exec([misspelled] {
        std::string const word = misspelled ? ";typecode=" : ";type=";
        return flip_case(word + *gen::element<std::string>("a", "i", "d"), *gen_case_mask());
    });
}

inline rc::Gen<std::string> gen_fragment()
{
    return gen::weightedOneOf<std::string>({
        {1, gen::element<std::string>("", "/?", "%23", "a/b?c=d", "%41%2F")},
        {4, gen_encoded(encode_set::fragment, byte_rules::no_controls)},
    });
}

// Decoded "." / ".." by the dot-segment rules (also %2E forms).
inline int raw_dotness(std::string_view raw)
{
    return dotness(ref_decode(raw));
}

// "." or ".." followed by dots and spaces, decoded: path.dot-lookalike.
inline bool is_dot_lookalike(std::string const& d)
{
    return d.size() >= 2 && d[0] == '.' && d.find_first_not_of(". ") == std::string::npos && d != "..";
}

// strict, as docs/behaviour.md's "Directory escape", "Home-directory jumps" and "Windows look-alikes"
// say, walked on the decoded segments: a ".." that climbs above the start (empty and "."
// segments stay, a first "~..." is a home at depth 0), or that cancels an empty segment or
// one holding a "/" in RFC 3986 5.2.4, becomes "."; a "~" segment after the first and a
// look-alike of ".." get an "x" in front; an empty directory that the removal of dot-segments
// would make the path's first becomes "x".
inline void keep_below_root(std::vector<std::string>& segments)
{
    int depth = 0;
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        std::string& s = segments[i];
        std::string d = ref_decode(s);
        if ((i > 0 && !d.empty() && d[0] == '~') || is_dot_lookalike(d)) {
            s.insert(0, 1, 'x');
            d.insert(0, 1, 'x');
        }
        int const dots = dotness(d);
        if (dots == 2) {
            if (depth == 0 || kept.back().empty() || kept.back().find('/') != std::string::npos) {
                s = ".";
            } else {
                --depth;
                kept.pop_back();
            }
        } else if (dots == 0) {
            // An empty directory that removing dot-segments makes the path's first (second after a
            // first "~"), where it did not stand: path.dot-before-empty.
            bool const login = kept.size() == 1 && kept.front() == "~" && ref_decode(segments[0]) == "~";
            if (d.empty() && i + 1 < segments.size() && ((kept.empty() && i != 0) || (login && i != 1))) {
                s = "x";
                d = "x";
            }
            kept.push_back(d);
            if (!d.empty() && !(i == 0 && d[0] == '~')) ++depth;
        }
    }
}

} // namespace ftpuri_props
