// SPDX-License-Identifier: Apache-2.0
// tests/plan/plan_seeds_test.cpp: the command plans of the five seed specifications' worked examples,
// in every mode, with and without `absolute`; and, where the seeds disagree, which mode follows
// which seed.
//
// The seeds (kept outside the project, never read here; see seeds_test.cpp for their URLs):
//   000  draft-casey-url-ftp-00, "A FTP URL Format" (Jan 1997)
//   001  Hoffman, "The ftp URI Scheme" (Internet-Draft, Jan 2005)
//   002  draft-yevstifeyev-ftp-uri-scheme-01 (May 2011)
//   003  draft-hoffman-rfc1738bis-00 (Sep 2003), whose 2.2.2 is RFC 1738 3.2.2 word for word
//   004  RFC 1738 3.1-3.2 (an excerpt that stops before 3.2.2's examples)
// How each URI came about, as in seeds_test.cpp: verbatim (printed as it is here), reconstructed
// (lost in extraction, restored from the text around it), instantiated (a form with
// placeholders given values), rule (a URI for a rule the section states in words).
//
// Each row says what the seed itself says the client sends ("seed_says", the lines of the seed,
// or of its algorithm where it writes none), which modes send exactly that, and the commands
// after the login in each mode. `absolute` is checked on every row by docs/behaviour.md's rule ("CWD /"
// first unless the first segment is "~"), and spelled out where a seed speaks of it (draft-casey
// 3.1's browsers, Hoffman 2005's historical note). The login lines come first; "(ask)" ends a
// plan that asks for the password.

#include "support/plan_lines.hpp"
#include "support/profiles.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

using namespace ftpuri_test;

