// SPDX-License-Identifier: Apache-2.0
// session_log.cpp: the debug callback (session_log.hpp).
#include "fetch/session_log.hpp"

#include <cstddef>

namespace ftpuri::fetch_detail {
namespace {

std::string upper(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

std::string_view without_line_end(std::string_view s) noexcept
{
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

bool is_digit(char c) noexcept
{
    return c >= '0' && c <= '9';
}

// A verb the client sends for itself whose failure libcurl survives: EPSV falls back to PASV,
// QUIT is the goodbye after an error.
bool failure_is_not_final(std::string_view verb) noexcept
{
    return verb == "EPSV" || verb == "QUIT";
}

int on_debug(CURL* /*curl*/, curl_infotype type, char* data, std::size_t size, void* log_data)
{
    auto& log = *static_cast<session_log*>(log_data);
    std::string_view const text(data, size);
    if (type == CURLINFO_HEADER_OUT) log.on_command(text);
    if (type == CURLINFO_HEADER_IN) log.on_reply(text);
    return 0;
}

} // namespace

plan_stage stage_of(std::string_view verb) noexcept
{
    if (verb.empty() || verb == "USER" || verb == "PASS" || verb == "ACCT") return plan_stage::login;
    if (verb == "CWD" || verb == "TYPE" || verb == "PWD") return plan_stage::path;
    return plan_stage::transfer;
}

void session_log::install(CURL* curl)
{
    curl_easy_setopt(curl, CURLOPT_DEBUGFUNCTION, &on_debug);
    curl_easy_setopt(curl, CURLOPT_DEBUGDATA, this);
    curl_easy_setopt(curl, CURLOPT_VERBOSE, 1L);
}

void session_log::on_command(std::string_view text)
{
    // One call may hold several lines (libcurl writes a command and its CRLF at once).
    while (!text.empty()) {
        std::size_t const end = text.find('\n');
        std::string_view const line = without_line_end(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.empty()) continue;
        std::string_view const verb = line.substr(0, line.find(' '));
        last_verb_ = upper(verb);
        if (last_verb_ == "PASS" && mask_password)
            commands.emplace_back("PASS ****");
        else
            commands.emplace_back(line);
    }
}

void session_log::on_reply(std::string_view text)
{
    pending_ += text;
    std::size_t end = 0;
    while ((end = pending_.find('\n')) != std::string::npos) {
        std::string_view const line = without_line_end(std::string_view(pending_).substr(0, end));
        // "550 No such file": a reply's last line; "550-..." and text lines continue it.
        if (line.size() >= 3 && is_digit(line[0]) && is_digit(line[1]) && is_digit(line[2]) &&
            (line.size() == 3 || line[3] == ' ')) {
            auto const code = static_cast<unsigned>((line[0] - '0') * 100 + (line[1] - '0') * 10 + (line[2] - '0'));
            replies.push_back(code);
            if (code >= 400 && !failure_is_not_final(last_verb_)) last_failure = {code, stage_of(last_verb_)};
        }
        pending_.erase(0, end + 1);
    }
}

} // namespace ftpuri::fetch_detail
