// tests/grammar_file_test.cpp: docs/grammar.abnf is well-formed, self-contained RFC 5234 ABNF.
//
// The file is read by a small ABNF reader written here (no dependency on the library's scanner):
// it tokenizes every definition, and checks that every referenced rule is defined (core rules
// included), that no rule is defined twice except with "=/", that there are no prose values,
// no tabs, that every "@constraint" line has a name and that the named constraints are all
// there. The reader is itself tested on small bad grammars, so each check can fail.
//
// Then the grammar is interpreted (each rule as the set of end positions it can reach, which
// is exact for this non-recursive grammar) and run on sample URIs of both profiles, and held
// to ftpuri::validate: the grammar leaves out only the named semantic constraints, so every
// URI validate() accepts must match the grammar of its profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string read_text(std::string const& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string grammar_path()
{
    return std::string(FTPURI_SOURCE_DIR) + "/docs/grammar.abnf";
}

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

bool is_alpha(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}
bool is_hex(char c)
{
    return is_digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}
bool is_name_char(char c)
{
    return is_alpha(c) || is_digit(c) || c == '-';
}

// Removes the comment of one line: a ';' outside a quoted string starts it.
std::string strip_comment(std::string const& line)
{
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '"') quoted = !quoted;
        if (line[i] == ';' && !quoted) return line.substr(0, i);
    }
    return line;
}

void tokenize(std::string const& text, int line_no, std::vector<token>& out, std::vector<std::string>& errors)
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
void check_body(std::vector<token> const& body, std::string const& name, std::vector<std::string>& errors)
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

grammar_file read_grammar(std::string const& text)
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
std::set<std::string> reachable(grammar_file const& g, std::string const& start)
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

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

class GrammarFile : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        text_ = new std::string(read_text(grammar_path()));
        grammar_ = new grammar_file(read_grammar(*text_));
    }
    static void TearDownTestSuite()
    {
        delete grammar_;
        delete text_;
        grammar_ = nullptr;
        text_ = nullptr;
    }
    static std::string* text_;
    static grammar_file* grammar_;
};
std::string* GrammarFile::text_ = nullptr;
grammar_file* GrammarFile::grammar_ = nullptr;

std::string joined(std::vector<std::string> const& v)
{
    std::string out;
    for (auto const& s : v)
        out += s + "\n";
    return out;
}

TEST_F(GrammarFile, IsReadableAndWellFormed)
{
    ASSERT_FALSE(text_->empty()) << "cannot read " << grammar_path();
    EXPECT_TRUE(grammar_->errors.empty()) << joined(grammar_->errors);
    EXPECT_GE(grammar_->rules.size(), 40u);
}

TEST_F(GrammarFile, DefinesTheRulesOfBothProfiles)
{
    for (char const* name :
         {"ftp-URI", "ftp-scheme", "authority", "user-pass", "user", "password", "usp-char", "host", "dns-name",
          "label", "port", "ftp-path", "ftp-segment", "ftp-segment-char", "typecode-part", "typecode", "fragment",
          // RFC 3986
          "IP-literal", "IPvFuture", "IPv6address", "h16", "ls32", "IPv4address", "dec-octet", "pct-encoded",
          "unreserved", "sub-delims", "pchar", "query", "segment", "path-abempty", "userinfo", "reg-name",
          // the rfc3986 profile
          "ftp-URI-rfc3986", "authority-3986", "host-3986",
          // RFC 5234 core rules
          "ALPHA", "DIGIT", "HEXDIG"})
        EXPECT_NE(grammar_->find(name), nullptr) << name;
}

TEST_F(GrammarFile, EveryRuleIsReachableFromAProfile)
{
    std::set<std::string> all = reachable(*grammar_, "ftp-URI");
    std::set<std::string> const r = reachable(*grammar_, "ftp-URI-rfc3986");
    all.insert(r.begin(), r.end());
    for (rule_def const& rule : grammar_->rules)
        EXPECT_TRUE(all.count(lower(rule.name))) << rule.name << " is unused";
}

