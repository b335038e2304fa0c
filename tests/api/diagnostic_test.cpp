// SPDX-License-Identifier: Apache-2.0
// tests/api/diagnostic_test.cpp: include/ftpuri/diagnostic.hpp: the catalogue of ids (names,
// messages, hints, find_diag), diag_set, and diagnostic_list's capacity rules.
//
// That every id is documented and triggered where docs/diagnostics.md says is
// diagnostics_doc_test.cpp and diagnostics_inputs_test.cpp.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/parse.hpp"
#include "support/diagnostic_text.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::diagnostic;
using ftpuri::diagnostic_list;
using ftpuri::severity;

// ---------------------------------------------------------------------------------------
// The catalogue itself
// ---------------------------------------------------------------------------------------

bool is_kebab_word(std::string_view w, bool allow_digits_and_hyphens)
{
    if (w.empty() || w.front() == '-' || w.back() == '-') return false;
    char prev = 0;
    for (char c : w) {
        bool const lower = c >= 'a' && c <= 'z';
        bool const digit = c >= '0' && c <= '9';
        if (!lower && !(allow_digits_and_hyphens && (digit || c == '-'))) return false;
        if (c == '-' && prev == '-') return false;
        prev = c;
    }
    return true;
}

bool is_one_line(std::string_view s)
{
    return s.find_first_of("\r\n") == std::string_view::npos;
}

TEST(catalogue, names_are_dotted_kebab_case_and_unique)
{
    std::map<std::string_view, int> seen;
    for (auto const& entry : ftpuri::diag_catalogue) {
        std::string_view const name = entry.name;
        std::size_t const dot = name.find('.');
        ASSERT_NE(dot, std::string_view::npos) << name << " has no namespace";
        EXPECT_EQ(name.find('.', dot + 1), std::string_view::npos) << name << " has more than one '.'";
        EXPECT_TRUE(is_kebab_word(name.substr(0, dot), false)) << name << ": namespace is not lowercase letters";
        EXPECT_TRUE(is_kebab_word(name.substr(dot + 1), true)) << name << ": not kebab-case after the '.'";
        EXPECT_EQ(++seen[name], 1) << name << " appears twice";
    }
}

TEST(catalogue, messages_and_hints_are_one_line)
{
    for (auto const& entry : ftpuri::diag_catalogue) {
        SCOPED_TRACE(entry.name);
        EXPECT_FALSE(entry.message.empty());
        EXPECT_FALSE(entry.hint.empty());
        EXPECT_TRUE(is_one_line(entry.message)) << entry.message;
        EXPECT_TRUE(is_one_line(entry.hint)) << entry.hint;
        if (!entry.message.empty()) {
            EXPECT_NE(entry.message.back(), '.') << "messages do not end with '.': " << entry.message;
            EXPECT_NE(entry.message.front(), ' ');
            EXPECT_NE(entry.message.back(), ' ');
        }
        if (!entry.hint.empty()) {
            EXPECT_NE(entry.hint.front(), ' ');
            EXPECT_NE(entry.hint.back(), ' ');
        }
    }
}

TEST(catalogue, find_diag_round_trips)
{
    for (std::size_t i = 0; i < ftpuri::diag_catalogue.size(); ++i) {
        auto const& entry = ftpuri::diag_catalogue[i];
        EXPECT_EQ(static_cast<std::size_t>(entry.id), i);
        std::optional<diag_id> const id = ftpuri::find_diag(entry.name);
        ASSERT_TRUE(id.has_value()) << entry.name;
        EXPECT_EQ(*id, entry.id);
        EXPECT_EQ(ftpuri::info(*id).name, entry.name);
    }
    EXPECT_FALSE(ftpuri::find_diag("").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host.Empty").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host.empty ").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host_empty").has_value());
}

TEST(catalogue, notes_are_interop)
{
    for (auto const& entry : ftpuri::diag_catalogue)
        if (entry.level == severity::note) {
            EXPECT_TRUE(entry.name.starts_with("interop.")) << entry.name << ": a note explains how others read it";
        }
}

