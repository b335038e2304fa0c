// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf.hpp: a small reader and interpreter of RFC 5234 ABNF, written here with no
// dependency on the library's scanner, for docs/grammar.abnf.
//
// read_grammar() tokenizes every definition and reports, in grammar_file::errors, what is not
// well-formed, self-contained ABNF: an undefined rule (core rules included), a rule defined twice
// except with "=/", a prose value, a tab, a malformed group or numeric value, an "@constraint"
// line without a kebab-case name. interpreter runs a grammar on an input: each rule is the set of
// end positions it can reach from a start position, which is exact for a non-recursive grammar
// (a recursive one is reported by error()). String literals match case-insensitively, %x values
// exactly (RFC 5234 2.3).
//
// Used by grammar_file_test.cpp (the file itself and its meaning), grammar_reader_test.cpp (the
// reader's own tests) and charset_test.cpp (the one-character rules against ftpuri::chars).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ascii.hpp"

namespace ftpuri_test::abnf {

// ---------------------------------------------------------------------------------------------
// Tokens and rules
// ---------------------------------------------------------------------------------------------

enum class tok { name, literal, numval, repeat, alt, lparen, rparen, lbrack, rbrack };

struct token {
    tok kind;
    std::string text;
    int line;
};

struct rule_def {
    std::string name;                             // as first written
    std::vector<std::vector<token>> alternatives; // one body per "=" / "=/" definition
    int line = 0;
};

struct grammar_file {
    std::vector<rule_def> rules;
    std::map<std::string, std::size_t> index; // lowercased name -> rules[i]
    std::vector<std::string> constraint_names;
    std::vector<std::string> errors;

    [[nodiscard]] rule_def const* find(std::string_view name) const
    {
        auto it = index.find(lower(name));
        return it == index.end() ? nullptr : &rules[it->second];
    }
};

inline bool is_alpha(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}
inline bool is_hex(char c)
{
    return is_digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}
inline bool is_name_char(char c)
{
    return is_alpha(c) || is_digit(c) || c == '-';
}

// Removes the comment of one line: a ';' outside a quoted string starts it.
inline std::string strip_comment(std::string const& line)
{
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '"') quoted = !quoted;
        if (line[i] == ';' && !quoted) return line.substr(0, i);
    }
    return line;
}

inline void tokenize(std::string const& text, int line_no, std::vector<token>& out, std::vector<std::string>& errors)
{
    auto err = [&](std::string const& what) { errors.push_back("line " + std::to_string(line_no) + ": " + what); };
    std::size_t i = 0;
    while (i < text.size()) {
        char const c = text[i];
        if (c == ' ') {
            ++i;
        } else if (c == '"') {
            std::size_t const close = text.find('"', i + 1);
            if (close == std::string::npos) {
                err("unterminated string literal");
                return;
            }
            std::string const lit = text.substr(i + 1, close - i - 1);
            for (char ch : lit)
                if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) > 0x7E)
                    err("string literal with a byte outside %x20-7E");
            out.push_back({tok::literal, lit, line_no});
            i = close + 1;
        } else if (c == '%') {
            // %x: hex, %d: decimal, %b: binary; a range (-) or a concatenation (.)
            std::size_t j = i + 1;
            if (j >= text.size() || (text[j] != 'x' && text[j] != 'd' && text[j] != 'b')) {
                err("bad numeric value");
                return;
            }
            char const base = text[j++];
            auto digit_ok = [&](char ch) {
                return base == 'x' ? is_hex(ch) : base == 'd' ? is_digit(ch) : (ch == '0' || ch == '1');
            };
            std::size_t const start = i;
            bool need_digit = true;
            bool range = false, concat = false;
            while (j < text.size()) {
                if (digit_ok(text[j])) {
                    need_digit = false;
                } else if ((text[j] == '-' || text[j] == '.') && !need_digit) {
                    (text[j] == '-' ? range : concat) = true;
                    need_digit = true;
                } else {
                    break;
                }
                ++j;
            }
            if (need_digit || (range && concat)) err("bad numeric value " + text.substr(start, j - start));
            out.push_back({tok::numval, text.substr(start, j - start), line_no});
            i = j;
        } else if (is_digit(c) || c == '*') {
            std::size_t j = i;
            while (j < text.size() && is_digit(text[j]))
                ++j;
            if (j < text.size() && text[j] == '*') {
                ++j;
                while (j < text.size() && is_digit(text[j]))
                    ++j;
            }
            out.push_back({tok::repeat, text.substr(i, j - i), line_no});
            i = j;
        } else if (is_alpha(c)) {
            std::size_t j = i;
            while (j < text.size() && is_name_char(text[j]))
                ++j;
            out.push_back({tok::name, text.substr(i, j - i), line_no});
            i = j;
        } else if (c == '/') {
            out.push_back({tok::alt, "/", line_no});
            ++i;
        } else if (c == '(' || c == ')' || c == '[' || c == ']') {
            tok const k = c == '(' ? tok::lparen : c == ')' ? tok::rparen : c == '[' ? tok::lbrack : tok::rbrack;
            out.push_back({k, std::string(1, c), line_no});
            ++i;
        } else if (c == '<') {
            err("prose value");
            return;
        } else {
            err(std::string("unexpected character '") + c + "'");
            return;
        }
    }
}

