// SPDX-License-Identifier: Apache-2.0
// fast_path_test: the fast forms give exactly the reference's results on every known input, and
// the canonical fast path is taken often enough to matter.
//
// The fast forms: the scanner's first stage at each SIMD level the machine has (SSE2, AVX2:
// src/scan/byte_runs.hpp), under validate and parse with and without a list; canonicalize_into(view)
// takes a fast path where detail::takes_canonical_fast_path says so. The references: the
// portable scan (simd_level::scalar), every finding collected, and
// detail::canonicalize_into_general.
//
// For every input of corpus/ (the .txt files line by line, inputs/ and regressions/ file by
// file, and regressions/ line by line too) and every URI of tests/data/*.jsonl (the strings of
// each record's "input", "urls" and "base"), in each of the three profiles:
//   - validate(s, o), validate(s, o, list) and parse(s, o, list) give the portable scan's
//     verdict at every SIMD level, the collecting two its findings exactly;
//   - parse(s, o) and parse(s, o, list) each fail with the portable scan's error (id, severity,
//     component, offset, length), or succeed with its detail::uri_parts;
//   - for a valid input, each of the 8 canonical_options: canonicalize_into and
//     canonicalize_into_general give the same status and bytes in a big buffer, in one of
//     exactly the size needed, and in one byte less (buffer_too_small, the same size needed),
//     and neither writes outside its span; the same on the view with its facts cleared.
// (The three comparisons are support/fast_path_check.hpp's, which props/fast_path_props.cpp
// runs on generated escape-rich inputs.) Then a hand table of the canonical fast path's edges
// (with the canonical form each must give), escapes at every offset of the 16-byte blocks, and
// the share of valid strict inputs that take the canonical fast path.
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../../bench/corpora.hpp"
#include "canonical_general.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/uri_view.hpp"
#include "support/corpus_files.hpp"
#include "support/example_notation.hpp"
#include "support/fast_path_check.hpp"
#include "support/json.hpp"
#include "support/printable.hpp"
#include "support/profiles.hpp"
#include "support/source_files.hpp"

