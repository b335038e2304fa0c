// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants_test.cpp: the exhaustive comparison of the scanner with the oracle can
// tell a wrong grammar from the right one (docs/assurance.md, "Grammar
// mutants").
//
// The grammar_mutants tool (run by the build) changes docs/grammar.abnf in every small way (an
// alternative dropped, a repetition bound moved by one, a byte added to or removed from a
// character set) and writes each mutant's regexes into the build tree. This test loads each
// mutant's regexes into an oracle_set at run time (RE2 compiles them as it compiles the real
// ones) and runs the enumerations and the seeds' edits of exhaustive_test (enumerations.cpp)
// through the same judge, ftpuri_oracle::judge, smallest blocks first, until the first
// disagreement: the mutant is detected. The scanner is right (exhaustive_test holds it to the real oracle on the same
// strings), so a mutant the comparison cannot tell from the real grammar is either the same
// language, or a difference beyond the bound or outside the alphabets. Each of those is a row
// of docs/assurance.md's table, with its reason, and for the last two a witness: an input on
// which the judge does tell the mutant from the scanner (checked here). A mutant that goes
// undetected without a row fails the test, and so does a row whose mutant is detected.
//
// Bound: each enumeration's mutants_n (enumerations.cpp; two less in Debug and sanitizer builds),
// and every edit. FTPURI_GRAMMAR_MUTANTS_N=+1 adds 1 to each, =6 sets all, =exhaustive takes
// exhaustive_test's own N, FTPURI_GRAMMAR_MUTANTS_N_MAIN (_AUTHORITY, ...) sets one; with a larger
// bound a row "beyond the bound" may be detected (reported, no failure), a row "same language"
// may not.
// FTPURI_GRAMMAR_MUTANTS_JOBS threads (default 2); FTPURI_GRAMMAR_MUTANTS_REPORT=FILE writes one
// tab-separated line per mutant.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "enumerations.hpp"
#include "ftpuri/parse.hpp"
#include "oracle.hpp"

namespace {

using ftpuri::profile;
using namespace ftpuri_oracle;

// The three regexes of a grammar, in the mutants file's order, and the files the build makes of
// the real grammar.
constexpr std::array<std::string_view, 3> regex_names = {"strict", "rfc3986", "ipv4address"};
constexpr std::array<std::string_view, 3> regex_files = {"ftp_oracle_strict.re2", "ftp_oracle_rfc3986.re2",
                                                         "ftp_oracle_ipv4address.re2"};

struct mutant {
    std::string id, op, about, same_as;
    std::optional<char> byte;                          // the byte whose class the change moves
    std::array<std::optional<std::string>, 3> regexes; // absent: the real grammar's
    [[nodiscard]] bool identical() const
    {
        return std::none_of(regexes.begin(), regexes.end(), [](auto const& r) { return r.has_value(); });
    }
};

struct mutants_file {
    std::string pivotal; // hexadecimal
    std::array<std::string, 3> original;
    std::vector<mutant> mutants;
};

mutants_file read_mutants()
{
    mutants_file out;
    std::istringstream in(read_file(oracle_path("grammar_mutants.txt")));
    mutant current;
    bool original = false;
    auto const finish = [&] {
        if (original) {
            for (std::size_t i = 0; i < 3; ++i)
                out.original[i] = current.regexes[i].value_or("");
        } else if (!current.id.empty()) {
            out.mutants.push_back(current);
        }
        current = {};
    };
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::size_t const space = line.find(' ');
        std::string const key = line.substr(0, space);
        std::string const value = space == std::string::npos ? "" : line.substr(space + 1);
        if (key == "pivotal") {
            out.pivotal = value;
        } else if (key == "mutant") {
            finish();
            original = value == "original";
            current.id = value;
        } else if (key == "op") {
            current.op = value;
        } else if (key == "about") {
            current.about = value;
        } else if (key == "same-as") {
            current.same_as = value;
        } else if (key == "byte") {
            current.byte = static_cast<char>(std::stoi(value, nullptr, 16));
        } else {
            for (std::size_t i = 0; i < 3; ++i)
                if (key == regex_names[i] && value != "=") current.regexes[i] = value;
        }
    }
    finish();
    return out;
}

