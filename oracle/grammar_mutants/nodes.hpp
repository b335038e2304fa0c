// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants/nodes.hpp: the grammar model's trees (tests/support/abnf/tree.hpp) as
// the mutant generator handles them: made, copied with one part replaced, walked in the order of
// the rule's text, and printed back as ABNF for the mutants' descriptions.
#pragma once

#include <bitset>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "support/abnf.hpp"

namespace ftpuri_oracle::mutants {

using ftpuri_test::abnf::node;
using node_ptr = std::unique_ptr<node>;
using byte_set = std::bitset<256>;
using path = std::vector<std::size_t>; // child indices from a rule's root

inline node_ptr clone(node const& n)
{
    auto out = std::make_unique<node>();
    out->kind = n.kind;
    out->min = n.min;
    out->max = n.max;
    out->unbounded = n.unbounded;
    out->rule = n.rule;
    out->text = n.text;
    out->case_sensitive = n.case_sensitive;
    out->values = n.values;
    out->lo = n.lo;
    out->hi = n.hi;
    for (auto const& k : n.kids)
        out->kids.push_back(clone(*k));
    return out;
}

inline node_ptr make_bytes(std::vector<unsigned> values)
{
    auto out = std::make_unique<node>();
    out->kind = node::bytes;
    out->values = std::move(values);
    return out;
}

inline node_ptr make_literal(std::string text, bool case_sensitive)
{
    auto out = std::make_unique<node>();
    out->kind = node::lit;
    out->text = std::move(text);
    out->case_sensitive = case_sensitive;
    return out;
}

// An alternation or a sequence; of one element, that element.
inline node_ptr make_list(node::kind_t kind, std::vector<node_ptr> kids)
{
    if (kids.size() == 1) return std::move(kids.front());
    auto out = std::make_unique<node>();
    out->kind = kind;
    out->kids = std::move(kids);
    return out;
}

inline node_ptr make_repetition(unsigned min, unsigned max, bool unbounded, node_ptr inner)
{
    auto out = std::make_unique<node>();
    out->kind = node::rep;
    out->min = min;
    out->max = max;
    out->unbounded = unbounded;
    out->kids.push_back(std::move(inner));
    return out;
}

inline node const& at(node const& root, path const& p, std::size_t depth)
{
    node const* n = &root;
    for (std::size_t i = 0; i < depth; ++i)
        n = n->kids[p[i]].get();
    return *n;
}

inline node const& at(node const& root, path const& p)
{
    return at(root, p, p.size());
}

// A copy of `root` with the node at `p` replaced by `replacement`.
inline node_ptr replaced(node const& root, path const& p, node_ptr replacement, std::size_t depth = 0)
{
    if (depth == p.size()) return replacement;
    auto out = clone(root);
    out->kids[p[depth]] = replaced(*root.kids[p[depth]], p, std::move(replacement), depth + 1);
    return out;
}

// Every node of `root` with its path, parents before children, in the order of the text.
inline void walk(node const& root, path& p, std::vector<std::pair<path, node const*>>& out)
{
    out.emplace_back(p, &root);
    for (std::size_t i = 0; i < root.kids.size(); ++i) {
        p.push_back(i);
        walk(*root.kids[i], p, out);
        p.pop_back();
    }
}

inline std::vector<std::pair<path, node const*>> walk(node const& root)
{
    std::vector<std::pair<path, node const*>> out;
    path p;
    walk(root, p, out);
    return out;
}

inline std::string hex2(unsigned v)
{
    std::string_view const digits = "0123456789ABCDEF";
    std::string out;
    do {
        out.insert(out.begin(), digits[v & 0xF]);
        v >>= 4;
    } while (v != 0);
    return out.size() < 2 ? "0" + out : out;
}

// %x41 "A": a byte, and the character when it is a printable one.
inline std::string byte_abnf(unsigned b)
{
    bool const shown = b >= 0x21 && b <= 0x7E && b != '"';
    return "%x" + hex2(b) + (shown ? " \"" + std::string(1, static_cast<char>(b)) + "\"" : "");
}

enum class place { top, alt, seq, rep };

// The node in ABNF; `where` says whether an alternation or a sequence needs parentheses.
inline std::string abnf(node const& n, place where = place::top)
{
    bool const bare = where == place::top || where == place::alt;
    std::string text;
    switch (n.kind) {
    case node::alt:
    case node::seq:
        for (auto const& k : n.kids)
            text += (text.empty()          ? ""
                     : n.kind == node::alt ? " / "
                                           : " ") +
                    abnf(*k, n.kind == node::alt ? place::alt : place::seq);
        return bare ? text : "( " + text + " )";
    case node::rep: {
        node const& inner = *n.kids.front();
        if (!n.unbounded && n.min == 0 && n.max == 1) return "[ " + abnf(inner) + " ]";
        std::string const prefix = !n.unbounded && n.min == n.max ? std::to_string(n.min)
                                                                  : (n.min != 0 ? std::to_string(n.min) : "") + "*" +
                                                                        (n.unbounded ? "" : std::to_string(n.max));
        std::string const body = abnf(inner, place::rep);
        return prefix + (inner.kind == node::rep ? "( " + body + " )" : body);
    }
    case node::ref: return n.text;
    case node::lit: return (n.case_sensitive ? "%s\"" : "\"") + n.text + "\"";
    case node::bytes:
        for (unsigned v : n.values)
            text += (text.empty() ? "%x" : ".") + hex2(v);
        return text;
    case node::range: return "%x" + hex2(n.lo) + "-" + hex2(n.hi);
    }
    return text;
}

// The bytes a one-character literal matches: a letter is both its cases unless %s"".
inline byte_set char_set(char c, bool case_sensitive)
{
    byte_set out;
    out.set(static_cast<unsigned char>(c));
    if (!case_sensitive && ftpuri_test::abnf::is_alpha(c)) {
        out.set(static_cast<unsigned char>(c | 0x20));
        out.set(static_cast<unsigned char>(c & ~0x20));
    }
    return out;
}

// A node for a set of bytes: %x values and ranges, a letter's two cases as a literal.
inline node_ptr set_node(byte_set const& set)
{
    std::vector<unsigned> values;
    for (unsigned b = 0; b < 256; ++b)
        if (set[b]) values.push_back(b);
    if (values.size() == 2 && ftpuri_test::abnf::is_alpha(static_cast<char>(values[0])) &&
        (values[0] | 0x20) == (values[1] | 0x20))
        return make_literal(std::string(1, static_cast<char>(values[1])), false);
    std::vector<node_ptr> runs;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[j] + 1)
            ++j;
        if (i == j) {
            runs.push_back(make_bytes({values[i]}));
        } else {
            auto range = std::make_unique<node>();
            range->kind = node::range;
            range->lo = values[i];
            range->hi = values[j];
            runs.push_back(std::move(range));
        }
        i = j + 1;
    }
    return make_list(node::alt, std::move(runs));
}

} // namespace ftpuri_oracle::mutants
