// SPDX-License-Identifier: Apache-2.0
// tests/support/curl_plan_reasons.hpp: the named reasons why curl's commands for a URL of its test suite
// differ from ftpuri's plan, or cannot be compared with it (plan_curl_test.cpp says how a record
// is compared): their codes, kinds and sentences.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string_view>

#include "ftpuri/ftpuri.hpp"
#include "profiles.hpp"

namespace ftpuri_test::curl_plans {

using D = ftpuri::diag_id;
using M = ftpuri::plan_mode;

inline constexpr std::string_view anonymous_password = "ftp@example.com"; // curl's default

// --- the reasons ------------------------------------------------------------------------------

enum class why : std::uint8_t {
    // differences: a transformation of ftpuri's plan
    curl_type_default,
    curl_null_first_is_root,
    curl_pct2f_separates,
    curl_nocwd_lists_directory,
    curl_type_d_bare_nlst,
    curl_reuses_connection,
    option_use_ascii,
    option_list_only,
    option_login,
    server_skips_pass,
    server_preauthenticated,
    first_url_unreachable,
    libtest_repeats,
    // stops: curl's commands are a proper prefix of the (transformed) plan
    stopped_on_error,
    option_time_condition,
    option_head,
    option_resume,
    option_range,
    libtest_connect_only,
    // not comparable
    no_ftp_url,
    rejected,
    no_protocol_dump,
    http_proxy,
    other_protocols,
    upload,
    quote,
    create_dirs,
    retry,
    wildcard,
    libtest_own_urls,
};

enum class kind : std::uint8_t { difference, stop, not_comparable };

struct why_info {
    why id;
    std::string_view code;
    kind k;
    std::string_view sentence;
};

inline constexpr std::array why_table = {
    why_info{why::curl_type_default, "curl-type-default", kind::difference,
             "the URI has no typecode, so docs/behaviour.md's plan sends no TYPE (the client's choice); curl "
             "chooses: TYPE I before RETR, TYPE A before LIST and NLST"},
    why_info{why::curl_null_first_is_root, "curl-null-first-is-root", kind::difference,
             "curl reads a null first segment (a path beginning \"//\") as the root: CWD / where ftpuri's "
             "multicwd skips the null CWD (its singlecwd agrees with curl: \"//name\" is CWD /)"},
    why_info{why::curl_pct2f_separates, "curl-%2F-separates", kind::difference,
             "curl decodes the whole path before splitting it at '/', so %2F in a directory segment is one "
             "more separator (\"/%2Ftmp/\": CWD /, CWD tmp), where RFC 1738 3.2.2 decodes each segment "
             "after the split (CWD /tmp)"},
    why_info{why::curl_nocwd_lists_directory, "curl-nocwd-lists-directory", kind::difference,
             "with --ftp-method nocwd curl lists the path up to its last '/', without that '/' (the root "
             "stays \"/\"): LIST a/b where ftpuri sends LIST a/b/"},
    why_info{why::curl_type_d_bare_nlst, "curl-type-d-bare-nlst", kind::difference,
             "with ;type=d curl lists the directory with a bare NLST and drops the name, where RFC 1738 "
             "3.2.2 sends NLST <name>"},
    why_info{why::curl_reuses_connection, "curl-reuses-connection", kind::difference,
             "a later URL reuses the connection: no USER or PASS; CWD <login directory> (PWD's answer) "
             "first, unless the path starts at the root or its directory is the previous one (then no CWD "
             "at all, nocwd counting as the login directory); TYPE only when it changes"},
    why_info{why::option_use_ascii, "option-use-ascii", kind::difference,
             "-B/--use-ascii: curl sends TYPE A before RETR of a URI without a typecode"},
    why_info{why::option_list_only, "option-list-only", kind::difference,
             "-l/--list-only: curl lists with NLST instead of LIST (and TYPE A before it)"},
    why_info{why::option_login, "option-login", kind::difference,
             "the login comes from curl's options (-u, --netrc, --netrc-file, --ftp-alternative-to-user, a "
             "libtest's CURLOPT_USERPWD), not from the URI: only USER and PASS differ"},
    why_info{why::server_skips_pass, "server-skips-pass", kind::difference,
             "the test server logged curl in after USER (230), so curl sent no PASS"},
    why_info{why::server_preauthenticated, "server-preauthenticated", kind::difference,
             "the test server greeted curl as logged in, so curl sent neither USER nor PASS"},
    why_info{why::first_url_unreachable, "first-url-unreachable", kind::difference,
             "the first URL names a host the test does not serve: curl sent nothing for it"},
    why_info{why::libtest_repeats, "libtest-repeats", kind::difference,
             "the libtest transfers the record's URL several times on one connection (the row says how many)"},
    why_info{why::stopped_on_error, "stopped-on-error", kind::stop,
             "curl stopped with an error (the record's exit code): its commands are a proper prefix of the "
             "plan"},
    why_info{why::option_time_condition, "option-time-condition", kind::stop,
             "-z: the file's time did not meet the condition, so curl transferred nothing"},
    why_info{why::option_head, "option-head", kind::stop,
             "-I/--head (a libtest's CURLOPT_NOBODY): curl asks for the size and date only"},
    why_info{why::option_resume, "option-resume", kind::stop,
             "-C: the local file is already complete, so curl transferred nothing"},
    why_info{why::option_range, "option-range", kind::stop,
             "-r: a range curl could not use (its start overflows), so it transferred nothing"},
    why_info{why::libtest_connect_only, "libtest-connect-only", kind::stop,
             "the libtest sets CURLOPT_CONNECT_ONLY: curl logs in and stops"},
    why_info{why::no_ftp_url, "no-ftp-url", kind::not_comparable,
             "the record holds no ftp URL: an HTTP server redirects curl to one (its Location is not in the "
             "record), or the input has no scheme (--proto-default ftp)"},
    why_info{why::rejected, "rejected", kind::not_comparable,
             "ftpuri rejects a URL of the record (the diagnostic is named in the row), so there is no plan"},
    why_info{why::no_protocol_dump, "no-protocol-dump", kind::not_comparable,
             "the test checks no protocol dump (it checks an exit code or the output only)"},
    why_info{why::http_proxy, "http-proxy", kind::not_comparable,
             "curl sends the ftp URL to an HTTP proxy: the dump is an HTTP request"},
    why_info{why::other_protocols, "other-protocols", kind::not_comparable,
             "the dump interleaves HTTP requests or TFTP fields with the FTP commands"},
    why_info{why::upload, "upload", kind::not_comparable,
             "-T (or a libtest) uploads: STOR or APPE, the opposite of the URI's RETR"},
    why_info{why::quote, "quote", kind::not_comparable, "-Q adds commands of the user's before or after the transfer"},
    why_info{why::create_dirs, "create-dirs", kind::not_comparable,
             "--ftp-create-dirs makes curl send MKD after a failing CWD"},
    why_info{why::retry, "retry", kind::not_comparable,
             "--retry: curl tried again after the failure, and the dump holds both attempts"},
    why_info{why::wildcard, "wildcard", kind::not_comparable,
             "the libtest matches the name as a pattern (CURLOPT_WILDCARDMATCH): LIST, then RETR of every "
             "match"},
    why_info{why::libtest_own_urls, "libtest-own-urls", kind::not_comparable,
             "the libtest opens connections and sets URLs of its own: the dump holds more logins than the "
             "record has URLs"},
};

inline why_info const& info(why w)
{
    for (why_info const& i : why_table)
        if (i.id == w) return i;
    ADD_FAILURE() << "why " << static_cast<int>(w) << " has no row in why_table";
    return why_table[0];
}

} // namespace ftpuri_test::curl_plans