// Checks the shape of one body: balanced groups, no empty alternatives, a repeat before an
// element.
inline void check_body(std::vector<token> const& body, std::string const& name, std::vector<std::string>& errors)
{
    std::vector<tok> stack;
    bool element_expected = true; // at the start, after '/', '(' or '['
    bool after_repeat = false;
    auto err = [&](std::string const& what) {
        errors.push_back("rule " + name + " (line " + std::to_string(body.empty() ? 0 : body.front().line) +
                         "): " + what);
    };
    if (body.empty()) err("empty definition");
    for (token const& t : body) {
        switch (t.kind) {
        case tok::repeat:
            if (after_repeat) err("two repeats in a row");
            after_repeat = true;
            break;
        case tok::name:
        case tok::literal:
        case tok::numval:
            after_repeat = false;
            element_expected = false;
            break;
        case tok::lparen:
        case tok::lbrack:
            stack.push_back(t.kind);
            after_repeat = false;
            element_expected = true;
            break;
        case tok::rparen:
        case tok::rbrack:
            if (element_expected || after_repeat) err("empty group or alternative");
            if (stack.empty() || stack.back() != (t.kind == tok::rparen ? tok::lparen : tok::lbrack))
                err("unbalanced " + t.text);
            else
                stack.pop_back();
            element_expected = false;
            break;
        case tok::alt:
            if (element_expected || after_repeat) err("empty alternative");
            element_expected = true;
            break;
        }
    }
    if (!stack.empty()) err("unclosed group");
    if (element_expected || after_repeat) err("definition ends without an element");
}

