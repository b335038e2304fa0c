// SPDX-License-Identifier: Apache-2.0
// tests/scan/scanner_branches_test.cpp: the scanner's branches that no other test took
// (docs/assurance.md, "Measuring the checks"). Each test names the decision of
// src/scan/ that it takes, by what it decides, and asserts what the caller sees of it: the
// id, component, offset and length of the error or warning, or the parsed parts.
//
// The scanner is compiled twice, once collecting warnings (parse() with a diagnostic_list) and
// once not (validate(), parse() without one). A branch can be taken in the one and not the
// other, so every input here goes through both, and the two must agree.
//
// A truncated look-alike: "%E0%80" is the start of an overlong three-byte sequence (E0 wants a
// second byte of A0 or more; 80 is below that), so the UTF-8 checker has seen a look-alike
// before the sequence is complete. Whatever cuts it short (a raw byte, a ":", the component's
// end) reports pct.overlong-utf8 over the escapes seen so far: an error in strict, a warning
// elsewhere.
#include <ftpuri/ftpuri.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "support/diagnostic_text.hpp"
#include "support/printable.hpp"
#include "support/profiles.hpp"

namespace {

using D = ftpuri::diag_id;
using C = ftpuri::component;
using ftpuri::profile;
using ftpuri_test::describe;
using ftpuri_test::in;
using ftpuri_test::L;
using ftpuri_test::name_of;
using ftpuri_test::printable;
using ftpuri_test::R;
using ftpuri_test::S;

struct finding {
    D id;
    C where;
    std::uint32_t offset;
    std::uint32_t length;
};

std::string trace(std::string_view input, profile p)
{
    return std::string(ftpuri::to_string(p)) + " \"" + printable(input) + "\"";
}

// `input` is invalid in profile `p` with the error `e`, with and without a diagnostic_list.
void expect_error(std::string_view input, profile p, finding const& e)
{
    SCOPED_TRACE(trace(input, p));
    EXPECT_FALSE(ftpuri::validate(input, in(p)));
    ftpuri::diagnostic_list found;
    for (ftpuri::parse_result const& r : {ftpuri::parse(input, in(p), found), ftpuri::parse(input, in(p))}) {
        ASSERT_FALSE(r.has_value()) << "accepted; found " << describe(found);
        EXPECT_EQ(name_of(r.error().id), name_of(e.id));
        EXPECT_EQ(r.error().level, ftpuri::severity::error);
        EXPECT_EQ(r.error().where, e.where);
        EXPECT_EQ(r.error().offset, e.offset);
        EXPECT_EQ(r.error().length, e.length);
    }
}

// The warning `id` among those of `found`, if reported.
std::optional<ftpuri::diagnostic> warning_in(ftpuri::diagnostic_list const& found, D id)
{
    for (ftpuri::diagnostic const& d : found)
        if (d.id == id && d.level == ftpuri::severity::warning) return d;
    return std::nullopt;
}

// `input` is valid in profile `p`, and parse() with a list reports the warning `w`.
ftpuri::parse_result expect_warning(std::string_view input, profile p, finding const& w)
{
    SCOPED_TRACE(trace(input, p));
    EXPECT_TRUE(ftpuri::validate(input, in(p)));
    EXPECT_TRUE(ftpuri::parse(input, in(p)).has_value());
    ftpuri::diagnostic_list found;
    ftpuri::parse_result r = ftpuri::parse(input, in(p), found);
    EXPECT_TRUE(r.has_value()) << "rejected: " << (r ? std::string() : describe(r.error()));
    std::optional<ftpuri::diagnostic> const d = warning_in(found, w.id);
    EXPECT_TRUE(d.has_value()) << "no " << name_of(w.id) << " warning; found " << describe(found);
    if (d) {
        EXPECT_EQ(d->where, w.where) << describe(*d);
        EXPECT_EQ(d->offset, w.offset) << describe(*d);
        EXPECT_EQ(d->length, w.length) << describe(*d);
    }
    return r;
}

// scan_userinfo, a plain (usp-char) byte: the raw byte's UTF-8 report ends the scan when it cuts
// a look-alike short in strict. The "x" after "%E0%80" in the user.
TEST(ScannerBranches, UserRawByteCutsLookAlike)
{
    finding const look_alike{D::pct_overlong_utf8, C::user, 6, 6}; // "%E0%80"
    expect_error("ftp://%E0%80x@h/", S, look_alike);
    for (profile p : {R, L}) {
        ftpuri::parse_result const r = expect_warning("ftp://%E0%80x@h/", p, look_alike);
        // Not UTF-8 either: the user's whole text.
        expect_warning("ftp://%E0%80x@h/", p, {D::pct_non_utf8, C::user, 6, 7});
        ASSERT_TRUE(r.has_value());
        EXPECT_EQ(r->user(), "%E0%80x");
        EXPECT_EQ(r->host(), "h");
    }
}

// scan_userinfo, the ":" that ends the user: the user's UTF-8 is finished there, and that ends
// the scan when it cuts a look-alike short in strict.
TEST(ScannerBranches, ColonCutsLookAlikeInUser)
{
    finding const look_alike{D::pct_overlong_utf8, C::user, 6, 6};
    expect_error("ftp://%E0%80:pw@h/", S, look_alike);
    for (profile p : {R, L}) {
        ftpuri::parse_result const r = expect_warning("ftp://%E0%80:pw@h/", p, look_alike);
        expect_warning("ftp://%E0%80:pw@h/", p, {D::pct_non_utf8, C::user, 6, 6});
        ASSERT_TRUE(r.has_value());
        EXPECT_EQ(r->user(), "%E0%80");
        EXPECT_EQ(r->password(), "pw");
    }
}

// scan_userinfo, the userinfo's end (its "@"): the last part's UTF-8 is finished there, and that
// ends the scan when it cuts a look-alike short in strict. The warnings-collecting scan had not
// taken it: parse() with a diagnostic_list.
TEST(ScannerBranches, AtCutsLookAlikeInPassword)
{
    finding const look_alike{D::pct_overlong_utf8, C::password, 8, 6};
    expect_error("ftp://u:%E0%80@h/", S, look_alike);
    for (profile p : {R, L}) {
        ftpuri::parse_result const r = expect_warning("ftp://u:%E0%80@h/", p, look_alike);
        expect_warning("ftp://u:%E0%80@h/", p, {D::pct_non_utf8, C::password, 8, 6});
        ASSERT_TRUE(r.has_value());
        EXPECT_EQ(r->user(), "u");
        EXPECT_EQ(r->password(), "%E0%80");
    }
    // Without a password, the user's end.
    expect_error("ftp://%E0%80@h/", S, {D::pct_overlong_utf8, C::user, 6, 6});
}

// scan_fragment_chars, a fragment_char: the raw byte's UTF-8 report ends the scan when it cuts a
// look-alike short in strict (a fragment is only a warning there; its bytes still obey the
// safety rules).
TEST(ScannerBranches, FragmentRawByteCutsLookAlike)
{
    finding const look_alike{D::pct_overlong_utf8, C::fragment, 9, 6};
    expect_error("ftp://h/#%E0%80x", S, look_alike);
    for (profile p : {R, L}) {
        ftpuri::parse_result const r = expect_warning("ftp://h/#%E0%80x", p, look_alike);
        expect_warning("ftp://h/#%E0%80x", p, {D::fragment_present, C::fragment, 8, 8});
        ASSERT_TRUE(r.has_value());
        EXPECT_EQ(r->fragment(), "%E0%80x");
    }
    // rfc3986's query, through the same loop.
    expect_warning("ftp://h/?%E0%80x", R, {D::pct_overlong_utf8, C::query, 9, 6});
}

// check_a_labels, a converted (lenient) host: a bad "xn--" label is reported over the whole
// host as written, not at the label, because the converted name is not the input's text.
// libidn2 refuses a bad A-label itself when the host holds Unicode (host.idna-invalid), so the
// host that reaches this is one whose escapes decode to ASCII, which needs no libidn2 call:
// "%78n--zz" is "xn--zz".
TEST(ScannerBranches, ConvertedHostWithBadALabelPointsAtTheHost)
{
    constexpr std::string_view input = "ftp://%78n--zz.example/";
    ftpuri::parse_result const r = expect_warning(input, L, {D::host_punycode_invalid, C::host, 6, 16});
    expect_warning(input, L, {D::host_percent_encoded, C::host, 6, 3});
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->host(), "%78n--zz.example");
    EXPECT_EQ(r->host_type(), ftpuri::host_kind::dns_name);
    EXPECT_EQ(ftpuri::canonicalize(*r), "ftp://xn--zz.example/");

    // The same label unescaped is pointed at, label and all; a second label too.
    expect_warning("ftp://xn--zz.example/", L, {D::host_punycode_invalid, C::host, 6, 6});
    expect_warning("ftp://%61.xn--zz/", L, {D::host_punycode_invalid, C::host, 6, 10});
    expect_warning("ftp://a.xn--zz/", L, {D::host_punycode_invalid, C::host, 8, 6});
    // strict has no escapes in a host; rfc3986 reads a reg-name.
    expect_error(input, S, {D::host_percent_encoded, C::host, 6, 3});
    expect_warning(input, R, {D::host_not_dns, C::host, 6, 16});
    // With raw Unicode beside it, libidn2 refuses the label: the whole host. Escaped, the host
    // is a reg-name, as rfc3986 reads it.
    expect_error("ftp://b\xC3\xBC"
                 "cher.xn--zz/",
                 L, {D::host_idna_invalid, C::host, 6, 14});
    expect_warning("ftp://b%C3%BCcher.xn--zz/", L, {D::host_not_dns, C::host, 6, 18});
}

} // namespace
