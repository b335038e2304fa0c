// SPDX-License-Identifier: Apache-2.0
// tests/plan/plan_test.cpp: include/ftpuri/plan.hpp: the commands of a URI (docs/behaviour.md, "The command
// plan"), written out as the lines a client sends, in every mode with and without `absolute`;
// the login; the typecodes; ftp_command's line, argument and offset; the iterators; and the
// errors.
//
// Every shape of URI in every mode is plan_modes_test.cpp (the shapes: support/plan_shapes.hpp);
// the seeds' own examples are in plan_seeds_test.cpp, curl's test suite in plan_curl_test.cpp.
// Expected lines are written from docs/behaviour.md and the decisions recorded in plan.hpp's comments:
// a null CWD is "CWD " (draft-casey 2.5), LIST and NLST without an argument are "LIST", "NLST".

#include "support/guarded_buffer.hpp"
#include "support/plan_lines.hpp"
#include "support/plan_shapes.hpp"
#include "support/profiles.hpp"

#include <array>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

using namespace ftpuri_test;

namespace {

using M = ftpuri::plan_mode;
using V = ftpuri::ftp_verb;

constexpr std::uint32_t npos = ftpuri::ftp_command::npos;

// ---- names -------------------------------------------------------------------------------------

TEST(PlanNames, Verbs)
{
    EXPECT_EQ(to_string(V::user), "USER");
    EXPECT_EQ(to_string(V::pass), "PASS");
    EXPECT_EQ(to_string(V::cwd), "CWD");
    EXPECT_EQ(to_string(V::type), "TYPE");
    EXPECT_EQ(to_string(V::retr), "RETR");
    EXPECT_EQ(to_string(V::nlst), "NLST");
    EXPECT_EQ(to_string(V::list), "LIST");
}

TEST(PlanNames, ModesByName)
{
    std::array<std::string_view, 4> const names = {"rfc1738", "multicwd", "singlecwd", "nocwd"};
    for (std::size_t i = 0; i < all_modes.size(); ++i) {
        EXPECT_EQ(to_string(all_modes[i]), names[i]);
        EXPECT_EQ(ftpuri::find_plan_mode(names[i]), all_modes[i]);
    }
    for (std::string_view bad : {"", "MultiCWD", "multi", "nocwd ", "rfc959", "single cwd"})
        EXPECT_EQ(ftpuri::find_plan_mode(bad), std::nullopt) << bad;
    EXPECT_EQ(ftpuri::plan_options{}.mode, M::multicwd); // docs/behaviour.md: multicwd is the default
    EXPECT_FALSE(ftpuri::plan_options{}.absolute);
    EXPECT_EQ(ftpuri::plan_options{}.anonymous_password, "anonymous@");
}

// ---- login (RFC 1738 3.2.1, draft-yevstifeyev 2.2.1) ---------------------------------------------

TEST(PlanLogin, NoUserinfoIsAnonymous)
{
    EXPECT_EQ(commands("ftp://h/f"), (lines{"USER anonymous", "PASS anonymous@", "RETR f"}));
    EXPECT_EQ(commands("ftp://h"), (lines{"USER anonymous", "PASS anonymous@", "LIST"}));
}

TEST(PlanLogin, UserWithoutPasswordAsks)
{
    EXPECT_EQ(commands("ftp://u@h/f"), (lines{"USER u", "RETR f", "(ask)"}));
    // The URI names the anonymous user without a password: still the URI's user, and ask.
    EXPECT_EQ(commands("ftp://anonymous@h/"), (lines{"USER anonymous", "LIST", "(ask)"}));
    // An empty user is a user (draft-hoffman-rfc1738bis: "ftp://@host" differs from "ftp://host").
    EXPECT_EQ(commands("ftp://@h/f"), (lines{"USER ", "RETR f", "(ask)"}));
}

TEST(PlanLogin, PasswordIsSentEvenEmpty)
{
    EXPECT_EQ(commands("ftp://u:p@h/f"), (lines{"USER u", "PASS p", "RETR f"}));
    // "u:" has a password, and it is empty: PASS with an empty argument, no asking.
    EXPECT_EQ(commands("ftp://u:@h/f"), (lines{"USER u", "PASS ", "RETR f"}));
    EXPECT_EQ(commands("ftp://:@h/f"), (lines{"USER ", "PASS ", "RETR f"}));
}

TEST(PlanLogin, UserAndPasswordAreDecoded)
{
    EXPECT_EQ(commands("ftp://%75ser%40example.org:p%40ss%3Aw%25rd@h/f"),
              (lines{"USER user@example.org", "PASS p@ss:w%rd", "RETR f"}));
    EXPECT_EQ(commands("ftp://use%3fr:pass%3fword@h/"), (lines{"USER use?r", "PASS pass?word", "LIST"}));
}

TEST(PlanLogin, AnonymousPasswordOption)
{
    std::string const mine = "ftp-user@example.org";
    ftpuri::plan_options o;
    o.anonymous_password = mine;
    EXPECT_EQ(commands("ftp://h/f", o), (lines{"USER anonymous", "PASS ftp-user@example.org", "RETR f"}));
    o.anonymous_password = "";
    EXPECT_EQ(commands("ftp://h/f", o), (lines{"USER anonymous", "PASS ", "RETR f"}));
    // Sent as it is, never decoded: it is no URI text.
    o.anonymous_password = "a%40b";
    EXPECT_EQ(commands("ftp://h/f", o), (lines{"USER anonymous", "PASS a%40b", "RETR f"}));
    // A URI with userinfo does not use it.
    EXPECT_EQ(commands("ftp://u:p@h/f", o), (lines{"USER u", "PASS p", "RETR f"}));
}

// docs/behaviour.md: arguments never hold CR, LF or NUL, which would end the command early and start
// another (command injection); the option is refused whether or not the URI would use it.
TEST(PlanLogin, AnonymousPasswordWithLineEndOrNulIsRefused)
{
    std::string const uri = "ftp://h/f";
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    std::string const with_userinfo = "ftp://u:p@h/f";
    ftpuri::parse_result const ru = ftpuri::parse(with_userinfo);
    ASSERT_TRUE(ru);
    using namespace std::string_literals;
    for (std::string const& bad : {"a\rb"s, "a\nb"s, "a\0b"s, "\r\n"s, "me@x\r\nDELE f"s, "\0"s}) {
        ftpuri::plan_options o;
        o.anonymous_password = bad;
        for (ftpuri::uri_view const& v : {*r, *ru}) {
            ftpuri::plan_result const p = ftpuri::plan(v, o);
            ASSERT_FALSE(p) << v.buffer();
            ftpuri::diagnostic const& e = p.error();
            EXPECT_EQ(name_of(e.id), "plan.anonymous-password-control");
            EXPECT_EQ(e.level, ftpuri::severity::error);
            EXPECT_EQ(e.where, ftpuri::component::input);
            EXPECT_EQ(e.offset, 0U); // the option, not the URI
            EXPECT_EQ(e.length, 0U);
        }
    }
    // Other control bytes are the server's business, not a line end: sent.
    ftpuri::plan_options o;
    o.anonymous_password = "a\tb";
    EXPECT_TRUE(ftpuri::plan(*r, o));
}

// draft-yevstifeyev 2.2.1: clients "SHALL provide a way to choose whether anonymous FTP will be
// used". Credentials from the caller replace the anonymous login of a URI without userinfo;
// refuse_anonymous refuses such a URI's plan when there are none. A URI's own user wins.
TEST(PlanLogin, ChoosingTheLogin)
{
    std::string const bare = "ftp://h/pub/f";
    std::string const with_user = "ftp://me:pw@h/pub/f";
    std::string const user_only = "ftp://me@h/f";
    ftpuri::parse_result const b = ftpuri::parse(bare);
    ftpuri::parse_result const u = ftpuri::parse(with_user);
    ftpuri::parse_result const o = ftpuri::parse(user_only);
    ASSERT_TRUE(b && u && o);

    ftpuri::plan_options refuse;
    refuse.refuse_anonymous = true;
    ftpuri::plan_result const refused = ftpuri::plan(*b, refuse);
    ASSERT_FALSE(refused);
    EXPECT_EQ(name_of(refused.error().id), "plan.anonymous-refused");
    EXPECT_EQ(refused.error().level, ftpuri::severity::error);
    EXPECT_EQ(refused.error().where, ftpuri::component::user);
    EXPECT_EQ(refused.error().offset, 6U); // where the userinfo would be: before the host
    EXPECT_EQ(refused.error().length, 0U);
    EXPECT_EQ(commands(with_user, refuse), (lines{"USER me", "PASS pw", "CWD pub", "RETR f"}));
    EXPECT_EQ(commands(user_only, refuse), (lines{"USER me", "RETR f", "(ask)"}));
    // A URI whose user is "anonymous", spelled in any case or escaped, asks for the anonymous
    // login by name: refused too, over its user, credentials or not.
    for (std::string const named : {"ftp://anonymous@h/f", "ftp://ANONYMOUS:me%40x@h/f", "ftp://%61nonymous@h/f"}) {
        ftpuri::parse_result const a = ftpuri::parse(named);
        ASSERT_TRUE(a) << named;
        for (bool const with_credentials : {false, true}) {
            ftpuri::plan_options options = refuse;
            if (with_credentials) options.credentials = ftpuri::plan_credentials{"alice", "s3cret"};
            ftpuri::plan_result const r = ftpuri::plan(*a, options);
            ASSERT_FALSE(r) << named;
            EXPECT_EQ(name_of(r.error().id), "plan.anonymous-refused") << named;
            EXPECT_EQ(r.error().offset, 6U) << named;
            EXPECT_EQ(r.error().length, named.find_first_of(":@", 6) - 6) << named;
        }
        EXPECT_TRUE(ftpuri::plan(*a, {})) << named; // allowed by default
    }
    EXPECT_EQ(commands("ftp://anonymousx@h/f", refuse).front(), "USER anonymousx");

    ftpuri::plan_options given;
    given.credentials = ftpuri::plan_credentials{"alice", "s3cret"};
    EXPECT_EQ(commands(bare, given), (lines{"USER alice", "PASS s3cret", "CWD pub", "RETR f"}));
    given.refuse_anonymous = true; // credentials given: nothing anonymous to refuse
    EXPECT_EQ(commands(bare, given), (lines{"USER alice", "PASS s3cret", "CWD pub", "RETR f"}));
    EXPECT_EQ(commands(with_user, given), (lines{"USER me", "PASS pw", "CWD pub", "RETR f"}));
    ftpuri::plan_result const with_creds = ftpuri::plan(*b, given);
    ASSERT_TRUE(with_creds);
    for (ftpuri::ftp_command const& c : *with_creds) {
        if (c.verb() == V::user || c.verb() == V::pass) {
            EXPECT_EQ(c.offset(), ftpuri::ftp_command::npos);
        }
    }

    using namespace std::string_literals;
    for (std::string const& bad : {"a\r\nDELE x"s, "a\nb"s, "a\0b"s}) {
        for (ftpuri::plan_credentials const creds :
             {ftpuri::plan_credentials{bad, "pw"}, ftpuri::plan_credentials{"alice", bad}}) {
            ftpuri::plan_options o2;
            o2.credentials = creds;
            for (ftpuri::uri_view const& v : {*b, *u}) { // refused whatever the URI: the option is wrong
                ftpuri::plan_result const p = ftpuri::plan(v, o2);
                ASSERT_FALSE(p) << v.buffer();
                EXPECT_EQ(name_of(p.error().id), "plan.credentials-control");
                EXPECT_EQ(p.error().where, ftpuri::component::input);
                EXPECT_EQ(p.error().offset, 0U);
                EXPECT_EQ(p.error().length, 0U);
            }
        }
    }
}

// ---- ftp_command: the line, its size, the argument and where it comes from ------------------------

TEST(PlanCommands, WriteToFitsExactlyAndRefusesSmallerBuffers)
{
    std::string const uri = "ftp://us%65r:p%40ss@h//d%20x/f%41;type=a";
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    ftpuri::plan_result const p = ftpuri::plan(*r, opts(M::rfc1738, true));
    ASSERT_TRUE(p);
    lines const expected = {"USER user", "PASS p@ss", "CWD /", "CWD ", "CWD d x", "TYPE A", "RETR fA"};
    std::size_t i = 0;
    for (ftpuri::ftp_command const& c : *p) {
        ASSERT_LT(i, expected.size());
        std::string_view const want = expected[i++];
        EXPECT_EQ(c.size(), want.size()) << want;
        guarded exact(want.size());
        EXPECT_EQ(c.write_into(exact.span()).size, want.size()) << want;
        EXPECT_EQ(exact.written(want.size()), want);
        EXPECT_TRUE(exact.intact()) << want;
        guarded roomy(want.size() + 10);
        EXPECT_EQ(c.write_into(roomy.span()).size, want.size()) << want;
        EXPECT_EQ(roomy.written(want.size()), want);
        EXPECT_TRUE(roomy.intact()) << want;
        guarded small(want.size() - 1);
        EXPECT_EQ(c.write_into(small.span()).status, ftpuri::write_status::buffer_too_small) << want;
        EXPECT_TRUE(small.intact()) << want;
        EXPECT_EQ(c.write_into({}).status, ftpuri::write_status::buffer_too_small) << want;
    }
    EXPECT_EQ(i, expected.size());
}

// The wire form doubles a byte 0xFF (IAC IAC: RFC 959 runs the control connection as Telnet,
// RFC 854), so that "%FF%F4" in a name is not "interrupt process" to the server's Telnet layer;
// argument() is the byte itself, once.
TEST(PlanCommands, WriteToDoublesTheTelnetIac)
{
    std::string const uri = "ftp://u:p%FF@h/d%FF%F4x/%ff%FF;type=i";
    ftpuri::parse_result const r = ftpuri::parse(uri, in(R));
    ASSERT_TRUE(r);
    ftpuri::plan_result const p = ftpuri::plan(*r, opts(M::multicwd, false));
    ASSERT_TRUE(p);
    using namespace std::string_literals;
    lines const wire = {"USER u", "PASS p\xFF\xFF"s, "CWD d\xFF\xFF\xF4x"s, "TYPE I", "RETR \xFF\xFF\xFF\xFF"s};
    lines const arguments = {"u", "p\xFF"s, "d\xFF\xF4x"s, "I", "\xFF\xFF"s};
    std::size_t i = 0;
    for (ftpuri::ftp_command const& c : *p) {
        ASSERT_LT(i, wire.size());
        std::string_view const want = wire[i];
        EXPECT_EQ(c.size(), want.size()) << i;
        guarded exact(want.size());
        EXPECT_EQ(c.write_into(exact.span()).size, want.size()) << i;
        EXPECT_EQ(exact.written(want.size()), want) << i;
        EXPECT_TRUE(exact.intact()) << i;
        guarded small(want.size() - 1);
        EXPECT_EQ(c.write_into(small.span()).status, ftpuri::write_status::buffer_too_small) << i;
        std::string argument;
        for (char const ch : c.argument())
            argument.push_back(ch);
        EXPECT_EQ(argument, arguments[i]) << i;
        ++i;
    }
    EXPECT_EQ(i, wire.size());
}

// offset() and raw_argument(): the argument's text in the URI, as written; npos for what the plan
// supplies itself.
TEST(PlanCommands, OffsetPointsAtTheRawArgument)
{
    std::string const uri = "ftp://us%65r:pw@h/d1/a%20x/f%41;type=i"; // user at 6, password 13, path 17
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    struct want {
        std::string_view raw;
        std::uint32_t offset;
        std::string_view decoded;
    };
    auto check = [&](ftpuri::plan_options const& o, std::vector<want> const& wants) {
        ftpuri::plan_result const p = ftpuri::plan(*r, o);
        ASSERT_TRUE(p);
        std::size_t i = 0;
        for (ftpuri::ftp_command const& c : *p) {
            ASSERT_LT(i, wants.size());
            want const& w = wants[i++];
            EXPECT_EQ(c.raw_argument(), w.raw);
            EXPECT_EQ(c.offset(), w.offset) << w.raw;
            EXPECT_TRUE(c.argument() == w.decoded) << w.raw;
            if (c.offset() != npos) {
                EXPECT_EQ(uri.substr(c.offset(), w.raw.size()), w.raw);
            }
        }
        EXPECT_EQ(i, wants.size());
    };
    check(opts(M::multicwd, true), {{"us%65r", 6, "user"},
                                    {"pw", 13, "pw"},
                                    {"/", npos, "/"},
                                    {"d1", 18, "d1"},
                                    {"a%20x", 21, "a x"},
                                    {"I", npos, "I"},
                                    {"f%41", 27, "fA"}});
    check(opts(M::singlecwd),
          {{"us%65r", 6, "user"}, {"pw", 13, "pw"}, {"d1/a%20x", 18, "d1/a x"}, {"I", npos, "I"}, {"f%41", 27, "fA"}});
    check(opts(M::nocwd),
          {{"us%65r", 6, "user"}, {"pw", 13, "pw"}, {"I", npos, "I"}, {"d1/a%20x/f%41", 18, "d1/a x/fA"}});

    std::string const anonymous = "ftp://h/f";
    ftpuri::parse_result const ra = ftpuri::parse(anonymous);
    ASSERT_TRUE(ra);
    ftpuri::plan_result const pa = ftpuri::plan(*ra);
    ASSERT_TRUE(pa);
    auto it = pa->begin();
    EXPECT_EQ(it->offset(), npos);     // "anonymous"
    EXPECT_EQ((++it)->offset(), npos); // the option's password
    EXPECT_EQ((++it)->offset(), 8U);   // "f"
}

TEST(PlanCommands, DefaultCommandAndEquality)
{
    ftpuri::ftp_command const none;
    EXPECT_EQ(none.verb(), V::list);
    EXPECT_FALSE(none.has_argument());
    EXPECT_EQ(none.offset(), npos);
    EXPECT_EQ(none.size(), 4U);
    std::string const uri = "ftp://h/a/f";
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    ftpuri::plan_result const p = ftpuri::plan(*r);
    ASSERT_TRUE(p);
    // Two walks of one plan give equal commands; different commands differ.
    auto a = p->begin();
    auto b = p->begin();
    for (; a != p->end(); ++a, ++b)
        EXPECT_EQ(*a, *b);
    EXPECT_NE(*p->begin(), *std::next(p->begin()));
}

// ---- the plan as a range --------------------------------------------------------------------------

TEST(PlanIteration, NeverEmptyAndSizeCounts)
{
    for (shape const& s : shapes()) {
        ftpuri::parse_result const r = ftpuri::parse(s.uri, in(s.syntax));
        ASSERT_TRUE(r) << s.uri;
        for (M m : all_modes) {
            ftpuri::plan_result const p = ftpuri::plan(*r, opts(m));
            if (!p) continue;
            // At least the login and the action.
            EXPECT_NE(p->begin(), p->end()) << s.uri;
            EXPECT_GE(p->size(), 3U) << s.uri;
            EXPECT_EQ(static_cast<std::size_t>(std::distance(p->begin(), p->end())), p->size()) << s.uri;
            EXPECT_EQ(lines_of(*p), lines_of(*p)) << s.uri << ": a second walk differs";
        }
    }
}

TEST(PlanIteration, IteratorSemantics)
{
    static_assert(std::forward_iterator<ftpuri::command_plan::iterator>);
    std::string const uri = "ftp://u:p@h/a/f";
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    ftpuri::plan_result const p = ftpuri::plan(*r);
    ASSERT_TRUE(p);
    auto it = p->begin();
    EXPECT_EQ(it, p->begin());
    auto const old = it++;
    EXPECT_EQ(old, p->begin());
    EXPECT_EQ(line_of(*old), "USER u");
    EXPECT_EQ(line_of(*it), "PASS p");
    EXPECT_EQ(it->verb(), V::pass);
    auto copy = it; // multipass: a copy walks on its own
    ++copy;
    EXPECT_EQ(line_of(*it), "PASS p");
    EXPECT_EQ(line_of(*copy), "CWD a");
    ++copy;
    ++copy;
    EXPECT_EQ(copy, p->end());
    EXPECT_EQ(++copy, p->end()); // stays at the end
    EXPECT_EQ(ftpuri::command_plan::iterator(), p->end());
}

// A command_plan that plan() did not make: what it holds is not specified, but walking it is
// safe and ends, and size() counts the walk.
TEST(PlanIteration, DefaultConstructedPlanIsSafeToWalk)
{
    ftpuri::command_plan const p;
    std::size_t n = 0;
    for (auto it = p.begin(); it != p.end() && n < 100; ++it) {
        (void)line_of(*it);
        ++n;
    }
    EXPECT_LT(n, 100U);
    EXPECT_EQ(p.size(), n);
    EXPECT_FALSE(p.ask_password());
    EXPECT_FALSE(ftpuri::plan_result().has_value());
}

TEST(PlanIteration, ResultAccessors)
{
    std::string const uri = "ftp://u@h/f";
    ftpuri::parse_result const r = ftpuri::parse(uri);
    ASSERT_TRUE(r);
    std::string const password = "someone@example.org";
    ftpuri::plan_options o = opts(M::singlecwd, true);
    o.anonymous_password = password;
    ftpuri::plan_result const p = ftpuri::plan(*r, o);
    ASSERT_TRUE(p.has_value());
    ASSERT_TRUE(static_cast<bool>(p));
    EXPECT_EQ(&p.value(), &*p);
    EXPECT_EQ(p->uri().buffer(), uri);
    EXPECT_EQ(p->options().mode, M::singlecwd);
    EXPECT_TRUE(p->options().absolute);
    EXPECT_EQ(p->options().anonymous_password, password);
    EXPECT_TRUE(p->ask_password());
}

// ---- errors ---------------------------------------------------------------------------------------

TEST(PlanErrors, NocwdRefusesTheFirstEncodedSlash)
{
    for (auto const& [text, offset] :
         {std::pair{"ftp://h/a/b%2Fc", 11U}, std::pair{"ftp://h/a%2fb/c%2Fd", 9U}, std::pair{"ftp://h/~/x/%2F", 12U},
          std::pair{"ftp://u:p@h/%2Fetc/motd", 12U}, std::pair{"ftp://h/a%2F/;type=d", 9U}}) {
        std::string const uri = text;
        ftpuri::parse_result const r = ftpuri::parse(uri);
        ASSERT_TRUE(r) << uri;
        for (bool const absolute : {false, true}) {
            ftpuri::plan_result const p = ftpuri::plan(*r, opts(M::nocwd, absolute));
            ASSERT_FALSE(p) << uri;
            EXPECT_EQ(name_of(p.error().id), "plan.nocwd-slash") << uri;
            EXPECT_EQ(p.error().level, ftpuri::severity::error) << uri;
            EXPECT_EQ(p.error().where, ftpuri::component::path) << uri;
            EXPECT_EQ(p.error().offset, offset) << uri;
            EXPECT_EQ(p.error().length, 3U) << uri;
            EXPECT_EQ(uri.substr(offset, 3).substr(0, 2), "%2") << uri;
        }
        for (M m : {M::rfc1738, M::multicwd, M::singlecwd})
            EXPECT_TRUE(ftpuri::plan(*r, opts(m))) << uri << " in " << to_string(m);
    }
    // "%252F" is a '%' followed by "2F": no slash.
    EXPECT_EQ(commands("ftp://h/a%252Fb", opts(M::nocwd)), (lines{"USER anonymous", "PASS anonymous@", "RETR a%2Fb"}));
}

// A uri_view that did not come from parse() (detail::uri_parts is written by hand): plan()
// checks again that no argument decodes to NUL, CR or LF.
ftpuri::uri_view hand_built(std::string const& text, std::uint32_t user_end, std::uint32_t password_end,
                            std::uint32_t host_begin, std::uint32_t host_end)
{
    ftpuri::detail::uri_parts parts;
    parts.data = text.data();
    parts.size = static_cast<std::uint32_t>(text.size());
    if (user_end != 0) {
        parts.at.user_begin = 6;
        parts.at.user_end = user_end;
    }
    if (password_end != 0) {
        parts.at.password_begin = user_end + 1;
        parts.at.password_end = password_end;
    }
    parts.at.host_begin = host_begin;
    parts.at.host_end = host_end;
    parts.at.path_begin = host_end;
    parts.at.path_end = parts.size;
    return ftpuri::uri_view(parts);
}

TEST(PlanErrors, ForbiddenControlFromAHandBuiltView)
{
    using namespace std::string_literals;
    struct bad {
        std::string text;
        std::uint32_t user_end, password_end, host_begin, host_end;
        ftpuri::component where;
        std::uint32_t offset, length;
    };
    for (bad const& b : {bad{"ftp://h/a%0Ab", 0, 0, 6, 7, ftpuri::component::path, 9, 3},
                         bad{"ftp://h/a/b%0d", 0, 0, 6, 7, ftpuri::component::path, 11, 3},
                         bad{"ftp://h/%00/f", 0, 0, 6, 7, ftpuri::component::path, 8, 3},
                         bad{"ftp://h/a\nb"s, 0, 0, 6, 7, ftpuri::component::path, 9, 1},
                         bad{"ftp://h/a\0b"s, 0, 0, 6, 7, ftpuri::component::path, 9, 1},
                         bad{"ftp://u%0D@h/", 10, 0, 11, 12, ftpuri::component::user, 7, 3},
                         bad{"ftp://u:p%0A@h/", 7, 12, 13, 14, ftpuri::component::password, 9, 3}}) {
        ftpuri::uri_view const v = hand_built(b.text, b.user_end, b.password_end, b.host_begin, b.host_end);
        ASSERT_FALSE(ftpuri::parse(b.text)) << "parse() must refuse it too: " << b.text;
        for (M m : all_modes) {
            ftpuri::plan_result const p = ftpuri::plan(v, opts(m));
            ASSERT_FALSE(p) << b.text;
            EXPECT_EQ(name_of(p.error().id), "pct.forbidden-control") << b.text;
            EXPECT_EQ(p.error().level, ftpuri::severity::error) << b.text;
            EXPECT_EQ(p.error().where, b.where) << b.text;
            EXPECT_EQ(p.error().offset, b.offset) << b.text;
            EXPECT_EQ(p.error().length, b.length) << b.text;
        }
    }
    // The same hand-built view without the bad byte plans.
    std::string const good = "ftp://h/a%09b";
    EXPECT_TRUE(ftpuri::plan(hand_built(good, 0, 0, 6, 7)));
}

// ---- views of the other profiles ------------------------------------------------------------------

TEST(PlanProfiles, Rfc3986Views)
{
    // ';' is a pchar in RFC 3986: part of the segment, sent as written.
    EXPECT_EQ(commands("ftp://h/a;x=1/f", {}, R), (lines{"USER anonymous", "PASS anonymous@", "CWD a;x=1", "RETR f"}));
    // A query and a fragment are no part of the plan.
    EXPECT_EQ(commands("ftp://h/d/f?q=1#frag", {}, R), (lines{"USER anonymous", "PASS anonymous@", "CWD d", "RETR f"}));
    // ";typecode=" is no typecode there (typecode.misspelled, a warning): part of the name.
    EXPECT_EQ(commands("ftp://h/f;typecode=i", {}, R),
              (lines{"USER anonymous", "PASS anonymous@", "RETR f;typecode=i"}));
    // A trailing ";type=" is a typecode in every profile.
    EXPECT_EQ(commands("ftp://h/a;b/f;type=i", {}, R),
              (lines{"USER anonymous", "PASS anonymous@", "CWD a;b", "TYPE I", "RETR f"}));
    EXPECT_EQ(commands("ftp://h/a;x=1/f", {}, S), (lines{"! parse: path.raw-semicolon"}));
}

TEST(PlanProfiles, LenientViews)
{
    // The lenient view holds the raw space; the plan sends the byte as it is (decoding leaves it).
    EXPECT_EQ(commands("ftp://h/a b/f", {}, L), (lines{"USER anonymous", "PASS anonymous@", "CWD a b", "RETR f"}));
    EXPECT_EQ(commands("ftp://h/a b/f", opts(M::nocwd), L), (lines{"USER anonymous", "PASS anonymous@", "RETR a b/f"}));
    // draft-yevstifeyev's ";typecode=" is read as ";type=" (with a warning).
    EXPECT_EQ(commands("ftp://h/f;typecode=i", {}, L),
              (lines{"USER anonymous", "PASS anonymous@", "TYPE I", "RETR f"}));
    EXPECT_EQ(commands("ftp://h/a b/f", {}, S), (lines{"! parse: char.space"}));
}

} // namespace