inline grammar_file read_grammar(std::string const& text)
{
    grammar_file g;
    std::istringstream in(text);
    std::string line;
    int line_no = 0;
    rule_def* current = nullptr;
    std::vector<token>* body = nullptr;
    std::string current_name;

    auto finish = [&] {
        if (current != nullptr && body != nullptr) check_body(*body, current_name, g.errors);
        current = nullptr;
        body = nullptr;
    };

    while (std::getline(in, line)) {
        ++line_no;
        auto err = [&](std::string const& what) {
            g.errors.push_back("line " + std::to_string(line_no) + ": " + what);
        };
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find('\t') != std::string::npos) err("tab");
        if (!line.empty() && line.back() == ' ') err("trailing space");

        // Constraint lines.
        std::string_view const marker = "@constraint";
        if (std::size_t const at = line.find(marker); at != std::string::npos) {
            std::string_view const prefix = "; @constraint ";
            if (line.rfind(prefix, 0) != 0) {
                err("@constraint must start a comment line as '; @constraint NAME: text'");
            } else {
                std::string const rest = line.substr(prefix.size());
                std::size_t const colon = rest.find(':');
                std::string const name = colon == std::string::npos ? "" : rest.substr(0, colon);
                bool ok = !name.empty() && name.front() >= 'a' && name.front() <= 'z' && name.back() != '-';
                for (char c : name)
                    ok = ok && ((c >= 'a' && c <= 'z') || is_digit(c) || c == '-');
                ok = ok && name.find("--") == std::string::npos;
                if (!ok || colon + 2 > rest.size() || rest[colon + 1] != ' ' || rest.size() <= colon + 2)
                    err("@constraint without a kebab-case name and text: " + line);
                else if (std::find(g.constraint_names.begin(), g.constraint_names.end(), name) !=
                         g.constraint_names.end())
                    err("constraint named twice: " + name);
                else
                    g.constraint_names.push_back(name);
            }
        }

        // Prose values are not allowed anywhere, comments included, except inside a literal.
        {
            std::string const code = strip_comment(line);
            bool quoted = false;
            for (std::size_t i = 0; i < line.size(); ++i) {
                if (line[i] == '"' && i < code.size()) quoted = !quoted;
                if ((line[i] == '<' || line[i] == '>') && !(quoted && i < code.size())) {
                    err("'<' or '>' outside a string literal (prose value)");
                    break;
                }
            }
        }

        std::string const code = strip_comment(line);
        bool const blank = code.find_first_not_of(' ') == std::string::npos;
        if (blank) {
            // A comment or empty line in column 1 ends the definition (RFC 5234 c-wsp needs
            // whitespace after a c-nl); an indented comment line continues it.
            if (line.empty() || line.front() != ' ') finish();
            continue;
        }
        if (line.front() == ' ') {
            if (body == nullptr)
                err("indented line outside a definition");
            else
                tokenize(code, line_no, *body, g.errors);
            continue;
        }
        // A new definition: rulename defined-as elements.
        finish();
        std::size_t i = 0;
        if (!is_alpha(code[0])) {
            err("a definition must start with a rule name in column 1");
            continue;
        }
        while (i < code.size() && is_name_char(code[i]))
            ++i;
        std::string const name = code.substr(0, i);
        while (i < code.size() && code[i] == ' ')
            ++i;
        bool incremental = false;
        if (code.compare(i, 2, "=/") == 0) {
            incremental = true;
            i += 2;
        } else if (i < code.size() && code[i] == '=') {
            i += 1;
        } else {
            err("rule " + name + " without '=' or '=/'");
            continue;
        }
        std::string const key = lower(name);
        auto const it = g.index.find(key);
        if (it == g.index.end()) {
            if (incremental) err("'=/' for rule " + name + " before its '=' definition");
            g.index.emplace(key, g.rules.size());
            g.rules.push_back(rule_def{name, {}, line_no});
            current = &g.rules.back();
        } else {
            current = &g.rules[it->second];
            if (!incremental)
                err("rule " + name + " defined twice (first on line " + std::to_string(current->line) + ")");
        }
        current->alternatives.emplace_back();
        body = &current->alternatives.back();
        current_name = name;
        tokenize(code.substr(i), line_no, *body, g.errors);
    }
    finish();

    // Every referenced rule is defined.
    for (rule_def const& r : g.rules)
        for (auto const& alt : r.alternatives)
            for (token const& t : alt)
                if (t.kind == tok::name && g.find(t.text) == nullptr)
                    g.errors.push_back("rule " + r.name + " (line " + std::to_string(t.line) +
                                       ") references undefined rule " + t.text);
    return g;
}

// Names reachable from `start`, lowercased.
inline std::set<std::string> reachable(grammar_file const& g, std::string const& start)
{
    std::set<std::string> seen;
    std::vector<std::string> todo{lower(start)};
    while (!todo.empty()) {
        std::string const n = todo.back();
        todo.pop_back();
        if (!seen.insert(n).second) continue;
        rule_def const* r = g.find(n);
        if (r == nullptr) continue;
        for (auto const& alt : r->alternatives)
            for (token const& t : alt)
                if (t.kind == tok::name) todo.push_back(lower(t.text));
    }
    return seen;
}

// ---------------------------------------------------------------------------------------------
// An interpreter: the set of end positions each element can reach from a start position.
// ---------------------------------------------------------------------------------------------

struct node {
    enum kind_t { alt, seq, rep, ref, lit, range, bytes } kind = seq;
    std::vector<std::unique_ptr<node>> kids;
    unsigned min = 0, max = 0; // rep
    bool unbounded = false;    // rep: no upper bound
    std::size_t rule = 0;      // ref
    std::string text;          // lit (case-insensitive), bytes
    unsigned lo = 0, hi = 0;   // range
};