namespace {

using M = ftpuri::plan_mode;
using lines = std::vector<std::string>;

constexpr std::array all_modes = {M::rfc1738, M::multicwd, M::singlecwd, M::nocwd};
lines const anonymous = {"USER anonymous", "PASS anonymous@"};

struct seed_plan {
    std::string_view seed;    // "000", "003"...; several when the example is in several
    std::string_view section; // where in the seed
    std::string_view how;     // verbatim | reconstructed | instantiated | rule
    std::string_view uri;
    lines login;                      // the login lines, the same in every mode
    lines seed_says;                  // the whole plan the seed describes
    std::vector<M> follows;           // the modes whose plan is exactly seed_says
    std::array<lines, 4> after_login; // rfc1738, multicwd, singlecwd, nocwd; "! plan: ID" refused
    bool ask = false;                 // a user without a password
    bool login_first = false;         // the first segment is "~": no "CWD /" with `absolute`
};

std::vector<seed_plan> const& seed_plans()
{
    static std::vector<seed_plan> const table = {
        // ---- the %2F example: draft-casey 2.5 and RFC 1738 3.2.2 (003 2.2.2) ---------------
        // "logging in as "myname" (prompting for a password if it is asked for), and then
        // executing "CWD /etc" and then "RETR motd"". nocwd cannot send the encoded '/' apart.
        {"000, 003",
         "000 2.5; 003 2.2.2 (RFC 1738 3.2.2)",
         "verbatim (000), reconstructed (003)",
         "ftp://myname@host.dom/%2Fetc/motd",
         {"USER myname"},
         {"USER myname", "CWD /etc", "RETR motd", "(ask)"},
         {M::rfc1738, M::multicwd, M::singlecwd},
         {lines{"CWD /etc", "RETR motd"},
          {"CWD /etc", "RETR motd"},
          {"CWD /etc", "RETR motd"},
          {"! plan: plan.nocwd-slash"}},
         true},
        // "which would "CWD etc" and then "RETR motd"". nocwd is 2.5's "RETR <cwd1>/.../<name>",
        // which "may work on some systems, but clients MUST NOT rely upon it".
        {"000, 003",
         "000 2.5; 003 2.2.2 (RFC 1738 3.2.2)",
         "verbatim (000), reconstructed (003)",
         "ftp://myname@host.dom/etc/motd",
         {"USER myname"},
         {"USER myname", "CWD etc", "RETR motd", "(ask)"},
         {M::rfc1738, M::multicwd, M::singlecwd},
         {lines{"CWD etc", "RETR motd"}, {"CWD etc", "RETR motd"}, {"CWD etc", "RETR motd"}, {"RETR etc/motd"}},
         true},
        // "would "CWD " with a null argument, then "CWD etc", and then "RETR motd"": only
        // rfc1738 sends the null CWD; draft-yevstifeyev 2.2.3 forbids it ("Any null <cwd> parts
        // ... MUST NOT cause sending CWD comands"), which multicwd follows.
        {"000, 003",
         "000 2.5; 003 2.2.2 (RFC 1738 3.2.2)",
         "verbatim (000), reconstructed (003)",
         "ftp://myname@host.dom//etc/motd",
         {"USER myname"},
         {"USER myname", "CWD ", "CWD etc", "RETR motd", "(ask)"},
         {M::rfc1738},
         {lines{"CWD ", "CWD etc", "RETR motd"},
          {"CWD etc", "RETR motd"},
          {"CWD /etc", "RETR motd"},
          {"RETR /etc/motd"}},
         true},

        // ---- draft-casey 2.9: the user's login directory --------------------------------------
        // jamesc's login directory is /home/jamesc: the file is a name there.
        {"000",
         "2.9 Effect of username on URL path",
         "verbatim",
         "ftp://jamesc@ftp.harlequin.com/foo.html",
         {"USER jamesc"},
         {"USER jamesc", "RETR foo.html", "(ask)"},
         {M::rfc1738, M::multicwd, M::singlecwd, M::nocwd},
         {lines{"RETR foo.html"}, {"RETR foo.html"}, {"RETR foo.html"}, {"RETR foo.html"}},
         true},
        // paulh's login directory is '/': the same file, walked to from there (2.5's CWDs).
        {"000",
         "2.9 Effect of username on URL path",
         "verbatim",
         "ftp://paulh@ftp.harlequin.com/home/jamesc/foo.html",
         {"USER paulh"},
         {"USER paulh", "CWD home", "CWD jamesc", "RETR foo.html", "(ask)"},
         {M::rfc1738, M::multicwd},
         {lines{"CWD home", "CWD jamesc", "RETR foo.html"},
          {"CWD home", "CWD jamesc", "RETR foo.html"},
          {"CWD home/jamesc", "RETR foo.html"},
          {"RETR home/jamesc/foo.html"}},
         true},

        // ---- draft-casey 3.1: relative to the login directory, and "~" ------------------------
        // "what RFC 1738 (and currently this draft) specified should be performed: CWD foo, RETR
        // bar.html" (the browsers' "CWD /foo" is BrowsersImplicitRoot below).
        {"000",
         "3.1 Inconsistency of current implementations",
         "verbatim",
         "ftp://host/foo/bar.html",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD foo", "RETR bar.html"},
         {M::rfc1738, M::multicwd, M::singlecwd},
         {lines{"CWD foo", "RETR bar.html"},
          {"CWD foo", "RETR bar.html"},
          {"CWD foo", "RETR bar.html"},
          {"RETR foo/bar.html"}}},
        // "obtain the resource "foo/bar.html" relative to the default directory of the anonymous
        // user": no CWD for "~" in any mode, and no "CWD /" even when `absolute` (nocwd sends the
        // same relative name in one RETR).
        {"000",
         "3.1 Inconsistency of current implementations",
         "verbatim",
         "ftp://host/~/foo/bar.html",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD foo", "RETR bar.html"},
         {M::rfc1738, M::multicwd, M::singlecwd},
         {lines{"CWD foo", "RETR bar.html"},
          {"CWD foo", "RETR bar.html"},
          {"CWD foo", "RETR bar.html"},
          {"RETR foo/bar.html"}},
         false,
         true},
        // "i.e. the default directory of the current user": its listing.
        {"000",
         "3.1 Inconsistency of current implementations",
         "verbatim",
         "ftp://user:pass@host/~/",
         {"USER user", "PASS pass"},
         {"USER user", "PASS pass", "LIST"},
         {M::rfc1738, M::multicwd, M::singlecwd, M::nocwd},
         {lines{"LIST"}, {"LIST"}, {"LIST"}, {"LIST"}},
         false,
         true},

        // ---- Hoffman 2005 2.2's historical note ----------------------------------------------
        // "presented with the URL <URL:ftp://host/abc/def> might send the two commands "CWD
        // /abc" and "RETR def" or ... "CWD abc" and "RETR def"": the second is RFC 1738's and
        // every CWD mode's; the first is ImplicitRootOfHoffman2005 below.
        {"001",
         "2.2 FTP url-path, historical note",
         "reconstructed",
         "ftp://host/abc/def",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD abc", "RETR def"},
         {M::rfc1738, M::multicwd, M::singlecwd},
         {lines{"CWD abc", "RETR def"}, {"CWD abc", "RETR def"}, {"CWD abc", "RETR def"}, {"RETR abc/def"}}},

        // ---- draft-yevstifeyev 2.2.3: (1a) and (1b) -----------------------------------------
        // "(1a) each of <cwd> parts are consistently supplied as arguments to the CWD": multicwd
        // (and rfc1738, which differs from it on null segments only); then (2b) TYPE, (3) RETR.
        {"002",
         "2.2.3 (1a), (2b), (3)",
         "instantiated",
         "ftp://host/cwd1/cwd2/name;type=i",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD cwd1", "CWD cwd2", "TYPE I", "RETR name"},
         {M::rfc1738, M::multicwd},
         {lines{"CWD cwd1", "CWD cwd2", "TYPE I", "RETR name"},
          {"CWD cwd1", "CWD cwd2", "TYPE I", "RETR name"},
          {"CWD cwd1/cwd2", "TYPE I", "RETR name"},
          {"TYPE I", "RETR cwd1/cwd2/name"}}},
        // "(1b) the whole <cwd-part> is submitted as an argument to the aforementioned command":
        // singlecwd. (Read to the letter, 2.2.3's ABNF cwd-part = *( "/" cwd ) begins with the
        // '/', which would make the one CWD absolute; docs/behaviour.md, like curl's singlecwd, joins
        // the segments without it.)
        {"002",
         "2.2.3 (1b), (2b), (3)",
         "instantiated",
         "ftp://host/cwd1/cwd2/name;type=a",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD cwd1/cwd2", "TYPE A", "RETR name"},
         {M::singlecwd},
         {lines{"CWD cwd1", "CWD cwd2", "TYPE A", "RETR name"},
          {"CWD cwd1", "CWD cwd2", "TYPE A", "RETR name"},
          {"CWD cwd1/cwd2", "TYPE A", "RETR name"},
          {"TYPE A", "RETR cwd1/cwd2/name"}}},
        // "Any null <cwd> parts, allowed above, MUST NOT cause sending CWD comands": multicwd;
        // rfc1738 follows 000 2.5 and RFC 1738 instead ("CWD " with a null argument).
        {"002",
         "2.2.3, note on null <cwd> parts",
         "instantiated",
         "ftp://host/cwd1//cwd2/name",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD cwd1", "CWD cwd2", "RETR name"},
         {M::multicwd},
         {lines{"CWD cwd1", "CWD ", "CWD cwd2", "RETR name"},
          {"CWD cwd1", "CWD cwd2", "RETR name"},
          {"CWD cwd1//cwd2", "RETR name"},
          {"RETR cwd1//cwd2/name"}}},
        // "If the <cwd-part> is absent in the URI, but there is a <typecode-part>, the typecode
        // denoted by it concerns the root FTP directory": no CWD, then TYPE.
        {"002",
         "2.2.3 (2b), note on an absent <cwd-part>",
         "instantiated",
         "ftp://host/name;type=a",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "TYPE A", "RETR name"},
         {M::rfc1738, M::multicwd, M::singlecwd, M::nocwd},
         {lines{"TYPE A", "RETR name"}, {"TYPE A", "RETR name"}, {"TYPE A", "RETR name"}, {"TYPE A", "RETR name"}}},
        // 2.2.1: "if there is a user name but no password supplied in the 'ftp' URI, it SHALL be
        // requested from the user".
        {"002, 000, 003",
         "002 2.2.1; 000 2.1; 003 2.2.1 (RFC 1738 3.2.1)",
         "rule",
         "ftp://user@host/name",
         {"USER user"},
         {"USER user", "RETR name", "(ask)"},
         {M::rfc1738, M::multicwd, M::singlecwd, M::nocwd},
         {lines{"RETR name"}, {"RETR name"}, {"RETR name"}, {"RETR name"}},
         true},
        // 2.3: UTF-8, percent-encoded; the arguments are the decoded bytes.
        {"002",
         "2.3 Encoding Considerations",
         "rule",
         "ftp://host/%C3%A9t%C3%A9/caf%C3%A9.txt",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "CWD \xC3\xA9t\xC3\xA9", "RETR caf\xC3\xA9.txt"},
         {M::rfc1738, M::multicwd, M::singlecwd},
         {lines{"CWD \xC3\xA9t\xC3\xA9", "RETR caf\xC3\xA9.txt"},
          {"CWD \xC3\xA9t\xC3\xA9", "RETR caf\xC3\xA9.txt"},
          {"CWD \xC3\xA9t\xC3\xA9", "RETR caf\xC3\xA9.txt"},
          {"RETR \xC3\xA9t\xC3\xA9/caf\xC3\xA9.txt"}}},

