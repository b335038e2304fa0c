// SPDX-License-Identifier: Apache-2.0
// props/plan_model.hpp: the command plan as docs/behaviour.md ("The command plan") writes it, built
// from a parsed URI's raw components and the reference decoder, and the library's plan in the
// same shape, so that plan.matches_model can compare the two command by command.
//
//   model_plan(view, options)    what docs/behaviour.md says the client sends
//   library_plan(view, options)  what ftpuri::plan(view, options) iterates
//
// The model takes from the view only its raw parts (user, password, path, typecode); it splits
// the path and decodes the pieces itself (support.hpp), so that a mistake in the library's
// offsets or decoding shows as a difference. Where docs/behaviour.md leaves a choice open, the model
// follows the decisions the library documents in include/ftpuri/plan.hpp (taken as the
// specification), each marked below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/plan.hpp"
#include "support.hpp"

namespace ftpuri_props {

// One command as the server receives it.
struct command_text {
    std::string verb;                    // "USER", "CWD", ...
    std::optional<std::string> argument; // decoded bytes; none only for LIST or NLST without one
    bool operator==(command_text const&) const = default;
};

// A plan, or the diagnostic that refuses one.
struct plan_text {
    std::vector<command_text> commands;
    bool ask_password = false;
    std::string refused; // the refusing diagnostic's id ("plan.nocwd-slash"); "" for a plan
    std::uint32_t refused_offset = 0;
    std::uint32_t refused_length = 0;
    bool operator==(plan_text const&) const = default;
};

// CWD "a": the argument quoted and escaped (escape_bytes), so that a null CWD (CWD "") and a
// LIST without an argument print apart.
inline std::string show_command(command_text const& c)
{
    return c.argument ? c.verb + " " + escape_bytes(*c.argument) : c.verb;
}

inline std::string show_plan(plan_text const& p)
{
    if (!p.refused.empty()) {
        return "refused: " + p.refused + " at " + std::to_string(p.refused_offset) + "+" +
               std::to_string(p.refused_length);
    }
    std::string out;
    for (command_text const& c : p.commands)
        out += (out.empty() ? "" : ", ") + show_command(c);
    return out + (p.ask_password ? " (ask for the password)" : "");
}

inline std::string show_options(ftpuri::plan_options const& o)
{
    return std::string(ftpuri::to_string(o.mode)) + (o.absolute ? " absolute" : "");
}

inline std::string join_with_slash(std::vector<std::string> const& parts, std::size_t begin, std::size_t end)
{
    std::string out;
    for (std::size_t i = begin; i < end; ++i)
        out += (i == begin ? "" : "/") + parts[i];
    return out;
}

// The offset in `raw` of the first escape that decodes to '/', or npos.
inline std::size_t first_encoded_slash(std::string_view raw)
{
    for (std::size_t i = 0; i + 2 < raw.size(); ++i) {
        if (raw[i] != '%') continue;
        if (ref_decode(raw.substr(i, 3)) == "/") return i;
        i += 2;
    }
    return std::string_view::npos;
}

inline plan_text model_plan(ftpuri::uri_view const& v, ftpuri::plan_options const& o)
{
    plan_text p;
    // The option is checked before the URI: it is wrong whatever the URI (docs/behaviour.md: arguments
    // never hold CR, LF or NUL; plan.hpp: offset 0, length 0, as it is not in the input).
    if (o.anonymous_password.find_first_of(std::string_view("\0\r\n", 3)) != std::string_view::npos) {
        p.refused = "plan.anonymous-password-control";
        return p;
    }

    std::string_view const path = v.path();
    std::vector<std::string> const raw = raw_segments(path);
    std::vector<std::string> segs;
    segs.reserve(raw.size());
    for (std::string const& s : raw)
        segs.push_back(ref_decode(s));
    std::size_t const n = segs.size();
    // "A first segment ~ is the login directory: no CWD for it, and no CWD / either" (also when
    // it is the only segment: the library reads "first segment" literally).
    bool const login_first = n != 0 && segs[0] == "~";
    // The path's name, the last segment; "ftp://h/~" has none: it lists the login directory as
    // "ftp://h/~/" does (plan.hpp's decision: a file called "~" is not what it means).
    // "A final . or .. is a directory: it is sent as CWD, then the action is LIST (or NLST)".
    bool const login_is_name = login_first && n == 1;
    bool const name_is_directory = n != 0 && !login_is_name && (segs.back() == "." || segs.back() == "..");
    std::string const name = n == 0 || login_is_name || name_is_directory ? std::string() : segs.back();
    // The directory segments sent, [dirs_begin, dirs_end): all but the name, without a first "~".
    std::size_t const dirs_begin = login_first ? 1 : 0;
    std::size_t const dirs_end = n == 0 ? 0 : name_is_directory ? n : n - 1;

    if (o.mode == ftpuri::plan_mode::nocwd) {
        // plan.nocwd-slash, at the first escape of a '/' in what the one argument holds.
        auto const path_offset = static_cast<std::uint32_t>(path.data() - v.buffer().data());
        std::size_t at = 1; // past the path's '/'
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t const slash = i < dirs_begin ? std::string_view::npos : first_encoded_slash(raw[i]);
            if (slash != std::string_view::npos) {
                p.refused = "plan.nocwd-slash";
                p.refused_offset = path_offset + static_cast<std::uint32_t>(at + slash);
                p.refused_length = 3;
                return p;
            }
            at += raw[i].size() + 1;
        }
    }

