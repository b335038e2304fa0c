// SPDX-License-Identifier: Apache-2.0
// fetch.cpp: ftpuri::fetch (ftpuri/fetch.hpp): sanitize, plan, then one libcurl transfer with
// the address guard, the session log and the sink writer installed, and what happened as a
// result with an id of its own.
#include "ftpuri/fetch.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "fetch/address_guard.hpp"
#include "fetch/session_log.hpp"
#include "fetch/sink_writer.hpp"
#include "fetch/transfer_setup.hpp"
#include "ftpuri/parse.hpp"

namespace ftpuri {
namespace {

using fetch_detail::login;

diagnostic error_at(diag_id id, component where, std::uint32_t begin, std::uint32_t end) noexcept
{
    return diagnostic{id, severity::error, where, begin, end - begin};
}

diagnostic error_nowhere(diag_id id) noexcept
{
    return error_at(id, component::input, 0, 0);
}

std::string decoded(uri_view const& uri, component c)
{
    std::string out(uri.decode_size_bound(c), '\0');
    out.resize(uri.decode_into(c, out).size);
    return out;
}

// The login libcurl sends, as plan() would: the URI's userinfo, else the caller's credentials,
// else the anonymous login. Nothing when the URI has a user without a password and the caller
// gave none.
std::optional<login> login_of(uri_view const& canonical, fetch_options const& options)
{
    if (canonical.has_userinfo()) {
        login l{decoded(canonical, component::user), {}, false};
        if (canonical.has_password())
            l.password = decoded(canonical, component::password);
        else if (options.password)
            l.password = *options.password;
        else
            return std::nullopt;
        return l;
    }
    if (options.credentials)
        return login{std::string(options.credentials->user), std::string(options.credentials->password), false};
    return login{"anonymous", std::string(options.anonymous_password), true};
}

// Where a failing reply points in the input: the login's the userinfo (or the host, where the
// userinfo would be), the path's and the transfer's the path.
diagnostic reply_error(uri_view const& input, plan_stage stage) noexcept
{
    uri_offsets const at = input.raw_offsets();
    if (stage == plan_stage::login) {
        if (input.has_userinfo()) {
            std::uint32_t const end = input.has_password() ? at.password_end : at.user_end;
            return error_at(diag_id::fetch_reply, component::user, at.user_begin, end);
        }
        return error_at(diag_id::fetch_reply, component::host, at.host_begin, at.host_begin);
    }
    return error_at(diag_id::fetch_reply, component::path, at.path_begin, at.path_end);
}

void init_libcurl_once()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct easy_cleanup {
    void operator()(CURL* curl) const noexcept { curl_easy_cleanup(curl); }
};

} // namespace

fetch_result fetch(std::string_view uri, policy const& rules, fetch_options const& options, fetch_sink const& sink)
{
    fetch_result r;
    if (options.mode == plan_mode::rfc1738 || options.absolute) {
        r.error = error_nowhere(diag_id::fetch_mode_unsupported);
        return r;
    }
    std::string canonical_text(sanitize_size_bound(uri.size()), '\0');
    sanitize_result const s = sanitize_into(uri, rules, canonical_text, options.parse);
    if (!s) {
        r.error = s.error;
        return r;
    }
    canonical_text.resize(s.size);
    // The canonical form is what is fetched (docs/sanitizing.md): read it again to plan it.
    parse_options reparse = options.parse;
    reparse.max_length = std::max(reparse.max_length, static_cast<std::uint32_t>(canonical_text.size()));
    parse_result const canonical = parse(canonical_text, reparse);
    if (!canonical) {
        r.error = canonical.error();
        return r;
    }
    plan_options const planned{.mode = options.mode,
                               .absolute = false,
                               .anonymous_password = options.anonymous_password,
                               .credentials = options.credentials,
                               .refuse_anonymous = false};
    if (plan_result const p = plan(*canonical, planned); !p) {
        r.error = p.error();
        return r;
    }
    std::optional<login> credentials = login_of(*canonical, options);
    if (!credentials) {
        uri_offsets const at = s.uri.raw_offsets();
        r.error = error_at(diag_id::fetch_password_needed, component::user, at.user_begin, at.user_end);
        return r;
    }

    init_libcurl_once();
    std::unique_ptr<CURL, easy_cleanup> curl(curl_easy_init());
    if (!curl) {
        r.error = error_nowhere(diag_id::fetch_failed);
        r.detail = "libcurl could not make an easy handle";
        return r;
    }
    fetch_detail::address_guard guard;
    guard.deny = rules.deny;
    fetch_detail::session_log log;
    log.mask_password = !credentials->is_anonymous;
    fetch_detail::sink_writer writer;
    writer.sink = &sink;
    writer.max_size = options.max_size;
    fetch_detail::transfer_setup setup;
    char curl_error[CURL_ERROR_SIZE] = {};
    if (!fetch_detail::configure(curl.get(), *canonical, options, std::move(*credentials), setup)) {
        r.error = error_nowhere(diag_id::fetch_failed);
        r.detail = "libcurl refused an option: it is older than 7.85";
        return r;
    }
    guard.install(curl.get());
    log.install(curl.get());
    writer.install(curl.get());
    curl_easy_setopt(curl.get(), CURLOPT_ERRORBUFFER, curl_error);

    CURLcode const code = curl_easy_perform(curl.get());
    curl.reset(); // QUIT, while the log and the guard still exist

    r.bytes = writer.bytes;
    r.connections = std::move(guard.connections);
    r.commands = std::move(log.commands);
    r.replies = std::move(log.replies);
    r.detail = curl_error[0] != '\0' ? std::string(curl_error) : std::string(curl_easy_strerror(code));
    uri_offsets const at = s.uri.raw_offsets();
    if (guard.denied) {
        r.denied_class = guard.denied_class;
        r.error = error_at(diag_id::fetch_address_denied, component::host, at.host_begin, at.host_end);
    } else if (code == CURLE_OK) {
        r.detail.clear();
    } else if (writer.too_large || code == CURLE_FILESIZE_EXCEEDED) {
        r.error = error_nowhere(diag_id::fetch_too_large);
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        r.error = error_nowhere(diag_id::fetch_timeout);
    } else if (log.last_failure.code != 0 && !writer.sink_stopped) {
        r.reply_code = log.last_failure.code;
        r.stage = log.last_failure.stage;
        r.action = reply_action(r.reply_code, r.stage);
        r.error = reply_error(s.uri, r.stage);
    } else {
        r.error = error_nowhere(diag_id::fetch_failed);
    }
    return r;
}

std::string describe(fetch_result const& r)
{
    if (!r.error) return "fetched " + std::to_string(r.bytes) + " bytes";
    std::string text(message(*r.error));
    switch (r.error->id) {
    case diag_id::fetch_address_denied:
        text = "address class " + std::string(to_string(r.denied_class)) + " is denied by the policy";
        for (fetch_connection const& c : r.connections)
            if (c.refused) return text + " (" + c.address + ")";
        return text;
    case diag_id::fetch_reply:
        return "server replied " + std::to_string(r.reply_code) + " at " + std::string(to_string(r.stage)) +
               "; a client does: " + std::string(to_string(r.action));
    case diag_id::fetch_failed:
    case diag_id::fetch_timeout:
    case diag_id::fetch_too_large: return r.detail.empty() ? text : text + ": " + r.detail;
    default: return text;
    }
}

} // namespace ftpuri
