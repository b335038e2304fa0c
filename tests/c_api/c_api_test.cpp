// SPDX-License-Identifier: Apache-2.0
// tests/c_api/c_api_test.cpp: ftpuri.h says what the C++ API says, on every input of corpus/inputs in
// every profile; its ids are numbered as the header promises; its buffers, struct sizes and
// argument checks behave as documented. (examples/c/ runs the header from C itself.)
#include "ftpuri.h"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/canonical.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/version.hpp"
#include "support/c_api_inputs.hpp"

namespace {

using ftpuri_test::c_options;
auto const& corpus = ftpuri_test::c_api_corpus;
auto const& profiles = ftpuri_test::c_api_profiles;

ftpuri::parse_options cxx_options(ftpuri_profile p)
{
    return {static_cast<ftpuri::profile>(p)};
}

std::string_view part(std::string const& in, ftpuri_range r)
{
    return r.offset == FTPURI_NPOS ? std::string_view() : std::string_view(in).substr(r.offset, r.length);
}

// Each C enumerator as ftpuri.h spells it, with its value, in diagnostics.def's order.
struct c_enumerator {
    std::string_view name;
    int value;
};
constexpr c_enumerator c_enumerators[] = {
#define FTPURI_DIAG(id, c_id, ...) {"FTPURI_DIAG_" #c_id, FTPURI_DIAG_##c_id},
#include "ftpuri/diagnostics.def"
#undef FTPURI_DIAG
};

TEST(c_api, every_id_is_in_the_header_under_its_name_and_number)
{
    // "host.idna-unavailable" is FTPURI_DIAG_HOST_IDNA_UNAVAILABLE; the numbers are the C++ ones
    // (which tests/abi/ftpuri-c.abi holds still).
    ASSERT_EQ(std::size(c_enumerators), ftpuri::diag_catalogue.size());
    for (std::size_t n = 0; n < std::size(c_enumerators); ++n) {
        std::string name = "FTPURI_DIAG_" + std::string(ftpuri::diag_catalogue[n].name);
        for (char& c : name)
            c = c == '.' || c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        EXPECT_EQ(c_enumerators[n].name, name) << "FTPURI_DIAG_ number " << n;
        EXPECT_EQ(static_cast<std::size_t>(c_enumerators[n].value), n) << name;
    }
    EXPECT_EQ(FTPURI_DIAG_COUNT, ftpuri::diag_catalogue.size());
}

TEST(c_api, names_messages_and_hints_end_in_a_nul)
{
    for (auto const& row : ftpuri::diag_catalogue) {
        EXPECT_EQ(row.name.data()[row.name.size()], '\0') << row.name;
        EXPECT_EQ(row.message.data()[row.message.size()], '\0') << row.name;
        EXPECT_EQ(row.hint.data()[row.hint.size()], '\0') << row.name;
        auto const id = static_cast<std::uint32_t>(row.id);
        EXPECT_STREQ(ftpuri_diag_name(id), row.name.data());
        EXPECT_EQ(ftpuri_diag_from_name(row.name.data()), id);
    }
    for (std::uint8_t c = 0; c < ftpuri::host_class_count; ++c) {
        ftpuri::diagnostic const d{
            ftpuri::diag_id::host_denied, ftpuri::severity::error, ftpuri::component::host, 0, 1, c};
        std::string_view const m = ftpuri::message(d);
        EXPECT_EQ(m.data()[m.size()], '\0') << m;
        EXPECT_STREQ(ftpuri_host_class_name(c), ftpuri::to_string(static_cast<ftpuri::host_class>(c)).data());
    }
    EXPECT_EQ(ftpuri_diag_name(FTPURI_DIAG_COUNT), nullptr);
    EXPECT_EQ(ftpuri_diag_from_name("host.nonsense"), FTPURI_NPOS);
    EXPECT_EQ(ftpuri_diag_from_name(nullptr), FTPURI_NPOS);
    EXPECT_EQ(ftpuri_host_class_name(ftpuri::host_class_count), nullptr);
    EXPECT_STREQ(ftpuri_version(), FTPURI_VERSION_STRING);
    EXPECT_EQ(ftpuri_version(), ftpuri::version());
}

TEST(c_api, validate_parse_and_diagnose_agree_with_cxx_on_the_corpus)
{
    std::size_t valid = 0, invalid = 0;
    for (std::string const& in : corpus()) {
        for (ftpuri_profile p : profiles) {
            ftpuri_parse_options const o = c_options(p);
            ftpuri::parse_result const want = ftpuri::parse(in, cxx_options(p));
            SCOPED_TRACE(in);
            ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
            int const status = ftpuri_validate(in.data(), in.size(), &o, &e);
            EXPECT_EQ(ftpuri_validate(in.data(), in.size(), &o, nullptr), status);
            ftpuri_uri u = FTPURI_URI_INIT;
            EXPECT_EQ(ftpuri_parse(in.data(), in.size(), &o, &u, nullptr), status);
            std::array<ftpuri_diagnostic, 40> items{};
            for (auto& item : items)
                item.size = sizeof item;
            std::size_t count = 0;
            EXPECT_EQ(ftpuri_diagnose(in.data(), in.size(), &o, items.data(), items.size(), &count), status);
            ftpuri::diagnostic_list found;
            (void)ftpuri::parse(in, cxx_options(p), found);
            ASSERT_EQ(count, found.size());
            for (std::size_t i = 0; i < count; ++i) {
                EXPECT_EQ(items[i].id, static_cast<std::uint32_t>(found[i].id));
                EXPECT_EQ(items[i].offset, found[i].offset);
                EXPECT_EQ(items[i].severity, static_cast<std::uint32_t>(found[i].level));
            }
            if (!want) {
                ++invalid;
                ASSERT_EQ(status, FTPURI_INVALID);
                ftpuri::diagnostic const& d = want.error();
                EXPECT_EQ(e.id, static_cast<std::uint32_t>(d.id));
                EXPECT_EQ(e.severity, static_cast<std::uint32_t>(d.level));
                EXPECT_EQ(e.component, static_cast<std::uint32_t>(d.where));
                EXPECT_EQ(e.offset, d.offset);
                EXPECT_EQ(e.length, d.length);
                EXPECT_STREQ(e.name, d.info().name.data());
                EXPECT_STREQ(e.message, ftpuri::message(d).data());
                EXPECT_STREQ(e.hint, d.info().hint.data());
                continue;
            }
            ++valid;
            ASSERT_EQ(status, FTPURI_OK);
            ftpuri::uri_view const& v = *want;
            EXPECT_EQ(part(in, u.scheme), v.scheme());
            EXPECT_EQ(part(in, u.user), v.user());
            EXPECT_EQ(u.user.offset == FTPURI_NPOS, !v.has_userinfo());
            EXPECT_EQ(part(in, u.password), v.password());
            EXPECT_EQ(u.password.offset == FTPURI_NPOS, !v.has_password());
            EXPECT_EQ(part(in, u.host), v.host());
            EXPECT_EQ(part(in, u.port), v.port());
            EXPECT_EQ(u.port.offset == FTPURI_NPOS, !v.has_port());
            EXPECT_EQ(part(in, u.path), v.path());
            EXPECT_EQ(part(in, u.name), v.name());
            EXPECT_EQ(part(in, u.typecode), v.typecode_part());
            EXPECT_EQ(part(in, u.query), v.query());
            EXPECT_EQ(part(in, u.fragment), v.fragment());
            EXPECT_EQ(u.fragment.offset == FTPURI_NPOS, !v.has_fragment());
            EXPECT_EQ(u.host_kind, static_cast<std::uint32_t>(v.host_type()));
            EXPECT_EQ(u.port_number, v.effective_port());
            EXPECT_EQ(u.typecode_char, static_cast<std::uint32_t>(static_cast<unsigned char>(v.typecode())));
        }
    }
    EXPECT_GT(valid, 1000U);
    EXPECT_GT(invalid, 1000U);
}

TEST(c_api, canonical_form_host_class_and_equivalence_agree_with_cxx_on_the_corpus)
{
    std::vector<char> out;
    for (std::string const& in : corpus()) {
        for (ftpuri_profile p : profiles) {
            ftpuri::parse_result const r = ftpuri::parse(in, cxx_options(p));
            if (!r) continue;
            SCOPED_TRACE(in);
            ftpuri_parse_options const o = c_options(p);
            for (std::uint32_t flags = 0; flags < 8; ++flags) {
                ftpuri::canonical_options const how{(flags & 1U) != 0, (flags & 2U) != 0, (flags & 4U) != 0};
                std::string const want = ftpuri::canonicalize(*r, how);
                out.assign(ftpuri::canonicalize_size_bound(in.size()) + 1, 'x');
                std::size_t n = 0;
                ASSERT_EQ(ftpuri_canonicalize(in.data(), in.size(), &o, flags, out.data(), out.size(), &n, nullptr),
                          FTPURI_OK);
                EXPECT_EQ(std::string_view(out.data(), n), want);
                EXPECT_EQ(out[n], '\0');
            }
            std::uint32_t cls = 99;
            ASSERT_EQ(ftpuri_classify_host(in.data(), in.size(), &o, &cls, nullptr), FTPURI_OK);
            EXPECT_EQ(cls, static_cast<std::uint32_t>(ftpuri::classify_host(*r)));
            std::string const canonical = ftpuri::canonicalize(*r);
            EXPECT_EQ(ftpuri_equivalent(in.data(), in.size(), canonical.data(), canonical.size(), &o),
                      ftpuri::equivalent(in, canonical, cxx_options(p)) ? 1 : 0);
        }
    }
}

// Each command line of the C plan, and the C++ plan's, in every mode, with and without "CWD /".
TEST(c_api, plans_agree_with_cxx_on_the_corpus)
{
    std::size_t plans = 0;
    for (std::string const& in : corpus()) {
        ftpuri::parse_result const r = ftpuri::parse(in, {ftpuri::profile::lenient});
        if (!r) continue;
        SCOPED_TRACE(in);
        ftpuri_parse_options const o = c_options(FTPURI_PROFILE_LENIENT);
        // The C API's offsets are the input's; the C++ plan's are the URI's, which lenient trims.
        auto const base = static_cast<std::uint32_t>(r->buffer().data() - in.data());
        for (std::uint32_t mode = FTPURI_PLAN_RFC1738; mode <= FTPURI_PLAN_NOCWD; ++mode) {
            for (std::uint32_t absolute : {0U, 1U}) {
                ftpuri::plan_options how;
                how.mode = static_cast<ftpuri::plan_mode>(mode);
                how.absolute = absolute != 0;
                ftpuri::plan_result const want = ftpuri::plan(*r, how);
                ftpuri_plan_options po = FTPURI_PLAN_OPTIONS_INIT;
                po.mode = mode;
                po.absolute = absolute;
                ftpuri_plan plan;
                ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
                int ask = -1;
                int const status = ftpuri_plan_init(&plan, in.data(), in.size(), &o, &po, &ask, &e);
                if (!want) {
                    ASSERT_EQ(status, FTPURI_INVALID);
                    EXPECT_EQ(e.id, static_cast<std::uint32_t>(want.error().id));
                    EXPECT_EQ(e.offset, want.error().offset + base);
                    continue;
                }
                ASSERT_EQ(status, FTPURI_OK);
                ++plans;
                EXPECT_EQ(ask, want->ask_password() ? 1 : 0);
                ftpuri_command c = FTPURI_COMMAND_INIT;
                for (ftpuri::ftp_command const& w : *want) {
                    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK);
                    EXPECT_EQ(c.verb, static_cast<std::uint32_t>(w.verb()));
                    EXPECT_STREQ(c.verb_name, ftpuri::to_string(w.verb()).data());
                    EXPECT_EQ(c.has_argument, w.has_argument() ? 1U : 0U);
                    EXPECT_EQ(std::string_view(c.raw_argument, c.raw_argument_length), w.raw_argument());
                    EXPECT_EQ(c.argument_offset,
                              w.offset() == ftpuri::ftp_command::npos ? FTPURI_NPOS : w.offset() + base);
                    std::vector<char> line(w.size() + 1);
                    std::size_t n = 0;
                    ASSERT_EQ(ftpuri_plan_write_line(&plan, line.data(), line.size(), &n), FTPURI_OK);
                    std::vector<char> want_line(w.size());
                    ASSERT_EQ(w.write_into(want_line).size, w.size());
                    EXPECT_EQ(std::string_view(line.data(), n), std::string_view(want_line.data(), want_line.size()));
                    EXPECT_EQ(c.line_length, n);
                }
                EXPECT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_INVALID); // the end, and it stays there
                EXPECT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_INVALID);
            }
        }
    }
    EXPECT_GT(plans, 5000U);
}

