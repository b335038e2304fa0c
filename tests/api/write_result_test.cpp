// SPDX-License-Identifier: Apache-2.0
// tests/api/write_result_test.cpp: every function that writes into a caller's buffer (X_into) says
// the same thing the same way (ftpuri/write_result.hpp). On the seed corpus's inputs, each one,
// at out sizes 0, needed - 1, needed, bound - 1 and bound: ok with the size written when the
// buffer holds what it writes, buffer_too_small with the size needed when not; the bytes its
// allocating form (or the reading that stands for one) gives; nothing written past `out`; and
// X_size_bound() at least the size needed. The former names answer as the new ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/corpus_files.hpp"
#include "support/guarded_buffer.hpp"

namespace {

using ftpuri::write_result;
using ftpuri::write_status;
using ftpuri_test::guarded;

constexpr ftpuri::profile all_profiles[] = {ftpuri::profile::strict, ftpuri::profile::rfc3986,
                                            ftpuri::profile::lenient};
constexpr ftpuri::encode_set all_sets[] = {ftpuri::encode_set::usp_char, ftpuri::encode_set::ftp_segment,
                                           ftpuri::encode_set::pchar,    ftpuri::encode_set::fragment,
                                           ftpuri::encode_set::reg_name, ftpuri::encode_set::unreserved};

// The seed corpus: one input a file, the bytes exactly (corpus/README.md).
std::vector<std::string> const& corpus()
{
    static std::vector<std::string> const inputs = [] {
        std::vector<std::string> all;
        for (ftpuri_test::source_file& f : ftpuri_test::files_under("corpus/inputs"))
            all.push_back(std::move(f.text));
        return all;
    }();
    return inputs;
}

// The out sizes every writer is tried at.
std::set<std::size_t> sizes_around(std::size_t needed, std::size_t bound)
{
    std::set<std::size_t> sizes = {0, needed, bound};
    if (needed > 0) sizes.insert(needed - 1);
    if (bound > 0) sizes.insert(bound - 1);
    return sizes;
}

// `write(out)` at each size: ok and `expected` when it fits, otherwise buffer_too_small with
// expected.size(); never a byte outside `out`. `bound` is the writer's X_size_bound().
template <class Write>
void expect_writes(std::string_view what, std::string_view expected, std::size_t bound, Write&& write)
{
    SCOPED_TRACE(std::string(what));
    EXPECT_GE(bound, expected.size()) << "the size bound is below the size needed";
    for (std::size_t const size : sizes_around(expected.size(), bound)) {
        guarded out(size);
        write_result const r = write(out.span());
        EXPECT_TRUE(out.intact()) << "wrote outside a buffer of " << size;
        EXPECT_EQ(r.size, expected.size()) << "in a buffer of " << size;
        if (size >= expected.size()) {
            EXPECT_EQ(r.status, write_status::ok) << "in a buffer of " << size;
            EXPECT_TRUE(static_cast<bool>(r));
            EXPECT_EQ(out.written(expected.size()), expected) << "in a buffer of " << size;
        } else {
            EXPECT_EQ(r.status, write_status::buffer_too_small) << "in a buffer of " << size;
            EXPECT_FALSE(static_cast<bool>(r));
        }
    }
}

// The host as the canonical form spells it: after "ftp://" and any userinfo (whose '@' the
// canonical form always escapes but the last), up to the port or the path.
std::string_view host_of_canonical(std::string_view canonical)
{
    std::string_view rest = canonical.substr(std::string_view("ftp://").size());
    rest = rest.substr(0, rest.find('/'));
    if (std::size_t const at = rest.rfind('@'); at != std::string_view::npos) rest.remove_prefix(at + 1);
    std::size_t const close = rest.rfind(']');
    std::size_t const colon = rest.rfind(':');
    if (colon != std::string_view::npos && (close == std::string_view::npos || colon > close))
        rest = rest.substr(0, colon);
    return rest;
}

// The wire line of a command, built from its decoded argument: a byte 0xFF twice (IAC IAC).
std::string wire_line(ftpuri::ftp_command const& c)
{
    std::string line(ftpuri::to_string(c.verb()));
    if (!c.has_argument()) return line;
    line += ' ';
    for (char const b : c.argument())
        line.append(b == '\xFF' ? 2 : 1, b);
    return line;
}

TEST(write_result, the_corpus_is_there)
{
    EXPECT_GE(corpus().size(), 300U) << "a few hundred real inputs, or the tests below say little";
}

TEST(write_result, canonicalize_into)
{
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : all_profiles) {
            ftpuri::parse_result const r = ftpuri::parse(input, {p});
            if (!r) continue;
            std::string const want = ftpuri::canonicalize(*r);
            expect_writes(input, want, ftpuri::canonicalize_size_bound(input.size()),
                          [&](std::span<char> out) { return ftpuri::canonicalize_into(*r, out); });
        }
    }
}

