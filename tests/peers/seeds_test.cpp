// SPDX-License-Identifier: Apache-2.0
// tests/peers/seeds_test.cpp: every example ftp URL of the five seed specifications, read the way
// docs/behaviour.md reads it.
//
// The seeds (kept outside the project, never read here):
//   000  draft-casey-url-ftp-00, "A FTP URL Format" (Jan 1997)
//   001  Hoffman, "The ftp URI Scheme" (Internet-Draft, Jan 2005)
//   002  draft-yevstifeyev-ftp-uri-scheme-01 (May 2011)
//   003  draft-hoffman-rfc1738bis-00, "Definitions of Early URI Schemes" (Sep 2003)
//   004  RFC 1738 3.1-3.2 (excerpt, Dec 1994)
// 003 and 004 lost every <...> placeholder in extraction, and with it every URL written as
// <URL:...>; 001 lost the URL of its historical note. Those are restored here from the text
// around them (and from RFC 1738 3.1 / 3.2.2, whose text 003 copies word for word).
//
// How each URI came about:
//   verbatim       printed in the seed as it is here
//   reconstructed  the seed's URL, lost in extraction, restored from the surrounding text
//   instantiated   a form with placeholders (<user>, <cwd1>, <typecode>...) given concrete values
//   rule           a concrete URI for a rule the section states in words
// Components: user/password/host/port/path raw; cwds (every segment but the last) and name
// (the last) decoded, i.e. what CWD and RETR/NLST get.

#include "support/uri_expect.hpp"

using namespace ftpuri_test;