class interpreter {
public:
    explicit interpreter(grammar_file const& g) : g_(g)
    {
        for (rule_def const& r : g.rules) {
            auto top = std::make_unique<node>();
            top->kind = node::alt;
            for (auto const& body : r.alternatives) {
                std::size_t pos = 0;
                top->kids.push_back(parse_alt(body, pos));
                if (pos != body.size()) error_ = "trailing tokens in " + r.name;
            }
            rules_.push_back(std::move(top));
        }
        for (std::size_t i = 0; i < rules_.size(); ++i) {
            std::vector<int> state(rules_.size(), 0);
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
    std::unique_ptr<node> parse_alt(std::vector<token> const& t, std::size_t& i)
    {
        auto n = std::make_unique<node>();
        n->kind = node::alt;
        n->kids.push_back(parse_seq(t, i));
        while (i < t.size() && t[i].kind == tok::alt) {
            ++i;
            n->kids.push_back(parse_seq(t, i));
        }
        return n;
    }
    std::unique_ptr<node> parse_seq(std::vector<token> const& t, std::size_t& i)
    {
        auto n = std::make_unique<node>();
        n->kind = node::seq;
        while (i < t.size() && t[i].kind != tok::alt && t[i].kind != tok::rparen && t[i].kind != tok::rbrack)
            n->kids.push_back(parse_rep(t, i));
        return n;
    }
    std::unique_ptr<node> parse_rep(std::vector<token> const& t, std::size_t& i)
    {
        if (t[i].kind != tok::repeat) return parse_element(t, i);
        std::string const r = t[i++].text;
        auto n = std::make_unique<node>();
        n->kind = node::rep;
        std::size_t const star = r.find('*');
        if (star == std::string::npos) {
            n->min = n->max = static_cast<unsigned>(std::stoul(r));
        } else {
            n->min = star == 0 ? 0 : static_cast<unsigned>(std::stoul(r.substr(0, star)));
            n->unbounded = star + 1 == r.size();
            n->max = n->unbounded ? 0 : static_cast<unsigned>(std::stoul(r.substr(star + 1)));
        }
        n->kids.push_back(parse_element(t, i));
        return n;
    }
    std::unique_ptr<node> parse_element(std::vector<token> const& t, std::size_t& i)
    {
        auto n = std::make_unique<node>();
        if (i >= t.size()) {
            error_ = "element expected";
            return n;
        }
        token const& k = t[i++];
        switch (k.kind) {
        case tok::name:
            n->kind = node::ref;
            n->rule = g_.index.at(lower(k.text));
            return n;
        case tok::literal:
            n->kind = node::lit;
            n->text = k.text;
            return n;
        case tok::numval: {
            int const base = k.text[1] == 'x' ? 16 : k.text[1] == 'd' ? 10 : 2;
            std::string const digits = k.text.substr(2);
            if (std::size_t const dash = digits.find('-'); dash != std::string::npos) {
                n->kind = node::range;
                n->lo = static_cast<unsigned>(std::stoul(digits.substr(0, dash), nullptr, base));
                n->hi = static_cast<unsigned>(std::stoul(digits.substr(dash + 1), nullptr, base));
            } else {
                n->kind = node::bytes;
                std::stringstream parts(digits);
                std::string part;
                while (std::getline(parts, part, '.'))
                    n->text.push_back(static_cast<char>(std::stoul(part, nullptr, base)));
            }
            return n;
        }
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
        default: error_ = "unexpected token " + k.text; return n;
        }
    }

    bool cyclic(std::size_t r, std::vector<int>& state) const
    {
        if (state[r] == 1) return true;
        if (state[r] == 2) return false;
        state[r] = 1;
        std::vector<std::size_t> refs;
        collect_refs(*rules_[r], refs);
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
        std::set<std::size_t> e = ends(*rules_[r], pos);
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
        case node::rep: {
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
        case node::ref: return rule_ends(n.rule, pos);
        case node::lit: {
            if (pos + n.text.size() > input_.size()) return {};
            for (std::size_t i = 0; i < n.text.size(); ++i)
                if (std::tolower(static_cast<unsigned char>(input_[pos + i])) !=
                    std::tolower(static_cast<unsigned char>(n.text[i])))
                    return {};
            return {pos + n.text.size()};
        }
        case node::range: {
            if (pos >= input_.size()) return {};
            auto const c = static_cast<unsigned char>(input_[pos]);
            return c >= n.lo && c <= n.hi ? std::set<std::size_t>{pos + 1} : std::set<std::size_t>{};
        }
        case node::bytes:
            if (input_.substr(pos, n.text.size()) == n.text) return {pos + n.text.size()};
            return {};
        }
        return {};
    }

    grammar_file const& g_;
    std::vector<std::unique_ptr<node>> rules_;
    std::string error_;
    std::string_view input_;
    std::map<std::pair<std::size_t, std::size_t>, std::set<std::size_t>> memo_;
};

// The lines of `v`, each followed by a newline (for failure messages).
inline std::string joined(std::vector<std::string> const& v)
{
    std::string out;
    for (auto const& s : v)
        out += s + "\n";
    return out;
}

// Whether one of g's errors contains `what`.
inline bool has_error(grammar_file const& g, std::string_view what)
{
    return std::any_of(g.errors.begin(), g.errors.end(),
                       [&](std::string const& e) { return e.find(what) != std::string::npos; });
}

} // namespace ftpuri_test::abnf
