// SPDX-License-Identifier: Apache-2.0
// props/registry.hpp: the properties of the ftpuri_props binary, by name.
//
// Each property file registers its checks with FTPURI_PROPERTY(name) { return rc::check(...); }.
// main.cpp runs the ones named on the command line (all of them without arguments); ctest runs
// one name per test (props/CMakeLists.txt), so each prints RapidCheck's own verdict line.
#pragma once

#include <string>
#include <vector>

namespace ftpuri_props {

struct property {
    std::string name;
    bool (*run)();
};

inline std::vector<property>& registry()
{
    static std::vector<property> all;
    return all;
}

struct registrar {
    // noexcept: registration runs during static initialization, where an exception (bad_alloc)
    // could not be caught anyway (cert-err58-cpp).
    registrar(char const* name, bool (*run)()) noexcept { registry().push_back({name, run}); }
};

} // namespace ftpuri_props

#define FTPURI_PROPS_CAT2(a, b) a##b
#define FTPURI_PROPS_CAT(a, b) FTPURI_PROPS_CAT2(a, b)
#define FTPURI_PROPERTY(name)                                                                                          \
    static bool FTPURI_PROPS_CAT(prop_run_, __LINE__)();                                                               \
    static ::ftpuri_props::registrar const FTPURI_PROPS_CAT(prop_reg_,                                                 \
                                                            __LINE__){name, &FTPURI_PROPS_CAT(prop_run_, __LINE__)};   \
    static bool FTPURI_PROPS_CAT(prop_run_, __LINE__)()