// host.idna-unavailable: the error of a build without libidn2 (FTPURI_WITH_IDN2=OFF), which
// tests/no_idn2/ builds and checks. Appended after the ids before it, whose numbers are ABI
// (ftpuri.h), so its number is 80.
TEST(catalogue, idna_unavailable_is_an_error_appended_after_the_policy_ids)
{
    ftpuri::diag_info const& row = ftpuri::info(diag_id::host_idna_unavailable);
    EXPECT_EQ(row.name, "host.idna-unavailable");
    EXPECT_EQ(row.level, severity::error);
    EXPECT_FALSE(row.opt_in);
    EXPECT_EQ(ftpuri::find_diag("host.idna-unavailable"), diag_id::host_idna_unavailable);
    EXPECT_EQ(static_cast<int>(diag_id::host_idna_unavailable), 80);
    EXPECT_EQ(static_cast<int>(diag_id::host_not_allowed), 79);
    EXPECT_NE(row.hint.find("FTPURI_WITH_IDN2=OFF"), std::string_view::npos) << row.hint;
}

// Appended after the list ids, in this order: a name that begins with an address, and the
// plan's refusals of the login options.
TEST(catalogue, the_embedded_address_and_login_ids_are_appended)
{
    EXPECT_EQ(static_cast<int>(diag_id::list_fields), 81);
    EXPECT_EQ(static_cast<int>(diag_id::list_trailing_blank), 82);
    EXPECT_EQ(static_cast<int>(diag_id::host_embedded_address), 83);
    EXPECT_EQ(static_cast<int>(diag_id::plan_anonymous_refused), 84);
    EXPECT_EQ(static_cast<int>(diag_id::plan_credentials_control), 85);
    EXPECT_EQ(ftpuri::info(diag_id::host_embedded_address).level, severity::warning);
    EXPECT_EQ(ftpuri::info(diag_id::plan_anonymous_refused).level, severity::error);
    EXPECT_EQ(ftpuri::info(diag_id::plan_credentials_control).level, severity::error);
    EXPECT_EQ(ftpuri::find_diag("host.embedded-address"), diag_id::host_embedded_address);
}

// Appended after the login ids: the guarded fetch's (ftpuri/fetch.hpp), errors all.
TEST(catalogue, the_fetch_ids_are_appended)
{
    EXPECT_EQ(static_cast<int>(diag_id::fetch_address_denied), 86);
    EXPECT_EQ(static_cast<int>(diag_id::fetch_too_large), 87);
    EXPECT_EQ(static_cast<int>(diag_id::fetch_timeout), 88);
    EXPECT_EQ(static_cast<int>(diag_id::fetch_reply), 89);
    EXPECT_EQ(static_cast<int>(diag_id::fetch_mode_unsupported), 90);
    EXPECT_EQ(static_cast<int>(diag_id::fetch_password_needed), 91);
    EXPECT_EQ(static_cast<int>(diag_id::fetch_failed), 92);
    for (diag_id id :
         {diag_id::fetch_address_denied, diag_id::fetch_too_large, diag_id::fetch_timeout, diag_id::fetch_reply,
          diag_id::fetch_mode_unsupported, diag_id::fetch_password_needed, diag_id::fetch_failed})
        EXPECT_EQ(ftpuri::info(id).level, severity::error) << ftpuri::info(id).name;
    EXPECT_EQ(ftpuri::find_diag("fetch.address-denied"), diag_id::fetch_address_denied);
}

// Appended after the fetch ids: a decoded 0xFF, Telnet's IAC, where a client sends it; a raw
// ";type=" that curl cuts the path at.
TEST(catalogue, the_telnet_iac_and_typecode_cut_ids_are_appended)
{
    EXPECT_EQ(static_cast<int>(diag_id::pct_telnet_iac), 93);
    EXPECT_EQ(ftpuri::info(diag_id::pct_telnet_iac).level, severity::error);
    EXPECT_EQ(ftpuri::find_diag("pct.telnet-iac"), diag_id::pct_telnet_iac);
    EXPECT_EQ(static_cast<int>(diag_id::interop_typecode_cut), 94);
    EXPECT_EQ(ftpuri::info(diag_id::interop_typecode_cut).level, severity::warning);
}

// Then a path read from the server's root, and the dot-segment that makes one where no spelling
// keeps the input's reading.
TEST(catalogue, the_absolute_path_ids_are_appended)
{
    EXPECT_EQ(static_cast<int>(diag_id::path_absolute), 95);
    EXPECT_EQ(static_cast<int>(diag_id::path_dot_before_empty), 96);
    EXPECT_EQ(ftpuri::info(diag_id::path_absolute).level, severity::warning);
    EXPECT_EQ(ftpuri::info(diag_id::path_dot_before_empty).level, severity::error);
    EXPECT_EQ(ftpuri::find_diag("path.dot-before-empty"), diag_id::path_dot_before_empty);
    EXPECT_EQ(static_cast<int>(diag_id::host_underscore), 97);
    EXPECT_EQ(ftpuri::info(diag_id::host_underscore).level, severity::error);
}

