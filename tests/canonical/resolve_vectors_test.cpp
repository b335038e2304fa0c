// SPDX-License-Identifier: Apache-2.0
// resolve_vectors_test: the peers' resolution vectors (tests/data/resolve-vectors.jsonl: CPython
// urljoin, Boost.URL resolve, curl's URL API) against include/ftpuri/resolve.hpp, rewritten with
// ftp: "http:" at the start of the base, the reference and the result is spelled "ftp:". Each row
// names its record, transcribes the peer's strings (checked against it) and gives ftpuri's target,
// with the reason wherever it differs from the peer's; every record is used.
//
// A ".." above the root is dropped, as RFC 3986's text says ("../../../g" is "ftp://a/g");
// Boost.URL (errata 4547) keeps it.
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/json.hpp"
#include "support/peer_records.hpp"
#include "support/profiles.hpp"
#include "support/resolve_check.hpp"
#include "support/strcat.hpp"

namespace {

using ftpuri::profile;
using ftpuri_test::cat;
using ftpuri_test::check_resolve;
using ftpuri_test::in;

struct vector_row {
    std::string_view tag; // cpython, boost, curl
    long line;
    std::string_view peer_base; // verbatim
    std::string_view peer_ref;
    std::string_view peer_result;
    std::string_view base; // rewritten
    std::string_view ref;
    profile syntax;          // the base's profile
    std::string_view target; // RFC 3986 5.2 (strict), ".." above the root dropped
    std::string_view why;    // non-empty exactly where ftpuri disagrees with the peer
};

// clang-format off
std::vector<vector_row> const vector_rows = {
    {"cpython", 366, "http://a/b/c/d;p?q#f", "g:h", "g:h", "ftp://a/b/c/d;p?q#f", "g:h", profile::rfc3986, "g:h", ""},
    {"cpython", 367, "http://a/b/c/d;p?q#f", "g", "http://a/b/c/g", "ftp://a/b/c/d;p?q#f", "g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"cpython", 368, "http://a/b/c/d;p?q#f", "./g", "http://a/b/c/g", "ftp://a/b/c/d;p?q#f", "./g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"cpython", 369, "http://a/b/c/d;p?q#f", "g/", "http://a/b/c/g/", "ftp://a/b/c/d;p?q#f", "g/", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"cpython", 370, "http://a/b/c/d;p?q#f", "/g", "http://a/g", "ftp://a/b/c/d;p?q#f", "/g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 371, "http://a/b/c/d;p?q#f", "//g", "http://g", "ftp://a/b/c/d;p?q#f", "//g", profile::rfc3986, "ftp://g", ""},
    {"cpython", 372, "http://a/b/c/d;p?q#f", "g?y", "http://a/b/c/g?y", "ftp://a/b/c/d;p?q#f", "g?y", profile::rfc3986, "ftp://a/b/c/g?y", ""},
    {"cpython", 373, "http://a/b/c/d;p?q#f", "g?y/./x", "http://a/b/c/g?y/./x", "ftp://a/b/c/d;p?q#f", "g?y/./x", profile::rfc3986, "ftp://a/b/c/g?y/./x", ""},
    {"cpython", 374, "http://a/b/c/d;p?q#f", "#s", "http://a/b/c/d;p?q#s", "ftp://a/b/c/d;p?q#f", "#s", profile::rfc3986, "ftp://a/b/c/d;p?q#s", ""},
    {"cpython", 375, "http://a/b/c/d;p?q#f", "g#s", "http://a/b/c/g#s", "ftp://a/b/c/d;p?q#f", "g#s", profile::rfc3986, "ftp://a/b/c/g#s", ""},
    {"cpython", 376, "http://a/b/c/d;p?q#f", "g#s/./x", "http://a/b/c/g#s/./x", "ftp://a/b/c/d;p?q#f", "g#s/./x", profile::rfc3986, "ftp://a/b/c/g#s/./x", ""},
    {"cpython", 377, "http://a/b/c/d;p?q#f", "g?y#s", "http://a/b/c/g?y#s", "ftp://a/b/c/d;p?q#f", "g?y#s", profile::rfc3986, "ftp://a/b/c/g?y#s", ""},
    {"cpython", 378, "http://a/b/c/d;p?q#f", "g;x", "http://a/b/c/g;x", "ftp://a/b/c/d;p?q#f", "g;x", profile::rfc3986, "ftp://a/b/c/g;x", ""},
    {"cpython", 379, "http://a/b/c/d;p?q#f", "g;x?y#s", "http://a/b/c/g;x?y#s", "ftp://a/b/c/d;p?q#f", "g;x?y#s", profile::rfc3986, "ftp://a/b/c/g;x?y#s", ""},
    {"cpython", 380, "http://a/b/c/d;p?q#f", ".", "http://a/b/c/", "ftp://a/b/c/d;p?q#f", ".", profile::rfc3986, "ftp://a/b/c/", ""},
    {"cpython", 381, "http://a/b/c/d;p?q#f", "./", "http://a/b/c/", "ftp://a/b/c/d;p?q#f", "./", profile::rfc3986, "ftp://a/b/c/", ""},
    {"cpython", 382, "http://a/b/c/d;p?q#f", "..", "http://a/b/", "ftp://a/b/c/d;p?q#f", "..", profile::rfc3986, "ftp://a/b/", ""},
    {"cpython", 383, "http://a/b/c/d;p?q#f", "../", "http://a/b/", "ftp://a/b/c/d;p?q#f", "../", profile::rfc3986, "ftp://a/b/", ""},
    {"cpython", 384, "http://a/b/c/d;p?q#f", "../g", "http://a/b/g", "ftp://a/b/c/d;p?q#f", "../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"cpython", 385, "http://a/b/c/d;p?q#f", "../..", "http://a/", "ftp://a/b/c/d;p?q#f", "../..", profile::rfc3986, "ftp://a/", ""},
    {"cpython", 386, "http://a/b/c/d;p?q#f", "../../", "http://a/", "ftp://a/b/c/d;p?q#f", "../../", profile::rfc3986, "ftp://a/", ""},
    {"cpython", 387, "http://a/b/c/d;p?q#f", "../../g", "http://a/g", "ftp://a/b/c/d;p?q#f", "../../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 390, "http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q#f", "ftp://a/b/c/d;p?q#f", "", profile::rfc3986, "ftp://a/b/c/d;p?q", "CPython keeps the base's fragment for an empty reference (RFC 1808 behaviour); RFC 3986 5.2.2 takes the fragment from the reference, here none"},
    {"cpython", 391, "http://a/b/c/d;p?q#f", "g.", "http://a/b/c/g.", "ftp://a/b/c/d;p?q#f", "g.", profile::rfc3986, "ftp://a/b/c/g.", ""},
    {"cpython", 392, "http://a/b/c/d;p?q#f", ".g", "http://a/b/c/.g", "ftp://a/b/c/d;p?q#f", ".g", profile::rfc3986, "ftp://a/b/c/.g", ""},
    {"cpython", 393, "http://a/b/c/d;p?q#f", "g..", "http://a/b/c/g..", "ftp://a/b/c/d;p?q#f", "g..", profile::rfc3986, "ftp://a/b/c/g..", ""},
    {"cpython", 394, "http://a/b/c/d;p?q#f", "..g", "http://a/b/c/..g", "ftp://a/b/c/d;p?q#f", "..g", profile::rfc3986, "ftp://a/b/c/..g", ""},
    {"cpython", 395, "http://a/b/c/d;p?q#f", "./../g", "http://a/b/g", "ftp://a/b/c/d;p?q#f", "./../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"cpython", 396, "http://a/b/c/d;p?q#f", "./g/.", "http://a/b/c/g/", "ftp://a/b/c/d;p?q#f", "./g/.", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"cpython", 397, "http://a/b/c/d;p?q#f", "g/./h", "http://a/b/c/g/h", "ftp://a/b/c/d;p?q#f", "g/./h", profile::rfc3986, "ftp://a/b/c/g/h", ""},
    {"cpython", 398, "http://a/b/c/d;p?q#f", "g/../h", "http://a/b/c/h", "ftp://a/b/c/d;p?q#f", "g/../h", profile::rfc3986, "ftp://a/b/c/h", ""},
    {"cpython", 420, "http://a/b/c/d;p?q", "g:h", "g:h", "ftp://a/b/c/d;p?q", "g:h", profile::rfc3986, "g:h", ""},
    {"cpython", 421, "http://a/b/c/d;p?q", "g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"cpython", 422, "http://a/b/c/d;p?q", "./g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "./g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"cpython", 423, "http://a/b/c/d;p?q", "g/", "http://a/b/c/g/", "ftp://a/b/c/d;p?q", "g/", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"cpython", 424, "http://a/b/c/d;p?q", "/g", "http://a/g", "ftp://a/b/c/d;p?q", "/g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 425, "http://a/b/c/d;p?q", "//g", "http://g", "ftp://a/b/c/d;p?q", "//g", profile::rfc3986, "ftp://g", ""},
    {"cpython", 426, "http://a/b/c/d;p?q", "g?y", "http://a/b/c/g?y", "ftp://a/b/c/d;p?q", "g?y", profile::rfc3986, "ftp://a/b/c/g?y", ""},
    {"cpython", 427, "http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s", "ftp://a/b/c/d;p?q", "#s", profile::rfc3986, "ftp://a/b/c/d;p?q#s", ""},
    {"cpython", 428, "http://a/b/c/d;p?q", "g#s", "http://a/b/c/g#s", "ftp://a/b/c/d;p?q", "g#s", profile::rfc3986, "ftp://a/b/c/g#s", ""},
    {"cpython", 429, "http://a/b/c/d;p?q", "g?y#s", "http://a/b/c/g?y#s", "ftp://a/b/c/d;p?q", "g?y#s", profile::rfc3986, "ftp://a/b/c/g?y#s", ""},
    {"cpython", 430, "http://a/b/c/d;p?q", "g;x", "http://a/b/c/g;x", "ftp://a/b/c/d;p?q", "g;x", profile::rfc3986, "ftp://a/b/c/g;x", ""},
    {"cpython", 431, "http://a/b/c/d;p?q", "g;x?y#s", "http://a/b/c/g;x?y#s", "ftp://a/b/c/d;p?q", "g;x?y#s", profile::rfc3986, "ftp://a/b/c/g;x?y#s", ""},
    {"cpython", 432, "http://a/b/c/d;p?q", ".", "http://a/b/c/", "ftp://a/b/c/d;p?q", ".", profile::rfc3986, "ftp://a/b/c/", ""},
    {"cpython", 433, "http://a/b/c/d;p?q", "./", "http://a/b/c/", "ftp://a/b/c/d;p?q", "./", profile::rfc3986, "ftp://a/b/c/", ""},
    {"cpython", 434, "http://a/b/c/d;p?q", "..", "http://a/b/", "ftp://a/b/c/d;p?q", "..", profile::rfc3986, "ftp://a/b/", ""},
    {"cpython", 435, "http://a/b/c/d;p?q", "../", "http://a/b/", "ftp://a/b/c/d;p?q", "../", profile::rfc3986, "ftp://a/b/", ""},
    {"cpython", 436, "http://a/b/c/d;p?q", "../g", "http://a/b/g", "ftp://a/b/c/d;p?q", "../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"cpython", 437, "http://a/b/c/d;p?q", "../..", "http://a/", "ftp://a/b/c/d;p?q", "../..", profile::rfc3986, "ftp://a/", ""},
    {"cpython", 438, "http://a/b/c/d;p?q", "../../", "http://a/", "ftp://a/b/c/d;p?q", "../../", profile::rfc3986, "ftp://a/", ""},
    {"cpython", 439, "http://a/b/c/d;p?q", "../../g", "http://a/g", "ftp://a/b/c/d;p?q", "../../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 440, "http://a/b/c/d;p?q", "", "http://a/b/c/d;p?q", "ftp://a/b/c/d;p?q", "", profile::rfc3986, "ftp://a/b/c/d;p?q", ""},
    {"cpython", 441, "http://a/b/c/d;p?q", "g.", "http://a/b/c/g.", "ftp://a/b/c/d;p?q", "g.", profile::rfc3986, "ftp://a/b/c/g.", ""},
    {"cpython", 442, "http://a/b/c/d;p?q", ".g", "http://a/b/c/.g", "ftp://a/b/c/d;p?q", ".g", profile::rfc3986, "ftp://a/b/c/.g", ""},
    {"cpython", 443, "http://a/b/c/d;p?q", "g..", "http://a/b/c/g..", "ftp://a/b/c/d;p?q", "g..", profile::rfc3986, "ftp://a/b/c/g..", ""},
    {"cpython", 444, "http://a/b/c/d;p?q", "..g", "http://a/b/c/..g", "ftp://a/b/c/d;p?q", "..g", profile::rfc3986, "ftp://a/b/c/..g", ""},
    {"cpython", 445, "http://a/b/c/d;p?q", "./../g", "http://a/b/g", "ftp://a/b/c/d;p?q", "./../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"cpython", 446, "http://a/b/c/d;p?q", "./g/.", "http://a/b/c/g/", "ftp://a/b/c/d;p?q", "./g/.", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"cpython", 447, "http://a/b/c/d;p?q", "g/./h", "http://a/b/c/g/h", "ftp://a/b/c/d;p?q", "g/./h", profile::rfc3986, "ftp://a/b/c/g/h", ""},
    {"cpython", 448, "http://a/b/c/d;p?q", "g/../h", "http://a/b/c/h", "ftp://a/b/c/d;p?q", "g/../h", profile::rfc3986, "ftp://a/b/c/h", ""},
    {"cpython", 449, "http://a/b/c/d;p?q", "g;x=1/./y", "http://a/b/c/g;x=1/y", "ftp://a/b/c/d;p?q", "g;x=1/./y", profile::rfc3986, "ftp://a/b/c/g;x=1/y", ""},
    {"cpython", 450, "http://a/b/c/d;p?q", "g;x=1/../y", "http://a/b/c/y", "ftp://a/b/c/d;p?q", "g;x=1/../y", profile::rfc3986, "ftp://a/b/c/y", ""},
    {"cpython", 451, "http://a/b/c/d;p?q", "g?y/./x", "http://a/b/c/g?y/./x", "ftp://a/b/c/d;p?q", "g?y/./x", profile::rfc3986, "ftp://a/b/c/g?y/./x", ""},
    {"cpython", 452, "http://a/b/c/d;p?q", "g?y/../x", "http://a/b/c/g?y/../x", "ftp://a/b/c/d;p?q", "g?y/../x", profile::rfc3986, "ftp://a/b/c/g?y/../x", ""},
    {"cpython", 453, "http://a/b/c/d;p?q", "g#s/./x", "http://a/b/c/g#s/./x", "ftp://a/b/c/d;p?q", "g#s/./x", profile::rfc3986, "ftp://a/b/c/g#s/./x", ""},
    {"cpython", 454, "http://a/b/c/d;p?q", "g#s/../x", "http://a/b/c/g#s/../x", "ftp://a/b/c/d;p?q", "g#s/../x", profile::rfc3986, "ftp://a/b/c/g#s/../x", ""},
    {"cpython", 463, "http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q", "?y", profile::rfc3986, "ftp://a/b/c/d;p?y", ""},
    {"cpython", 464, "http://a/b/c/d;p?q", ";x", "http://a/b/c/;x", "ftp://a/b/c/d;p?q", ";x", profile::rfc3986, "ftp://a/b/c/;x", ""},
    {"cpython", 465, "http://a/b/c/d;p?q", "g:h", "g:h", "ftp://a/b/c/d;p?q", "g:h", profile::rfc3986, "g:h", ""},
    {"cpython", 466, "http://a/b/c/d;p?q", "g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"cpython", 467, "http://a/b/c/d;p?q", "./g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "./g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"cpython", 468, "http://a/b/c/d;p?q", "g/", "http://a/b/c/g/", "ftp://a/b/c/d;p?q", "g/", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"cpython", 469, "http://a/b/c/d;p?q", "/g", "http://a/g", "ftp://a/b/c/d;p?q", "/g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 470, "http://a/b/c/d;p?q", "//g", "http://g", "ftp://a/b/c/d;p?q", "//g", profile::rfc3986, "ftp://g", ""},
    {"cpython", 471, "http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q", "?y", profile::rfc3986, "ftp://a/b/c/d;p?y", ""},
    {"cpython", 472, "http://a/b/c/d;p?q", "g?y", "http://a/b/c/g?y", "ftp://a/b/c/d;p?q", "g?y", profile::rfc3986, "ftp://a/b/c/g?y", ""},
    {"cpython", 473, "http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s", "ftp://a/b/c/d;p?q", "#s", profile::rfc3986, "ftp://a/b/c/d;p?q#s", ""},
    {"cpython", 474, "http://a/b/c/d;p?q", "g#s", "http://a/b/c/g#s", "ftp://a/b/c/d;p?q", "g#s", profile::rfc3986, "ftp://a/b/c/g#s", ""},
    {"cpython", 475, "http://a/b/c/d;p?q", "g?y#s", "http://a/b/c/g?y#s", "ftp://a/b/c/d;p?q", "g?y#s", profile::rfc3986, "ftp://a/b/c/g?y#s", ""},
    {"cpython", 476, "http://a/b/c/d;p?q", ";x", "http://a/b/c/;x", "ftp://a/b/c/d;p?q", ";x", profile::rfc3986, "ftp://a/b/c/;x", ""},
    {"cpython", 477, "http://a/b/c/d;p?q", "g;x", "http://a/b/c/g;x", "ftp://a/b/c/d;p?q", "g;x", profile::rfc3986, "ftp://a/b/c/g;x", ""},
    {"cpython", 478, "http://a/b/c/d;p?q", "g;x?y#s", "http://a/b/c/g;x?y#s", "ftp://a/b/c/d;p?q", "g;x?y#s", profile::rfc3986, "ftp://a/b/c/g;x?y#s", ""},
    {"cpython", 479, "http://a/b/c/d;p?q", "", "http://a/b/c/d;p?q", "ftp://a/b/c/d;p?q", "", profile::rfc3986, "ftp://a/b/c/d;p?q", ""},
    {"cpython", 480, "http://a/b/c/d;p?q", ".", "http://a/b/c/", "ftp://a/b/c/d;p?q", ".", profile::rfc3986, "ftp://a/b/c/", ""},
    {"cpython", 481, "http://a/b/c/d;p?q", "./", "http://a/b/c/", "ftp://a/b/c/d;p?q", "./", profile::rfc3986, "ftp://a/b/c/", ""},
    {"cpython", 482, "http://a/b/c/d;p?q", "..", "http://a/b/", "ftp://a/b/c/d;p?q", "..", profile::rfc3986, "ftp://a/b/", ""},
    {"cpython", 483, "http://a/b/c/d;p?q", "../", "http://a/b/", "ftp://a/b/c/d;p?q", "../", profile::rfc3986, "ftp://a/b/", ""},
    {"cpython", 484, "http://a/b/c/d;p?q", "../g", "http://a/b/g", "ftp://a/b/c/d;p?q", "../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"cpython", 485, "http://a/b/c/d;p?q", "../..", "http://a/", "ftp://a/b/c/d;p?q", "../..", profile::rfc3986, "ftp://a/", ""},
    {"cpython", 486, "http://a/b/c/d;p?q", "../../", "http://a/", "ftp://a/b/c/d;p?q", "../../", profile::rfc3986, "ftp://a/", ""},
    {"cpython", 487, "http://a/b/c/d;p?q", "../../g", "http://a/g", "ftp://a/b/c/d;p?q", "../../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 488, "http://a/b/c/d;p?q", "../../../g", "http://a/g", "ftp://a/b/c/d;p?q", "../../../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 495, "http://a/b/c/d;p?q", "../../../g", "http://a/g", "ftp://a/b/c/d;p?q", "../../../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 496, "http://a/b/c/d;p?q", "../../../../g", "http://a/g", "ftp://a/b/c/d;p?q", "../../../../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 497, "http://a/b/c/d;p?q", "/./g", "http://a/g", "ftp://a/b/c/d;p?q", "/./g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 498, "http://a/b/c/d;p?q", "/../g", "http://a/g", "ftp://a/b/c/d;p?q", "/../g", profile::rfc3986, "ftp://a/g", ""},
    {"cpython", 499, "http://a/b/c/d;p?q", "g.", "http://a/b/c/g.", "ftp://a/b/c/d;p?q", "g.", profile::rfc3986, "ftp://a/b/c/g.", ""},
    {"cpython", 500, "http://a/b/c/d;p?q", ".g", "http://a/b/c/.g", "ftp://a/b/c/d;p?q", ".g", profile::rfc3986, "ftp://a/b/c/.g", ""},
    {"cpython", 501, "http://a/b/c/d;p?q", "g..", "http://a/b/c/g..", "ftp://a/b/c/d;p?q", "g..", profile::rfc3986, "ftp://a/b/c/g..", ""},
    {"cpython", 502, "http://a/b/c/d;p?q", "..g", "http://a/b/c/..g", "ftp://a/b/c/d;p?q", "..g", profile::rfc3986, "ftp://a/b/c/..g", ""},
    {"cpython", 503, "http://a/b/c/d;p?q", "./../g", "http://a/b/g", "ftp://a/b/c/d;p?q", "./../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"cpython", 504, "http://a/b/c/d;p?q", "./g/.", "http://a/b/c/g/", "ftp://a/b/c/d;p?q", "./g/.", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"cpython", 505, "http://a/b/c/d;p?q", "g/./h", "http://a/b/c/g/h", "ftp://a/b/c/d;p?q", "g/./h", profile::rfc3986, "ftp://a/b/c/g/h", ""},
    {"cpython", 506, "http://a/b/c/d;p?q", "g/../h", "http://a/b/c/h", "ftp://a/b/c/d;p?q", "g/../h", profile::rfc3986, "ftp://a/b/c/h", ""},
    {"cpython", 507, "http://a/b/c/d;p?q", "g;x=1/./y", "http://a/b/c/g;x=1/y", "ftp://a/b/c/d;p?q", "g;x=1/./y", profile::rfc3986, "ftp://a/b/c/g;x=1/y", ""},
    {"cpython", 508, "http://a/b/c/d;p?q", "g;x=1/../y", "http://a/b/c/y", "ftp://a/b/c/d;p?q", "g;x=1/../y", profile::rfc3986, "ftp://a/b/c/y", ""},
    {"cpython", 509, "http://a/b/c/d;p?q", "g?y/./x", "http://a/b/c/g?y/./x", "ftp://a/b/c/d;p?q", "g?y/./x", profile::rfc3986, "ftp://a/b/c/g?y/./x", ""},
    {"cpython", 510, "http://a/b/c/d;p?q", "g?y/../x", "http://a/b/c/g?y/../x", "ftp://a/b/c/d;p?q", "g?y/../x", profile::rfc3986, "ftp://a/b/c/g?y/../x", ""},
    {"cpython", 511, "http://a/b/c/d;p?q", "g#s/./x", "http://a/b/c/g#s/./x", "ftp://a/b/c/d;p?q", "g#s/./x", profile::rfc3986, "ftp://a/b/c/g#s/./x", ""},
    {"cpython", 512, "http://a/b/c/d;p?q", "g#s/../x", "http://a/b/c/g#s/../x", "ftp://a/b/c/d;p?q", "g#s/../x", profile::rfc3986, "ftp://a/b/c/g#s/../x", ""},
    {"cpython", 514, "http://a/b/c/d;p?q", "http:g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "ftp:g", profile::rfc3986, "ftp:g", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 517, "http://a/b/c/de", ";x", "http://a/b/c/;x", "ftp://a/b/c/de", ";x", profile::strict, "ftp://a/b/c/;x", ""},
    {"cpython", 520, "http://a/b/c/d", "g:h", "g:h", "ftp://a/b/c/d", "g:h", profile::strict, "g:h", ""},
    {"cpython", 521, "http://a/b/c/d", "g", "http://a/b/c/g", "ftp://a/b/c/d", "g", profile::strict, "ftp://a/b/c/g", ""},
    {"cpython", 522, "http://a/b/c/d", "./g", "http://a/b/c/g", "ftp://a/b/c/d", "./g", profile::strict, "ftp://a/b/c/g", ""},
    {"cpython", 523, "http://a/b/c/d", "g/", "http://a/b/c/g/", "ftp://a/b/c/d", "g/", profile::strict, "ftp://a/b/c/g/", ""},
    {"cpython", 524, "http://a/b/c/d", "/g", "http://a/g", "ftp://a/b/c/d", "/g", profile::strict, "ftp://a/g", ""},
    {"cpython", 525, "http://a/b/c/d", "//g", "http://g", "ftp://a/b/c/d", "//g", profile::strict, "ftp://g", ""},
    {"cpython", 526, "http://a/b/c/d", "?y", "http://a/b/c/d?y", "ftp://a/b/c/d", "?y", profile::strict, "ftp://a/b/c/d?y", ""},
    {"cpython", 527, "http://a/b/c/d", "g?y", "http://a/b/c/g?y", "ftp://a/b/c/d", "g?y", profile::strict, "ftp://a/b/c/g?y", ""},
    {"cpython", 528, "http://a/b/c/d", "g?y/./x", "http://a/b/c/g?y/./x", "ftp://a/b/c/d", "g?y/./x", profile::strict, "ftp://a/b/c/g?y/./x", ""},
    {"cpython", 529, "http://a/b/c/d", ".", "http://a/b/c/", "ftp://a/b/c/d", ".", profile::strict, "ftp://a/b/c/", ""},
    {"cpython", 530, "http://a/b/c/d", "./", "http://a/b/c/", "ftp://a/b/c/d", "./", profile::strict, "ftp://a/b/c/", ""},
    {"cpython", 531, "http://a/b/c/d", "..", "http://a/b/", "ftp://a/b/c/d", "..", profile::strict, "ftp://a/b/", ""},
    {"cpython", 532, "http://a/b/c/d", "../", "http://a/b/", "ftp://a/b/c/d", "../", profile::strict, "ftp://a/b/", ""},
    {"cpython", 533, "http://a/b/c/d", "../g", "http://a/b/g", "ftp://a/b/c/d", "../g", profile::strict, "ftp://a/b/g", ""},
    {"cpython", 534, "http://a/b/c/d", "../..", "http://a/", "ftp://a/b/c/d", "../..", profile::strict, "ftp://a/", ""},
    {"cpython", 535, "http://a/b/c/d", "../../g", "http://a/g", "ftp://a/b/c/d", "../../g", profile::strict, "ftp://a/g", ""},
    {"cpython", 536, "http://a/b/c/d", "./../g", "http://a/b/g", "ftp://a/b/c/d", "./../g", profile::strict, "ftp://a/b/g", ""},
    {"cpython", 537, "http://a/b/c/d", "./g/.", "http://a/b/c/g/", "ftp://a/b/c/d", "./g/.", profile::strict, "ftp://a/b/c/g/", ""},
    {"cpython", 538, "http://a/b/c/d", "g/./h", "http://a/b/c/g/h", "ftp://a/b/c/d", "g/./h", profile::strict, "ftp://a/b/c/g/h", ""},
    {"cpython", 539, "http://a/b/c/d", "g/../h", "http://a/b/c/h", "ftp://a/b/c/d", "g/../h", profile::strict, "ftp://a/b/c/h", ""},
    {"cpython", 540, "http://a/b/c/d", "http:g", "http://a/b/c/g", "ftp://a/b/c/d", "ftp:g", profile::strict, "ftp:g", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 541, "http://a/b/c/d", "http:g?y", "http://a/b/c/g?y", "ftp://a/b/c/d", "ftp:g?y", profile::strict, "ftp:g?y", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 542, "http://a/b/c/d", "http:g?y/./x", "http://a/b/c/g?y/./x", "ftp://a/b/c/d", "ftp:g?y/./x", profile::strict, "ftp:g?y/./x", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 543, "http:///", "..", "http:///", "ftp:///", "..", profile::rfc3986, "ftp:///", ""},
    {"cpython", 556, "http://a/b/c/d/", "foo", "http://a/b/c/d/foo", "ftp://a/b/c/d/", "foo", profile::strict, "ftp://a/b/c/d/foo", ""},
    {"cpython", 560, "http://a/b/c/d/e/", "../../f/g/", "http://a/b/c/f/g/", "ftp://a/b/c/d/e/", "../../f/g/", profile::strict, "ftp://a/b/c/f/g/", ""},
    {"cpython", 561, "http://a/b/c/d/e", "../../f/g/", "http://a/b/f/g/", "ftp://a/b/c/d/e", "../../f/g/", profile::strict, "ftp://a/b/f/g/", ""},
    {"cpython", 562, "http://a/b/c/d/e/", "/../../f/g/", "http://a/f/g/", "ftp://a/b/c/d/e/", "/../../f/g/", profile::strict, "ftp://a/f/g/", ""},
    {"cpython", 563, "http://a/b/c/d/e", "/../../f/g/", "http://a/f/g/", "ftp://a/b/c/d/e", "/../../f/g/", profile::strict, "ftp://a/f/g/", ""},
    {"cpython", 564, "http://a/b/c/d/e/", "../../f/g", "http://a/b/c/f/g", "ftp://a/b/c/d/e/", "../../f/g", profile::strict, "ftp://a/b/c/f/g", ""},
    {"cpython", 565, "http://a/b/", "../../f/g/", "http://a/f/g/", "ftp://a/b/", "../../f/g/", profile::strict, "ftp://a/f/g/", ""},
    {"cpython", 571, "http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q#f", "ftp://a/b/c/d;p?q#f", "", profile::rfc3986, "ftp://a/b/c/d;p?q", "CPython keeps the base's fragment for an empty reference (RFC 1808 behaviour); RFC 3986 5.2.2 takes the fragment from the reference, here none"},
    {"cpython", 572, "http://a/b/c/d;p?q#f", "#", "http://a/b/c/d;p?q#", "ftp://a/b/c/d;p?q#f", "#", profile::rfc3986, "ftp://a/b/c/d;p?q#", ""},
    {"cpython", 573, "http://a/b/c/d;p?q#f", "#z", "http://a/b/c/d;p?q#z", "ftp://a/b/c/d;p?q#f", "#z", profile::rfc3986, "ftp://a/b/c/d;p?q#z", ""},
    {"cpython", 574, "http://a/b/c/d;p?q#f", "?", "http://a/b/c/d;p?", "ftp://a/b/c/d;p?q#f", "?", profile::rfc3986, "ftp://a/b/c/d;p?", ""},
    {"cpython", 575, "http://a/b/c/d;p?q#f", "?#z", "http://a/b/c/d;p?#z", "ftp://a/b/c/d;p?q#f", "?#z", profile::rfc3986, "ftp://a/b/c/d;p?#z", ""},
    {"cpython", 576, "http://a/b/c/d;p?q#f", "?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q#f", "?y", profile::rfc3986, "ftp://a/b/c/d;p?y", ""},
    {"cpython", 577, "http://a/b/c/d;p?q#f", ";", "http://a/b/c/;", "ftp://a/b/c/d;p?q#f", ";", profile::rfc3986, "ftp://a/b/c/;", ""},
    {"cpython", 578, "http://a/b/c/d;p?q#f", ";?y", "http://a/b/c/;?y", "ftp://a/b/c/d;p?q#f", ";?y", profile::rfc3986, "ftp://a/b/c/;?y", ""},
    {"cpython", 579, "http://a/b/c/d;p?q#f", ";#z", "http://a/b/c/;#z", "ftp://a/b/c/d;p?q#f", ";#z", profile::rfc3986, "ftp://a/b/c/;#z", ""},
    {"cpython", 580, "http://a/b/c/d;p?q#f", ";x", "http://a/b/c/;x", "ftp://a/b/c/d;p?q#f", ";x", profile::rfc3986, "ftp://a/b/c/;x", ""},
    {"cpython", 581, "http://a/b/c/d;p?q#f", "/w", "http://a/w", "ftp://a/b/c/d;p?q#f", "/w", profile::rfc3986, "ftp://a/w", ""},
    {"cpython", 582, "http://a/b/c/d;p?q#f", "//", "http://a/b/c/d;p?q#f", "ftp://a/b/c/d;p?q#f", "//", profile::rfc3986, "ftp://", "CPython ignores an empty authority (\"//\") in the reference; RFC 3986 5.2.2 takes it, so the target has an empty host"},
    {"cpython", 583, "http://a/b/c/d;p?q#f", "//#z", "http://a/b/c/d;p?q#z", "ftp://a/b/c/d;p?q#f", "//#z", profile::rfc3986, "ftp://#z", "CPython ignores an empty authority (\"//\") in the reference; RFC 3986 5.2.2 takes it, so the target has an empty host"},
    {"cpython", 584, "http://a/b/c/d;p?q#f", "//?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q#f", "//?y", profile::rfc3986, "ftp://?y", "CPython ignores an empty authority (\"//\") in the reference; RFC 3986 5.2.2 takes it, so the target has an empty host"},
    {"cpython", 585, "http://a/b/c/d;p?q#f", "//;x", "http://;x", "ftp://a/b/c/d;p?q#f", "//;x", profile::rfc3986, "ftp://;x", ""},
    {"cpython", 586, "http://a/b/c/d;p?q#f", "///w", "http://a/w", "ftp://a/b/c/d;p?q#f", "///w", profile::rfc3986, "ftp:///w", "CPython ignores an empty authority (\"//\") in the reference; RFC 3986 5.2.2 takes it, so the target has an empty host"},
    {"cpython", 587, "http://a/b/c/d;p?q#f", "//v", "http://v", "ftp://a/b/c/d;p?q#f", "//v", profile::rfc3986, "ftp://v", ""},
    {"cpython", 591, "http://a/b/c/d;p?q#f", "http:", "http://a/b/c/d;p?q#f", "ftp://a/b/c/d;p?q#f", "ftp:", profile::rfc3986, "ftp:", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 592, "http://a/b/c/d;p?q#f", "http:#", "http://a/b/c/d;p?q#", "ftp://a/b/c/d;p?q#f", "ftp:#", profile::rfc3986, "ftp:#", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 593, "http://a/b/c/d;p?q#f", "http:#z", "http://a/b/c/d;p?q#z", "ftp://a/b/c/d;p?q#f", "ftp:#z", profile::rfc3986, "ftp:#z", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 594, "http://a/b/c/d;p?q#f", "http:?", "http://a/b/c/d;p?", "ftp://a/b/c/d;p?q#f", "ftp:?", profile::rfc3986, "ftp:?", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 595, "http://a/b/c/d;p?q#f", "http:?#z", "http://a/b/c/d;p?#z", "ftp://a/b/c/d;p?q#f", "ftp:?#z", profile::rfc3986, "ftp:?#z", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 596, "http://a/b/c/d;p?q#f", "http:?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q#f", "ftp:?y", profile::rfc3986, "ftp:?y", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 597, "http://a/b/c/d;p?q#f", "http:;", "http://a/b/c/;", "ftp://a/b/c/d;p?q#f", "ftp:;", profile::rfc3986, "ftp:;", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 598, "http://a/b/c/d;p?q#f", "http:;?y", "http://a/b/c/;?y", "ftp://a/b/c/d;p?q#f", "ftp:;?y", profile::rfc3986, "ftp:;?y", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 599, "http://a/b/c/d;p?q#f", "http:;#z", "http://a/b/c/;#z", "ftp://a/b/c/d;p?q#f", "ftp:;#z", profile::rfc3986, "ftp:;#z", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 600, "http://a/b/c/d;p?q#f", "http:;x", "http://a/b/c/;x", "ftp://a/b/c/d;p?q#f", "ftp:;x", profile::rfc3986, "ftp:;x", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 601, "http://a/b/c/d;p?q#f", "http:/w", "http://a/w", "ftp://a/b/c/d;p?q#f", "ftp:/w", profile::rfc3986, "ftp:/w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 602, "http://a/b/c/d;p?q#f", "http://", "http://a/b/c/d;p?q#f", "ftp://a/b/c/d;p?q#f", "ftp://", profile::rfc3986, "ftp://", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 603, "http://a/b/c/d;p?q#f", "http://#z", "http://a/b/c/d;p?q#z", "ftp://a/b/c/d;p?q#f", "ftp://#z", profile::rfc3986, "ftp://#z", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 604, "http://a/b/c/d;p?q#f", "http://?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q#f", "ftp://?y", profile::rfc3986, "ftp://?y", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 605, "http://a/b/c/d;p?q#f", "http://;x", "http://;x", "ftp://a/b/c/d;p?q#f", "ftp://;x", profile::rfc3986, "ftp://;x", ""},
    {"cpython", 606, "http://a/b/c/d;p?q#f", "http:///w", "http://a/w", "ftp://a/b/c/d;p?q#f", "ftp:///w", profile::rfc3986, "ftp:///w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 607, "http://a/b/c/d;p?q#f", "http://v", "http://v", "ftp://a/b/c/d;p?q#f", "ftp://v", profile::rfc3986, "ftp://v", ""},
    {"cpython", 609, "http://a/b/c/d;p?q#f", "https:", "https:", "ftp://a/b/c/d;p?q#f", "https:", profile::rfc3986, "https:", ""},
    {"cpython", 610, "http://a/b/c/d;p?q#f", "https:#", "https:#", "ftp://a/b/c/d;p?q#f", "https:#", profile::rfc3986, "https:#", ""},
    {"cpython", 611, "http://a/b/c/d;p?q#f", "https:#z", "https:#z", "ftp://a/b/c/d;p?q#f", "https:#z", profile::rfc3986, "https:#z", ""},
    {"cpython", 612, "http://a/b/c/d;p?q#f", "https:?", "https:?", "ftp://a/b/c/d;p?q#f", "https:?", profile::rfc3986, "https:?", ""},
    {"cpython", 613, "http://a/b/c/d;p?q#f", "https:?y", "https:?y", "ftp://a/b/c/d;p?q#f", "https:?y", profile::rfc3986, "https:?y", ""},
    {"cpython", 614, "http://a/b/c/d;p?q#f", "https:;", "https:;", "ftp://a/b/c/d;p?q#f", "https:;", profile::rfc3986, "https:;", ""},
    {"cpython", 615, "http://a/b/c/d;p?q#f", "https:;x", "https:;x", "ftp://a/b/c/d;p?q#f", "https:;x", profile::rfc3986, "https:;x", ""},
    {"cpython", 657, "http://", "", "http://", "ftp://", "", profile::rfc3986, "ftp://", ""},
    {"cpython", 658, "http://", "//", "http://", "ftp://", "//", profile::rfc3986, "ftp://", ""},
    {"cpython", 659, "http://", "//v", "http://v", "ftp://", "//v", profile::rfc3986, "ftp://v", ""},
    {"cpython", 660, "http://", "//v/w", "http://v/w", "ftp://", "//v/w", profile::rfc3986, "ftp://v/w", ""},
    {"cpython", 661, "http://", "/w", "http:///w", "ftp://", "/w", profile::rfc3986, "ftp:///w", ""},
    {"cpython", 662, "http://", "///w", "http:///w", "ftp://", "///w", profile::rfc3986, "ftp:///w", ""},
    {"cpython", 663, "http://", "w", "http:///w", "ftp://", "w", profile::rfc3986, "ftp:///w", ""},
    {"cpython", 665, "http://a", "", "http://a", "ftp://a", "", profile::strict, "ftp://a", ""},
    {"cpython", 666, "http://a", "//", "http://a", "ftp://a", "//", profile::strict, "ftp://", "CPython ignores an empty authority (\"//\") in the reference; RFC 3986 5.2.2 takes it, so the target has an empty host"},
    {"cpython", 667, "http://a", "//v", "http://v", "ftp://a", "//v", profile::strict, "ftp://v", ""},
    {"cpython", 668, "http://a", "//v/w", "http://v/w", "ftp://a", "//v/w", profile::strict, "ftp://v/w", ""},
    {"cpython", 669, "http://a", "/w", "http://a/w", "ftp://a", "/w", profile::strict, "ftp://a/w", ""},
    {"cpython", 670, "http://a", "///w", "http://a/w", "ftp://a", "///w", profile::strict, "ftp:///w", "CPython ignores an empty authority (\"//\") in the reference; RFC 3986 5.2.2 takes it, so the target has an empty host"},
    {"cpython", 671, "http://a", "w", "http://a/w", "ftp://a", "w", profile::strict, "ftp://a/w", ""},
    {"cpython", 657, "http://", "http:", "http://", "ftp://", "ftp:", profile::rfc3986, "ftp:", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 658, "http://", "http://", "http://", "ftp://", "ftp://", profile::rfc3986, "ftp://", ""},
    {"cpython", 659, "http://", "http://v", "http://v", "ftp://", "ftp://v", profile::rfc3986, "ftp://v", ""},
    {"cpython", 660, "http://", "http://v/w", "http://v/w", "ftp://", "ftp://v/w", profile::rfc3986, "ftp://v/w", ""},
    {"cpython", 661, "http://", "http:/w", "http:///w", "ftp://", "ftp:/w", profile::rfc3986, "ftp:/w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 662, "http://", "http:///w", "http:///w", "ftp://", "ftp:///w", profile::rfc3986, "ftp:///w", ""},
    {"cpython", 663, "http://", "http:w", "http:///w", "ftp://", "ftp:w", profile::rfc3986, "ftp:w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 665, "http://a", "http:", "http://a", "ftp://a", "ftp:", profile::strict, "ftp:", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 666, "http://a", "http://", "http://a", "ftp://a", "ftp://", profile::strict, "ftp://", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 667, "http://a", "http://v", "http://v", "ftp://a", "ftp://v", profile::strict, "ftp://v", ""},
    {"cpython", 668, "http://a", "http://v/w", "http://v/w", "ftp://a", "ftp://v/w", profile::strict, "ftp://v/w", ""},
    {"cpython", 669, "http://a", "http:/w", "http://a/w", "ftp://a", "ftp:/w", profile::strict, "ftp:/w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 670, "http://a", "http:///w", "http://a/w", "ftp://a", "ftp:///w", profile::strict, "ftp:///w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"cpython", 671, "http://a", "http:w", "http://a/w", "ftp://a", "ftp:w", profile::strict, "ftp:w", "CPython ignores a reference's scheme when it equals the base's (the backward-compatible variant RFC 3986 5.2.2 allows); ftpuri is a strict parser: a reference with a scheme resolves to itself"},
    {"boost", 966, "http://a/b/c/d;p?q", "g:h", "g:h", "ftp://a/b/c/d;p?q", "g:h", profile::rfc3986, "g:h", ""},
    {"boost", 967, "http://a/b/c/d;p?q", "g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"boost", 968, "http://a/b/c/d;p?q", "./g", "http://a/b/c/g", "ftp://a/b/c/d;p?q", "./g", profile::rfc3986, "ftp://a/b/c/g", ""},
    {"boost", 969, "http://a/b/c/d;p?q", "g/", "http://a/b/c/g/", "ftp://a/b/c/d;p?q", "g/", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"boost", 970, "http://a/b/c/d;p?q", "/g", "http://a/g", "ftp://a/b/c/d;p?q", "/g", profile::rfc3986, "ftp://a/g", ""},
    {"boost", 971, "http://a/b/c/d;p?q", "//g", "http://g", "ftp://a/b/c/d;p?q", "//g", profile::rfc3986, "ftp://g", ""},
    {"boost", 972, "http://a/b/c/d;p?q", "//g?q#f", "http://g?q#f", "ftp://a/b/c/d;p?q", "//g?q#f", profile::rfc3986, "ftp://g?q#f", ""},
    {"boost", 973, "http://a/b/c/d;p?q", "//g/a/../a", "http://g/a", "ftp://a/b/c/d;p?q", "//g/a/../a", profile::rfc3986, "ftp://g/a", ""},
    {"boost", 974, "http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y", "ftp://a/b/c/d;p?q", "?y", profile::rfc3986, "ftp://a/b/c/d;p?y", ""},
    {"boost", 975, "http://a/b/c/d;p?q", "g?y", "http://a/b/c/g?y", "ftp://a/b/c/d;p?q", "g?y", profile::rfc3986, "ftp://a/b/c/g?y", ""},
    {"boost", 976, "http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s", "ftp://a/b/c/d;p?q", "#s", profile::rfc3986, "ftp://a/b/c/d;p?q#s", ""},
    {"boost", 977, "http://a/b/c/d;p?q", "g#s", "http://a/b/c/g#s", "ftp://a/b/c/d;p?q", "g#s", profile::rfc3986, "ftp://a/b/c/g#s", ""},
    {"boost", 978, "http://a/b/c/d;p?q", "g?y#s", "http://a/b/c/g?y#s", "ftp://a/b/c/d;p?q", "g?y#s", profile::rfc3986, "ftp://a/b/c/g?y#s", ""},
    {"boost", 979, "http://a/b/c/d;p?q", ";x", "http://a/b/c/;x", "ftp://a/b/c/d;p?q", ";x", profile::rfc3986, "ftp://a/b/c/;x", ""},
    {"boost", 980, "http://a/b/c/d;p?q", "g;x", "http://a/b/c/g;x", "ftp://a/b/c/d;p?q", "g;x", profile::rfc3986, "ftp://a/b/c/g;x", ""},
    {"boost", 981, "http://a/b/c/d;p?q", "g;x?y#s", "http://a/b/c/g;x?y#s", "ftp://a/b/c/d;p?q", "g;x?y#s", profile::rfc3986, "ftp://a/b/c/g;x?y#s", ""},
    {"boost", 983, "http://a/b/c/d;p?q", "", "http://a/b/c/d;p?q", "ftp://a/b/c/d;p?q", "", profile::rfc3986, "ftp://a/b/c/d;p?q", ""},
    {"boost", 984, "http://a/b/c/d;p?q", ".", "http://a/b/c/", "ftp://a/b/c/d;p?q", ".", profile::rfc3986, "ftp://a/b/c/", ""},
    {"boost", 985, "http://a/b/c/d;p?q", "./", "http://a/b/c/", "ftp://a/b/c/d;p?q", "./", profile::rfc3986, "ftp://a/b/c/", ""},
    {"boost", 986, "http://a/b/c/d;p?q", "..", "http://a/b/", "ftp://a/b/c/d;p?q", "..", profile::rfc3986, "ftp://a/b/", ""},
    {"boost", 987, "http://a/b/c/d;p?q", "%2E%2E", "http://a/b/", "ftp://a/b/c/d;p?q", "%2E%2E", profile::rfc3986, "ftp://a/b/c/%2E%2E", "Boost.URL treats '%2E%2E' as '..' while resolving; ftpuri applies 5.2.4 to the text as written (a resolved reference is not yet normalized) and removes it when canonicalizing: the canonical form is the peer's"},
    {"boost", 988, "http://a/b/c/d;p?q", "../", "http://a/b/", "ftp://a/b/c/d;p?q", "../", profile::rfc3986, "ftp://a/b/", ""},
    {"boost", 989, "http://a/b/c/d;p?q", "../g", "http://a/b/g", "ftp://a/b/c/d;p?q", "../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"boost", 990, "http://a/b/c/d;p?q", "../..", "http://a/", "ftp://a/b/c/d;p?q", "../..", profile::rfc3986, "ftp://a/", ""},
    {"boost", 991, "http://a/b/c/d;p?q", "../../", "http://a/", "ftp://a/b/c/d;p?q", "../../", profile::rfc3986, "ftp://a/", ""},
    {"boost", 992, "http://a/b/c/d;p?q", "../../g", "http://a/g", "ftp://a/b/c/d;p?q", "../../g", profile::rfc3986, "ftp://a/g", ""},
    {"boost", 1001, "http://a/b/c/d;p?q", "../../../g", "http://a/../g", "ftp://a/b/c/d;p?q", "../../../g", profile::rfc3986, "ftp://a/g", "Boost.URL follows RFC 3986 errata 4547 and keeps a \"..\" above the root; ftpuri drops it, as RFC 3986 5.2.4's text and its 5.4.2 examples do (so do CPython, uriparser and curl)"},
    {"boost", 1002, "http://a/b/c/d;p?q", "../../../../g", "http://a/../../g", "ftp://a/b/c/d;p?q", "../../../../g", profile::rfc3986, "ftp://a/g", "Boost.URL follows RFC 3986 errata 4547 and keeps a \"..\" above the root; ftpuri drops it, as RFC 3986 5.2.4's text and its 5.4.2 examples do (so do CPython, uriparser and curl)"},
    {"boost", 1004, "http://a/b/c/d;p?q", "/./g", "http://a/g", "ftp://a/b/c/d;p?q", "/./g", profile::rfc3986, "ftp://a/g", ""},
    {"boost", 1005, "http://a/b/c/d;p?q", "/./g?q#f", "http://a/g?q#f", "ftp://a/b/c/d;p?q", "/./g?q#f", profile::rfc3986, "ftp://a/g?q#f", ""},
    {"boost", 1010, "http://a/b/c/d;p?q", "/../g", "http://a/../g", "ftp://a/b/c/d;p?q", "/../g", profile::rfc3986, "ftp://a/g", "Boost.URL follows RFC 3986 errata 4547 and keeps a \"..\" above the root; ftpuri drops it, as RFC 3986 5.2.4's text and its 5.4.2 examples do (so do CPython, uriparser and curl)"},
    {"boost", 1012, "http://a/b/c/d;p?q", "g.", "http://a/b/c/g.", "ftp://a/b/c/d;p?q", "g.", profile::rfc3986, "ftp://a/b/c/g.", ""},
    {"boost", 1013, "http://a/b/c/d;p?q", ".g", "http://a/b/c/.g", "ftp://a/b/c/d;p?q", ".g", profile::rfc3986, "ftp://a/b/c/.g", ""},
    {"boost", 1014, "http://a/b/c/d;p?q", "g..", "http://a/b/c/g..", "ftp://a/b/c/d;p?q", "g..", profile::rfc3986, "ftp://a/b/c/g..", ""},
    {"boost", 1015, "http://a/b/c/d;p?q", "..g", "http://a/b/c/..g", "ftp://a/b/c/d;p?q", "..g", profile::rfc3986, "ftp://a/b/c/..g", ""},
    {"boost", 1017, "http://a/b/c/d;p?q", "./../g", "http://a/b/g", "ftp://a/b/c/d;p?q", "./../g", profile::rfc3986, "ftp://a/b/g", ""},
    {"boost", 1018, "http://a/b/c/d;p?q", "./g/.", "http://a/b/c/g/", "ftp://a/b/c/d;p?q", "./g/.", profile::rfc3986, "ftp://a/b/c/g/", ""},
    {"boost", 1019, "http://a/b/c/d;p?q", "g/./h", "http://a/b/c/g/h", "ftp://a/b/c/d;p?q", "g/./h", profile::rfc3986, "ftp://a/b/c/g/h", ""},
    {"boost", 1020, "http://a/b/c/d;p?q", "g/../h", "http://a/b/c/h", "ftp://a/b/c/d;p?q", "g/../h", profile::rfc3986, "ftp://a/b/c/h", ""},
    {"boost", 1021, "http://a/b/c/d;p?q", "g;x=1/./y", "http://a/b/c/g;x=1/y", "ftp://a/b/c/d;p?q", "g;x=1/./y", profile::rfc3986, "ftp://a/b/c/g;x=1/y", ""},
    {"boost", 1022, "http://a/b/c/d;p?q", "g;x=1/../y", "http://a/b/c/y", "ftp://a/b/c/d;p?q", "g;x=1/../y", profile::rfc3986, "ftp://a/b/c/y", ""},
    {"boost", 1024, "http://a/b/c/d;p?q", "g?y/./x", "http://a/b/c/g?y/./x", "ftp://a/b/c/d;p?q", "g?y/./x", profile::rfc3986, "ftp://a/b/c/g?y/./x", ""},
    {"boost", 1025, "http://a/b/c/d;p?q", "g?y/../x", "http://a/b/c/g?y/../x", "ftp://a/b/c/d;p?q", "g?y/../x", profile::rfc3986, "ftp://a/b/c/g?y/../x", ""},
    {"boost", 1026, "http://a/b/c/d;p?q", "g#s/./x", "http://a/b/c/g#s/./x", "ftp://a/b/c/d;p?q", "g#s/./x", profile::rfc3986, "ftp://a/b/c/g#s/./x", ""},
    {"boost", 1027, "http://a/b/c/d;p?q", "g#s/../x", "http://a/b/c/g#s/../x", "ftp://a/b/c/d;p?q", "g#s/../x", profile::rfc3986, "ftp://a/b/c/g#s/../x", ""},
    {"curl", 1525, "ftp://example.com/dir/file#anchor", "", "ftp://example.com/dir/file", "ftp://example.com/dir/file#anchor", "", profile::strict, "ftp://example.com/dir/file", ""},
};
// clang-format on

std::string rewrite(std::string_view s)
{
    return s.starts_with("http:") ? cat({"ftp:", s.substr(5)}) : std::string(s);
}

TEST(resolve_vectors, peers)
{
    std::vector<ftpuri_test::peer_record> records = ftpuri_test::load_records("resolve-vectors.jsonl");
    std::size_t disagree = 0;
    for (vector_row const& row : vector_rows) {
        SCOPED_TRACE(cat({row.tag, " line ", row.line}));
        // The peer's strings are in the record (the empty reference and "" results cannot be looked for).
        auto const same_reference = [&row](ftpuri_test::json const& r) {
            ftpuri_test::json const* input = ftpuri_test::json_member(r, "input");
            ftpuri_test::json const* base = ftpuri_test::json_member(r, "base");
            return input != nullptr && input->IsString() && ftpuri_test::json_str(*input) == row.peer_ref &&
                   base != nullptr && base->IsString() && ftpuri_test::json_str(*base) == row.peer_base;
        };
        ftpuri_test::peer_record* rec = ftpuri_test::find_record(
            records, row.tag, row.line, {row.peer_base, row.peer_ref, row.peer_result}, same_reference);
        ASSERT_NE(rec, nullptr);
        EXPECT_EQ(rewrite(row.peer_base), row.base);
        EXPECT_EQ(rewrite(row.peer_ref), row.ref);
        bool const agrees = rewrite(row.peer_result) == row.target;
        EXPECT_EQ(agrees, row.why.empty()) << "test table: a disagreement needs a reason, an agreement none";
        disagree += agrees ? 0U : 1U;
        check_resolve(row.base, row.syntax, row.ref, row.target);
    }
    ftpuri_test::expect_all_used(records, "resolve-vectors.jsonl");
    EXPECT_EQ(disagree, 39U) << "the named disagreements (update docs/canonical.md when this changes)";
}

TEST(resolve_vectors, the_percent_encoded_dot_segment_canonicalizes_to_boosts_result)
{
    // Boost.URL line 987: "%2E%2E" against ftp://a/b/c/d;p?q. ftpuri resolves the text as
    // written; the canonical form of its target is Boost's result.
    std::optional<std::string> const target = ftpuri::resolve("ftp://a/b/c/d;p?q", "%2E%2E", in(profile::rfc3986));
    ASSERT_TRUE(target.has_value());
    EXPECT_EQ(*target, "ftp://a/b/c/%2E%2E");
    EXPECT_EQ(ftpuri::canonicalize(*target, in(profile::rfc3986)).value_or("-"), "ftp://a/b/");
}

} // namespace
