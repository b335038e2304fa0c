// SPDX-License-Identifier: Apache-2.0
// tests/policy/security_test.cpp: the holes an adversarial review found, each in the form the attack
// took: the input, the profile, and what ftpuri must say (docs/behaviour.md "Safety rules").
//
// Every row names the id and the byte range. An error row in strict is, unless it says
// otherwise, a warning at the same place in rfc3986 and lenient (the URI stays valid there),
// because that is the rule's severity everywhere but strict. The CLI's own holes (redaction,
// terminal output, --in-place) are tested as a process in tests/cli_behaviour/.
#include <ftpuri/ftpuri.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/diagnostic_text.hpp"
#include "support/printable.hpp"
#include "support/profiles.hpp"

namespace {

using D = ftpuri::diag_id;
using ftpuri::profile;
using ftpuri_test::describe;
using ftpuri_test::in;
using ftpuri_test::printable;

enum class in_others : unsigned char {
    warning,     // the id is a warning in rfc3986 and lenient, at the same place
    same,        // the same error in every profile
    not_checked, // the row is about strict only (another rule decides elsewhere)
};

struct attack {
    std::string_view input;
    D id;
    std::uint32_t offset;
    std::uint32_t length;
    bool error_in_strict = true;
    in_others others = in_others::warning;
    std::string_view why = {};
};

// The error, or the warning, `a` names, in profile `p`.
void expect_reported(attack const& a, profile p, bool as_error)
{
    SCOPED_TRACE(std::string(ftpuri::to_string(p)) + " \"" + printable(a.input) + "\"");
    ftpuri::diagnostic_list found;
    ftpuri::parse_result const r = ftpuri::parse(a.input, in(p), found);
    EXPECT_EQ(ftpuri::validate(a.input, in(p)), r.has_value()) << "validate() and parse() disagree";
    EXPECT_EQ(ftpuri::parse(a.input, in(p)).has_value(), r.has_value()) << "with and without warnings disagree";
    if (as_error) {
        ASSERT_FALSE(r.has_value()) << "accepted; found " << describe(found);
        EXPECT_EQ(ftpuri::info(r.error().id).name, ftpuri::info(a.id).name);
        EXPECT_EQ(r.error().offset, a.offset);
        EXPECT_EQ(r.error().length, a.length);
        EXPECT_FALSE(r.error().info().hint.empty());
        return;
    }
    ASSERT_TRUE(r.has_value()) << "rejected with " << ftpuri::info(r.error().id).name << "@" << r.error().offset;
    bool seen = false;
    for (auto const& d : found) {
        if (d.id != a.id) continue;
        seen = true;
        EXPECT_EQ(d.level, ftpuri::severity::warning);
        EXPECT_EQ(d.offset, a.offset);
        EXPECT_EQ(d.length, a.length);
    }
    EXPECT_TRUE(seen) << "no " << ftpuri::info(a.id).name << "; found " << describe(found);
}

// gtest names the case by this, not by the struct's bytes.
void PrintTo(attack const& a, std::ostream* out)
{
    *out << '"' << printable(a.input) << "\" " << ftpuri::info(a.id).name;
}

class security : public ::testing::TestWithParam<attack> {};

TEST_P(security, reported_where_the_attack_is)
{
    attack const& a = GetParam();
    expect_reported(a, profile::strict, a.error_in_strict);
    if (a.others == in_others::not_checked) return;
    bool const error_elsewhere = a.others == in_others::same && a.error_in_strict;
    expect_reported(a, profile::rfc3986, error_elsewhere);
    expect_reported(a, profile::lenient, error_elsewhere);
}

// 1. ".." after a null CWD climbs out. The default plan (multicwd) skips empty segments, so they
//    are no level to climb back from; RFC 3986's removal of dot-segments cancels them instead.
std::vector<attack> const directory_escape = {
    {"ftp://h//../etc/passwd", D::path_above_root, 9, 2, true, in_others::warning,
     "CPython sends CWD /../etc: the null CWD is no level"},
    {"ftp://h/a///../../etc/passwd", D::path_dot_after_empty, 12, 2},
    {"ftp://h//..;type=d", D::path_above_root, 9, 2},
    {"ftp://h/a//../b", D::path_dot_after_empty, 11, 2, true, in_others::warning,
     "canonical ftp://h/a/b, but a client that skips null CWDs fetches /b"},
    {"ftp://h/pub//../x", D::path_dot_after_empty, 13, 2},
    {"ftp://h/a//b/../..", D::path_dot_after_empty, 16, 2},
    {"ftp://h/a//./../b", D::path_dot_after_empty, 13, 2, true, in_others::warning,
     "'.' segments are skipped on the way back"},
    {"ftp://h/a/%2E%2E/%2e%2e/x", D::path_above_root, 17, 6, true, in_others::warning, "%2e forms count as dots"},
    {"ftp://h/~/../x", D::path_above_root, 10, 2, true, in_others::warning,
     "the depth starts at 0 in the login directory"},
    {"ftp://h/~alice/../x", D::path_above_root, 15, 2, true, in_others::warning, "and in another account's home"},
    {"ftp://h/pub/~alice/x", D::path_tilde_inside, 12, 6},
    {"ftp://h/pub/%7Ealice/x", D::path_tilde_inside, 12, 8, true, in_others::warning, "judged decoded"},
    {"ftp://h/pub/~", D::path_tilde_inside, 12, 1},
    {"ftp://h/a/~/../../etc", D::path_tilde_inside, 10, 1},
    {"ftp://h/x%2Fy/..", D::path_encoded_traversal, 14, 2, true, in_others::warning,
     "the server walks x/y as two levels, the canonical form drops both with the .."},
    {"ftp://h/%2Fetc/../x", D::path_encoded_traversal, 15, 2, true, in_others::warning,
     "CWD /etc, CWD .. is the root, not the login directory"},
    {"ftp://h/~alice/x", D::path_tilde_user, 8, 6, false},
    {"ftp://h/%7eroot/", D::path_tilde_user, 8, 7, false},
};
INSTANTIATE_TEST_SUITE_P(directory_escape, security, ::testing::ValuesIn(directory_escape));

// 2. Windows look-alikes of ".." and drive letters.
std::vector<attack> const windows = {
    {"ftp://h/..%20/x", D::path_dot_lookalike, 8, 5},
    {"ftp://h/%2e%2e%2e", D::path_dot_lookalike, 8, 9},
    {"ftp://h/a/.../b", D::path_dot_lookalike, 10, 3},
    {"ftp://h/a/.%20./b", D::path_dot_lookalike, 10, 5},
    {"ftp://h/a/.%20", D::path_dot_lookalike, 10, 4},
    // A look-alike between %2F: the multicwd plan sends "CWD .. /etc", which a Windows server
    // splits at the '/' and walks as "..", then "etc" (found by the property walk.within_start).
    {"ftp://h/..%20%2Fetc/x", D::path_encoded_traversal, 8, 11, true, in_others::warning,
     "CWD .. /etc: Windows walks '.. ' as '..'"},
    {"ftp://h/...%2Fx/y", D::path_encoded_traversal, 8, 7, true, in_others::warning, "CWD .../x"},
    {"ftp://h/a/x%2F..%20%20", D::path_encoded_traversal, 10, 12, true, in_others::warning, "RETR x/..  climbs"},
    {"ftp://h/C:/x", D::path_drive_letter, 8, 2, false},
    {"ftp://h/c%3A/boot.ini", D::path_drive_letter, 8, 4, false},
    // "CWD C:" switches drives wherever it is sent, not only first: after a directory, after
    // the login directory "~", last, and past the SIMD blocks' first 32 bytes.
    {"ftp://h/pub/C:/x", D::path_drive_letter, 12, 2, false},
    {"ftp://h/~/C:/x", D::path_drive_letter, 10, 2, false},
    {"ftp://h/pub/D:", D::path_drive_letter, 12, 2, false},
    {"ftp://h/pub/mirrors/debian/dists/bookworm/C:/x", D::path_drive_letter, 42, 2, false},
};
INSTANTIATE_TEST_SUITE_P(windows, security, ::testing::ValuesIn(windows));

// 3. Decoded controls outside the path: in the query (which some clients send with the file
//    name) and in the fragment (which services log).
std::vector<attack> const controls = {
    {"ftp://h/f#%00", D::pct_forbidden_control, 10, 3, true, in_others::same},
    {"ftp://h/f#%0D%0ADELE%20x", D::pct_forbidden_control, 10, 3, true, in_others::same},
    {"ftp://h/f#%1B", D::pct_control, 10, 3},
    {"ftp://h/f#%7F", D::pct_control, 10, 3},
    {"ftp://h/f#a%0a", D::pct_forbidden_control, 11, 3, true, in_others::same},
};
INSTANTIATE_TEST_SUITE_P(controls, security, ::testing::ValuesIn(controls));

TEST(security_query, crlf_in_the_query_is_an_error_in_rfc3986)
{
    // strict has no query at all; rfc3986 has one, and CPython sends "RETR f?\r\nDELE x".
    ftpuri::parse_result const r = ftpuri::parse("ftp://h/f?%0D%0ADELE%20x", in(profile::rfc3986));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().id, D::pct_forbidden_control);
    EXPECT_EQ(r.error().offset, 10U);
    EXPECT_EQ(r.error().where, ftpuri::component::query);
    ftpuri::diagnostic_list found;
    ASSERT_TRUE(ftpuri::parse("ftp://h/f?%1B", in(profile::rfc3986), found).has_value());
    EXPECT_TRUE(found.contains(D::pct_control));
}