namespace {

namespace fs = std::filesystem;
using ftpuri::canonical_options;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri::uri_view;
using ftpuri::write_result;
using ftpuri_test::in;
using ftpuri_test::L;
using ftpuri_test::printable;
using ftpuri_test::R;
using ftpuri_test::S;

constexpr std::array<profile, 3> profiles = {S, R, L};

char const* name_of(profile p)
{
    switch (p) {
    case profile::strict: return "strict";
    case profile::rfc3986: return "rfc3986";
    case profile::lenient: return "lenient";
    }
    return "?";
}

// ---- the known inputs -------------------------------------------------------------------------

std::vector<std::string> lines_of(std::string const& text)
{
    std::vector<std::string> out;
    std::istringstream in_stream(text);
    std::string line;
    while (std::getline(in_stream, line))
        out.push_back(line);
    return out;
}

// corpus/: the .txt files a line at a time (in docs/diagnostics.md's notation, "#" lines and
// empty ones skipped, as corpus/build.py reads them), every file of inputs/ and regressions/
// whole, and regressions/' files a line at a time too (the cli target reads them as lines).
std::vector<std::string> corpus_inputs(std::size_t& files)
{
    std::set<std::string> out;
    files = 0;
    fs::path const root = fs::path(FTPURI_SOURCE_DIR) / "corpus";
    for (ftpuri_test::source_file const& file : ftpuri_test::files_under("corpus")) {
        fs::path const& path = file.path;
        if (path.extension() == ".md" || path.extension() == ".py") continue;
        ++files;
        std::string const& text = file.text;
        std::string const relative = fs::relative(path, root).string();
        if (path.extension() == ".txt") {
            for (std::string const& line : lines_of(text)) {
                if (line.empty() || line.front() == '#') continue;
                std::optional<std::string> const bytes = ftpuri_test::unescape(line);
                EXPECT_TRUE(bytes.has_value()) << relative << ": " << line;
                if (bytes) out.insert(*bytes);
            }
            continue;
        }
        out.insert(text);
        if (relative.starts_with("regressions/")) {
            for (std::string const& line : lines_of(text))
                out.insert(line);
        }
    }
    return {out.begin(), out.end()};
}

void add_strings(ftpuri_test::json const& v, std::set<std::string>& out)
{
    if (v.IsString()) {
        out.emplace(ftpuri_test::json_str(v));
    } else if (v.IsArray()) {
        for (auto const& x : v.GetArray())
            add_strings(x, out);
    } else if (v.IsObject()) {
        for (auto const& m : v.GetObject())
            add_strings(m.value, out);
    }
}

// tests/data/*.jsonl: every string in each record's "input", "urls" and "base".
std::vector<std::string> vector_inputs(std::size_t& records)
{
    std::set<std::string> out;
    records = ftpuri_test::for_each_vector_record([&](rapidjson::Document const& d) {
        for (char const* member : {"input", "urls", "base"})
            if (ftpuri_test::json const* v = ftpuri_test::json_member(d, member)) add_strings(*v, out);
    });
    return {out.begin(), out.end()};
}

// ---- the three comparisons (support/fast_path_check.hpp) ---------------------------------------

using ftpuri_test::call_into;
using ftpuri_test::canon_call;
using ftpuri_test::canonical_disagreement;
using ftpuri_test::parse_disagreement;
using ftpuri_test::validate_disagreement;

std::string show(ftpuri::diagnostic const& d)
{
    return ftpuri_test::show_finding(d);
}

using ftpuri_test::show;

// All three comparisons of one input in one profile.
std::string disagreement(std::string_view s, profile p)
{
    parse_options const o = in(p);
    std::string out = validate_disagreement(s, o);
    std::string const parse = parse_disagreement(s, o);
    if (!parse.empty()) out += (out.empty() ? "" : "; ") + parse;
    if (ftpuri::parse_result const r = ftpuri::parse(s, o)) {
        std::string const canonical = canonical_disagreement(*r);
        if (!canonical.empty()) out += (out.empty() ? "" : "; ") + canonical;
    }
    return out;
}

// Every input in every profile; the first 25 disagreements reported in full.
void expect_all_agree(std::vector<std::string> const& inputs, char const* what)
{
    std::size_t failures = 0;
    std::array<std::size_t, 3> valid{};
    std::string report;
    for (std::string const& s : inputs) {
        for (std::size_t k = 0; k < profiles.size(); ++k) {
            valid[k] += ftpuri::validate(s, in(profiles[k])) ? 1U : 0U;
            std::string const d = disagreement(s, profiles[k]);
            if (d.empty()) continue;
            if (++failures <= 25) report += "\n  \"" + printable(s) + "\" in " + name_of(profiles[k]) + ": " + d;
        }
    }
    std::printf("[ fast path  ] %s: %zu inputs in 3 profiles; valid: %zu strict, %zu rfc3986, %zu lenient\n", what,
                inputs.size(), valid[0], valid[1], valid[2]);
    EXPECT_EQ(failures, 0U) << failures << " disagreements between the fast paths and the full scan:" << report;
}

TEST(FastPath, CorpusAgreesWithTheFullScan)
{
    std::size_t files = 0;
    std::vector<std::string> const inputs = corpus_inputs(files);
    EXPECT_GT(files, 1000U);
    EXPECT_GT(inputs.size(), 1500U);
    expect_all_agree(inputs, "corpus/");
}

TEST(FastPath, PeerVectorInputsAgreeWithTheFullScan)
{
    std::size_t records = 0;
    std::vector<std::string> const inputs = vector_inputs(records);
    EXPECT_GT(records, 500U);
    EXPECT_GT(inputs.size(), 300U);
    expect_all_agree(inputs, "tests/data/*.jsonl");
}

// ---- the canonical fast path's edges ------------------------------------------------------------

struct edge {
    profile syntax;
    std::string_view input;
    std::string_view canonical; // with the default options
};

// clang-format off
constexpr auto edges = std::to_array<edge>({
    // escapes at the path's first and last byte
    {S, "ftp://h/%41bc", "ftp://h/Abc"},
    {S, "ftp://h/abc%41", "ftp://h/abcA"},
    {S, "ftp://h/%c3%a9", "ftp://h/%C3%A9"},
    {S, "ftp://h/a%2f", "ftp://h/a%2F"},
    {S, "ftp://h/%7euser/x", "ftp://h/~user/x"},
    {S, "ftp://h/%7E", "ftp://h/~"},
    {S, "ftp://h/a/%3b", "ftp://h/a/%3B"},
    {S, "ftp://h/%25", "ftp://h/%25"},
    // a "%2F" first directory, and one that removing dot-segments makes first
    {S, "ftp://h/%2Fetc/motd", "ftp://h/%2Fetc/motd"},
    {S, "ftp://h/%2fetc/motd", "ftp://h/%2Fetc/motd"},
    {S, "ftp://h/./%2Fetc/x", "ftp://h/%2Fetc/x"},
    {R, "ftp://h/a/..//etc/x", "ftp://h/.//etc/x"}, // strict: path.dot-before-empty
    {S, "ftp://h/a/../%2fetc/x", "ftp://h/%2Fetc/x"},
    {S, "ftp://h//etc/x", "ftp://h//etc/x"},
    // "/./" and "/%2E%2E/"
    {S, "ftp://h/a/./b", "ftp://h/a/b"},
    {S, "ftp://h/./a", "ftp://h/a"},
    {S, "ftp://h/a/.", "ftp://h/a/"},
    {S, "ftp://h/a/%2E/b", "ftp://h/a/b"},
    {S, "ftp://h/a/%2E%2E/b", "ftp://h/b"},
    {S, "ftp://h/a/%2e%2e/b", "ftp://h/b"},
    {S, "ftp://h/a/b/%2E%2E", "ftp://h/a/"},
    {S, "ftp://h/a/.%2E/b/.", "ftp://h/b/"},
    {S, "ftp://h/.a/..a/a./", "ftp://h/.a/..a/a./"},
    // "~" first, then a directory that begins at the root
    {L, "ftp://h/~/.//etc/x", "ftp://h/~/.//etc/x"},
    {R, "ftp://h/~/a/..//etc/x", "ftp://h/~/.//etc/x"},
    {S, "ftp://h/~/./%2Fetc/x", "ftp://h/~/%2Fetc/x"},
    {S, "ftp://h/%7E/a/../x", "ftp://h/~/x"},
    {S, "ftp://h/~user/a%7Eb", "ftp://h/~user/a~b"},
    // lenient: raw spaces and non-ASCII bytes are encoded; blanks around the input trimmed
    {L, "ftp://h/My Documents/caf\xC3\xA9.txt", "ftp://h/My%20Documents/caf%C3%A9.txt"},
    {L, " ftp://h/a b \t", "ftp://h/a%20b"},
    {L, "ftp://h/\xFF%41\x80", "ftp://h/%FFA%80"},
    {L, "ftp://u s\xC3\xA9r:p w@h/ x#f g", "ftp://u%20s%C3%A9r:p%20w@h/%20x#f%20g"},
    {L, "ftp://h/f;typecode=A", "ftp://h/f;type=a"},
    {L, "ftp://h/a%2e%2E/b c/..", "ftp://h/a../"},
    // uppercase scheme and host, ports
    {S, "FTP://FTP.Example.ORG/pub/", "ftp://ftp.example.org/pub/"},
    {S, "ftp://H/A/b%7e", "ftp://h/A/b~"},
    {S, "ftp://h:21/a", "ftp://h/a"},
    {S, "ftp://h:/a", "ftp://h/a"},
    {S, "ftp://h:0021/a", "ftp://h/a"},
    {S, "ftp://h:02121/a", "ftp://h:2121/a"},
    {S, "ftp://[2001:DB8:0:0:0:0:0:1]/a", "ftp://[2001:db8::1]/a"},
    // userinfo with escapes, anonymous and passwords (the drop_* options: every combination)
    {S, "ftp://us%65r:p%40ss@h/x", "ftp://user:p%40ss@h/x"},
    {S, "ftp://%61nonymous@h/", "ftp://anonymous@h/"},
    {S, "ftp://anonymous:x%2fy@h/", "ftp://anonymous:x%2Fy@h/"},
    {S, "ftp://ANONYMOUS@h/", "ftp://ANONYMOUS@h/"},
    {S, "ftp://u:@h/", "ftp://u:@h/"},
    {S, "ftp://@h/", "ftp://@h/"},
    {S, "ftp://u%3a%40@h/a#fr%61g%2f", "ftp://u%3A%40@h/a#frag%2F"},
    // the empty path, typecodes
    {S, "ftp://h", "ftp://h/"},
    {S, "ftp://u@h:21", "ftp://u@h/"},
    {S, "ftp://h/f;TYPE=I", "ftp://h/f;type=i"},
    {S, "ftp://h/d/;Type=D", "ftp://h/d/;type=d"},
    {S, "ftp://h/%41;type=a", "ftp://h/A;type=a"},
    {S, "ftp://h/a/./;type=i", "ftp://h/a/;type=i"},
    // rfc3986: a query, raw ";"
    {R, "ftp://h/a?b=%7e&c", "ftp://h/a?b=~&c"},
    {R, "ftp://h?q", "ftp://h/?q"},
    {R, "ftp://h/a;b?%41#%42", "ftp://h/a%3Bb?A#B"},
    {R, "ftp://h/a;type=I?x", "ftp://h/a;type=i?x"},
    {R, "ftp://h/%2E%2E/a", "ftp://h/a"},
});
// clang-format on

TEST(FastPath, CanonicalEdgesAgreeAndAreRight)
{
    for (edge const& e : edges) {
        SCOPED_TRACE(std::string(name_of(e.syntax)) + " \"" + printable(e.input) + "\"");
        EXPECT_EQ(disagreement(e.input, e.syntax), "");
        ftpuri::parse_result const r = ftpuri::parse(e.input, in(e.syntax));
        ASSERT_TRUE(r.has_value()) << show(r.error());
        std::string fast(ftpuri::canonicalize_size_bound(e.input.size()), '\0');
        write_result const f = ftpuri::canonicalize_into(*r, fast);
        ASSERT_TRUE(f);
        EXPECT_EQ(printable(std::string_view(fast.data(), f.size)), printable(e.canonical));
    }
}

// The canonical_options, each with its canonical form (the table above has the defaults; every
// combination is compared with the general writer there too).
struct optioned_edge {
    std::string_view input;
    canonical_options options;
    std::string_view canonical;
};

// clang-format off
constexpr auto optioned_edges = std::to_array<optioned_edge>({
    {"ftp://u:p%40ss@h/x#frag", {true, false, false}, "ftp://u@h/x#frag"},
    {"ftp://u:p%40ss@h/x#frag", {false, true, false}, "ftp://u:p%40ss@h/x"},
    {"ftp://u:p%40ss@h/x#frag", {true, true, true}, "ftp://u@h/x"},
    {"ftp://anonymous:x@h/", {false, false, true}, "ftp://anonymous:x@h/"}, // a password stays with it
    {"ftp://anonymous:x@h/", {true, false, true}, "ftp://h/"},
    {"ftp://%61nonymous@h/a#%7e", {false, false, true}, "ftp://h/a#~"},
    {"ftp://%61nonymous@h/a#%7e", {false, true, true}, "ftp://h/a"},
    {"ftp://ANONYMOUS@h/", {false, false, true}, "ftp://h/"},
    {"ftp://anonymous:@h/%7e/x#", {true, false, false}, "ftp://anonymous@h/~/x#"},
    {"ftp://anonymous:@h/%7e/x#", {true, true, true}, "ftp://h/~/x"},
});
// clang-format on

TEST(FastPath, CanonicalOptionsAgreeAndAreRight)
{
    for (optioned_edge const& e : optioned_edges) {
        SCOPED_TRACE("\"" + printable(e.input) + "\" " + show(e.options));
        ftpuri::parse_result const r = ftpuri::parse(e.input);
        ASSERT_TRUE(r.has_value()) << show(r.error());
        std::size_t const big = ftpuri::canonicalize_size_bound(e.input.size());
        canon_call const f =
            call_into(big, [&](std::span<char> s) { return ftpuri::canonicalize_into(*r, s, e.options); });
        canon_call const g = call_into(
            big, [&](std::span<char> s) { return ftpuri::detail::canonicalize_into_general(*r, s, e.options); });
        EXPECT_EQ(show(f), show(g));
        EXPECT_EQ(printable(f.bytes), printable(e.canonical));
    }
}

// Every profile's agreement on each URI checked, the first 25 disagreements kept for the report.
class agreement_tally {
public:
    void check(std::string const& uri)
    {
        for (profile p : profiles) {
            std::string const d = disagreement(uri, p);
            ++checked_;
            if (!d.empty() && ++failures_ <= 25)
                report_ += "\n  \"" + printable(uri) + "\" in " + name_of(p) + ": " + d;
        }
    }
    void expect_none_of_at_least(std::size_t count) const
    {
        EXPECT_GT(checked_, count);
        EXPECT_EQ(failures_, 0U) << report_;
    }

private:
    std::size_t checked_ = 0;
    std::size_t failures_ = 0;
    std::string report_;
};

// An escape, a dot-segment or a "~" at every offset of a path that spans several 16-byte
// blocks and a tail, behind authorities of every length from 1 to 20 bytes, so that each
// lands at every offset of a block; in the three profiles.
TEST(FastPath, EscapesAtEveryBlockOffsetAgree)
{
    std::vector<std::string_view> const inserts = {
        "%41", "%7e", "%2F",    "%2f", "%c3%a9", "%E6%97%A5", "%25",    "%2E", "/./", "/../",   "/%2E%2E/", "/~/",
        "//",  "%20", "%C2%A0", "%4",  " ",      "\xC3\xA9",  "%C0%AE", "%5C", ";",   "%C3%a9", "%1f"};
    agreement_tally tally;
    for (std::size_t host = 1; host <= 20; ++host) {
        std::string const authority = "ftp://" + std::string(host, 'h');
        for (std::size_t at = 0; at <= 40; ++at) {
            for (std::string_view insert : inserts) {
                std::string path = "/" + std::string(40, 'a');
                path.insert(1 + at, insert);
                tally.check(authority + path);
            }
        }
    }
    tally.expect_none_of_at_least(50000U);
}

// The path's length decides how its last bytes are read (whole blocks, a block whose escapes
// reach past the input, the input's last 32 bytes): escapes that look ahead, at the first and
// the last 40 offsets of paths of every length from 24 to 80 bytes.
TEST(FastPath, EscapesNearTheEndAgreeAtEveryPathLength)
{
    std::vector<std::string_view> const inserts = {
        "%41",       "%2F",       "%c3%a9",    "%E6%97%A5",    "%C2%A0",       "%C2%85", "%E2%80%A8",
        "%E2%80%A9", "%E2%80%AA", "%ED%A0%80", "%F0%9F%98%80", "%F4%90%80%80", "%4",     "%C0%AE"};
    agreement_tally tally;
    for (std::size_t length = 24; length <= 80; ++length) {
        std::string const authority = "ftp://" + std::string(1 + length % 7, 'h');
        // The first bytes, and the last 40, where the blocks that end the path begin.
        for (std::size_t at = 0; at <= length; at = (at == 8 && length > 48) ? length - 40 : at + 1) {
            for (std::string_view insert : inserts) {
                std::string path(1 + at, 'a');
                path.front() = '/';
                path += insert;
                path += std::string(length - at, 'a');
                path.resize(1 + length); // the insert cut where the path ends, too
                tally.check(authority + path);
            }
        }
    }
    tally.expect_none_of_at_least(90000U);
}

// An escaped "/" inside a segment the block stage takes, cancelled later by "..": the walk must
// learn which taken segment held one (path.encoded-traversal), whichever block it lies in and
// however many segments end in that block. Also the "/"s it leaves to the path scanner: one
// that begins a segment, or that a "." or another escape follows.
TEST(FastPath, EscapedSlashesTakenInBulkAgreeWhenCancelled)
{
    std::vector<std::string_view> const slashes = {"%2F", "%2f", "%2F.", "%2F%41", "%2F%2E%2E", "%2F..", "x%2F"};
    agreement_tally tally;
    for (std::size_t segment_length = 1; segment_length <= 13; segment_length += 3) {
        for (std::size_t segments = 1; segments <= 9; ++segments) {
            for (std::size_t slashed = 0; slashed < segments; ++slashed) {
                for (std::string_view slash : slashes) {
                    for (std::size_t at = 0; at <= segment_length; at += segment_length) {
                        std::string path;
                        for (std::size_t k = 0; k < segments; ++k) {
                            std::string segment(segment_length, static_cast<char>('a' + k));
                            if (k == slashed) segment.insert(at, slash);
                            path += "/" + segment;
                        }
                        for (std::size_t up = 0; up <= segments; up += 1 + segments / 3)
                            for (std::string_view tail : {"", "/", "/f"}) {
                                std::string uri = "ftp://" + std::string(1 + segments % 5, 'h') + path;
                                for (std::size_t u = 0; u < up; ++u)
                                    uri += "/..";
                                tally.check(uri + std::string(tail));
                            }
                    }
                }
            }
        }
    }
    // A segment longer than a block, the escaped "/" at every offset of it: at a block's first
    // lane, in a block where no segment ends, and open across the blocks after it.
    for (std::size_t long_length : {40U, 70U}) {
        for (std::size_t at = 0; at <= long_length; ++at) {
            for (std::size_t host = 1; host <= 4; ++host) {
                std::string segment(long_length, 'a');
                segment.insert(at, "%2F");
                for (std::string_view tail : {"/b/c", "/b/c/../..", "/b/c/../../..", "/b/../.."})
                    tally.check("ftp://" + std::string(host, 'h') + "/top/" + segment + std::string(tail));
            }
        }
    }
    tally.expect_none_of_at_least(21000U);

    // What the agreement is on: a slashed segment far from the path's start, cancelled.
    std::string const far = "ftp://h/" + std::string(40, 'a') + "/bbbb%2Fcccc/" + std::string(40, 'd') + "/../..";
    ftpuri::parse_result const r = ftpuri::parse(far, in(S));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().id, ftpuri::diag_id::path_encoded_traversal) << show(r.error());
    std::string const one_up = far.substr(0, far.size() - 3); // cancels only the d's
    EXPECT_TRUE(ftpuri::parse(one_up, in(S)).has_value());
}

