// SPDX-License-Identifier: Apache-2.0
// tests/support/curl_plan_evaluation.hpp: a record of curl's test suite held to ftpuri's plans: the plans of
// its URLs, each reason's transformation of them, the comparison with curl's commands, and each
// reason's condition on the record.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "curl_plan_reasons.hpp"
#include "curl_plan_rows.hpp"
#include "curl_records.hpp"
#include "plan_lines.hpp"
#include "profiles.hpp"
#include "strcat.hpp"

namespace ftpuri_test::curl_plans {

// --- ftpuri's side --------------------------------------------------------------------------------

struct planned_url {
    std::string uri;
    M mode = M::multicwd;
    char typecode = '\0';
    std::string path;    // raw
    std::string decoded; // the path after its first '/', decoded: what curl splits
    std::string name;    // decoded: after the last '/' of `decoded`
    std::vector<std::string> lines;
};

inline M mode_of(curl_record const& r)
{
    if (r.method == "singlecwd") return M::singlecwd;
    if (r.method == "nocwd") return M::nocwd;
    // "multicwd", "multicwd (default)", "(set by libtest tool)": libtests leave curl's default
    // unless a row says otherwise.
    return M::multicwd;
}

// The plans of the record's URLs, `repeat` times over; an error text when one cannot be made.
inline std::vector<planned_url> plan_urls(curl_record const& rec, row const& r, int repeat, std::string& error)
{
    std::vector<planned_url> out;
    for (int round = 0; round < repeat; ++round) {
        for (std::size_t i = 0; i < rec.urls.size(); ++i) {
            planned_url u;
            u.uri = rec.urls[i];
            u.mode = r.modes.empty() ? mode_of(rec) : r.modes.at(i);
            ftpuri::parse_options po;
            po.syntax = r.compared_in;
            ftpuri::parse_result const parsed = ftpuri::parse(u.uri, po);
            if (!parsed) {
                error = cat({u.uri, ": ", name_of(parsed.error().id)});
                return {};
            }
            ftpuri::plan_options o;
            o.mode = u.mode;
            o.anonymous_password = anonymous_password;
            ftpuri::plan_result const p = ftpuri::plan(*parsed, o);
            if (!p) {
                error = cat({u.uri, ": ", name_of(p.error().id)});
                return {};
            }
            u.typecode = parsed->typecode();
            u.path = std::string(parsed->path());
            u.decoded = u.path.empty() ? std::string() : ftpuri::percent_decode(std::string_view(u.path).substr(1));
            u.name = u.decoded.substr(u.decoded.rfind('/') == std::string::npos ? 0 : u.decoded.rfind('/') + 1);
            u.lines = lines_of(*p);
            out.push_back(std::move(u));
        }
    }
    return out;
}

// --- the transformations of the difference reasons ------------------------------------------------

using lines = std::vector<std::string>;

inline bool is_login(std::string_view l)
{
    return verb_of(l) == "USER" || verb_of(l) == "PASS";
}

inline bool is_action(std::string_view l)
{
    return verb_of(l) == "RETR" || verb_of(l) == "LIST" || verb_of(l) == "NLST";
}

inline lines type_default(planned_url const& u, lines const& in, char retr_type)
{
    if (u.typecode != '\0') return in;
    lines out;
    for (std::string const& l : in) {
        if (is_action(l)) out.push_back(verb_of(l) == "RETR" ? cat({"TYPE ", std::string(1, retr_type)}) : "TYPE A");
        out.push_back(l);
    }
    return out;
}

inline lines null_first_is_root(planned_url const& u, lines const& in)
{
    bool const applies =
        u.path.starts_with("//") && (u.mode == M::multicwd || (u.mode == M::singlecwd && u.path.rfind('/') == 1));
    if (!applies) return in;
    lines out = in;
    auto const first = std::find_if(out.begin(), out.end(), [](std::string const& l) { return !is_login(l); });
    out.insert(first, "CWD /");
    return out;
}

inline lines pct2f_separates(planned_url const& u, lines const& in)
{
    if (u.mode != M::multicwd) return in;
    lines out;
    bool first = true;
    for (std::string const& l : in) {
        if (verb_of(l) != "CWD") {
            out.push_back(l);
            continue;
        }
        std::string_view arg = std::string_view(l).substr(4);
        for (std::size_t piece = 0;; ++piece) {
            std::size_t const slash = arg.find('/');
            std::string_view const part = arg.substr(0, slash);
            if (part.empty() && piece == 0 && first && slash != std::string_view::npos) out.emplace_back("CWD /");
            if (!part.empty()) out.push_back(cat({"CWD ", part}));
            if (slash == std::string_view::npos) break;
            arg.remove_prefix(slash + 1);
        }
        first = false;
    }
    return out;
}

inline lines nocwd_lists_directory(planned_url const& u, lines const& in)
{
    if (u.mode != M::nocwd) return in;
    lines out;
    for (std::string const& l : in) {
        std::string_view const verb = verb_of(l);
        if ((verb == "LIST" || verb == "NLST") && l.size() > 5) {
            std::string_view arg = std::string_view(l).substr(5);
            std::size_t const slash = arg.rfind('/');
            if (slash != std::string_view::npos) arg = slash == 0 ? arg.substr(0, 1) : arg.substr(0, slash);
            out.push_back(cat({verb, " ", arg}));
        } else {
            out.push_back(l);
        }
    }
    return out;
}

inline lines type_d_bare_nlst(planned_url const& u, lines const& in)
{
    if (u.mode == M::nocwd) return in;
    lines out;
    for (std::string const& l : in)
        out.push_back(verb_of(l) == "NLST" ? "NLST" : l);
    return out;
}

inline lines without(lines const& in, std::initializer_list<std::string_view> verbs)
{
    lines out;
    for (std::string const& l : in)
        if (std::find(verbs.begin(), verbs.end(), verb_of(l)) == verbs.end()) out.push_back(l);
    return out;
}

// curl's "previous path" (lib/ftp.c, ftp_done): the decoded directory, "" after nocwd.
inline std::string directory_for_reuse(planned_url const& u)
{
    return u.mode == M::nocwd ? std::string() : u.decoded.substr(0, u.decoded.size() - u.name.size());
}

inline lines reuse_connection(std::vector<planned_url> const& urls, std::vector<lines> const& per_url,
                              std::string_view entry_path)
{
    lines out = per_url.at(0);
    std::string type;
    for (std::string const& l : out)
        if (verb_of(l) == "TYPE") type = l;
    for (std::size_t i = 1; i < urls.size(); ++i) {
        lines l = without(per_url[i], {"USER", "PASS"});
        if (directory_for_reuse(urls[i]) == directory_for_reuse(urls[i - 1])) {
            l = without(l, {"CWD"});
        } else if (urls[i].mode == M::nocwd || !urls[i].decoded.starts_with('/')) {
            l.insert(l.begin(), cat({"CWD ", entry_path}));
        }
        for (std::string const& c : l) {
            if (verb_of(c) == "TYPE") {
                if (c == type) continue;
                type = c;
            }
            out.push_back(c);
        }
    }
    return out;
}

// The leading USER/PASS block of `ours` replaced by curl's.
inline lines login_from_options(lines const& ours, lines const& curl)
{
    auto const login_end = [](lines const& l) {
        return std::find_if(l.begin(), l.end(), [](std::string const& c) { return !is_login(c); });
    };
    lines out(curl.begin(), login_end(curl));
    out.insert(out.end(), login_end(ours), ours.end());
    return out;
}

struct evaluation {
    bool holds = false;
    lines ours, curl;
    std::string error;
};

inline bool declared(std::set<why> const& s, why w)
{
    return s.count(w) != 0;
}

inline evaluation evaluate(curl_record const& rec, row const& r, std::set<why> const& reasons)
{
    evaluation e;
    std::vector<planned_url> urls = plan_urls(rec, r, declared(reasons, why::libtest_repeats) ? r.repeat : 1, e.error);
    if (!e.error.empty()) return e;
    if (declared(reasons, why::first_url_unreachable) && urls.size() > 1) urls.erase(urls.begin());
    std::vector<lines> per_url;
    for (planned_url const& u : urls) {
        lines l = u.lines;
        if (declared(reasons, why::curl_pct2f_separates)) l = pct2f_separates(u, l);
        if (declared(reasons, why::curl_null_first_is_root)) l = null_first_is_root(u, l);
        if (declared(reasons, why::curl_type_d_bare_nlst)) l = type_d_bare_nlst(u, l);
        if (declared(reasons, why::curl_nocwd_lists_directory)) l = nocwd_lists_directory(u, l);
        if (declared(reasons, why::option_list_only))
            for (std::string& c : l)
                if (verb_of(c) == "LIST") c.replace(0, 4, "NLST");
        if (declared(reasons, why::option_use_ascii))
            l = type_default(u, l, 'A');
        else if (declared(reasons, why::curl_type_default))
            l = type_default(u, l, 'I');
        if (declared(reasons, why::server_skips_pass)) l = without(l, {"PASS"});
        if (declared(reasons, why::server_preauthenticated)) l = without(l, {"USER", "PASS"});
        per_url.push_back(std::move(l));
    }
    if (declared(reasons, why::curl_reuses_connection) && urls.size() > 1) {
        e.ours = reuse_connection(urls, per_url, r.entry_path);
    } else {
        for (lines const& l : per_url)
            e.ours.insert(e.ours.end(), l.begin(), l.end());
    }
    e.curl = curl_commands(rec);
    if (declared(reasons, why::option_login)) e.ours = login_from_options(e.ours, e.curl);
    bool const stop = std::any_of(reasons.begin(), reasons.end(), [](why w) { return info(w).k == kind::stop; });
    e.holds = stop ? e.curl.size() < e.ours.size() && std::equal(e.curl.begin(), e.curl.end(), e.ours.begin())
                   : e.curl == e.ours;
    return e;
}

// --- the conditions each reason needs on the record ---------------------------------------------

// Whether `w` can explain anything in this record: the option is on the command line, the URI
// has the shape, curl's dump shows it. (That it explains something is checked by leaving it out.)
inline bool condition(why w, curl_record const& rec, row const& r, std::vector<planned_url> const& urls)
{
    auto any_url = [&](auto pred) { return std::any_of(urls.begin(), urls.end(), pred); };
    switch (w) {
    case why::curl_type_default: return any_url([](planned_url const& u) { return u.typecode == '\0'; });
    case why::curl_null_first_is_root:
        return any_url([](planned_url const& u) { return u.path.starts_with("//") && u.mode != M::nocwd; });
    case why::curl_pct2f_separates:
        return any_url([](planned_url const& u) {
            return u.mode == M::multicwd &&
                   (u.path.find("%2F") != std::string::npos || u.path.find("%2f") != std::string::npos);
        });
    case why::curl_nocwd_lists_directory:
        return any_url([](planned_url const& u) { return u.mode == M::nocwd && u.name.empty(); });
    case why::curl_type_d_bare_nlst: return any_url([](planned_url const& u) { return u.typecode == 'd'; });
    case why::curl_reuses_connection: return rec.urls.size() * static_cast<std::size_t>(r.repeat) > 1;
    case why::option_use_ascii: return has_option(rec, {"-B", "--use-ascii"});
    case why::option_list_only: return has_option(rec, {"-l", "--list-only"});
    case why::option_login:
        return rec.libtest || has_option(rec, {"-u", "--user", "-n", "--netrc", "--netrc-file", "--netrc-optional",
                                               "--ftp-alternative-to-user"});
    case why::server_skips_pass: return dump_has(rec, "USER ") && !dump_has(rec, "PASS");
    case why::server_preauthenticated: return !dump_has(rec, "USER ") && !dump_has(rec, "PASS");
    case why::first_url_unreachable:
        return rec.raw_urls.size() > 1 && rec.raw_urls[0].find("%HOSTIP") == std::string::npos &&
               rec.raw_urls[0].find("%HOST6IP") == std::string::npos;
    case why::libtest_repeats: return rec.libtest && r.repeat > 1;
    case why::stopped_on_error: return rec.errorcode && *rec.errorcode != "0";
    case why::option_time_condition: return has_option(rec, {"-z", "--time-cond"});
    // A libtest's CURLOPT_NOBODY shows only in the test's name ("with NOBODY").
    case why::option_head:
        return has_option(rec, {"-I", "--head"}) || (rec.libtest && rec.name.find("NOBODY") != std::string::npos);
    case why::option_resume: return has_option(rec, {"-C", "--continue-at"});
    case why::option_range: return has_option(rec, {"-r", "--range"});
    case why::libtest_connect_only: return rec.libtest && rec.name.find("connect only") != std::string::npos;
    case why::no_ftp_url: return rec.urls.empty();
    case why::rejected: return r.strict_error.has_value();
    case why::no_protocol_dump: return !rec.dump.has_value();
    case why::http_proxy: return rec.dump && !rec.dump->empty() && rec.dump->front().starts_with("GET ftp://");
    case why::other_protocols: return dump_has(rec, "GET /") || dump_has(rec, "PUT /") || dump_has(rec, "opcode =");
    case why::upload:
        return has_option(rec, {"-T", "--upload-file"}) || dump_has(rec, "STOR ") || dump_has(rec, "APPE ");
    case why::quote: return has_option(rec, {"-Q", "--quote"});
    case why::create_dirs: return has_option(rec, {"--ftp-create-dirs"}) && dump_has(rec, "MKD ");
    case why::retry: return has_option(rec, {"--retry"});
    case why::wildcard:
        return rec.libtest && std::any_of(rec.urls.begin(), rec.urls.end(), [](std::string const& u) {
                   return u.substr(u.rfind('/') + 1).find('*') != std::string::npos;
               });
    case why::libtest_own_urls: return rec.libtest && dump_count(rec, "USER ") > rec.urls.size();
    }
    return false;
}

inline std::string joined(lines const& l)
{
    std::string s;
    for (std::string const& c : l)
        s += cat({"\n    ", c});
    return s.empty() ? "\n    (none)" : s;
}

inline std::string codes(std::set<why> const& s)
{
    std::string out;
    for (why w : s)
        out += cat({out.empty() ? "" : ", ", info(w).code});
    return out.empty() ? "(none)" : out;
}

} // namespace ftpuri_test::curl_plans
