// SPDX-License-Identifier: Apache-2.0
// transfer_setup.cpp: the easy handle's options (transfer_setup.hpp). Each option is the one
// libcurl documents for it; docs/fetch.md lists them with why.
#include "fetch/transfer_setup.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

namespace ftpuri::fetch_detail {
namespace {

long file_method(plan_mode mode) noexcept
{
    switch (mode) {
    case plan_mode::singlecwd: return CURLFTPMETHOD_SINGLECWD;
    case plan_mode::nocwd: return CURLFTPMETHOD_NOCWD;
    default: return CURLFTPMETHOD_MULTICWD;
    }
}

} // namespace

std::string url_without_userinfo(uri_view const& canonical)
{
    std::string_view const text = canonical.buffer();
    std::uint32_t const end = canonical.has_fragment() ? canonical.raw_offsets().fragment_begin - 1 : canonical.size();
    std::string url = "ftp://";
    url += text.substr(canonical.raw_offsets().host_begin, end - canonical.raw_offsets().host_begin);
    return url;
}

bool configure(CURL* curl, uri_view const& canonical, fetch_options const& options, login credentials,
               transfer_setup& setup)
{
    setup.url = url_without_userinfo(canonical);
    setup.credentials = std::move(credentials);
    bool ok = true;
    auto set = [&](CURLoption option, auto value) { ok = ok && curl_easy_setopt(curl, option, value) == CURLE_OK; };

    set(CURLOPT_URL, setup.url.c_str());
    // ftp only, no redirect: another protocol's URI never gets fetched through this one.
    set(CURLOPT_PROTOCOLS_STR, "ftp");
    set(CURLOPT_REDIR_PROTOCOLS_STR, "ftp");
    set(CURLOPT_FOLLOWLOCATION, 0L);
    // No proxy, whatever ftp_proxy or all_proxy say: a proxy resolves and connects out of sight.
    set(CURLOPT_PROXY, "");
    set(CURLOPT_NOPROXY, "*");
    set(CURLOPT_NETRC, static_cast<long>(CURL_NETRC_IGNORED));
    set(CURLOPT_NOSIGNAL, 1L); // timeouts without SIGALRM, so that threads may fetch

    set(CURLOPT_FTP_FILEMETHOD, file_method(options.mode));
    // The typecode: libcurl reads ";type=" from the URL too; set here so that neither depends
    // on that reading.
    char const type = canonical.has_typecode() ? canonical.typecode() : '\0';
    set(CURLOPT_TRANSFERTEXT, type == 'a' || type == 'd' ? 1L : 0L);
    set(CURLOPT_DIRLISTONLY, type == 'd' ? 1L : 0L);

    set(CURLOPT_USERNAME, setup.credentials.user.c_str());
    set(CURLOPT_PASSWORD, setup.credentials.password.c_str());

    // Passive only, and the data connection to the control connection's address whatever a
    // PASV reply names (FTP bounce by reply). EPSV names a port only.
    set(CURLOPT_FTPPORT, static_cast<char const*>(nullptr));
    set(CURLOPT_FTP_SKIP_PASV_IP, 1L);
    set(CURLOPT_FTP_USE_EPSV, 1L);

    if (options.max_size != 0) set(CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(options.max_size));
    auto const total_ms = static_cast<long>(std::max<std::chrono::milliseconds::rep>(options.timeout.count(), 1));
    set(CURLOPT_TIMEOUT_MS, total_ms);
    set(CURLOPT_CONNECTTIMEOUT_MS, total_ms);
    // A stall: under one byte a second for `stall`, or no reply to a command for as long.
    auto const stall_s = static_cast<long>(std::max<std::chrono::seconds::rep>(options.stall.count(), 1));
    set(CURLOPT_LOW_SPEED_LIMIT, 1L);
    set(CURLOPT_LOW_SPEED_TIME, stall_s);
    set(CURLOPT_SERVER_RESPONSE_TIMEOUT, stall_s);

    for (std::string const& entry : options.resolve) {
        curl_slist* const grown = curl_slist_append(setup.resolve, entry.c_str());
        if (grown == nullptr) return false;
        setup.resolve = grown;
    }
    if (setup.resolve != nullptr) set(CURLOPT_RESOLVE, setup.resolve);
    return ok;
}

} // namespace ftpuri::fetch_detail
