// SPDX-License-Identifier: Apache-2.0
// tests/grammar/grammar_authority_test.cpp: the authority's rules of docs/grammar.abnf but the host
// (user-pass, user, password, usp-char in strict; userinfo in rfc3986; port), one row per input
// and profile.
// Each row runs through ftpuri::parse and ftpuri::validate (tests/support/grammar_rows.hpp:
// the components of valid rows, the error id and offset of invalid ones, from docs/scanner.md).
#include <gtest/gtest.h>

#include "support/grammar_rows.hpp"

namespace {

using ftpuri_test::absent;
using ftpuri_test::R;
using ftpuri_test::row;

using ftpuri_test::Rule;

// ---------------------------------------------------------------------------------------------
// user-pass, user, password, usp-char (strict); userinfo (rfc3986)
// ---------------------------------------------------------------------------------------------
row const userinfo_rows[] = {
    {.input = "ftp://h/", .user = absent, .password = absent},
    {.input = "ftp://user@h/", .host = "h", .user = "user", .password = absent},
    {.input = "ftp://user:pw@h/", .host = "h", .user = "user", .password = "pw"},
    {.input = "ftp://user:@h/", .user = "user", .password = ""},
    {.input = "ftp://@h/", .host = "h", .user = "", .password = absent},
    {.input = "ftp://:@h/", .user = "", .password = ""},
    {.input = "ftp://:pw@h/", .user = "", .password = "pw"},
    {.input = "ftp://u%40x:p%3Aw@h/", .user = "u%40x", .password = "p%3Aw"},
    {.input = "ftp://a!$&'()*+,;=:b-._~@h/", .user = "a!$&'()*+,;=", .password = "b-._~"},
    {.input = "ftp://anonymous@h/", .user = "anonymous"},
    {.input = "ftp://u/x@h/", .host = "u", .path = "/x@h/", .user = absent},
    {.input = "ftp://u#@h/", .host = "u", .path = "", .user = absent, .fragment = "@h/"},
    {.input = "ftp://u:p:q@h/", .valid = false, .error = "userinfo.raw-colon", .offset = 9},
    {.input = "ftp://u:p:q@h/", .p = R, .host = "h", .user = "u", .password = "p:q"},
    {.input = "ftp://u::@h/", .valid = false, .error = "userinfo.raw-colon", .offset = 8},
    {.input = "ftp://u@v@h/", .valid = false, .error = "userinfo.multiple-at", .offset = 7},
    {.input = "ftp://u@v@h/", .p = R, .valid = false, .error = "userinfo.multiple-at", .offset = 7},
    {.input = "ftp://u v@h/", .valid = false, .error = "char.space", .offset = 7},
    {.input = "ftp://u\"@h/", .valid = false, .error = "char.unsafe", .offset = 7},
    {.input = "ftp://u\x01@h/", .valid = false, .error = "char.control", .offset = 7},
    {.input = "ftp://\xC3\xA9@h/", .valid = false, .error = "char.non-ascii", .offset = 6},
    {.input = "ftp://u[@h/", .valid = false, .error = "char.not-allowed", .offset = 7},
    {.input = "ftp://u%zz@h/", .valid = false, .error = "pct.malformed", .offset = 7},
    {.input = "ftp://u%4@h/", .valid = false, .error = "pct.malformed", .offset = 7},
    {.input = "ftp://u:p%@h/", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://u%00@h/", .valid = false, .error = "pct.forbidden-control", .offset = 7},
    {.input = "ftp://u%00@h/", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 7},
    {.input = "ftp://u:p%0a@h/", .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://u%0D@h/", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 7},
    {.input = "ftp://u%01@h/", .valid = false, .error = "pct.control", .offset = 7},
    {.input = "ftp://u%7F@h/", .valid = false, .error = "pct.control", .offset = 7},
    {.input = "ftp://u%01@h/", .p = R, .user = "u%01"},
    {.input = "ftp://u?@h/", .valid = false, .error = "query.present", .offset = 7},
};
INSTANTIATE_TEST_SUITE_P(UserPass, Rule, ::testing::ValuesIn(userinfo_rows));

// ---------------------------------------------------------------------------------------------
// port
// ---------------------------------------------------------------------------------------------
row const port_rows[] = {
    {.input = "ftp://h/", .port = 0},
    {.input = "ftp://h:21/", .host = "h", .port = 21},
    {.input = "ftp://h:2121/", .port = 2121},
    {.input = "ftp://h:1/", .port = 1},
    {.input = "ftp://h:65535/", .port = 65535},
    {.input = "ftp://h:021/", .port = 21},
    {.input = "ftp://h:00001/", .port = 1},
    {.input = "ftp://h:/", .host = "h", .port = 0, .path = "/"},
    {.input = "ftp://h:", .host = "h", .port = 0, .path = ""},
    {.input = "ftp://h:21#f", .port = 21, .fragment = "f"},
    {.input = "ftp://h:0/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:000/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:65536/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:99999/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:4294967317/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:99999999999999999999999/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:0/", .p = R, .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:65536/", .p = R, .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:x/", .valid = false, .error = "port.invalid", .offset = 8},
    {.input = "ftp://h:2x/", .valid = false, .error = "port.invalid", .offset = 9},
    {.input = "ftp://h:-1/", .valid = false, .error = "port.invalid", .offset = 8},
    {.input = "ftp://h:+1/", .valid = false, .error = "port.invalid", .offset = 8},
    {.input = "ftp://h:1:2/", .valid = false, .error = "port.invalid", .offset = 9},
    {.input = "ftp://h:1:2/", .p = R, .valid = false, .error = "port.invalid", .offset = 9},
    {.input = "ftp://h:21 /", .valid = false, .error = "char.space", .offset = 10},
    {.input = "ftp://h:21?x", .valid = false, .error = "query.present", .offset = 10},
    {.input = "ftp://h:21?x", .p = R, .port = 21, .query = "x"},
};
INSTANTIATE_TEST_SUITE_P(Port, Rule, ::testing::ValuesIn(port_rows));

} // namespace