TEST(c_api, a_copied_plan_goes_on_from_where_the_copy_was_made)
{
    char const* uri = "ftp://u:p@h/a/b/c/f;type=i";
    ftpuri_plan plan;
    ASSERT_EQ(ftpuri_plan_init(&plan, uri, FTPURI_NUL_TERMINATED, nullptr, nullptr, nullptr, nullptr), FTPURI_OK);
    ftpuri_command c = FTPURI_COMMAND_INIT;
    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK); // USER u
    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK); // PASS p
    ftpuri_plan copy;
    std::memcpy(&copy, &plan, sizeof plan);
    std::array<char, 64> line{};
    std::size_t n = 0;
    ASSERT_EQ(ftpuri_plan_write_line(&copy, line.data(), line.size(), &n), FTPURI_OK);
    EXPECT_STREQ(line.data(), "PASS p");
    std::vector<std::string> from_copy, from_original;
    for (ftpuri_plan* p : {&copy, &plan})
        while (ftpuri_plan_next(p, &c) == FTPURI_OK) {
            ASSERT_EQ(ftpuri_plan_write_line(p, line.data(), line.size(), &n), FTPURI_OK);
            (p == &copy ? from_copy : from_original).emplace_back(line.data(), n);
        }
    std::vector<std::string> const rest = {"CWD a", "CWD b", "CWD c", "TYPE I", "RETR f"};
    EXPECT_EQ(from_copy, rest);
    EXPECT_EQ(from_original, rest);
}

