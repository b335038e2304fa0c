// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf/regex_writer.hpp: one rule of a grammar (tree.hpp) as an RE2 regex, for
// the oracle (oracle/abnf_to_re2.cpp, docs/assurance.md). The tests compile it with RE2 in
// Latin-1 mode, so every byte is one character and \xHH matches exactly the input byte HH.
//
// The translation is mechanical, one ABNF construct at a time:
//     a / b              (?:a|b)         alternatives that are single bytes merge into one [class]
//     a b                ab
//     n*m x, *x, 1*x     x{n,m}, x*, x+  (RE2 refuses counts above 1000: so does this)
//     n x                x{n}
//     [ x ]              x?
//     "ftp"              [Ff][Tt][Pp]    case-insensitive; %s"x" is case-sensitive (RFC 7405)
//     %x41.42, %x30-39   AB, [0-9]
//     rule               its definition, inlined
// A regular expression cannot recurse, so a rule that refers to itself is an error, reported
// with the cycle; so is a value above 255 (the regex is over bytes).
//
// A capture wraps the one place where a rule is inlined in a named group (?P<NAME>...), '-'
// spelled '_', so that the tests can check the named semantic constraints on the matched text.
// A captured rule must be inlined exactly once and not under a repetition that can repeat it
// (the group would hold only the last repetition); lenient captures, for changed copies of a
// grammar, keep the group where the rule first appears and let a capture go unreached.
#pragma once

#include <bitset>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tree.hpp"

namespace ftpuri_test::abnf {

struct regex_result {
    std::string regex;
    std::string error; // empty when `regex` is the translation
};

namespace regex_detail {

inline constexpr unsigned max_repeat = 1000; // RE2's limit on a counted repetition

// One translated piece: a set of single bytes while it is one (so that alternatives of bytes
// merge into one class), else regex text with its precedence.
struct fragment {
    enum precedence { atom, quantified, sequence, alternation };
    bool is_set = false;
    std::bitset<256> set;
    std::string text;
    precedence prec = atom;
};

inline std::string byte_text(unsigned b)
{
    auto const c = static_cast<char>(b);
    if (is_alpha(c) || is_digit(c)) return {c};
    std::string_view const hex = "0123456789ABCDEF";
    return std::string("\\x") + hex[(b >> 4) & 0xF] + hex[b & 0xF];
}

// The set as one byte or a class of runs: a run of two as its bytes, a longer one as a range.
inline std::string class_text(std::bitset<256> const& set)
{
    if (set.count() == 1) {
        for (unsigned b = 0; b < 256; ++b)
            if (set[b]) return byte_text(b);
    }
    if (set.all()) return "[\\x00-\\xFF]";
    std::string out = "[";
    for (unsigned b = 0; b < 256; ++b) {
        if (!set[b]) continue;
        unsigned last = b;
        while (last + 1 < 256 && set[last + 1])
            ++last;
        out += byte_text(b);
        if (last == b + 1) out += byte_text(last);
        if (last > b + 1) out += "-" + byte_text(last);
        b = last;
    }
    return out + "]";
}

inline std::string text_of(fragment const& f)
{
    return f.is_set ? class_text(f.set) : f.text;
}

inline fragment regex(std::string text, fragment::precedence prec)
{
    fragment f;
    f.text = std::move(text);
    f.prec = prec;
    return f;
}

inline fragment byte_set(std::bitset<256> set)
{
    fragment f;
    f.is_set = true;
    f.set = set;
    return f;
}

inline fragment empty()
{
    return regex("(?:)", fragment::atom);
}

inline fragment concat(std::vector<fragment> const& parts)
{
    if (parts.empty()) return empty();
    if (parts.size() == 1) return parts.front();
    std::string out;
    for (fragment const& f : parts)
        out += f.prec == fragment::alternation ? "(?:" + text_of(f) + ")" : text_of(f);
    return regex(out, fragment::sequence);
}

inline fragment alternation(std::vector<fragment> const& parts)
{
    std::bitset<256> merged;
    std::vector<fragment> others;
    for (fragment const& f : parts) {
        if (f.is_set) {
            merged |= f.set;
            continue;
        }
        bool seen = false;
        for (fragment const& o : others)
            seen = seen || o.text == f.text;
        if (!seen) others.push_back(f);
    }
    if (others.empty()) return byte_set(merged);
    if (merged.none() && others.size() == 1) return others.front();
    std::string out = merged.any() ? class_text(merged) : others.front().text;
    for (std::size_t i = merged.any() ? 0 : 1; i < others.size(); ++i)
        out += "|" + others[i].text;
    return regex(out, fragment::alternation);
}

inline std::string quantifier(unsigned min, unsigned max, bool unbounded)
{
    if (!unbounded && min == 0 && max == 1) return "?";
    if (unbounded) return min == 0 ? "*" : min == 1 ? "+" : "{" + std::to_string(min) + ",}";
    if (min == max) return "{" + std::to_string(min) + "}";
    return "{" + std::to_string(min) + "," + std::to_string(max) + "}";
}

} // namespace regex_detail

class regex_writer {
public:
    // `replacement`, when given, stands for rule `replaced`'s tree: a changed copy of the grammar
    // (oracle/grammar_mutants/) without copying the rest.
    regex_writer(grammar_file const& g, grammar_tree const& tree, bool lenient_captures,
                 std::size_t replaced = static_cast<std::size_t>(-1), node const* replacement = nullptr)
        : g_(g), lenient_(lenient_captures), captured_(g.rules.size(), false), capture_(g.rules.size(), false)
    {
        for (auto const& r : tree.rules)
            rules_.push_back(r.get());
        if (replacement != nullptr && replaced < rules_.size()) rules_[replaced] = replacement;
    }