// A run of "/" is a run of empty segments, which the fast forms take in bulk past the first two:
// a ".." after the run must still cancel the last of them (path.dot-after-empty), and one that
// begins the path or follows a first "~" must still be read from the root (path.absolute,
// path.dot-before-empty).
TEST(FastPath, EmptySegmentRunsAgreeWhenCancelled)
{
    agreement_tally tally;
    for (std::string_view first : {"", "a", "~", ".", "..", "x%2Fy", "~u"}) {
        for (std::size_t run = 0; run <= 9; ++run) {
            for (std::string_view middle : {"", "b", "x%2Fy", "."}) {
                for (std::size_t up = 0; up <= run + 3; ++up) {
                    for (std::string_view tail : {"", "/", "/f", "//"}) {
                        std::string uri = "ftp://h/" + std::string(first) + std::string(run, '/') + std::string(middle);
                        for (std::size_t u = 0; u < up; ++u)
                            uri += "/..";
                        tally.check(uri + std::string(tail));
                    }
                }
            }
        }
    }
    tally.expect_none_of_at_least(20000U);

    // What the agreement is on: the ".." cancels the fourth empty segment, taken in bulk.
    ftpuri::parse_result const r = ftpuri::parse("ftp://h/a/////../x", in(S));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().id, ftpuri::diag_id::path_dot_after_empty) << show(r.error());
    EXPECT_TRUE(ftpuri::parse("ftp://h/a/////x/../y", in(S)).has_value());
}

