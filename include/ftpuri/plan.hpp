// SPDX-License-Identifier: Apache-2.0
// ftpuri/plan.hpp: the FTP commands an ftp URI asks a client to send.
//
//     std::string const text = "ftp://myname@host.dom/%2Fetc/motd";
//     ftpuri::parse_result const uri = ftpuri::parse(text);
//     ftpuri::plan_result const p = ftpuri::plan(*uri);          // multicwd, not absolute
//     for (ftpuri::ftp_command const& c : *p) {
//         char line[512];
//         ftpuri::write_result const r = c.write_into(line);      // "USER myname", "CWD /etc",
//         ...                                                      // "RETR motd"; or too small
//     }
//     p->ask_password();                                           // true: the URI has no password
//
// docs/behaviour.md, "The command plan", is the specification: login (USER, PASS), the directories
// by mode, TYPE from the typecode, then RETR, NLST or LIST. The seeds disagree on the
// directories, so the mode is an option; docs/plan.md sets the modes side by side on the seeds'
// examples. Dot segments are sent as written: the plan is the URI's own, and the canonical form
// is where they are removed. A final "." or ".." names a directory: it is sent as a CWD and
// listed (LIST, or NLST with ";type=d"), so that the plan reaches the place its canonical
// form's plan reaches.
//
// Nothing here allocates. A plan is a small value holding the uri_view; its commands are
// computed one at a time as it is iterated, and each argument is a view of the URI's text that
// percent-decodes as it is read (decoded_view), or a literal ("anonymous", "/", "I").
//
// Arguments never hold CR, LF or NUL: the parser refuses them in every profile
// (pct.forbidden-control), plan() checks it again, and it refuses an anonymous password that
// holds one. ftp_command::write_into() writes the wire form, where a byte 0xFF (%FF) is IAC IAC
// (RFC 854; RFC 959 runs the control connection as Telnet); argument() is the byte itself.
// What a client must still do: end each command with CRLF.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/export.h"
#include "ftpuri/pct.hpp"
#include "ftpuri/result.hpp"
#include "ftpuri/uri_view.hpp"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

// How the directory part becomes commands (docs/behaviour.md; the seeds disagree):
enum class plan_mode : std::uint8_t {
    rfc1738,   // one CWD per directory segment, a null CWD ("CWD " with an empty argument) for
               // an empty one (RFC 1738 3.2.2, draft-casey 2.5)
    multicwd,  // one CWD per non-empty directory segment (draft-yevstifeyev 2.2.3 (1a), which
               // forbids null CWDs; curl's default)
    singlecwd, // one "CWD d1/d2/..." of the decoded directory segments joined by '/', so that an
               // empty first one begins at the root; "CWD /" for a lone empty one, never a
               // null CWD (draft-yevstifeyev (1b); curl --ftp-method singlecwd). A later segment
               // that decodes to begin with '/' starts a CWD of its own, from the root, as the
               // other modes read it ("x/%2Fetc/f": "CWD x", "CWD /etc"; a lone "%2F" alone).
    nocwd,     // no CWD: the action's argument is the whole path "d1/.../name" (draft-casey's
               // "RETR <cwd1>/.../<name>"; curl --ftp-method nocwd). Refused (plan.nocwd-slash)
               // when a segment decodes to a '/', which this one argument could not tell apart
               // from a separator.
};

[[nodiscard]] FTPURI_API std::string_view to_string(plan_mode m) noexcept;
// The mode named `name` ("multicwd"), if there is one.
[[nodiscard]] FTPURI_API std::optional<plan_mode> plan_mode_from_string(std::string_view name) noexcept;
// The former name of plan_mode_from_string(), kept for source compatibility until 1.0.
[[nodiscard]] FTPURI_API std::optional<plan_mode> find_plan_mode(std::string_view name) noexcept;

