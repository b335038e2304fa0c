// SPDX-License-Identifier: Apache-2.0
// oracle/enumerations.cpp: the alphabets of the bounded-exhaustive enumerations.
#include "enumerations.hpp"

#include <charconv>
#include <cstdlib>

namespace ftpuri_oracle {

namespace {

// The pivotal characters of the grammar: every byte that changes which rule applies, one
// representative of each class of bytes that the grammar treats alike.
//   "/" ":" "@" "%" ";" "=" "." "[" "]" "?" "#"   delimiters of components, escapes, typecode
//   "a"   ALPHA and HEXDIG (and a typecode letter)   "x"  ALPHA, not HEXDIG ("0x" hosts)
//   "1"   DIGIT (ports, IPv4, %11 a control)         "-"  inside labels, not at their ends
//   "~"   unreserved, not in a dns-name              " "  never allowed raw
//   "\x80" a non-ASCII byte, never allowed raw
// The grammar mutants' pivotal bytes (grammar_mutants/operators.hpp) are the bytes of all the
// alphabets below (grammar_mutants_test checks it): change both together.
std::vector<std::string> const main_alphabet = {"/", ":", "@", "%", ";", "=", ".", "[", "]",
                                                "?", "#", "a", "x", "1", "-", "~", " ", "\x80"};

// The authority: userinfo, IPv4 and numeric hosts, IP-literals (IPv6 "::", IPvFuture "v1.x"),
// ports, escapes in the userinfo and host.
std::vector<std::string> const authority_alphabet = {"@", ":", ".", "[", "]", "%", "a",
                                                     "x", "v", "0", "1", "-", "~", "="};

// A path: dot-segments and their escapes (%2e %2E), %2F traversals, %5C, controls (%00 %0a
// %0d %0e ...), look-alikes (%20 after dots, %c0%ae at N + 1), home directories ("~"), the
// typecode's ";".
std::vector<std::string> const path_alphabet = {"/", ".", "%", "2", "e", "E", "f", "5",
                                                "c", "0", "a", "d", ";", "#", "~"};

// The typecode, as tokens: strings up to N tokens long after the host, so that a typecode can
// follow the host without a "/" (ftp://h;type=a, which the grammar rejects), or a name ("/f").
std::vector<std::string> const typecode_alphabet = {";", "type", "TyPe", "typ", "typecode", "=", "a", "I",
                                                    "d", "x",    "/",    "#",   "?",        "%", "/f"};

// An IPv6 literal, as tokens: pieces with and without their ":", a lone ":" (so "::"), an
// embedded IPv4address, and a piece of five hex digits; up to nine pieces.
std::vector<std::string> const ipv6_alphabet = {"1:", "1", ":", "1.2.3.4", "abcde"};

// A numeric host: dotted octets and short forms, the dec-octet boundaries 199/200, 249/250,
// 255/256 ("2", "5", "9" above 5) and leading zeros, "0x" forms and a letter (a DNS name),
// trailing and empty labels. "1." is one token, so that four octets are few symbols.
std::vector<std::string> const ipv4_alphabet = {"1.", ".", "0", "1", "2", "5", "9", "x"};

// The scheme and the "//": every string over the letters of "ftp" (both cases), ":", "/",
// "h" and "s" ("ftps"), from the empty input on.
std::vector<std::string> const scheme_alphabet = {"f", "t", "p", "F", "P", ":", "/", "h", "s"};

} // namespace

std::vector<enumeration> const& enumerations()
{
    // mutants_n: each of some 330 mutants of the grammar runs until its first disagreement, and
    // the undetected ones to the end: docs/assurance.md, "Grammar mutants".
    // clang-format off
    static std::vector<enumeration> const all = {
        //  name         prefix       alphabet            suffix  N  slow N  mutants N
        {"MAIN",      "ftp://",    main_alphabet,      "",     5, 4,     4},
        {"AUTHORITY", "ftp://",    authority_alphabet, "/",    6, 4,     5},
        {"PATH",      "ftp://h/",  path_alphabet,      "",     5, 4,     4},
        {"TYPECODE",  "ftp://h",   typecode_alphabet,  "",     5, 4,     5},
        {"IPV6",      "ftp://[",   ipv6_alphabet,      "]/",   9, 7,     8},
        {"IPV4",      "ftp://",    ipv4_alphabet,      "/",    6, 5,     6},
        {"SCHEME",    "",          scheme_alphabet,    "",     7, 6,     5},
    };
    // clang-format on
    return all;
}

std::vector<std::string_view> const& edit_seeds()
{
    // One URI or more for each rule and alternative of docs/grammar.abnf, short (the edits of a
    // seed of n bytes are some 512n + n^2 strings), each valid in strict, in rfc3986 or in both
    // (exhaustive_test checks which).
    static std::vector<std::string_view> const seeds = {
        // ftp-URI, ftp-scheme (either case), authority, user-pass, fragment
        "ftp://h/",
        "FTP://H/",
        "ftp://u:p@h:21/",
        "ftp://@h/",
        "ftp://u:@h/",
        "ftp://h/f#x/?y",
        // usp-char: unreserved, pct-encoded, sub-delims
        "ftp://a-._~1:%41!$&'()*+,;=@h/",
        // dns-name, label (ALPHA / DIGIT / "-"), the root's "."
        "ftp://a-b.c1.D/",
        "ftp://h.example./",
        // IPv4address, dec-octet's five alternatives (9, 99, 199, 249, 255)
        "ftp://9.99.199.249/",
        "ftp://255.10.100.200/",
        // IPv6address's nine alternatives, ls32 both ways, HEXDIG in both cases
        "ftp://[1:2:3:4:5:6:7:8]/",
        "ftp://[::2:3:4:5:6:7:8]/",
        "ftp://[1::3:4:5:6:7:8]/",
        "ftp://[1:2::4:5:6:7:8]/",
        "ftp://[1:2:3::5:6:7:8]/",
        "ftp://[1:2:3:4::6:7:8]/",
        "ftp://[1:2:3:4:5::7:8]/",
        "ftp://[1:2:3:4:5:6::8]/",
        "ftp://[1:2:3:4:5:6:7::]/",
        "ftp://[::]/",
        "ftp://[::1.2.3.4]/",
        "ftp://[aBcD:EF09::]/",
        // port
        "ftp://h:65535/",
        // ftp-path, ftp-segment (empty ones too), ftp-segment-char, pct-encoded (HEXDIG's letters)
        "ftp://h/a//b/",
        "ftp://h/-._~!$&'()*+,=:@/",
        "ftp://h/%41%2b%Cf%dE",
        "ftp://h/~u/Bb9",
        // typecode-part, typecode's three, in either case
        "ftp://h/f;type=a",
        "ftp://h/;type=i",
        "ftp://h/d/;TYPE=D",
        // rfc3986: ftp-URI-rfc3986, reg-name (escapes, sub-delims), IP-literal's IPvFuture,
        // path-abempty's pchar (";"), query, an empty port
        "ftp://%41!$&'()*+,;=/",
        "ftp://[v1F.a-._~!$&'()*+,;=:]/",
        "ftp://[V9.x]/",
        "ftp://u@h:/a;b=c/;d",
        "ftp://h/?a/?:@!$'()*+,;=#b",
        "ftp://h?q#f",
    };
    return seeds;
}

std::size_t edits_of(std::string_view seed)
{
    std::size_t const n = seed.size();
    return 1 + 255 * n + 256 * (n + 1) + n * (n + 1);
}

int chosen_n(enumeration const& e, std::string_view variable, int fallback)
{
    std::string const own = std::string(variable) + "_" + e.name;
    for (std::string const& var : {own, std::string(variable)}) {
        char const* value = std::getenv(var.c_str());
        if (value == nullptr || *value == '\0') continue;
        std::string_view const text(value);
        bool const relative = text.front() == '+';
        int n = 0;
        std::from_chars(text.data() + (relative ? 1 : 0), text.data() + text.size(), n);
        return relative ? fallback + n : n;
    }
    return fallback;
}

} // namespace ftpuri_oracle