// 4. Look-alike encodings: overlong UTF-8, surrogates, code points above U+10FFFF, and Unicode
//    line separators, in every decoded component.
std::vector<attack> const encodings = {
    {"ftp://h/a%C0%8D", D::pct_overlong_utf8, 9, 6},
    {"ftp://h/%C0%AE%C0%AE/x", D::pct_overlong_utf8, 8, 6},
    {"ftp://h/%E0%80%8D", D::pct_overlong_utf8, 8, 9},
    {"ftp://h/%ED%A0%80", D::pct_overlong_utf8, 8, 9},
    {"ftp://h/%F4%90%80%80", D::pct_overlong_utf8, 8, 12},
    {"ftp://h/%F0%80%80%AE", D::pct_overlong_utf8, 8, 12},
    {"ftp://h/%E0%80", D::pct_overlong_utf8, 8, 6, true, in_others::warning, "cut short, but already overlong"},
    {"ftp://h/%E2%80%A8", D::pct_line_separator, 8, 9},
    {"ftp://h/x%E2%80%A9y", D::pct_line_separator, 9, 9},
    {"ftp://h/%C2%85", D::pct_line_separator, 8, 6},
    {"ftp://u%C0%AE@h/", D::pct_overlong_utf8, 7, 6},
    {"ftp://u:p%E2%80%A8@h/", D::pct_line_separator, 9, 9},
    {"ftp://h/f#%C0%AE", D::pct_overlong_utf8, 10, 6},
    // Telnet's IAC: curl sends %FF undoubled, and the server reads "FF F4" as "interrupt
    // process" and "b" as another name.
    {"ftp://h/a%FF%F4b", D::pct_telnet_iac, 9, 3, true, in_others::warning, "curl sends RETR a, FF F4, b undoubled"},
    {"ftp://u%ff@h/", D::pct_telnet_iac, 7, 3},
    {"ftp://u:p%FF%F4@h/x", D::pct_telnet_iac, 9, 3, true, in_others::warning, "PASS p, then IP"},
};
INSTANTIATE_TEST_SUITE_P(encodings, security, ::testing::ValuesIn(encodings));

