// SPDX-License-Identifier: Apache-2.0
// json_writer_test: the JSON Lines writer's two paths write one output. write() takes
// write_ascii() for a record that is printable ASCII (nearly all), which writes it without
// RapidJSON and without the sanitizing passes; every other record goes through write_any().
// Over inputs with errors, warnings, notes, passwords, quotes and backslashes, disabled ids and
// file names that need escaping, the fast path must write exactly what write_any() writes, and
// must decline, writing nothing, exactly when a byte outside printable ASCII is in the record.
// (line_checker says that a URI valid in strict or rfc3986 is plain ASCII: plain_ascii.) Both
// write "host_class" (a class name, or null) and ftpuri::message(), which names the class in
// host.denied's message.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/canonical.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/redact.hpp"
#include "json_writer.hpp"

namespace {

using ftpuri::cli::checked_input;
using ftpuri::cli::input_origin;
using ftpuri::cli::json_writer;

std::string masked(std::string_view text)
{
    std::string out(text.size() + 4, '\0');
    out.resize(ftpuri::redact_password_into(text, out).size);
    return out;
}

bool printable_ascii(std::string_view text)
{
    for (char c : text)
        if (c < 0x20 || c > 0x7E) return false;
    return true;
}

TEST(JsonWriter, AsciiRecordsAreWrittenAsRapidJsonWritesThem)
{
    std::vector<std::string> const inputs = {
        "ftp://ftp.example.org/pub/file.txt",
        "FTP://User:Secret@Ftp.Example.ORG:021/%7euser/./a/../f.txt;TYPE=I",
        "ftp://h/a\"b\\c",
        "ftp://h/a b",
        "ftp://h/..%2F..%2Fetc/passwd",
        "ftp://anonymous@h//x/",
        "ftp://h/x#frag",
        "ftp://h/caf\xC3\xA9",
        "ftp://h/\x7F",
        "ftp://h/\x01",
        "  ftp://h/trimmed  ",
        "",
        "http://h/",
    };
    std::vector<std::string_view> const names = {"list.txt", "<stdin>", R"(a "q"\b.txt)", "caf\xC3\xA9.txt"};
    ftpuri::diag_set none;
    ftpuri::diag_set some;
    some.insert(ftpuri::diag_id::userinfo_password);
    some.insert(ftpuri::diag_id::port_default);
    int fast = 0;
    int declined = 0;
    for (ftpuri::profile p : {ftpuri::profile::strict, ftpuri::profile::lenient}) {
        for (std::string const& text : inputs) {
            ftpuri::diagnostic_list diagnostics;
            ftpuri::parse_result const r = ftpuri::parse(text, {p}, diagnostics);
            std::string const canonical = r ? ftpuri::canonicalize(*r) : std::string();
            std::string const redacted = masked(text);
            std::string const redacted_canonical = masked(canonical);
            for (std::string_view name : names) {
                for (ftpuri::diag_set const* hidden : {&none, &some}) {
                    input_origin const origin{name, 7, true};
                    checked_input const input{.origin = origin,
                                              .bytes = text,
                                              .length = text.size(),
                                              .valid = r.has_value(),
                                              .diagnostics = diagnostics,
                                              .hidden = *hidden,
                                              .password = ftpuri::find_password(text),
                                              .redacted = redacted,
                                              .canonical = canonical,
                                              .redacted_canonical = redacted_canonical,
                                              .host = r ? std::optional(ftpuri::classify_host(*r)) : std::nullopt,
                                              .plain_ascii = r.has_value() && p != ftpuri::profile::lenient};
                    json_writer writer;
                    std::string any = "before\n";
                    writer.write_any(input, any);
                    std::string ascii = "before\n";
                    bool const took = writer.write_ascii(input, ascii);
                    SCOPED_TRACE(std::string(name) + " " + text);
                    EXPECT_EQ(took, printable_ascii(name) && printable_ascii(redacted));
                    if (took) {
                        EXPECT_EQ(ascii, any);
                        ++fast;
                    } else {
                        EXPECT_EQ(ascii, "before\n");
                        ++declined;
                    }
                    std::string both;
                    writer.write(input, both);
                    EXPECT_EQ("before\n" + both, any);
                }
            }
        }
    }
    EXPECT_GT(fast, 100);
    EXPECT_GT(declined, 50);
}

// A host the policy refuses: the record is invalid but has the host's class, and the message of
// host.denied names it, in both paths alike.
TEST(JsonWriter, PolicyRefusalAndHostClass)
{
    std::string const text = "ftp://[::ffff:127.0.0.1]/";
    ftpuri::diagnostic_list diagnostics;
    ftpuri::parse_result const r = ftpuri::parse(text, {}, diagnostics);
    ASSERT_TRUE(r.has_value());
    ftpuri::policy const deny{.deny = {ftpuri::host_class::loopback, ftpuri::host_class::private_}};
    std::optional<ftpuri::diagnostic> const finding = ftpuri::check_policy(*r, deny);
    ASSERT_TRUE(finding.has_value());
    diagnostics.push(*finding);
    ftpuri::diag_set const none;
    input_origin const origin{"list.txt", 3, true};
    for (std::optional<ftpuri::host_class> host :
         {std::optional(ftpuri::classify_host(*r)), std::optional<ftpuri::host_class>()}) {
        checked_input const input{.origin = origin,
                                  .bytes = text,
                                  .length = text.size(),
                                  .valid = false,
                                  .diagnostics = diagnostics,
                                  .hidden = none,
                                  .password = std::nullopt,
                                  .redacted = text,
                                  .canonical = {},
                                  .redacted_canonical = {},
                                  .host = host};
        json_writer writer;
        std::string any;
        writer.write_any(input, any);
        std::string ascii;
        EXPECT_TRUE(writer.write_ascii(input, ascii));
        EXPECT_EQ(ascii, any);
        std::string const expected_class = host ? R"("loopback")" : "null";
        EXPECT_EQ(any, R"({"file":"list.txt","input":"ftp://[::ffff:127.0.0.1]/","line":3,"valid":false,)"
                       R"("canonical":null,"host_class":)" +
                           expected_class +
                           R"(,"diagnostics":[{"id":"host.denied","severity":"error","offset":6,"length":18,)"
                           R"("message":"host class loopback is denied by the policy",)"
                           R"("hint":"this service does not fetch from such addresses (docs/sanitizing.md); )"
                           R"(use a public server's name"}]})"
                           "\n");
    }
}

