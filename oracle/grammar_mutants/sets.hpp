// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants/sets.hpp: the add and remove operators, on the character sets of a rule.
//
// A character set is a char-val of one character ("@"; a letter is two bytes: "a" is a and A), a
// %x value or range, an alternation of such sets and of rules that are sets (unreserved, the
// label's ALPHA / DIGIT / "-"), or the set-valued alternatives of a wider alternation (the single
// characters of ftp-segment-char, beside pct-encoded). A char-val of several characters ("ftp",
// ";type=") is a sequence of such sets, one per character; each is mutated. A use of a rule that
// is a set (DIGIT in dec-octet) is not a set of its own: the rule's definition is.
//
// Which byte: the first, in the pivotal order and then 0x00-0xFF, whose addition (removal)
// changes the regexes; a byte that the rest of a wider alternation already matches alone is
// skipped (adding "/" to query's "/" / "?" beside pchar is no change).
#pragma once

#include <string>
#include <vector>

#include "operators.hpp"

namespace ftpuri_oracle::mutants {

struct set_site {
    enum kind_t { whole, part, character } kind = whole;
    path where;
    std::vector<std::size_t> parts; // part: the set-valued alternatives
    std::size_t index = 0;          // character: which one
    byte_set set;
    byte_set excluded; // part: what the other alternatives match alone
};

inline void set_sites(grammar const& g, std::size_t rule, node const& n, path& p, std::vector<set_site>& out)
{
    if (auto const s = g.set_of(rule, n)) {
        if (n.kind != node::ref) out.push_back({set_site::whole, p, {}, 0, *s, {}});
        return;
    }
    if (n.kind == node::lit || n.kind == node::bytes) {
        std::size_t const count = n.kind == node::lit ? n.text.size() : n.values.size();
        for (std::size_t i = 0; i < count; ++i) {
            byte_set one;
            if (n.kind == node::bytes) one.set(n.values[i]);
            out.push_back(
                {set_site::character, p, {}, i, n.kind == node::lit ? char_set(n.text[i], n.case_sensitive) : one, {}});
        }
        return;
    }
    if (n.kind == node::alt) {
        std::vector<std::size_t> sets;
        byte_set all;
        std::vector<node const*> others;
        for (std::size_t i = 0; i < n.kids.size(); ++i) {
            if (auto const s = g.set_of(rule, *n.kids[i])) {
                sets.push_back(i);
                all |= *s;
            } else {
                others.push_back(n.kids[i].get());
            }
        }
        if (sets.size() >= 2) {
            out.push_back({set_site::part, p, sets, 0, all, g.single_bytes(rule, others)});
            for (std::size_t i = 0; i < n.kids.size(); ++i) {
                if (std::find(sets.begin(), sets.end(), i) != sets.end()) continue;
                p.push_back(i);
                set_sites(g, rule, *n.kids[i], p, out);
                p.pop_back();
            }
            return;
        }
    }
    for (std::size_t i = 0; i < n.kids.size(); ++i) {
        p.push_back(i);
        set_sites(g, rule, *n.kids[i], p, out);
        p.pop_back();
    }
}

// The node of a site with `byte` added to (removed from) its set.
inline node_ptr changed_set(grammar const& g, std::size_t rule, node const& n, set_site const& site, unsigned byte,
                            bool add)
{
    if (site.kind == set_site::character) {
        std::size_t const i = site.index;
        std::vector<node_ptr> parts;
        if (n.kind == node::lit) {
            std::vector<node_ptr> either;
            either.push_back(make_literal(n.text.substr(i, 1), n.case_sensitive));
            either.push_back(make_bytes({byte}));
            byte_set rest = char_set(n.text[i], n.case_sensitive);
            rest.reset(byte);
            if (i > 0) parts.push_back(make_literal(n.text.substr(0, i), n.case_sensitive));
            parts.push_back(add ? make_list(node::alt, std::move(either)) : set_node(rest));
            if (i + 1 < n.text.size()) parts.push_back(make_literal(n.text.substr(i + 1), n.case_sensitive));
        } else {
            std::vector<node_ptr> either;
            either.push_back(make_bytes({n.values[i]}));
            either.push_back(make_bytes({byte}));
            if (i > 0) parts.push_back(make_bytes({n.values.begin(), n.values.begin() + static_cast<long>(i)}));
            parts.push_back(make_list(node::alt, std::move(either)));
            if (i + 1 < n.values.size())
                parts.push_back(make_bytes({n.values.begin() + static_cast<long>(i) + 1, n.values.end()}));
        }
        return make_list(node::seq, std::move(parts));
    }
    std::vector<node_ptr> alts;
    if (add) {
        if (n.kind == node::alt) {
            for (auto const& k : n.kids)
                alts.push_back(clone(*k));
        } else {
            alts.push_back(clone(n));
        }
        alts.push_back(make_bytes({byte}));
        auto out = std::make_unique<node>(); // an alternation even of one: it has two here
        out->kind = node::alt;
        out->kids = std::move(alts);
        return out;
    }
    if (n.kind != node::alt) {
        byte_set rest = *g.set_of(rule, n);
        rest.reset(byte);
        return set_node(rest);
    }
    for (std::size_t i = 0; i < n.kids.size(); ++i) {
        auto const s = g.set_of(rule, *n.kids[i]);
        bool const chosen =
            site.kind == set_site::whole || std::find(site.parts.begin(), site.parts.end(), i) != site.parts.end();
        if (s && (*s)[byte] && chosen) {
            byte_set rest = *s;
            rest.reset(byte);
            if (s->count() > 1) alts.push_back(set_node(rest));
        } else {
            alts.push_back(clone(*n.kids[i]));
        }
    }
    return make_list(node::alt, std::move(alts));
}

// The repetition or sequence around a node, shortened: which of a rule's ":" it is.
inline std::string context(node const& body, path const& p)
{
    for (std::size_t end = p.size(); end-- > 0;) {
        node const& n = at(body, p, end);
        if (n.kind == node::rep || n.kind == node::seq) {
            std::string const text = abnf(n);
            return text.size() <= 40 ? text : text.substr(0, 37) + "...";
        }
    }
    return abnf(body);
}

inline std::string shown(node const& body, set_site const& site)
{
    node const& n = at(body, site.where);
    std::string out;
    if (site.kind == set_site::character) {
        out = "character " + std::to_string(site.index + 1) + " of " + abnf(n);
    } else if (site.kind == set_site::part) {
        for (std::size_t i : site.parts)
            out += (out.empty() ? "" : " / ") + abnf(*n.kids[i], place::alt);
        out = "the single characters of " + out;
    } else {
        out = abnf(n);
    }
    if (!site.where.empty() && site.kind != set_site::part) out += " in " + context(body, site.where);
    return out;
}

inline void sets(grammar& g, std::size_t rule, std::vector<mutant>& out)
{
    node const& body = g.body(rule);
    std::vector<set_site> sites;
    path p;
    set_sites(g, rule, body, p, sites);
    for (set_site const& site : sites) {
        node const& n = at(body, site.where);
        for (bool const add : {true, false}) {
            if (!add && site.set.count() < 2) continue; // the empty set is not ABNF
            byte_set const pool = add ? ~site.set & ~site.excluded : site.set & ~site.excluded;
            mutant chosen;
            bool found = false;
            for (unsigned b : candidates(pool)) {
                node_ptr changed = replaced(body, site.where, changed_set(g, rule, n, site, b, add));
                std::vector<std::string> regexes = g.translate(rule, changed.get());
                bool const differs = regexes != g.original();
                if (differs || !found) { // identical whatever the byte: the first one stands
                    chosen.byte = b;
                    chosen.body = std::move(changed);
                    chosen.regexes = std::move(regexes);
                    found = true;
                }
                if (differs) break;
            }
            if (!found) continue;
            chosen.rule = rule;
            chosen.op = add ? "add" : "remove";
            chosen.about = g.name(rule) + ": " + chosen.op + " " + byte_abnf(*chosen.byte) + (add ? " to " : " from ") +
                           shown(body, site);
            out.push_back(std::move(chosen));
        }
    }
}

} // namespace ftpuri_oracle::mutants