TEST(security_encodings, valid_utf8_and_plain_invalid_bytes_are_not_look_alikes)
{
    for (std::string_view ok : {"ftp://h/%C3%A9", "ftp://h/%E2%82%AC", "ftp://h/%F0%9F%98%80", "ftp://h/%EF%BF%BD"}) {
        SCOPED_TRACE(ok);
        ftpuri::diagnostic_list found;
        ASSERT_TRUE(ftpuri::parse(ok, {}, found).has_value());
        EXPECT_FALSE(found.contains(D::pct_non_utf8));
    }
    // Invalid UTF-8 that imitates nothing stays a warning: a lone lead, a stray continuation.
    for (std::string_view odd : {"ftp://h/%C0", "ftp://h/%80", "ftp://h/%FE", "ftp://h/%C3x", "ftp://h/%E2%80"}) {
        SCOPED_TRACE(odd);
        ftpuri::diagnostic_list found;
        ASSERT_TRUE(ftpuri::parse(odd, {}, found).has_value());
        EXPECT_TRUE(found.contains(D::pct_non_utf8));
        EXPECT_FALSE(found.contains(D::pct_overlong_utf8));
    }
}

// A %FF that is never sent (a fragment), or that names a host, is no Telnet IAC; a raw 0xFF
// that lenient repairs as %FF in the path is, with a warning.
TEST(security_encodings, telnet_iac_only_where_a_client_sends_it)
{
    for (std::string_view unsent : {"ftp://h/f#%FF", "ftp://h/f%FE"}) {
        SCOPED_TRACE(unsent);
        ftpuri::diagnostic_list found;
        ASSERT_TRUE(ftpuri::parse(unsent, {}, found).has_value());
        EXPECT_FALSE(found.contains(D::pct_telnet_iac));
    }
    ftpuri::diagnostic_list found;
    ASSERT_TRUE(ftpuri::parse("ftp://a%FF/", in(profile::rfc3986), found).has_value());
    EXPECT_FALSE(found.contains(D::pct_telnet_iac));
    found.clear();
    ASSERT_TRUE(ftpuri::parse("ftp://h/a\xFF", in(profile::lenient), found).has_value());
    EXPECT_TRUE(found.contains(D::pct_telnet_iac)) << describe(found);
}