mutants_file const& the_mutants()
{
    static mutants_file const file = read_mutants();
    return file;
}

std::array<std::string, 3> regexes_of(mutant const& m)
{
    std::array<std::string, 3> out;
    for (std::size_t i = 0; i < 3; ++i)
        out[i] = m.regexes[i].value_or(the_mutants().original[i]);
    return out;
}

// ---- the explained ones: docs/assurance.md -------------------------------------------------

enum class reason : std::uint8_t { same_language, beyond_the_bound, outside_the_alphabets };

struct explanation {
    reason why = reason::same_language;
    std::optional<profile> witness_profile;
    std::string witness; // the input, \xHH decoded
};

std::string decode_escapes(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x') {
            out += static_cast<char>(std::stoi(std::string(s.substr(i + 2, 2)), nullptr, 16));
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string trim(std::string_view s)
{
    std::size_t const b = s.find_first_not_of(' ');
    std::size_t const e = s.find_last_not_of(' ');
    return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

// The rows of the section's table: | `id` | reason | witness | why |, where witness is "—" or
// a profile and an input in backquotes (strict `ftp://h/`).
std::map<std::string, explanation> explained_in_docs()
{
    std::string const doc = read_file(std::string(FTPURI_SOURCE_DIR) + "/docs/assurance.md");
    std::size_t const begin = doc.find("\n## Grammar mutants");
    std::map<std::string, explanation> out;
    if (begin == std::string::npos) return out;
    std::istringstream section(doc.substr(begin, doc.find("\n## ", begin + 1) - begin));
    for (std::string line; std::getline(section, line);) {
        if (line.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (char c : line.substr(1)) {
            if (c == '`') quoted = !quoted;
            if (c == '|' && !quoted) {
                cells.push_back(trim(cell));
                cell.clear();
            } else {
                cell += c;
            }
        }
        if (cells.size() < 3) continue;
        std::string const id = cells[0].substr(1, cells[0].size() - 2);
        explanation e;
        if (cells[1] == "beyond the bound") {
            e.why = reason::beyond_the_bound;
        } else if (cells[1] == "outside the alphabets") {
            e.why = reason::outside_the_alphabets;
        } else if (cells[1] != "same language") {
            ADD_FAILURE() << "docs/assurance.md, mutant " << id << ": unknown reason \"" << cells[1] << "\"";
        }
        std::size_t const tick = cells[2].find('`');
        if (tick != std::string::npos) {
            std::string const p = trim(cells[2].substr(0, tick));
            e.witness_profile = p == "strict" ? profile::strict : profile::rfc3986;
            if (p != "strict" && p != "rfc3986") ADD_FAILURE() << id << ": witness profile \"" << p << "\"";
            e.witness = decode_escapes(cells[2].substr(tick + 1, cells[2].rfind('`') - tick - 1));
        }
        if (!out.emplace(id, e).second) ADD_FAILURE() << "docs/assurance.md lists mutant " << id << " twice";
    }
    return out;
}

// ---- running a mutant ------------------------------------------------------------------------

// The bound of a plain run: mutants_n, or two less in Debug and sanitizer builds, which judge some
// ten times slower. Those check only that the undetected ones are explained: a mutant the
// shorter enumerations miss but the Release bound detects is no failure there.
int ci_bound(enumeration const& e)
{
    return FTPURI_EXHAUSTIVE_SLOW_BUILD ? e.mutants_n - 2 : e.mutants_n;
}

// FTPURI_GRAMMAR_MUTANTS_N=exhaustive: exhaustive_test's own bound (each default N).
std::vector<int> bounds()
{
    char const* value = std::getenv("FTPURI_GRAMMAR_MUTANTS_N");
    bool const exhaustive = value != nullptr && std::string_view(value) == "exhaustive";
    std::vector<int> out;
    for (enumeration const& e : enumerations())
        out.push_back(exhaustive ? e.default_n : chosen_n(e, "FTPURI_GRAMMAR_MUTANTS_N", ci_bound(e)));
    return out;
}

bool at_least_the_ci_bound(std::vector<int> const& n)
{
    for (std::size_t i = 0; i < n.size(); ++i)
        if (n[i] < enumerations()[i].mutants_n) return false;
    return true;
}

struct outcome {
    bool ran = false;
    bool detected = false;
    std::string first;         // describe() of the first disagreement, or why the regexes did not load
    std::uint64_t strings = 0; // strings visited
    std::uint64_t judged = 0;  // judgements made
    double seconds = 0;
    std::string where; // the enumeration and length of the first disagreement ("AUTHORITY 5")
};

// The blocks (an enumeration and a length, or a seed and its edits) in the order they are run:
// fewest strings first, so that a mutant that a short string of any enumeration detects costs
// little.
struct block {
    std::size_t enumeration; // or the seed, when `edits`
    int length;
    double strings;
    bool edits = false;
};

std::vector<block> blocks(std::vector<enumeration> const& all, std::vector<int> const& n)
{
    std::vector<block> out;
    for (std::size_t i = 0; i < all.size(); ++i)
        for (int length = 0; length <= n[i]; ++length)
            out.push_back({i, length, std::pow(static_cast<double>(all[i].alphabet.size()), length)});
    for (std::size_t i = 0; i < edit_seeds().size(); ++i)
        out.push_back({i, 0, static_cast<double>(edits_of(edit_seeds()[i])), true});
    std::stable_sort(out.begin(), out.end(), [](block const& a, block const& b) { return a.strings < b.strings; });
    return out;
}

template <class F>
bool for_each_in(block const& b, std::vector<enumeration> const& all, F&& f)
{
    if (b.edits) return for_each_edit(edit_seeds()[b.enumeration], f);
    return for_each_string(all[b.enumeration], b.length, f);
}

std::string block_name(block const& b, std::vector<enumeration> const& all)
{
    if (b.edits) return "the edits of " + std::string(edit_seeds()[b.enumeration]);
    return std::string(all[b.enumeration].name) + " " + std::to_string(b.length);
}

// The enumerations, with `extra` as one more symbol of each alphabet that lacks it.
std::vector<enumeration> with_symbol(std::optional<char> extra)
{
    std::vector<enumeration> out = enumerations();
    if (!extra) return out;
    for (enumeration& e : out)
        if (std::find(e.alphabet.begin(), e.alphabet.end(), std::string(1, *extra)) == e.alphabet.end())
            e.alphabet.emplace_back(1, *extra);
    return out;
}

// What the scanner and the real oracle say of every string, in the order the runs visit them:
// two bytes a string and a profile, filled by the real grammar's run, read by the mutants'.
class scanned_strings {
public:
    void resize(std::size_t strings) { cells_.assign(strings * 4, 0); }
    [[nodiscard]] bool empty() const noexcept { return cells_.empty(); }
    void store(std::size_t string, std::size_t p, scanned const& s, bool real)
    {
        std::size_t const at = (string * 2 + p) * 2;
        cells_[at] = static_cast<std::uint8_t>((s.scanner ? 1U : 0U) | (s.validated ? 2U : 0U) | (s.error ? 4U : 0U) |
                                               (real ? 8U : 0U));
        cells_[at + 1] = s.error ? static_cast<std::uint8_t>(*s.error) : std::uint8_t{0};
    }
    [[nodiscard]] bool real(std::size_t string, std::size_t p) const
    {
        return (cells_[(string * 2 + p) * 2] & 8U) != 0;
    }
    [[nodiscard]] scanned get(std::size_t string, std::size_t p) const
    {
        std::size_t const at = (string * 2 + p) * 2;
        scanned out;
        out.scanner = (cells_[at] & 1U) != 0;
        out.validated = (cells_[at] & 2U) != 0;
        if ((cells_[at] & 4U) != 0) out.error = static_cast<ftpuri::diag_id>(cells_[at + 1]);
        return out;
    }

private:
    std::vector<std::uint8_t> cells_;
};

std::size_t index_of(profile p)
{
    return p == profile::strict ? 0 : 1;
}

// The real grammar's regexes, loaded as the mutants' are, every string judged in both profiles by
// `jobs` threads, a block each in turn; fills `cache` for the mutants' runs.
outcome run_real(std::vector<int> const& n, scanned_strings& cache, unsigned jobs)
{
    auto const start = std::chrono::steady_clock::now();
    mutants_file const& f = the_mutants();
    oracle_set const o{oracle(f.original[0]), oracle(f.original[1]), oracle(f.original[2])};
    std::vector<block> const order = blocks(enumerations(), n);
    std::vector<std::size_t> offsets;
    std::size_t strings = 0;
    for (block const& b : order) {
        offsets.push_back(strings);
        strings += static_cast<std::size_t>(b.strings);
    }
    // Four bytes a string: kept up to 64 Mi strings (the CI bound has some 2 Mi); beyond, the
    // mutants' runs scan again.
    bool const keep = strings <= (std::size_t{1} << 26);
    cache.resize(keep ? strings : 0);
    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> judged{0};
    std::vector<std::string> first(order.size());
    auto const work = [&] {
        for (std::size_t k; (k = next++) < order.size();) {
            std::size_t at = offsets[k];
            for_each_in(order[k], enumerations(), [&](std::string_view s) {
                for (profile p : {profile::strict, profile::rfc3986}) {
                    scanned const sc = scan(s, p);
                    verdict const v = judge(s, p, o, sc);
                    if (keep) cache.store(at, index_of(p), sc, v.oracle);
                    if (!v.agrees && first[k].empty()) first[k] = describe(s, p, v);
                }
                ++at;
                return true;
            });
            judged += 2 * (at - offsets[k]);
        }
    };
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs; ++j)
        threads.emplace_back(work);
    for (std::thread& t : threads)
        t.join();
    outcome out;
    out.ran = true;
    out.strings = strings;
    out.judged = judged;
    for (std::string const& x : first)
        if (!x.empty() && !out.detected) {
            out.detected = true;
            out.first = x;
        }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

// Every string of every enumeration, judged in the profiles whose regexes the mutant changed (the
// others are the real oracle's, which exhaustive_test holds the scanner to), until the first
// disagreement. A string that both the mutant's regex and the real one reject is passed over:
// exactly, not as a sample, since when the regex rejects, judge() looks at nothing of the
// oracle's but that, so its verdict is the real oracle's, and the real grammar's run (over the
// same strings) found no disagreement. `cache` (the real grammar's run) saves scanning again;
// with `extra` (one more symbol in the alphabets) the strings are others, and there is none.
outcome run(mutant const& m, std::vector<int> const& n, scanned_strings const& cache,
            std::optional<char> extra = std::nullopt)
{
    auto const start = std::chrono::steady_clock::now();
    outcome out;
    out.ran = true;
    auto const regexes = regexes_of(m);
    oracle_set const o{oracle(regexes[0]), oracle(regexes[1]), oracle(regexes[2])};
    for (oracle const* x : {&o.strict, &o.rfc3986, &o.ipv4address}) {
        if (!x->ok()) {
            out.first = "a regex does not compile: " + x->error();
            return out;
        }
    }
    // The strict judge also reads the IPv4address regex (numeric-host).
    std::vector<profile> profiles;
    if (m.regexes[0] || m.regexes[2]) profiles.push_back(profile::strict);
    if (m.regexes[1] || m.regexes[2]) profiles.push_back(profile::rfc3986);
    oracle_set const& real = built_oracles();
    bool const cached = !extra && !cache.empty();
    std::vector<enumeration> const all = with_symbol(extra);
    std::size_t at = 0;
    for (block const& b : blocks(all, n)) {
        bool const finished = for_each_in(b, all, [&](std::string_view s) {
            ++out.strings;
            for (profile p : profiles) {
                std::size_t const i = index_of(p);
                if (!o.of(p).matches(s) && !(cached ? cache.real(at, i) : real.of(p).matches(s))) continue;
                verdict const v = judge(s, p, o, cached ? cache.get(at, i) : scan(s, p));
                ++out.judged;
                if (!v.agrees) {
                    out.detected = true;
                    out.first = describe(s, p, v);
                    out.where = block_name(b, all);
                    return false;
                }
            }
            ++at;
            return true;
        });
        if (!finished) break;
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

// FTPURI_GRAMMAR_MUTANTS_ONLY=TEXT runs only the mutants whose id contains TEXT (by hand).
bool selected(mutant const& m)
{
    char const* only = std::getenv("FTPURI_GRAMMAR_MUTANTS_ONLY");
    return only == nullptr || m.id.find(only) != std::string::npos ||
           (!m.same_as.empty() && m.same_as.find(only) != std::string::npos);
}

unsigned jobs()
{
    char const* value = std::getenv("FTPURI_GRAMMAR_MUTANTS_JOBS");
    unsigned n = 2;
    if (value != nullptr) std::from_chars(value, value + std::strlen(value), n);
    return n > 0 ? n : 1U;
}

std::string reason_name(reason r)
{
    switch (r) {
    case reason::same_language: return "same language";
    case reason::beyond_the_bound: return "beyond the bound";
    case reason::outside_the_alphabets: return "outside the alphabets";
    }
    return {};
}

// ---- the tests -----------------------------------------------------------------------------

// The mutants file's "original" is what the build made of the grammar, so the mutants are
// translated with the real oracle's rules and captures.
TEST(GrammarMutants, OriginalIsTheBuiltOracle)
{
    mutants_file const& f = the_mutants();
    ASSERT_GE(f.mutants.size(), 300u) << "grammar_mutants.txt: too few mutants";
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(f.original[i], read_file(oracle_path(regex_files[i]))) << regex_files[i];
}

// The grammar_mutants tool adds and removes bytes the enumerations write: its pivotal bytes are
// exactly the bytes of their alphabets.
TEST(GrammarMutants, PivotalBytesAreTheAlphabetsBytes)
{
    std::set<unsigned char> pivotal;
    std::string const& hex = the_mutants().pivotal;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        pivotal.insert(static_cast<unsigned char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    EXPECT_EQ(pivotal.size() * 2, hex.size()) << "a byte twice in PIVOTAL";
    std::set<unsigned char> alphabets;
    for (enumeration const& e : enumerations())
        for (std::string const& symbol : e.alphabet)
            for (char c : symbol)
                alphabets.insert(static_cast<unsigned char>(c));
    EXPECT_EQ(pivotal, alphabets);
}

// The five changes that GrammarChange.ChangesTheOraclesVerdicts once made by hand are among the
// mutants (the label's "_" is "." now: the first pivotal byte that changes the regex), and each
// changes the strict oracle's verdict on its input and on nothing else of these.
TEST(GrammarMutants, TheFormerHandPickedChangesAreAmongThem)
{
    struct row {
        char const* id;
        char const* input;
        bool real;
        bool mutated;
    };
    oracle_set const& real = built_oracles();
    for (row const& r :
         {row{"typecode:add:1", "ftp://h/f;type=x", false, true}, row{"label:add:1", "ftp://a..b/", false, true},
          row{"ftp-URI:max-1:1", "ftp://h/f#top", true, false},
          row{"ftp-segment-char:add:1", "ftp://h/a;b", false, true}, row{"host:drop:1", "ftp://[::1]/", true, false}}) {
        SCOPED_TRACE(r.id);
        auto const& all = the_mutants().mutants;
        auto const m = std::find_if(all.begin(), all.end(), [&](mutant const& x) { return x.id == r.id; });
        ASSERT_NE(m, all.end());
        ASSERT_TRUE(m->regexes[0].has_value());
        oracle const mutated(*m->regexes[0]);
        ASSERT_TRUE(mutated.ok()) << mutated.error();
        EXPECT_EQ(real.strict.matches(r.input), r.real);
        EXPECT_EQ(mutated.matches(r.input), r.mutated);
        for (std::string_view same : {"ftp://ftp.example.org/pub/README;type=a", "ftp://u:p@h:21/a/b/", "ftp://h/a b"})
            EXPECT_EQ(mutated.matches(same), real.strict.matches(same)) << same;
    }
}

// Every row of the table names a mutant that exists and is not identical to the real grammar.
TEST(GrammarMutants, ExplainedOnesAreMutantsThatExist)
{
    std::set<std::string> ids;
    for (mutant const& m : the_mutants().mutants)
        ids.insert(m.id);
    auto const docs = explained_in_docs();
    for (auto const& [id, e] : docs)
        EXPECT_TRUE(ids.count(id) == 1) << "docs/assurance.md explains mutant " << id << ", which no longer exists";
}

// A mutant explained as beyond the bound or outside the alphabets has a witness: the judge tells
// it from the scanner on that input, and agrees with the real oracle there. One explained as the
// same language has none.
TEST(GrammarMutants, WitnessesOfTheExplainedOnesDisagree)
{
    std::map<std::string, mutant const*> by_id;
    for (mutant const& m : the_mutants().mutants)
        by_id[m.id] = &m;
    for (auto const& [id, e] : explained_in_docs()) {
        SCOPED_TRACE(id);
        if (e.why == reason::same_language) {
            EXPECT_FALSE(e.witness_profile.has_value()) << "a mutant of the same language has no witness";
            continue;
        }
        ASSERT_TRUE(e.witness_profile.has_value()) << "no witness for a mutant " << reason_name(e.why);
        auto const m = by_id.find(id);
        if (m == by_id.end()) continue; // ExplainedOnesAreMutantsThatExist says so
        auto const r = regexes_of(*m->second);
        oracle_set const o{oracle(r[0]), oracle(r[1]), oracle(r[2])};
        verdict const mutated = judge(e.witness, *e.witness_profile, o);
        EXPECT_FALSE(mutated.agrees) << describe(e.witness, *e.witness_profile, mutated);
        verdict const real = judge(e.witness, *e.witness_profile, built_oracles());
        EXPECT_TRUE(real.agrees) << describe(e.witness, *e.witness_profile, real);
    }
}

TEST(GrammarMutants, EveryMutantIsDetectedOrExplained)
{
    mutants_file const& f = the_mutants();
    std::vector<int> const n = bounds();
    auto const docs = explained_in_docs();
    bool const extra_pass = std::getenv("FTPURI_GRAMMAR_MUTANTS_EXTRA") != nullptr;
    auto const start = std::chrono::steady_clock::now();

    // The real grammar through the same loading, every string judged (it must agree everywhere),
    // then every mutant but those identical to the real grammar or to an earlier mutant.
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < f.mutants.size(); ++i)
        index[f.mutants[i].id] = i;
    scanned_strings cache;
    outcome const original = run_real(n, cache, jobs());
    std::vector<outcome> results(f.mutants.size());
    std::vector<outcome> extra(f.mutants.size()); // with the mutant's byte in the alphabets
    std::atomic<std::size_t> next{0};
    auto const work = [&] {
        for (std::size_t k; (k = next++) < f.mutants.size();) {
            mutant const& m = f.mutants[k];
            if (m.identical() || !m.same_as.empty() || !selected(m)) continue;
            results[k] = run(m, n, cache);
            if (extra_pass && !results[k].detected && m.byte) extra[k] = run(m, n, cache, m.byte);
        }
    };
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs(); ++j)
        threads.emplace_back(work);
    for (std::thread& t : threads)
        t.join();
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    EXPECT_FALSE(original.detected) << "the real grammar, loaded at run time: " << original.first;
    EXPECT_TRUE(original.ran && original.first.empty()) << original.first;

    char const* report_path = std::getenv("FTPURI_GRAMMAR_MUTANTS_REPORT");
    std::ofstream report;
    if (report_path != nullptr) report.open(report_path);
    struct count {
        int mutants = 0, detected = 0, explained = 0;
    };
    std::map<std::string, count> per_op;
    bool const exactly_ci = std::equal(n.begin(), n.end(), enumerations().begin(), enumerations().end(),
                                       [](int x, enumeration const& e) { return x == e.mutants_n; });
    bool const ci_or_more = at_least_the_ci_bound(n);
    std::uint64_t judged = 0;
    std::uint64_t strings = 0;
    for (std::size_t i = 0; i < f.mutants.size(); ++i) {
        mutant const& m = f.mutants[i];
        if (!selected(m)) continue;
        std::size_t const own = m.same_as.empty() ? i : index.at(m.same_as);
        outcome const& r = results[own];
        outcome const& x = extra[own];
        judged += m.same_as.empty() ? r.judged + x.judged : 0;
        strings += m.same_as.empty() ? r.strings + x.strings : 0;
        auto const listed = docs.find(m.id);
        count& c = per_op[m.op];
        ++c.mutants;
        if (r.detected) ++c.detected;
        if (listed != docs.end()) ++c.explained;
        std::string verdict = r.detected ? "detected" : m.identical() ? "identical" : "UNDETECTED";
        std::string shown = r.detected ? r.first : m.about;
        if (x.detected) {
            char byte[8];
            (void)std::snprintf(byte, sizeof byte, "%%x%02X",
                                static_cast<unsigned>(static_cast<unsigned char>(*m.byte)));
            verdict = "ALPHABET";
            shown = "with " + std::string(byte) + " in the alphabets: " + x.first;
        }
        std::printf("[ mutant ] %-10s %-28s %s%s\n", verdict.c_str(), m.id.c_str(), shown.c_str(),
                    m.same_as.empty() ? "" : (" (same regexes as " + m.same_as + ")").c_str());
        if (report.is_open())
            report << m.id << '\t' << m.op << '\t' << verdict << '\t' << r.strings << '\t' << r.judged << '\t'
                   << r.seconds << '\t' << (x.detected ? x.where : r.where) << '\t' << (x.detected ? x.first : r.first)
                   << '\t' << m.about << '\n';
        EXPECT_TRUE(r.detected || r.first.empty()) << m.id << ": " << r.first;
        if (r.detected && listed != docs.end() && (exactly_ci || listed->second.why == reason::same_language))
            ADD_FAILURE() << m.id << " is explained in docs/assurance.md as " << reason_name(listed->second.why)
                          << ", but the comparison detects it: " << r.first;
        if (!r.detected && listed == docs.end() && ci_or_more)
            ADD_FAILURE() << m.id << " (" << m.about << ") goes undetected and docs/assurance.md does not say why";
    }
    std::printf("[ mutants ] bound");
    for (std::size_t i = 0; i < n.size(); ++i)
        std::printf(" %s=%d", enumerations()[i].name, n[i]);
    std::printf(", %u threads, %.1f s\n[ mutants ] the real grammar: %llu strings, %llu judgements, no disagreement; "
                "the mutants: %llu strings, %llu judgements\n",
                jobs(), seconds, static_cast<unsigned long long>(original.strings),
                static_cast<unsigned long long>(original.judged), static_cast<unsigned long long>(strings),
                static_cast<unsigned long long>(judged));
    count total;
    for (auto const& [op, c] : per_op) {
        std::printf("[ mutants ] %-7s %4d mutants, %4d detected, %3d in the table\n", op.c_str(), c.mutants, c.detected,
                    c.explained);
        total.mutants += c.mutants;
        total.detected += c.detected;
        total.explained += c.explained;
    }
    std::printf("[ mutants ] total   %4d mutants, %4d detected, %3d in the table\n", total.mutants, total.detected,
                total.explained);
}

} // namespace