namespace {

struct seed_case {
    std::string_view seed;    // "000".."004", several when the same example is in several
    std::string_view section; // where in the seed
    std::string_view how;     // verbatim | reconstructed | instantiated | rule
    uri_case c;
};

std::vector<seed_case> const& seed_cases()
{
    static std::vector<seed_case> const table = {
        // ---- 000 draft-casey-url-ftp-00 -------------------------------------------------
        {"000",
         "2. Syntax of a FTP URL (the form, placeholders as printed)",
         "verbatim",
         {"ftp://<user>:<password>@<host>:<port>/<url-path>;type=<typecode>", err(D::char_unsafe, 6, 1),
          err(D::char_unsafe, 6, 1)}},
        {"000",
         "2. Syntax of a FTP URL; 2.1 user and password; 2.2 port",
         "instantiated",
         {"ftp://myname:secret@host.dom:2121/pub/file.txt;type=i", ok({.user = "myname",
                                                                       .password = "secret",
                                                                       .host = "host.dom",
                                                                       .port = "2121",
                                                                       .path = "/pub/file.txt",
                                                                       .typecode = 'i',
                                                                       .cwds = {"pub"},
                                                                       .name = "file.txt"},
                                                                      {finding{D::userinfo_password, 13, 6}})}},
        {"000",
         R"(2.3 FTP transfer type ("i" or "a"))",
         "instantiated",
         {"ftp://host.dom/pub/file.txt;type=a",
          ok({.host = "host.dom", .path = "/pub/file.txt", .typecode = 'a', .cwds = {"pub"}, .name = "file.txt"})}},
        // Casey drops ;type=d (Appendix A); RFC 1738, 001 and 002 keep it, and so does docs/behaviour.md.
        {"000",
         "2.3 / Appendix A (type=d dropped)",
         "rule",
         {"ftp://host.dom/pub/;type=d",
          ok({.host = "host.dom", .path = "/pub/", .typecode = 'd', .cwds = {"pub"}, .name = ""}), std::nullopt,
          "000 drops typecode d for lack of consistent implementation; ftpuri follows RFC 1738, 001 "
          "and 002, which keep a, i and d (NLST)"}},
        // "..." is a name like any other, not a dot-segment.
        {"000",
         "2.4 FTP url-path <cwd1>/<cwd2>/.../<cwdN>/<name>",
         "instantiated",
         {"ftp://host.dom/cwd1/cwd2/.../cwdN/name", err(D::path_dot_lookalike, 25, 3),
          ok({.host = "host.dom",
              .path = "/cwd1/cwd2/.../cwdN/name",
              .cwds = {"cwd1", "cwd2", "...", "cwdN"},
              .name = "name"},
             {finding{D::path_dot_lookalike, 25, 3}}),
          "the seed's \"...\" is an ellipsis; taken literally, a segment \"...\" is walked as \"..\" by Windows "
          "servers, which strip trailing dots (docs/behaviour.md, Windows look-alikes)"}},
        {"000",
         "2.4 (\"The <cwdx> and <name> parts may be empty\")",
         "rule",
         {"ftp://host.dom/cwd1//", ok({.host = "host.dom", .path = "/cwd1//", .cwds = {"cwd1", ""}, .name = ""},
                                      {finding{D::path_empty_segment, 19, 1}})}},
        {"000, 001, 003, 004",
         "2.4 (\"The whole url-path may be omitted\")",
         "rule",
         {"ftp://host.dom", ok({.host = "host.dom"})}},
        {"000, 001, 003, 004",
         R"(2.4 ("/" and ";" are reserved and must be encoded))",
         "rule",
         {"ftp://host.dom/a;b", err(D::path_raw_semicolon, 16, 1),
          // rfc3986 takes the ";" as a pchar, and warns that the canonical form writes %3B.
          ok({.host = "host.dom", .path = "/a;b", .name = "a;b"}, {finding{D::path_raw_semicolon, 16, 1}})}},
        {"000, 001, 003, 004",
         "2.4 (\";\" encoded)",
         "rule",
         {"ftp://host.dom/a%3Bb", ok({.host = "host.dom", .path = "/a%3Bb", .name = "a;b"})}},
        {"000, 003",
         "000 2.5 Interpreting a FTP URL; 003 2.2.2 (URL stripped, same text as RFC 1738 3.2.2)",
         "verbatim",
         {"ftp://myname@host.dom/%2Fetc/motd",
          ok({.user = "myname", .host = "host.dom", .path = "/%2Fetc/motd", .cwds = {"/etc"}, .name = "motd"},
             {finding{D::path_encoded_slash, 22, 3}, finding{D::path_absolute, 22, 3}})}},
        {"000, 003",
         "000 2.5; 003 2.2.2 (stripped)",
         "verbatim",
         {"ftp://myname@host.dom/etc/motd",
          ok({.user = "myname", .host = "host.dom", .path = "/etc/motd", .cwds = {"etc"}, .name = "motd"})}},
        {"000, 003",
         "000 2.5 (a null CWD); 003 2.2.2 (stripped)",
         "verbatim",
         {"ftp://myname@host.dom//etc/motd",
          ok({.user = "myname", .host = "host.dom", .path = "//etc/motd", .cwds = {"", "etc"}, .name = "motd"},
             {finding{D::path_empty_segment, 21, 1}, finding{D::path_absolute, 21, 2}})}},
        {"000",
         "2.9 Effect of username on URL path",
         "verbatim",
         {"ftp://jamesc@ftp.harlequin.com/foo.html",
          ok({.user = "jamesc", .host = "ftp.harlequin.com", .path = "/foo.html", .name = "foo.html"})}},
        {"000",
         "2.9 Effect of username on URL path",
         "verbatim",
         {"ftp://paulh@ftp.harlequin.com/home/jamesc/foo.html", ok({.user = "paulh",
                                                                    .host = "ftp.harlequin.com",
                                                                    .path = "/home/jamesc/foo.html",
                                                                    .cwds = {"home", "jamesc"},
                                                                    .name = "foo.html"})}},
        {"000",
         "3.1 Inconsistency of current implementations",
         "verbatim",
         {"ftp://host/foo/bar.html",
          ok({.host = "host", .path = "/foo/bar.html", .cwds = {"foo"}, .name = "bar.html"})}},
        {"000",
         "3.1 (proposed ~ for the login directory)",
         "verbatim",
         {"ftp://host/~/foo/bar.html",
          ok({.host = "host", .path = "/~/foo/bar.html", .cwds = {"~", "foo"}, .name = "bar.html"})}},
        {"000",
         "3.1 (default directory of the current user)",
         "verbatim",
         {"ftp://user:pass@host/~/",
          ok({.user = "user", .password = "pass", .host = "host", .path = "/~/", .cwds = {"~"}, .name = ""},
             {D::userinfo_password})}},

        // ---- 001 Hoffman, The ftp URI Scheme (2005) -------------------------------------
        {"001, 002, 003, 004",
         "001 2. Scheme Definition (\"If :<port> is omitted, the port defaults to 21\")",
         "rule",
         {"ftp://host.example/", ok({.host = "host.example", .path = "/"})}},
        {"001, 002, 003, 004",
         "001 2. (the default port written out)",
         "rule",
         {"ftp://host.example:21/",
          ok({.host = "host.example", .port = "21", .path = "/"}, {finding{D::port_default, 19, 2}})}},
        {"001, 003, 004",
         "001 2.2 url-path (form lost) <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>",
         "instantiated",
         {"ftp://host.example/cwd1/cwd2/name;type=d", ok({.host = "host.example",
                                                          .path = "/cwd1/cwd2/name",
                                                          .typecode = 'd',
                                                          .cwds = {"cwd1", "cwd2"},
                                                          .name = "name"})}},
        {"001",
         "2.2 historical note (\"presented with the URL <URL:>\", CWD /abc or CWD abc, RETR def)",
         "reconstructed",
         {"ftp://host/abc/def", ok({.host = "host", .path = "/abc/def", .cwds = {"abc"}, .name = "def"})}},
        {"001, 000, 003, 004",
         "001 2.2 (a \"/\" inside a name must be encoded)",
         "rule",
         {"ftp://host.example/a%2Fb/c",
          ok({.host = "host.example", .path = "/a%2Fb/c", .cwds = {"a/b"}, .name = "c"}, {D::path_encoded_slash})}},
        {"001",
         "3. Security (clients moving \"above\" the base directory)",
         "rule",
         {"ftp://host.example/../etc/passwd", err(D::path_above_root, 19, 2),
          ok({.host = "host.example", .path = "/../etc/passwd", .cwds = {"..", "etc"}, .name = "passwd"},
             {finding{D::path_dot_segment, 19, 2}, finding{D::path_above_root, 19, 2}})}},
        {"001",
         "3. Security (climbing after a descent)",
         "rule",
         {"ftp://host.example/pub/../../etc", err(D::path_above_root, 26, 2)}},
        {"001",
         "3. Security (a dot-segment that stays inside)",
         "rule",
         {"ftp://host.example/pub/../etc",
          ok({.host = "host.example", .path = "/pub/../etc", .cwds = {"pub", ".."}, .name = "etc"},
             {D::path_dot_segment})}},
        {"001",
         "3. Security (encoded traversal inside one segment)",
         "rule",
         {"ftp://host.example/..%2F..%2Fetc/passwd", err(D::path_encoded_traversal, 19, 13),
          ok({.host = "host.example", .path = "/..%2F..%2Fetc/passwd", .cwds = {"../../etc"}, .name = "passwd"},
             {finding{D::path_encoded_traversal, 19, 13}, finding{D::path_encoded_slash, 21, 3}})}},
        {"001, 000, 002, 003, 004",
         "001 2.1 FTP Name and Password (\"anonymous\" is the convention)",
         "rule",
         {"ftp://anonymous@host.example/",
          ok({.user = "anonymous", .host = "host.example", .path = "/"}, {finding{D::userinfo_anonymous, 6, 9}})}},

        // ---- 002 draft-yevstifeyev-ftp-uri-scheme-01 ------------------------------------
        {"002",
         "2.1 URI Scheme Syntax (ABNF erratum: typecode-part = \";typecode=\" typecode)",
         "instantiated",
         {"ftp://user:pass@host.example:2121/dir/file.txt;typecode=a",
          err(D::typecode_misspelled, 46, 10, {D::userinfo_password}),
          ok({.user = "user",
              .password = "pass",
              .host = "host.example",
              .port = "2121",
              .path = "/dir/file.txt;typecode=a",
              .cwds = {"dir"},
              .name = "file.txt;typecode=a"},
             {D::userinfo_password, D::typecode_misspelled, D::path_raw_semicolon}),
          "002's ABNF spells the typecode `;typecode=`, against its own 2.2.3 and every other seed; "
          "ftpuri reads `;type=` and reports typecode.misspelled (strict error, rfc3986 warning)"}},
        {"002",
         "2.1 (the same URI with the erratum fixed)",
         "instantiated",
         {"ftp://user:pass@host.example:2121/dir/file.txt;type=a", ok({.user = "user",
                                                                       .password = "pass",
                                                                       .host = "host.example",
                                                                       .port = "2121",
                                                                       .path = "/dir/file.txt",
                                                                       .typecode = 'a',
                                                                       .cwds = {"dir"},
                                                                       .name = "file.txt"},
                                                                      {D::userinfo_password})}},
        {"002",
         "2.2.3 The <ftp-path> Part <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>",
         "instantiated",
         {"ftp://host.example/cwd1/cwd2/name;type=i", ok({.host = "host.example",
                                                          .path = "/cwd1/cwd2/name",
                                                          .typecode = 'i',
                                                          .cwds = {"cwd1", "cwd2"},
                                                          .name = "name"})}},
        {"002",
         R"(2.1 (ABNF literals are case-insensitive: "ftp:", ";type="))",
         "rule",
         {"FTP://HOST.EXAMPLE/name;TYPE=I",
          ok({.host = "HOST.EXAMPLE", .path = "/name", .typecode = 'i', .name = "name"},
             {finding{D::scheme_uppercase, 0, 3}, finding{D::host_uppercase, 6, 1},
              finding{D::typecode_uppercase, 23, 7},
              // curl reads ";TYPE=I" as part of the name (its ";type=" is case-sensitive).
              finding{D::interop_typecode_case, 23, 7}})}},
        {"002",
         "2.2.3 (\"Each of the <cwd> parts MAY be null\"; null CWDs are not sent)",
         "rule",
         {"ftp://host.example/a//b/name",
          ok({.host = "host.example", .path = "/a//b/name", .cwds = {"a", "", "b"}, .name = "name"},
             {finding{D::path_empty_segment, 20, 1}})}},
        {"002",
         "2.2.3 note (a typecode with no <cwd-part>) read through the ABNF erratum (no '/')",
         "rule",
         {"ftp://host.example;type=d", err(D::host_invalid_char, 18, 1),
          ok({.host = "host.example;type=d", .kind = host_kind::reg_name}, {D::host_not_dns}),
          "002's ftp-path lets a typecode follow the host without a '/'; RFC 3986 ends the authority "
          "at the first '/', so the ';' is in the host: host.invalid-char in strict (a reg-name in "
          "rfc3986), never a typecode"}},
        {"002",
         "2.2.3 note (a typecode for the root directory, erratum fixed)",
         "rule",
         {"ftp://host.example/;type=d", ok({.host = "host.example", .path = "/", .typecode = 'd', .name = ""})}},
        {"002",
         "2.2.1 The <user-pass> Part (a user, no password: ask for it)",
         "rule",
         {"ftp://user@host.example/", ok({.user = "user", .host = "host.example", .path = "/"})}},
        {"002",
         "2.2.1 (usp-char excludes ':'; it must be percent-encoded)",
         "rule",
         {"ftp://user:pa:ss@host.example/", err(D::userinfo_raw_colon, 13, 1),
          ok({.user = "user", .password = "pa:ss", .host = "host.example", .path = "/"},
             {D::userinfo_password, finding{D::userinfo_raw_colon, 13, 1}})}},
        {"002",
         "2.2.1 (':' in a password, percent-encoded)",
         "rule",
         {"ftp://user:pa%3Ass@host.example/",
          ok({.user = "user", .password = "pa%3Ass", .host = "host.example", .path = "/"}, {D::userinfo_password})}},
        {"002",
         "2.2.2 The <host-port> Part",
         "rule",
         {"ftp://host.example:2121/", ok({.host = "host.example", .port = "2121", .path = "/"})}},
        {"002",
         "2.3 Encoding Considerations (UTF-8, percent-encoded)",
         "rule",
         {"ftp://host.example/%C3%A9t%C3%A9.txt",
          ok({.host = "host.example", .path = "/%C3%A9t%C3%A9.txt", .name = "\xC3\xA9t\xC3\xA9.txt"})}},
        {"002",
         "2.3 (a name that is not UTF-8)",
         "rule",
         {"ftp://host.example/%E9t%E9.txt",
          ok({.host = "host.example", .path = "/%E9t%E9.txt", .name = "\xE9t\xE9.txt"},
             {finding{D::pct_non_utf8, 19, 11}})}},

        // ---- 003 draft-hoffman-rfc1738bis-00 -------------------------------------------
        // "//<user>:<password>@<host>:<port>/<url-path>" came out of extraction as "//:@:/".
        {"003",
         "2.1 Common Internet Scheme Syntax (as extracted, placeholders stripped)",
         "verbatim",
         {"ftp://:@:/",
          err(D::host_empty, 8, 0, {finding{D::userinfo_password, 7, 0}, finding{D::userinfo_empty_user, 7, 1}}),
          ok_with_at_least(
              {.user = "",
               .password = "",
               .host = "",
               .kind = host_kind::reg_name,
               .port = "",
               .path = "/",
               .name = ""},
              {D::userinfo_password, D::userinfo_empty_user, D::host_empty, finding{D::port_empty, 8, 1}})}},
        {"003, 004",
         "2.1 //<user>:<password>@<host>:<port>/<url-path>",
         "instantiated",
         {"ftp://user:password@host.example:2121/url-path", ok({.user = "user",
                                                                .password = "password",
                                                                .host = "host.example",
                                                                .port = "2121",
                                                                .path = "/url-path",
                                                                .name = "url-path"},
                                                               {D::userinfo_password})}},
        // "E.g., <URL:ftp://@host.com/> has an empty user name and no password, <URL:ftp://host.com/>
        //  has no user name, while <URL:ftp://foo:@host.com/> has a user name of "foo" and an empty
        //  password." (RFC 1738 3.1; the URLs are stripped in 003)
        {"003",
         "2.1 user (empty user name, no password)",
         "reconstructed",
         {"ftp://@host.com/",
          ok({.user = "", .host = "host.com", .path = "/"}, {finding{D::userinfo_empty_user, 6, 1}})}},
        {"003", "2.1 user (no user name)", "reconstructed", {"ftp://host.com/", ok({.host = "host.com", .path = "/"})}},
        {"003",
         "2.1 password (user \"foo\", empty password)",
         "reconstructed",
         {"ftp://foo:@host.com/", ok({.user = "foo", .password = "", .host = "host.com", .path = "/"},
                                     {finding{D::userinfo_password, 10, 0}})}},
        {"003, 004",
         "2.1 host (four decimal digit groups)",
         "rule",
         {"ftp://192.0.2.16/", ok({.host = "192.0.2.16", .kind = host_kind::ipv4, .path = "/"})}},
        {"003, 004",
         "2.1 host (\"The rightmost domain label will never start with a digit\")",
         "rule",
         {"ftp://host.123/", err(D::host_numeric_ambiguous, 6, 8)}},
        {"003, 004",
         "2.1 host (a rightmost label starting with a digit but not all digits)",
         "rule",
         {"ftp://example.1com/", ok({.host = "example.1com", .path = "/"}), std::nullopt,
          "003/004 say the rightmost label never starts with a digit; ftpuri's dns-name (docs/behaviour.md) "
          "only forbids an all-digit last label, the one that can be taken for an IPv4 address "
          "(RFC 1123 2.1 lets labels start with a digit)"}},
        {"003, 004",
         "2.1 host (not four decimal groups: read as another address elsewhere)",
         "rule",
         {"ftp://127.1/", err(D::host_numeric_ambiguous, 6, 5)}},
        {"003, 004",
         "2.1 host (leading zeros: octal elsewhere)",
         "rule",
         {"ftp://010.0.0.1/", err(D::host_numeric_ambiguous, 6, 9)}},
        {"003, 004",
         "2.1 host (a group above 255)",
         "rule",
         {"ftp://192.0.2.256/", err(D::host_numeric_ambiguous, 6, 11)}},
        {"003, 004",
         "2.1 host (labels start with an alphanumeric character)",
         "rule",
         {"ftp://-host.example/", err(D::host_label_hyphen, 6, 1)}},
        {"003, 004",
         "2.1 host (labels end with an alphanumeric character)",
         "rule",
         {"ftp://host-.example/", err(D::host_label_hyphen, 10, 1)}},
        {"003, 004",
         "2.1 host (fully qualified, with the root's trailing dot)",
         "rule",
         {"ftp://host.example./", ok({.host = "host.example.", .path = "/"})}},
        {"004",
         "3.2.1 FTP Name and Password (user, no password: the client asks)",
         "rule",
         {"ftp://myname@host.dom/", ok({.user = "myname", .host = "host.dom", .path = "/"})}},
        // "//<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>" came out as "//...//;type=".
        // The url-path form as extracted, after "ftp://host.dom/" (the '/' before a url-path is not
        // part of it): empty segments, "...", and a ";type=" with no typecode.
        {"004, 003",
         "3.2.2 FTP url-path (as extracted, placeholders stripped)",
         "verbatim",
         // The stripped placeholders leave a "..." segment, a look-alike of "..", before the
         // typecode's missing letter.
         {"ftp://host.dom///...//;type=",
          err(D::path_dot_lookalike, 17, 3, {finding{D::path_empty_segment, 14, 1}, finding{D::path_absolute, 14, 2}}),
          // RFC 3986 has no typecode: ";type=" is just the text of the last segment.
          ok({.host = "host.dom", .path = "///...//;type=", .cwds = {"", "", "...", ""}, .name = ";type="},
             {finding{D::path_empty_segment, 14, 1}, finding{D::path_absolute, 14, 2},
              finding{D::path_dot_lookalike, 17, 3},
              // curl ends the path at the ";type=" with no letter.
              finding{D::interop_typecode_cut, 22, 6}, finding{D::path_raw_semicolon, 22, 1}})}},
        {"004, 003",
         "3.2.2 FTP url-path, the whole RFC 1738 form",
         "instantiated",
         {"ftp://myname:secret@host.dom:21/cwd1/cwd2/name;type=a",
          ok({.user = "myname",
              .password = "secret",
              .host = "host.dom",
              .port = "21",
              .path = "/cwd1/cwd2/name",
              .typecode = 'a',
              .cwds = {"cwd1", "cwd2"},
              .name = "name"},
             {finding{D::userinfo_password, 13, 6}, finding{D::port_default, 29, 2}})}},
        {"004, 003",
         "3.2.2 (typecode d: NLST <name>)",
         "instantiated",
         {"ftp://host.dom/pub/dir/;type=d",
          ok({.host = "host.dom", .path = "/pub/dir/", .typecode = 'd', .cwds = {"pub", "dir"}, .name = ""})}},
        {"004, 003, 001",
         R"(3.2.2 (<typecode> is one of "a", "i", or "d"))",
         "rule",
         {"ftp://host.dom/name;type=x", err(D::typecode_invalid, 25, 1)}},

        // ---- URLs of other schemes in the seeds: not ftp URIs ---------------------------
        {"002",
         "Status of this Memo",
         "verbatim",
         {"http://www.ietf.org/1id-abstracts.html", err(D::scheme_not_ftp, 0, 4)}},
        {"002, 003",
         "Status of this Memo",
         "verbatim",
         {"http://www.ietf.org/shadow.html", err(D::scheme_not_ftp, 0, 4)}},
        {"002",
         "Copyright and License Notice",
         "verbatim",
         {"http://trustee.ietf.org/license-info", err(D::scheme_not_ftp, 0, 4)}},
        {"002",
         "5.2 Informative References [IANA-PORTREG]",
         "verbatim",
         {"http://www.iana.org/assignments/port-numbers", err(D::scheme_not_ftp, 0, 4)}},
        {"003",
         "Status of this Memo (line-broken in the text)",
         "verbatim",
         {"http:// www.ietf.org/ietf/1id-abstracts.txt", err(D::scheme_not_ftp, 0, 4)}},
        {"003", "2.5 TELNET (placeholders stripped)", "verbatim", {"telnet://:@:/", err(D::scheme_not_ftp, 0, 6)}},
        {"003",
         "2.3.1 Gopher URL syntax (placeholders stripped)",
         "verbatim",
         {"gopher://:/", err(D::scheme_not_ftp, 0, 6)}},
        {"003", "2.6 WAIS (placeholders stripped)", "verbatim", {"wais://:/", err(D::scheme_not_ftp, 0, 4)}},
        {"003",
         "2.6 WAIS, the search form (placeholders stripped)",
         "verbatim",
         {"wais://:/?", err(D::scheme_not_ftp, 0, 4)}},
        {"003",
         "2.6 WAIS, the document form (placeholders stripped)",
         "verbatim",
         {"wais://:///", err(D::scheme_not_ftp, 0, 4)}},
        {"003", "2.8 Prospero (placeholders stripped)", "verbatim", {"prospero://:/;=", err(D::scheme_not_ftp, 0, 8)}},
        {"003", "2.7 FILES, the form (placeholders stripped)", "verbatim", {"file:///", err(D::scheme_not_ftp, 0, 4)}},
        {"003", "2.7 FILES", "verbatim", {"file:///c:/windows/example.ini", err(D::scheme_not_ftp, 0, 4)}},
        {"003", "2.7 FILES", "verbatim", {"file://usr/local/bin/", err(D::scheme_not_ftp, 0, 4)}},
    };
    return table;
}

class SeedCase : public ::testing::TestWithParam<std::size_t> {};

TEST_P(SeedCase, Verdict)
{
    seed_case const& s = seed_cases()[GetParam()];
    SCOPED_TRACE("seed " + std::string(s.seed) + ", " + std::string(s.section) + " (" + std::string(s.how) + ")");
    if (!s.c.why.empty()) RecordProperty("why", std::string(s.c.why));
    check_case(s.c);
}

INSTANTIATE_TEST_SUITE_P(Seeds, SeedCase, ::testing::Range<std::size_t>(0, seed_cases().size()),
                         [](::testing::TestParamInfo<std::size_t> const& param_info) {
                             seed_case const& s = seed_cases()[param_info.param];
                             // Appended piece by piece: GCC 12's false -Wrestrict (bug 105329).
                             std::string name = "s";
                             name += s.seed.substr(0, 3);
                             name += '_';
                             name += std::to_string(param_info.param);
                             name += '_';
                             for (char ch : s.c.uri)
                                 if (((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                                      (ch >= '0' && ch <= '9')) &&
                                     name.size() < 48)
                                     name += ch;
                             return name;
                         });

TEST(Seeds, TableIsWellFormed)
{
    std::set<std::string_view> seen;
    std::set<std::string_view> const hows = {"verbatim", "reconstructed", "instantiated", "rule"};
    int per_seed[5] = {};
    for (auto const& s : seed_cases()) {
        EXPECT_TRUE(seen.insert(s.c.uri).second) << "duplicate <" << s.c.uri << ">";
        EXPECT_TRUE(hows.count(s.how)) << s.how;
        EXPECT_FALSE(s.section.empty());
        EXPECT_TRUE(s.seed.size() >= 3 && s.seed[0] == '0' && s.seed[1] == '0' && s.seed[2] >= '0' && s.seed[2] <= '4')
            << s.seed;
        for (std::size_t i = 0; i + 2 < s.seed.size(); ++i)
            if (s.seed[i] == '0' && s.seed[i + 1] == '0' && s.seed[i + 2] >= '0' && s.seed[i + 2] <= '4')
                ++per_seed[s.seed[i + 2] - '0'];
        if (!s.c.strict.error) {
            EXPECT_TRUE(s.c.strict.view.has_value()) << s.c.uri;
        }
    }
    // Every seed contributes examples.
    for (int i = 0; i < 5; ++i)
        EXPECT_GT(per_seed[i], 0) << "seed 00" << i << " has no example";
}

// The ftp URLs printed verbatim in the seeds (000 keeps all of its own): each must be in the
// table and accepted by strict. This list is copied from the seed texts, so a table edit that
// drops one is caught.
TEST(Seeds, VerbatimFtpUrlsOfCasey)
{
    std::vector<std::string_view> const printed = {
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "ftp://jamesc@ftp.harlequin.com/foo.html",
        "ftp://paulh@ftp.harlequin.com/home/jamesc/foo.html",
        "ftp://host/foo/bar.html",
        "ftp://host/~/foo/bar.html",
        "ftp://user:pass@host/~/",
    };
    for (auto u : printed) {
        bool in_table = false;
        for (auto const& s : seed_cases())
            if (s.c.uri == u) {
                in_table = true;
                EXPECT_EQ(s.how, "verbatim") << u;
            }
        EXPECT_TRUE(in_table) << u;
        EXPECT_TRUE(ftpuri::validate(u)) << u;
    }
}

} // namespace
