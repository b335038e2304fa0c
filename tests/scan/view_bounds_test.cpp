// SPDX-License-Identifier: Apache-2.0
// tests/scan/view_bounds_test.cpp: the input is a view, and nothing past its end is read. Callers
// hand ftpuri a line of a larger buffer (ftpuri-check's block reader, a request header), so the
// byte after the view is whatever comes next, not a terminating NUL. Each input of the corpus is
// checked two ways, in every profile:
//
// - copied into a heap block of exactly its size, so that a sanitizer build (CI's Clang stage)
//   reports any read past the end;
// - followed in memory by a byte the scanner would act on if it looked ('%', a hex digit, '/',
//   ']', a space...), or by the rest of a URI ("p://h/" after "ft"), so that a plain build
//   notices a read past the end that changes a result.
//   scripts/mutate.py found mutants that looked one byte past the view and survived, because
//   every test string ended in a NUL, which no rule accepts (docs/mutation.md).
//
// The two must give the same verdicts, findings, parts and canonical form. A third way needs no
// sanitizer: each input, and every prefix of a few long ones, against a page that cannot be read,
// at its first byte and at its last, at every SIMD level the machine has.
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "scan/byte_runs.hpp"
#include "support/corpus_files.hpp"
#include "support/fenced_input.hpp"
#include "support/printable.hpp"
#include "support/profiles.hpp"
#include "support/simd_level_guard.hpp"