        // ---- the anonymous login and an omitted url-path -------------------------------------
        // "The user name "anonymous" is supplied. The password is supplied as the Internet e-mail
        // address of the end user" (the option; "anonymous@" by default). "The whole url-path may
        // be omitted": the login directory, listed (docs/behaviour.md: an empty name is LIST).
        {"004, 003, 001, 000",
         "004 3.2.1, 3.2.2; 003 2.2.1; 001 2.1; 000 2.1, 2.4",
         "rule",
         "ftp://host.dom",
         anonymous,
         {"USER anonymous", "PASS anonymous@", "LIST"},
         {M::rfc1738, M::multicwd, M::singlecwd, M::nocwd},
         {lines{"LIST"}, {"LIST"}, {"LIST"}, {"LIST"}}},
    };
    return table;
}

class SeedPlan : public ::testing::TestWithParam<std::size_t> {};

// Every mode, without and with `absolute`; and the modes that follow the seed send exactly what
// it says, the others do not.
TEST_P(SeedPlan, EveryModeWithAndWithoutAbsolute)
{
    seed_plan const& s = seed_plans().at(GetParam());
    SCOPED_TRACE(std::string(s.seed) + " " + std::string(s.section) + " (" + std::string(s.how) +
                 "): " + std::string(s.uri));
    lines const ask = s.ask ? lines{"(ask)"} : lines{};
    for (std::size_t m = 0; m < all_modes.size(); ++m) {
        M const mode = all_modes[m];
        lines const& tail = s.after_login[m];
        bool const refused = tail.front().starts_with("!");
        for (bool const absolute : {false, true}) {
            lines expected = tail;
            if (!refused) {
                expected = s.login;
                if (absolute && !s.login_first) expected.emplace_back("CWD /");
                expected.insert(expected.end(), tail.begin(), tail.end());
                expected.insert(expected.end(), ask.begin(), ask.end());
            }
            lines const got = commands(s.uri, opts(mode, absolute));
            EXPECT_EQ(got, expected) << to_string(mode) << (absolute ? ", absolute" : "");
            if (!absolute) {
                bool const follows = std::find(s.follows.begin(), s.follows.end(), mode) != s.follows.end();
                EXPECT_EQ(got == s.seed_says, follows)
                    << to_string(mode) << (follows ? " should send what the seed says" : " sends what the seed says");
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, SeedPlan, ::testing::Range<std::size_t>(0, seed_plans().size()));

// draft-casey 3.1: "Current implementations, when supplied with ftp://host/foo/bar.html will
// perform ... CWD /foo, RETR bar.html", i.e. "an implicit "CWD /", as most browsers currently do".
// `absolute` is that implicit CWD /, sent as its own command: in every CWD mode the plan reaches
// /foo by "CWD /" then "CWD foo", the directory the browsers reach by "CWD /foo". No mode sends
// "CWD /foo" itself for this URI; the URI whose plan is exactly the browsers' is the one with the
// root spelled out, "%2Ffoo" (000 2.5's way).
TEST(SeedPlanSpecial, BrowsersImplicitRootOfCasey31)
{
    std::string_view const uri = "ftp://host/foo/bar.html";
    for (M m : {M::rfc1738, M::multicwd, M::singlecwd})
        EXPECT_EQ(commands(uri, opts(m, true)),
                  (lines{"USER anonymous", "PASS anonymous@", "CWD /", "CWD foo", "RETR bar.html"}))
            << to_string(m);
    EXPECT_EQ(commands(uri, opts(M::nocwd, true)),
              (lines{"USER anonymous", "PASS anonymous@", "CWD /", "RETR foo/bar.html"}));
    for (M m : all_modes)
        for (bool const absolute : {false, true})
            for (std::string const& line : commands(uri, opts(m, absolute)))
                EXPECT_NE(line, "CWD /foo") << to_string(m);
    lines const browsers = {"USER anonymous", "PASS anonymous@", "CWD /foo", "RETR bar.html"};
    for (M m : {M::rfc1738, M::multicwd, M::singlecwd})
        EXPECT_EQ(commands("ftp://host/%2Ffoo/bar.html", opts(m)), browsers) << to_string(m);
    // 3.1's remedy for "no way currently to specify a resource relative to the default ftp
    // directory": "~" keeps the path relative even with the implicit root.
    EXPECT_EQ(commands("ftp://host/~/foo/bar.html", opts(M::multicwd, true)),
              (lines{"USER anonymous", "PASS anonymous@", "CWD foo", "RETR bar.html"}));
}

// Hoffman 2005 2.2: "Most FTP client implementations precede the <cwd1> with a "/" before
// sending the CWD command": "CWD /abc" and "RETR def". With `absolute` every CWD mode starts at
// the root, as those clients do; singlecwd, the one CWD of the directory, is the closest to
// "CWD /abc" and still sends the root apart ("CWD /", "CWD abc").
TEST(SeedPlanSpecial, ImplicitRootOfHoffman2005)
{
    std::string_view const uri = "ftp://host/abc/def";
    for (M m : {M::rfc1738, M::multicwd, M::singlecwd})
        EXPECT_EQ(commands(uri, opts(m, true)),
                  (lines{"USER anonymous", "PASS anonymous@", "CWD /", "CWD abc", "RETR def"}))
            << to_string(m);
    EXPECT_EQ(commands("ftp://host/%2Fabc/def"), (lines{"USER anonymous", "PASS anonymous@", "CWD /abc", "RETR def"}));
}

// RFC 1738 3.2.2 (003 2.2.2, 001 2.2, 002 2.2.3 (2a)): "If the typecode is "d", perform a NLST
// (name list) command with <name> as the argument". The seeds send TYPE only "otherwise";
// docs/behaviour.md sends TYPE A before NLST too (RFC 959 4.1.3: a name list is sent in ASCII or
// EBCDIC), so no mode sends the seeds' lines exactly: the plan is theirs plus that TYPE A.
TEST(SeedPlanSpecial, TypecodeDIsNlstOfTheName)
{
    std::string_view const uri = "ftp://host/dir/name;type=d"; // instantiated
    lines const seeds = {"USER anonymous", "PASS anonymous@", "CWD dir", "NLST name"};
    for (M m : {M::rfc1738, M::multicwd, M::singlecwd}) {
        lines const got = commands(uri, opts(m));
        EXPECT_EQ(got, (lines{"USER anonymous", "PASS anonymous@", "CWD dir", "TYPE A", "NLST name"})) << to_string(m);
        lines without_type;
        std::copy_if(got.begin(), got.end(), std::back_inserter(without_type),
                     [](std::string const& l) { return !l.starts_with("TYPE "); });
        EXPECT_EQ(without_type, seeds) << to_string(m);
    }
    EXPECT_EQ(commands(uri, opts(M::nocwd)), (lines{"USER anonymous", "PASS anonymous@", "TYPE A", "NLST dir/name"}));
    // An empty <name>: NLST of the directory reached, without an argument.
    EXPECT_EQ(commands("ftp://host/dir/;type=d"),
              (lines{"USER anonymous", "PASS anonymous@", "CWD dir", "TYPE A", "NLST"}));
    // draft-casey 2.3 knows only "i" and "a" (it drops "d"); ftpuri keeps RFC 1738's "d".
}

// draft-yevstifeyev 2.1's ABNF writes ";typecode=" (an erratum: its own 2.2.3 and every other
// seed write ";type="). Strict refuses it; the lenient profile reads it as the typecode; in
// rfc3986 ';' is a pchar, so it is part of the name.
TEST(SeedPlanSpecial, TypecodeErratumOfYevstifeyev)
{
    std::string_view const uri = "ftp://host/name;typecode=i";
    EXPECT_EQ(commands(uri), (lines{"! parse: typecode.misspelled"}));
    EXPECT_EQ(commands(uri, {}, L), (lines{"USER anonymous", "PASS anonymous@", "TYPE I", "RETR name"}));
    EXPECT_EQ(commands(uri, {}, R), (lines{"USER anonymous", "PASS anonymous@", "RETR name;typecode=i"}));
}

// RFC 1738 3.2.1 and its copies: the password is "the Internet e-mail address of the end user";
// the option carries it.
TEST(SeedPlanSpecial, AnonymousPasswordIsTheUsersAddress)
{
    std::string const address = "jamesc@harlequin.com";
    ftpuri::plan_options o;
    o.anonymous_password = address;
    EXPECT_EQ(commands("ftp://host/foo.html", o),
              (lines{"USER anonymous", "PASS jamesc@harlequin.com", "RETR foo.html"}));
}

} // namespace
