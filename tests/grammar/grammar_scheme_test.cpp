// SPDX-License-Identifier: Apache-2.0
// tests/grammar/grammar_scheme_test.cpp: the rules of docs/grammar.abnf that frame a URI (input,
// ftp-scheme, "//", and the whole ftp-URI / ftp-URI-rfc3986), one row per input and profile.
// Each row runs through ftpuri::parse and ftpuri::validate (tests/support/grammar_rows.hpp:
// the components of valid rows, the error id and offset of invalid ones, from docs/scanner.md).
#include <gtest/gtest.h>

#include "support/grammar_rows.hpp"

namespace {

using ftpuri::host_kind;
using ftpuri_test::absent;
using ftpuri_test::R;
using ftpuri_test::row;

using ftpuri_test::Rule;

// ---------------------------------------------------------------------------------------------
// input, ftp-scheme, "//"
// ---------------------------------------------------------------------------------------------
row const scheme_rows[] = {
    {.input = "ftp://h/", .host = "h", .path = "/"},
    {.input = "FTP://h/", .host = "h"},
    {.input = "Ftp://h/"},
    {.input = "fTp://h/", .p = R},
    {.input = "", .valid = false, .error = "input.empty", .offset = 0},
    {.input = "", .p = R, .valid = false, .error = "input.empty", .offset = 0},
    {.input = "http://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "http://h/", .p = R, .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ftps://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ft://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "f+p://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ftp+x://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ftp//h/", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = "ftp", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = "//h/", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = "1ftp://h/", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = " ftp://h/", .valid = false, .error = "char.space", .offset = 0},
    {.input = "\tftp://h/", .valid = false, .error = "char.control", .offset = 0},
    {.input = "ftp:h/", .valid = false, .error = "authority.missing", .offset = 4},
    {.input = "ftp:/h/", .valid = false, .error = "authority.missing", .offset = 4},
    {.input = "ftp:", .valid = false, .error = "authority.missing", .offset = 4},
    {.input = "ftp:/h/", .p = R, .valid = false, .error = "authority.missing", .offset = 4},
};
INSTANTIATE_TEST_SUITE_P(Scheme, Rule, ::testing::ValuesIn(scheme_rows));

// ---------------------------------------------------------------------------------------------
// The whole ftp-URI
// ---------------------------------------------------------------------------------------------
row const uri_rows[] = {
    {.input = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i#frag",
     .host = "host.example",
     .kind = host_kind::dns_name,
     .port = 2121,
     .path = "/pub/dir/file.txt",
     .nsegs = 3,
     .name = "file.txt",
     .tc = 'i',
     .user = "user",
     .password = "pass",
     .query = absent,
     .fragment = "frag"},
    {.input = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i?q#frag",
     .p = R,
     .host = "host.example",
     .kind = host_kind::dns_name,
     .port = 2121,
     .path = "/pub/dir/file.txt",
     .nsegs = 3,
     .name = "file.txt",
     .tc = 'i',
     .user = "user",
     .password = "pass",
     .query = "q",
     .fragment = "frag"},
    {.input = "ftp://ftp.example.org/pub/README",
     .host = "ftp.example.org",
     .port = 0,
     .path = "/pub/README",
     .nsegs = 2,
     .name = "README",
     .tc = '\0',
     .user = absent,
     .password = absent,
     .query = absent,
     .fragment = absent},
    {.input = "FTP://U@[2001:db8::7]:21/%7Euser/;TYPE=D",
     .host = "[2001:db8::7]",
     .kind = host_kind::ipv6,
     .port = 21,
     .path = "/%7Euser/",
     .nsegs = 2,
     .name = "",
     .tc = 'd',
     .user = "U"},
};
INSTANTIATE_TEST_SUITE_P(FtpUri, Rule, ::testing::ValuesIn(uri_rows));

} // namespace
