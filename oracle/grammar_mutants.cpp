// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants.cpp: every small change of docs/grammar.abnf, as oracle regexes.
//
//     grammar_mutants GRAMMAR --output FILE     the mutants file grammar_mutants_test reads
//     grammar_mutants GRAMMAR --list            one line per mutant: id, what changed
//     grammar_mutants GRAMMAR --show ID         the mutated rule, in ABNF, and its regexes
//
// Grammar mutants (docs/assurance.md, "Grammar mutants"): the exhaustive comparison of the
// scanner with the oracle must notice when the oracle is wrong. So this tool changes the grammar
// in every small way, one change per mutant (oracle/grammar_mutants/operators.hpp, sets.hpp), and
// translates each changed grammar with the oracle's own reader and regex writer
// (tests/support/abnf/) into the regexes the build makes of the real one (grammar.hpp: those of
// oracle/oracle.cmake, which grammar_mutants_test checks against the build).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "grammar_mutants/mutants_file.hpp"
#include "write_atomically.hpp"

namespace {

namespace gm = ftpuri_oracle::mutants;

int usage(std::string const& why)
{
    std::cerr << "grammar_mutants: " << why
              << "\nusage: grammar_mutants GRAMMAR (--output FILE | --list | --show ID) ...\n";
    return 2;
}

void list(gm::grammar const& g, std::vector<gm::mutant> const& ms)
{
    for (gm::mutant const& m : ms) {
        std::string const tag = m.regexes == g.original() ? " [identical]"
                                : m.same_as.empty()       ? ""
                                                          : " [same as " + m.same_as + "]";
        std::cout << m.id << "  " << m.about << tag << '\n';
    }
    std::cout << gm::counts(g, ms);
}

bool show(gm::grammar const& g, std::vector<gm::mutant> const& ms, std::string const& id)
{
    for (gm::mutant const& m : ms) {
        if (m.id != id) continue;
        std::string name = g.name(m.rule);
        name.resize(std::max<std::size_t>(name.size(), 16), ' ');
        std::cout << m.about << '\n' << name << " = " << gm::abnf(*m.body) << '\n';
        for (std::size_t i = 0; i < g.specs().size(); ++i)
            std::cout << g.specs()[i].name << ": " << (m.regexes[i] == g.original()[i] ? "unchanged" : m.regexes[i])
                      << '\n';
        return true;
    }
    std::cerr << "grammar_mutants: no mutant " << id << '\n';
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string_view> const args(argv + 1, argv + argc);
    std::string grammar_path, output, show_id;
    bool want_list = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view const a = args[i];
        if ((a == "--output" || a == "-o" || a == "--show") && i + 1 == args.size())
            return usage(std::string(a) + " needs a value");
        if (a == "--output" || a == "-o")
            output = args[++i];
        else if (a == "--show")
            show_id = args[++i];
        else if (a == "--list")
            want_list = true;
        else if (!a.empty() && a.front() == '-')
            return usage("unknown option " + std::string(a));
        else if (grammar_path.empty())
            grammar_path = a;
        else
            return usage("one GRAMMAR only");
    }
    if (grammar_path.empty() || (output.empty() && show_id.empty() && !want_list))
        return usage("GRAMMAR and one of --output, --list, --show are required");

    std::ifstream in(grammar_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
        std::cerr << "grammar_mutants: error: " << grammar_path << ": cannot read it\n";
        return 1;
    }
    gm::grammar g(text.str(), gm::build_regexes());
    std::vector<gm::mutant> const ms = g.error().empty() ? gm::all_mutants(g) : std::vector<gm::mutant>{};
    if (!g.error().empty()) {
        std::cerr << "grammar_mutants: error: " << grammar_path << ": " << g.error() << '\n';
        return 1;
    }
    if (want_list) list(g, ms);
    if (!show_id.empty() && !show(g, ms, show_id)) return 1;
    if (!output.empty() && !ftpuri_oracle::write_atomically(output, gm::mutants_file(g, ms))) {
        std::cerr << "grammar_mutants: error: cannot write " << output << '\n';
        return 1;
    }
    return 0;
}