// A leading empty segment sends curl to the root: "ftp://ftp.example.org//etc/passwd" is CWD /,
// CWD etc, RETR passwd to it, and CWD /etc to the singlecwd plan. Every profile warns
// (path.absolute); docs/sanitizing.md's recommended service configuration refuses it, as it
// refuses %2F. "%2E//etc/passwd" is "//etc/passwd" once curl or a WHATWG parser removed the
// ".": strict refuses it outright (path.dot-before-empty), and under the recommended
// configuration no profile lets it through, nor the canonical form it would store.
TEST(security_absolute, a_leading_empty_segment_is_refused_by_the_recommended_configuration)
{
    static constexpr std::string_view servers[] = {"ftp.example.org:21"};
    ftpuri::policy const policy{.deny = ftpuri::host_class_set::non_public(), .allow = servers};
    struct attempt {
        std::string_view input;
        profile p;
        D id;
        std::uint32_t offset;
    };
    for (attempt const& a :
         {attempt{"ftp://ftp.example.org//etc/passwd", profile::strict, D::path_absolute, 21},
          attempt{"ftp://ftp.example.org//etc/passwd", profile::rfc3986, D::path_absolute, 21},
          attempt{"ftp://ftp.example.org/%2Fetc/passwd", profile::strict, D::path_encoded_slash, 22},
          attempt{"ftp://ftp.example.org/%2E//etc/passwd", profile::strict, D::path_dot_before_empty, 25},
          attempt{"ftp://ftp.example.org/%2E//etc/passwd", profile::lenient, D::path_absolute, 25},
          attempt{"ftp://ftp.example.org/pub/..//etc/passwd", profile::rfc3986, D::path_absolute, 28}}) {
        SCOPED_TRACE(std::string(a.input) + " " + std::string(ftpuri::to_string(a.p)));
        ftpuri::parse_options options{a.p};
        options.max_length = 2048;
        options.as_error = {D::userinfo_password, D::path_encoded_slash,    D::path_absolute,
                            D::path_drive_letter, D::host_embedded_address, D::fragment_present};
        std::array<char, ftpuri::canonicalize_size_bound(2048)> out{};
        ftpuri::sanitize_result const r = ftpuri::sanitize_into(a.input, policy, out, options);
        ASSERT_FALSE(r) << "stored as " << std::string_view(out.data(), r.size);
        EXPECT_EQ(ftpuri::info(r.error.id).name, ftpuri::info(a.id).name);
        EXPECT_EQ(r.error.offset, a.offset);
        // Without the recommended errors the warning is there, in every profile.
        ftpuri::diagnostic_list found;
        if (ftpuri::parse(a.input, in(a.p), found)) {
            EXPECT_TRUE(found.contains(D::path_absolute)) << describe(found);
        }
    }
    // After the login directory too: "~//x/f" is CWD x to curl, but CWD /x to the singlecwd plan,
    // which joins the directories after "~".
    ftpuri::diagnostic_list found;
    ASSERT_TRUE(ftpuri::parse("ftp://h/~//x/f", {}, found).has_value());
    EXPECT_TRUE(found.contains(D::path_absolute)) << describe(found);
    found.clear();
    ASSERT_TRUE(ftpuri::parse("ftp://h/a//x/f", {}, found).has_value());
    EXPECT_FALSE(found.contains(D::path_absolute)) << describe(found);
}

