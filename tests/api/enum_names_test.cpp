// SPDX-License-Identifier: Apache-2.0
// tests/api/enum_names_test.cpp: every public enum has to_string() and X_from_string(), and they are
// each other's inverse: each enumerator's name reads back as that enumerator, names are distinct,
// and a name no enumerator has reads as nothing.
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "ftpuri/ftpuri.hpp"

namespace {

using namespace ftpuri;

// Every enumerator of E from the first to `last`: its name is no "?", reads back as itself and is
// no other's; then names that are not E's read as nothing.
template <class E, class FromString>
void expect_round_trip(E last, FromString from_string, std::size_t expected_count)
{
    std::set<std::string_view> names;
    for (unsigned i = 0; i <= static_cast<unsigned>(last); ++i) {
        auto const e = static_cast<E>(i);
        std::string_view const name = to_string(e);
        SCOPED_TRACE(std::string(name));
        EXPECT_NE(name, "?");
        EXPECT_FALSE(name.empty());
        EXPECT_EQ(from_string(name), std::optional<E>(e));
        EXPECT_TRUE(names.insert(name).second) << "two enumerators share the name";
        // Names are exact: another case or a trailing byte is no name.
        EXPECT_EQ(from_string(std::string(name) + " "), std::nullopt);
    }
    EXPECT_EQ(names.size(), expected_count);
    EXPECT_EQ(from_string(""), std::nullopt);
    EXPECT_EQ(from_string("?"), std::nullopt);
    EXPECT_EQ(from_string("no-such-name"), std::nullopt);
}

TEST(enum_names, every_public_enum_reads_back_its_names)
{
    expect_round_trip(profile::lenient, profile_from_string, 3);
    expect_round_trip(severity::note, severity_from_string, 3);
    expect_round_trip(component::fragment, component_from_string, 11);
    expect_round_trip(host_kind::reg_name, host_kind_from_string, 5);
    expect_round_trip(static_cast<host_class>(host_class_count - 1), host_class_from_string, host_class_count);
    expect_round_trip(plan_mode::nocwd, plan_mode_from_string, 4);
    expect_round_trip(ftp_verb::list, ftp_verb_from_string, 7);
    expect_round_trip(plan_stage::transfer, plan_stage_from_string, 3);
    expect_round_trip(client_action::log_in, client_action_from_string, 5);
    expect_round_trip(encode_set::unreserved, encode_set_from_string, 6);
    expect_round_trip(write_status::invalid, write_status_from_string, 3);
    expect_round_trip(static_cast<diag_id>(diag_catalogue.size() - 1), diag_id_from_string, diag_catalogue.size());
}

// A value no enumerator has (an integer cast to the enum) is named "?", not "" and not another's
// name; diag_id is left out: its name is read from the catalogue, which such a value is past.
template <class E>
void expect_no_name_past(E last)
{
    auto const past = static_cast<E>(static_cast<unsigned>(last) + 1);
    EXPECT_EQ(to_string(past), "?");
}

TEST(enum_names, a_value_no_enumerator_has_is_named_a_question_mark)
{
    expect_no_name_past(profile::lenient);
    expect_no_name_past(severity::note);
    expect_no_name_past(component::fragment);
    expect_no_name_past(host_kind::reg_name);
    expect_no_name_past(static_cast<host_class>(host_class_count - 1));
    expect_no_name_past(plan_mode::nocwd);
    expect_no_name_past(ftp_verb::list);
    expect_no_name_past(plan_stage::transfer);
    expect_no_name_past(client_action::log_in);
    expect_no_name_past(encode_set::unreserved);
    expect_no_name_past(write_status::invalid);
}

// The names are the ones printed and documented: a few, spelled out.
TEST(enum_names, names_are_the_documented_spellings)
{
    EXPECT_EQ(to_string(diag_id::host_not_dns), "host.not-dns");
    EXPECT_EQ(diag_id_from_string("path.raw-semicolon"), diag_id::path_raw_semicolon);
    EXPECT_EQ(to_string(client_action::stop_keep_directory), "stop-keep-directory");
    EXPECT_EQ(ftp_verb_from_string("RETR"), ftp_verb::retr);
    EXPECT_EQ(ftp_verb_from_string("retr"), std::nullopt); // the verb as sent, in capitals
    EXPECT_EQ(to_string(encode_set::ftp_segment), "ftp-segment");
    EXPECT_EQ(host_kind_from_string("reg-name"), host_kind::reg_name);
    EXPECT_EQ(to_string(write_status::buffer_too_small), "buffer-too-small");
    // The former names answer as the new ones.
    EXPECT_EQ(find_diag("host.empty"), diag_id_from_string("host.empty"));
    EXPECT_EQ(find_plan_mode("singlecwd"), plan_mode_from_string("singlecwd"));
}

} // namespace