TEST_F(GrammarFile, StrictProfileDoesNotReachTheRfc3986OnlyRules)
{
    std::set<std::string> const strict = reachable(*grammar_, "ftp-URI");
    for (char const* name : {"IPvFuture", "IP-literal", "query", "reg-name", "userinfo", "segment", "path-abempty"})
        EXPECT_FALSE(strict.count(lower(name))) << name;
    for (char const* name : {"ftp-segment-char", "usp-char", "dns-name", "IPv6address", "IPv4address", "fragment"})
        EXPECT_TRUE(strict.count(lower(name))) << name;
}

TEST_F(GrammarFile, ErrataAreFixed)
{
    // E1: the literal is ";type=", not ";typecode=".
    rule_def const* tp = grammar_->find("typecode-part");
    ASSERT_NE(tp, nullptr);
    ASSERT_EQ(tp->alternatives.size(), 1u);
    ASSERT_FALSE(tp->alternatives[0].empty());
    EXPECT_EQ(tp->alternatives[0][0].kind, tok::literal);
    EXPECT_EQ(lower(tp->alternatives[0][0].text), ";type=");
    // E2: usp-char is one character: no repetition in it.
    rule_def const* usp = grammar_->find("usp-char");
    ASSERT_NE(usp, nullptr);
    for (auto const& alt : usp->alternatives)
        for (token const& t : alt)
            EXPECT_NE(t.kind, tok::repeat) << "usp-char repeats";
    // E3: ftp-path is defined once, and every ftp-segment follows a "/".
    rule_def const* fp = grammar_->find("ftp-path");
    ASSERT_NE(fp, nullptr);
    EXPECT_EQ(fp->alternatives.size(), 1u);
    int segments = 0;
    for (auto const& alt : fp->alternatives)
        for (std::size_t i = 0; i < alt.size(); ++i)
            if (alt[i].kind == tok::name && lower(alt[i].text) == "ftp-segment") {
                ++segments;
                ASSERT_GT(i, 0u);
                EXPECT_EQ(alt[i - 1].kind, tok::literal);
                EXPECT_EQ(alt[i - 1].text, "/");
            }
    EXPECT_EQ(segments, 1);
    // Each erratum is marked where it is fixed.
    for (char const* mark : {"ERRATUM E1", "ERRATUM E2", "ERRATUM E3"})
        EXPECT_NE(text_->find(mark), std::string::npos) << mark;
}

TEST_F(GrammarFile, EveryRuleNamesItsSource)
{
    // The comment block just above each definition cites RFC 3986, RFC 5234, RFC 1738, a draft
    // or PRODUCT.md.
    std::istringstream in(*text_);
    std::string line, comment;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.rfind(";", 0) == 0) {
            comment += line + "\n";
            continue;
        }
        if (!line.empty() && line.front() != ' ') {
            bool const cited = comment.find("RFC ") != std::string::npos ||
                               comment.find("draft-") != std::string::npos ||
                               comment.find("PRODUCT.md") != std::string::npos;
            EXPECT_TRUE(cited) << "line " << line_no << ": " << line;
        }
        if (line.empty() || line.front() != ' ') comment.clear();
    }
}

TEST_F(GrammarFile, NamedConstraintsArePresent)
{
    for (char const* name :
         {"port-range", "dns-label-length", "dns-name-length", "dns-label-hyphen", "numeric-host", "dot-segment-depth",
          "decoded-control", "decoded-traversal", "typecode-last", "length-limit"}) {
        EXPECT_NE(std::find(grammar_->constraint_names.begin(), grammar_->constraint_names.end(), name),
                  grammar_->constraint_names.end())
            << name;
    }
    // Everything after the heading "Named semantic constraints" is comment.
    std::size_t const heading = text_->rfind("Named semantic constraints");
    ASSERT_NE(heading, std::string::npos);
    std::istringstream rest(text_->substr(heading));
    std::string line;
    std::getline(rest, line);
    while (std::getline(rest, line))
        EXPECT_TRUE(line.empty() || line.front() == ';') << line;
}

// ---------------------------------------------------------------------------------------------
// The reader finds what it is meant to find.
// ---------------------------------------------------------------------------------------------

bool has_error(grammar_file const& g, std::string_view what)
{
    return std::any_of(g.errors.begin(), g.errors.end(),
                       [&](std::string const& e) { return e.find(what) != std::string::npos; });
}

