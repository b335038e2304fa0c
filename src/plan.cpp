// SPDX-License-Identifier: Apache-2.0
// src/plan.cpp: the commands an ftp URI stands for (docs/behaviour.md, "The command plan").
#include "ftpuri/plan.hpp"

#include <array>
#include <cstring>
#include <string_view>

#include "enum_names.hpp"
#include "rules/bad_byte.hpp"
#include "rules/segment.hpp"
#include "span_writer.hpp"
#include "text.hpp"

namespace ftpuri {

std::string_view to_string(plan_mode m) noexcept
{
    switch (m) {
    case plan_mode::rfc1738: return "rfc1738";
    case plan_mode::multicwd: return "multicwd";
    case plan_mode::singlecwd: return "singlecwd";
    case plan_mode::nocwd: return "nocwd";
    }
    return "?";
}

std::optional<plan_mode> plan_mode_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, plan_mode::nocwd);
}

std::optional<plan_mode> find_plan_mode(std::string_view name) noexcept
{
    return plan_mode_from_string(name);
}

std::string_view to_string(ftp_verb v) noexcept
{
    switch (v) {
    case ftp_verb::user: return "USER";
    case ftp_verb::pass: return "PASS";
    case ftp_verb::cwd: return "CWD";
    case ftp_verb::type: return "TYPE";
    case ftp_verb::retr: return "RETR";
    case ftp_verb::nlst: return "NLST";
    case ftp_verb::list: return "LIST";
    }
    return "?";
}

std::optional<ftp_verb> ftp_verb_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, ftp_verb::list);
}

namespace {

// RFC 854's "interpret as command": RFC 959 runs the control connection as Telnet, where a data
// byte 0xFF is sent doubled, so that "FF F4" in a name is not read as "interrupt process".
constexpr char telnet_iac = '\xFF';

} // namespace

// RFC 959 4.1.3: <verb> [<SP> <argument>] <CRLF>; a null CWD keeps its <SP> (draft-casey 2.5:
// 'would "CWD " with a null argument'). The wire form: every 0xFF doubled.
std::size_t ftp_command::size() const noexcept
{
    if (!has_argument_) return to_string(verb_).size();
    std::size_t n = to_string(verb_).size() + 1;
    for (char const c : argument())
        n += c == telnet_iac ? 2 : 1;
    return n;
}

write_result ftp_command::write_into(std::span<char> out) const noexcept
{
    span_writer w(out);
    w.put(to_string(verb_));
    if (has_argument_) {
        w.put(' ');
        for (char const c : argument()) {
            w.put(c);
            if (c == telnet_iac) w.put(c);
        }
    }
    return {w.fits() ? write_status::ok : write_status::buffer_too_small, w.size()};
}

// ---- building a plan ----------------------------------------------------------------------

namespace {

// The first escape in [begin, end) of `text` that decodes to NUL, CR or LF, or npos. A view
// from parse() has none (pct.forbidden-control in every profile); a view built by hand might.
std::uint32_t find_command_end(std::string_view text, std::uint32_t begin, std::uint32_t end) noexcept
{
    for (std::uint32_t i = begin; i < end; ++i) {
        int const byte = escape_at(text.substr(0, end), i);
        if (rules::ends_a_command(static_cast<unsigned char>(text[i]))) return i;
        if (byte >= 0 && rules::ends_a_command(static_cast<unsigned char>(byte))) return i;
    }
    return uri_offsets::npos;
}

// The first "%2F" (any case) in [begin, end) of `text`, or npos.
std::uint32_t find_encoded_slash(std::string_view text, std::uint32_t begin, std::uint32_t end) noexcept
{
    for (std::uint32_t i = begin; i + 2 < end; ++i)
        if (escape_at(text.substr(0, end), i) == '/') return i;
    return uri_offsets::npos;
}

// The end of the run of directory segments that singlecwd joins into one CWD, from the segment
// at `begin` to `end` (the end of the directory part): up to the '/' before a later segment
// that begins with an escape of '/', which goes to the root as it does in the other modes, and
// a lone "%2F" (the root) alone, so that no join begins with "//".
std::uint32_t singlecwd_run_end(std::string_view text, std::uint32_t begin, std::uint32_t end) noexcept
{
    std::string_view const part = text.substr(0, end);
    std::uint32_t i = begin;
    while (i != end && text[i] != '/')
        ++i;
    if (i - begin == 3 && escape_at(part, begin) == '/') return i;
    while (i != end) { // text[i] is the '/' before the next segment
        if (escape_at(part, i + 1) == '/') return i;
        ++i;
        while (i != end && text[i] != '/')
            ++i;
    }
    return end;
}

} // namespace

