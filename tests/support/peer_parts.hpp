// SPDX-License-Identifier: Apache-2.0
// tests/support/peer_parts.hpp: the parts a peer reports for an ftp URL of its vectors
// (tests/data/*-ftp.jsonl), held to ftpuri's, beyond the known differences of representation
// (vectors_test.cpp lists them): compare() gives each part that differs, as a sentence.
#pragma once

#include <ftpuri/ftpuri.hpp>

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <string>
#include <string_view>
#include <vector>

#include "ascii.hpp"
#include "json.hpp"
#include "strcat.hpp"
#include "uri_expect.hpp"

namespace ftpuri_test::peer_parts {

// The peers' files of tests/data.
inline constexpr std::string_view wpt = "wpt-urltestdata-ftp.jsonl";
inline constexpr std::string_view curl = "curl-lib1560-urlapi-ftp.jsonl";
inline constexpr std::string_view trurl = "trurl-tests-ftp.jsonl";
inline constexpr std::string_view cpython = "cpython-urllib-ftp.jsonl";
inline constexpr std::string_view gorust = "go-rusturl-ftp.jsonl";

using mismatches = std::vector<std::string>;

// Whether the record's `field` (curl's flags) names `flag`.
inline bool flag_has(json const& rec, char const* field, std::string_view flag)
{
    std::string_view const v = json_member_str(rec, field);
    return v.find(flag) != std::string_view::npos;
}

inline void cmp(mismatches& m, std::string_view what, std::string_view theirs, std::string_view ours)
{
    if (theirs != ours)
        m.push_back(std::string(what) + ": peer \"" + std::string(theirs) + "\", ftpuri \"" + std::string(ours) + "\"");
}

// A WHATWG-style port: "" for none, an empty one, or the default 21.
inline std::string whatwg_port(ftpuri::uri_view const& v)
{
    if (!v.has_port() || v.port().empty() || v.port_number() == 21) return {};
    return std::to_string(v.port_number());
}

// The path with its typecode, as a generic parser sees it.
inline std::string full_path(ftpuri::uri_view const& v)
{
    return std::string(v.path()) + std::string(v.typecode_part());
}

inline std::string slash_if_empty(std::string const& p)
{
    return p.empty() ? "/" : p;
}

inline mismatches compare_wpt(json const& rec, ftpuri::uri_view const& v)
{
    mismatches m;
    json const& e = *json_member(rec, "expect");
    cmp(m, "protocol", json_member_str(e, "protocol"), lower(v.scheme()) + ":");
    cmp(m, "username", json_member_str(e, "username"), v.user());
    cmp(m, "password", json_member_str(e, "password"), v.password());
    cmp(m, "hostname", json_member_str(e, "hostname"), lower(v.host()));
    cmp(m, "port", json_member_str(e, "port"), whatwg_port(v));
    cmp(m, "pathname", json_member_str(e, "pathname"), slash_if_empty(full_path(v)));
    // cat(), not "?" + std::string(...): GCC 12's false -Wrestrict (bug 105329).
    cmp(m, "search", json_member_str(e, "search"), v.has_query() ? cat({"?", v.query()}) : "");
    cmp(m, "hash", json_member_str(e, "hash"), v.has_fragment() ? cat({"#", v.fragment()}) : "");
    return m;
}

// curl's parts: a string, or {"absent": "CURLUE_NO_..."}.
inline void cmp_part(mismatches& m, json const& parts, char const* name, bool ours_present, std::string_view ours)
{
    json const* p = json_member(parts, name);
    if (!p) return;
    bool const theirs_present = p->IsString();
    if (theirs_present != ours_present) {
        m.push_back(std::string(name) + ": peer " + (theirs_present ? "has it" : "has none") + ", ftpuri " +
                    (ours_present ? "has it" : "has none"));
        return;
    }
    if (theirs_present) cmp(m, name, json_str(*p), ours);
}

inline mismatches compare_curl(json const& rec, std::string_view pointer, ftpuri::uri_view const& v)
{
    mismatches m;
    if (json_member_str(rec, "table") != "get_parts_list" || pointer != "/input") return m; // no parts
    json const& parts = *json_member(*json_member(rec, "expect"), "parts");
    cmp(m, "scheme", json_member_str(parts, "scheme"), lower(v.scheme()));
    cmp_part(m, parts, "user", v.has_userinfo(), v.user());
    cmp_part(m, parts, "password", v.has_password(), v.password());
    cmp_part(m, parts, "options", false, ""); // login options (IMAP/POP3/SMTP) do not exist in ftp
    cmp_part(m, parts, "host", true, v.host());
    if (flag_has(rec, "getflags", "CURLU_DEFAULT_PORT"))
        cmp_part(m, parts, "port", true, std::to_string(v.effective_port()));
    else
        cmp_part(m, parts, "port", v.has_port() && !v.port().empty(), v.port());
    cmp_part(m, parts, "path", true, slash_if_empty(full_path(v)));
    cmp_part(m, parts, "query", v.has_query(), v.query());
    cmp_part(m, parts, "fragment", v.has_fragment(), v.fragment());
    return m;
}

inline mismatches compare_trurl(json const& rec, std::string_view uri, ftpuri::uri_view const& v)
{
    mismatches m;
    json const* out = json_member(*json_member(rec, "expect"), "stdout");
    if (!out || !out->IsArray()) return m; // plain text output: the URLs are subjects themselves
    for (auto const& item : out->GetArray()) {
        std::string_view const url = json_member_str(item, "url");
        if (url != uri && url != std::string(uri) + "/") continue; // trurl adds "/" to an empty path
        json const& parts = *json_member(item, "parts");
        auto part = [&](char const* name, bool present, std::string const& ours) {
            json const* p = json_member(parts, name);
            if ((p != nullptr) != present)
                m.push_back(std::string(name) + ": peer " + (p ? "has it" : "has none") + ", ftpuri " +
                            (present ? "has it" : "has none"));
            else if (p)
                cmp(m, name, json_str(*p), ours);
        };
        part("scheme", true, lower(v.scheme()));
        part("user", v.has_userinfo(), decode(v.user()));
        part("password", v.has_password(), decode(v.password()));
        part("host", true, std::string(v.host()));
        part("port", v.has_port() && !v.port().empty(), std::string(v.port()));
        part("path", true, slash_if_empty(decode(full_path(v))));
        part("query", v.has_query(), decode(v.query()));
        part("fragment", v.has_fragment(), decode(v.fragment()));
        return m;
    }
    return m;
}

inline mismatches compare_cpython(json const& rec, ftpuri::uri_view const& v)
{
    mismatches m;
    std::string_view const kind = json_member_str(rec, "kind");
    json const& e = *json_member(rec, "expect");
    if (kind == "urllib.request.FTPHandler.ftp_open") {
        cmp(m, "user", json_member_str(e, "connect_ftp.user"), decode(v.user()));
        cmp(m, "passwd", json_member_str(e, "connect_ftp.passwd"), decode(v.password()));
        std::string_view host = json_member_str(e, "connect_ftp.host");
        host = host.substr(0, host.find(" (")); // "localhost (compared after socket.gethostbyname)"
        cmp(m, "host", host, v.host());
        json const& port = *json_member(e, "connect_ftp.port");
        std::string const theirs_port = port.IsInt()                                    ? std::to_string(port.GetInt())
                                        : json_str(port).starts_with("ftplib.FTP_PORT") ? "21"
                                                                                        : std::string(json_str(port));
        cmp(m, "port", theirs_port, std::to_string(v.effective_port()));
        std::vector<std::string> dirs;
        for (auto const& d : json_member(e, "connect_ftp.dirs")->GetArray())
            dirs.emplace_back(json_str(d));
        split_path const s = split(v);
        cmp(m, "dirs", join(dirs), join(s.cwds));
        cmp(m, "filename", json_member_str(e, "retrfile.filename"), s.name);
        char const type = v.typecode() != '\0' ? static_cast<char>(v.typecode() - 'a' + 'A')
                          : s.name.empty()     ? 'D'
                                               : 'I';
        cmp(m, "filetype", json_member_str(e, "retrfile.filetype"), std::string(1, type));
    } else if (kind == "_parse_proxy") {
        auto const& r = json_member(e, "result")->GetArray();
        cmp(m, "scheme", json_str(r[0]), lower(v.scheme()));
        cmp(m, "user", json_str(r[1]), v.user());
        cmp(m, "password", json_str(r[2]), v.password());
        std::string hostport(v.host());
        if (v.has_port()) hostport += ":" + std::string(v.port());
        cmp(m, "hostport", json_str(r[3]), hostport);
    }
    return m;
}

inline mismatches compare_gorust(json const& rec, ftpuri::uri_view const& v)
{
    mismatches m;
    json const& e = *json_member(rec, "expect");
    if (json const* parsed = json_member(e, "parsed")) {
        cmp(m, "Scheme", json_member_str(*parsed, "Scheme"), lower(v.scheme()));
        std::string user;
        if (v.has_userinfo())
            user = v.has_password() ? "UserPassword(\"" + decode(v.user()) + "\", \"" + decode(v.password()) + "\")"
                                    : "User(\"" + decode(v.user()) + "\")";
        cmp(m, "User", json_member_str(*parsed, "User"), user);
        std::string host(v.host());
        if (v.has_port()) host += ":" + std::string(v.port());
        cmp(m, "Host", json_member_str(*parsed, "Host"), host);
        cmp(m, "Path", json_member_str(*parsed, "Path"), decode(full_path(v)));
    } else if (json const* authority = json_member(e, "authority")) {
        // WHATWG: userinfo only when non-empty, host lowercased, port 21 dropped.
        std::string a;
        if (!v.user().empty() || !v.password().empty()) {
            a = std::string(v.user());
            if (!v.password().empty()) a += ":" + std::string(v.password());
            a += "@";
        }
        a += lower(v.host());
        if (std::string const p = whatwg_port(v); !p.empty()) a += ":" + p;
        cmp(m, "authority", json_str(*authority), a);
    }
    return m;
}

inline mismatches compare(std::string_view file, json const& rec, std::string_view pointer, std::string_view uri,
                          ftpuri::uri_view const& v)
{
    if (file == wpt) return compare_wpt(rec, v);
    if (file == curl) return compare_curl(rec, pointer, v);
    if (file == trurl) return compare_trurl(rec, uri, v);
    if (file == cpython) return compare_cpython(rec, v);
    if (file == gorust) return compare_gorust(rec, v);
    return {};
}

} // namespace ftpuri_test::peer_parts