TEST(GrammarReader, AcceptsAGoodGrammar)
{
    grammar_file const g = read_grammar("; a comment\n"
                                        "a = b / \"x;y\" ; trailing comment\n"
                                        "    / 2*3c\n"
                                        "a =/ %x41-5A\n"
                                        "b = [ c ] *( c \"/\" )\n"
                                        "c = %x30.31\n"
                                        "; @constraint c-rule: text\n");
    EXPECT_TRUE(g.errors.empty()) << joined(g.errors);
    EXPECT_EQ(g.rules.size(), 3u);
    ASSERT_EQ(g.constraint_names.size(), 1u);
    EXPECT_EQ(g.constraint_names[0], "c-rule");
}

TEST(GrammarReader, FindsAnUndefinedRule)
{
    EXPECT_TRUE(has_error(read_grammar("a = b\n"), "undefined rule b"));
    EXPECT_TRUE(has_error(read_grammar("a = ALPHA\n"), "undefined rule ALPHA"));
}

TEST(GrammarReader, FindsADuplicateRule)
{
    EXPECT_TRUE(has_error(read_grammar("a = \"x\"\nA = \"y\"\n"), "defined twice"));
    EXPECT_TRUE(has_error(read_grammar("a =/ \"x\"\n"), "before its '=' definition"));
    EXPECT_TRUE(read_grammar("a = \"x\"\na =/ \"y\"\n").errors.empty());
}

TEST(GrammarReader, FindsProseValues)
{
    EXPECT_TRUE(has_error(read_grammar("a = <anything>\n"), "prose"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\" ; see <cwd>\n"), "prose"));
    EXPECT_TRUE(read_grammar("a = \"<\"\n").errors.empty());
}

TEST(GrammarReader, FindsBadConstraintLines)
{
    EXPECT_TRUE(has_error(read_grammar("; @constraint : no name\n"), "without a kebab-case name"));
    EXPECT_TRUE(has_error(read_grammar("; @constraint Port_Range: x\n"), "without a kebab-case name"));
    EXPECT_TRUE(has_error(read_grammar("; @constraint port-range\n"), "without a kebab-case name"));
    EXPECT_TRUE(has_error(read_grammar("; note @constraint x: y\n"), "must start a comment line"));
    EXPECT_TRUE(has_error(read_grammar("; @constraint x: y\n; @constraint x: z\n"), "named twice"));
}

TEST(GrammarReader, FindsMalformedDefinitions)
{
    EXPECT_TRUE(has_error(read_grammar("a = ( \"x\"\n"), "unclosed"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\" )\n"), "unbalanced"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\" /\n"), "without an element"));
    EXPECT_TRUE(has_error(read_grammar("a =\n"), "empty definition"));
    EXPECT_TRUE(has_error(read_grammar("a = %x4#\n"), "unexpected character"));
    EXPECT_TRUE(has_error(read_grammar("a = %x\n"), "bad numeric value"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\n"), "unterminated"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\"\n\tb\n"), "tab"));
    EXPECT_TRUE(has_error(read_grammar("    / \"x\"\n"), "outside a definition"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\"\n; ends a\n    / \"y\"\n"), "outside a definition"));
    EXPECT_TRUE(has_error(read_grammar("a \"x\"\n"), "without '='"));
}

TEST(GrammarReader, InterpreterFollowsAbnf)
{
    grammar_file const g = read_grammar("a = 2*3\"x\" [ \"-\" b ]\n"
                                        "b = %x30-39 / %x41.42\n"
                                        "c = *( \"ab\" / \"a\" ) \"b\"\n"
                                        "d = 3e\n"
                                        "e = *\"q\"\n");
    ASSERT_TRUE(g.errors.empty()) << joined(g.errors);
    interpreter m(g);
    ASSERT_TRUE(m.error().empty()) << m.error();
    EXPECT_TRUE(m.matches("a", "xx"));
    EXPECT_TRUE(m.matches("a", "XXX-7"));
    EXPECT_TRUE(m.matches("a", "xx-AB"));
    EXPECT_FALSE(m.matches("a", "xx-ab")); // %x41.42 is case-sensitive
    EXPECT_FALSE(m.matches("a", "x"));
    EXPECT_FALSE(m.matches("a", "xxxx"));
    EXPECT_FALSE(m.matches("a", "xx-"));
    EXPECT_TRUE(m.matches("c", "abab")); // needs the "a" alternative, then "b"
    EXPECT_TRUE(m.matches("c", "b"));
    EXPECT_FALSE(m.matches("c", "abc"));
    EXPECT_TRUE(m.matches("d", ""));
    EXPECT_TRUE(m.matches("d", "qqqqq"));
    grammar_file const rec = read_grammar("a = \"x\" / \"(\" a \")\"\n");
    ASSERT_TRUE(rec.errors.empty()) << joined(rec.errors);
    interpreter recursive(rec);
    EXPECT_FALSE(recursive.error().empty());
}

