// SPDX-License-Identifier: Apache-2.0
// tests/support/plan_shapes.hpp: URIs of every shape a plan takes (empty segments, "~", "%7E",
// "~user", dot segments, "%2F", typecodes) with the commands each mode sends after the login,
// written from docs/behaviour.md. plan_modes_test.cpp checks every row in every mode with and
// without `absolute`; plan_test.cpp walks each row's plan as a range.
#pragma once

#include <ftpuri/ftpuri.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "profiles.hpp"

namespace ftpuri_test {

using lines = std::vector<std::string>;

// The modes in the order of a shape's columns.
inline constexpr std::array all_modes = {ftpuri::plan_mode::rfc1738, ftpuri::plan_mode::multicwd,
                                         ftpuri::plan_mode::singlecwd, ftpuri::plan_mode::nocwd};

// One URI, the commands after the login in each mode (all_modes' order), and
// whether its first segment is "~" (then `absolute` sends no "CWD /"). "! plan: ID" for a refusal.
// Parsed in strict unless `syntax` says otherwise (a "~" inside the path is path.tilde-inside,
// an error in strict only).
struct shape {
    std::string_view uri;
    std::array<lines, 4> after_login;
    bool login_first = false;
    ftpuri::profile syntax = S;
};

inline std::vector<shape> const& shapes()
{
    static std::vector<shape> const table = {
        // No path, or "/": the login directory is listed.
        {"ftp://h", {lines{"LIST"}, {"LIST"}, {"LIST"}, {"LIST"}}},
        {"ftp://h/", {lines{"LIST"}, {"LIST"}, {"LIST"}, {"LIST"}}},
        // A name only.
        {"ftp://h/f", {lines{"RETR f"}, {"RETR f"}, {"RETR f"}, {"RETR f"}}},
        // Directories and a name; a trailing '/' (empty name) lists.
        {"ftp://h/a/b/f",
         {lines{"CWD a", "CWD b", "RETR f"}, {"CWD a", "CWD b", "RETR f"}, {"CWD a/b", "RETR f"}, {"RETR a/b/f"}}},
        {"ftp://h/a/b/",
         {lines{"CWD a", "CWD b", "LIST"}, {"CWD a", "CWD b", "LIST"}, {"CWD a/b", "LIST"}, {"LIST a/b/"}}},
        // Empty segments: a null CWD in rfc1738 only; joined as they are by singlecwd and nocwd.
        {"ftp://h//a/f", {lines{"CWD ", "CWD a", "RETR f"}, {"CWD a", "RETR f"}, {"CWD /a", "RETR f"}, {"RETR /a/f"}}},
        {"ftp://h/a//b/f",
         {lines{"CWD a", "CWD ", "CWD b", "RETR f"},
          {"CWD a", "CWD b", "RETR f"},
          {"CWD a//b", "RETR f"},
          {"RETR a//b/f"}}},
        {"ftp://h/a//", {lines{"CWD a", "CWD ", "LIST"}, {"CWD a", "LIST"}, {"CWD a/", "LIST"}, {"LIST a//"}}},
        // singlecwd: a lone empty directory joins to the root, as nocwd's "LIST /" reads it.
        {"ftp://h//", {lines{"CWD ", "LIST"}, {"LIST"}, {"CWD /", "LIST"}, {"LIST /"}}},
        {"ftp://h///f", {lines{"CWD ", "CWD ", "RETR f"}, {"RETR f"}, {"CWD /", "RETR f"}, {"RETR //f"}}},
        // A first "~" is the login directory (draft-casey 3.1): no CWD for it, in any mode.
        {"ftp://h/~/a/f", {lines{"CWD a", "RETR f"}, {"CWD a", "RETR f"}, {"CWD a", "RETR f"}, {"RETR a/f"}}, true},
        {"ftp://h/%7E/a/f", {lines{"CWD a", "RETR f"}, {"CWD a", "RETR f"}, {"CWD a", "RETR f"}, {"RETR a/f"}}, true},
        {"ftp://h/%7e/a/", {lines{"CWD a", "LIST"}, {"CWD a", "LIST"}, {"CWD a", "LIST"}, {"LIST a/"}}, true},
        {"ftp://h/~/", {lines{"LIST"}, {"LIST"}, {"LIST"}, {"LIST"}}, true},
        {"ftp://h/~//f", {lines{"CWD ", "RETR f"}, {"RETR f"}, {"CWD /", "RETR f"}, {"RETR /f"}}, true},
        // "~" alone names the login directory itself, as "~/" does (plan.hpp): its listing.
        {"ftp://h/~", {lines{"LIST"}, {"LIST"}, {"LIST"}, {"LIST"}}, true},
        {"ftp://h/%7E;type=d",
         {lines{"TYPE A", "NLST"}, {"TYPE A", "NLST"}, {"TYPE A", "NLST"}, {"TYPE A", "NLST"}},
         true},
        // Only a first "~": later ones, and "~user", are directories like any other.
        {"ftp://h/~/~/f", {lines{"CWD ~", "RETR f"}, {"CWD ~", "RETR f"}, {"CWD ~", "RETR f"}, {"RETR ~/f"}}, true, R},
        {"ftp://h/a/~/f",
         {lines{"CWD a", "CWD ~", "RETR f"}, {"CWD a", "CWD ~", "RETR f"}, {"CWD a/~", "RETR f"}, {"RETR a/~/f"}},
         false,
         R},
        {"ftp://h/a/~", {lines{"CWD a", "RETR ~"}, {"CWD a", "RETR ~"}, {"CWD a", "RETR ~"}, {"RETR a/~"}}, false, R},
        {"ftp://h/~user/f",
         {lines{"CWD ~user", "RETR f"}, {"CWD ~user", "RETR f"}, {"CWD ~user", "RETR f"}, {"RETR ~user/f"}}},
        // Dot segments are sent as written (docs/behaviour.md: the plan is the URI's own).
        {"ftp://h/a/../b/./f",
         {lines{"CWD a", "CWD ..", "CWD b", "CWD .", "RETR f"},
          {"CWD a", "CWD ..", "CWD b", "CWD .", "RETR f"},
          {"CWD a/../b/.", "RETR f"},
          {"RETR a/../b/./f"}}},
        // A final "." or ".." is a directory: sent as a CWD, then listed, so that the plan reaches
        // the place its canonical form's plan reaches ("ftp://h/pub/.." is "ftp://h/": LIST).
        {"ftp://h/pub/..",
         {lines{"CWD pub", "CWD ..", "LIST"}, {"CWD pub", "CWD ..", "LIST"}, {"CWD pub/..", "LIST"}, {"LIST pub/.."}}},
        {"ftp://h/pub/.",
         {lines{"CWD pub", "CWD .", "LIST"}, {"CWD pub", "CWD .", "LIST"}, {"CWD pub/.", "LIST"}, {"LIST pub/."}}},
        {"ftp://h/.", {lines{"CWD .", "LIST"}, {"CWD .", "LIST"}, {"CWD .", "LIST"}, {"LIST ."}}},
        {"ftp://h/a/b/%2E%2e",
         {lines{"CWD a", "CWD b", "CWD ..", "LIST"},
          {"CWD a", "CWD b", "CWD ..", "LIST"},
          {"CWD a/b/..", "LIST"},
          {"LIST a/b/.."}}},
        {"ftp://h/a/..;type=d",
         {lines{"CWD a", "CWD ..", "TYPE A", "NLST"},
          {"CWD a", "CWD ..", "TYPE A", "NLST"},
          {"CWD a/..", "TYPE A", "NLST"},
          {"TYPE A", "NLST a/.."}}},
        {"ftp://h/a/.;type=i",
         {lines{"CWD a", "CWD .", "TYPE I", "LIST"},
          {"CWD a", "CWD .", "TYPE I", "LIST"},
          {"CWD a/.", "TYPE I", "LIST"},
          {"TYPE I", "LIST a/."}}},
        {"ftp://h/~/a/..",
         {lines{"CWD a", "CWD ..", "LIST"}, {"CWD a", "CWD ..", "LIST"}, {"CWD a/..", "LIST"}, {"LIST a/.."}},
         true},
        {"ftp://h/a//..",
         {lines{"CWD a", "CWD ", "CWD ..", "LIST"}, {"CWD a", "CWD ..", "LIST"}, {"CWD a//..", "LIST"}, {"LIST a//.."}},
         false,
         R},
        // Names that only look like dot segments stay names.
        {"ftp://h/a/...",
         {lines{"CWD a", "RETR ..."}, {"CWD a", "RETR ..."}, {"CWD a", "RETR ..."}, {"RETR a/..."}},
         false,
         R},
        {"ftp://h/a/.x", {lines{"CWD a", "RETR .x"}, {"CWD a", "RETR .x"}, {"CWD a", "RETR .x"}, {"RETR a/.x"}}},
        // Escapes are decoded; %2F is a '/' inside one argument, which nocwd cannot send.
        {"ftp://h/a%20b/c%3Bd",
         {lines{"CWD a b", "RETR c;d"}, {"CWD a b", "RETR c;d"}, {"CWD a b", "RETR c;d"}, {"RETR a b/c;d"}}},
        {"ftp://h/a%2Fb/f",
         {lines{"CWD a/b", "RETR f"}, {"CWD a/b", "RETR f"}, {"CWD a/b", "RETR f"}, {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b%2fc",
         {lines{"CWD a", "RETR b/c"}, {"CWD a", "RETR b/c"}, {"CWD a", "RETR b/c"}, {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/%2Fetc/motd",
         {lines{"CWD /etc", "RETR motd"},
          {"CWD /etc", "RETR motd"},
          {"CWD /etc", "RETR motd"},
          {"! plan: plan.nocwd-slash"}}},
        // A %2F that begins a later segment goes to the root in every mode: singlecwd starts a
        // new CWD there rather than join it below the start ("x//etc"). Each segment position
        // (first, middle and last directory, the name) with a %2F at its start, middle and end,
        // and alone.
        {"ftp://h/x/%2Fetc/f",
         {lines{"CWD x", "CWD /etc", "RETR f"},
          {"CWD x", "CWD /etc", "RETR f"},
          {"CWD x", "CWD /etc", "RETR f"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/%2F/f",
         {lines{"CWD a", "CWD /", "RETR f"},
          {"CWD a", "CWD /", "RETR f"},
          {"CWD a", "CWD /", "RETR f"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/%2Fx/b/c/n",
         {lines{"CWD /x", "CWD b", "CWD c", "RETR n"},
          {"CWD /x", "CWD b", "CWD c", "RETR n"},
          {"CWD /x/b/c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/%2Fx/c/n",
         {lines{"CWD a", "CWD /x", "CWD c", "RETR n"},
          {"CWD a", "CWD /x", "CWD c", "RETR n"},
          {"CWD a", "CWD /x/c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/%2Fx/n",
         {lines{"CWD a", "CWD b", "CWD /x", "RETR n"},
          {"CWD a", "CWD b", "CWD /x", "RETR n"},
          {"CWD a/b", "CWD /x", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/c/%2Fx",
         {lines{"CWD a", "CWD b", "CWD c", "RETR /x"},
          {"CWD a", "CWD b", "CWD c", "RETR /x"},
          {"CWD a/b/c", "RETR /x"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/x%2Fy/b/c/n",
         {lines{"CWD x/y", "CWD b", "CWD c", "RETR n"},
          {"CWD x/y", "CWD b", "CWD c", "RETR n"},
          {"CWD x/y/b/c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/x%2Fy/c/n",
         {lines{"CWD a", "CWD x/y", "CWD c", "RETR n"},
          {"CWD a", "CWD x/y", "CWD c", "RETR n"},
          {"CWD a/x/y/c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/x%2Fy/n",
         {lines{"CWD a", "CWD b", "CWD x/y", "RETR n"},
          {"CWD a", "CWD b", "CWD x/y", "RETR n"},
          {"CWD a/b/x/y", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/c/x%2Fy",
         {lines{"CWD a", "CWD b", "CWD c", "RETR x/y"},
          {"CWD a", "CWD b", "CWD c", "RETR x/y"},
          {"CWD a/b/c", "RETR x/y"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/x%2F/b/c/n",
         {lines{"CWD x/", "CWD b", "CWD c", "RETR n"},
          {"CWD x/", "CWD b", "CWD c", "RETR n"},
          {"CWD x//b/c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/x%2F/c/n",
         {lines{"CWD a", "CWD x/", "CWD c", "RETR n"},
          {"CWD a", "CWD x/", "CWD c", "RETR n"},
          {"CWD a/x//c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/x%2F/n",
         {lines{"CWD a", "CWD b", "CWD x/", "RETR n"},
          {"CWD a", "CWD b", "CWD x/", "RETR n"},
          {"CWD a/b/x/", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/c/x%2F",
         {lines{"CWD a", "CWD b", "CWD c", "RETR x/"},
          {"CWD a", "CWD b", "CWD c", "RETR x/"},
          {"CWD a/b/c", "RETR x/"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/%2F/b/c/n",
         {lines{"CWD /", "CWD b", "CWD c", "RETR n"},
          {"CWD /", "CWD b", "CWD c", "RETR n"},
          {"CWD /", "CWD b/c", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/b/%2F/n",
         {lines{"CWD a", "CWD b", "CWD /", "RETR n"},
          {"CWD a", "CWD b", "CWD /", "RETR n"},
          {"CWD a/b", "CWD /", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h/a/%2Fx/%2Fy/n",
         {lines{"CWD a", "CWD /x", "CWD /y", "RETR n"},
          {"CWD a", "CWD /x", "CWD /y", "RETR n"},
          {"CWD a", "CWD /x", "CWD /y", "RETR n"},
          {"! plan: plan.nocwd-slash"}}},
        {"ftp://h//%2Fx/n",
         {lines{"CWD ", "CWD /x", "RETR n"}, {"CWD /x", "RETR n"}, {"CWD /x", "RETR n"}, {"! plan: plan.nocwd-slash"}},
         false,
         R},
        // Typecodes: TYPE A for a and d, TYPE I for i; d lists the name with NLST.
        {"ftp://h/a/f;type=a",
         {lines{"CWD a", "TYPE A", "RETR f"},
          {"CWD a", "TYPE A", "RETR f"},
          {"CWD a", "TYPE A", "RETR f"},
          {"TYPE A", "RETR a/f"}}},
        {"ftp://h/a/f;type=i",
         {lines{"CWD a", "TYPE I", "RETR f"},
          {"CWD a", "TYPE I", "RETR f"},
          {"CWD a", "TYPE I", "RETR f"},
          {"TYPE I", "RETR a/f"}}},
        {"ftp://h/a/f;type=d",
         {lines{"CWD a", "TYPE A", "NLST f"},
          {"CWD a", "TYPE A", "NLST f"},
          {"CWD a", "TYPE A", "NLST f"},
          {"TYPE A", "NLST a/f"}}},
        {"ftp://h/a/;type=d",
         {lines{"CWD a", "TYPE A", "NLST"},
          {"CWD a", "TYPE A", "NLST"},
          {"CWD a", "TYPE A", "NLST"},
          {"TYPE A", "NLST a/"}}},
        {"ftp://h/;type=i", {lines{"TYPE I", "LIST"}, {"TYPE I", "LIST"}, {"TYPE I", "LIST"}, {"TYPE I", "LIST"}}},
        {"ftp://h/f;type=I",
         {lines{"TYPE I", "RETR f"}, {"TYPE I", "RETR f"}, {"TYPE I", "RETR f"}, {"TYPE I", "RETR f"}}},
        {"ftp://h/~/f;type=d",
         {lines{"TYPE A", "NLST f"}, {"TYPE A", "NLST f"}, {"TYPE A", "NLST f"}, {"TYPE A", "NLST f"}},
         true},
    };
    return table;
}

} // namespace ftpuri_test