TEST(write_result, canonical_host_into)
{
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : all_profiles) {
            ftpuri::parse_result const r = ftpuri::parse(input, {p});
            if (!r) continue;
            std::string const canonical = ftpuri::canonicalize(*r);
            expect_writes(input, host_of_canonical(canonical), ftpuri::canonical_host_size_bound(*r),
                          [&](std::span<char> out) { return ftpuri::canonical_host_into(*r, out); });
        }
    }
}

// A host that the lenient profile reads as a reg-name because IDNA makes no DNS name of its
// escapes: parse() spells it as rfc3986 does, but a view without the scan's facts (one built
// without the scanner) sends it to libidn2, which refuses it. The host cannot be written then:
// invalid, whatever the room, not an empty host that says ok.
TEST(write_result, a_host_libidn2_refuses_is_invalid)
{
    std::string const input = "ftp://%C3%28/x";
    ftpuri::parse_result const r = ftpuri::parse(input, {ftpuri::profile::lenient});
    ASSERT_TRUE(r);
    ftpuri::detail::uri_parts parts = ftpuri::detail::view_access::parts(*r);
    parts.facts = 0;
    parts.path_respelled_from = ftpuri::uri_offsets::npos;
    ftpuri::uri_view const unscanned(parts);
    for (std::size_t const size : {std::size_t{0}, ftpuri::canonicalize_size_bound(input.size())}) {
        guarded host(size);
        EXPECT_EQ(ftpuri::canonical_host_into(unscanned, host.span()).status, write_status::invalid) << size;
        guarded whole(size);
        EXPECT_EQ(ftpuri::canonicalize_into(unscanned, whole.span()).status, write_status::invalid) << size;
    }
    // The view as parsed writes the host as rfc3986 spells it.
    EXPECT_EQ(ftpuri::canonicalize(*r), "ftp://%C3%28/x");
}

TEST(write_result, sanitize_into)
{
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : all_profiles) {
            ftpuri::parse_options const options{p};
            std::size_t const bound = ftpuri::sanitize_size_bound(input.size());
            std::optional<std::string> const want = ftpuri::canonicalize(input, options);
            if (want) {
                expect_writes(input, *want, bound, [&](std::span<char> out) {
                    ftpuri::sanitize_result const s = ftpuri::sanitize_into(input, {}, out, options);
                    return static_cast<write_result>(s);
                });
                continue;
            }
            // Refused: invalid whatever the room, with the parse's error.
            for (std::size_t const size : {std::size_t{0}, bound}) {
                guarded out(size);
                ftpuri::sanitize_result const s = ftpuri::sanitize_into(input, {}, out.span(), options);
                EXPECT_EQ(s.status, write_status::invalid) << input;
                EXPECT_TRUE(out.intact()) << input;
            }
        }
    }
}