// A login the caller gives for a URI without userinfo: the user's own account on the server.
struct plan_credentials {
    std::string_view user;
    std::string_view password;
};

struct plan_options {
    plan_mode mode = plan_mode::multicwd;
    // Send "CWD /" first, so that the path is read from the server's root rather than the login
    // directory (what browsers did; Hoffman 2005 2.2's note). Not when the first segment is "~",
    // which names the login directory ("ftp://h/~" and "ftp://h/~/" both list it).
    bool absolute = false;
    // PASS for a URI without userinfo (RFC 1738 3.2.1: the user's e-mail address by
    // convention). Must not hold CR, LF or NUL (plan.anonymous-password-control).
    std::string_view anonymous_password = "anonymous@";
    // draft-yevstifeyev 2.2.1: a client "SHALL provide a way to choose whether anonymous FTP
    // will be used". For a URI without userinfo, `credentials` are sent instead of the anonymous
    // login (USER, then PASS; refused, plan.credentials-control, when either holds CR, LF or
    // NUL), and `refuse_anonymous` refuses the plan (plan.anonymous-refused) when there are
    // none, and that of a URI whose user is "anonymous" (any case, escaped or not), which asks
    // for the anonymous login by name. A URI's other userinfo is used as written either way.
    // A plan assumes a fresh control connection: to log in as another user on one already
    // open, reconnect or send REIN first (draft-casey 2.7, draft-hoffman 2.2.5).
    std::optional<plan_credentials> credentials{};
    bool refuse_anonymous = false;
};

enum class ftp_verb : std::uint8_t { user, pass, cwd, type, retr, nlst, list };

// "USER", "PASS", "CWD", "TYPE", "RETR", "NLST", "LIST".
[[nodiscard]] FTPURI_API std::string_view to_string(ftp_verb v) noexcept;
[[nodiscard]] FTPURI_API std::optional<ftp_verb> ftp_verb_from_string(std::string_view name) noexcept;

// One command of a plan: a verb and, except for LIST or NLST of the current directory, an
// argument. The argument is either text of the URI, percent-decoded as it is read, or a literal
// that the plan supplies (the anonymous login, "/" for `absolute`, "A" or "I" for TYPE).
class FTPURI_API ftp_command {
public:
    static constexpr std::uint32_t npos = uri_offsets::npos;

    constexpr ftp_command() noexcept = default;
    // `offset`: where `text` starts in the URI, or npos for a literal (never decoded).
    constexpr ftp_command(ftp_verb verb, std::string_view text, std::uint32_t offset, bool has_argument) noexcept
        : text_(text), offset_(offset), verb_(verb), has_argument_(has_argument)
    {
    }

    [[nodiscard]] constexpr ftp_verb verb() const noexcept { return verb_; }
    // False only for LIST and NLST without an argument. A null CWD has one, and it is empty.
    [[nodiscard]] constexpr bool has_argument() const noexcept { return has_argument_; }
    // The argument as the server receives it: decoded bytes.
    [[nodiscard]] constexpr decoded_view argument() const noexcept
    {
        return offset_ == npos ? decoded_view::literal(text_) : decoded_view(text_);
    }
    // The argument as written: percent-encoded URI text, or the literal.
    [[nodiscard]] constexpr std::string_view raw_argument() const noexcept { return text_; }
    // Where raw_argument() starts in the URI; npos for a literal.
    [[nodiscard]] constexpr std::uint32_t offset() const noexcept { return offset_; }

    // The command line as sent, without its CRLF: "RETR motd", "CWD " for a null CWD, "LIST".
    // This is the wire form: a byte 0xFF of the argument is written twice (IAC IAC; RFC 959
    // runs the control connection as Telnet, RFC 854), so that a server's Telnet layer reads it
    // as the byte, not as a command ("FF F4" is "interrupt process").
    [[nodiscard]] std::size_t size() const noexcept;
    // Writes that line into `out`; never invalid. write_size_bound() is exact: size().
    [[nodiscard]] write_result write_into(std::span<char> out) const noexcept;
    [[nodiscard]] std::size_t write_size_bound() const noexcept { return size(); }
    // Former name, kept until 1.0: the size written, or decoded_view::npos when `out` is
    // smaller than size().
    [[nodiscard]] std::size_t write_to(std::span<char> out) const noexcept
    {
        write_result const r = write_into(out);
        return r ? r.size : decoded_view::npos;
    }

