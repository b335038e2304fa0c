// SPDX-License-Identifier: Apache-2.0
// python/fetch.cpp: _fetch, the guarded fetch (ftpuri/fetch.hpp) for ftpuri.fetch() in
// python/ftpuri/__init__.py, which raises FetchError or returns what it gives. Compiled where
// the library ftpuri_fetch is built (libcurl found). The GIL is released for the transfer; a
// file object's write() takes it back for each block it is given.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "binding.hpp"
#include "ftpuri/fetch.hpp"

namespace ftpuri_python {
namespace {

// What ftpuri-fetch --json reports, but ok, as a dict.
py::dict result_dict(ftpuri::fetch_result const& r)
{
    py::dict out;
    out["id"] = r.error ? py::object(py::str(std::string(r.error->info().name))) : py::object(py::none());
    out["offset"] = r.error ? r.error->offset : 0;
    out["length"] = r.error ? r.error->length : 0;
    out["message"] = ftpuri::describe(r);
    out["bytes"] = r.bytes;
    py::list connections;
    for (ftpuri::fetch_connection const& c : r.connections) {
        py::dict one;
        one["address"] = c.address;
        one["class"] = std::string(ftpuri::to_string(c.cls));
        one["refused"] = c.refused;
        connections.append(one);
    }
    out["connections"] = connections;
    py::list commands;
    for (std::string const& command : r.commands)
        commands.append(text(command));
    out["commands"] = commands;
    out["replies"] = py::cast(r.replies);
    out["reply_code"] = r.reply_code;
    out["stage"] = r.reply_code != 0 ? std::string(ftpuri::to_string(r.stage)) : std::string();
    out["action"] = r.reply_code != 0 ? std::string(ftpuri::to_string(r.action)) : std::string();
    out["detail"] = r.detail;
    return out;
}

// (ok, data, result): data is the bytes fetched, or with `file` the number written to it; the
// diagnostic (a Diagnostic) when not ok, in result["diagnostic"].
py::tuple fetch_uri(py::object const& uri, py::handle policy, py::str const& profile, py::object const& error,
                    std::string const& plan_mode, std::uint64_t max_size, double timeout, double stall,
                    std::optional<std::string> const& password, py::object const& resolve, py::object const& file)
{
    ftpuri::fetch_options options;
    options.parse = options_for(profile);
    options.parse.as_error = diag_ids(error);
    std::optional<ftpuri::plan_mode> const mode = ftpuri::plan_mode_from_string(plan_mode);
    if (!mode) throw py::value_error("plan_mode must be multicwd, singlecwd or nocwd, not '" + plan_mode + "'");
    options.mode = *mode;
    if (!(timeout > 0) || !(stall > 0)) throw py::value_error("timeout and stall must be positive seconds");
    options.max_size = max_size;
    options.timeout =
        std::chrono::milliseconds(static_cast<std::int64_t>(std::min(timeout, ftpuri::max_fetch_seconds) * 1000));
    options.stall = std::chrono::seconds(static_cast<std::int64_t>(std::min(stall, ftpuri::max_fetch_seconds) + 0.999));
    if (password) options.password = *password;
    // One entry or several, never split at commas: "host:21:192.0.2.1,192.0.2.2" is one entry of
    // two addresses to libcurl.
    if (py::isinstance<py::str>(resolve)) {
        options.resolve.push_back(utf8(resolve, "resolve"));
    } else {
        for (py::handle entry : resolve) {
            if (!py::isinstance<py::str>(entry))
                throw py::type_error("resolve must be str entries, not " + type_name(entry));
            options.resolve.push_back(utf8(entry, "resolve"));
        }
    }
    ftpuri::policy const& rules = policy_of(policy);
    std::string_view const input = uri_text(uri);

    std::string data;
    std::optional<py::error_already_set> write_error;
    py::object const write = file.is_none() ? py::object() : file.attr("write");
    ftpuri::fetch_result r;
    {
        py::gil_scoped_release unlocked;
        r = ftpuri::fetch(input, rules, options, [&](std::span<char const> bytes) {
            if (!write) {
                data.append(bytes.data(), bytes.size());
                return true;
            }
            py::gil_scoped_acquire locked;
            try {
                write(py::bytes(bytes.data(), bytes.size()));
                return true;
            } catch (py::error_already_set& e) {
                write_error = std::move(e);
                return false;
            }
        });
    }
    if (write_error) throw std::move(*write_error);
    py::dict result = result_dict(r);
    result["diagnostic"] = r.error ? py::cast(*r.error) : py::object(py::none());
    py::object const got = file.is_none() ? py::object(py::bytes(data)) : py::object(py::int_(r.bytes));
    return py::make_tuple(!r.error.has_value(), r.error ? py::object(py::none()) : got, result);
}

} // namespace

void bind_fetch(py::module_& m)
{
    m.def("_fetch", &fetch_uri, py::arg("uri"), py::arg("policy"), py::arg("profile") = "strict", py::kw_only(),
          py::arg("error") = py::tuple(), py::arg("plan_mode") = "multicwd", py::arg("max_size") = 0,
          py::arg("timeout") = 60.0, py::arg("stall") = 15.0, py::arg("password") = py::none(),
          py::arg("resolve") = py::tuple(), py::arg("file") = py::none(),
          "The guarded fetch (ftpuri/fetch.hpp): (ok, data, result); ftpuri.fetch() is the API.");
}

} // namespace ftpuri_python