// The line number of consecutive records is counted up in text: across 9 -> 10, 99 -> 100, ...,
// and after a jump (another block, another file) converted afresh.
TEST(JsonWriter, LineNumbersCountUpAndJump)
{
    std::string const text = "ftp://h/a";
    ftpuri::diagnostic_list diagnostics;
    ftpuri::diag_set none;
    json_writer writer;
    std::vector<std::uint64_t> lines;
    for (std::uint64_t line = 1; line <= 10'050; ++line)
        lines.push_back(line);
    for (std::uint64_t line : {99'998ULL, 99'999ULL, 100'000ULL, 5ULL, 6ULL, 18'446'744'073'709'551'615ULL})
        lines.push_back(line);
    for (std::uint64_t line : lines) {
        input_origin const origin{"f", line, true};
        checked_input const input{.origin = origin,
                                  .bytes = text,
                                  .length = text.size(),
                                  .valid = true,
                                  .diagnostics = diagnostics,
                                  .hidden = none,
                                  .password = std::nullopt,
                                  .redacted = text,
                                  .canonical = text,
                                  .redacted_canonical = text,
                                  .plain_ascii = true};
        std::string out;
        writer.write(input, out);
        std::string const expected = ",\"line\":" + std::to_string(line) + ",";
        ASSERT_NE(out.find(expected), std::string::npos) << out;
    }
}

} // namespace
