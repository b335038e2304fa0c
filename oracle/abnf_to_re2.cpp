// SPDX-License-Identifier: Apache-2.0
// oracle/abnf_to_re2.cpp: the build-time tool that writes the oracle's regexes (docs/assurance.md).
//
//     abnf_to_re2 GRAMMAR --rule NAME [--capture NAME ...] [--output FILE]
//
// Reads GRAMMAR with the project's ABNF reader (tests/support/abnf/) and writes rule NAME as an
// RE2 regex (regex_writer.hpp says how) to FILE, or to standard output with a newline. The build
// runs it on docs/grammar.abnf, one regex per profile, into the build tree: never written by
// hand, never committed. Exit status 0, or 1 with the reader's or the writer's errors on
// standard error, or 2 for a bad command line.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/abnf.hpp"
#include "write_atomically.hpp"

namespace {

struct command_line {
    std::string grammar;
    std::string rule;
    std::vector<std::string> captures;
    std::string output;
    std::string error;
};

command_line parse(int argc, char** argv)
{
    command_line c;
    std::vector<std::string_view> const args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size() && c.error.empty(); ++i) {
        std::string_view const a = args[i];
        bool const takes_value = a == "--rule" || a == "--capture" || a == "--output" || a == "-o";
        if (takes_value && i + 1 == args.size()) {
            c.error = std::string(a) + " needs a value";
        } else if (a == "--rule") {
            c.rule = args[++i];
        } else if (a == "--capture") {
            c.captures.emplace_back(args[++i]);
        } else if (a == "--output" || a == "-o") {
            c.output = args[++i];
        } else if (!a.empty() && a.front() == '-') {
            c.error = "unknown option " + std::string(a);
        } else if (c.grammar.empty()) {
            c.grammar = a;
        } else {
            c.error = "one GRAMMAR only";
        }
    }
    if (c.error.empty() && (c.grammar.empty() || c.rule.empty())) c.error = "GRAMMAR and --rule are required";
    return c;
}

} // namespace

int main(int argc, char** argv)
{
    command_line const c = parse(argc, argv);
    if (!c.error.empty()) {
        std::cerr << "abnf_to_re2: " << c.error
                  << "\nusage: abnf_to_re2 GRAMMAR --rule NAME [--capture NAME ...] [--output FILE]\n";
        return 2;
    }
    std::ifstream in(c.grammar, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
        std::cerr << "abnf_to_re2: error: " << c.grammar << ": cannot read it\n";
        return 1;
    }
    ftpuri_test::abnf::regex_result const r = ftpuri_test::abnf::abnf_to_re2(text.str(), c.rule, c.captures);
    if (!r.error.empty()) {
        std::cerr << "abnf_to_re2: error: " << c.grammar << ": " << r.error << (r.error.back() == '\n' ? "" : "\n");
        return 1;
    }
    if (c.output.empty()) {
        std::cout << r.regex << '\n';
        return std::cout ? 0 : 1;
    }
    if (!ftpuri_oracle::write_atomically(c.output, r.regex)) {
        std::cerr << "abnf_to_re2: error: cannot write " << c.output << '\n';
        return 1;
    }
    return 0;
}
