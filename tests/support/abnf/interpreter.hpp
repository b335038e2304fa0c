// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf/interpreter.hpp: runs a grammar (tree.hpp) on an input. Each rule is the
// set of end positions it can reach from a start position, which is exact for a non-recursive
// grammar (a recursive one is reported by error()). String literals match case-insensitively
// unless written %s"", %x values exactly (RFC 5234 2.3, RFC 7405).
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tree.hpp"

namespace ftpuri_test::abnf {

class interpreter {
public:
    explicit interpreter(grammar_file const& g) : g_(g), tree_(build_tree(g)), error_(tree_.error)
    {
        for (std::size_t i = 0; i < tree_.rules.size() && error_.empty(); ++i) {
            std::vector<int> state(tree_.rules.size(), 0);
            if (cyclic(i, state)) error_ = "recursive rule " + g.rules[i].name;
        }
    }

    [[nodiscard]] std::string const& error() const { return error_; }

    // Whether `rule` matches the whole of `input`.
    [[nodiscard]] bool matches(std::string_view rule, std::string_view input)
    {
        auto it = g_.index.find(lower(rule));
        if (it == g_.index.end() || !error_.empty()) return false;
        input_ = input;
        memo_.clear();
        std::set<std::size_t> const ends = rule_ends(it->second, 0);
        return ends.count(input.size()) != 0;
    }

private:
    bool cyclic(std::size_t r, std::vector<int>& state) const
    {
        if (state[r] == 1) return true;
        if (state[r] == 2) return false;
        state[r] = 1;
        std::vector<std::size_t> refs;
        collect_refs(*tree_.rules[r], refs);
        for (std::size_t x : refs)
            if (cyclic(x, state)) return true;
        state[r] = 2;
        return false;
    }
    static void collect_refs(node const& n, std::vector<std::size_t>& out)
    {
        if (n.kind == node::ref) out.push_back(n.rule);
        for (auto const& k : n.kids)
            collect_refs(*k, out);
    }

    std::set<std::size_t> rule_ends(std::size_t r, std::size_t pos)
    {
        auto key = std::make_pair(r, pos);
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
        std::set<std::size_t> e = ends(*tree_.rules[r], pos);
        memo_.emplace(key, e);
        return e;
    }

    std::set<std::size_t> step(node const& n, std::set<std::size_t> const& from)
    {
        std::set<std::size_t> out;
        for (std::size_t p : from) {
            std::set<std::size_t> const e = ends(n, p);
            out.insert(e.begin(), e.end());
        }
        return out;
    }

    std::set<std::size_t> repeat_ends(node const& n, std::size_t pos)
    {
        node const& kid = *n.kids.front();
        std::set<std::size_t> level{pos};
        for (unsigned k = 0; k < n.min && !level.empty(); ++k)
            level = step(kid, level);
        std::set<std::size_t> out = level;
        if (!n.unbounded) {
            for (unsigned k = n.min; k < n.max && !level.empty(); ++k) {
                level = step(kid, level);
                out.insert(level.begin(), level.end());
            }
            return out;
        }
        std::set<std::size_t> frontier = level;
        while (!frontier.empty()) {
            std::set<std::size_t> next;
            for (std::size_t p : step(kid, frontier))
                if (out.insert(p).second) next.insert(p);
            frontier = std::move(next);
        }
        return out;
    }

    [[nodiscard]] std::set<std::size_t> literal_ends(node const& n, std::size_t pos) const
    {
        if (pos + n.text.size() > input_.size()) return {};
        std::string_view const here = input_.substr(pos, n.text.size());
        bool const same = n.case_sensitive ? here == n.text : lower(here) == lower(n.text);
        return same ? std::set<std::size_t>{pos + n.text.size()} : std::set<std::size_t>{};
    }

    std::set<std::size_t> ends(node const& n, std::size_t pos)
    {
        switch (n.kind) {
        case node::alt: {
            std::set<std::size_t> out;
            for (auto const& k : n.kids) {
                std::set<std::size_t> const e = ends(*k, pos);
                out.insert(e.begin(), e.end());
            }
            return out;
        }
        case node::seq: {
            std::set<std::size_t> cur{pos};
            for (auto const& k : n.kids) {
                cur = step(*k, cur);
                if (cur.empty()) break;
            }
            return cur;
        }
        case node::rep: return repeat_ends(n, pos);
        case node::ref: return rule_ends(n.rule, pos);
        case node::lit: return literal_ends(n, pos);
        case node::range: {
            if (pos >= input_.size()) return {};
            auto const c = static_cast<unsigned char>(input_[pos]);
            return c >= n.lo && c <= n.hi ? std::set<std::size_t>{pos + 1} : std::set<std::size_t>{};
        }
        case node::bytes:
            if (pos + n.values.size() > input_.size()) return {};
            for (std::size_t i = 0; i < n.values.size(); ++i)
                if (static_cast<unsigned char>(input_[pos + i]) != n.values[i]) return {};
            return {pos + n.values.size()};
        }
        return {};
    }

    grammar_file const& g_;
    grammar_tree tree_;
    std::string error_;
    std::string_view input_;
    std::map<std::pair<std::size_t, std::size_t>, std::set<std::size_t>> memo_;
};

} // namespace ftpuri_test::abnf