namespace {

std::vector<std::string> const& corpus()
{
    static std::vector<std::string> const all = [] {
        std::vector<std::string> v;
        for (char const* dir : {"corpus/inputs", "corpus/regressions"})
            for (ftpuri_test::source_file& file : ftpuri_test::files_under(dir))
                v.push_back(std::move(file.text));
        return v;
    }();
    return all;
}

// Everything a caller can observe of one input: validate's verdicts, every finding, the parts of
// the view and the canonical form.
std::string observe(std::string_view s, ftpuri::parse_options const& o)
{
    std::ostringstream os;
    os << "validate " << ftpuri::validate(s, o);
    ftpuri::diagnostic_list list;
    os << ", validate(list) " << ftpuri::validate(s, o, list) << ":";
    for (ftpuri::diagnostic const& d : list)
        os << ' ' << d.info().name << '@' << d.offset << '+' << d.length << '/' << ftpuri::to_string(d.where);
    ftpuri::parse_result const r = ftpuri::parse(s, o);
    if (r) {
        ftpuri::uri_view const& v = *r;
        os << "\nparts: user " << v.has_userinfo() << '[' << v.user() << "] password " << v.has_password() << '['
           << v.password() << "] host [" << v.host() << "] kind " << static_cast<int>(v.host_type()) << " port "
           << v.has_port() << '[' << v.port() << "] " << v.port_number() << " path [" << v.path() << "] typecode "
           << v.has_typecode() << '[' << v.typecode_part() << "] query " << v.has_query() << '[' << v.query()
           << "] fragment " << v.has_fragment() << '[' << v.fragment() << ']';
    } else {
        os << "\nparse: " << r.error().info().name << '@' << r.error().offset << '+' << r.error().length;
    }
    std::optional<std::string> const c = ftpuri::canonicalize(s, o);
    os << "\ncanonical: " << (c ? *c : std::string("(none)"));
    return os.str();
}

// Bytes that some rule would take if the scanner looked past the end: escapes and hex digits,
// delimiters of every component, typecode letters, a space, a tab, a UTF-8 lead byte.
constexpr std::string_view tempting = "%0aAfF9/:@[].;=?#-x dDiI\t\xC3";

// The rest of a URI, for a look that would go on past a first byte it took: a scheme's last
// letter and its ":" (a loop over the scheme that ran one byte too far took "ftp" from "ft" and
// the "p" after it, and then needed the ":" to change the verdict), a port, an IP literal's end,
// the escaped continuation byte that would complete "%C3" (a search for escapes that ran past
// the path's end found it, and took the path for valid UTF-8).
constexpr std::string_view continuations[] = {"p://h/", "://h/", ":21/", "]:21/", "41/", "%A9/"};

// Each tempting byte four times over, then each continuation.
std::vector<std::string> followers(std::string_view bytes)
{
    std::vector<std::string> all;
    for (char const c : bytes)
        all.emplace_back(4, c);
    all.insert(all.end(), std::begin(continuations), std::end(continuations));
    return all;
}

// `input` observed from an exact heap block, then followed in memory by each of `after`.
void expect_blind_past_the_end(std::string const& input, ftpuri::profile p, std::vector<std::string> const& after)
{
    ftpuri::parse_options const o{p};
    auto exact = std::make_unique<char[]>(input.size() + (input.empty() ? 1 : 0));
    std::copy(input.begin(), input.end(), exact.get());
    std::string const reference = observe({exact.get(), input.size()}, o);
    for (std::string const& tail : after) {
        std::string const followed = input + tail;
        std::string const got = observe(std::string_view(followed).substr(0, input.size()), o);
        ASSERT_EQ(got, reference) << "profile " << ftpuri::to_string(p) << ", input <" << ftpuri_test::printable(input)
                                  << ">, followed in memory by <" << ftpuri_test::printable(tail) << ">";
    }
}

TEST(view_bounds, nothing_past_the_end_of_the_input_is_read)
{
    std::vector<std::string> const after = followers(tempting);
    std::size_t checked = 0;
    for (std::string const& input : corpus()) {
        for (ftpuri::profile const p : {ftpuri_test::S, ftpuri_test::R, ftpuri_test::L}) {
            expect_blind_past_the_end(input, p, after);
            checked += after.size();
        }
    }
    EXPECT_GT(checked, 100'000U) << "the corpus went missing";
}

// The states a scan can stop in, each followed by every tempting byte: blanks only (lenient's
// trim), each component just begun, an escape without its digits.
TEST(view_bounds, nothing_past_the_end_of_a_cut_short_scan_is_read)
{
    std::vector<std::string> const after = followers(tempting);
    for (std::string const input : {"",
                                    "f",
                                    "ft",
                                    "ftp",
                                    " ",
                                    "\t",
                                    " \t\r\n\f ",
                                    " ftp://h/",
                                    "ftp://h/ ",
                                    "ftp:",
                                    "ftp:/",
                                    "ftp://",
                                    "ftp://h",
                                    "ftp://h.",
                                    "ftp://h/",
                                    "ftp://h/%",
                                    "ftp://h/%4",
                                    "ftp://h/%C3",
                                    "ftp://%",
                                    "ftp://[",
                                    "ftp://[::1",
                                    "ftp://[::1]",
                                    "ftp://[v1.",
                                    "ftp://h:",
                                    "ftp://h:2",
                                    "ftp://u@",
                                    "ftp://u:",
                                    "ftp://u:p",
                                    "ftp://u%",
                                    "ftp://1.2.3.4",
                                    "ftp://0x1",
                                    "ftp://xn--",
                                    "ftp://h/;",
                                    "ftp://h/a;type=",
                                    "ftp://h/a;type=a",
                                    "ftp://h/a;typecode=i",
                                    "ftp://h?",
                                    "ftp://h#",
                                    "ftp://h/.",
                                    "ftp://h/..",
                                    "ftp://h/a/%2e",
                                    "ftp://h/./%2Fx",
                                    "ftp://h/./",
                                    "FTP://H",
                                    "ftp://h/\xC3"}) {
        for (ftpuri::profile const p : {ftpuri_test::S, ftpuri_test::R, ftpuri_test::L})
            expect_blind_past_the_end(input, p, after);
    }
}

// Every prefix of every input: a scan cut short in each of its states (an escape without its
// digits, a bracket without its address, blanks only, "ftp:") is where a look at the next byte
// would fall past the end. Two of the tempting bytes and one continuation per prefix, in turn,
// keep this under a few seconds.
TEST(view_bounds, nothing_past_the_end_of_any_prefix_is_read)
{
    std::size_t turn = 0;
    for (std::string const& input : corpus()) {
        for (std::size_t n = 0; n < input.size(); ++n) {
            std::string const prefix = input.substr(0, n);
            for (ftpuri::profile const p : {ftpuri_test::S, ftpuri_test::R, ftpuri_test::L}) {
                char const two[] = {tempting[turn % tempting.size()], tempting[(turn + 7) % tempting.size()]};
                std::string_view const continuation = continuations[turn % std::size(continuations)];
                ++turn;
                expect_blind_past_the_end(prefix, p,
                                          {std::string(4, two[0]), std::string(4, two[1]), std::string(continuation)});
            }
        }
    }
    EXPECT_GT(turn, 100'000U) << "the corpus went missing";
}

// The portable scan, then each SIMD level the machine has.
std::vector<ftpuri::detail::simd_level> levels()
{
    using ftpuri::detail::simd_level;
    std::vector<simd_level> out{simd_level::scalar};
    if (ftpuri::detail::detected_simd_level() != simd_level::scalar) out.push_back(simd_level::sse2);
    if (ftpuri::detail::detected_simd_level() == simd_level::avx2) out.push_back(simd_level::avx2);
    return out;
}

// Long URIs whose prefixes are inputs of every length to 120 bytes, each ending in another
// state: plain segments, escapes (UTF-8, "/", a line separator's neighbour), a host longer than
// the host shortcut's 32-byte read, every component, and the blanks after running text's "URL:".
constexpr std::string_view long_uris[] = {
    "ftp://user:secret@ftp.example-mirror.org:2121/pub/debian/dists/bookworm/main/binary-amd64/Packages.gz;type=i",
    "ftp://h/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/abcdefg/",
    "ftp://h/caf%C3%A9/%E2%80%A7x/%f0%9f%98%80/a%2Fb/%41%42%43/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "ftp://[2001:db8::1]:21/%7Euser/./a/../b//c/ddddddddddddddddddddddddddddddddddddddddd?q=1#fragment",
    "ftp://abcdefghijklmnopqrstuvwxyz0123456789.example.org/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "FTP://Ftp.Example.ORG./My Documents/caf\xC3\xA9/\xFF;typecode=A#frag ment",
    "URL:    ftp://h/x",
};

// The SIMD stages load 16 or 32 bytes at once; near the input's edges they must load only its
// own bytes (the 16 or 32 that end at its end, or a copy), also where the input is shorter
// than a load. A read outside the view faults here in any build, as it would where a caller
// hands over the first or last line of a mapped file. (The fault names no input: the test run
// under gdb shows it in the backtrace.)
TEST(view_bounds, nothing_outside_an_input_between_unreadable_pages_is_read)
{
    using fence = ftpuri_test::fenced_input::fence;
    std::vector<std::string> inputs = corpus();
    for (std::string_view const uri : long_uris)
        for (std::size_t n = 1; n <= uri.size(); ++n)
            inputs.emplace_back(uri.substr(0, n));
    std::size_t checked = 0;
    for (std::string const& input : inputs) {
        for (ftpuri::profile const p : {ftpuri_test::S, ftpuri_test::R, ftpuri_test::L}) {
            ftpuri::parse_options const o{p};
            std::string const reference = [&] {
                ftpuri_test::simd_level_guard const portable(ftpuri::detail::simd_level::scalar);
                return observe(input, o);
            }();
            for (fence const where : {fence::before, fence::after}) {
                ftpuri_test::fenced_input const fenced(input, where);
                ASSERT_TRUE(fenced.ready());
                for (ftpuri::detail::simd_level const level : levels()) {
                    ftpuri_test::simd_level_guard const guard(level);
                    ASSERT_EQ(observe(fenced.view(), o), reference)
                        << "profile " << ftpuri::to_string(p) << ", level " << static_cast<int>(level) << ", input <"
                        << ftpuri_test::printable(input) << ">";
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 10'000U) << "the corpus went missing";
}

} // namespace
