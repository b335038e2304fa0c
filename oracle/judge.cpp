// SPDX-License-Identifier: Apache-2.0
// oracle/judge.cpp: the judge: the scanner's verdict on an input held to the oracle's.
#include "oracle.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "ftpuri/parse.hpp"

namespace ftpuri_oracle {

using ftpuri::profile;

scanned scan(std::string_view input, profile p, std::uint32_t max_length)
{
    scanned out;
    ftpuri::parse_options options;
    options.syntax = p;
    options.max_length = max_length;
    ftpuri::parse_result const r = ftpuri::parse(input, options);
    out.scanner = r.has_value();
    if (!out.scanner) out.error = r.error().id;
    // validate() answers plain URIs before it builds the scanner (plain_uri): it is judged too.
    out.validated = ftpuri::validate(input, options);
    return out;
}

verdict judge(std::string_view input, profile p, oracle_set const& o, std::uint32_t max_length)
{
    return judge(input, p, o, scan(input, p, max_length), max_length);
}

verdict judge(std::string_view input, profile p, oracle_set const& o, scanned const& s, std::uint32_t max_length)
{
    verdict v;
    oracle const& re = o.of(p);
    v.scanner = s.scanner;
    v.error = s.error;
    v.validated = s.validated;
    bool const consistent = v.validated == v.scanner;

    v.oracle = re.matches(input);
    if (!v.oracle) {
        // The oracle rejects: so must the scanner, with an error of any class but never_error.
        v.agrees = consistent && !v.scanner && classify(*v.error) != nullptr &&
                   (classify(*v.error)->cls == id_class::syntax || classify(*v.error)->cls == id_class::constraint);
        return v;
    }
    oracle::parts parts;
    // In rfc3986 the constraints that are errors need a port (after a ":") or an escape (a
    // "%"); without either, no part can violate one, and the costly capturing match is skipped.
    if (p == profile::strict || input.find_first_of("%:", 6) != std::string_view::npos) (void)re.match(input, parts);
    v.required = required_errors(input, p, parts, o.ipv4address, max_length);
    if (v.required.none()) {
        v.agrees = consistent && v.scanner;
    } else {
        v.agrees = consistent && !v.scanner && v.required.test(static_cast<std::size_t>(*v.error));
    }
    return v;
}

std::string printable(std::string_view s)
{
    std::string out;
    for (char c : s) {
        auto const u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7F || c == '\\' || c == '"') {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out;
}

std::string describe(std::string_view input, profile p, verdict const& v)
{
    std::string out(ftpuri::to_string(p));
    out.append(" \"").append(printable(input)).append("\": oracle ").append(v.oracle ? "matches" : "rejects");
    out.append(", scanner ");
    if (v.scanner) {
        out.append("accepts");
    } else {
        out.append("rejects with ").append(ftpuri::info(*v.error).name);
    }
    if (v.validated != v.scanner) out.append(v.validated ? ", validate() accepts" : ", validate() rejects");
    if (v.required.any()) {
        out.append(", constraints require one of");
        for (std::size_t i = 0; i < ftpuri::diag_catalogue.size(); ++i)
            if (v.required.test(i)) out.append(" ").append(ftpuri::diag_catalogue[i].name);
    }
    return out;
}

} // namespace ftpuri_oracle