struct plan_builder {
    static plan_result build(uri_view const& uri, plan_options const& options) noexcept
    {
        for (char const c : options.anonymous_password)
            if (rules::ends_a_command(static_cast<unsigned char>(c)))
                return fail(diag_id::plan_anonymous_password_control, component::input, 0, 0);
        if (options.credentials) {
            for (std::string_view const part : {options.credentials->user, options.credentials->password})
                for (char const c : part)
                    if (rules::ends_a_command(static_cast<unsigned char>(c)))
                        return fail(diag_id::plan_credentials_control, component::input, 0, 0);
        }
        // The anonymous login, unless the caller refuses it: no userinfo and no credentials
        // (pointing where the userinfo would be: before the host, nothing long), or a user
        // "anonymous", which asks for it by name whatever credentials replace a missing user.
        if (options.refuse_anonymous) {
            uri_offsets const& at = uri.raw_offsets();
            if (!uri.has_userinfo() && !options.credentials)
                return fail(diag_id::plan_anonymous_refused, component::user, at.host_begin, 0);
            if (uri.has_userinfo() && is_anonymous(uri.user()))
                return fail(diag_id::plan_anonymous_refused, component::user, at.user_begin,
                            at.user_end - at.user_begin);
        }

        std::string_view const text = uri.buffer();
        uri_offsets const at = uri.raw_offsets();
        struct part {
            component where;
            std::uint32_t begin, end;
        };
        for (part const p : {part{component::user, at.user_begin, at.user_end},
                             part{component::password, at.password_begin, at.password_end},
                             part{component::path, at.path_begin, at.path_end}}) {
            if (p.begin == uri_offsets::npos) continue;
            std::uint32_t const bad = find_command_end(text, p.begin, p.end);
            if (bad != uri_offsets::npos)
                return fail(diag_id::pct_forbidden_control, p.where, bad, text[bad] == '%' ? 3U : 1U);
        }

        command_plan p;
        p.uri_ = uri;
        p.options_ = options;
        p.ask_password_ = uri.has_userinfo() && !uri.has_password();

        std::string_view const path = uri.path();
        std::uint32_t const path_end = at.path_end;
        p.action_begin_ = path_end;
        if (!path.empty()) {
            // <cwd1>/.../<cwdN>/<name>: every segment but the last is a directory.
            std::uint32_t const first = at.path_begin + 1;
            std::uint32_t const last_slash = at.path_begin + static_cast<std::uint32_t>(path.rfind('/'));
            std::uint32_t first_end = first;
            while (first_end != path_end && text[first_end] != '/')
                ++first_end;
            // draft-casey 3.1: a first segment "~" is the login directory, where the client
            // already is: no CWD for it, and no "CWD /" before it.
            p.login_first_ = rules::is_login_directory(text.substr(first, first_end - first));
            std::uint32_t const directories = p.login_first_ && first_end != path_end ? first_end + 1 : first;
            p.has_directories_ = directories <= last_slash;
            p.directories_begin_ = directories;
            p.directories_end_ = last_slash;
            p.action_begin_ = options.mode == plan_mode::nocwd ? directories : last_slash + 1;
            // "ftp://h/~" names the login directory itself, as "ftp://h/~/" does: its listing,
            // not a file called "~".
            p.login_is_name_ = p.login_first_ && first_end == path_end;
            if (p.login_is_name_) p.action_begin_ = path_end;
            // A final "." or ".." (or its %2E spelling) names a directory, as "ftp://h/pub/../"
            // does: it is walked like the others and listed, so that the plan reaches the place
            // its canonical form's plan reaches (the canonical form of "pub/.." is "/": LIST).
            std::string_view const name = text.substr(last_slash + 1, path_end - last_slash - 1);
            if (!p.login_is_name_ && rules::dot_segment_length(name) != 0) {
                p.name_is_directory_ = true;
                p.has_directories_ = true;
                p.directories_end_ = path_end;
                if (options.mode != plan_mode::nocwd) p.action_begin_ = path_end;
            }
            if (options.mode == plan_mode::nocwd) {
                std::uint32_t const slash = find_encoded_slash(text, directories, path_end);
                if (slash != uri_offsets::npos) return fail(diag_id::plan_nocwd_slash, component::path, slash, 3);
            }
        }
        return plan_result::success(p);
    }

    static plan_result fail(diag_id id, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        return plan_result::failure(diagnostic{id, severity::error, where, offset, length});
    }
};

plan_result plan(uri_view const& uri, plan_options const& options) noexcept
{
    return plan_builder::build(uri, options);
}

// ---- iterating ------------------------------------------------------------------------------

command_plan::iterator::iterator(command_plan const* plan, step s) noexcept : plan_(plan), step_(s)
{
    settle();
}