// ---------------------------------------------------------------------------------------------
// The grammar means what PRODUCT.md says
// ---------------------------------------------------------------------------------------------

struct sample {
    char const* input;
    bool strict;  // matches ftp-URI
    bool rfc3986; // matches ftp-URI-rfc3986
};

// Inputs chosen so that the semantic constraints do not decide them: here the grammar alone
// gives the answer, and validate() must give the same one.
constexpr sample samples[] = {
    {"ftp://host", true, true},
    {"ftp://host/", true, true},
    {"FTP://Host.Example.ORG/", true, true},
    {"ftp://ftp.example.org/pub/README", true, true},
    {"ftp://u:p@h.example:2121/a/b/c.txt;type=i#frag", true, true},
    {"ftp://u@h/", true, true},
    {"ftp://@h/", true, true},
    {"ftp://:@h/", true, true},
    {"ftp://u%40x:p%3Aq@h/", true, true},
    {"ftp://h:/", true, true},
    {"ftp://h:21/", true, true},
    {"ftp://h./x", true, true},
    {"ftp://a-b.c-d/", true, true},
    {"ftp://1.2.3.4/", true, true},
    {"ftp://255.255.255.255/", true, true},
    {"ftp://[::1]/", true, true},
    {"ftp://[2001:db8::1]:21/x", true, true},
    {"ftp://[::ffff:192.0.2.1]/", true, true},
    {"ftp://[1:2:3:4:5:6:7:8]/", true, true},
    {"ftp://h/;type=d", true, true},
    {"ftp://h/a/b/;TYPE=A", true, true},
    {"ftp://h//a//", true, true},
    {"ftp://h/~/x", true, true},
    {"ftp://h/%2Fetc/motd", true, true},
    {"ftp://h/a:b@c!$&'()*+,=", true, true},
    {"ftp://h/x#a/b?c", true, true},
    {"ftp://h#", true, true},
    // strict only rejects
    {"ftp://h/a;b", false, true},
    {"ftp://h/a;type=i/b", false, true},
    {"ftp://h/a;typecode=i", false, true},
    {"ftp://h/a;type=x", false, true},
    {"ftp://h/a?q", false, true},
    {"ftp://h?", false, true},
    {"ftp://u:p:q@h/", false, true},
    {"ftp://[v7.abc]/", false, true},
    {"ftp://a_b/", false, true},
    {"ftp://a~b/", false, true},
    {"ftp://h!x/", false, true},
    {"ftp://h%41/", false, true},
    {"ftp:///p", false, true},
    {"ftp://@/", false, true},
    {"ftp://a..b/", false, true},
    // both reject
    {"ftp:h", false, false},
    {"ftp:/h", false, false},
    {"http://h/", false, false},
    {"ftps://h/", false, false},
    {"ftp://h/a b", false, false},
    {"ftp://h/a\\b", false, false},
    {"ftp://h/a%2", false, false},
    {"ftp://h/a%zz", false, false},
    {"ftp://u@v@h/", false, false},
    {"ftp://h:x/", false, false},
    {"ftp://h;type=a", false, true}, // rfc3986: ';' and '=' are sub-delims of reg-name
    {"ftp://[::1%25eth0]/", false, false},
    {"ftp://[::1/", false, false},
    {"ftp://[:::]/", false, false},
    {"ftp://[1:2:3:4:5:6:7:8:9]/", false, false},
    {"ftp://[1::2::3]/", false, false},
    {"ftp://[::1.2.3]/", false, false},
    {"ftp://[1.2.3.4::]/", false, false},
    {"ftp://[v.x]/", false, false},
    {"ftp://[vG.x]/", false, false},
    {"ftp://h/#a#b", false, false},
    {"ftp://h/[x]", false, false},
};

