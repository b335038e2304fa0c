// SPDX-License-Identifier: Apache-2.0
// tests/support/curl_records.hpp: curl's FTP tests as data (tests/data/curl-ftp-url-to-commands.jsonl):
// each test's ftp URLs and the FTP commands curl's test server received, curl's placeholders
// filled in; and the commands that belong to the client rather than to a URI.
//
// Used by plan_curl_test.cpp, which sets ftpuri's command plans beside these commands.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "json.hpp"
#include "peer_records.hpp"

namespace ftpuri_test {

inline constexpr std::string_view curl_commands_file = "curl-ftp-url-to-commands.jsonl";

// --- the commands that belong to the client, not to the URI ---------------------------------

struct client_verb {
    std::string_view verb;
    std::string_view why;
};

// Removed from curl's commands before comparing: none carries a part of the URI. Each must
// occur in some record (plan_curl_counts_test.cpp, ReasonsAndClientVerbsAreAllUsed), so that the list is no blanket.
inline constexpr std::array client_verbs = {
    client_verb{"PWD", "curl asks for the login directory, to return to it on a reused connection"},
    client_verb{"EPSV", "the data connection, passive (RFC 2428)"},
    client_verb{"PASV", "the data connection, passive"},
    client_verb{"EPRT", "the data connection, active (-P)"},
    client_verb{"PORT", "the data connection, active (-P)"},
    client_verb{"SIZE", "curl asks the file's size before a download"},
    client_verb{"MDTM", "the file's time (-z, -R, --head)"},
    client_verb{"REST", "resuming or a range (-C, -r)"},
    client_verb{"ABOR", "ending a range download early"},
    client_verb{"QUIT", "closing the connection"},
    client_verb{"SYST", "curl's probe for an OS/400 server, or a libtest's quote command"},
    client_verb{"SITE", "SITE NAMEFMT 1, after SYST found an OS/400 server"},
    client_verb{"PRET", "--ftp-pret, for servers that want to know the transfer first"},
    client_verb{"AUTH", "TLS on the control connection (--ssl-reqd)"},
    client_verb{"PBSZ", "TLS protection buffer (RFC 4217)"},
    client_verb{"PROT", "TLS protection of the data connection (RFC 4217)"},
    client_verb{"CCC", "TLS cleared on the control connection (--ftp-ssl-ccc)"},
    client_verb{"ACCT", "--ftp-account: an ftp URI holds no account (RFC 959 ACCT)"},
};

inline std::string_view verb_of(std::string_view line)
{
    return line.substr(0, line.find(' '));
}

inline bool is_client_command(std::string_view line)
{
    return std::any_of(client_verbs.begin(), client_verbs.end(),
                       [&](client_verb const& v) { return v.verb == verb_of(line); });
}

// --- the records ---------------------------------------------------------------------------------

struct curl_record {
    int test = 0;
    std::string name, cmdline, method;
    bool libtest = false;                         // run by a libtest program, not the curl tool
    std::optional<std::string> errorcode;         // as the record writes it ("67", "0", "77,60")
    std::vector<std::string> urls;                // placeholders expanded
    std::vector<std::string> raw_urls;            // as in the record
    std::optional<std::vector<std::string>> dump; // expanded; nullopt: the test checks none
};

// curl's placeholders, with fixed values: only the test number matters to the commands.
inline std::string expand(std::string text, int test)
{
    struct sub {
        std::string_view from;
        std::string to;
    };
    for (sub const& s : {sub{"%TESTNUMBER", std::to_string(test)}, sub{"%HOSTIP", "127.0.0.1"},
                         sub{"%HOST6IP", "[::1]"}, sub{"%FTPPORT", "8992"}, sub{"%FTP6PORT", "8994"},
                         sub{"%FTPSPORT", "8993"}, sub{"%SP", " "}, sub{"%CR", ""}}) {
        for (std::size_t at = text.find(s.from); at != std::string::npos; at = text.find(s.from, at + s.to.size()))
            text.replace(at, s.from.size(), s.to);
    }
    return text;
}

inline std::map<int, curl_record> const& curl_records()
{
    static std::map<int, curl_record> const all = [] {
        std::map<int, curl_record> out;
        for (peer_record const& p : load_records(curl_commands_file)) {
            json const& d = *p.doc;
            curl_record r;
            r.test = d["test"].GetInt();
            r.name = std::string(json_member_str(d, "name"));
            r.cmdline = std::string(json_member_str(d, "cmdline"));
            r.method = std::string(json_member_str(d, "ftp_method"));
            r.libtest = d["tool"].IsString();
            json const& e = d["expect"];
            if (e["errorcode"].IsString()) r.errorcode = std::string(json_str(e["errorcode"]));
            for (auto const& u : d["urls"].GetArray()) {
                r.raw_urls.emplace_back(json_str(u));
                r.urls.push_back(expand(std::string(json_str(u)), r.test));
            }
            if (e["commands"].IsArray()) {
                r.dump.emplace();
                for (auto const& c : e["commands"].GetArray())
                    r.dump->push_back(expand(std::string(json_str(c)), r.test));
            }
            int const test = r.test; // r is moved from below; the message needs its number
            EXPECT_TRUE(out.emplace(test, std::move(r)).second) << "two records of test " << test;
        }
        return out;
    }();
    return all;
}

// Whether the command line holds one of `options` as a word.
inline bool has_option(curl_record const& r, std::initializer_list<std::string_view> options)
{
    std::istringstream words(r.cmdline);
    std::string w;
    while (words >> w)
        for (std::string_view o : options)
            if (w == o) return true;
    return false;
}

inline bool dump_has(curl_record const& r, std::string_view prefix)
{
    return r.dump && std::any_of(r.dump->begin(), r.dump->end(),
                                 [&](std::string const& l) { return std::string_view(l).starts_with(prefix); });
}

inline std::size_t dump_count(curl_record const& r, std::string_view prefix)
{
    return r.dump ? static_cast<std::size_t>(
                        std::count_if(r.dump->begin(), r.dump->end(),
                                      [&](std::string const& l) { return std::string_view(l).starts_with(prefix); }))
                  : 0U;
}

// curl's commands without the client's own.
inline std::vector<std::string> curl_commands(curl_record const& r)
{
    std::vector<std::string> out;
    for (std::string const& l : *r.dump)
        if (!is_client_command(l)) out.push_back(l);
    return out;
}

} // namespace ftpuri_test
