// SPDX-License-Identifier: Apache-2.0
// props/escape_rich.hpp: escape-rich ftp URIs, valid and near-valid, for holding the fast
// forms to the portable scan (props/fast_path_props.cpp, tests/scan/fast_path_test.cpp).
//
// generators.hpp's URIs carry an escape here and there. The fast forms (the scanner's block
// stages, src/scan/byte_runs.hpp and plain_segments.hpp; the canonical form's fast path) are
// all about escapes: which ones they may take as written and which a segment's own judgement
// must see. These URIs are dense in escapes of every class, in the path, the
// userinfo and (rfc3986) the query and fragment:
//
//   plain       the escapes the block stage takes as they stand: needless (%41, %2D, %5F),
//               lowercase hex (%c3%a9, %3b), UTF-8 without a look-alike lead (%C3%A9,
//               %E6%97%A5, %F3%A0%80%81), a lone continuation or lead byte (%80, %C3), %25,
//               %3B, %3F, %23, %20, %40, %3A ..., and raw sub-delims, ":" and "@"
//   not plain   valid in strict, some judged segment by segment: %7E (also at a segment
//               start), %2E, %2F and %2f, a valid sequence behind a look-alike lead byte
//               (%C2%A0, %E2%82%AC, %F0%9F%98%80, %ED%9F%BF, %E0%A4%85), a C1 control (%C2%80)
//   segments    whole segments: empty, ".", "..", "%2E" forms, "...", "..%20", ".a", "~",
//               "~user", "%7Euser", "C:", "c%3A" and other drive letters, "a%2Fb", "%2F"
//   hazards     what strict refuses and the other profiles may warn about: controls (%00, %0A,
//               %0D, %7F, %1B, %01, %09), look-alikes (%C0%AE, %E2%80%A8, %C2%85, %ED%A0%80,
//               %F4%90%80%80, %FF), %5C, "..%2F..", truncated escapes ("%4", "%G1", "%",
//               "%%"), a raw ";", space, "\", "[", a raw control or non-ASCII byte
//
// Three shapes, drawn per URI:
//   plain   (4 in 10) "ftp://", a plain authority (a short host, maybe a plain user and a
//           port) and a path of plain pieces, no segment beginning with "." or "~": what the
//           fast paths are there for; mostly valid in strict, lenient and rfc3986
//   rich    (4 in 10) any scheme case, escape-rich userinfo with passwords, generators.hpp's
//           hosts (IPv6, IPv4, DNS names up to their limits) and ports, and every valid class
//           above; dot-segments and "~" kept within strict's rules by generators.hpp's
//           keep_below_root (and a "/" decoded next to dots defused), so mostly valid
//   hazard  (2 in 10) a rich URI with one to three hazards put in at random places, mostly
//           invalid in strict: the near misses
// then, by profile: lenient adds raw spaces and raw non-ASCII bytes (path, userinfo, fragment),
// blanks around the input, ";typecode=", now and then a Unicode host; rfc3986 adds raw ";" in
// segments and an escape-rich query. Any shape may get a typecode (";type=" + a/i/d in any
// case; a hazard ";type=x"), a fragment, and one time in ten generators.hpp's one-byte edit.
//
// Paths run from nothing to a few KB: most are up to 10 segments of up to 8 pieces, whatever
// RapidCheck's size (RapidCheck shrinks them piece by piece); one in six is 16 to 4096 bytes of pieces drawn from a
// seeded stream (shrinking the length keeps a prefix). With the authority's varying length and a padding of 1 to 31
// bytes before the path half the time, escapes and segment starts fall at every offset of the 16-byte SIMD blocks and
// of the tail.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "generators.hpp"