class GrammarMeaning : public GrammarFile {};

TEST_F(GrammarMeaning, SamplesMatchTheirProfiles)
{
    interpreter m(*grammar_);
    ASSERT_TRUE(m.error().empty()) << m.error();
    for (sample const& s : samples) {
        EXPECT_EQ(m.matches("ftp-URI", s.input), s.strict) << "strict: " << s.input;
        EXPECT_EQ(m.matches("ftp-URI-rfc3986", s.input), s.rfc3986) << "rfc3986: " << s.input;
    }
}

TEST_F(GrammarMeaning, RulesMatchTheirRfcExamples)
{
    interpreter m(*grammar_);
    ASSERT_TRUE(m.error().empty()) << m.error();
    for (char const* ok : {"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"})
        EXPECT_TRUE(m.matches("dec-octet", ok)) << ok;
    for (char const* bad : {"01", "256", "260", "300", "1000", "", "-1"})
        EXPECT_FALSE(m.matches("dec-octet", bad)) << bad;
    for (char const* ok : {"1:2:3:4:5:6:7:8", "::2:3:4:5:6:7:8", "1::3:4:5:6:7:8", "1:2::4:5:6:7:8", "1:2:3::5:6:7:8",
                           "1:2:3:4::6:7:8", "1:2:3:4:5::7:8", "1:2:3:4:5:6::8", "1:2:3:4:5:6:7::", "::", "::1.2.3.4",
                           "1:2:3:4:5:6:1.2.3.4", "1::1.2.3.4", "FFFF::abcd"})
        EXPECT_TRUE(m.matches("IPv6address", ok)) << ok;
    for (char const* bad : {":::", "1:2:3:4:5:6:7:8:9", "::1.2.3", "1::2::3", "1.2.3.4::", "1:2:3:4:5:6:7:1.2.3.4",
                            "12345::", "1:2:3:4:5:6:7", ":1::"})
        EXPECT_FALSE(m.matches("IPv6address", bad)) << bad;
    EXPECT_TRUE(m.matches("typecode-part", ";TyPe=D"));
    EXPECT_FALSE(m.matches("typecode-part", ";typecode=d"));
    EXPECT_TRUE(m.matches("usp-char", "%3a"));
    EXPECT_FALSE(m.matches("usp-char", ":"));
    EXPECT_FALSE(m.matches("usp-char", "ab"));
    EXPECT_TRUE(m.matches("ftp-path", ""));
    EXPECT_FALSE(m.matches("ftp-path", ";type=a")); // a typecode follows a segment
    EXPECT_FALSE(m.matches("ftp-path", "name"));    // erratum E3: no name without '/'
}

// The grammar leaves out only the named constraints, so it accepts everything validate()
// accepts; on the samples, which no constraint decides, the two agree exactly.
TEST_F(GrammarMeaning, AgreesWithValidate)
{
    interpreter m(*grammar_);
    ASSERT_TRUE(m.error().empty()) << m.error();
    ftpuri::parse_options strict;
    ftpuri::parse_options rfc;
    rfc.syntax = ftpuri::profile::rfc3986;
    for (sample const& s : samples) {
        EXPECT_EQ(ftpuri::validate(s.input, strict), s.strict) << "strict: " << s.input;
        EXPECT_EQ(ftpuri::validate(s.input, rfc), s.rfc3986) << "rfc3986: " << s.input;
    }
    // Inputs that the constraints reject: the grammar accepts them, validate() does not.
    for (char const* constrained :
         {"ftp://h:0/", "ftp://h:65536/", "ftp://-a/", "ftp://a-/", "ftp://127.1/", "ftp://010.0.0.1/",
          "ftp://2130706433/", "ftp://h/..", "ftp://h/a/../..", "ftp://h/a%00", "ftp://h/a%0D%0A", "ftp://h/a%01",
          "ftp://h/..%2Fx", "ftp://h/a%5Cb"}) {
        EXPECT_TRUE(m.matches("ftp-URI", constrained)) << constrained;
        EXPECT_FALSE(ftpuri::validate(constrained, strict)) << constrained;
    }
}

} // namespace