// Then a URI between the delimiters of running text, an error in every profile.
TEST(catalogue, the_delimited_input_id_is_appended)
{
    EXPECT_EQ(static_cast<int>(diag_id::input_delimited), 98);
    EXPECT_EQ(ftpuri::find_diag("input.delimited"), diag_id::input_delimited);
    for (ftpuri::profile p : {ftpuri::profile::strict, ftpuri::profile::rfc3986, ftpuri::profile::lenient})
        EXPECT_EQ(ftpuri::info(diag_id::input_delimited).by_profile[static_cast<std::size_t>(p)], severity::error);
}

// This build has libidn2: what a build without it refuses as host.idna-unavailable is judged
// as before, and the id is never reported.
TEST(catalogue, idna_unavailable_is_never_reported_by_a_build_with_libidn2)
{
    using ftpuri::profile;
    struct idna_case {
        char const* input;
        profile syntax;
        std::optional<diag_id> error; // nothing: valid
        char const* canonical;        // when valid
    };
    idna_case const cases[] = {
        {"ftp://xn--bcher-kva.example/", profile::strict, std::nullopt, "ftp://xn--bcher-kva.example/"},
        {"ftp://xn--bcher-kva.example/", profile::rfc3986, std::nullopt, "ftp://xn--bcher-kva.example/"},
        {"ftp://xn--bcher-kva.example/", profile::lenient, std::nullopt, "ftp://xn--bcher-kva.example/"},
        {"ftp://b\xC3\xBC"
         "cher.example/",
         profile::lenient, std::nullopt, "ftp://xn--bcher-kva.example/"},
        {"ftp://b%C3%BCcher.example/", profile::lenient, std::nullopt, "ftp://xn--bcher-kva.example/"},
        {"ftp://%65xample.com/", profile::lenient, std::nullopt, "ftp://example.com/"},
        {"ftp://xn--a.example/", profile::strict, diag_id::host_punycode_invalid, nullptr},
        {"ftp://\xE2\x98\x83.example/", profile::lenient, diag_id::host_idna_invalid, nullptr},
    };
    for (idna_case const& c : cases) {
        SCOPED_TRACE(c.input);
        diagnostic_list list;
        ftpuri::parse_result const r = ftpuri::parse(c.input, ftpuri::parse_options{c.syntax}, list);
        EXPECT_FALSE(list.contains(diag_id::host_idna_unavailable)) << ftpuri_test::describe(list);
        if (c.error) {
            ASSERT_FALSE(r.has_value());
            EXPECT_EQ(r.error().id, *c.error);
            continue;
        }
        ASSERT_TRUE(r.has_value()) << ftpuri_test::describe(list);
        EXPECT_EQ(ftpuri::canonicalize(*r), c.canonical);
    }
}

// ---------------------------------------------------------------------------------------
// diag_set
// ---------------------------------------------------------------------------------------

TEST(opt_in, diag_set_holds_exactly_the_catalogue_rows_marked_opt_in)
{
    ftpuri::diag_set const set = ftpuri::diag_set::opt_in_rules();
    for (auto const& row : ftpuri::diag_catalogue)
        EXPECT_EQ(set.contains(row.id), row.opt_in) << row.name;
    ftpuri::diag_set some{diag_id::host_empty, diag_id::port_non_default};
    EXPECT_TRUE(some.contains(diag_id::port_non_default));
    some.erase(diag_id::port_non_default);
    EXPECT_FALSE(some.contains(diag_id::port_non_default));
    EXPECT_TRUE(some.contains(diag_id::host_empty));
    EXPECT_FALSE(some.empty());
    EXPECT_TRUE(ftpuri::diag_set{}.empty());
}

// ---------------------------------------------------------------------------------------
// diagnostic_list
// ---------------------------------------------------------------------------------------

diagnostic make(diag_id id, severity level, std::uint32_t offset = 0)
{
    return diagnostic{id, level, ftpuri::component::path, offset, 1};
}

TEST(diagnostic_list, starts_empty)
{
    diagnostic_list const list;
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(list.size(), 0U);
    EXPECT_EQ(list.dropped(), 0U);
    EXPECT_FALSE(list.has_error());
    EXPECT_EQ(list.begin(), list.end());
    EXPECT_EQ(diagnostic_list::capacity, 32U);
    EXPECT_EQ(diagnostic_list::reserved_for_error, 2U);
}

