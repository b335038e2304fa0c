// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutant_runs.hpp: part of grammar_mutants_test: running the enumerations against
// the real grammar and against one mutant, block by block, until the first disagreement; the
// bound, the threads and the selection the environment sets.
#pragma once

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "enumerations.hpp"
#include "ftpuri/parse.hpp"
#include "grammar_mutants_file.hpp"
#include "oracle.hpp"

namespace ftpuri_grammar_mutants {

using ftpuri::profile;
using namespace ftpuri_oracle;

// The bound of a plain run: mutants_n, or two less in Debug and sanitizer builds, which judge some
// ten times slower. Those check only that the undetected ones are explained: a mutant the
// shorter enumerations miss but the Release bound detects is no failure there.
inline int ci_bound(enumeration const& e)
{
    return FTPURI_EXHAUSTIVE_SLOW_BUILD ? e.mutants_n - 2 : e.mutants_n;
}

// FTPURI_GRAMMAR_MUTANTS_N=exhaustive: exhaustive_test's own bound (each default N).
inline std::vector<int> bounds()
{
    char const* value = std::getenv("FTPURI_GRAMMAR_MUTANTS_N");
    bool const exhaustive = value != nullptr && std::string_view(value) == "exhaustive";
    std::vector<int> out;
    for (enumeration const& e : enumerations())
        out.push_back(exhaustive ? e.default_n : chosen_n(e, "FTPURI_GRAMMAR_MUTANTS_N", ci_bound(e)));
    return out;
}

inline bool at_least_the_ci_bound(std::vector<int> const& n)
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

inline std::vector<block> blocks(std::vector<enumeration> const& all, std::vector<int> const& n)
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

inline std::string block_name(block const& b, std::vector<enumeration> const& all)
{
    if (b.edits) return "the edits of " + std::string(edit_seeds()[b.enumeration]);
    return std::string(all[b.enumeration].name) + " " + std::to_string(b.length);
}

// The enumerations, with `extra` as one more symbol of each alphabet that lacks it.
inline std::vector<enumeration> with_symbol(std::optional<char> extra)
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

inline std::size_t index_of(profile p)
{
    return p == profile::strict ? 0 : 1;
}

// The real grammar's regexes, loaded as the mutants' are, every string judged in both profiles by
// `jobs` threads, a block each in turn; fills `cache` for the mutants' runs.
inline outcome run_real(std::vector<int> const& n, scanned_strings& cache, unsigned jobs)
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
inline outcome run(mutant const& m, std::vector<int> const& n, scanned_strings const& cache,
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
inline bool selected(mutant const& m)
{
    char const* only = std::getenv("FTPURI_GRAMMAR_MUTANTS_ONLY");
    return only == nullptr || m.id.find(only) != std::string::npos ||
           (!m.same_as.empty() && m.same_as.find(only) != std::string::npos);
}

inline unsigned jobs()
{
    char const* value = std::getenv("FTPURI_GRAMMAR_MUTANTS_JOBS");
    unsigned n = 2;
    if (value != nullptr) std::from_chars(value, value + std::strlen(value), n);
    return n > 0 ? n : 1U;
}

} // namespace ftpuri_grammar_mutants