command_plan::iterator& command_plan::iterator::operator++() noexcept
{
    switch (step_) {
    case step::user: step_ = step::pass; break;
    case step::pass: step_ = step::root; break;
    case step::root:
        step_ = step::directories;
        cursor_ = plan_->directories_begin_;
        break;
    case step::directories:
        // Past the segment (or the joined segments, or singlecwd's root) just sent, and its '/'.
        cursor_ = command_.offset() == ftp_command::npos
                      ? plan_->directories_end_ + 1
                      : command_.offset() + static_cast<std::uint32_t>(command_.raw_argument().size()) + 1;
        break;
    case step::type: step_ = step::action; break;
    case step::action: step_ = step::done; break;
    case step::done: return *this;
    }
    settle();
    return *this;
}

void command_plan::iterator::settle() noexcept
{
    command_plan const& p = *plan_;
    uri_view const& u = p.uri_;
    std::string_view const text = u.buffer();
    uri_offsets const at = u.raw_offsets();
    auto from_uri = [&](ftp_verb verb, std::uint32_t begin, std::uint32_t end) {
        command_ = ftp_command(verb, text.substr(begin, end - begin), begin, true);
    };
    for (;;) {
        switch (step_) {
        case step::user:
            if (u.has_userinfo())
                from_uri(ftp_verb::user, at.user_begin, at.user_end);
            else if (p.options_.credentials)
                command_ = ftp_command(ftp_verb::user, p.options_.credentials->user, ftp_command::npos, true);
            else
                command_ = ftp_command(ftp_verb::user, "anonymous", ftp_command::npos, true);
            return;
        case step::pass:
            if (!u.has_userinfo()) {
                std::string_view const password =
                    p.options_.credentials ? p.options_.credentials->password : p.options_.anonymous_password;
                command_ = ftp_command(ftp_verb::pass, password, ftp_command::npos, true);
                return;
            }
            if (u.has_password()) {
                from_uri(ftp_verb::pass, at.password_begin, at.password_end);
                return;
            }
            step_ = step::root; // no PASS: the client asks the user (ask_password())
            break;
        case step::root:
            if (p.options_.absolute && !p.login_first_) {
                command_ = ftp_command(ftp_verb::cwd, "/", ftp_command::npos, true);
                return;
            }
            step_ = step::directories;
            cursor_ = p.directories_begin_;
            break;
        case step::directories:
            if (p.has_directories_ && cursor_ <= p.directories_end_) {
                switch (p.options_.mode) {
                case plan_mode::nocwd: break;
                case plan_mode::singlecwd: {
                    // One CWD for the joined segments, which moves the cursor past them. A first
                    // empty segment makes the join begin at the root ("//a/x": "/a"); a lone empty
                    // one is the root itself ("//x": "/", as nocwd's "RETR /x"), never a null CWD.
                    if (cursor_ == p.directories_end_) {
                        command_ = ftp_command(ftp_verb::cwd, "/", ftp_command::npos, true);
                        return;
                    }
                    // A later segment that begins with %2F starts a CWD of its own, from the root.
                    std::uint32_t const end = singlecwd_run_end(text, cursor_, p.directories_end_);
                    if (end == cursor_) { // an empty first segment before one: the root anyway
                        cursor_ = end + 1;
                        continue;
                    }
                    from_uri(ftp_verb::cwd, cursor_, end);
                    return;
                }
                case plan_mode::rfc1738:
                case plan_mode::multicwd: {
                    std::uint32_t end = cursor_;
                    while (end != p.directories_end_ && text[end] != '/')
                        ++end;
                    if (end != cursor_ || p.options_.mode == plan_mode::rfc1738) {
                        from_uri(ftp_verb::cwd, cursor_, end);
                        return;
                    }
                    cursor_ = end + 1; // multicwd skips a null CWD
                    continue;
                }
                }
            }
            step_ = step::type; // cursor_ is reset at step::done, where it meets end()
            break;
        case step::type:
            if (u.typecode() != '\0') {
                command_ = ftp_command(ftp_verb::type, u.typecode() == 'i' ? "I" : "A", ftp_command::npos, true);
                return;
            }
            step_ = step::action;
            break;
        case step::action: {
            bool const no_name = u.name().empty() || p.login_is_name_ || p.name_is_directory_;
            ftp_verb const verb = u.typecode() == 'd' ? ftp_verb::nlst : no_name ? ftp_verb::list : ftp_verb::retr;
            std::uint32_t const begin = p.action_begin_;
            command_ = ftp_command(verb, text.substr(begin, at.path_end - begin), begin, begin != at.path_end);
            return;
        }
        case step::done:
            plan_ = nullptr;
            cursor_ = 0;
            command_ = ftp_command();
            return;
        }
    }
}

std::size_t command_plan::size() const noexcept
{
    std::size_t n = 0;
    for (auto it = begin(); it != end(); ++it)
        ++n;
    return n;
}

} // namespace ftpuri
