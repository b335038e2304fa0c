// SPDX-License-Identifier: Apache-2.0
// python/uri.cpp: URI, a parsed URI's parts, and parse().
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/uri_view.hpp"

namespace ftpuri_python {
namespace {

// A parsed URI: the view, into the str or bytes it was parsed from, which it keeps alive.
struct parsed_uri {
    py::object input;
    ftpuri::uri_view view;
    std::vector<ftpuri::diagnostic> diagnostics; // warnings and notes
    std::string canonical;
    ftpuri::host_class cls = ftpuri::host_class::public_;
};

// The input of `uri` as it was given, with its password masked (ftpuri/redact.hpp): for repr(),
// which ends up in logs.
py::object masked_input(parsed_uri const& uri)
{
    std::string const hidden = masked(uri_text(uri.input));
    if (py::isinstance<py::bytes>(uri.input)) return py::bytes(hidden);
    return text(hidden);
}

parsed_uri parse_text(py::object const& uri, ftpuri::parse_options const& options)
{
    std::string_view const input = uri_text(uri);
    parsed_uri out{.input = uri, .view = {}, .diagnostics = {}, .canonical = {}};
    parse_outcome parsed;
    {
        py::gil_scoped_release unlocked;
        parsed = parse_reported(input, options);
        if (parsed.view) {
            out.view = *parsed.view;
            out.canonical = ftpuri::canonicalize(out.view);
            out.cls = ftpuri::classify_host(out.view);
        }
    }
    if (!parsed.view) raise_invalid(parsed.error);
    out.diagnostics = std::move(parsed.found);
    return out;
}

py::object parse_uri(py::object const& uri, py::str const& profile)
{
    return py::cast(parse_text(uri, options_for(profile)));
}

// Two parses are equal when they parsed the same input (str or bytes alike) in the same profile:
// everything else follows from those.
bool same_parse(parsed_uri const& a, parsed_uri const& b)
{
    return a.view.syntax() == b.view.syntax() && a.input.equal(b.input);
}

// A parsed URI as ftpuri-check --format=json --components reports its input: the password masked
// (in "input", "canonical" and "components"), text that is not UTF-8 made U+FFFD.
py::dict uri_dict(parsed_uri const& u)
{
    ftpuri::uri_view const& v = u.view;
    auto decoded = [](std::string_view raw) { return report_text(ftpuri::percent_decode(raw)); };
    auto optional = [&](bool present, std::string_view raw) {
        return present ? py::object(decoded(raw)) : py::object(py::none());
    };
    py::dict components;
    components["scheme"] = "ftp";
    components["user"] = optional(v.has_userinfo(), v.user());
    components["password"] = v.has_password() ? py::object(py::str("****")) : py::object(py::none());
    components["host"] = decoded(v.host());
    components["host_kind"] = ftpuri::to_string(v.host_type());
    components["port"] = v.effective_port();
    py::list segments;
    for (std::string_view const segment : v.segments())
        segments.append(decoded(segment));
    components["segments"] = segments;
    components["name"] = decoded(v.name());
    char const code = v.typecode();
    components["typecode"] = v.has_typecode() ? py::object(py::str(&code, 1)) : py::object(py::none());
    components["query"] = optional(v.has_query(), v.query());
    components["fragment"] = optional(v.has_fragment(), v.fragment());

    py::dict out;
    out["input"] = report_text(masked(uri_text(u.input)));
    out["valid"] = true;
    out["canonical"] = report_text(masked(u.canonical));
    out["host_class"] = ftpuri::to_string(u.cls);
    out["diagnostics"] = diagnostic_dicts(u.diagnostics);
    out["components"] = components;
    return out;
}

// What pickle keeps: the input and the profile; the rest is parsed again.
py::tuple uri_state(parsed_uri const& u)
{
    return py::make_tuple(u.input, ftpuri::to_string(u.view.syntax()));
}

parsed_uri uri_from_state(py::tuple const& state)
{
    if (state.size() != 2) throw py::value_error("a URI's state has 2 items, not " + std::to_string(state.size()));
    return parse_text(state[0], options_for(state[1].cast<py::str>()));
}

} // namespace

void bind_uri(py::module_& m)
{
    using U = parsed_uri;
    py::class_<U>(m, "URI", py::module_local(),
                  "A valid ftp URI taken apart (returned by parse()).\n\n"
                  "The parts without a prefix are percent-decoded (user, password, host, path, segments,\n"
                  "name, query, fragment); the raw_ ones are as written. An absent part is None.")
        .def_property_readonly(
            "input", [](U const& u) { return u.input; }, "The str or bytes that was parsed.")
        .def_property_readonly(
            "profile", [](U const& u) { return ftpuri::to_string(u.view.syntax()); }, "The profile it was parsed in.")
        .def_property_readonly(
            "user", [](U const& u) { return decoded_or_none(u.view.has_userinfo(), u.view.user()); },
            "The user, decoded; None without '@'.")
        .def_property_readonly(
            "password", [](U const& u) { return decoded_or_none(u.view.has_password(), u.view.password()); },
            "The password, decoded; None without ':' in the userinfo.")
        .def_property_readonly(
            "host", [](U const& u) { return text(ftpuri::percent_decode(u.view.host())); },
            "The host, decoded, with an IP literal's brackets.")
        .def_property_readonly(
            "host_address", [](U const& u) { return text(u.view.host_address()); },
            "The host as written, without an IP literal's brackets.")
        .def_property_readonly(
            "port",
            [](U const& u) {
                bool const digits = u.view.has_port() && !u.view.port().empty();
                return digits ? py::object(py::int_(u.view.port_number())) : py::object(py::none());
            },
            "The port as a number; None when there is none or it is empty ('host:').")
        .def_property_readonly(
            "effective_port", [](U const& u) { return u.view.effective_port(); },
            "The port to connect to: port, or 21.")
        .def_property_readonly(
            "path", [](U const& u) { return text(ftpuri::percent_decode(u.view.path())); },
            "The path, decoded: '' or '/...', without the typecode.")
        .def_property_readonly(
            "segments",
            [](U const& u) {
                py::list out;
                for (std::string_view const segment : u.view.segments())
                    out.append(text(ftpuri::percent_decode(segment)));
                return out;
            },
            "The path's segments, decoded: every one but the last is a directory, the last the name.")
        .def_property_readonly(
            "name", [](U const& u) { return text(ftpuri::percent_decode(u.view.name())); },
            "The last segment, decoded: the file (or with ;type=d the directory) to act on.")
        .def_property_readonly(
            "typecode",
            [](U const& u) {
                char const code = u.view.typecode();
                return code != '\0' ? py::object(py::str(&code, 1)) : py::object(py::none());
            },
            "'a', 'i' or 'd' (lowercase), or None.")
        .def_property_readonly(
            "query", [](U const& u) { return decoded_or_none(u.view.has_query(), u.view.query()); },
            "The query, decoded (the rfc3986 profile only), or None.")
        .def_property_readonly(
            "fragment", [](U const& u) { return decoded_or_none(u.view.has_fragment(), u.view.fragment()); },
            "The fragment, decoded, or None.")
        .def_property_readonly(
            "raw_user", [](U const& u) { return text_or_none(u.view.has_userinfo(), u.view.user()); },
            "The user as written, or None.")
        .def_property_readonly(
            "raw_password", [](U const& u) { return text_or_none(u.view.has_password(), u.view.password()); },
            "The password as written, or None.")
        .def_property_readonly(
            "raw_host", [](U const& u) { return text(u.view.host()); }, "The host as written, brackets included.")
        .def_property_readonly(
            "raw_port", [](U const& u) { return text_or_none(u.view.has_port(), u.view.port()); },
            "The port as written ('' for 'host:'), or None.")
        .def_property_readonly(
            "raw_path", [](U const& u) { return text(u.view.path()); }, "The path as written, without the typecode.")
        .def_property_readonly(
            "raw_segments",
            [](U const& u) {
                py::list out;
                for (std::string_view const segment : u.view.segments())
                    out.append(text(segment));
                return out;
            },
            "The path's segments as written.")
        .def_property_readonly(
            "raw_typecode", [](U const& u) { return text_or_none(u.view.has_typecode(), u.view.typecode_part()); },
            "';type=X' as written, or None.")
        .def_property_readonly(
            "raw_query", [](U const& u) { return text_or_none(u.view.has_query(), u.view.query()); },
            "The query as written, or None.")
        .def_property_readonly(
            "raw_fragment", [](U const& u) { return text_or_none(u.view.has_fragment(), u.view.fragment()); },
            "The fragment as written, or None.")
        .def_property_readonly(
            "host_kind", [](U const& u) { return ftpuri::to_string(u.view.host_type()); },
            "'dns-name', 'ipv4', 'ipv6', 'ipvfuture' or 'reg-name'.")
        .def_property_readonly(
            "host_class", [](U const& u) { return ftpuri::to_string(u.cls); },
            "The host's class ('public', 'loopback', 'private', ...), the worst of its readings.")
        .def_property_readonly(
            "diagnostics", [](U const& u) { return diagnostic_list(u.diagnostics); },
            "The warnings and notes, as a list of Diagnostic.")
        .def_property_readonly(
            "canonical", [](U const& u) { return u.canonical; }, "The canonical form (docs/canonical.md).")
        .def(
            "__str__", [](U const& u) { return py::isinstance<py::str>(u.input) ? u.input : text(uri_text(u.input)); },
            "The URI as written.")
        .def(
            "__repr__",
            [](U const& u) {
                std::string const input = py::repr(masked_input(u));
                return "URI(" + input + ", profile='" + std::string(ftpuri::to_string(u.view.syntax())) + "')";
            },
            "URI('ftp://u:****@h/', profile='strict'): the password masked.")
        .def(
            "__eq__",
            [](U const& a, py::object const& b) -> py::object {
                if (!py::isinstance<U>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                return py::bool_(same_parse(a, b.cast<U const&>()));
            },
            "Whether both parsed the same input in the same profile.")
        .def(
            "__hash__", [](U const& u) { return py::hash(uri_state(u)); }, "A hash that equal URIs share.")
        .def("to_dict", &uri_dict,
             "As ftpuri-check --format=json --components reports the input (without file and line): input,\n"
             "valid, canonical, host_class, diagnostics, components; the password masked as ****, text that is\n"
             "not UTF-8 as U+FFFD.")
        .def(py::pickle(&uri_state, read_state("URI", &uri_from_state)))
        .def("__reduce_ex__", &reduce_by_state, "Pickles by state at every protocol.");

    m.def("parse", &parse_uri, py::arg("uri"), py::arg("profile") = "strict",
          "The URI taken apart; InvalidURI, with its first error, when it is not valid in the profile.");
}

} // namespace ftpuri_python