TEST(write_result, percent_encode_into)
{
    for (std::string const& input : corpus()) {
        for (ftpuri::encode_set const set : all_sets) {
            std::string const want = ftpuri::percent_encode(input, set);
            EXPECT_EQ(ftpuri::percent_encode_size_bound(input, set), want.size()) << "the bound is exact";
            expect_writes(input, want, ftpuri::percent_encode_size_bound(input, set),
                          [&](std::span<char> out) { return ftpuri::percent_encode_into(input, set, out); });
        }
    }
}

TEST(write_result, percent_decode_into)
{
    std::size_t malformed = 0;
    for (std::string const& input : corpus()) {
        ftpuri::percent_decode_result whole;
        std::string const want = ftpuri::percent_decode(input, &whole);
        std::size_t const bound = ftpuri::percent_decode_size_bound(input);
        if (whole) {
            expect_writes(input, want, bound,
                          [&](std::span<char> out) { return ftpuri::percent_decode_into(input, out); });
            continue;
        }
        // A malformed escape is invalid whatever the room, at the same offset.
        ++malformed;
        ASSERT_EQ(whole.status, write_status::invalid);
        for (std::size_t const size : sizes_around(want.size(), bound)) {
            guarded out(size);
            ftpuri::percent_decode_result const r = ftpuri::percent_decode_into(input, out.span());
            EXPECT_EQ(r.status, write_status::invalid) << input << " in " << size;
            EXPECT_EQ(r.offset, whole.offset) << input << " in " << size;
            EXPECT_TRUE(out.intact()) << input << " in " << size;
        }
    }
    EXPECT_GT(malformed, 0U) << "the corpus has malformed escapes too";
}

TEST(write_result, redact_password_into)
{
    for (std::string const& input : corpus()) {
        // What the redaction is, read from find_password(): the password's bytes become "****".
        std::string want = input;
        if (std::optional<ftpuri::byte_range> const pw = ftpuri::find_password(input))
            want.replace(pw->offset, pw->length, "****");
        expect_writes(input, want, ftpuri::redact_password_size_bound(input),
                      [&](std::span<char> out) { return ftpuri::redact_password_into(input, out); });
    }
}

TEST(write_result, resolve_into)
{
    constexpr std::string_view references[] = {"", "g", "../x/./y;type=a", "?q", "#f", "//h2/p", "/abs", "ftp://o/"};
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : all_profiles) {
            ftpuri::parse_result const base = ftpuri::parse(input, {p});
            if (!base) continue;
            for (std::string_view const ref : references) {
                std::optional<std::string> const want = ftpuri::resolve(input, ref, {p});
                ASSERT_TRUE(want.has_value()) << input;
                expect_writes(input, *want, ftpuri::resolve_size_bound(*base, ref),
                              [&](std::span<char> out) { return ftpuri::resolve_into(*base, ref, out); });
            }
        }
    }
}

TEST(write_result, uri_view_decode_into)
{
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : all_profiles) {
            ftpuri::parse_result const r = ftpuri::parse(input, {p});
            if (!r) continue;
            for (unsigned c = 0; c <= static_cast<unsigned>(ftpuri::component::fragment); ++c) {
                auto const which = static_cast<ftpuri::component>(c);
                std::string const want = ftpuri::percent_decode(r->raw(which));
                EXPECT_EQ(r->decode_size_bound(which), want.size()) << "the bound is exact";
                expect_writes(input, want, r->decode_size_bound(which),
                              [&](std::span<char> out) { return r->decode_into(which, out); });
            }
        }
    }
}

TEST(write_result, plan_lines_and_arguments)
{
    std::size_t commands = 0;
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : all_profiles) {
            ftpuri::parse_result const r = ftpuri::parse(input, {p});
            if (!r) continue;
            ftpuri::plan_result const planned = ftpuri::plan(*r);
            if (!planned) continue;
            for (ftpuri::ftp_command const& c : *planned) {
                ++commands;
                EXPECT_EQ(c.write_size_bound(), c.size()) << "the bound is exact";
                expect_writes(input, wire_line(c), c.write_size_bound(),
                              [&](std::span<char> out) { return c.write_into(out); });
                ftpuri::decoded_view const argument = c.argument();
                std::string const bytes(argument.begin(), argument.end());
                EXPECT_EQ(argument.copy_size_bound(), bytes.size()) << "the bound is exact";
                expect_writes(input, bytes, argument.copy_size_bound(),
                              [&](std::span<char> out) { return argument.copy_into(out); });
            }
        }
    }
    EXPECT_GT(commands, 300U);
}

