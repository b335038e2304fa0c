// SPDX-License-Identifier: Apache-2.0
// python/binding.cpp: the conversions the extension's files share (binding.hpp), and Diagnostic.
#include "binding.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/redact.hpp"

namespace ftpuri_python {

std::string type_name(py::handle value)
{
    return py::str(value.get_type().attr("__name__"));
}

std::string_view uri_text(py::handle value, char const* what)
{
    if (py::isinstance<py::str>(value)) {
        Py_ssize_t size = 0;
        char const* const data = PyUnicode_AsUTF8AndSize(value.ptr(), &size); // UnicodeEncodeError: a lone surrogate
        if (data == nullptr) throw py::error_already_set();
        return {data, static_cast<std::size_t>(size)};
    }
    if (py::isinstance<py::bytes>(value)) {
        char* data = nullptr;
        Py_ssize_t size = 0;
        if (PyBytes_AsStringAndSize(value.ptr(), &data, &size) != 0) throw py::error_already_set();
        return {data, static_cast<std::size_t>(size)};
    }
    throw py::type_error(std::string(what) + " must be str or bytes, not " + type_name(value));
}

std::vector<std::string_view> uri_texts(py::handle uris, std::vector<py::object>& keep)
{
    // A str is an iterable of one-character strs: surely not what was meant.
    if (py::isinstance<py::str>(uris) || py::isinstance<py::bytes>(uris))
        throw py::type_error("uris must be an iterable of str or bytes, not " + type_name(uris));
    std::vector<std::string_view> texts;
    for (py::handle uri : py::iter(uris)) {
        keep.push_back(py::reinterpret_borrow<py::object>(uri));
        texts.push_back(uri_text(uri, "every URI"));
    }
    return texts;
}

std::string utf8(py::handle value, char const* what)
{
    Py_ssize_t size = 0;
    char const* const data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
    if (data == nullptr) {
        py::error_already_set const encoding; // the UnicodeEncodeError, which says where
        throw py::value_error(std::string(what) + ": " + encoding.what());
    }
    return {data, static_cast<std::size_t>(size)};
}

std::vector<std::string> names(py::handle value, char const* what)
{
    if (py::isinstance<py::str>(value)) return {utf8(value, what)};
    if (py::isinstance<py::bytes>(value))
        throw py::type_error(std::string(what) + " must be str or an iterable of str, not bytes");
    std::vector<std::string> out;
    for (py::handle name : py::iter(value)) {
        if (!py::isinstance<py::str>(name))
            throw py::type_error(std::string(what) + " must hold str, not " + type_name(name));
        out.push_back(utf8(name, what));
    }
    return out;
}

ftpuri::parse_options options_for(py::str const& profile)
{
    std::string const name = profile;
    std::optional<ftpuri::profile> const p = ftpuri::profile_from_string(name);
    if (!p) throw py::value_error("unknown profile '" + name + "' (strict, rfc3986 or lenient)");
    ftpuri::parse_options options;
    options.syntax = *p;
    return options;
}

ftpuri::diag_set diag_ids(py::handle value)
{
    ftpuri::diag_set ids;
    for (std::string const& list : names(value, "error")) {
        std::string_view rest = list;
        while (true) {
            std::size_t const comma = rest.find(',');
            std::string const name(rest.substr(0, comma));
            std::optional<ftpuri::diag_id> const id = ftpuri::diag_id_from_string(name);
            if (!id) throw py::value_error("error: unknown diagnostic id '" + name + "'");
            ids.insert(*id);
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
    }
    return ids;
}

ftpuri::canonical_options canonical_for(bool strip_password, bool drop_fragment, bool drop_anonymous)
{
    return {.drop_password = strip_password, .drop_fragment = drop_fragment, .drop_anonymous = drop_anonymous};
}

py::str text(std::string_view bytes)
{
    PyObject* const s = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "surrogateescape");
    if (s == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
}

py::object text_or_none(bool present, std::string_view bytes)
{
    return present ? py::object(text(bytes)) : py::object(py::none());
}

py::object decoded_or_none(bool present, std::string_view raw)
{
    return present ? py::object(text(ftpuri::percent_decode(raw))) : py::object(py::none());
}

py::list diagnostic_list(std::vector<ftpuri::diagnostic> const& found)
{
    py::list out;
    for (ftpuri::diagnostic const& d : found)
        out.append(py::cast(d));
    return out;
}

py::tuple diagnostic_state(ftpuri::diagnostic const& d)
{
    return py::make_tuple(d.info().name, ftpuri::to_string(d.level), ftpuri::to_string(d.where), d.offset, d.length,
                          d.detail);
}

ftpuri::diagnostic diagnostic_from_state(py::tuple const& state)
{
    if (state.size() != 6)
        throw py::value_error("a Diagnostic's state has 6 items, not " + std::to_string(state.size()));
    auto const name = state[0].cast<std::string>();
    std::optional<ftpuri::diag_id> const id = ftpuri::diag_id_from_string(name);
    if (!id) throw py::value_error("unknown diagnostic id '" + name + "'");
    ftpuri::diagnostic d{
        .id = *id,
        .level = enum_named<ftpuri::severity, 3>(state[1].cast<std::string>(), "severity"),
        .where = enum_named<ftpuri::component, static_cast<std::size_t>(ftpuri::component::fragment) + 1>(
            state[2].cast<std::string>(), "component"),
        .offset = state[3].cast<std::uint32_t>(),
        .length = state[4].cast<std::uint32_t>(),
        .detail = state[5].cast<std::uint8_t>(),
    };
    // message() reads host.denied's detail as a host class; no other id has one.
    std::size_t const details = d.id == ftpuri::diag_id::host_denied ? ftpuri::host_class_count : 1;
    if (d.detail >= details) throw py::value_error("no " + name + " has the detail " + std::to_string(d.detail));
    return d;
}

py::tuple reduce_by_state(py::handle self, int /*protocol*/)
{
    py::object const make = py::module_::import("copyreg").attr("__newobj__");
    return py::make_tuple(make, py::make_tuple(self.get_type()), self.attr("__getstate__")());
}

py::dict diagnostic_dict(ftpuri::diagnostic const& d)
{
    py::dict out;
    out["id"] = d.info().name;
    out["severity"] = ftpuri::to_string(d.level);
    out["offset"] = d.offset;
    out["length"] = d.length;
    out["message"] = ftpuri::message(d);
    out["hint"] = d.info().hint;
    return out;
}

py::list diagnostic_dicts(std::vector<ftpuri::diagnostic> const& found)
{
    py::list out;
    for (ftpuri::diagnostic const& d : found)
        out.append(diagnostic_dict(d));
    return out;
}

std::string masked(std::string_view bytes)
{
    std::string out(ftpuri::redact_password_size_bound(bytes), '\0');
    out.resize(ftpuri::redact_password_into(bytes, out).size);
    return out;
}

py::str report_text(std::string_view bytes)
{
    PyObject* const s = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "replace");
    if (s == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
}

namespace {
// They live as long as the interpreter: kept with a reference that is never dropped, since
// nothing may be released after the interpreter has gone.
py::handle invalid_uri_type;
py::handle plan_type;
} // namespace

void register_classes(py::handle invalid_uri, py::handle plan)
{
    invalid_uri_type = invalid_uri.inc_ref();
    plan_type = plan.inc_ref();
}

py::handle plan_class()
{
    return plan_type;
}

[[noreturn]] void raise_invalid(ftpuri::diagnostic const& d)
{
    py::handle const cls = invalid_uri_type ? invalid_uri_type : py::handle(PyExc_ValueError);
    py::object const error = cls(py::cast(d));
    PyErr_SetObject(cls.ptr(), error.ptr());
    throw py::error_already_set();
}

std::string describe(ftpuri::diagnostic const& d)
{
    std::string s = "offset " + std::to_string(d.offset) + ": ";
    s += ftpuri::to_string(d.level);
    s += ": ";
    s += ftpuri::message(d);
    s += " [";
    s += d.info().name;
    s += "]";
    return s;
}

parse_outcome parse_reported(std::string_view input, ftpuri::parse_options const& options)
{
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse(input, options, list);
    if (!r && !list.has_error()) list.push(r.error());
    parse_outcome out;
    if (r)
        out.view = *r;
    else
        out.error = r.error();
    out.found.assign(list.begin(), list.end());
    return out;
}

void bind_diagnostic(py::module_& m)
{
    py::class_<ftpuri::diagnostic>(m, "Diagnostic", py::module_local(),
                                   "One finding: what is wrong, where (a byte range of the input) and what to do.\n"
                                   "str(d) reads like ftpuri-check's message line, with the byte offset.")
        .def_property_readonly(
            "id", [](ftpuri::diagnostic const& d) { return d.info().name; }, "The stable id: 'host.numeric-ambiguous'.")
        .def_property_readonly(
            "severity", [](ftpuri::diagnostic const& d) { return ftpuri::to_string(d.level); },
            "'error', 'warning' or 'note'.")
        .def_property_readonly(
            "component", [](ftpuri::diagnostic const& d) { return ftpuri::to_string(d.where); },
            "The part it points into: 'host', 'path', ...")
        .def_readonly("offset", &ftpuri::diagnostic::offset, "Where it starts, in bytes (of the UTF-8 of a str).")
        .def_readonly("length", &ftpuri::diagnostic::length, "How many bytes it covers.")
        .def_property_readonly(
            "message", [](ftpuri::diagnostic const& d) { return ftpuri::message(d); }, "What is wrong.")
        .def_property_readonly(
            "hint", [](ftpuri::diagnostic const& d) { return d.info().hint; }, "What to do about it.")
        .def("__str__", &describe, "'offset 6: error: ... [host.numeric-ambiguous]'.")
        .def(
            "__repr__",
            [](ftpuri::diagnostic const& d) {
                return "Diagnostic(id='" + std::string(d.info().name) + "', severity='" +
                       std::string(ftpuri::to_string(d.level)) + "', offset=" + std::to_string(d.offset) +
                       ", length=" + std::to_string(d.length) + ")";
            },
            "Diagnostic(id='...', severity='...', offset=N, length=N).")
        .def(
            "__eq__",
            [](ftpuri::diagnostic const& a, py::object const& b) -> py::object {
                if (!py::isinstance<ftpuri::diagnostic>(b))
                    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                return py::bool_(a == b.cast<ftpuri::diagnostic const&>());
            },
            "Whether two findings are the same: id, severity, component and byte range.")
        .def(
            "__hash__",
            [](ftpuri::diagnostic const& d) {
                return py::hash(py::make_tuple(static_cast<int>(d.id), static_cast<int>(d.level),
                                               static_cast<int>(d.where), d.offset, d.length, d.detail));
            },
            "A hash that equal findings share.")
        .def("to_dict", &diagnostic_dict,
             "As ftpuri-check --format=json writes it: id, severity, offset, length, message, hint.")
        .def(py::pickle(&diagnostic_state, read_state("Diagnostic", &diagnostic_from_state)))
        .def("__reduce_ex__", &reduce_by_state, "Pickles by state at every protocol.");
}

} // namespace ftpuri_python