// curl ends the path at its first raw ";type=": rfc3986 accepts "a;type=i/b/c", which ftpuri
// plans as RETR c and curl fetches as TYPE I, RETR a. A warning; the canonical form's "%3B" is
// no ";type=" to curl. The URI's own typecode, an uppercase one and an escaped ";" are not it.
TEST(security_typecode, a_raw_typecode_before_the_end_is_where_curl_cuts)
{
    ftpuri::diagnostic_list found;
    ftpuri::parse_result const r = ftpuri::parse("ftp://h/a;type=i/b/c", in(profile::rfc3986), found);
    ASSERT_TRUE(r.has_value());
    ASSERT_TRUE(found.contains(D::interop_typecode_cut)) << describe(found);
    for (auto const& d : found) {
        if (d.id == D::interop_typecode_cut) {
            EXPECT_EQ(std::pair(d.offset, d.length), std::pair(9U, 6U));
        }
    }
    EXPECT_EQ(r->name(), "c");
    for (std::string_view fine :
         {"ftp://h/a/b;type=i", "ftp://h/a;TYPE=i/b", "ftp://h/a%3Btype=i/b", "ftp://h/a;typ/b"}) {
        SCOPED_TRACE(fine);
        found.clear();
        ASSERT_TRUE(ftpuri::parse(fine, in(profile::rfc3986), found).has_value());
        EXPECT_FALSE(found.contains(D::interop_typecode_cut)) << describe(found);
    }
}

// 5. Invalid Punycode in an "xn--" label, which WHATWG parsers reject.
std::vector<attack> const punycode = {
    {"ftp://xn--a.com/", D::host_punycode_invalid, 6, 5},
    {"ftp://xn--zz/", D::host_punycode_invalid, 6, 6},
    {"ftp://www.xn--b.example/", D::host_punycode_invalid, 10, 5},
    {"ftp://xn--ls8h.example/", D::host_punycode_invalid, 6, 8, true, in_others::warning,
     "an emoji is no IDNA2008 label"},
    {"ftp://user@xn--bcher-kvaa-.example/", D::host_label_hyphen, 25, 1, true, in_others::not_checked},
};
INSTANTIATE_TEST_SUITE_P(punycode, security, ::testing::ValuesIn(punycode));

TEST(security_punycode, valid_a_labels_in_any_case_pass)
{
    for (std::string_view ok : {"ftp://xn--bcher-kva.example/", "ftp://XN--BCHER-KVA.example/", "ftp://xn--zca.de/f",
                                "ftp://xn--55qx5d.xn--fiqs8s/", "ftp://a--b.example/"}) {
        for (profile p : {profile::strict, profile::rfc3986, profile::lenient}) {
            SCOPED_TRACE(std::string(ok) + " " + std::string(ftpuri::to_string(p)));
            ftpuri::diagnostic_list found;
            ASSERT_TRUE(ftpuri::parse(ok, in(p), found).has_value());
            EXPECT_FALSE(found.contains(D::host_punycode_invalid));
        }
    }
}

// 6. A numeric host behind an escape: every parser that decodes it reads 0x7f.0.0.1.
TEST(security_numeric_host, judged_on_the_decoded_host_in_rfc3986)
{
    ftpuri::diagnostic_list found;
    ASSERT_TRUE(ftpuri::parse("ftp://0x7f.0.0.%31/", in(profile::rfc3986), found).has_value());
    ASSERT_TRUE(found.contains(D::host_numeric_ambiguous)) << describe(found);
    for (auto const& d : found)
        if (d.id == D::host_numeric_ambiguous) {
            EXPECT_EQ(d.offset, 6U);
        }
    found.clear();
    ASSERT_TRUE(ftpuri::parse("ftp://127.0.0.%31/", in(profile::rfc3986), found).has_value());
    EXPECT_FALSE(found.contains(D::host_numeric_ambiguous)) << "127.0.0.1 is what everyone reads";
    found.clear();
    ASSERT_TRUE(ftpuri::parse("ftp://1.%32/", in(profile::rfc3986), found).has_value());
    EXPECT_TRUE(found.contains(D::host_numeric_ambiguous)) << "1.2 is 1.0.0.2 to WHATWG";
    // strict refuses escapes in a host outright.
    ftpuri::parse_result const r = ftpuri::parse("ftp://0x7f.0.0.%31/");
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().id, D::host_percent_encoded);
}

