// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants/operators.hpp: the small changes of one rule (docs/assurance.md,
// "Grammar mutants"):
//
//     drop     an alternation of n >= 2 alternatives loses one: n mutants
//     min-1    a repetition's minimum lowered (widen): 1*x -> *x, 2DIGIT -> 1*2DIGIT
//     min+1    its minimum raised (narrow; the maximum follows when they meet): *x -> 1*x, 2x -> 3x
//     max-1    its maximum lowered (narrow; the minimum follows): [ x ] -> 0*0 x, 1*4x -> 1*3x
//     max+1    its maximum raised (widen): [ x ] -> *2 x, 6( ... ) -> 6*7( ... )
//              ([ x ] is 0*1 x; an unbounded maximum has neither max-1 nor max+1)
//     add      a character set gains one byte (sets.hpp)
//     remove   a character set loses one byte (not a set of one byte: the empty set is no ABNF)
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar.hpp"

namespace ftpuri_oracle::mutants {

struct mutant {
    std::size_t rule = 0;
    std::string op;
    std::string about;
    node_ptr body;                // the rule's changed tree
    std::optional<unsigned> byte; // the byte whose class the change moves (grammar_mutants_test)
    std::string id;               // RULE:OPERATOR:K
    std::vector<std::string> regexes;
    std::string same_as; // an earlier mutant with the same regexes
};

// The bytes of oracle/enumerations.cpp's alphabets, in the order the set operators try them.
inline std::string_view constexpr pivotal = "xa1-.~=;:@/?#[]% \x80"
                                            "v023459bcdeEfFhIopPstTy";

// The members of `set`, pivotal bytes first, then the others from 0x00 up.
inline std::vector<unsigned> candidates(byte_set const& set)
{
    std::vector<unsigned> out;
    byte_set seen;
    for (char c : pivotal) {
        auto const b = static_cast<unsigned char>(c);
        if (set[b] && !seen[b]) out.push_back(b);
        seen.set(b);
    }
    for (unsigned b = 0; b < 256; ++b)
        if (set[b] && !seen[b]) out.push_back(b);
    return out;
}

inline void drop(grammar& g, std::size_t rule, std::vector<mutant>& out)
{
    node const& body = g.body(rule);
    for (auto const& [p, n] : walk(body)) {
        if (n->kind != node::alt) continue;
        for (std::size_t i = 0; i < n->kids.size(); ++i) {
            std::vector<node_ptr> rest;
            std::vector<node const*> rest_nodes;
            for (std::size_t j = 0; j < n->kids.size(); ++j) {
                if (j == i) continue;
                rest.push_back(clone(*n->kids[j]));
                rest_nodes.push_back(n->kids[j].get());
            }
            mutant m;
            m.rule = rule;
            m.op = "drop";
            m.about = g.name(rule) + ": drop alternative " + std::to_string(i + 1) + " of " +
                      std::to_string(n->kids.size()) + ", " + abnf(*n->kids[i], place::alt);
            // A set dropped: the first of its bytes that the other alternatives do not match.
            if (auto const dropped = g.set_of(rule, *n->kids[i])) {
                auto const lost = candidates(*dropped & ~g.single_bytes(rule, rest_nodes));
                if (!lost.empty()) m.byte = lost.front();
            }
            m.body = replaced(body, p, make_list(node::alt, std::move(rest)));
            out.push_back(std::move(m));
        }
    }
}

inline void bounds(grammar& g, std::size_t rule, std::vector<mutant>& out)
{
    struct change {
        char const* op;
        unsigned min, max;
    };
    node const& body = g.body(rule);
    for (auto const& [p, n] : walk(body)) {
        if (n->kind != node::rep) continue;
        unsigned const lo = n->min, hi = n->max;
        bool const unbounded = n->unbounded;
        std::vector<change> changes;
        if (lo > 0) changes.push_back({"min-1", lo - 1, hi});
        changes.push_back({"min+1", lo + 1, unbounded || lo + 1 <= hi ? hi : lo + 1});
        if (!unbounded && hi > 0) changes.push_back({"max-1", std::min(lo, hi - 1), hi - 1});
        if (!unbounded) changes.push_back({"max+1", lo, hi + 1});
        for (change const& c : changes) {
            node_ptr changed = make_repetition(c.min, c.max, unbounded, clone(*n->kids.front()));
            mutant m;
            m.rule = rule;
            m.op = c.op;
            m.about = g.name(rule) + ": " + abnf(*n) + " becomes " + abnf(*changed);
            m.body = replaced(body, p, std::move(changed));
            out.push_back(std::move(m));
        }
    }
}

} // namespace ftpuri_oracle::mutants
