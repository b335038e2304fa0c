// SPDX-License-Identifier: Apache-2.0
// list_line_test: how a line of a list file divides (list_line.hpp) and the directives in its
// comments (directive.hpp), one rule per test: the comment, the trailing blanks, the fields,
// --field N, --whole-line; disable=, disable-file=, unknown ids; a file's leading directives
// and a block's last line.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "directive.hpp"
#include "list_line.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::cli::directive;
using ftpuri::cli::find_directive;
using ftpuri::cli::list_line;
using ftpuri::cli::list_settings;
using ftpuri::cli::split_list_line;

// The line's parts as "before|uri|rest", the bytes --fix drops, and the finding, if any.
struct divided {
    std::string parts;
    std::size_t dropped;
    std::optional<diag_id> id;
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
    friend bool operator==(divided const&, divided const&) = default;
};

void PrintTo(divided const& d, std::ostream* os)
{
    *os << '"' << d.parts << "\" dropped " << d.dropped;
    if (d.id) *os << " " << ftpuri::info(*d.id).name << " at " << d.offset << "+" << d.length;
}

divided divide(std::string_view line, list_settings settings = {})
{
    list_line const p = split_list_line(line, settings);
    // The three views cover the line, in order.
    EXPECT_EQ(p.before.data(), line.data());
    EXPECT_EQ(p.uri.data(), line.data() + p.before.size());
    EXPECT_EQ(p.rest.data(), p.uri.data() + p.uri.size());
    EXPECT_EQ(p.before.size() + p.uri.size() + p.rest.size(), line.size());
    divided d{std::string(p.before) + "|" + std::string(p.uri) + "|" + std::string(p.rest), p.dropped, std::nullopt};
    if (p.finding) {
        d.id = p.finding->id;
        d.offset = p.finding->offset;
        d.length = p.finding->length;
        EXPECT_EQ(p.finding->level, ftpuri::info(p.finding->id).level);
    }
    return d;
}

TEST(ListLine, AUriAloneIsTheWholeLine)
{
    EXPECT_EQ(divide("ftp://h/x"), (divided{"|ftp://h/x|", 0, std::nullopt}));
    EXPECT_EQ(divide("ftp://h/x#frag"), (divided{"|ftp://h/x#frag|", 0, std::nullopt})); // '#' after text
    EXPECT_EQ(divide(""), (divided{"||", 0, std::nullopt}));
}

TEST(ListLine, BlanksThenHashStartAComment)
{
    EXPECT_EQ(divide("ftp://h/x  # primary"), (divided{"|ftp://h/x|  # primary", 0, std::nullopt}));
    EXPECT_EQ(divide("ftp://h/x\t#"), (divided{"|ftp://h/x|\t#", 0, std::nullopt}));
    // The first blank-then-'#' starts it; a '#' after text before it is the URI's.
    EXPECT_EQ(divide("ftp://h/x#f # c # d"), (divided{"|ftp://h/x#f| # c # d", 0, std::nullopt}));
    // Blanks at the end of the comment are the comment's.
    EXPECT_EQ(divide("ftp://h/x # c  "), (divided{"|ftp://h/x| # c  ", 0, std::nullopt}));
}

TEST(ListLine, TrailingBlanksAreAWarningThatFixDrops)
{
    EXPECT_EQ(divide("ftp://h/x \t "), (divided{"|ftp://h/x| \t ", 3, diag_id::list_trailing_blank, 9, 3}));
}

TEST(ListLine, BlanksBetweenTwoRunsMayBeTwoFields)
{
    EXPECT_EQ(divide("ftp://h/debian/ bookworm main"),
              (divided{"|ftp://h/debian/ bookworm main|", 0, diag_id::list_fields, 15, 1}));
    EXPECT_EQ(divide("ftp://a/x\tftp://b/y"), (divided{"|ftp://a/x\tftp://b/y|", 0, diag_id::list_fields, 9, 1}));
    // The comment and the trailing blanks are set apart first; the fields error wins.
    EXPECT_EQ(divide("ftp://h/a b  # c"), (divided{"|ftp://h/a b|  # c", 0, diag_id::list_fields, 9, 1}));
    EXPECT_EQ(divide("ftp://h/a b  "), (divided{"|ftp://h/a b|  ", 0, diag_id::list_fields, 9, 1}));
}

// A line is searched for blanks 16 bytes at a time, its last bytes as the last 16 of the line:
// one blank is found at every place of every length up to past four blocks, and a line of other
// bytes (ones that differ from a blank by one bit among them) holds none.
TEST(ListLine, OneBlankIsFoundAtEveryPlace)
{
    for (char const blank : {' ', '\t'}) {
        for (std::uint32_t n = 2; n <= 70; ++n) {
            for (std::uint32_t k = 1; k < n; ++k) {
                std::string line(n, 'a');
                line[k] = blank;
                divided const d = divide(line);
                SCOPED_TRACE(testing::Message() << "length " << n << ", blank at " << k);
                EXPECT_EQ(d.id, k + 1 == n ? diag_id::list_trailing_blank : diag_id::list_fields);
                EXPECT_EQ(d.offset, k);
            }
        }
    }
    std::string const others = "\xA0\x89\x08\x0B\x21\x30!a";
    for (std::size_t n = 0; n <= 70; ++n) {
        std::string line;
        for (std::size_t i = 0; i < n; ++i)
            line += others[i % others.size()];
        EXPECT_EQ(divide(line), (divided{"|" + line + "|", 0, std::nullopt})) << n;
    }
}