namespace ftpuri_props {

// An escape-rich input: the bytes, the profile it was drawn for, what went into it.
struct rich_uri {
    profile syntax = profile::strict;
    std::string text;
    std::string note;
};
inline void showValue(rich_uri const& u, std::ostream& os)
{
    os << profile_name(u.syntax) << " " << escape_bytes(u.text) << " (" << u.text.size() << " bytes)";
    if (!u.note.empty()) os << "  [" << u.note << "]";
}

namespace rich {

enum class shape : std::uint8_t { plain, rich, hazard };

inline std::string_view shape_name(shape s)
{
    switch (s) {
    case shape::plain: return "plain";
    case shape::rich: return "rich";
    case shape::hazard: return "hazard";
    }
    return "?";
}

// The tables, simplest first (gen::elementOf shrinks toward the first element).
// Segment bytes the plain path takes: letters, digits, "-", "_", "." and "~" inside a segment.
inline constexpr auto words = std::to_array<std::string_view>(
    {"a", "x", "pub", "README", "file-1.2_3", "tar.gz", "Z9", "0", "v6.x", "a.b", "x~y", "a.", "-", "_", "DATA"});
// Raw sub-delims, ":" and "@" (pchar; "~" too, which is plain inside a segment).
inline constexpr auto raw_sub_delims =
    std::to_array<std::string_view>({"!", "$", "&", "'", "(", ")", "*", "+", ",", "=", ":", "@", "~"});
// Escapes the block stage takes as they stand (plain_segments.hpp: nothing a rule looks at).
inline constexpr auto plain_escapes = std::to_array<std::string_view>(
    {"%41",       "%2D",          "%5F",    "%61",    "%30",    "%7A", "%c3%a9", "%C3%A9", "%E6%97%A5",
     "%e6%97%a5", "%F3%A0%80%81", "%C3%BF", "%D0%BF", "%25",    "%3B", "%3b",    "%3F",    "%23",
     "%20",       "%40",          "%3A",    "%21",    "%2C",    "%5B", "%5d",    "%22",    "%3C",
     "%7B",       "%60",          "%80",    "%C3",    "%E6%97", "%7d", "%2b"});
// Escapes valid in a strict segment that the plain path leaves to the full scan.
inline constexpr auto other_escapes =
    std::to_array<std::string_view>({"%7E", "%7e", "%2E", "%2e", "%2F", "%2f", "%C2%A0", "%E2%82%AC", "%e2%82%ac",
                                     "%F0%9F%98%80", "%ED%9F%BF", "%E0%A4%85", "%C2%80"});
// Whole segments: empty, dot-segments and their look-alikes, home directories, a drive, "/"s.
inline constexpr auto whole_segments =
    std::to_array<std::string_view>({"",     ".",    "..",      "%2E", "%2e%2E", ".%2E",      "%2E.",   "...", "..%20",
                                     "..a",  ".a",   ".hidden", "~",   "~user",  "%7Euser",   "%7e",    "C:",  "c%3A",
                                     "z%7C", "%43|", "a%2Fb",   "%2F", "%2f%2F", "%2E%2E%2E", "x%2F..", "~%2F"});
// What strict refuses (the other profiles refuse some and warn about others).
// clang-format off
inline constexpr auto hazards = std::to_array<std::string_view>({
    "%00", "%0A", "%0D", "%0d%0a", "%7F", "%1B", "%01", "%09", "%1f",           // decoded controls
    "%C0%AE", "%C0%AF", "%c1%9c", "%E2%80%A8", "%e2%80%a9", "%C2%85",           // look-alikes, line
    "%ED%A0%80", "%F4%90%80%80", "%E0%80%AE", "%F0%80%80%AE", "%FF", "%fe",     //   separators
    "%5C", "%5c", "..%2F..", "%2E%2E%2F",                                       // "\", traversal
    "%4", "%G1", "%", "%%", "%4G", "%g0",                                       // malformed escapes
    ";", " ", "\\", "[", "<", "\x01", "\xC3\xA9"});                             // raw bytes
// clang-format on
// Whole segments that strict refuses: above the root, look-alikes, a home directory later on.
inline constexpr auto hazard_segments =
    std::to_array<std::string_view>({"..", "%2E%2E", "...", "..%20", ".%20.", "~", "~root", "%7Eroot", "..%5C"});
// Raw bytes the lenient profile repairs (encodes): spaces and non-ASCII, UTF-8 or not.
inline constexpr auto lenient_raw = std::to_array<std::string_view>(
    {" ", "\xC3\xA9", "\xE6\x97\xA5", "\x80", "\xFF", "  ", "\xC3", "\xF0\x9F\x98\x80"});
// Short hosts that plain_authority takes, and a port and a user it takes with them.
inline constexpr auto plain_hosts =
    std::to_array<std::string_view>({"h", "example.org", "ftp.example.org", "mirror-1.example.net", "a.b.c",
                                     "192.0.2.1", "FTP.Example.ORG", "x1.org", "ftp.fau.de"});
inline constexpr auto plain_users = std::to_array<std::string_view>({"jdoe", "m.smith_1-X", "anonymous", "ftp", "U"});

// splitmix64: the stream behind a long path (a seed draws it all, so its length shrinks to a
// prefix of the same path).
class stream {
public:
    explicit stream(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9E37'79B9'7F4A'7C15ULL);
        z = (z ^ (z >> 30U)) * 0xBF58'476D'1CE4'E5B9ULL;
        z = (z ^ (z >> 27U)) * 0x94D0'49BB'1331'11EBULL;
        return z ^ (z >> 31U);
    }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
    template <class Table>
    std::string_view pick(Table const& t)
    {
        return t[below(t.size())];
    }

private:
    std::uint64_t state_;
};

// True one time in n; shrinks to false, so that a counterexample loses what it does not need.
inline bool sometimes(int n)
{
    return *uniform(0, n) == n - 1;
}

template <class Table>
inline rc::Gen<std::string> gen_from(Table const& t)
{
    return gen::map(gen::elementOf(std::vector<std::string_view>(t.begin(), t.end())),
                    [](std::string_view s) { return std::string(s); });
}

// One piece of a segment (or of a user, password, query or fragment).
inline rc::Gen<std::string> gen_piece(shape s)
{
    if (s == shape::plain) {
        return gen::weightedOneOf<std::string>(
            {{5, gen_from(words)}, {6, gen_from(plain_escapes)}, {2, gen_from(raw_sub_delims)}});
    }
    return gen::weightedOneOf<std::string>({{5, gen_from(words)},
                                            {5, gen_from(plain_escapes)},
                                            {2, gen_from(raw_sub_delims)},
                                            {4, gen_from(other_escapes)}});
}

inline std::string join(std::vector<std::string> const& pieces)
{
    std::string out;
    for (std::string const& p : pieces)
        out += p;
    return out;
}

// A segment: a few pieces, or (rich and hazard) now and then a whole special one.
inline rc::Gen<std::string> gen_segment(shape s)
{
    // Up to 8 pieces whatever RapidCheck's size (which starts at 0): every segment dense.
    auto pieces =
        gen::map(gen::resize(100, gen::scale(0.08, gen::container<std::vector<std::string>>(gen_piece(s)))), join);
    if (s == shape::plain) return pieces;
    return gen::weightedOneOf<std::string>({{6, pieces}, {4, gen_from(whole_segments)}});
}

// The same mix from the stream, for a long path: segments of pieces until `length` bytes.
inline std::vector<std::string> long_segments(shape s, std::uint64_t seed, std::size_t length)
{
    stream r(seed);
    std::vector<std::string> out(1);
    std::size_t total = 0;
    while (total < length) {
        std::string& segment = out.back();
        std::size_t const roll = r.below(20);
        std::string_view piece;
        // Words both below 5 and where no other piece fits: one draw per piece, as seeds recorded
        // in failures replay them.
        if (roll < 5) { // NOLINT(bugprone-branch-clone)
            piece = r.pick(words);
        } else if (roll < 11) {
            piece = r.pick(plain_escapes);
        } else if (roll < 13) {
            piece = r.pick(raw_sub_delims);
        } else if (roll < 17) {
            piece = s == shape::plain ? r.pick(plain_escapes) : r.pick(other_escapes);
        } else if (roll < 18 && s != shape::plain && segment.empty()) {
            piece = r.pick(whole_segments);
        } else {
            piece = r.pick(words);
        }
        segment += piece;
        total += piece.size();
        if (r.below(6) == 0) {
            out.emplace_back();
            ++total;
        }
    }
    return out;
}

// The block stage takes no segment that begins with "." or "~" (a dot-segment or a look-alike; a
// home directory): those get an "x" in front.
inline void keep_plain(std::vector<std::string>& segments)
{
    for (std::string& s : segments)
        if (!s.empty() && (s.front() == '.' || s.front() == '~')) s.insert(0, 1, 'x');
}

// A segment whose decoded bytes hold a "/" with a dot part beside it ("x%2F..", "%2E%2E%2Fa")
// is path.encoded-traversal in strict: an "x" goes in front of the segment and after every
// encoded "/", so that no part is one.
inline void defuse_encoded_traversal(std::vector<std::string>& segments)
{
    for (std::string& s : segments) {
        std::string const decoded = ref_decode(s);
        if (decoded.find('/') == std::string::npos || defuse_traversal(decoded) == decoded) continue;
        std::string out = "x";
        for (std::size_t i = 0; i < s.size(); ++i) {
            out += s[i];
            if (s[i] == '%' && i + 2 < s.size() && s[i + 1] == '2' && (s[i + 2] == 'F' || s[i + 2] == 'f')) {
                out += s.substr(i + 1, 2);
                out += 'x';
                i += 2;
            }
        }
        s = out;
    }
}

// Up to 6 pieces for a user or password (usp-char: no raw ":" or "@").
inline rc::Gen<std::string> gen_userinfo_part(shape s)
{
    auto const sub_delims = gen::element<std::string>("!", "$", "&", "'", "(", ")", "*", "+", ",", "=", "~");
    auto const piece =
        s == shape::plain
            ? gen::weightedOneOf<std::string>({{4, gen_from(words)}, {5, gen_from(plain_escapes)}, {2, sub_delims}})
            : gen::weightedOneOf<std::string>(
                  {{4, gen_from(words)},
                   {5, gen_from(plain_escapes)},
                   {2, sub_delims},
                   {2, gen::element<std::string>("%7E", "%2F", "%2e", "%C2%A0", "%E2%82%AC")}});
    return gen::map(gen::resize(100, gen::scale(0.06, gen::container<std::vector<std::string>>(piece))), join);
}

// Up to 6 pieces for a query or fragment (pchar, "/" and "?").
inline rc::Gen<std::string> gen_query_part(shape s)
{
    auto const delimiters = gen::element<std::string>("/", "?", "/?", "//");
    auto const piece =
        s == shape::plain
            ? gen::weightedOneOf<std::string>(
                  {{4, gen_from(words)}, {4, gen_from(plain_escapes)}, {2, gen_from(raw_sub_delims)}, {2, delimiters}})
            : gen::weightedOneOf<std::string>({{4, gen_from(words)},
                                               {4, gen_from(plain_escapes)},
                                               {2, gen_from(raw_sub_delims)},
                                               {2, delimiters},
                                               {2, gen_from(other_escapes)}});
    return gen::map(gen::resize(100, gen::scale(0.06, gen::container<std::vector<std::string>>(piece))), join);
}

// The hazards, put in at random places: a piece inside a segment, a whole segment, or one in
// the userinfo, host, port or typecode.
inline void add_hazards(uri_parts& u)
{
    int const count = *uniform(1, 4);
    for (int k = 0; k < count; ++k) {
        switch (*uniform(0, 8)) {
        case 0:
        case 1:
        case 2: { // a piece inside a segment
            if (u.segments.empty()) u.segments.emplace_back();
            std::string& s = u.segments[*uniform<std::size_t>(0, u.segments.size())];
            std::string const h = *gen_from(hazards);
            s.insert(*uniform<std::size_t>(0, s.size() + 1), h);
            u.note += "hazard " + escape_bytes(h) + " ";
            break;
        }
        case 3:
        case 4: { // a whole segment
            std::string const h = *gen_from(hazard_segments);
            auto const at = static_cast<std::ptrdiff_t>(*uniform<std::size_t>(0, u.segments.size() + 1));
            u.segments.insert(u.segments.begin() + at, h);
            u.note += "hazard segment " + escape_bytes(h) + " ";
            break;
        }
        case 5: { // the userinfo
            u.has_userinfo = true;
            std::string const h = *gen::element<std::string>("%00", "%0A", "%01", "%7F", "%C0%AE", "%4", ":", "@", " ");
            if (*uniform(0, 2) == 0) {
                u.password = u.password.value_or("") + h;
            } else {
                u.user += h;
            }
            u.note += "hazard userinfo " + escape_bytes(h) + " ";
            break;
        }
        case 6: // the host or the port
            if (*uniform(0, 2) == 0) {
                u.host = *gen_numeric_ambiguous_host();
            } else {
                u.port = *gen::element<std::string>("0", "65536", "99999", "2a", "021x");
            }
            u.note += "hazard host/port ";
            break;
        default: // the typecode
            if (u.segments.empty()) u.segments.emplace_back("f");
            u.typecode = *gen::element<std::string>(";type=x", ";type=", ";typecode=i", ";TYPE=A;type=i", ";type=aa");
            u.note += "hazard typecode ";
            break;
        }
    }
}

} // namespace rich

// An escape-rich URI for profile p (see the top of this file).
inline rc::Gen<rich_uri> gen_escape_rich(profile p)
{
    return gen::exec([p] {
        using namespace rich;
        shape const s = *gen::weightedOneOf<shape>(
            {{4, gen::just(shape::plain)}, {4, gen::just(shape::rich)}, {2, gen::just(shape::hazard)}});
        uri_parts u;
        u.syntax = p;
        u.note = std::string(shape_name(s)) + " ";

        // The authority.
        if (s == shape::plain) {
            if (sometimes(4)) {
                u.has_userinfo = true;
                u.user = *gen_from(plain_users);
            }
            u.host.text = *gen_from(plain_hosts);
            u.port = *gen::weightedOneOf<std::optional<std::string>>({
                {6, gen::just(std::optional<std::string>())},
                {1, gen::element<std::optional<std::string>>(std::string("21"), std::string("2121"), std::string(),
                                                             std::string("021"), std::string("65535"))},
            });
        } else {
            u.scheme = flip_case("ftp", *gen_case_mask());
            if (sometimes(2)) {
                u.has_userinfo = true;
                u.user = *gen_userinfo_part(s);
                if (sometimes(2)) u.password = *gen_userinfo_part(s);
            }
            int const host = *uniform(0, 8);
            if (host < 3) {
                u.host.text = *gen_from(plain_hosts);
            } else if (host < 7 || p != profile::lenient) {
                u.host = *gen_strict_host();
            } else {
                u.host = *gen_unicode_host();
                u.note += "unicode-host ";
            }
            u.port = *gen_port();
        }

        // The path: short and shrinkable, or long from a stream; padding before it.
        if (sometimes(6)) {
            std::size_t const length = *uniform<std::size_t>(16, 4097);
            u.segments = long_segments(s, *gen::arbitrary<std::uint64_t>(), length);
            u.note += "long ";
        } else {
            u.segments =
                *gen::resize(100, gen::scale(0.1, gen::container<std::vector<std::string>>(rich::gen_segment(s))));
        }
        std::size_t const pad = *uniform(0, 2) == 0 ? 0 : *uniform<std::size_t>(1, 32);
        if (pad != 0) {
            if (u.segments.empty()) u.segments.emplace_back();
            u.segments.front().insert(0, std::string(pad, 'p'));
        }
        if (s == shape::plain) {
            keep_plain(u.segments);
        } else {
            keep_below_root(u.segments);
            defuse_encoded_traversal(u.segments);
        }

        if (!u.segments.empty() && sometimes(4)) {
            bool const long_word = p == profile::lenient && s != shape::plain && sometimes(3);
            u.typecode =
                flip_case(std::string(long_word ? ";typecode=" : ";type=") + *gen::element<char>('a', 'i', 'd'),
                          *gen_case_mask());
        }
        if (p == profile::rfc3986 && sometimes(3)) u.query = *gen_query_part(s);
        if (sometimes(5)) u.fragment = *gen_query_part(s);

        if (s == shape::hazard) add_hazards(u);

        // What the other profiles accept that strict does not.
        if (p == profile::lenient) {
            if (sometimes(2)) {
                auto const picks = *detail::gen_raw_picks(gen::map(gen_from(lenient_raw), [](std::string const& r) {
                    return r.front(); // one byte a pick; multi-byte sequences below
                }));
                for (std::string& seg : u.segments)
                    seg = insert_raw(seg, picks);
                if (!u.segments.empty()) {
                    std::string& seg = u.segments[*uniform<std::size_t>(0, u.segments.size())];
                    seg.insert(*uniform<std::size_t>(0, seg.size() + 1), *gen_from(lenient_raw));
                }
                u.note += "raw-bytes(path) ";
            }
            if (u.has_userinfo && sometimes(4)) {
                u.user = insert_raw(u.user, *detail::gen_raw_picks(gen::element<char>(' ', '\xC3', '\xA9', '\xFF')));
                u.note += "raw-bytes(user) ";
            }
            if (u.fragment && sometimes(3)) {
                u.fragment = insert_raw(*u.fragment, *detail::gen_raw_picks(gen::element<char>(' ', '\xE6', '\x80')));
                u.note += "raw-bytes(fragment) ";
            }
            if (sometimes(6)) u.lead = *detail::gen_blank();
            if (sometimes(6)) u.trail = *detail::gen_blank();
        }
        if (p == profile::rfc3986 && !u.segments.empty() && sometimes(3)) {
            std::string& seg = u.segments[*uniform<std::size_t>(0, u.segments.size())];
            seg = insert_raw(seg, *detail::gen_raw_picks(gen::just(';')));
            u.note += "raw-semicolon ";
        }

        rich_uri out{p, u.text(), u.note};
        if (sometimes(10)) { // a one-byte edit
            near_miss const n = *gen_mutation(out.text, p);
            out.text = n.text;
            out.note += n.mutation;
        }
        return out;
    });
}

} // namespace ftpuri_props