// A copy of a plan that has ended has ended too: it gives no command, and no line.
TEST(c_api, a_copy_of_an_ended_plan_has_ended)
{
    ftpuri_plan plan;
    ASSERT_EQ(ftpuri_plan_init(&plan, "ftp://h/f.txt", FTPURI_NUL_TERMINATED, nullptr, nullptr, nullptr, nullptr),
              FTPURI_OK);
    ftpuri_command c = FTPURI_COMMAND_INIT;
    while (ftpuri_plan_next(&plan, &c) == FTPURI_OK) {
    }
    ftpuri_plan copy;
    std::memcpy(&copy, &plan, sizeof plan);
    std::array<char, 64> line{};
    std::size_t n = 0;
    for (ftpuri_plan* p : {&plan, &copy}) {
        EXPECT_EQ(ftpuri_plan_write_line(p, line.data(), line.size(), &n), FTPURI_BAD_ARGUMENT);
        EXPECT_EQ(ftpuri_plan_next(p, &c), FTPURI_INVALID);
    }
}

// Offsets are the input's, also where the lenient profile trimmed blanks off its front: a
// command's argument_offset and a plan's error.
TEST(c_api, plan_offsets_are_the_inputs_after_a_lenient_trim)
{
    ftpuri_parse_options const lenient = c_options(FTPURI_PROFILE_LENIENT);
    std::string const input = "  ftp://h/dir/a";
    ftpuri_plan plan;
    ASSERT_EQ(ftpuri_plan_init(&plan, input.data(), input.size(), &lenient, nullptr, nullptr, nullptr), FTPURI_OK);
    ftpuri_command c = FTPURI_COMMAND_INIT;
    std::vector<std::string> arguments;
    while (ftpuri_plan_next(&plan, &c) == FTPURI_OK) {
        if (c.argument_offset == FTPURI_NPOS) continue;
        ASSERT_LE(c.argument_offset + c.raw_argument_length, input.size());
        EXPECT_EQ(input.substr(c.argument_offset, c.raw_argument_length),
                  std::string_view(c.raw_argument, c.raw_argument_length));
        arguments.emplace_back(c.raw_argument, c.raw_argument_length);
    }
    EXPECT_EQ(arguments, (std::vector<std::string>{"dir", "a"}));

    std::string const slashed = "  ftp://h/a%2Fb/f";
    ftpuri_plan_options nocwd = FTPURI_PLAN_OPTIONS_INIT;
    nocwd.mode = FTPURI_PLAN_NOCWD;
    ftpuri_diagnostic error = FTPURI_DIAGNOSTIC_INIT;
    ASSERT_EQ(ftpuri_plan_init(&plan, slashed.data(), slashed.size(), &lenient, &nocwd, nullptr, &error),
              FTPURI_INVALID);
    EXPECT_EQ(error.id, FTPURI_DIAG_PLAN_NOCWD_SLASH);
    EXPECT_EQ(error.offset, slashed.find("%2F"));
}