    // What `n`, a part of rule `rule`'s tree, translates to: a set of bytes or regex text; an
    // empty text with error() set when it cannot be translated.
    regex_detail::fragment fragment_of(std::size_t rule, node const& n)
    {
        stack_.assign(1, rule);
        regex_detail::fragment f = translate(n, false);
        stack_.clear();
        return f;
    }

    [[nodiscard]] std::string const& error() const { return error_; }

    regex_result write(std::string_view rule, std::vector<std::string> const& captures)
    {
        auto const start = g_.index.find(lower(rule));
        if (start == g_.index.end()) return {"", "no rule " + std::string(rule) + " in the grammar"};
        for (std::string const& c : captures) {
            auto const it = g_.index.find(lower(c));
            if (it == g_.index.end()) return {"", "--capture " + c + ": no such rule"};
            capture_[it->second] = true;
        }
        std::string regex = regex_detail::text_of(ref(start->second, false));
        if (!error_.empty()) return {"", error_};
        std::string missing;
        for (std::string const& c : captures)
            if (!captured_[g_.index.at(lower(c))]) missing += (missing.empty() ? "" : ", ") + c;
        if (!missing.empty() && !lenient_)
            return {"", "--capture " + missing + ": rule not reached from " + std::string(rule)};
        return {regex, ""};
    }

private:
    using fragment = regex_detail::fragment;

    fragment fail(std::string const& what)
    {
        if (error_.empty()) error_ = what;
        return regex_detail::empty();
    }

    fragment ref(std::size_t r, bool repeated)
    {
        for (std::size_t i = 0; i < stack_.size(); ++i) {
            if (stack_[i] != r) continue;
            std::string cycle;
            for (std::size_t j = i; j < stack_.size(); ++j)
                cycle += g_.rules[stack_[j]].name + " -> ";
            return fail("recursive rule: " + cycle + g_.rules[r].name + " (a regular expression cannot recurse)");
        }
        stack_.push_back(r);
        fragment inner = translate(*rules_[r], repeated);
        stack_.pop_back();
        if (!capture_[r] || (lenient_ && captured_[r])) return inner;
        std::string const& name = g_.rules[r].name;
        if (repeated && !lenient_)
            return fail("--capture " + name +
                        ": the rule is inside a repetition; the group would hold only its last match");
        if (captured_[r]) return fail("--capture " + name + ": the rule is inlined more than once");
        captured_[r] = true;
        std::string group = name;
        for (char& c : group)
            if (c == '-') c = '_';
        return regex_detail::regex("(?P<" + group + ">" + regex_detail::text_of(inner) + ")", fragment::atom);
    }

