// SPDX-License-Identifier: Apache-2.0
// tests/fetch/fetch_unit_test.cpp: the guarded fetch's parts alone, and what fetch() refuses
// before it opens any connection (tests/fetch/CMakeLists.txt says why here).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "fetch/address_guard.hpp"
#include "fetch/session_log.hpp"
#include "fetch/transfer_setup.hpp"
#include "ftpuri/fetch.hpp"
#include "ftpuri/parse.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::host_class;
using ftpuri::plan_stage;
using ftpuri::fetch_detail::session_log;

TEST(SessionLog, RecordsEachCommandAndMasksAPassword)
{
    session_log log;
    log.on_command("USER me\r\n");
    log.on_command("PASS s3cret\r\n");
    log.on_command("CWD pub\r\nEPSV\r\n"); // two lines in one call
    EXPECT_EQ(log.commands, (std::vector<std::string>{"USER me", "PASS ****", "CWD pub", "EPSV"}));
    session_log anonymous;
    anonymous.mask_password = false; // the anonymous password is no secret, as plan() shows it
    anonymous.on_command("PASS anonymous@\r\n");
    EXPECT_EQ(anonymous.commands, (std::vector<std::string>{"PASS anonymous@"}));
}

TEST(SessionLog, ReadsTheFinalLineOfEachReplyEvenSplitAcrossCalls)
{
    session_log log;
    log.on_reply("220-Welcome\r\n220-to the server\r\n");
    log.on_reply("220 ready\r\n");
    log.on_command("USER me\r\n");
    log.on_reply("33");
    log.on_reply("1 password\r\n");
    log.on_reply("250\r\n"); // a code without text is a final line too
    EXPECT_EQ(log.replies, (std::vector<unsigned>{220, 331, 250}));
    EXPECT_EQ(log.last_failure.code, 0U);
}

TEST(SessionLog, TheFailingReplyHasTheStageOfItsCommand)
{
    session_log log;
    log.on_command("PASS x\r\n");
    log.on_reply("530 Login incorrect.\r\n");
    EXPECT_EQ(log.last_failure.code, 530U);
    EXPECT_EQ(log.last_failure.stage, plan_stage::login);
    log.on_command("CWD nowhere\r\n");
    log.on_reply("550 No such directory.\r\n");
    EXPECT_EQ(log.last_failure.stage, plan_stage::path);
    log.on_command("RETR f\r\n");
    log.on_reply("451 Local error.\r\n");
    EXPECT_EQ(log.last_failure.code, 451U);
    EXPECT_EQ(log.last_failure.stage, plan_stage::transfer);
    // libcurl falls back from a refused EPSV to PASV, and says QUIT after an error: neither is
    // what ended the fetch.
    log.on_command("EPSV\r\n");
    log.on_reply("500 Unknown command.\r\n");
    log.on_command("QUIT\r\n");
    log.on_reply("421 Bye.\r\n");
    EXPECT_EQ(log.last_failure.code, 451U);
}

TEST(SessionLog, StagesOfTheCommands)
{
    using ftpuri::fetch_detail::stage_of;
    for (std::string_view verb : {"", "USER", "PASS", "ACCT"})
        EXPECT_EQ(stage_of(verb), plan_stage::login) << verb;
    for (std::string_view verb : {"CWD", "TYPE", "PWD"})
        EXPECT_EQ(stage_of(verb), plan_stage::path) << verb;
    for (std::string_view verb : {"EPSV", "PASV", "SIZE", "RETR", "LIST", "NLST", "REST"})
        EXPECT_EQ(stage_of(verb), plan_stage::transfer) << verb;
}

// libcurl's curl_sockaddr holds the address in storage large enough for any family.
struct socket_address {
    curl_sockaddr head{};
    sockaddr_storage rest{};
};

socket_address ipv4(char const* text)
{
    socket_address a;
    sockaddr_in in{};
    in.sin_family = AF_INET;
    in.sin_port = htons(21);
    EXPECT_EQ(inet_pton(AF_INET, text, &in.sin_addr), 1);
    a.head.family = AF_INET;
    a.head.addrlen = sizeof in;
    std::memcpy(&a.head.addr, &in, sizeof in);
    return a;
}

socket_address ipv6(char const* text)
{
    socket_address a;
    sockaddr_in6 in6{};
    in6.sin6_family = AF_INET6;
    EXPECT_EQ(inet_pton(AF_INET6, text, &in6.sin6_addr), 1);
    a.head.family = AF_INET6;
    a.head.addrlen = sizeof in6;
    std::memcpy(&a.head.addr, &in6, sizeof in6);
    return a;
}

TEST(AddressGuard, ClassifiesTheAddressLibcurlConnectsTo)
{
    using ftpuri::fetch_detail::class_of;
    EXPECT_EQ(class_of(ipv4("127.0.0.1").head), host_class::loopback);
    EXPECT_EQ(class_of(ipv4("169.254.169.254").head), host_class::link_local);
    EXPECT_EQ(class_of(ipv4("10.0.0.1").head), host_class::private_);
    EXPECT_EQ(class_of(ipv4("8.8.8.8").head), host_class::public_);
    EXPECT_EQ(class_of(ipv6("::1").head), host_class::loopback);
    EXPECT_EQ(class_of(ipv6("::ffff:10.0.0.1").head), host_class::private_); // IPv4-mapped, unwrapped
    socket_address unix_socket;
    unix_socket.head.family = AF_UNIX;
    EXPECT_EQ(class_of(unix_socket.head), host_class::reserved); // no FTP server's family
}