// A typecode that ends the input ends the names the block stage is asked about: the last name,
// whatever it holds, must be judged as the portable scan judges it, at every path length (whole
// blocks, a block whose escapes reach past the names, the last 32 bytes, a short copy), and a
// ";" that begins no typecode there must not be taken for one.
TEST(FastPath, TypecodesEndingTheInputAgreeAtEveryPathLength)
{
    std::vector<std::string_view> const lasts = {
        "", "f", ".", "..", "~", "~u", "C:", "%41", "x%2Fy", "%2F", "%c3%a9", "%4", "%E2%80%A8", "a%C3"};
    std::vector<std::string_view> const typecodes = {";type=i",     ";TYPE=D",   ";type=x", ";type=ii",
                                                     ";typecode=a", ";type=a?q", ";tipe=i", ";type="};
    agreement_tally tally;
    for (std::size_t length = 0; length <= 72; ++length) {
        // The block stage asked at the path's first "/", or after a first segment it leaves to
        // the path scanner (which then judges three more before asking again).
        for (std::string_view first : {"", "~/a/b/c/", "./a/b/c/d/"}) {
            std::string const names =
                "ftp://" + std::string(1 + length % 5, 'h') + "/" + std::string(first) + std::string(length, 'd') + "/";
            for (std::string_view last : lasts)
                for (std::string_view typecode : typecodes)
                    tally.check(names + std::string(last) + std::string(typecode));
        }
    }
    tally.expect_none_of_at_least(60000U);

    // What the agreement is on: the typecode read, the path ending before it, its last name
    // judged (a dot-segment, an escaped "/").
    std::string const uri = "ftp://h/" + std::string(40, 'd') + "/f;type=i";
    ftpuri::parse_result const r = ftpuri::parse(uri, in(S));
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->typecode(), 'i');
    EXPECT_EQ(r->path(), "/" + std::string(40, 'd') + "/f");
    ftpuri::diagnostic_list found;
    EXPECT_TRUE(ftpuri::validate("ftp://h/" + std::string(40, 'd') + "/x%2Fy;type=a", in(S), found));
    EXPECT_TRUE(found.contains(ftpuri::diag_id::path_encoded_slash));
}