TEST(c_api, buffers_too_small_say_the_size_needed_and_write_nothing_past_their_end)
{
    char const* uri = "FTP://H/%7e/./x";
    std::string const want = "ftp://h/~/x";
    std::array<char, 32> out{};
    std::size_t n = 0;
    for (std::size_t size = 0; size <= want.size(); ++size) { // one byte short of the NUL at most
        out.fill('#');
        ASSERT_EQ(ftpuri_canonicalize(uri, FTPURI_NUL_TERMINATED, nullptr, 0, out.data(), size, &n, nullptr),
                  FTPURI_BUFFER_TOO_SMALL)
            << size;
        EXPECT_EQ(n, want.size());
        EXPECT_EQ(out[size], '#') << size;
    }
    ASSERT_EQ(ftpuri_canonicalize(uri, FTPURI_NUL_TERMINATED, nullptr, 0, nullptr, 0, &n, nullptr),
              FTPURI_BUFFER_TOO_SMALL);
    EXPECT_EQ(n, want.size());
    ASSERT_EQ(ftpuri_canonicalize(uri, FTPURI_NUL_TERMINATED, nullptr, 0, out.data(), want.size() + 1, &n, nullptr),
              FTPURI_OK);
    EXPECT_STREQ(out.data(), want.c_str());

    // Percent-encoding: the size needed, then the bytes.
    ASSERT_EQ(ftpuri_percent_encode("a b;c", 5, FTPURI_ENCODE_FTP_SEGMENT, out.data(), 4, &n), FTPURI_BUFFER_TOO_SMALL);
    EXPECT_EQ(n, 9U);
    ASSERT_EQ(ftpuri_percent_encode("a b;c", 5, FTPURI_ENCODE_FTP_SEGMENT, out.data(), n, &n), FTPURI_OK);
    EXPECT_EQ(std::string_view(out.data(), n), "a%20b%3Bc");

    // Percent-decoding: the escape that is malformed, where it is.
    std::uint32_t at = 0;
    EXPECT_EQ(ftpuri_percent_decode("a%20b%2", 8, out.data(), out.size(), &n, &at), FTPURI_MALFORMED_ESCAPE);
    EXPECT_EQ(at, 5U);
    ASSERT_EQ(ftpuri_percent_decode("a%20b%3Bc", FTPURI_NUL_TERMINATED, out.data(), out.size(), &n, &at), FTPURI_OK);
    EXPECT_EQ(std::string_view(out.data(), n), "a b;c");
    EXPECT_EQ(ftpuri_percent_decode("a%20b", 5, out.data(), 2, &n, nullptr), FTPURI_BUFFER_TOO_SMALL);
    // Too small: the size needed, exactly; malformed: the bytes written, no more than the room.
    EXPECT_EQ(ftpuri_percent_decode("%41%42%43", 9, out.data(), 2, &n, nullptr), FTPURI_BUFFER_TOO_SMALL);
    EXPECT_EQ(n, 3U);
    EXPECT_EQ(ftpuri_percent_decode("abcdef%4", 8, out.data(), 2, &n, &at), FTPURI_MALFORMED_ESCAPE);
    EXPECT_EQ(at, 6U);
    EXPECT_EQ(n, 2U);

    // A plan's line.
    ftpuri_plan plan;
    ASSERT_EQ(ftpuri_plan_init(&plan, "ftp://h/motd", 12, nullptr, nullptr, nullptr, nullptr), FTPURI_OK);
    ftpuri_command c = FTPURI_COMMAND_INIT;
    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK); // USER anonymous
    out.fill('#');
    EXPECT_EQ(ftpuri_plan_write_line(&plan, out.data(), 14, &n), FTPURI_BUFFER_TOO_SMALL);
    EXPECT_EQ(n, 14U);
    EXPECT_EQ(out[0], '#');
    ASSERT_EQ(ftpuri_plan_write_line(&plan, out.data(), 15, &n), FTPURI_OK);
    EXPECT_STREQ(out.data(), "USER anonymous");
}