TEST(TransferSetup, TheUrlHasNoUserinfoAndNoFragment)
{
    std::string const text = "ftp://u:p%40ss@h.example:2121/a/b%20c;type=i#frag";
    ftpuri::parse_result const uri = ftpuri::parse(text);
    ASSERT_TRUE(uri);
    EXPECT_EQ(ftpuri::fetch_detail::url_without_userinfo(*uri), "ftp://h.example:2121/a/b%20c;type=i");
    std::string const v6 = "ftp://[2001:db8::7]/";
    EXPECT_EQ(ftpuri::fetch_detail::url_without_userinfo(*ftpuri::parse(v6)), "ftp://[2001:db8::7]/");
}

// What fetch() refuses before it connects: nothing reaches the sink, no connection is asked for.
ftpuri::fetch_result refused(std::string_view uri, ftpuri::policy const& rules, ftpuri::fetch_options const& options)
{
    bool wrote = false;
    ftpuri::fetch_result r = ftpuri::fetch(uri, rules, options, [&](std::span<char const>) {
        wrote = true;
        return true;
    });
    EXPECT_FALSE(wrote);
    EXPECT_TRUE(r.connections.empty());
    EXPECT_TRUE(r.commands.empty());
    return r;
}

TEST(Fetch, RefusesWhatSanitizeRefusesWithItsError)
{
    ftpuri::policy const rules{.deny = {host_class::loopback}};
    for (std::string_view uri : {"ftp://127.0.0.1/f", "ftp://h/pub/../../etc/passwd", "ftp://h/a%0D%0ADELE%20x"}) {
        char canonical[256];
        ftpuri::sanitize_result const s = ftpuri::sanitize_into(uri, rules, canonical);
        ASSERT_FALSE(s) << uri;
        ftpuri::fetch_result const r = refused(uri, rules, {});
        ASSERT_TRUE(r.error) << uri;
        EXPECT_EQ(*r.error, s.error) << uri;
    }
}

TEST(Fetch, RefusesThePlanModesLibcurlCannotSend)
{
    ftpuri::fetch_options options;
    options.mode = ftpuri::plan_mode::rfc1738;
    EXPECT_EQ(refused("ftp://h/f", {}, options).error->id, diag_id::fetch_mode_unsupported);
    options.mode = ftpuri::plan_mode::multicwd;
    options.absolute = true;
    EXPECT_EQ(refused("ftp://h/f", {}, options).error->id, diag_id::fetch_mode_unsupported);
    options.absolute = false;
    options.mode = ftpuri::plan_mode::nocwd;
    EXPECT_EQ(refused("ftp://h/a%2Fb/f", {}, options).error->id, diag_id::plan_nocwd_slash);
}

TEST(Fetch, AUserWithoutAPasswordNeedsOne)
{
    ftpuri::fetch_result const r = refused("ftp://me@h/f", {}, {});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->id, diag_id::fetch_password_needed);
    EXPECT_EQ(r.error->offset, 6U);
    EXPECT_EQ(r.error->length, 2U);
}

TEST(Fetch, AResolvedAddressInADeniedClassIsRefusedBeforeConnecting)
{
    ftpuri::fetch_options options;
    options.resolve = {"files.example.com:21:127.0.0.2"};
    options.timeout = std::chrono::milliseconds(5000);
    bool wrote = false;
    ftpuri::fetch_result const r = ftpuri::fetch("ftp://files.example.com/f", {.deny = {host_class::loopback}}, options,
                                                 [&](std::span<char const>) {
                                                     wrote = true;
                                                     return true;
                                                 });
    EXPECT_FALSE(wrote);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->id, diag_id::fetch_address_denied);
    EXPECT_EQ(r.denied_class, host_class::loopback);
    ASSERT_EQ(r.connections.size(), 1U);
    EXPECT_EQ(r.connections[0].address, "127.0.0.2:21");
    EXPECT_TRUE(r.connections[0].refused);
    EXPECT_EQ(ftpuri::describe(r), "address class loopback is denied by the policy (127.0.0.2:21)");
}

// A name with one denied answer is refused whole: once an address is refused, so is every later
// one libcurl tries, even of a class the policy allows (198.51.100.7, documentation, here allowed).
TEST(Fetch, ANameWithOneDeniedAnswerIsRefusedWhole)
{
    ftpuri::fetch_options options;
    options.resolve = {"files.example.com:21:127.0.0.2,198.51.100.7"};
    options.timeout = std::chrono::milliseconds(5000);
    ftpuri::fetch_result const r = ftpuri::fetch("ftp://files.example.com/f", {.deny = {host_class::loopback}}, options,
                                                 [](std::span<char const>) { return true; });
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->id, diag_id::fetch_address_denied);
    EXPECT_EQ(r.denied_class, host_class::loopback);
    ASSERT_EQ(r.connections.size(), 2U) << ftpuri::describe(r);
    EXPECT_EQ(r.connections[1].address, "198.51.100.7:21");
    EXPECT_EQ(r.connections[1].cls, host_class::documentation);
    EXPECT_TRUE(r.connections[1].refused);
}

} // namespace
