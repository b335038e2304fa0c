// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants/grammar.hpp: a grammar read once by the project's ABNF reader, the
// regexes the build makes of it, and the same regexes of a copy with one rule changed.
#pragma once

#include <re2/re2.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "nodes.hpp"

namespace ftpuri_oracle::mutants {

// One regex the build makes (oracle/oracle.cmake): its name in the mutants file, the rule, the
// captured rules.
struct regex_spec {
    std::string name;
    std::string rule;
    std::vector<std::string> captures;
};

inline std::vector<regex_spec> const& build_regexes()
{
    static std::vector<regex_spec> const specs = {
        {"strict", "ftp-URI", {"user", "password", "host", "port", "ftp-path", "fragment"}},
        {"rfc3986", "ftp-URI-rfc3986", {"userinfo", "host-3986", "port", "path-abempty", "query", "fragment"}},
        {"ipv4address", "IPv4address", {}},
    };
    return specs;
}

class grammar {
public:
    grammar(std::string const& text, std::vector<regex_spec> specs)
        : file_(ftpuri_test::abnf::read_grammar(text)), tree_(ftpuri_test::abnf::build_tree(file_)),
          specs_(std::move(specs))
    {
        if (!file_.errors.empty()) error_ = ftpuri_test::abnf::joined(file_.errors);
        if (error_.empty()) error_ = tree_.error;
        if (error_.empty()) original_ = translate(static_cast<std::size_t>(-1), nullptr, false);
    }

    // Why the grammar or one of its changes cannot be translated; empty when all went well.
    [[nodiscard]] std::string const& error() const { return error_; }
    [[nodiscard]] std::vector<std::string> const& original() const { return original_; }
    [[nodiscard]] std::vector<regex_spec> const& specs() const { return specs_; }
    [[nodiscard]] std::size_t rule_count() const { return file_.rules.size(); }
    [[nodiscard]] std::string const& name(std::size_t rule) const { return file_.rules[rule].name; }
    [[nodiscard]] node const& body(std::size_t rule) const { return *tree_.rules[rule]; }

    // The regexes with rule `rule`'s tree replaced by `body` (a changed copy may put a captured
    // rule under a repetition or cut it out: the captures are lenient).
    std::vector<std::string> translate(std::size_t rule, node const* body, bool lenient = true)
    {
        std::vector<std::string> out;
        for (regex_spec const& s : specs_) {
            ftpuri_test::abnf::regex_writer w(file_, tree_, lenient, rule, body);
            ftpuri_test::abnf::regex_result const r = w.write(s.rule, s.captures);
            if (!r.error.empty() && error_.empty()) error_ = r.error;
            out.push_back(r.regex);
        }
        return out;
    }

    // The bytes of a node (of rule `rule`) that matches exactly one byte out of a set.
    [[nodiscard]] std::optional<byte_set> set_of(std::size_t rule, node const& n) const
    {
        ftpuri_test::abnf::regex_writer w(file_, tree_, false);
        auto const f = w.fragment_of(rule, n);
        if (!f.is_set) return std::nullopt;
        return f.set;
    }

    // The bytes b such that one of the nodes matches the one-byte string b.
    [[nodiscard]] byte_set single_bytes(std::size_t rule, std::vector<node const*> const& nodes) const
    {
        byte_set out;
        RE2::Options options;
        options.set_encoding(RE2::Options::EncodingLatin1);
        for (node const* n : nodes) {
            ftpuri_test::abnf::regex_writer w(file_, tree_, false);
            RE2 const re(ftpuri_test::abnf::regex_detail::text_of(w.fragment_of(rule, *n)), options);
            for (unsigned b = 0; b < 256; ++b)
                if (RE2::FullMatch(std::string(1, static_cast<char>(b)), re)) out.set(b);
        }
        return out;
    }

private:
    ftpuri_test::abnf::grammar_file file_;
    ftpuri_test::abnf::grammar_tree tree_;
    std::vector<regex_spec> specs_;
    std::vector<std::string> original_;
    std::string error_;
};

} // namespace ftpuri_oracle::mutants
