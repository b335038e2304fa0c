// SPDX-License-Identifier: Apache-2.0
// tests/canonical/canonical_rows.cpp: the rows of the canonical-form tables that several test binaries
// read (declared, with what each column means, in tests/support/canonical_rows.hpp). Not a test
// itself: tests/CMakeLists.txt links it into the test binaries.
#include "support/canonical_rows.hpp"

namespace ftpuri_test {

// ---------------------------------------------------------------------------------------
// The rule-by-rule table
// ---------------------------------------------------------------------------------------

// clang-format off
std::vector<canon_row> const canonical_rows = {
    // scheme lowercased
    {"scheme", "FTP://h/", S, "ftp://h/"},
    {"scheme", "fTp://h/", S, "ftp://h/"},
    // host lowercased (a DNS name, an IPv6 literal, an rfc3986 reg-name; after decoding)
    {"host", "ftp://Example.ORG/", S, "ftp://example.org/"},
    {"host", "ftp://FTP.Example.Org./pub/", S, "ftp://ftp.example.org./pub/"},
    {"host", "ftp://192.0.2.1/", S, "ftp://192.0.2.1/"},
    {"host", "ftp://[::ABCD:EF01]/", S, "ftp://[::abcd:ef01]/"},
    {"host", "ftp://My_Host.Example/", R, "ftp://my_host.example/", false},
    {"host", "ftp://%41%42.example/", R, "ftp://ab.example/"},
    {"host", "ftp://a%2Db.example/", R, "ftp://a-b.example/"},
    {"host", "ftp://a%2cb/", R, "ftp://a%2Cb/", false},
    {"host", "ftp://[V1.AB]/", R, "ftp://[v1.ab]/", false},
    // percent-encoding hex uppercased, in every component
    {"pct-hex", "ftp://h/a%3bb", S, "ftp://h/a%3Bb"},
    {"pct-hex", "ftp://h/%c3%a9", S, "ftp://h/%C3%A9"},
    {"pct-hex", "ftp://h/%fe%Fd", S, "ftp://h/%FE%FD"},
    {"pct-hex", "ftp://h/%ff%Fe", R, "ftp://h/%FF%FE", false}, // 0xFF: pct.telnet-iac in strict
    {"pct-hex", "ftp://u%3a%40:p%2f@h/", S, "ftp://u%3A%40:p%2F@h/"},
    {"pct-hex", "ftp://h/f#a%5eb", S, "ftp://h/f#a%5Eb"},
    {"pct-hex", "ftp://h/f?a%3db", R, "ftp://h/f?a%3Db", false},
    // percent-encoded unreserved characters decoded, in every component
    {"pct-unreserved", "ftp://h/%41%7A%30%2D%2E%5F%7E", S, "ftp://h/Az0-._~"},
    {"pct-unreserved", "ftp://h/%7euser/f%7Eile", S, "ftp://h/~user/f~ile"},
    {"pct-unreserved", "ftp://%75%53er:%70w@h/", S, "ftp://uSer:pw@h/"},
    {"pct-unreserved", "ftp://h/f#%7Ex%2d", S, "ftp://h/f#~x-"},
    {"pct-unreserved", "ftp://h/f?%61=%62", R, "ftp://h/f?a=b", false},
    // other escapes are kept (RFC 3986 6.2.2.2 decodes unreserved characters only)
    {"pct-reserved-kept", "ftp://h/%3A%40%21%24%26%27%28%29%2A%2B%2C%3D", S, "ftp://h/%3A%40%21%24%26%27%28%29%2A%2B%2C%3D"},
    {"pct-reserved-kept", "ftp://h/a%20b%25c", S, "ftp://h/a%20b%25c"},
    // unreserved escapes decoded before dot-segments are removed: "%2E%2E" is ".."
    {"dot-decoded", "ftp://h/a/%2E%2E/b", S, "ftp://h/b"},
    {"dot-decoded", "ftp://h/a/%2e/b", S, "ftp://h/a/b"},
    {"dot-decoded", "ftp://h/a/b/.%2E", S, "ftp://h/a/"},
    {"dot-decoded", "ftp://h/a/%2E%2e/", S, "ftp://h/"},
    {"dot-decoded", "ftp://h/%2E%2E/a", R, "ftp://h/a"},
    {"dot-decoded", "ftp://h/a/%2E%2E%2E", R, "ftp://h/a/...", false},
    // dot-segments removed (RFC 3986 5.2.4)
    {"dot", "ftp://h/a/b/c/./../../g", S, "ftp://h/a/g"},
    {"dot", "ftp://h/mid/content=5/../6", S, "ftp://h/mid/6"},
    {"dot", "ftp://h/a/./b", S, "ftp://h/a/b"},
    {"dot", "ftp://h/a/b/..", S, "ftp://h/a/"},
    {"dot", "ftp://h/a/b/.", S, "ftp://h/a/b/"},
    {"dot", "ftp://h/.", S, "ftp://h/"},
    {"dot", "ftp://h/./", S, "ftp://h/"},
    {"dot", "ftp://h/a/..", S, "ftp://h/"},
    {"dot", "ftp://h/a//../b", R, "ftp://h/a/b", true},
    // 5.2.4 alone gives "//b", whose singlecwd and nocwd plans read "/b" from the root; the
    // input's "a/..//b" stays below the start, and so does "/.//b" (docs/canonical.md, "dot").
    // curl and WHATWG parsers remove the "." and read "//b": strict refuses these
    // (path.dot-before-empty), and the "." is kept for rfc3986 and lenient input only.
    {"dot", "ftp://h/a/..//b", R, "ftp://h/.//b", false},
    {"dot", "ftp://h/.//b", R, "ftp://h/.//b", false},
    {"dot", "ftp://h/./", S, "ftp://h/"},
    {"dot", "ftp://h//./b", S, "ftp://h//b"},
    {"dot", "ftp://h/%2E/%2Fetc/x", S, "ftp://h/%2Fetc/x"}, // every mode goes to the root for "%2F"
    {"dot", "ftp://h/./%2Fetc", S, "ftp://h/%2Fetc"},
    {"dot", "ftp://h/~/a/..//b/c", R, "ftp://h/~/.//b/c", false}, // after a first "~", the same
    {"dot", "ftp://h/%7E/.//b/", R, "ftp://h/~/.//b/", false},
    {"dot", "ftp://h/.a/..b/.../a./b..", R, "ftp://h/.a/..b/.../a./b..", false},
    {"dot", "ftp://h/a/!2e/./b", S, "ftp://h/a/!2e/b"},        // only "%2E" is a "." escaped
    {"dot", "ftp://h/a/%1E/b", R, "ftp://h/a/%1E/b", false},   // (a control: pct.control in strict)
    {"dot", "ftp://h/a/b/..;type=d", S, "ftp://h/a/;type=d"},
    {"dot", "ftp://h/pub/./f.txt;type=i", S, "ftp://h/pub/f.txt;type=i"},
    // a ".." above the root is dropped (an error in strict: these are rfc3986 and lenient rows)
    {"dot-above-root", "ftp://h/../a", R, "ftp://h/a"},
    {"dot-above-root", "ftp://h/..", R, "ftp://h/"},
    {"dot-above-root", "ftp://h/a/../../b", R, "ftp://h/b"},
    {"dot-above-root", "ftp://h/../../a/../b/", R, "ftp://h/b/"},
    {"dot-above-root", "ftp://h/../a", L, "ftp://h/a"},
    // the empty port, ":21" and leading zeros dropped
    {"port", "ftp://h:/", S, "ftp://h/"},
    {"port", "ftp://h:21/", S, "ftp://h/"},
    {"port", "ftp://h:021/", S, "ftp://h/"},
    {"port", "ftp://h:00021/p", S, "ftp://h/p"},
    {"port", "ftp://h:2121/", S, "ftp://h:2121/"},
    {"port", "ftp://h:02121/", S, "ftp://h:2121/"},
    {"port", "ftp://h:0080/", S, "ftp://h:80/"},
    {"port", "ftp://h:00001/", S, "ftp://h:1/"},
    {"port", "ftp://h:210/", S, "ftp://h:210/"},
    {"port", "ftp://h:65535/", S, "ftp://h:65535/"},
    {"port", "ftp://[::1]:21/", S, "ftp://[::1]/"},
    // an empty path becomes "/"
    {"empty-path", "ftp://h", S, "ftp://h/"},
    {"empty-path", "ftp://h:2121", S, "ftp://h:2121/"},
    {"empty-path", "ftp://u:p@h:21", S, "ftp://u:p@h/"},
    {"empty-path", "ftp://h#top", S, "ftp://h/#top"},
    {"empty-path", "ftp://[::1]", S, "ftp://[::1]/"},
    {"empty-path", "ftp://h?q", R, "ftp://h/?q", false},
    // the typecode lowercased and spelled ";type="
    {"typecode", "ftp://h/f;TYPE=I", S, "ftp://h/f;type=i"},
    {"typecode", "ftp://h/f;Type=A", S, "ftp://h/f;type=a"},
    {"typecode", "ftp://h/d/;type=D", S, "ftp://h/d/;type=d"},
    {"typecode", "ftp://h/f;type=a", S, "ftp://h/f;type=a"},
    {"typecode", "ftp://h/;type=d", S, "ftp://h/;type=d"},
    {"typecode", "ftp://h/f;TYPE=I#x", S, "ftp://h/f;type=i#x"},
    {"typecode", "ftp://h/f;TYPE=I", R, "ftp://h/f;type=i"},
    {"typecode", "ftp://h/f%3Btype=i", S, "ftp://h/f%3Btype=i"},
    // IPv6 in RFC 5952 form
    {"ipv6", "ftp://[2001:DB8::1]/", S, "ftp://[2001:db8::1]/"},
    {"ipv6", "ftp://[2001:0db8:0000:0000:0000:0000:0000:0001]/", S, "ftp://[2001:db8::1]/"},
    {"ipv6", "ftp://[2001:db8:0:0:0:0:2:1]/", S, "ftp://[2001:db8::2:1]/"},
    {"ipv6", "ftp://[2001:db8:0:0:1:0:0:1]/", S, "ftp://[2001:db8::1:0:0:1]/"},
    {"ipv6", "ftp://[2001:0:0:1:0:0:0:1]/", S, "ftp://[2001:0:0:1::1]/"},
    {"ipv6", "ftp://[2001:db8:0:1:1:1:1:1]/", S, "ftp://[2001:db8:0:1:1:1:1:1]/"},
    {"ipv6", "ftp://[2001:db8::1:1:1:1:1]/", S, "ftp://[2001:db8:0:1:1:1:1:1]/"},
    {"ipv6", "ftp://[0:0:0:0:0:0:0:0]/", S, "ftp://[::]/"},
    {"ipv6", "ftp://[0:0:0:0:0:0:0:1]/", S, "ftp://[::1]/"},
    {"ipv6", "ftp://[1:0:0:0:0:0:0:0]/", S, "ftp://[1::]/"},
    {"ipv6", "ftp://[1:2:3:4:5:6:7:8]/", S, "ftp://[1:2:3:4:5:6:7:8]/"},
    {"ipv6", "ftp://[::FFFF:192.0.2.1]/", S, "ftp://[::ffff:192.0.2.1]/"},
    {"ipv6", "ftp://[0:0:0:0:0:ffff:c000:0201]/", S, "ftp://[::ffff:192.0.2.1]/"},
    {"ipv6", "ftp://[::ffff:0.0.0.0]/", S, "ftp://[::ffff:0.0.0.0]/"},
    {"ipv6", "ftp://[::192.0.2.1]/", S, "ftp://[::c000:201]/"},
    {"ipv6", "ftp://[64:ff9b::192.0.2.1]/", S, "ftp://[64:ff9b::c000:201]/"},
    {"ipv6", "ftp://[1:2:3:4:5:6:1.2.3.4]/", S, "ftp://[1:2:3:4:5:6:102:304]/"},
    // kept as they are: each changes which file an FTP client fetches
    {"keep-empty-segment", "ftp://h/a//b/", S, "ftp://h/a//b/"},
    {"keep-empty-segment", "ftp://h//", S, "ftp://h//"},
    {"keep-empty-segment", "ftp://h//etc/motd", S, "ftp://h//etc/motd"},
    {"keep-pct-2F", "ftp://h/a%2Fb", S, "ftp://h/a%2Fb"},
    {"keep-pct-2F", "ftp://h/%2fetc/motd", S, "ftp://h/%2Fetc/motd"},
    {"keep-userinfo", "ftp://Anonymous@h/", S, "ftp://Anonymous@h/"},
    {"keep-userinfo", "ftp://User:PassWord@h/", S, "ftp://User:PassWord@h/"},
    {"keep-userinfo", "ftp://@h/", S, "ftp://@h/"},
    {"keep-userinfo", "ftp://u:@h/", S, "ftp://u:@h/"},
    {"keep-userinfo", "ftp://:p@h/", S, "ftp://:p@h/"},
    {"keep-userinfo", "ftp://u!$&'()*+,;=:p!$&'()*+,;=@h/", S, "ftp://u!$&'()*+,;=:p!$&'()*+,;=@h/"},
    {"keep-trailing-slash", "ftp://h/a/", S, "ftp://h/a/"},
    {"keep-trailing-slash", "ftp://h/a", S, "ftp://h/a"},
    {"keep-path-case", "ftp://h/Pub/README.TXT", S, "ftp://h/Pub/README.TXT"},
    {"keep-query", "ftp://h/f?Q=1&b=%2F", R, "ftp://h/f?Q=1&b=%2F", false},
    {"keep-query", "ftp://h/f?", R, "ftp://h/f?", false},
    {"keep-fragment", "ftp://h/f#Sec/1?x", S, "ftp://h/f#Sec/1?x"},
    {"keep-fragment", "ftp://h/f#", S, "ftp://h/f#"},
    {"keep-fragment", "ftp://h/f#a/../b", S, "ftp://h/f#a/../b"},
    // rfc3986 bytes the ftp grammar has no raw place for are encoded
    {"encode", "ftp://h/a;b/c", R, "ftp://h/a%3Bb/c"},
    {"encode", "ftp://u:p:q@h/", R, "ftp://u:p%3Aq@h/"},
    // everything at once: the example of include/ftpuri/canonical.hpp
    {"all", "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I", S, "ftp://ftp.example.org/~user/pub/f.txt;type=i"},
};
// clang-format on

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

std::vector<option_row> const option_rows = {
    {drop_password, "ftp://u:secret@h/", "ftp://u@h/"},
    {drop_password, "ftp://u:@h/", "ftp://u@h/"},
    {drop_password, "ftp://:p@h/", "ftp://@h/"},
    {drop_password, "ftp://u@h/", "ftp://u@h/"},
    {drop_password, "ftp://h/", "ftp://h/"},
    {drop_password, "ftp://anonymous:me@h/", "ftp://anonymous@h/"},
    {drop_fragment, "ftp://h/f#x", "ftp://h/f"},
    {drop_fragment, "ftp://h#x", "ftp://h/"},
    {drop_fragment, "ftp://h/f#", "ftp://h/f"},
    {drop_fragment, "ftp://h/f;type=i#x", "ftp://h/f;type=i"},
    {drop_fragment, "ftp://h/f", "ftp://h/f"},
    {drop_anonymous, "ftp://anonymous@h/", "ftp://h/"},
    {drop_anonymous, "ftp://ANONYMOUS@h/p", "ftp://h/p"},
    {drop_anonymous, "ftp://%61nonymous@h/", "ftp://h/"},
    {drop_anonymous, "ftp://anonymous:me%40example.org@h/", "ftp://anonymous:me%40example.org@h/"},
    {drop_anonymous, "ftp://anonymous:@h/", "ftp://anonymous:@h/"},
    {drop_anonymous, "ftp://anon@h/", "ftp://anon@h/"},
    {drop_anonymous, "ftp://anonymousx@h/", "ftp://anonymousx@h/"},
    {drop_anonymous, "ftp://u@h/", "ftp://u@h/"},
    {drop_anonymous_password, "ftp://anonymous:me@h/", "ftp://h/"},
    {drop_anonymous_password, "ftp://anonymous:@h/", "ftp://h/"},
    {drop_anonymous_password, "ftp://u:me@h/", "ftp://u@h/"},
    {drop_all, "FTP://anonymous:x@H:21/a/../b#f", "ftp://h/b"},
    {drop_all, "ftp://u:x@h/f#f", "ftp://u@h/f"},
};

// ---------------------------------------------------------------------------------------
// The lenient profile's repairs (docs/behaviour.md "Syntax profiles")
// ---------------------------------------------------------------------------------------

// clang-format off
std::vector<lenient_row> const lenient_rows = {
    // surrounding spaces and controls trimmed (reported once, at the first run)
    {"  ftp://h/a  ", "ftp://h/a", {{diag_id::input_trimmed, 0, 2}}},
    {"ftp://h/a \t\r\n", "ftp://h/a", {{diag_id::input_trimmed, 9, 4}}},
    {"\tftp://h/", "ftp://h/", {{diag_id::input_trimmed, 0, 1}}},
    {"ftp://h/a b ", "ftp://h/a%20b", {{diag_id::input_trimmed, 11, 1}, {diag_id::char_space, 9, 1}}},
    // raw spaces percent-encoded
    {"ftp://h/a b", "ftp://h/a%20b", {{diag_id::char_space, 9, 1}}},
    {"ftp://h/my file.txt;type=a", "ftp://h/my%20file.txt;type=a", {{diag_id::char_space, 10, 1}}},
    {"ftp://h/a  b/c d", "ftp://h/a%20%20b/c%20d", {{diag_id::char_space, 9, 1}}},
    {"ftp://us er@h/", "ftp://us%20er@h/", {{diag_id::char_space, 8, 1}}},
    {"ftp://u:p w@h/", "ftp://u:p%20w@h/", {{diag_id::char_space, 9, 1}}, {diag_id::userinfo_password}},
    {"ftp://h/f#a b", "ftp://h/f#a%20b", {{diag_id::char_space, 11, 1}}, {diag_id::fragment_present}},
    // raw non-ASCII (IRI, RFC 3987) percent-encoded, byte by byte
    {"ftp://h/caf\xC3\xA9", "ftp://h/caf%C3%A9", {{diag_id::char_non_ascii, 11, 1}}},
    {"ftp://h/\xE6\x97\xA5\xE6\x9C\xAC/", "ftp://h/%E6%97%A5%E6%9C%AC/", {{diag_id::char_non_ascii, 8, 1}}},
    {"ftp://h/\xE9t\xE9", "ftp://h/%E9t%E9", {{diag_id::char_non_ascii, 8, 1}}, {diag_id::pct_non_utf8}},
    {"ftp://\xC3\xBC:p\xC3\xA4@h/", "ftp://%C3%BC:p%C3%A4@h/", {{diag_id::char_non_ascii, 6, 1}}, {diag_id::userinfo_password}},
    {"ftp://h/f#\xC3\xA9", "ftp://h/f#%C3%A9", {{diag_id::char_non_ascii, 10, 1}}, {diag_id::fragment_present}},
    // Unicode hosts converted with IDNA (UTS #46, non-transitional, libidn2)
    {"ftp://b\xC3\xBC" "cher.example/", "ftp://xn--bcher-kva.example/", {{diag_id::host_unicode, 6, 15}}},
    {"ftp://B\xC3\x9C" "CHER.Example/pub", "ftp://xn--bcher-kva.example/pub", {{diag_id::host_unicode, 6, 15}}},
    {"ftp://fa\xC3\x9F.de/", "ftp://xn--fa-hia.de/", {{diag_id::host_unicode, 6, 7}}},
    {"ftp://\xE4\xBE\x8B\xE3\x81\x88.\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88/", "ftp://xn--r8jz45g.xn--zckzah/", {{diag_id::host_unicode, 6, 16}}},
    {"ftp://b%C3%BCcher.example/", "ftp://xn--bcher-kva.example/", {{diag_id::host_unicode, 6, 19}}},
    {"ftp://b%c3%bccher.example/", "ftp://xn--bcher-kva.example/", {{diag_id::host_unicode, 6, 19}}, {diag_id::pct_lowercase}},
    {"ftp://user:pw@b\xC3\xBC" "cher.example:2121/pub/;type=d", "ftp://user:pw@xn--bcher-kva.example:2121/pub/;type=d",
     {{diag_id::host_unicode, 14, 15}}, {diag_id::userinfo_password}},
    // the ";typecode=" spelling of draft-yevstifeyev's ABNF
    {"ftp://h/f;typecode=i", "ftp://h/f;type=i", {{diag_id::typecode_misspelled, 9, 10}}},
    {"ftp://h/pub/;typecode=d", "ftp://h/pub/;type=d", {{diag_id::typecode_misspelled, 12, 10}}},
    {"ftp://h/f;TYPECODE=A", "ftp://h/f;type=a", {{diag_id::typecode_misspelled, 9, 10}}, {diag_id::typecode_uppercase}},
    // a raw ';' that begins no typecode, a pchar as rfc3986 reads it, encoded
    {"ftp://h/a;b", "ftp://h/a%3Bb", {{diag_id::path_raw_semicolon, 9, 1}}},
    {"ftp://h/a;type=i/b", "ftp://h/a%3Btype=i/b", {{diag_id::path_raw_semicolon, 9, 1}, {diag_id::interop_typecode_cut, 9, 6}}},
    // a raw ':' in the password
    {"ftp://u:p:q@h/", "ftp://u:p%3Aq@h/", {{diag_id::userinfo_raw_colon, 9, 1}}, {diag_id::userinfo_password}},
    {"ftp://u:a:b:c@h/", "ftp://u:a%3Ab%3Ac@h/", {{diag_id::userinfo_raw_colon, 9, 1}}, {diag_id::userinfo_password}},
    // a ".." above the root: a warning, and the canonical form drops it
    {"ftp://h/../a", "ftp://h/a", {{diag_id::path_above_root, 8, 2}}, {diag_id::path_dot_segment}},
    // all at once
    {" FTP://B\xC3\xBC" "cher.Example/my dir/\xC3\xA4;typecode=A ", "ftp://xn--bcher-kva.example/my%20dir/%C3%A4;type=a",
     {{diag_id::input_trimmed, 0, 1}, {diag_id::host_unicode, 7, 15}, {diag_id::char_space, 25, 1},
      {diag_id::char_non_ascii, 30, 1}, {diag_id::typecode_misspelled, 32, 10}},
     {diag_id::scheme_uppercase, diag_id::typecode_uppercase}},
};
// clang-format on

} // namespace ftpuri_test