    fragment literal(node const& n)
    {
        std::vector<fragment> chars;
        for (char c : n.text) {
            std::bitset<256> set;
            set.set(static_cast<unsigned char>(c));
            if (!n.case_sensitive && is_alpha(c)) {
                set.set(static_cast<unsigned char>(c | 0x20));
                set.set(static_cast<unsigned char>(c & ~0x20));
            }
            chars.push_back(regex_detail::byte_set(set));
        }
        return regex_detail::concat(chars);
    }

    fragment repetition(node const& n, bool repeated)
    {
        for (unsigned count : {n.min, n.max})
            if (count > regex_detail::max_repeat)
                return fail("repetition count " + std::to_string(count) + " above RE2's limit of " +
                            std::to_string(regex_detail::max_repeat));
        // Translated even when repeated 0 times, so that its errors are found.
        fragment inner = translate(*n.kids.front(), repeated || n.unbounded || n.max > 1);
        if (!n.unbounded && n.max == 0) return regex_detail::empty();
        if (!n.unbounded && n.min == 1 && n.max == 1) return inner;
        std::string const body =
            inner.prec == fragment::atom ? regex_detail::text_of(inner) : "(?:" + regex_detail::text_of(inner) + ")";
        // "quantified": concatenates as it is, but takes another quantifier only in a group
        // ("x+?" would be a lazy "x+", "x+{2}" an error).
        return regex_detail::regex(body + regex_detail::quantifier(n.min, n.max, n.unbounded), fragment::quantified);
    }

    fragment translate(node const& n, bool repeated)
    {
        std::vector<fragment> parts;
        switch (n.kind) {
        case node::ref: return ref(n.rule, repeated);
        case node::lit: return literal(n);
        case node::bytes:
            for (unsigned v : n.values) {
                if (v > 0xFF) return fail("value " + std::to_string(v) + " above 255: the oracle matches bytes");
                parts.push_back(regex_detail::byte_set(std::bitset<256>().set(v)));
            }
            return regex_detail::concat(parts);
        case node::range: {
            if (n.hi > 0xFF)
                return fail("range " + std::to_string(n.lo) + "-" + std::to_string(n.hi) +
                            " above 255: the oracle matches bytes");
            std::bitset<256> set;
            for (unsigned b = n.lo; b <= n.hi; ++b)
                set.set(b);
            return regex_detail::byte_set(set);
        }
        case node::seq:
        case node::alt:
            for (auto const& kid : n.kids)
                parts.push_back(translate(*kid, repeated));
            return n.kind == node::seq ? regex_detail::concat(parts) : regex_detail::alternation(parts);
        case node::rep: return repetition(n, repeated);
        }
        return fail("unknown node");
    }

    grammar_file const& g_;
    std::vector<node const*> rules_; // by rule index: its tree
    bool lenient_;
    std::vector<bool> captured_; // by rule index: its group is written
    std::vector<bool> capture_;  // by rule index: asked for
    std::vector<std::size_t> stack_;
    std::string error_;
};

// The regex for `rule` of the ABNF `text`: the reader's errors first (all of them), then the
// translation's.
inline regex_result abnf_to_re2(std::string const& text, std::string_view rule,
                                std::vector<std::string> const& captures, bool lenient_captures = false)
{
    grammar_file const g = read_grammar(text);
    if (!g.errors.empty()) return {"", joined(g.errors)};
    grammar_tree const tree = build_tree(g);
    if (!tree.error.empty()) return {"", tree.error};
    return regex_writer(g, tree, lenient_captures).write(rule, captures);
}

} // namespace ftpuri_test::abnf