    friend constexpr bool operator==(ftp_command const&, ftp_command const&) noexcept = default;

private:
    std::string_view text_;
    std::uint32_t offset_ = npos;
    ftp_verb verb_ = ftp_verb::list;
    bool has_argument_ = false;
};

// The commands of one URI under one set of options, computed as they are iterated.
class FTPURI_API command_plan {
public:
    class iterator {
    public:
        using value_type = ftp_command;
        using difference_type = std::ptrdiff_t;
        using iterator_category = std::forward_iterator_tag;

        iterator() noexcept = default;
        [[nodiscard]] ftp_command const& operator*() const noexcept { return command_; }
        [[nodiscard]] ftp_command const* operator->() const noexcept { return &command_; }
        iterator& operator++() noexcept;
        iterator operator++(int) noexcept
        {
            iterator old = *this;
            ++*this;
            return old;
        }
        friend bool operator==(iterator const& a, iterator const& b) noexcept
        {
            return a.step_ == b.step_ && a.cursor_ == b.cursor_;
        }

    private:
        friend class command_plan;
        enum class step : std::uint8_t { user, pass, root, directories, type, action, done };
        iterator(command_plan const* plan, step s) noexcept;
        // Moves to the first command at or after step_/cursor_ that the plan sends.
        void settle() noexcept;

        command_plan const* plan_ = nullptr;
        std::uint32_t cursor_ = 0; // directories: offset of the next segment to look at
        step step_ = step::done;
        ftp_command command_{};
    };

    command_plan() noexcept = default;

    [[nodiscard]] iterator begin() const noexcept { return {this, iterator::step::user}; }
    [[nodiscard]] iterator end() const noexcept { return {}; }
    // The number of commands.
    [[nodiscard]] std::size_t size() const noexcept;

    // RFC 1738 3.2.1: the URI names a user but no password, so the client asks the user for one
    // when the server wants it; the plan then has no PASS.
    [[nodiscard]] bool ask_password() const noexcept { return ask_password_; }
    [[nodiscard]] uri_view const& uri() const noexcept { return uri_; }
    [[nodiscard]] plan_options const& options() const noexcept { return options_; }

private:
    friend struct plan_builder;

    uri_view uri_;
    plan_options options_;
    std::uint32_t directories_begin_ = 0; // first byte of the first directory segment to send
    std::uint32_t directories_end_ = 0;   // the '/' that ends the last directory segment (the
                                          // path's end when the name is a directory)
    std::uint32_t action_begin_ = 0;      // the action's argument: [action_begin_, path_end)
    bool has_directories_ = false;        // at least one directory segment after a first "~"
    bool ask_password_ = false;
    bool login_first_ = false;       // the first segment is "~": no "CWD /"
    bool login_is_name_ = false;     // ... and the only one: "ftp://h/~" lists the login directory
    bool name_is_directory_ = false; // a final "." or "..": walked as a directory, then listed
};

// Either a command_plan or the reason there is none. The error: plan.nocwd-slash (at the
// escape), plan.anonymous-password-control (offset 0, length 0: the option, not the URI), or
// pct.forbidden-control for a view that did not come from parse().
using plan_result = result<command_plan>;

// The plan of a parsed URI. The view must outlive the plan, which points into its text.
[[nodiscard]] FTPURI_API plan_result plan(uri_view const& uri, plan_options const& options = {}) noexcept;

} // namespace ftpuri