// A result nobody filled in accepts nothing: sanitize_result starts out invalid.
TEST(write_result, an_unfilled_sanitize_result_is_not_ok)
{
    EXPECT_FALSE(static_cast<bool>(ftpuri::sanitize_result{}));
    EXPECT_TRUE(static_cast<bool>(write_result{}));
}

// The former names, kept until 1.0, give what the new ones give.
TEST(write_result, former_names_answer_as_the_new_ones)
{
    std::string const text = "ftp://u:pw@Ftp.Example.ORG/a/%41/../b;type=I";
    ftpuri::parse_result const r = ftpuri::parse(text);
    ASSERT_TRUE(r);
    std::vector<char> a(ftpuri::canonicalize_size_bound(text.size()));
    std::vector<char> b(a.size());

    EXPECT_EQ(ftpuri::canonical_size_bound(text.size()), ftpuri::canonicalize_size_bound(text.size()));
    EXPECT_EQ(ftpuri::percent_encoded_size(text, ftpuri::encode_set::pchar),
              ftpuri::percent_encode_size_bound(text, ftpuri::encode_set::pchar));
    EXPECT_EQ(ftpuri::decoded_size_bound(text), ftpuri::percent_decode_size_bound(text));
    EXPECT_EQ(ftpuri::redacted_size_bound(text), ftpuri::redact_password_size_bound(text));
    EXPECT_EQ(r->decoded_size(ftpuri::component::path), r->decode_size_bound(ftpuri::component::path));

    write_result const host = ftpuri::canonical_host_into(*r, a);
    EXPECT_EQ(ftpuri::canonical_host(*r, b), host.size);
    EXPECT_EQ(ftpuri::canonical_host(*r, std::span<char>()), host.size) << "the size needed, past out";

    ftpuri::sanitize_result const s_new = ftpuri::sanitize_into(text, {}, a);
    ftpuri::sanitize_result const s_old = ftpuri::sanitize(text, {}, b);
    EXPECT_EQ(s_old.status, s_new.status);
    EXPECT_EQ(std::string_view(b.data(), s_old.size), std::string_view(a.data(), s_new.size));

    write_result const t_new = ftpuri::resolve_into(*r, "../c", a);
    ftpuri::resolve_result const t_old = ftpuri::resolve(*r, "../c", std::span<char>(b));
    EXPECT_EQ(t_old.status, t_new.status);
    EXPECT_EQ(std::string_view(b.data(), t_old.size), std::string_view(a.data(), t_new.size));

    ftpuri::plan_result const planned = ftpuri::plan(*r);
    ASSERT_TRUE(planned);
    for (ftpuri::ftp_command const& c : *planned) {
        EXPECT_EQ(c.write_to(a), c.write_into(b).size);
        EXPECT_EQ(c.write_to(std::span<char>()), ftpuri::decoded_view::npos) << "too small, as before";
        EXPECT_EQ(c.argument().copy_to(a), c.argument().copy_into(b).size);
    }
    ftpuri::decoded_view const v("x%41y");
    EXPECT_EQ(v.copy_to(std::span<char>(a.data(), 2)), ftpuri::decoded_view::npos);

    // The merged enumerators: what was idna_failed, malformed_escape and sanitize's invalid.
    ftpuri::decode_result const d = ftpuri::percent_decode_into("%G", a);
    EXPECT_EQ(d.status, ftpuri::decode_status::invalid);
    EXPECT_EQ(ftpuri::sanitize(" bad", {}, a).status, ftpuri::sanitize_status::invalid);
}

} // namespace
