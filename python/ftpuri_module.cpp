// SPDX-License-Identifier: Apache-2.0
// python/ftpuri_module.cpp: ftpuri._core, the compiled half of the Python package ftpuri
// (python/ftpuri/__init__.py is the other half: it re-exports all of this and defines InvalidURI
// and Plan, which it hands back through _register). A layer beside the C API and the CLI: every
// answer is the public C++ API's, converted as binding.hpp says. This file holds the module, the
// one-call functions and the batch ones; uri.cpp, plan.cpp and policy.cpp the rest.
//
// Every function releases the GIL around the library's work. The batch functions cross into C++
// once: they take every input with the GIL held (references kept, bytes read in place), release
// it around the whole loop, and build the results with it held again.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "binding.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/version.hpp"

using namespace ftpuri_python;

namespace {

// Pauses Python's cyclic collector for its lifetime, if it was running. check_many makes a tuple
// and a list for every URI, none of them part of a cycle; the collector, started by every 700 new
// containers, would otherwise walk all those made so far again and again while they are made
// (two thirds of the call's time on 900,000 URIs).
class collector_paused {
public:
    collector_paused() : was_running_(PyGC_Disable() == 1) {}
    ~collector_paused()
    {
        if (was_running_) PyGC_Enable();
    }
    collector_paused(collector_paused const&) = delete;
    collector_paused& operator=(collector_paused const&) = delete;
    collector_paused(collector_paused&&) = delete;
    collector_paused& operator=(collector_paused&&) = delete;

private:
    bool was_running_;
};

} // namespace