    // 1. Login (RFC 1738 3.2.1: an empty user or password is not an absent one).
    if (!v.has_userinfo()) {
        p.commands.push_back({"USER", "anonymous"});
        p.commands.push_back({"PASS", std::string(o.anonymous_password)});
    } else {
        p.commands.push_back({"USER", ref_decode(v.user())});
        if (v.has_password()) {
            p.commands.push_back({"PASS", ref_decode(v.password())});
        } else {
            p.ask_password = true;
        }
    }

    // 2. Directories.
    if (o.absolute && !login_first) p.commands.push_back({"CWD", "/"});
    switch (o.mode) {
    case ftpuri::plan_mode::rfc1738:
        for (std::size_t i = dirs_begin; i < dirs_end; ++i)
            p.commands.push_back({"CWD", segs[i]}); // "" is the null CWD, "CWD " (plan.hpp)
        break;
    case ftpuri::plan_mode::multicwd:
        for (std::size_t i = dirs_begin; i < dirs_end; ++i)
            if (!segs[i].empty()) p.commands.push_back({"CWD", segs[i]});
        break;
    case ftpuri::plan_mode::singlecwd: {
        // Empty segments are joined too ("//etc/x": "CWD /etc"); a lone empty directory is the
        // root ("//x": "CWD /", as nocwd's "RETR /x"), never a null CWD (plan.cpp). "Every mode
        // reaches the same directory": a segment that decodes to begin with '/' starts a CWD of
        // its own, from the root, as it does in the other modes; a lone "/" is sent alone (no
        // join begins with "//"), and an empty first run before one is the root anyway.
        for (std::size_t i = dirs_begin; i < dirs_end;) {
            std::size_t j = i + 1;
            if (segs[i] != "/")
                while (j < dirs_end && !segs[j].starts_with('/'))
                    ++j;
            std::string const joined = join_with_slash(segs, i, j);
            if (!joined.empty())
                p.commands.push_back({"CWD", joined});
            else if (j == dirs_end)
                p.commands.push_back({"CWD", "/"});
            i = j;
        }
        break;
    }
    case ftpuri::plan_mode::nocwd: break;
    }

    // 3. Type.
    if (v.typecode() != '\0') p.commands.push_back({"TYPE", v.typecode() == 'i' ? "I" : "A"});

    // 4. Action: the verb from the name (the last segment), the argument the name or, in nocwd,
    // the whole path after its first '/' (and after a first "~/"), "a/b/" for "ftp://h/a/b/".
    std::string const verb = v.typecode() == 'd' ? "NLST" : name.empty() ? "LIST" : "RETR";
    std::string const argument = o.mode == ftpuri::plan_mode::nocwd ? join_with_slash(segs, dirs_begin, n) : name;
    p.commands.push_back({verb, argument.empty() ? std::nullopt : std::optional<std::string>(argument)});
    return p;
}

// The decoded bytes of a command's argument, through the library's own decoding view.
inline std::string argument_bytes(ftpuri::ftp_command const& c)
{
    std::string out;
    for (char const ch : c.argument())
        out += ch;
    return out;
}

inline plan_text library_plan(ftpuri::uri_view const& v, ftpuri::plan_options const& o)
{
    plan_text p;
    ftpuri::plan_result const r = ftpuri::plan(v, o);
    if (!r) {
        p.refused = std::string(r.error().info().name);
        p.refused_offset = r.error().offset;
        p.refused_length = r.error().length;
        return p;
    }
    for (ftpuri::ftp_command const& c : *r) {
        p.commands.push_back({std::string(ftpuri::to_string(c.verb())),
                              c.has_argument() ? std::optional<std::string>(argument_bytes(c)) : std::nullopt});
    }
    p.ask_password = r->ask_password();
    return p;
}

} // namespace ftpuri_props
