// SPDX-License-Identifier: Apache-2.0
// tests/plan/reply_test.cpp: include/ftpuri/reply.hpp: the reaction to every reply code at every
// stage of a plan, as draft-yevstifeyev section 2.2.4 names them, and what every other code
// gets.
#include <gtest/gtest.h>

#include <array>

#include "ftpuri/reply.hpp"

namespace {

using ftpuri::client_action;
using ftpuri::plan_stage;
using ftpuri::reply_action;

constexpr std::array stages = {plan_stage::login, plan_stage::path, plan_stage::transfer};

// 2.2.4.1: "it SHALL stop handling the 'ftp' URI, notify the user and take no further actions".
TEST(Reply, ServiceGoneStopsAtEveryStage)
{
    for (unsigned code : {421U, 426U, 434U})
        for (plan_stage stage : stages)
            EXPECT_EQ(reply_action(code, stage), client_action::stop) << code << " at " << to_string(stage);
}

// 2.2.4.1 and 2.2.4.2, "upon processing the <ftp-path>": stop, and "retain the most currently
// accessed directory active".
TEST(Reply, PathAndTransferErrorsKeepTheDirectory)
{
    for (unsigned code : {425U, 450U, 451U, 452U, 501U, 502U, 503U, 504U, 550U, 551U, 552U, 553U}) {
        EXPECT_EQ(reply_action(code, plan_stage::path), client_action::stop_keep_directory) << code;
        EXPECT_EQ(reply_action(code, plan_stage::transfer), client_action::stop_keep_directory) << code;
        // The draft names them for the path only; at login there is no directory to keep.
        EXPECT_EQ(reply_action(code, plan_stage::login), client_action::stop) << code;
    }
}

// 2.2.4.1: 430 "upon processing the <user-pass> part": other credentials, anonymous, or close.
TEST(Reply, InvalidCredentialsAskForOthersAtLogin)
{
    EXPECT_EQ(reply_action(430, plan_stage::login), client_action::ask_credentials);
    EXPECT_EQ(reply_action(430, plan_stage::path), client_action::stop);
    EXPECT_EQ(reply_action(430, plan_stage::transfer), client_action::stop);
}

// 2.2.4.2: 530 "not logged on": the URI's credentials, else the user's, else as 430.
TEST(Reply, NotLoggedOnLogsInWhateverTheStage)
{
    for (plan_stage stage : stages)
        EXPECT_EQ(reply_action(530, stage), client_action::log_in) << to_string(stage);
}

// 2.2.4.3: 6xx "are truly believed not to occur during handling the 'ftp' URIs".
TEST(Reply, ProtectedRepliesStop)
{
    for (unsigned code = 600; code <= 699; ++code)
        for (plan_stage stage : stages)
            EXPECT_EQ(reply_action(code, stage), client_action::stop) << code;
}

// RFC 959's 332 asks for ACCT, which no ftp URI holds: the user must supply it.
TEST(Reply, AccountNeededAsksTheUser)
{
    for (plan_stage stage : stages)
        EXPECT_EQ(reply_action(332, stage), client_action::ask_credentials) << to_string(stage);
}

// Every code the draft does not name: positive replies go on, other errors stop, and a number
// that is no FTP reply stops.
TEST(Reply, EveryOtherCode)
{
    for (unsigned code : {110U, 125U, 150U, 200U, 220U, 226U, 230U, 250U, 257U, 331U, 350U})
        for (plan_stage stage : stages)
            EXPECT_EQ(reply_action(code, stage), client_action::proceed) << code;
    for (unsigned code : {400U, 420U, 499U, 500U, 505U, 532U, 554U, 599U})
        for (plan_stage stage : stages)
            EXPECT_EQ(reply_action(code, stage), client_action::stop) << code;
    for (unsigned code : {0U, 1U, 99U, 700U, 999U, 1000U, 65535U})
        for (plan_stage stage : stages)
            EXPECT_EQ(reply_action(code, stage), client_action::stop) << code;
}

// The whole table, code by code: each class of code gets one action, so that a code moved
// between cases in reply.cpp shows here.
TEST(Reply, WholeTableCountsPerAction)
{
    std::array<unsigned, 5> count{};
    for (unsigned code = 0; code < 1000; ++code)
        for (plan_stage stage : stages)
            ++count[static_cast<unsigned>(reply_action(code, stage))];
    // 300 codes from 100 to 399, less 332, proceed at 3 stages.
    EXPECT_EQ(count[static_cast<unsigned>(client_action::proceed)], 299U * 3);
    // 12 path codes at 2 stages.
    EXPECT_EQ(count[static_cast<unsigned>(client_action::stop_keep_directory)], 12U * 2);
    // 430 at login, 332 at 3 stages.
    EXPECT_EQ(count[static_cast<unsigned>(client_action::ask_credentials)], 1U + 3U);
    EXPECT_EQ(count[static_cast<unsigned>(client_action::log_in)], 3U);
    EXPECT_EQ(count[static_cast<unsigned>(client_action::stop)], 3000U - 299U * 3 - 24U - 4U - 3U);
}

TEST(Reply, NamesForOutputs)
{
    EXPECT_EQ(to_string(client_action::stop_keep_directory), "stop-keep-directory");
    EXPECT_EQ(to_string(client_action::log_in), "log-in");
    EXPECT_EQ(to_string(plan_stage::transfer), "transfer");
}

} // namespace