// A caller compiled against a later header passes bigger structs: the library fills what it
// knows and leaves the rest. A smaller size than this version's is refused, not overrun.
TEST(c_api, structs_are_versioned_by_their_size)
{
    struct later_diagnostic {
        ftpuri_diagnostic known;
        std::uint64_t added_later;
    } e{};
    e.known.size = sizeof e;
    e.added_later = 0x1234;
    EXPECT_EQ(ftpuri_validate("ftp://h:x/", 10, nullptr, &e.known), FTPURI_INVALID);
    EXPECT_STREQ(e.known.name, "port.invalid");
    EXPECT_EQ(e.added_later, 0x1234U);

    ftpuri_diagnostic small = FTPURI_DIAGNOSTIC_INIT;
    small.size = offsetof(ftpuri_diagnostic, hint);
    EXPECT_EQ(ftpuri_validate("ftp://h:x/", 10, nullptr, &small), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(small.name, nullptr);

    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.size = sizeof(std::size_t);
    EXPECT_EQ(ftpuri_validate("ftp://h/", 8, &o, nullptr), FTPURI_BAD_ARGUMENT);
    ftpuri_uri u = FTPURI_URI_INIT;
    u.size = sizeof u - 1;
    EXPECT_EQ(ftpuri_parse("ftp://h/", 8, nullptr, &u, nullptr), FTPURI_BAD_ARGUMENT);
    ftpuri_command c = FTPURI_COMMAND_INIT;
    c.size = 0;
    ftpuri_plan plan;
    ASSERT_EQ(ftpuri_plan_init(&plan, "ftp://h/", 8, nullptr, nullptr, nullptr, nullptr), FTPURI_OK);
    EXPECT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_BAD_ARGUMENT);
    std::array<ftpuri_diagnostic, 2> items{};
    std::size_t count = 0;
    EXPECT_EQ(ftpuri_diagnose("ftp://h/", 8, nullptr, items.data(), items.size(), &count), FTPURI_BAD_ARGUMENT);
}

