// SPDX-License-Identifier: Apache-2.0
// tests/c_api/c_api_size_bound_test.cpp: each C function that writes a caller's buffer has its
// ftpuri_X_size_bound, and a buffer of that size always suffices: on every input of
// corpus/inputs in every profile, the writer never says FTPURI_BUFFER_TOO_SMALL in it and
// never writes past it. A bound is 0 for the arguments its writer refuses, SIZE_MAX when it
// would not fit in a size_t.
#include "ftpuri.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/c_api_inputs.hpp"
#include "support/guarded_buffer.hpp"

namespace {

using ftpuri_test::c_options;
using ftpuri_test::guarded;
auto const& corpus = ftpuri_test::c_api_corpus;
auto const& profiles = ftpuri_test::c_api_profiles;

// A writer's answer in a buffer of its bound: anything but "too small", the NUL (when it writes
// one) inside the buffer, and nothing outside it.
void expect_fits(std::string_view what, int status, std::size_t written, std::size_t bound, bool nul,
                 guarded const& out)
{
    EXPECT_NE(status, FTPURI_BUFFER_TOO_SMALL) << what << ": the bound " << bound << " did not suffice";
    EXPECT_NE(status, FTPURI_BAD_ARGUMENT) << what;
    if (status == FTPURI_OK) {
        EXPECT_LE(written + (nul ? 1 : 0), bound) << what;
    }
    EXPECT_TRUE(out.intact()) << what;
}

TEST(c_api_size_bound, canonicalize_sanitize_redact_and_resolve_fit_their_bounds)
{
    std::size_t written_forms = 0;
    for (std::string const& in : corpus()) {
        for (ftpuri_profile const p : profiles) {
            ftpuri_parse_options const o = c_options(p);
            std::size_t n = 0;

            std::size_t const cb = ftpuri_canonicalize_size_bound(in.data(), in.size());
            guarded c(cb);
            int const cs = ftpuri_canonicalize(in.data(), in.size(), &o, 0, c.span().data(), cb, &n, nullptr);
            expect_fits("canonicalize " + in, cs, n, cb, true, c);
            written_forms += cs == FTPURI_OK ? 1U : 0U;

            ftpuri_policy const policy = FTPURI_POLICY_INIT;
            std::size_t const sb = ftpuri_sanitize_size_bound(in.data(), in.size());
            guarded s(sb);
            int const ss =
                ftpuri_sanitize(in.data(), in.size(), &o, &policy, 0, s.span().data(), sb, &n, nullptr, nullptr);
            expect_fits("sanitize " + in, ss, n, sb, true, s);

            for (std::string_view const ref : {"", "../g;type=d", "//h/x", "?q#f"}) {
                std::size_t const rb = ftpuri_resolve_size_bound(in.data(), in.size(), ref.data(), ref.size());
                guarded r(rb);
                int const rs =
                    ftpuri_resolve(in.data(), in.size(), ref.data(), ref.size(), &o, r.span().data(), rb, &n, nullptr);
                expect_fits("resolve " + in, rs, n, rb, true, r);
            }
        }
        std::size_t n = 0;
        std::size_t const pb = ftpuri_redact_password_size_bound(in.data(), in.size());
        guarded pw(pb);
        expect_fits("redact " + in, ftpuri_redact_password(in.data(), in.size(), pw.span().data(), pb, &n), n, pb, true,
                    pw);
    }
    EXPECT_GT(written_forms, 300U);
}

TEST(c_api_size_bound, percent_coding_fits_its_bounds_and_encoding_is_exact)
{
    for (std::string const& in : corpus()) {
        std::size_t n = 0;
        std::uint32_t offset = 0;
        std::size_t const db = ftpuri_percent_decode_size_bound(in.data(), in.size());
        EXPECT_EQ(db, in.size());
        guarded d(db);
        expect_fits("decode " + in, ftpuri_percent_decode(in.data(), in.size(), d.span().data(), db, &n, &offset), n,
                    db, false, d);
        for (std::uint32_t set = FTPURI_ENCODE_USP_CHAR; set <= FTPURI_ENCODE_UNRESERVED; ++set) {
            std::size_t const eb = ftpuri_percent_encode_size_bound(in.data(), in.size(), set);
            guarded e(eb);
            ASSERT_EQ(ftpuri_percent_encode(in.data(), in.size(), set, e.span().data(), eb, &n), FTPURI_OK) << in;
            EXPECT_EQ(n, eb) << "the encoding's bound is its size: " << in;
            EXPECT_TRUE(e.intact()) << in;
        }
    }
}

TEST(c_api_size_bound, plan_lines_fit_their_bound_exactly)
{
    std::size_t lines = 0;
    for (std::string const& in : corpus()) {
        ftpuri_parse_options const o = c_options(FTPURI_PROFILE_LENIENT);
        ftpuri_plan plan;
        if (ftpuri_plan_init(&plan, in.data(), in.size(), &o, nullptr, nullptr, nullptr) != FTPURI_OK) continue;
        EXPECT_EQ(ftpuri_plan_write_line_size_bound(&plan), 0U) << "no command given yet";
        ftpuri_command c = FTPURI_COMMAND_INIT;
        while (ftpuri_plan_next(&plan, &c) == FTPURI_OK) {
            std::size_t const bound = ftpuri_plan_write_line_size_bound(&plan);
            EXPECT_EQ(bound, std::size_t{c.line_length} + 1) << "the line and its NUL: " << in;
            guarded line(bound);
            std::size_t n = 0;
            ASSERT_EQ(ftpuri_plan_write_line(&plan, line.span().data(), bound, &n), FTPURI_OK) << in;
            EXPECT_EQ(n + 1, bound) << in;
            EXPECT_TRUE(line.intact()) << in;
            guarded shorter(bound - 1);
            EXPECT_EQ(ftpuri_plan_write_line(&plan, shorter.span().data(), bound - 1, &n), FTPURI_BUFFER_TOO_SMALL);
            ++lines;
        }
        EXPECT_EQ(ftpuri_plan_write_line_size_bound(&plan), 0U) << "the plan has ended";
    }
    EXPECT_GT(lines, 300U);
}

TEST(c_api_size_bound, refused_arguments_give_zero_and_a_huge_input_saturates)
{
    EXPECT_EQ(ftpuri_canonicalize_size_bound(nullptr, 3), 0U);
    EXPECT_EQ(ftpuri_sanitize_size_bound(nullptr, FTPURI_NUL_TERMINATED), 0U);
    EXPECT_EQ(ftpuri_percent_decode_size_bound(nullptr, 1), 0U);
    EXPECT_EQ(ftpuri_percent_encode_size_bound("a", 1, FTPURI_ENCODE_UNRESERVED + 1), 0U);
    EXPECT_EQ(ftpuri_redact_password_size_bound(nullptr, 2), 0U);
    EXPECT_EQ(ftpuri_resolve_size_bound("ftp://h/", 8, nullptr, 1), 0U);
    EXPECT_EQ(ftpuri_plan_write_line_size_bound(nullptr), 0U);

    // An empty input is no refusal; a C string is measured.
    EXPECT_EQ(ftpuri_percent_decode_size_bound(nullptr, 0), 0U);
    EXPECT_EQ(ftpuri_redact_password_size_bound("ftp://u:p@h/", FTPURI_NUL_TERMINATED), 12U + 5U);
    EXPECT_EQ(ftpuri_resolve_size_bound("ftp://h/", FTPURI_NUL_TERMINATED, "g", FTPURI_NUL_TERMINATED), 8U + 1U + 2U);

    // The bounds are read from the length alone; nothing is read at such a length.
    char const byte = 'x';
    EXPECT_EQ(ftpuri_canonicalize_size_bound(&byte, SIZE_MAX / 2), SIZE_MAX);
    EXPECT_EQ(ftpuri_sanitize_size_bound(&byte, SIZE_MAX / 2), SIZE_MAX);
    EXPECT_EQ(ftpuri_redact_password_size_bound(&byte, SIZE_MAX - 2), SIZE_MAX);
    EXPECT_EQ(ftpuri_resolve_size_bound(&byte, SIZE_MAX - 2, &byte, 1), SIZE_MAX);
}

} // namespace
