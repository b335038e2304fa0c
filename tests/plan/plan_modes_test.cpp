// SPDX-License-Identifier: Apache-2.0
// tests/plan/plan_modes_test.cpp: include/ftpuri/plan.hpp's directories and action by mode: every
// shape of URI (support/plan_shapes.hpp) in every mode, with and without `absolute`, the login
// first; the same rule spelled out on a few URIs; each verb and its argument.
//
// Expected lines are written from docs/behaviour.md and the decisions recorded in plan.hpp's
// comments: a null CWD is "CWD " (draft-casey 2.5), LIST and NLST without an argument are "LIST",
// "NLST".

#include "support/plan_lines.hpp"
#include "support/plan_shapes.hpp"
#include "support/profiles.hpp"

#include <string>
#include <string_view>
#include <vector>

using namespace ftpuri_test;

namespace {

using M = ftpuri::plan_mode;
using V = ftpuri::ftp_verb;

lines cat_lines(lines a, lines const& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// Every shape in every mode: the login, "CWD /" first when `absolute` (unless the first segment
// is "~"), then the row's commands.
TEST(PlanModes, EveryShapeInEveryModeWithAndWithoutAbsolute)
{
    for (shape const& s : shapes()) {
        for (std::size_t m = 0; m < all_modes.size(); ++m) {
            for (bool const absolute : {false, true}) {
                lines const& tail = s.after_login[m];
                lines expected = tail;
                if (!tail.front().starts_with("!"))
                    expected =
                        cat_lines(absolute && !s.login_first ? lines{"USER anonymous", "PASS anonymous@", "CWD /"}
                                                             : lines{"USER anonymous", "PASS anonymous@"},
                                  tail);
                EXPECT_EQ(commands(s.uri, opts(all_modes[m], absolute), s.syntax), expected)
                    << s.uri << " in " << to_string(all_modes[m]) << (absolute ? ", absolute" : "");
            }
        }
    }
}

// The same rule spelled out on a few URIs, so that the rule above is not only its own mirror.
TEST(PlanModes, AbsoluteSpelledOut)
{
    EXPECT_EQ(commands("ftp://h", opts(M::nocwd, true)), (lines{"USER anonymous", "PASS anonymous@", "CWD /", "LIST"}));
    EXPECT_EQ(commands("ftp://u:p@h/a/f", opts(M::nocwd, true)), (lines{"USER u", "PASS p", "CWD /", "RETR a/f"}));
    EXPECT_EQ(commands("ftp://u@h/a/b/f", opts(M::multicwd, true)),
              (lines{"USER u", "CWD /", "CWD a", "CWD b", "RETR f", "(ask)"}));
    EXPECT_EQ(commands("ftp://h//a/f", opts(M::rfc1738, true)),
              (lines{"USER anonymous", "PASS anonymous@", "CWD /", "CWD ", "CWD a", "RETR f"}));
    EXPECT_EQ(commands("ftp://h/a/b/f;type=i", opts(M::singlecwd, true)),
              (lines{"USER anonymous", "PASS anonymous@", "CWD /", "CWD a/b", "TYPE I", "RETR f"}));
    // "~" (or "%7E") first: the path is read from the login directory, whatever `absolute` says.
    EXPECT_EQ(commands("ftp://h/~/a/f", opts(M::multicwd, true)),
              (lines{"USER anonymous", "PASS anonymous@", "CWD a", "RETR f"}));
    EXPECT_EQ(commands("ftp://h/%7E/f", opts(M::nocwd, true)), (lines{"USER anonymous", "PASS anonymous@", "RETR f"}));
    EXPECT_EQ(commands("ftp://h/~", opts(M::rfc1738, true)), (lines{"USER anonymous", "PASS anonymous@", "LIST"}));
    // "~user" is no login directory.
    EXPECT_EQ(commands("ftp://h/~user/f", opts(M::multicwd, true)),
              (lines{"USER anonymous", "PASS anonymous@", "CWD /", "CWD ~user", "RETR f"}));
}

// Each verb comes out as its enumerator, the arguments as has_argument() says.
TEST(PlanCommands, VerbsAndArguments)
{
    std::string const uri = "ftp://u:p@h/d/f;type=i";
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    ftpuri::plan_result const p = ftpuri::plan(*r, opts(M::rfc1738, true));
    ASSERT_TRUE(p);
    std::vector<V> verbs;
    for (ftpuri::ftp_command const& c : *p) {
        verbs.push_back(c.verb());
        EXPECT_TRUE(c.has_argument());
    }
    EXPECT_EQ(verbs, (std::vector<V>{V::user, V::pass, V::cwd, V::cwd, V::type, V::retr}));

    for (auto const& [text, verb] : {std::pair{"ftp://h/", V::list}, std::pair{"ftp://h/;type=d", V::nlst}}) {
        std::string const u = text;
        ftpuri::parse_result const rl = ftpuri::parse(u);
        ASSERT_TRUE(rl);
        ftpuri::plan_result const pl = ftpuri::plan(*rl);
        ASSERT_TRUE(pl);
        ftpuri::ftp_command last;
        for (ftpuri::ftp_command const& c : *pl)
            last = c;
        EXPECT_EQ(last.verb(), verb) << u;
        EXPECT_FALSE(last.has_argument()) << u;
        EXPECT_TRUE(last.raw_argument().empty()) << u;
        EXPECT_EQ(last.size(), 4U) << u;
    }
}

} // namespace
