// SPDX-License-Identifier: Apache-2.0
// tests/support/plan_lines.hpp: a command plan as the lines a client sends, for tests that
// write their expectations as lists of lines ("USER anonymous", "CWD /etc", "RETR motd").
//
// Used by plan_test.cpp, plan_modes_test.cpp, plan_seeds_test.cpp and plan_curl_test.cpp. Each line is what
// ftp_command::write_into() writes (the CRLF left out), so a test that compares lines tests
// write_into() and size() on every command it sees.
#pragma once

#include <ftpuri/ftpuri.hpp>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "diagnostic_text.hpp"

namespace ftpuri_test {

// The line of one command. write_into() must fill exactly size() bytes.
inline std::string line_of(ftpuri::ftp_command const& c)
{
    std::string s(c.size(), '\0');
    std::size_t const n = c.write_into(s).size;
    EXPECT_EQ(n, s.size()) << "write_into() and size() disagree on " << s;
    return s;
}

// Every line of a plan, in order.
inline std::vector<std::string> lines_of(ftpuri::command_plan const& p)
{
    std::vector<std::string> out;
    for (ftpuri::ftp_command const& c : p)
        out.push_back(line_of(c));
    return out;
}

// The lines of the plan of `uri` parsed in `syntax`: on success the lines, and then "(ask)" when
// the plan says to ask for the password; "! parse: ID" or "! plan: ID" when parse() or plan()
// refuses. One vector, so that an expectation is one list a reader can check against the spec.
inline std::vector<std::string> commands(std::string_view uri, ftpuri::plan_options const& options = {},
                                         ftpuri::profile syntax = ftpuri::profile::strict)
{
    ftpuri::parse_options po;
    po.syntax = syntax;
    ftpuri::parse_result const r = ftpuri::parse(uri, po);
    if (!r) return {"! parse: " + name_of(r.error().id)};
    ftpuri::plan_result const p = ftpuri::plan(*r, options);
    if (!p) return {"! plan: " + name_of(p.error().id)};
    std::vector<std::string> out = lines_of(*p);
    EXPECT_EQ(p->size(), out.size()) << uri << ": size() is not the number of commands iterated";
    if (p->ask_password()) out.emplace_back("(ask)");
    return out;
}

inline ftpuri::plan_options opts(ftpuri::plan_mode mode, bool absolute = false)
{
    ftpuri::plan_options o;
    o.mode = mode;
    o.absolute = absolute;
    return o;
}

} // namespace ftpuri_test