TEST(c_api, arguments_a_binding_could_get_wrong_are_refused)
{
    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.profile = 3;
    EXPECT_EQ(ftpuri_validate("ftp://h/", 8, &o, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_validate(nullptr, 5, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_validate(nullptr, FTPURI_NUL_TERMINATED, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    EXPECT_EQ(ftpuri_validate(nullptr, 0, nullptr, &e), FTPURI_INVALID); // the empty input
    EXPECT_STREQ(e.name, "input.empty");
    std::array<char, 64> out{};
    EXPECT_EQ(ftpuri_canonicalize("ftp://h/", 8, nullptr, 8, out.data(), out.size(), nullptr, nullptr),
              FTPURI_BAD_ARGUMENT); // an unknown flag
    EXPECT_EQ(ftpuri_canonicalize("ftp://h/", 8, nullptr, 0, nullptr, 4, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_percent_encode("a", 1, 6, out.data(), out.size(), nullptr), FTPURI_BAD_ARGUMENT);
    ftpuri_plan plan;
    ftpuri_plan_options po = FTPURI_PLAN_OPTIONS_INIT;
    po.mode = 4;
    EXPECT_EQ(ftpuri_plan_init(&plan, "ftp://h/", 8, nullptr, &po, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_plan_init(nullptr, "ftp://h/", 8, nullptr, nullptr, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    ASSERT_EQ(ftpuri_plan_init(&plan, "ftp://h/", 8, nullptr, nullptr, nullptr, nullptr), FTPURI_OK);
    EXPECT_EQ(ftpuri_plan_write_line(&plan, out.data(), out.size(), nullptr), FTPURI_BAD_ARGUMENT); // before next
    std::uint32_t cls = 0;
    std::array<std::uint8_t, 16> const loopback6 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    EXPECT_EQ(ftpuri_classify_address(loopback6.data(), 5, &cls), FTPURI_BAD_ARGUMENT);
    ASSERT_EQ(ftpuri_classify_address(loopback6.data(), 16, &cls), FTPURI_OK);
    EXPECT_EQ(cls, static_cast<std::uint32_t>(FTPURI_HOST_CLASS_LOOPBACK));
    std::array<std::uint8_t, 4> const private4 = {10, 1, 2, 3};
    ASSERT_EQ(ftpuri_classify_address(private4.data(), 4, &cls), FTPURI_OK);
    EXPECT_EQ(cls, static_cast<std::uint32_t>(FTPURI_HOST_CLASS_PRIVATE));
}

TEST(c_api, lengths_are_bytes_and_a_nul_inside_them_is_a_byte)
{
    std::string const with_nul("ftp://h/a\0b", 11);
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    ASSERT_EQ(ftpuri_validate(with_nul.data(), with_nul.size(), nullptr, &e), FTPURI_INVALID);
    EXPECT_STREQ(e.name, "char.control");
    EXPECT_EQ(e.offset, 9U);
    EXPECT_EQ(ftpuri_validate(with_nul.data(), FTPURI_NUL_TERMINATED, nullptr, nullptr), FTPURI_OK); // "ftp://h/a"
    ftpuri_parse_options o = FTPURI_PARSE_OPTIONS_INIT;
    o.max_length = 8;
    ASSERT_EQ(ftpuri_validate("ftp://h/ab", FTPURI_NUL_TERMINATED, &o, &e), FTPURI_INVALID);
    EXPECT_STREQ(e.name, "input.too-long");
    EXPECT_EQ(ftpuri_equivalent("FTP://H/%7e", FTPURI_NUL_TERMINATED, "ftp://h/~", 9, nullptr), 1);
    EXPECT_EQ(ftpuri_equivalent("ftp://h/a", FTPURI_NUL_TERMINATED, "ftp://h/A", 9, nullptr), 0);
    EXPECT_EQ(ftpuri_equivalent("ftp://h:x/", FTPURI_NUL_TERMINATED, "ftp://h:x/", 10, nullptr), 0);
}

// The rest of each function's contract that a binding meets at its edges: every out-parameter
// that may be NULL, every null input, a struct too small, options at their limits, and the plan
// used past its end. (scripts/coverage.sh: each branch of src/c_api.cpp is taken both ways.)
TEST(c_api, optional_outputs_null_inputs_and_edges_behave_as_documented)
{
    std::array<char, 64> out{};
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    ftpuri_parse_options bad = FTPURI_PARSE_OPTIONS_INIT;
    bad.profile = 7;
    EXPECT_EQ(ftpuri_validate("ftp://h/", 8, &bad, &e), FTPURI_BAD_ARGUMENT) << "with an error to fill";
    ftpuri_parse_options longest = FTPURI_PARSE_OPTIONS_INIT;
    longest.max_length = 0xFFFFFFFFU; // above the cap: the cap
    EXPECT_EQ(ftpuri_validate("ftp://h/", 8, &longest, &e), FTPURI_OK);

    std::size_t count = 0;
    std::array<ftpuri_diagnostic, 1> one{};
    one[0].size = sizeof one[0];
    EXPECT_EQ(ftpuri_diagnose(nullptr, 4, nullptr, one.data(), 1, &count), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_diagnose("ftp://h/", 8, nullptr, nullptr, 1, &count), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_diagnose("ftp://h/", 8, nullptr, one.data(), 1, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_diagnose("ftp://h/", 8, &bad, one.data(), 1, &count), FTPURI_BAD_ARGUMENT);
    // Two findings, room for one: the count says two, the first is written.
    ASSERT_EQ(ftpuri_diagnose("ftp://anonymous@H/", FTPURI_NUL_TERMINATED, nullptr, one.data(), 1, &count), FTPURI_OK);
    EXPECT_EQ(count, 2U);
    EXPECT_STREQ(one[0].name, "userinfo.anonymous");
    ASSERT_EQ(ftpuri_diagnose("ftp://h/", 8, nullptr, nullptr, 0, &count), FTPURI_OK);
    EXPECT_EQ(count, 0U);

    EXPECT_EQ(ftpuri_parse("ftp://h/", 8, nullptr, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    ASSERT_EQ(ftpuri_canonicalize("ftp://h:x/", 10, nullptr, 0, out.data(), out.size(), nullptr, &e), FTPURI_INVALID);
    EXPECT_STREQ(e.name, "port.invalid");
    ASSERT_EQ(ftpuri_canonicalize("FTP://H/", 8, nullptr, 0, out.data(), out.size(), nullptr, nullptr), FTPURI_OK);
    EXPECT_STREQ(out.data(), "ftp://h/");
    EXPECT_EQ(ftpuri_equivalent(nullptr, 3, "ftp://h/", 8, nullptr), 0);
    EXPECT_EQ(ftpuri_equivalent("ftp://h/", 8, nullptr, 3, nullptr), 0);
    EXPECT_EQ(ftpuri_equivalent("ftp://h/", 8, "ftp://h/", 8, &bad), 0);

    std::uint32_t at = 99;
    EXPECT_EQ(ftpuri_percent_decode(nullptr, 3, out.data(), out.size(), nullptr, &at), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_percent_decode("%4", 2, out.data(), out.size(), nullptr, nullptr), FTPURI_MALFORMED_ESCAPE);
    EXPECT_EQ(ftpuri_percent_decode("a", 1, nullptr, 1, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_percent_encode("a", 1, FTPURI_ENCODE_PCHAR, nullptr, 1, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_percent_decode("abc", 3, out.data(), 1, nullptr, nullptr), FTPURI_BUFFER_TOO_SMALL);
    ASSERT_EQ(ftpuri_percent_decode("a%41", 4, out.data(), out.size(), nullptr, nullptr), FTPURI_OK);
    EXPECT_EQ(std::string_view(out.data(), 2), "aA");
    EXPECT_EQ(ftpuri_percent_encode(nullptr, 3, FTPURI_ENCODE_PCHAR, out.data(), out.size(), nullptr),
              FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_percent_encode("a b", 3, FTPURI_ENCODE_PCHAR, out.data(), 3, nullptr), FTPURI_BUFFER_TOO_SMALL);
    ASSERT_EQ(ftpuri_percent_encode("a b", 3, FTPURI_ENCODE_PCHAR, out.data(), 5, nullptr), FTPURI_OK);
    EXPECT_EQ(std::string_view(out.data(), 5), "a%20b");

    std::uint32_t cls = 99;
    EXPECT_EQ(ftpuri_classify_host("ftp://h/", 8, nullptr, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_classify_host("ftp://0x7f.1/", 13, nullptr, &cls, &e), FTPURI_INVALID);
    EXPECT_STREQ(e.name, "host.numeric-ambiguous");
    EXPECT_EQ(cls, 99U);
    std::array<std::uint8_t, 4> const address = {192, 0, 2, 7};
    EXPECT_EQ(ftpuri_classify_address(nullptr, 4, &cls), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_classify_address(address.data(), 4, nullptr), FTPURI_BAD_ARGUMENT);
}

TEST(c_api, a_plan_at_its_edges)
{
    ftpuri_plan plan;
    ftpuri_command c = FTPURI_COMMAND_INIT;
    ftpuri_diagnostic e = FTPURI_DIAGNOSTIC_INIT;
    std::array<char, 64> out{};
    std::size_t n = 0;
    ftpuri_plan_options small = FTPURI_PLAN_OPTIONS_INIT;
    small.size = offsetof(ftpuri_plan_options, anonymous_password);
    EXPECT_EQ(ftpuri_plan_init(&plan, "ftp://h/", 8, nullptr, &small, nullptr, nullptr), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_plan_init(&plan, "ftp://h:x/", 10, nullptr, nullptr, nullptr, &e), FTPURI_INVALID);
    EXPECT_STREQ(e.name, "port.invalid");
    ftpuri_plan_options nocwd = FTPURI_PLAN_OPTIONS_INIT;
    nocwd.mode = FTPURI_PLAN_NOCWD;
    EXPECT_EQ(ftpuri_plan_init(&plan, "ftp://h/%2Fetc/motd", FTPURI_NUL_TERMINATED, nullptr, &nocwd, nullptr, nullptr),
              FTPURI_INVALID)
        << "no plan in this mode, and no error asked for";

    // The anonymous password, given with a length: PASS sends that many bytes.
    ftpuri_plan_options guest = FTPURI_PLAN_OPTIONS_INIT;
    guest.anonymous_password = "guest@example.org and more";
    guest.anonymous_password_length = 17;
    int ask = 9;
    ASSERT_EQ(ftpuri_plan_init(&plan, "ftp://h/f", 9, nullptr, &guest, &ask, nullptr), FTPURI_OK);
    EXPECT_EQ(ask, 0);
    EXPECT_EQ(ftpuri_plan_next(nullptr, &c), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_plan_next(&plan, nullptr), FTPURI_BAD_ARGUMENT);
    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK); // USER anonymous
    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK); // PASS
    ASSERT_EQ(ftpuri_plan_write_line(&plan, out.data(), out.size(), &n), FTPURI_OK);
    EXPECT_STREQ(out.data(), "PASS guest@example.org");
    EXPECT_EQ(ftpuri_plan_write_line(nullptr, out.data(), out.size(), &n), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_plan_write_line(&plan, nullptr, 4, &n), FTPURI_BAD_ARGUMENT);
    EXPECT_EQ(ftpuri_plan_write_line(&plan, nullptr, 0, &n), FTPURI_BUFFER_TOO_SMALL);
    EXPECT_EQ(n, 22U);
    ASSERT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_OK); // RETR f
    EXPECT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_INVALID) << "the end";
    EXPECT_EQ(ftpuri_plan_next(&plan, &c), FTPURI_INVALID) << "still the end";
    ASSERT_EQ(ftpuri_plan_write_line(&plan, out.data(), out.size(), &n), FTPURI_BAD_ARGUMENT) << "past the end";
    // A copy made at the end is at the end too.
    ftpuri_plan copy = plan;
    EXPECT_EQ(ftpuri_plan_next(&copy, &c), FTPURI_INVALID);
}

} // namespace