// What must stay valid: the rules are about where a segment is and what it decodes to.
TEST(security_valid, shapes_near_the_rules_stay_valid_in_strict)
{
    for (std::string_view ok : {
             "ftp://h/~/pub/f",     // the login directory
             "ftp://h/~",           // ditto, as the name
             "ftp://h/a/b~/c~d",    // "~" not first in a segment
             "ftp://h/a/../b",      // ".." cancels "a"
             "ftp://h/a//b",        // a null CWD with no ".." after it
             "ftp://h/a/b/..//c",   // the empty segment comes after the ".."
             "ftp://h/.a/..b/.x.",  // dots inside names
             "ftp://h/a/.hidden/f", // a dot-file directory
             "ftp://h/a/..x/f",     // a name that begins with ".."
             "ftp://h/CD:/x",       // two letters: no drive
             "ftp://h/a/C:/x",      // a drive letter only matters first
         }) {
        SCOPED_TRACE(ok);
        ftpuri::diagnostic_list found;
        ftpuri::parse_result const r = ftpuri::parse(ok, {}, found);
        EXPECT_TRUE(r.has_value()) << (r ? "" : ftpuri::info(r.error().id).name);
        EXPECT_EQ(ftpuri::validate(ok), r.has_value());
    }
}

} // namespace

// A URI with more distinct findings than a diagnostic_list holds: the warnings a service makes
// errors (as_error, the CLI's --error) are found wherever they lie, and what the list had no
// room for is counted. 30 lenient warnings came first, and pct.control passed.
TEST(security_as_error, a_named_warning_past_the_lists_room_is_still_an_error)
{
    std::string const padding = " FTP://anonymous:p:q%3a@My_Host.Example:021/~u/%41/a;type=i/a%2Fb/%2Fe/./x//C:/..%20/"
                                "a%5Cb/%C0%AE/%E2%80%A8/%FF/%FE/a;b/%2E/a b/\xC3\xA9/x%2Fy/../w//../z/";
    std::string const text = padding + "q%01";
    ftpuri::parse_options options{profile::lenient};
    ftpuri::diagnostic_list all;
    ASSERT_TRUE(ftpuri::parse(text, options, all));
    ASSERT_GT(all.dropped(), 0U) << "the padding no longer fills a list: make it longer";
    ASSERT_FALSE(all.contains(D::pct_control));

    options.as_error = {D::pct_control};
    EXPECT_FALSE(ftpuri::validate(text, options));
    ftpuri::diagnostic_list found;
    ftpuri::parse_result const r = ftpuri::parse(text, options, found);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().id, D::pct_control);
    EXPECT_EQ(r.error().offset, text.size() - 3);
    ASSERT_TRUE(found.has_error());
    EXPECT_EQ(found[found.size() - 1].id, D::pct_control);
    // Every warning before it is kept or counted; none after it (a parse stops at its error).
    EXPECT_EQ(found.size() - 1 + found.dropped(), all.size() + all.dropped() - 1) << found.dropped();

    // A named warning among those kept: what was dropped past it is no longer counted.
    options.as_error = {D::userinfo_password};
    ftpuri::diagnostic_list cut_early;
    ASSERT_FALSE(ftpuri::parse(text, options, cut_early));
    EXPECT_EQ(cut_early.dropped(), 0U);
    // No named warning at all: the list says what it dropped, as the plain parse does.
    options.as_error = {D::host_idna_unavailable};
    ftpuri::diagnostic_list none;
    ASSERT_TRUE(ftpuri::parse(text, options, none));
    EXPECT_EQ(none.size(), all.size());
    EXPECT_EQ(none.dropped(), all.dropped());
}
