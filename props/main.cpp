// SPDX-License-Identifier: Apache-2.0
// props/main.cpp: runs the registered properties.
//
//   ftpuri_props                 every property
//   ftpuri_props NAME...         the named ones (ctest passes one)
//   ftpuri_props --list          the names, one a line
//   ftpuri_props --expect NAME...  fails unless exactly these are registered (keeps the ctest
//                                  list in props/CMakeLists.txt complete)
//
// RapidCheck reads RC_PARAMS (max_success=N, seed=N, reproduce=...): see props/README.md.
#include <algorithm>
#include <iostream>
#include <set>
#include <string>
#include <string_view>

#include "registry.hpp"

int main(int argc, char** argv)
{
    auto const& all = ftpuri_props::registry();
    std::vector<std::string> args(argv + 1, argv + argc);

    if (!args.empty() && args[0] == "--list") {
        for (auto const& p : all)
            std::cout << p.name << '\n';
        return 0;
    }
    if (!args.empty() && args[0] == "--expect") {
        std::set<std::string> const expected(args.begin() + 1, args.end());
        std::set<std::string> registered;
        for (auto const& p : all)
            registered.insert(p.name);
        int status = 0;
        for (auto const& n : registered) {
            if (expected.count(n) == 0) {
                std::cerr << "property '" << n << "' is not registered with ctest (props/CMakeLists.txt)\n";
                status = 1;
            }
        }
        for (auto const& n : expected) {
            if (registered.count(n) == 0) {
                std::cerr << "ctest names property '" << n << "', which does not exist\n";
                status = 1;
            }
        }
        if (status == 0) std::cout << registered.size() << " properties, all registered with ctest\n";
        return status;
    }

    int failures = 0;
    int ran = 0;
    for (auto const& p : all) {
        if (!args.empty() && std::find(args.begin(), args.end(), p.name) == args.end()) continue;
        ++ran;
        if (!p.run()) ++failures;
    }
    for (auto const& a : args) {
        if (std::none_of(all.begin(), all.end(), [&](auto const& p) { return p.name == a; })) {
            std::cerr << "no property named '" << a << "' (ftpuri_props --list)\n";
            return 2;
        }
    }
    if (ran > 1) std::cout << ran - failures << " of " << ran << " properties passed\n";
    return failures == 0 ? 0 : 1;
}