TEST(diagnostic_list, warnings_stop_short_of_the_reserved_slots_and_are_counted)
{
    diagnostic_list list;
    std::size_t const room = diagnostic_list::capacity - diagnostic_list::reserved_for_error;
    for (std::size_t i = 0; i < room; ++i)
        EXPECT_TRUE(list.push(make(diag_id::pct_lowercase, severity::warning, static_cast<std::uint32_t>(i))));
    EXPECT_EQ(list.size(), room);
    EXPECT_FALSE(list.push(make(diag_id::path_dot_segment, severity::warning)));
    EXPECT_FALSE(list.push(make(diag_id::path_dot_segment, severity::warning)));
    EXPECT_EQ(list.dropped(), 2U);
    // A note with no error before it explains nothing; it gets no reserved slot.
    EXPECT_FALSE(list.push(make(diag_id::interop_backslash, severity::note)));
    EXPECT_EQ(list.dropped(), 3U);
    EXPECT_EQ(list.size(), room);
    EXPECT_FALSE(list.has_error());
    EXPECT_FALSE(list.contains(diag_id::path_dot_segment));
    // Kept in the order pushed.
    for (std::size_t i = 0; i < list.size(); ++i)
        EXPECT_EQ(list[i].offset, i);
}

TEST(diagnostic_list, the_error_and_its_note_always_fit)
{
    diagnostic_list list;
    for (std::size_t i = 0; i < diagnostic_list::capacity + 5; ++i)
        (void)list.push(make(diag_id::pct_lowercase, severity::warning));
    std::size_t const dropped = list.dropped();
    EXPECT_EQ(dropped, diagnostic_list::reserved_for_error + 5);

    diagnostic const error = make(diag_id::char_unsafe, severity::error, 9);
    diagnostic const note = make(diag_id::interop_backslash, severity::note, 9);
    EXPECT_TRUE(list.push(error));
    EXPECT_TRUE(list.push(note));
    EXPECT_EQ(list.size(), diagnostic_list::capacity);
    EXPECT_EQ(list.dropped(), dropped);
    EXPECT_TRUE(list.has_error());
    EXPECT_TRUE(list.contains(diag_id::char_unsafe));
    EXPECT_TRUE(list.contains(diag_id::interop_backslash));
    EXPECT_EQ(list[diagnostic_list::capacity - 2], error);
    EXPECT_EQ(list[diagnostic_list::capacity - 1], note);
    EXPECT_EQ(list.count(severity::error), 1U);
    EXPECT_EQ(list.count(severity::note), 1U);
    EXPECT_EQ(list.count(severity::warning), diagnostic_list::capacity - 2);

    // Full now: anything further is counted, not stored.
    EXPECT_FALSE(list.push(make(diag_id::interop_multiple_at, severity::note)));
    EXPECT_EQ(list.dropped(), dropped + 1);
    EXPECT_EQ(list.size(), diagnostic_list::capacity);
}

TEST(diagnostic_list, clear_resets_everything)
{
    diagnostic_list list;
    for (std::size_t i = 0; i < diagnostic_list::capacity + 3; ++i)
        (void)list.push(make(diag_id::pct_lowercase, severity::warning));
    (void)list.push(make(diag_id::char_space, severity::error));
    ASSERT_TRUE(list.has_error());
    ASSERT_GT(list.dropped(), 0U);
    list.clear();
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(list.size(), 0U);
    EXPECT_EQ(list.dropped(), 0U);
    EXPECT_FALSE(list.has_error());
    EXPECT_FALSE(list.contains(diag_id::char_space));
    // A note after clear() no longer counts as explaining the old error.
    EXPECT_TRUE(list.push(make(diag_id::interop_backslash, severity::note)));
    EXPECT_EQ(list.size(), 1U);
}

TEST(diagnostic_list, reused_across_parses_with_clear)
{
    diagnostic_list list;
    std::string const bad = "ftp://a@b@h/";
    std::string const good = "ftp://h/";
    EXPECT_FALSE(ftpuri::parse(std::string_view(bad), {}, list));
    EXPECT_TRUE(list.has_error()) << ftpuri_test::describe(list);
    EXPECT_TRUE(list.contains(diag_id::interop_multiple_at)) << ftpuri_test::describe(list);
    list.clear();
    EXPECT_TRUE(ftpuri::parse(std::string_view(good), {}, list));
    EXPECT_TRUE(list.empty()) << ftpuri_test::describe(list);
}

} // namespace
