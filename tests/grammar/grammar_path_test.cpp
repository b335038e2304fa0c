// SPDX-License-Identifier: Apache-2.0
// tests/grammar/grammar_path_test.cpp: the rules of docs/grammar.abnf after the authority (ftp-path,
// ftp-segment, ftp-segment-char in strict; path-abempty, segment in rfc3986; typecode-part and
// typecode; query in rfc3986; fragment), one row per input and profile.
// Each row runs through ftpuri::parse and ftpuri::validate (tests/support/grammar_rows.hpp:
// the components of valid rows, the error id and offset of invalid ones, from docs/scanner.md).
#include <gtest/gtest.h>

#include "ftpuri/ftpuri.hpp"
#include "support/grammar_rows.hpp"

namespace {

using ftpuri_test::absent;
using ftpuri_test::R;
using ftpuri_test::row;
using namespace std::literals;

using ftpuri_test::Rule;

// ---------------------------------------------------------------------------------------------
// ftp-path, ftp-segment, ftp-segment-char (strict); path-abempty, segment (rfc3986)
// ---------------------------------------------------------------------------------------------
row const path_rows[] = {
    {.input = "ftp://h", .path = "", .nsegs = 0, .name = "", .tc = '\0'},
    {.input = "ftp://h/", .path = "/", .nsegs = 1, .name = ""},
    {.input = "ftp://h/a", .path = "/a", .nsegs = 1, .name = "a"},
    {.input = "ftp://h/a/b/c.txt", .path = "/a/b/c.txt", .nsegs = 3, .name = "c.txt"},
    {.input = "ftp://h/a/", .path = "/a/", .nsegs = 2, .name = ""},
    {.input = "ftp://h//a", .path = "//a", .nsegs = 2, .name = "a"},
    {.input = "ftp://h///", .path = "///", .nsegs = 3, .name = ""},
    {.input = "ftp://h/~/x", .path = "/~/x", .nsegs = 2},
    {.input = "ftp://h/%2Fetc/motd", .path = "/%2Fetc/motd", .nsegs = 2, .name = "motd"},
    {.input = "ftp://h/a%2Fb", .path = "/a%2Fb", .nsegs = 1},
    {.input = "ftp://h/a%3Bb", .path = "/a%3Bb"},
    {.input = "ftp://h/%41%7e", .path = "/%41%7e"},
    {.input = "ftp://h/a:b@c!$&'()*+,=-._~", .path = "/a:b@c!$&'()*+,=-._~"},
    {.input = "ftp://h/%C3%A9", .path = "/%C3%A9"},
    {.input = "ftp://h/%FE", .path = "/%FE"},
    {.input = "ftp://h/%FF", .valid = false, .error = "pct.telnet-iac", .offset = 8},
    {.input = "ftp://h/%FF", .p = R, .path = "/%FF"},
    {.input = "ftp://h/...", .valid = false, .error = "path.dot-lookalike", .offset = 8},
    {.input = "ftp://h/...", .p = R, .path = "/...", .nsegs = 1, .name = "..."},
    {.input = "ftp://h/a/..", .path = "/a/.."},
    {.input = "ftp://h/a/./..", .path = "/a/./.."},
    {.input = "ftp://h//..", .valid = false, .error = "path.above-root", .offset = 9},
    {.input = "ftp://h/a//..", .valid = false, .error = "path.dot-after-empty", .offset = 11},
    {.input = "ftp://h/a/b//..", .valid = false, .error = "path.dot-after-empty", .offset = 13},
    {.input = "ftp://h/a/%2E%2e", .path = "/a/%2E%2e"},
    {.input = "ftp://h/a;b", .valid = false, .error = "path.raw-semicolon", .offset = 9},
    {.input = "ftp://h/a;b", .p = R, .path = "/a;b", .nsegs = 1, .name = "a;b", .tc = '\0'},
    {.input = "ftp://h/;", .valid = false, .error = "path.raw-semicolon", .offset = 8},
    {.input = "ftp://h/a b", .valid = false, .error = "char.space", .offset = 9},
    {.input = "ftp://h/a\"b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a<b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a>b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a^b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a`b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a{b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a|b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a}b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a\\b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a[b", .valid = false, .error = "char.not-allowed", .offset = 9},
    {.input = "ftp://h/a]b", .valid = false, .error = "char.not-allowed", .offset = 9},
    {.input = "ftp://h/a\x01", .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\x7F", .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\nb", .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\0b"sv, .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\xFF", .valid = false, .error = "char.non-ascii", .offset = 9},
    {.input = "ftp://h/a b", .p = R, .valid = false, .error = "char.space", .offset = 9},
    {.input = "ftp://h/a\\b", .p = R, .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a%", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%4", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%4g", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%g4", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%4/", .p = R, .valid = false, .error = "pct.malformed", .offset = 9},
    // decoded-control
    {.input = "ftp://h/a%00", .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%0d%0aDELE%20x", .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%0A", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%00", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%09", .valid = false, .error = "pct.control", .offset = 9},
    {.input = "ftp://h/a%1F", .valid = false, .error = "pct.control", .offset = 9},
    {.input = "ftp://h/a%7f", .valid = false, .error = "pct.control", .offset = 9},
    {.input = "ftp://h/a%09", .p = R, .path = "/a%09"},
    {.input = "ftp://h/a%7F", .p = R, .path = "/a%7F"},
    // decoded-traversal
    {.input = "ftp://h/a%5Cb", .valid = false, .error = "path.encoded-backslash", .offset = 9},
    {.input = "ftp://h/a%5cb", .p = R, .path = "/a%5cb"},
    {.input = "ftp://h/..%2Fetc", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/x/a%2F..%2Fb", .valid = false, .error = "path.encoded-traversal", .offset = 10},
    {.input = "ftp://h/a%2F.%2Fb", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/.%2F", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/a%2f..", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/%2E%2E%2Fx", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/..%2Fetc", .p = R, .path = "/..%2Fetc"},
    // "..." is ".." to a Windows server, which splits "CWD a/.../b" at its '/'s.
    {.input = "ftp://h/a%2F...%2Fb", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/a%2F.x.%2Fb", .path = "/a%2F.x.%2Fb"},
    // dot-segment-depth
    {.input = "ftp://h/..", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/../a", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/a/../..", .valid = false, .error = "path.above-root", .offset = 13},
    {.input = "ftp://h/./..", .valid = false, .error = "path.above-root", .offset = 10},
    {.input = "ftp://h/%2e%2E", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/a/%2E%2E/%2e%2e", .valid = false, .error = "path.above-root", .offset = 17},
    {.input = "ftp://h/.%2e/x", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/..", .p = R, .path = "/.."},
    {.input = "ftp://h/a/../..", .p = R, .path = "/a/../.."},
};
INSTANTIATE_TEST_SUITE_P(FtpPath, Rule, ::testing::ValuesIn(path_rows));

// ---------------------------------------------------------------------------------------------
// typecode-part, typecode
// ---------------------------------------------------------------------------------------------
row const typecode_rows[] = {
    {.input = "ftp://h/f;type=a", .path = "/f", .nsegs = 1, .name = "f", .tc = 'a'},
    {.input = "ftp://h/f;type=i", .path = "/f", .name = "f", .tc = 'i'},
    {.input = "ftp://h/d;type=d", .path = "/d", .name = "d", .tc = 'd'},
    {.input = "ftp://h/f;TYPE=I", .path = "/f", .tc = 'i'},
    {.input = "ftp://h/f;Type=A", .tc = 'a'},
    {.input = "ftp://h/f;type=D", .tc = 'd'},
    {.input = "ftp://h/;type=d", .path = "/", .nsegs = 1, .name = "", .tc = 'd'},
    {.input = "ftp://h/a/b/;type=d", .path = "/a/b/", .nsegs = 3, .name = "", .tc = 'd'},
    {.input = "ftp://h/pub/f.txt;type=i", .path = "/pub/f.txt", .nsegs = 2, .name = "f.txt", .tc = 'i'},
    {.input = "ftp://h/f;type=a#x", .path = "/f", .tc = 'a', .fragment = "x"},
    {.input = "ftp://h/f", .tc = '\0'},
    {.input = "ftp://h/f%3Btype=a", .path = "/f%3Btype=a", .tc = '\0'},
    {.input = "ftp://h/f;type=x", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=1", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=ab", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=a/g", .valid = false, .error = "path.raw-semicolon", .offset = 9},
    {.input = "ftp://h/f;type=a;type=i", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=#x", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;typ=a", .valid = false, .error = "path.raw-semicolon", .offset = 9},
    {.input = "ftp://h/f;typecode=a", .valid = false, .error = "typecode.misspelled", .offset = 9},
    {.input = "ftp://h/f;TYPECODE=i", .valid = false, .error = "typecode.misspelled", .offset = 9},
    {.input = "ftp://h/f;type=a?x", .valid = false, .error = "query.present", .offset = 16},
    {.input = "ftp://h;type=a", .valid = false, .error = "host.invalid-char", .offset = 7},
    // rfc3986: recognised only at the very end of the path
    {.input = "ftp://h/f;type=i", .p = R, .path = "/f", .name = "f", .tc = 'i'},
    {.input = "ftp://h/;TYPE=D", .p = R, .path = "/", .tc = 'd'},
    {.input = "ftp://h/f;type=a?x", .p = R, .path = "/f", .tc = 'a', .query = "x"},
    {.input = "ftp://h/f;type=a#x", .p = R, .path = "/f", .tc = 'a', .fragment = "x"},
    {.input = "ftp://h/a;type=i/b", .p = R, .path = "/a;type=i/b", .nsegs = 2, .name = "b", .tc = '\0'},
    {.input = "ftp://h/f;typecode=a", .p = R, .path = "/f;typecode=a", .tc = '\0'},
};
INSTANTIATE_TEST_SUITE_P(Typecode, Rule, ::testing::ValuesIn(typecode_rows));

// ---------------------------------------------------------------------------------------------
// query (rfc3986 only) and fragment
// ---------------------------------------------------------------------------------------------
row const query_fragment_rows[] = {
    {.input = "ftp://h/a?b", .valid = false, .error = "query.present", .offset = 9},
    {.input = "ftp://h?x", .valid = false, .error = "query.present", .offset = 7},
    {.input = "ftp://h/?", .valid = false, .error = "query.present", .offset = 8},
    {.input = "ftp://h/a?b", .p = R, .path = "/a", .query = "b", .fragment = absent},
    {.input = "ftp://h?x", .p = R, .path = "", .query = "x"},
    {.input = "ftp://h/?", .p = R, .path = "/", .query = ""},
    {.input = "ftp://h/a?b/c?d:@!$&'()*+,;=", .p = R, .query = "b/c?d:@!$&'()*+,;="},
    {.input = "ftp://h/a?b#c", .p = R, .path = "/a", .query = "b", .fragment = "c"},
    {.input = "ftp://h/a?b%20c", .p = R, .query = "b%20c"},
    {.input = "ftp://h/a?b c", .p = R, .valid = false, .error = "char.space", .offset = 11},
    {.input = "ftp://h/a?%zz", .p = R, .valid = false, .error = "pct.malformed", .offset = 10},
    {.input = "ftp://h/?[", .p = R, .valid = false, .error = "char.not-allowed", .offset = 9},
    {.input = "ftp://h/?a^", .p = R, .valid = false, .error = "char.unsafe", .offset = 10},
    // fragment
    {.input = "ftp://h/a#f", .path = "/a", .query = absent, .fragment = "f"},
    {.input = "ftp://h/a#", .fragment = ""},
    {.input = "ftp://h#f", .path = "", .fragment = "f"},
    {.input = "ftp://h/a#b/c?d:@!$&'()*+,;=", .fragment = "b/c?d:@!$&'()*+,;="},
    {.input = "ftp://h/a#%41%2F", .fragment = "%41%2F"},
    {.input = "ftp://h/a#%41%00", .valid = false, .error = "pct.forbidden-control", .offset = 13},
    {.input = "ftp://h/a#f", .p = R, .fragment = "f"},
    {.input = "ftp://h/a#b#c", .valid = false, .error = "char.not-allowed", .offset = 11},
    {.input = "ftp://h/a#b c", .valid = false, .error = "char.space", .offset = 11},
    {.input = "ftp://h/a#%zz", .valid = false, .error = "pct.malformed", .offset = 10},
    {.input = "ftp://h/a#[", .valid = false, .error = "char.not-allowed", .offset = 10},
    {.input = "ftp://h/a#|", .valid = false, .error = "char.unsafe", .offset = 10},
    {.input = "ftp://h/a#b#c", .p = R, .valid = false, .error = "char.not-allowed", .offset = 11},
};
INSTANTIATE_TEST_SUITE_P(QueryFragment, Rule, ::testing::ValuesIn(query_fragment_rows));

// A first "." (or one right after a first "~") before an empty segment is what the canonical
// form of rfc3986 and lenient input keeps ("/.//x", docs/canonical.md "dot"): no needless
// dot-segment there, and in strict an error, since curl and WHATWG parsers remove it and read
// "//x" from the root (path.dot-before-empty). Before an escaped slash it is needless: every plan
// mode goes to the root for "%2Fx" with or without it.
TEST(PathDot, a_first_dot_is_kept_only_before_an_empty_segment)
{
    struct dot_case {
        std::string_view input;
        bool needless;
        ftpuri::profile p = ftpuri::profile::strict;
    };
    for (dot_case const c :
         {dot_case{"ftp://h/./%2Fx/y", true}, dot_case{"ftp://h/./%2Fx", true}, dot_case{"ftp://h/~/./%2Fx/y", true},
          dot_case{"ftp://h/a/./%2Fx/y", true}, dot_case{"ftp://h/./x/y", true}, dot_case{"ftp://h/./%30/y", true},
          dot_case{"ftp://h/.//x", false, R}, dot_case{"ftp://h/.//", false, R}, dot_case{"ftp://h/~/.//x", false, R},
          dot_case{"ftp://h/a/.//x", true, R}, dot_case{"ftp://h/../%2Fx/y", true, R}}) {
        ftpuri::diagnostic_list list;
        ASSERT_TRUE(ftpuri::validate(c.input, ftpuri::parse_options{c.p}, list)) << c.input;
        EXPECT_EQ(list.contains(ftpuri::diag_id::path_dot_segment), c.needless) << c.input;
    }
    for (std::string_view refused : {"ftp://h/.//x", "ftp://h/.//", "ftp://h/~/.//x", "ftp://h/%2e//x"}) {
        ftpuri::parse_result const r = ftpuri::parse(refused);
        ASSERT_FALSE(r.has_value()) << refused;
        EXPECT_EQ(r.error().id, ftpuri::diag_id::path_dot_before_empty) << refused;
    }
}

} // namespace
