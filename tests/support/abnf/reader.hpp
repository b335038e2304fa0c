// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf/reader.hpp: the project's one reader of RFC 5234 ABNF (with RFC 7405's
// %s"" and %i"" literals), written with no dependency on the library's scanner, for
// docs/grammar.abnf.
//
// read_grammar() puts the tokens (tokens.hpp) of every definition together and reports, in
// grammar_file::errors, what is not well-formed, self-contained ABNF: an undefined rule (core
// rules included), a rule defined twice except with "=/", a prose value, a tab, a malformed
// group, repetition or numeric value, an "@constraint" line without a kebab-case name. What the
// tokens mean is tree.hpp's; running them is interpreter.hpp's, turning them into a regex
// regex_writer.hpp's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tokens.hpp"

namespace ftpuri_test::abnf {

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