PYBIND11_MODULE(_core, m)
{
    m.doc() = "The compiled half of the package ftpuri (import ftpuri, not ftpuri._core).";
    m.attr("__version__") = std::string(ftpuri::version());

    bind_diagnostic(m);
    bind_uri(m);
    bind_plan(m);
    bind_policy(m);
#if FTPURI_PYTHON_FETCH
    bind_fetch(m);
#endif

    m.def(
        "_register", [](py::handle invalid_uri, py::handle plan) { register_classes(invalid_uri, plan); },
        "Called once by ftpuri/__init__.py with its InvalidURI and Plan classes.");

    m.def(
        "validate",
        [](py::object const& uri, py::str const& profile) {
            ftpuri::parse_options const options = options_for(profile);
            std::string_view const input = uri_text(uri);
            py::gil_scoped_release unlocked;
            return ftpuri::validate(input, options);
        },
        py::arg("uri"), py::arg("profile") = "strict",
        "Whether uri (str or bytes) is a valid ftp URI in the profile ('strict', 'rfc3986' or 'lenient').");

    m.def(
        "canonicalize",
        [](py::object const& uri, py::str const& profile, bool strip_password, bool drop_fragment,
           bool drop_anonymous) {
            ftpuri::parse_options const options = options_for(profile);
            ftpuri::canonical_options const canonical = canonical_for(strip_password, drop_fragment, drop_anonymous);
            std::string_view const input = uri_text(uri);
            std::optional<ftpuri::diagnostic> error;
            std::string out;
            {
                py::gil_scoped_release unlocked;
                ftpuri::parse_result const r = ftpuri::parse(input, options);
                if (r)
                    out = ftpuri::canonicalize(*r, canonical);
                else
                    error = r.error();
            }
            if (error) raise_invalid(*error);
            return out;
        },
        py::arg("uri"), py::arg("profile") = "strict", py::kw_only(), py::arg("strip_password").noconvert() = false,
        py::arg("drop_fragment").noconvert() = false, py::arg("drop_anonymous").noconvert() = false,
        "The canonical form (docs/canonical.md); InvalidURI when uri is not valid in the profile.\n"
        "strip_password, drop_fragment, drop_anonymous: as ftpuri-check's --strip-password, --drop-fragment,\n"
        "--drop-anonymous.");

    m.def(
        "equivalent",
        [](py::object const& a, py::object const& b, py::str const& profile) {
            ftpuri::parse_options const options = options_for(profile);
            std::string_view const first = uri_text(a, "a");
            std::string_view const second = uri_text(b, "b");
            py::gil_scoped_release unlocked;
            return ftpuri::equivalent(first, second, options);
        },
        py::arg("a"), py::arg("b"), py::arg("profile") = "strict",
        "Whether a and b have the same canonical form; an invalid URI is equivalent to nothing.");

    m.def(
        "redact_password",
        [](py::object const& uri) -> py::object {
            std::string_view const input = uri_text(uri);
            std::string hidden;
            {
                py::gil_scoped_release unlocked;
                hidden = masked(input);
            }
            if (py::isinstance<py::bytes>(uri)) return py::bytes(hidden);
            return text(hidden);
        },
        py::arg("uri"),
        "uri (str or bytes, valid or not) with its password masked as '****', wherever a WHATWG, curl or\n"
        "RFC 3986 reader would find one (ftpuri/redact.hpp): what ftpuri-check's reports show of an input.");

    m.def(
        "validate_many",
        [](py::object const& uris, py::str const& profile) {
            ftpuri::parse_options const options = options_for(profile);
            std::vector<py::object> keep;
            std::vector<std::string_view> const inputs = uri_texts(uris, keep);
            std::vector<std::uint8_t> valid(inputs.size());
            {
                py::gil_scoped_release unlocked;
                for (std::size_t i = 0; i < inputs.size(); ++i)
                    valid[i] = ftpuri::validate(inputs[i], options) ? 1 : 0;
            }
            py::list out(valid.size());
            for (std::size_t i = 0; i < valid.size(); ++i)
                out[i] = py::bool_(valid[i] != 0);
            return out;
        },
        py::arg("uris"), py::arg("profile") = "strict",
        "validate() of each URI of an iterable, in one call, without the GIL: a list of bool.");

    m.def(
        "canonicalize_many",
        [](py::object const& uris, py::str const& profile, bool strip_password, bool drop_fragment,
           bool drop_anonymous) {
            ftpuri::parse_options const options = options_for(profile);
            ftpuri::canonical_options const rules = canonical_for(strip_password, drop_fragment, drop_anonymous);
            std::vector<py::object> keep;
            std::vector<std::string_view> const inputs = uri_texts(uris, keep);
            std::vector<std::optional<std::string>> canonical(inputs.size());
            {
                py::gil_scoped_release unlocked;
                for (std::size_t i = 0; i < inputs.size(); ++i)
                    canonical[i] = ftpuri::canonicalize(inputs[i], options, rules);
            }
            return canonical;
        },
        py::arg("uris"), py::arg("profile") = "strict", py::kw_only(), py::arg("strip_password").noconvert() = false,
        py::arg("drop_fragment").noconvert() = false, py::arg("drop_anonymous").noconvert() = false,
        "The canonical form of each URI of an iterable, None for an invalid one, in one call, without the GIL;\n"
        "the options as canonicalize() takes them.");

    m.def(
        "check_many",
        [](py::object const& uris, py::str const& profile) {
            ftpuri::parse_options const options = options_for(profile);
            std::vector<py::object> keep;
            std::vector<std::string_view> const inputs = uri_texts(uris, keep);
            std::vector<parse_outcome> checked(inputs.size());
            {
                py::gil_scoped_release unlocked;
                for (std::size_t i = 0; i < inputs.size(); ++i)
                    checked[i] = parse_reported(inputs[i], options);
            }
            collector_paused const paused;
            py::list out(checked.size());
            for (std::size_t i = 0; i < checked.size(); ++i)
                out[i] = py::make_tuple(checked[i].view.has_value(), diagnostic_list(checked[i].found));
            return out;
        },
        py::arg("uris"), py::arg("profile") = "strict",
        "For each URI of an iterable, (valid, diagnostics): every finding ftpuri-check reports for it as a\n"
        "line, errors, warnings and notes, in one call, without the GIL (and without the cyclic GC while\n"
        "it builds the results, which hold no cycle).");

    // Last: every function above, as pickle can name it (ftpuri.validate, not a capsule's method).
    pickle_functions_by_name(m, "ftpuri");
}
