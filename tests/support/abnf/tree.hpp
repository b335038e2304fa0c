// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf/tree.hpp: the grammar model: what reader.hpp's tokens mean, one tree a
// rule, shared by the interpreter (interpreter.hpp) and the regex writer (regex_writer.hpp) so
// that both read a grammar the one way.
//
// An alternation or a sequence of one element is that element; a group "( x )" is x itself, an
// option "[ x ]" is x repeated 0 to 1 times. A rule with "=/" definitions is the alternation of
// all their alternatives, in order.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "reader.hpp"

namespace ftpuri_test::abnf {

struct node {
    enum kind_t { alt, seq, rep, ref, lit, range, bytes } kind = seq;
    std::vector<std::unique_ptr<node>> kids;
    unsigned min = 0, max = 0;    // rep
    bool unbounded = false;       // rep: no upper bound
    std::size_t rule = 0;         // ref: the index into grammar_file::rules
    std::string text;             // lit; ref: the name as written there
    bool case_sensitive = false;  // lit: %s"" (RFC 7405)
    std::vector<unsigned> values; // bytes: %x41.42 is {0x41, 0x42}
    unsigned lo = 0, hi = 0;      // range
};

// The trees of every rule of a grammar, rules[i] for grammar_file::rules[i]. `error` is what
// the tokens could not be read as; read_grammar() reports all of it first, so a grammar without
// errors has none here.
struct grammar_tree {
    std::vector<std::unique_ptr<node>> rules;
    std::string error;
};

class tree_builder {
public:
    explicit tree_builder(grammar_file const& g) : g_(g) {}

    grammar_tree build()
    {
        grammar_tree out;
        for (rule_def const& r : g_.rules) {
            std::vector<std::unique_ptr<node>> bodies;
            for (auto const& body : r.alternatives) {
                std::size_t pos = 0;
                bodies.push_back(parse_alt(body, pos));
                if (pos != body.size()) fail("trailing tokens in " + r.name);
            }
            if (bodies.size() == 1) {
                out.rules.push_back(std::move(bodies.front()));
                continue;
            }
            auto top = std::make_unique<node>(); // "=/" adds alternatives, not a nested group
            top->kind = node::alt;
            for (auto& body : bodies) {
                if (body->kind != node::alt) {
                    top->kids.push_back(std::move(body));
                    continue;
                }
                for (auto& kid : body->kids)
                    top->kids.push_back(std::move(kid));
            }
            out.rules.push_back(std::move(top));
        }
        out.error = error_;
        return out;
    }

private:
    void fail(std::string const& what)
    {
        if (error_.empty()) error_ = what;
    }

    std::unique_ptr<node> parse_alt(std::vector<token> const& t, std::size_t& i)
    {
        auto n = std::make_unique<node>();
        n->kind = node::alt;
        n->kids.push_back(parse_seq(t, i));
        while (i < t.size() && t[i].kind == tok::alt) {
            ++i;
            n->kids.push_back(parse_seq(t, i));
        }
        return n->kids.size() == 1 ? std::move(n->kids.front()) : std::move(n);
    }

    std::unique_ptr<node> parse_seq(std::vector<token> const& t, std::size_t& i)
    {
        auto n = std::make_unique<node>();
        n->kind = node::seq;
        while (i < t.size() && t[i].kind != tok::alt && t[i].kind != tok::rparen && t[i].kind != tok::rbrack)
            n->kids.push_back(parse_rep(t, i));
        return n->kids.size() == 1 ? std::move(n->kids.front()) : std::move(n);
    }

    std::unique_ptr<node> parse_rep(std::vector<token> const& t, std::size_t& i)
    {
        if (t[i].kind != tok::repeat) return parse_element(t, i);
        std::string const r = t[i++].text;
        auto n = std::make_unique<node>();
        n->kind = node::rep;
        unsigned long lo = 0, hi = 0;
        std::size_t const star = r.find('*');
        std::string_view const view(r);
        if (star == std::string::npos) {
            parse_number(view, 10, lo);
            hi = lo;
        } else {
            if (star > 0) parse_number(view.substr(0, star), 10, lo);
            n->unbounded = star + 1 == r.size();
            if (!n->unbounded) parse_number(view.substr(star + 1), 10, hi);
        }
        n->min = static_cast<unsigned>(lo);
        n->max = static_cast<unsigned>(hi);
        n->kids.push_back(parse_element(t, i));
        return n;
    }

    std::unique_ptr<node> parse_element(std::vector<token> const& t, std::size_t& i)
    {
        auto n = std::make_unique<node>();
        if (i >= t.size()) {
            fail("element expected");
            return n;
        }
        token const& k = t[i++];
        switch (k.kind) {
        case tok::name: {
            n->kind = node::ref;
            n->text = k.text;
            auto const it = g_.index.find(lower(k.text));
            if (it == g_.index.end())
                fail("undefined rule " + k.text);
            else
                n->rule = it->second;
            return n;
        }
        case tok::literal:
            n->kind = node::lit;
            n->text = k.text;
            n->case_sensitive = k.case_sensitive;
            return n;
        case tok::numval: return numeric(k.text, std::move(n));
        case tok::lparen:
        case tok::lbrack: {
            bool const option = k.kind == tok::lbrack;
            auto inner = parse_alt(t, i);
            if (i < t.size()) ++i; // the closing bracket (check_body verified the balance)
            if (!option) return inner;
            n->kind = node::rep;
            n->min = 0;
            n->max = 1;
            n->kids.push_back(std::move(inner));
            return n;
        }
        default: fail("unexpected token " + k.text); return n;
        }
    }

    // %x41-5A is a range, %x41.42 (or %x41) a run of bytes; the reader checked the digits.
    std::unique_ptr<node> numeric(std::string const& numval, std::unique_ptr<node> n)
    {
        int const base = numeric_base(numval.size() > 1 ? numval[1] : '?');
        std::string_view digits = std::string_view(numval).substr(2);
        auto next = [&](char separator) {
            std::size_t const end = digits.find(separator);
            unsigned long v = 0;
            if (!parse_number(digits.substr(0, end), base, v)) fail("bad numeric value " + numval);
            digits = end == std::string_view::npos ? std::string_view() : digits.substr(end + 1);
            return static_cast<unsigned>(v);
        };
        if (numval.find('-') != std::string::npos) {
            n->kind = node::range;
            n->lo = next('-');
            n->hi = next('-');
            return n;
        }
        n->kind = node::bytes;
        while (!digits.empty() || n->values.empty())
            n->values.push_back(next('.'));
        return n;
    }

    grammar_file const& g_;
    std::string error_;
};

inline grammar_tree build_tree(grammar_file const& g)
{
    return tree_builder(g).build();
}

} // namespace ftpuri_test::abnf