// Each escape warning is reported once per URI, so once it is, the block stage takes the escapes
// that would repeat it: a second, third ... segment with the same warning (or one that the
// userinfo reported first), and, for an escaped "/", a ".." after them that cancels one.
TEST(FastPath, RepeatedEscapeWarningsAgree)
{
    std::vector<std::string_view> const warns = {"x%c3%a9", "%41b",      "x%2Fy",      "C%3A", "x%C3",   "x%A9",
                                                 "%2F%2E",  "%e2%82%ac", "x%C3%A9%2f", "%43:", "%41%3A", "C%7c"};
    agreement_tally tally;
    for (std::string_view userinfo : {"", "u%C3@", "u%41@", "u%e9@"}) {
        for (std::string_view first : warns) {
            for (std::string_view again : warns) {
                for (std::size_t between = 0; between <= 40; between += 9) {
                    for (std::string_view tail : {"", "/f", "/..", "/../..", "/../../.."}) {
                        std::string uri = "ftp://" + std::string(userinfo) + "h/" + std::string(first) + "/" +
                                          std::string(between, 'b') + "/" + std::string(again) + "/" +
                                          std::string(again) + std::string(tail);
                        tally.check(uri);
                    }
                }
            }
        }
    }
    tally.expect_none_of_at_least(20000U);

    // What the agreement is on: each warning reported once, at its first place.
    ftpuri::diagnostic_list found;
    std::string const uri = "ftp://h/a%c3%a9/" + std::string(40, 'b') + "/c%c3%a9/d%c3%a9";
    ASSERT_TRUE(ftpuri::validate(uri, in(L), found));
    std::size_t lowercase = 0;
    for (ftpuri::diagnostic const& d : found)
        if (d.id == ftpuri::diag_id::pct_lowercase) {
            ++lowercase;
            EXPECT_EQ(d.offset, 9U);
        }
    EXPECT_EQ(lowercase, 1U);
}