TEST(ListLine, LeadingBlanksAreTheUris)
{
    // The profile decides about them (lenient trims them with a warning); not a second field.
    EXPECT_EQ(divide("  ftp://h/x"), (divided{"|  ftp://h/x|", 0, std::nullopt}));
    EXPECT_EQ(divide("\tftp://h/x  # c"), (divided{"|\tftp://h/x|  # c", 0, std::nullopt}));
}

TEST(ListLine, FieldNIsTheUriAndTheRestIsKept)
{
    list_settings const second{.field = 2};
    EXPECT_EQ(divide("deb ftp://h/x bookworm main", second),
              (divided{"deb |ftp://h/x| bookworm main", 0, std::nullopt}));
    EXPECT_EQ(divide("  deb\t\tftp://h/x", second), (divided{"  deb\t\t|ftp://h/x|", 0, std::nullopt}));
    // Trailing blanks are the rest's: no warning, nothing dropped.
    EXPECT_EQ(divide("deb ftp://h/x  ", second), (divided{"deb |ftp://h/x|  ", 0, std::nullopt}));
    EXPECT_EQ(divide("deb ftp://h/x # c", second), (divided{"deb |ftp://h/x| # c", 0, std::nullopt}));
    // Fewer fields: an empty URI at the end of the fields, which the parse refuses.
    EXPECT_EQ(divide("deb", second), (divided{"deb||", 0, std::nullopt}));
    EXPECT_EQ(divide("deb  # c", second), (divided{"deb||  # c", 0, std::nullopt}));
    EXPECT_EQ(divide("ftp://h/x", list_settings{.field = 1}), (divided{"|ftp://h/x|", 0, std::nullopt}));
}

TEST(ListLine, WholeLineIsOneUri)
{
    list_settings const whole{.whole_line = true};
    EXPECT_EQ(divide("ftp://h/a b  # c ", whole), (divided{"|ftp://h/a b  # c |", 0, std::nullopt}));
}

TEST(ListLine, OneUriIsTheWholeText)
{
    list_line const p = ftpuri::cli::one_uri("ftp://h/a b");
    EXPECT_EQ(p.uri, "ftp://h/a b");
    EXPECT_TRUE(p.before.empty() && p.rest.empty() && !p.finding && p.dropped == 0);
}

// ---- directives ------------------------------------------------------------------------------

TEST(Directive, DisableNamesIds)
{
    std::optional<directive> const d = find_directive("  # ftpuri-check: disable=host.uppercase,port.default");
    ASSERT_TRUE(d.has_value());
    EXPECT_FALSE(d->whole_file);
    EXPECT_TRUE(d->ids.contains(diag_id::host_uppercase));
    EXPECT_TRUE(d->ids.contains(diag_id::port_default));
    EXPECT_FALSE(d->ids.contains(diag_id::scheme_uppercase));
    EXPECT_TRUE(d->unknown.empty());
}

TEST(Directive, DisableFileIsForTheWholeFile)
{
    std::optional<directive> const d = find_directive("#ftpuri-check:disable-file=fragment.present");
    ASSERT_TRUE(d.has_value());
    EXPECT_TRUE(d->whole_file);
    EXPECT_TRUE(d->ids.contains(diag_id::fragment_present));
}

TEST(Directive, TheIdsEndAtABlank)
{
    std::optional<directive> const d = find_directive("# ftpuri-check: disable=host.uppercase because we like it");
    ASSERT_TRUE(d.has_value());
    EXPECT_TRUE(d->ids.contains(diag_id::host_uppercase));
    EXPECT_TRUE(d->unknown.empty()) << d->unknown;
}

TEST(Directive, AnUnknownIdIsKeptToBeReported)
{
    std::optional<directive> const d = find_directive("# ftpuri-check: disable=host.nope,,port.default");
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->unknown, "host.nope");
    EXPECT_TRUE(d->ids.contains(diag_id::port_default));
}

TEST(Directive, OtherCommentsAreNone)
{
    for (std::string_view const comment :
         {"", "ftp://h/x", "# a comment", "# ftpuri-check", "# ftpuri-check: enable=host.ip-address",
          "# see ftpuri-check: disable=x", "ftpuri-check: disable=host.uppercase"})
        EXPECT_FALSE(find_directive(comment).has_value()) << comment;
}

TEST(Directive, FileDirectivesAreThoseAtTheTop)
{
    using ftpuri::cli::file_directives;
    ftpuri::diag_set const top = file_directives(
        "# mirrors\n\n  # ftpuri-check: disable-file=host.uppercase\r\n# ftpuri-check: disable=port.default\n"
        "ftp://h/x\n# ftpuri-check: disable-file=scheme.uppercase\n",
        '\n');
    EXPECT_TRUE(top.contains(diag_id::host_uppercase));
    EXPECT_FALSE(top.contains(diag_id::port_default));     // the next line only
    EXPECT_FALSE(top.contains(diag_id::scheme_uppercase)); // after the first URI
    EXPECT_TRUE(file_directives("# ftpuri-check: disable-file=host.uppercase", '\n').contains(diag_id::host_uppercase));
    EXPECT_TRUE(file_directives("", '\n').empty());
}

TEST(Directive, LastLineOfABlock)
{
    using ftpuri::cli::last_line;
    EXPECT_EQ(last_line("a\nb\n", '\n'), "b");
    EXPECT_EQ(last_line("a\r\nb\r\n", '\n'), "b");
    EXPECT_EQ(last_line("a\nb", '\n'), "b");
    EXPECT_EQ(last_line("only\n", '\n'), "only");
    EXPECT_EQ(last_line("", '\n'), "");
    EXPECT_EQ(last_line(std::string_view("a\0b\r\0", 5), '\0'), "b\r"); // -0 keeps a CR
}

} // namespace
