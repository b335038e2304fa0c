// SPDX-License-Identifier: Apache-2.0
// python/binding.hpp: what the files of the extension ftpuri._core share: the conversions between
// Python's values and the library's, made once for all here (binding.cpp), and the binding of each
// part of the API (one file each: uri.cpp, plan.cpp, policy.cpp; ftpuri_module.cpp the rest).
//
// The conversions:
//   - a URI is str (its UTF-8 bytes are parsed) or bytes (parsed as they are); offsets count
//     those bytes. Anything else is a TypeError.
//   - text that comes back is str; bytes that are not UTF-8 (a decoded %FF, raw bytes of a bytes
//     input) come back as lone surrogates (errors="surrogateescape"), so that
//     s.encode("utf-8", "surrogateescape") gives the exact bytes.
//   - a profile, plan mode or host class is its library name ("strict", "multicwd",
//     "loopback"); an unknown name is a ValueError.
//   - an invalid URI raises InvalidURI (a ValueError) carrying its first error as a Diagnostic.
//
// The GIL is released around the library's work, which touches no Python object: a str's UTF-8
// bytes and a bytes' buffer are immutable and live as long as the object, which the caller (or,
// in the batch functions, a vector of references taken with the GIL held) keeps alive, so the
// library reads them in place.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h> // in every file: type casters must be the same in each

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp" // the to_string()s that enum_named reads
#include "ftpuri/options.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri_python {

namespace py = pybind11;

// ---- arguments ------------------------------------------------------------------------------

// The name of `value`'s type, for a TypeError's message.
std::string type_name(py::handle value);

// The bytes of a URI argument; a view into `value`, which must outlive it. `what` names the
// argument in a TypeError.
std::string_view uri_text(py::handle value, char const* what = "uri");

// The URIs of a batch call (any iterable but a str or bytes): references to them kept in `keep`,
// their bytes returned.
std::vector<std::string_view> uri_texts(py::handle uris, std::vector<py::object>& keep);

// The UTF-8 of a str argument. A lone surrogate, which has none, is a ValueError naming `what`
// (pybind11's own cast would make it a RuntimeError).
std::string utf8(py::handle value, char const* what);

// A name argument that is one string, or several as a comma-separated str or an iterable of str
// (as --deny, --error and --allow-host take them, once or repeated).
std::vector<std::string> names(py::handle value, char const* what);

ftpuri::parse_options options_for(py::str const& profile);

// The warnings to report as errors, named as --error names them.
ftpuri::diag_set diag_ids(py::handle value);

ftpuri::canonical_options canonical_for(bool strip_password, bool drop_fragment, bool drop_anonymous);

// ---- results --------------------------------------------------------------------------------

// Bytes as str, with surrogateescape.
py::str text(std::string_view bytes);
py::object text_or_none(bool present, std::string_view bytes);
// Percent-decoded, as str.
py::object decoded_or_none(bool present, std::string_view raw);

py::list diagnostic_list(std::vector<ftpuri::diagnostic> const& found);

// ---- values: pickling and to_dict() ---------------------------------------------------------

// The enumerator of `Enum` (values 0 to Count - 1) whose to_string() is `name`; a ValueError
// naming `what` when none is. Pickled states hold names, not numbers: a state is read the same by
// another version of the module.
template <class Enum, std::size_t Count>
Enum enum_named(std::string_view name, char const* what)
{
    for (std::size_t i = 0; i < Count; ++i) {
        auto const value = static_cast<Enum>(i);
        if (ftpuri::to_string(value) == name) return value;
    }
    throw py::value_error(std::string("unknown ") + what + " '" + std::string(name) + "'");
}

// `read`, a function that makes a value from its pickled state, made to raise ValueError for a
// state of the wrong shape (an item of another type, a number out of range), where pybind11's
// cast raises RuntimeError.
template <class Read>
auto read_state(char const* what, Read read)
{
    return [what, read](py::tuple const& state) {
        try {
            return read(state);
        } catch (py::cast_error const& e) {
            throw py::value_error(std::string("not the state of a ") + what + ": " + e.what());
        }
    };
}

// A Diagnostic as pickle keeps it, and back (a ValueError for a state no diagnostic has).
py::tuple diagnostic_state(ftpuri::diagnostic const& d);
ftpuri::diagnostic diagnostic_from_state(py::tuple const& state);

// __reduce_ex__ for a class with py::pickle: (copyreg.__newobj__, (type,), __getstate__()) at every
// protocol. pybind11 leaves protocols 0 and 1 to copyreg's default, which makes the instance with
// object.__new__ and aborts the process when __setstate__ fills it.
py::tuple reduce_by_state(py::handle self, int protocol);

// As ftpuri-check --format=json writes a diagnostic: id, severity, offset, length, message, hint.
py::dict diagnostic_dict(ftpuri::diagnostic const& d);
py::list diagnostic_dicts(std::vector<ftpuri::diagnostic> const& found);

// `bytes` with its password masked (ftpuri/redact.hpp), as ftpuri-check's reports show an input.
std::string masked(std::string_view bytes);
// Bytes as str the way ftpuri-check's JSON makes them Unicode: a byte that is not UTF-8 is U+FFFD.
py::str report_text(std::string_view bytes);

// Gives every function of `m` (a pybind11 builtin) a stand-in that pickles by name (by_name.cpp).
void pickle_functions_by_name(py::module_& m, char const* public_module);

// "offset 6: error: numeric host that is not a dotted-decimal IPv4 address [host.numeric-ambiguous]":
// ftpuri-check's message line, with the byte offset for the file and line.
std::string describe(ftpuri::diagnostic const& d);

// InvalidURI and Plan, python/ftpuri/__init__.py's classes, handed over by _register.
void register_classes(py::handle invalid_uri, py::handle plan);
// Plan, or nothing before _register.
py::handle plan_class();
// Raises InvalidURI(d), or ValueError(d) when _core is used without the package.
[[noreturn]] void raise_invalid(ftpuri::diagnostic const& d);

// What ftpuri-check reports for an input as a line: the parse's warnings and notes, and its error
// (line_checker.cpp: parse() puts its error into the list; should it not, it is added).
struct parse_outcome {
    std::optional<ftpuri::uri_view> view;
    ftpuri::diagnostic error{};
    std::vector<ftpuri::diagnostic> found;
};
parse_outcome parse_reported(std::string_view input, ftpuri::parse_options const& options);

// ---- the API, by part -----------------------------------------------------------------------

void bind_diagnostic(py::module_& m); // Diagnostic (binding.cpp)
void bind_uri(py::module_& m);        // URI, parse (uri.cpp)
void bind_plan(py::module_& m);       // Command, plan (plan.cpp)
void bind_policy(py::module_& m);     // Policy, SanitizeResult, sanitize, classify_address (policy.cpp)
void bind_fetch(py::module_& m);      // _fetch, where the guarded fetch is built (fetch.cpp)

// The C++ policy of a Policy object (policy.cpp); a TypeError for anything else.
ftpuri::policy const& policy_of(py::handle policy);

} // namespace ftpuri_python