// ---- how often the fast paths are taken ---------------------------------------------------------

// Valid strict inputs: bench/corpora.hpp's mirror-list URLs (the shares of real lists:
// userinfo, passwords, ports, needless, lowercase and UTF-8 escapes, "~", empty segments,
// typecodes), corpus/realworld.txt and corpus/handmade.txt.
struct sample {
    char const* name;
    std::vector<std::string> uris;
};

std::vector<sample> const& strict_samples()
{
    static std::vector<sample> const samples = [] {
        std::vector<sample> out;
        out.push_back({"bench mirror_urls(5000)", ftpuri_bench::mirror_urls(5000)});
        for (char const* file : {"corpus/realworld.txt", "corpus/handmade.txt"}) {
            sample s{file, {}};
            for (std::string const& line : lines_of(ftpuri_test::read_file(ftpuri_test::source_path(file)))) {
                if (line.empty() || line.front() == '#') continue;
                if (std::optional<std::string> const bytes = ftpuri_test::unescape(line)) s.uris.push_back(*bytes);
            }
            out.push_back(std::move(s));
        }
        return out;
    }();
    return samples;
}

// The share in percent of a sample's strict-valid inputs for which `taken` holds.
template <class Taken>
std::size_t share(sample const& s, Taken taken, std::size_t& valid)
{
    std::size_t yes = 0;
    valid = 0;
    for (std::string const& u : s.uris) {
        ftpuri::parse_result const r = ftpuri::parse(u, in(S));
        if (!r) continue;
        ++valid;
        yes += taken(u, *r) ? 1U : 0U;
    }
    return valid == 0 ? 0 : yes * 100 / valid;
}

// The canonical fast path (src/canonical.cpp) is taken for every view whose scan found no
// dot-segment: most inputs. Were takes_canonical_fast_path to say no to most, the comparisons
// above would be holding the general writer to itself.
TEST(FastPathShare, CanonicalFastPathTakesAGoodShareOfValidStrictInputs)
{
    for (sample const& s : strict_samples()) {
        std::size_t valid = 0;
        std::size_t const percent = share(
            s, [](std::string const&, uri_view const& v) { return ftpuri::detail::takes_canonical_fast_path(v); },
            valid);
        std::printf("[ fast path  ] canonical fast path: %zu%% of %zu strict-valid inputs of %s\n", percent, valid,
                    s.name);
        EXPECT_GT(valid, 50U) << s.name;
        EXPECT_GT(percent, 30U) << s.name;
    }
}

} // namespace
