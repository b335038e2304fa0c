// SPDX-License-Identifier: Apache-2.0
// python/plan.cpp: Command and plan(). The lines as ftpuri-check --plan shows them come from the
// CLI's own code (src/cli/plan_lines.cpp, compiled into the extension).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/redact.hpp"
#include "plan_lines.hpp"

namespace ftpuri_python {
namespace {

struct command {
    ftpuri::ftp_verb verb = ftpuri::ftp_verb::list;
    std::optional<std::string> argument;     // decoded
    std::optional<std::string> raw_argument; // as written in the URI, or the plan's literal
    std::string line;                        // as sent, without CRLF
    std::string shown;                       // as ftpuri-check --plan prints it
};

// --anonymous-password's check (src/cli/main.cpp): the library's own, on a URI whose plan sends
// the anonymous password.
void check_anonymous_password(std::string_view password)
{
    ftpuri::parse_result const uri = ftpuri::parse("ftp://h/");
    ftpuri::plan_options options;
    options.anonymous_password = password;
    ftpuri::plan_result const planned = ftpuri::plan(*uri, options);
    if (!planned)
        throw py::value_error("anonymous_password: " + describe(planned.error()) + "; " +
                              std::string(planned.error().info().hint));
}

py::object plan_uri(py::object const& uri, py::str const& mode, bool absolute, py::object const& anonymous_password,
                    bool show_password, py::str const& profile)
{
    ftpuri::parse_options const options = options_for(profile);
    std::string const mode_name = mode;
    std::optional<ftpuri::plan_mode> const found_mode = ftpuri::plan_mode_from_string(mode_name);
    if (!found_mode)
        throw py::value_error("unknown plan mode '" + mode_name + "' (rfc1738, multicwd, singlecwd or nocwd)");
    std::string_view const anonymous = uri_text(anonymous_password, "anonymous_password");
    check_anonymous_password(anonymous);
    std::string_view const input = uri_text(uri);

    std::optional<ftpuri::diagnostic> error;
    std::vector<command> commands;
    bool ask_password = false;
    {
        py::gil_scoped_release unlocked;
        ftpuri::parse_result const parsed = ftpuri::parse(input, options);
        ftpuri::plan_options const plan_options{
            .mode = *found_mode, .absolute = absolute, .anonymous_password = anonymous};
        ftpuri::plan_result const planned = parsed ? ftpuri::plan(*parsed, plan_options) : ftpuri::plan_result{};
        if (!parsed) {
            error = parsed.error();
        } else if (!planned) {
            error = planned.error(); // offsets into the parsed URI, which lenient may have trimmed
            error->offset += static_cast<std::uint32_t>(parsed->buffer().data() - input.data());
        } else {
            // As line_checker's write_plan() masks: the password any reader finds in the input.
            ftpuri::cli::command_mask mask{.show_password = show_password, .password = std::nullopt};
            if (!show_password)
                mask.password = ftpuri::cli::password_in_uri(ftpuri::find_password(input), input, *parsed);
            std::string scratch;
            for (ftpuri::ftp_command const& c : *planned) {
                command out;
                out.verb = c.verb();
                if (c.has_argument()) {
                    out.argument.emplace();
                    for (char const byte : c.argument())
                        out.argument->push_back(byte);
                    out.raw_argument = std::string(c.raw_argument());
                }
                out.line.resize(c.write_size_bound());
                out.line.resize(c.write_into(out.line).size); // always ok: the line has the bound's size
                out.shown = ftpuri::cli::command_line(c, mask, scratch);
                commands.push_back(std::move(out));
            }
            ask_password = planned->ask_password();
        }
    }
    if (error) raise_invalid(*error);
    py::list list;
    for (command& c : commands)
        list.append(py::cast(std::move(c)));
    py::handle const plan = plan_class();
    if (!plan) return list;
    return plan(list, ask_password);
}

py::object bytes_or_none(std::optional<std::string> const& bytes)
{
    return bytes ? py::object(py::bytes(*bytes)) : py::object(py::none());
}

std::optional<std::string> bytes_from(py::handle value)
{
    if (value.is_none()) return std::nullopt;
    return value.cast<py::bytes>().cast<std::string>();
}

// What pickle keeps of a command: the verb's name and the bytes of the rest, exact.
py::tuple command_state(command const& c)
{
    return py::make_tuple(ftpuri::to_string(c.verb), bytes_or_none(c.argument), bytes_or_none(c.raw_argument),
                          py::bytes(c.line), py::bytes(c.shown));
}

command command_from_state(py::tuple const& state)
{
    if (state.size() != 5) throw py::value_error("a Command's state has 5 items, not " + std::to_string(state.size()));
    command c;
    c.verb = enum_named<ftpuri::ftp_verb, static_cast<std::size_t>(ftpuri::ftp_verb::list) + 1>(
        state[0].cast<std::string>(), "verb");
    c.argument = bytes_from(state[1]);
    c.raw_argument = bytes_from(state[2]);
    c.line = state[3].cast<py::bytes>().cast<std::string>();
    c.shown = state[4].cast<py::bytes>().cast<std::string>();
    return c;
}

} // namespace

void bind_plan(py::module_& m)
{
    py::class_<command>(m, "Command", py::module_local(),
                        "One FTP command of a plan. str(c) is the line as ftpuri-check --plan prints it (the\n"
                        "URI's password as ****, unless plan(..., show_password=True)); bytes(c) is the line\n"
                        "exactly as sent, without CRLF.")
        .def_property_readonly(
            "verb", [](command const& c) { return ftpuri::to_string(c.verb); },
            "'USER', 'PASS', 'CWD', 'TYPE', 'RETR', 'NLST' or 'LIST'.")
        .def_property_readonly(
            "argument", [](command const& c) { return text_or_none(c.argument.has_value(), c.argument.value_or("")); },
            "The argument as the server receives it (decoded); None for LIST or NLST without one.")
        .def_property_readonly(
            "raw_argument",
            [](command const& c) { return text_or_none(c.raw_argument.has_value(), c.raw_argument.value_or("")); },
            "The argument as the URI writes it (or the plan's literal: 'anonymous', '/', 'I'), or None.")
        .def(
            "__str__", [](command const& c) { return text(c.shown); }, "The line as ftpuri-check --plan prints it.")
        .def(
            "__bytes__", [](command const& c) { return py::bytes(c.line); }, "The line exactly as sent, without CRLF.")
        .def(
            "__repr__", [](command const& c) { return "Command(" + std::string(py::repr(text(c.shown))) + ")"; },
            "Command('CWD pub').")
        .def(
            "__eq__",
            [](command const& a, py::object const& b) -> py::object {
                if (!py::isinstance<command>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                auto const& other = b.cast<command const&>();
                return py::bool_(a.line == other.line && a.shown == other.shown);
            },
            "Whether two commands send and show the same line.")
        .def(
            "__hash__", [](command const& c) { return py::hash(py::bytes(c.line)); }, "The hash of the line sent.")
        .def(py::pickle(&command_state, read_state("Command", &command_from_state)))
        .def("__reduce_ex__", &reduce_by_state, "Pickles by state at every protocol.");

    m.def("plan", &plan_uri, py::arg("uri"), py::arg("mode") = "multicwd", py::arg("absolute").noconvert() = false,
          py::arg("anonymous_password") = "anonymous@", py::arg("show_password").noconvert() = false,
          py::arg("profile") = "strict",
          "The FTP commands the URI asks a client to send (docs/plan.md), as a Plan (a list of Command with\n"
          "ask_password). mode: 'multicwd', 'rfc1738', 'singlecwd' or 'nocwd'; absolute sends 'CWD /' first;\n"
          "as ftpuri-check's --plan-mode, --absolute, --anonymous-password and --show-password. InvalidURI\n"
          "when the URI is invalid or the mode refuses it (plan.nocwd-slash).");
}

} // namespace ftpuri_python
