// SPDX-License-Identifier: Apache-2.0
// python/policy.cpp: Policy, SanitizeResult, sanitize() and classify_address(). A policy's
// options are read by the CLI's own code (src/cli/policy_options.cpp, compiled into the
// extension), so that Policy(...) and ftpuri-check's options accept and refuse the same.
#include <arpa/inet.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/policy.hpp"
#include "policy_options.hpp"

namespace ftpuri_python {
namespace {

// A policy with the patterns it refers to: ftpuri::policy holds views, which point into
// patterns_. Never copied or moved once built (Python holds it by pointer), so the views stay valid.
class policy_rules {
public:
    policy_rules(ftpuri::host_class_set deny, std::vector<std::string> patterns, std::optional<std::string> file)
        : patterns_(std::move(patterns)), file_(std::move(file))
    {
        sorted_.assign(patterns_.begin(), patterns_.end());
        ftpuri::sort_host_patterns(sorted_); // a file of thousands: a binary search per host
        rules_ = ftpuri::policy{.deny = deny, .allow = sorted_, .allow_sorted = true};
    }
    policy_rules(policy_rules const&) = delete;
    policy_rules& operator=(policy_rules const&) = delete;

    [[nodiscard]] ftpuri::policy const& rules() const noexcept { return rules_; }
    [[nodiscard]] std::vector<std::string> const& patterns() const noexcept { return patterns_; }
    [[nodiscard]] std::optional<std::string> const& file() const noexcept { return file_; }

private:
    std::vector<std::string> patterns_;
    std::vector<std::string_view> sorted_;
    std::optional<std::string> file_;
    ftpuri::policy rules_;
};

// Policy(deny=..., allow_host=..., allow_hosts_file=...): ftpuri-check's --deny, --allow-host
// and --allow-hosts-file, read by the CLI's own code (src/cli/policy_options.cpp).
std::unique_ptr<policy_rules> make_policy(py::object const& deny, py::object const& allow_host,
                                          py::object const& allow_hosts_file)
{
    ftpuri::cli::deny_result const denied = ftpuri::cli::parse_deny(names(deny, "deny"));
    if (!denied.problem.empty()) throw py::value_error("deny: " + denied.problem);
    std::vector<std::string> patterns = names(allow_host, "allow_host");
    for (std::string const& pattern : patterns)
        if (std::string const problem = ftpuri::cli::allow_pattern_problem(pattern); !problem.empty())
            throw py::value_error("allow_host: " + problem);
    std::optional<std::string> file;
    if (!allow_hosts_file.is_none()) {
        py::object const path = py::module_::import("os").attr("fspath")(allow_hosts_file);
        if (!py::isinstance<py::str>(path)) throw py::type_error("allow_hosts_file must be a str path");
        // A file name is bytes: os.fsencode gives back those that os.fsdecode made surrogates.
        file = py::module_::import("os").attr("fsencode")(path).cast<std::string>();
        ftpuri::cli::allow_file_result read = ftpuri::cli::read_allow_hosts_file(*file);
        if (!read.problem.empty()) throw py::value_error("allow_hosts_file: " + read.problem);
        patterns.insert(patterns.end(), read.patterns.begin(), read.patterns.end());
    }
    return std::make_unique<policy_rules>(denied.classes, std::move(patterns), std::move(file));
}

py::frozenset denied_classes(policy_rules const& p)
{
    py::set classes;
    for (std::size_t i = 0; i < ftpuri::host_class_count; ++i) {
        auto const c = static_cast<ftpuri::host_class>(i);
        if (p.rules().deny.contains(c)) classes.add(py::str(std::string(ftpuri::to_string(c))));
    }
    return {classes};
}

// What pickle keeps of a policy: the denied classes' names, the patterns (the file's too, so
// that the file is not read again where it is unpickled) and the file's name as bytes.
py::tuple policy_state(policy_rules const& p)
{
    py::list deny(denied_classes(p));
    deny.attr("sort")();
    auto const file = p.file() ? py::object(py::bytes(*p.file())) : py::object(py::none());
    return py::make_tuple(deny, py::cast(p.patterns()), file);
}

std::unique_ptr<policy_rules> policy_from_state(py::tuple const& state)
{
    if (state.size() != 3) throw py::value_error("a Policy's state has 3 items, not " + std::to_string(state.size()));
    ftpuri::cli::deny_result const denied = ftpuri::cli::parse_deny(names(state[0], "deny"));
    if (!denied.problem.empty()) throw py::value_error("deny: " + denied.problem);
    std::vector<std::string> patterns = names(state[1], "allow_host");
    for (std::string const& pattern : patterns)
        if (std::string const problem = ftpuri::cli::allow_pattern_problem(pattern); !problem.empty())
            throw py::value_error("allow_host: " + problem);
    std::optional<std::string> file;
    if (!state[2].is_none()) file = state[2].cast<py::bytes>().cast<std::string>();
    return std::make_unique<policy_rules>(denied.classes, std::move(patterns), std::move(file));
}

// The options that make it, by ftpuri-check's names: deny (sorted), allow_host, allow_hosts_file.
py::dict policy_dict(policy_rules const& p)
{
    py::tuple const state = policy_state(p);
    py::dict out;
    out["deny"] = state[0];
    out["allow_host"] = state[1];
    out["allow_hosts_file"] = p.file() ? py::object(py::module_::import("os").attr("fsdecode")(state[2])) : py::none();
    return out;
}

struct sanitized {
    bool ok = false;
    std::optional<std::string> canonical;
    std::optional<ftpuri::diagnostic> error;
    std::optional<ftpuri::host_class> cls;
    std::vector<ftpuri::diagnostic> diagnostics;
};

sanitized sanitize_uri(py::object const& uri, policy_rules const& policy, py::str const& profile,
                       py::object const& error, bool strip_password, bool drop_fragment, bool drop_anonymous)
{
    ftpuri::parse_options options = options_for(profile);
    options.as_error = diag_ids(error);
    ftpuri::canonical_options const canonical = canonical_for(strip_password, drop_fragment, drop_anonymous);
    std::string_view const input = uri_text(uri);
    sanitized out;
    py::gil_scoped_release unlocked;
    std::string written(ftpuri::sanitize_size_bound(input.size()), '\0');
    ftpuri::sanitize_result const r = ftpuri::sanitize_into(input, policy.rules(), written, options, canonical);
    out.ok = static_cast<bool>(r); // never buffer_too_small: the buffer has the bound's size
    if (r) {
        written.resize(r.size);
        out.canonical = std::move(written);
    } else {
        out.error = r.error;
    }
    // Every finding, as ftpuri-check with this policy reports the input: the parse's, then the
    // policy's (at offsets into the input, which the lenient profile's view may have trimmed).
    parse_outcome parsed = parse_reported(input, options);
    out.diagnostics = std::move(parsed.found);
    if (parsed.view) {
        out.cls = r.cls;
        if (std::optional<ftpuri::diagnostic> finding = ftpuri::check_policy(*parsed.view, policy.rules())) {
            finding->offset += static_cast<std::uint32_t>(parsed.view->buffer().data() - input.data());
            out.diagnostics.push_back(*finding);
        }
    }
    return out;
}

py::tuple sanitized_state(sanitized const& s)
{
    py::list diagnostics;
    for (ftpuri::diagnostic const& d : s.diagnostics)
        diagnostics.append(diagnostic_state(d));
    return py::make_tuple(s.ok, s.canonical, s.error ? py::object(diagnostic_state(*s.error)) : py::object(py::none()),
                          s.cls ? py::object(py::str(std::string(ftpuri::to_string(*s.cls)))) : py::object(py::none()),
                          py::tuple(diagnostics));
}

sanitized sanitized_from_state(py::tuple const& state)
{
    if (state.size() != 5)
        throw py::value_error("a SanitizeResult's state has 5 items, not " + std::to_string(state.size()));
    sanitized s;
    s.ok = state[0].cast<bool>();
    s.canonical = state[1].cast<std::optional<std::string>>();
    if (!state[2].is_none()) s.error = diagnostic_from_state(state[2].cast<py::tuple>());
    if (!state[3].is_none())
        s.cls = enum_named<ftpuri::host_class, ftpuri::host_class_count>(state[3].cast<std::string>(), "host class");
    for (py::handle d : state[4].cast<py::tuple>())
        s.diagnostics.push_back(diagnostic_from_state(d.cast<py::tuple>()));
    if (s.ok != s.canonical.has_value() || s.ok == s.error.has_value())
        throw py::value_error("a SanitizeResult has a canonical form when accepted, an error when not");
    return s;
}

// As ftpuri-check --format=json with the policy reports the input (without file, line and input):
// valid, canonical (its password masked), host_class, diagnostics.
py::dict sanitized_dict(sanitized const& s)
{
    py::dict out;
    out["valid"] = s.ok;
    out["canonical"] = s.canonical ? py::object(report_text(masked(*s.canonical))) : py::object(py::none());
    out["host_class"] = s.cls ? py::object(py::str(std::string(ftpuri::to_string(*s.cls)))) : py::object(py::none());
    out["diagnostics"] = diagnostic_dicts(s.diagnostics);
    return out;
}

// The host class of an address a resolver returned.
std::string_view classify(py::handle address)
{
    auto packed = py::reinterpret_borrow<py::object>(address);
    if (py::hasattr(address, "packed")) packed = address.attr("packed"); // ipaddress.IPv4Address, IPv6Address
    std::array<std::uint8_t, 16> bytes{};
    std::size_t size = 0;
    if (py::isinstance<py::str>(packed)) {
        std::string const written = utf8(packed, "address");
        if (inet_pton(AF_INET, written.c_str(), bytes.data()) == 1)
            size = 4;
        else if (inet_pton(AF_INET6, written.c_str(), bytes.data()) == 1)
            size = 16;
        else
            throw py::value_error("'" + written + "' is not an IPv4 or IPv6 address");
    } else if (py::isinstance<py::bytes>(packed)) {
        std::string_view const raw = uri_text(packed, "address");
        if (raw.size() != 4 && raw.size() != 16)
            throw py::value_error("a packed address has 4 or 16 bytes, not " + std::to_string(raw.size()));
        size = raw.size();
        for (std::size_t i = 0; i < size; ++i)
            bytes[i] = static_cast<std::uint8_t>(raw[i]);
    } else {
        throw py::type_error("address must be str, bytes or an ipaddress address, not " + type_name(address));
    }
    if (size == 4)
        return ftpuri::to_string(ftpuri::classify_address(std::span<std::uint8_t const, 4>(bytes.data(), 4)));
    return ftpuri::to_string(ftpuri::classify_address(std::span<std::uint8_t const, 16>(bytes)));
}

} // namespace

ftpuri::policy const& policy_of(py::handle policy)
{
    if (!py::isinstance<policy_rules>(policy))
        throw py::type_error("policy must be a Policy, not " + type_name(policy));
    return policy.cast<policy_rules const&>().rules();
}

void bind_policy(py::module_& m)
{
    py::class_<policy_rules>(m, "Policy", py::module_local(),
                             "What a service accepts (ftpuri/policy.hpp), named as ftpuri-check's options name it.\n\n"
                             "deny: host classes to refuse ('loopback', 'private', ..., or 'non-public' for all but\n"
                             "'public'), as a comma-separated str or an iterable of str (--deny).\n"
                             "allow_host: host patterns ('ftp.example.org', '*.example.org', '192.0.2.7',\n"
                             "'[2001:db8::7]', each with an optional ':port'): with any, a host none matches is\n"
                             "refused (--allow-host). allow_hosts_file: a file of patterns, one a line, '#' comments\n"
                             "(--allow-hosts-file). A mistake in any of them is a ValueError.")
        .def(py::init(&make_policy), py::kw_only(), py::arg("deny") = py::tuple(), py::arg("allow_host") = py::tuple(),
             py::arg("allow_hosts_file") = py::none())
        .def_property_readonly("deny", &denied_classes, "The denied classes, as a frozenset of names.")
        .def_property_readonly(
            "allow_host", [](policy_rules const& p) { return py::tuple(py::cast(p.patterns())); },
            "The allowed host patterns: allow_host's, then the file's.")
        .def_property_readonly(
            "allow_hosts_file",
            [](policy_rules const& p) {
                if (!p.file()) return py::object(py::none());
                return py::module_::import("os").attr("fsdecode")(py::bytes(*p.file()));
            },
            "The file of patterns, or None.")
        .def(
            "__repr__",
            [](policy_rules const& p) {
                py::list deny(denied_classes(p));
                deny.attr("sort")();
                return "Policy(deny=" + std::string(py::repr(deny)) +
                       ", allow_host=" + std::string(py::repr(py::tuple(py::cast(p.patterns())))) + ")";
            },
            "Policy(deny=[...], allow_host=(...)).")
        .def(
            "__eq__",
            [](policy_rules const& a, py::object const& b) -> py::object {
                if (!py::isinstance<policy_rules>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                return policy_state(a).equal(policy_state(b.cast<policy_rules const&>())) ? py::bool_(true)
                                                                                          : py::bool_(false);
            },
            "Whether both deny the same classes and allow the same patterns, from the same file.")
        .def(
            "__hash__",
            [](policy_rules const& p) {
                py::tuple const state = policy_state(p);
                return py::hash(py::make_tuple(py::tuple(state[0]), py::tuple(state[1]), state[2]));
            },
            "A hash that equal policies share.")
        .def("to_dict", &policy_dict, "deny, allow_host and allow_hosts_file: the options that make it.")
        .def(py::pickle(&policy_state, read_state("Policy", &policy_from_state)))
        .def("__reduce_ex__", &reduce_by_state, "Pickles by state at every protocol.");

    py::class_<sanitized>(m, "SanitizeResult", py::module_local(),
                          "What sanitize() decided: truthy when the URI is accepted.")
        .def_property_readonly(
            "status", [](sanitized const& s) { return s.ok ? "ok" : "invalid"; }, "'ok' or 'invalid'.")
        .def_readonly("canonical", &sanitized::canonical, "The sanitized URI (its canonical form), or None.")
        .def_readonly("error", &sanitized::error, "Why it was refused (a Diagnostic), or None.")
        .def_property_readonly(
            "host_class",
            [](sanitized const& s) {
                return s.cls ? py::object(py::str(std::string(ftpuri::to_string(*s.cls)))) : py::object(py::none());
            },
            "The host's class when the URI parsed, else None.")
        .def_property_readonly(
            "diagnostics", [](sanitized const& s) { return diagnostic_list(s.diagnostics); },
            "Every finding, as ftpuri-check with this policy reports it: warnings, then the error.")
        .def(
            "__bool__", [](sanitized const& s) { return s.ok; }, "Whether the URI is accepted.")
        .def(
            "__repr__",
            [](sanitized const& s) {
                if (s.ok)
                    return "SanitizeResult(status='ok', canonical=" + std::string(py::repr(text(*s.canonical))) + ")";
                return "SanitizeResult(status='invalid', error=" + std::string(py::repr(py::cast(*s.error))) + ")";
            },
            "SanitizeResult(status='ok', canonical='ftp://...').")
        .def(
            "__eq__",
            [](sanitized const& a, py::object const& b) -> py::object {
                if (!py::isinstance<sanitized>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                return py::bool_(sanitized_state(a).equal(sanitized_state(b.cast<sanitized const&>())));
            },
            "Whether both decided the same, with the same findings.")
        .def(
            "__hash__", [](sanitized const& s) { return py::hash(sanitized_state(s)); },
            "A hash that equal results share.")
        .def("to_dict", &sanitized_dict,
             "As ftpuri-check --format=json with the policy reports the input (without file, line and\n"
             "input): valid, canonical (the password masked as ****), host_class, diagnostics.")
        .def(py::pickle(&sanitized_state, read_state("SanitizeResult", &sanitized_from_state)))
        .def("__reduce_ex__", &reduce_by_state, "Pickles by state at every protocol.");

    m.def("sanitize", &sanitize_uri, py::arg("uri"), py::arg("policy"), py::arg("profile") = "strict", py::kw_only(),
          py::arg("error") = py::tuple(), py::arg("strip_password").noconvert() = false,
          py::arg("drop_fragment").noconvert() = false, py::arg("drop_anonymous").noconvert() = false,
          "The one call for a service (ftpuri/policy.hpp): parse, apply the Policy, canonicalize. error: the\n"
          "warnings to refuse as errors (ftpuri-check's --error), comma-separated or an iterable of ids.\n"
          "Returns a SanitizeResult; never raises for an invalid URI.");

    m.def("classify_address", &classify, py::arg("address"),
          "The host class of an address a resolver returned: text ('10.0.0.7', '::1'), packed bytes (4 or\n"
          "16) or an ipaddress address.");
}

} // namespace ftpuri_python
