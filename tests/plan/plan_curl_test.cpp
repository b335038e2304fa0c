// SPDX-License-Identifier: Apache-2.0
// tests/plan/plan_curl_test.cpp: ftpuri's command plans beside the FTP commands curl's own test suite
// records for the same URLs.
//
// tests/data/curl-ftp-url-to-commands.jsonl holds, for 276 tests of curl (tests/data/testNNN),
// the ftp URLs of the command line, the --ftp-method, and the commands curl's test server
// received (<verify><protocol>), verbatim with curl's placeholders (see tests/data/README.md).
// Every record is one test case here, with one of three outcomes:
//   same            after the client's own commands are removed (client_verbs, in
//                   support/curl_records.hpp), curl sent exactly ftpuri's plan;
//   differs         it did not, and every difference is one of the named reasons below: the
//                   reason's transformation, applied to ftpuri's plan, gives curl's commands, and
//                   no declared reason may be left out (a reason that changes nothing, or that
//                   the record does not show, fails the test);
//   not comparable  the commands do not show the URI's meaning (an upload, quote commands...)
//                   or there is no plan (ftpuri rejects the URL, with the diagnostic named) or
//                   no dump; the reason's condition must hold on the record, and a record that
//                   could be compared must really differ.
// The counts per outcome and per reason are asserted, so that a change of either side shows.
//
// How a record is compared: curl's placeholders get fixed values (%TESTNUMBER the record's
// test number); curl's method (multicwd by default, --ftp-method) is ftpuri's mode of the same
// name; curl's anonymous login (USER anonymous, PASS ftp@example.com) is ftpuri's with the
// anonymous password "ftp@example.com"; the plans of a record's URLs are concatenated in order.
// "Stop" reasons say that curl stopped early: its commands must then be a proper prefix of the
// (transformed) plan.

#include "support/curl_records.hpp"
#include "support/plan_lines.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace ftpuri_test;

namespace {

using D = ftpuri::diag_id;
using M = ftpuri::plan_mode;

constexpr std::string_view anonymous_password = "ftp@example.com"; // curl's default

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

constexpr std::array why_table = {
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

why_info const& info(why w)
{
    for (why_info const& i : why_table)
        if (i.id == w) return i;
    ADD_FAILURE() << "why " << static_cast<int>(w) << " has no row in why_table";
    return why_table[0];
}

// --- what ftpuri says about every record ------------------------------------------------------

struct row {
    int test;
    std::vector<why> reasons = {};                // empty: same
    std::optional<D> strict_error = std::nullopt; // strict rejects a URL of the record with this id
    ftpuri::profile compared_in = S;              // the profile the record's URLs are planned in
    std::vector<M> modes = {};                    // per URL, where curl's ftp_method field does not say
    int repeat = 1;                               // libtest-repeats: transfers of the URL
    std::string_view entry_path = "/";            // the test server's answer to PWD
};

void PrintTo(row const& r, std::ostream* os)
{
    *os << "curl test " << r.test;
}

std::vector<row> const& rows()
{
    using W = why;
    static std::vector<row> const table = {
        {100, {W::curl_type_default}},
        {101, {W::curl_type_default}},
        {102, {W::curl_type_default}},
        {103, {W::curl_type_default}},
        {104, {W::curl_type_default, W::option_head}},
        {105, {W::option_use_ascii}},
        {106, {W::curl_null_first_is_root}},
        {107, {W::upload}},
        {108, {W::upload}},
        {109, {W::upload}},
        {110, {W::curl_type_default}},
        {111, {W::curl_type_default, W::stopped_on_error}},
        {112, {W::upload}},
        {113, {W::stopped_on_error}},
        {114, {W::stopped_on_error}},
        {115, {W::stopped_on_error}},
        {116, {W::stopped_on_error}},
        {117, {W::curl_type_default, W::stopped_on_error}},
        {118, {W::curl_type_default}},
        {119, {W::curl_type_default}},
        {120, {W::quote}},
        {121, {W::quote}},
        {122, {W::curl_type_default, W::option_resume}},
        {123, {W::upload}},
        {124, {W::curl_type_default}},
        {125, {W::stopped_on_error}},
        {126, {W::curl_type_default}},
        {127, {W::curl_type_default}},
        {128, {W::upload}},
        {130, {W::option_login, W::curl_type_default}},
        {131, {W::option_login, W::curl_type_default}},
        {132, {W::curl_type_default}},
        {133, {W::option_login, W::curl_type_default}},
        {134, {W::option_login, W::curl_type_default}},
        {135, {W::curl_type_default}},
        {136, {W::option_login, W::curl_type_default}},
        {137, {W::curl_type_default}},
        {138, {W::curl_type_default}},
        {139, {W::curl_type_default}},
        {140, {W::option_time_condition}},
        {141, {W::curl_type_default, W::option_head}},
        {142, {W::curl_type_default}},
        {143, {W::curl_pct2f_separates}},
        {144, {W::option_list_only, W::curl_type_default}},
        {145, {W::option_list_only, W::curl_type_default}},
        {146, {W::curl_reuses_connection, W::curl_type_default}},
        {147, {W::create_dirs}},
        {148, {W::create_dirs}},
        {149, {W::upload}},
        {161, {W::curl_type_default}},
        {182, {W::curl_type_default}},
        {190, {W::stopped_on_error}},
        {191, {W::curl_type_default}},
        {195, {W::stopped_on_error}},
        {196, {W::retry}},
        {210, {W::curl_reuses_connection, W::curl_type_default}},
        {211, {W::curl_reuses_connection, W::curl_type_default}},
        {212, {W::curl_reuses_connection, W::curl_type_default}},
        {215, {W::curl_reuses_connection, W::curl_type_default}},
        {216, {W::upload}},
        {225, {W::rejected}, D::pct_forbidden_control},
        {226, {W::rejected}, D::pct_forbidden_control},
        {227, {W::quote}},
        {228, {W::curl_type_default}},
        {229, {W::stopped_on_error}},
        {235, {W::upload}},
        {236, {W::upload}},
        {237, {W::stopped_on_error}},
        {238, {W::stopped_on_error}},
        {244, {W::curl_nocwd_lists_directory, W::curl_type_default}},
        {247, {W::upload}},
        {248, {W::upload}},
        {250, {W::curl_type_default}},
        {251, {W::curl_type_default}},
        {252, {W::curl_type_default}},
        {253, {W::curl_type_default}},
        {254, {W::curl_type_default}},
        {255, {W::curl_type_default}},
        {261, {W::curl_type_default}},
        {270, {W::curl_type_default}},
        {272, {W::option_time_condition}},
        {280, {W::option_login, W::curl_type_default}},
        {289, {W::no_protocol_dump}},
        {290, {W::curl_type_default, W::stopped_on_error}},
        {291, {W::curl_type_default}},
        {294, {W::curl_type_default}},
        {295, {W::stopped_on_error}},
        {296, {W::curl_type_default}},
        {297, {W::curl_type_default}},
        {298, {W::curl_type_default}},
        {336, {W::curl_type_default}},
        {337, {W::curl_type_default}},
        {340, {W::rejected}, D::pct_forbidden_control},
        {348, {W::upload}},
        {350, {W::curl_null_first_is_root, W::curl_type_default}},
        {351, {W::curl_type_default}},
        // singlecwd "//x": "CWD /" in ftpuri too (a lone empty directory is the root).
        {352, {W::curl_type_default}},
        {353, {W::curl_type_default}},
        {354, {W::server_skips_pass, W::curl_type_default}},
        {362, {W::upload}},
        {380, {W::option_login, W::curl_type_default}},
        {381, {W::curl_type_default}},
        {400, {W::rejected}, D::scheme_not_ftp},
        {401, {W::rejected}, D::scheme_not_ftp},
        {402, {W::stopped_on_error}},
        {403, {W::rejected}, D::scheme_not_ftp},
        {404, {W::rejected}, D::scheme_not_ftp},
        {405, {W::rejected}, D::scheme_not_ftp},
        {406, {W::rejected}, D::scheme_not_ftp},
        {407, {W::rejected}, D::scheme_not_ftp},
        {408, {W::rejected}, D::scheme_not_ftp},
        {416, {W::curl_type_default}},
        {475, {W::upload}},
        {476, {W::upload}},
        {494, {W::option_login, W::curl_type_default}},
        {505, {W::upload}},
        {511, {W::curl_type_default, W::stopped_on_error}},
        {520, {W::curl_type_default}},
        {521, {W::option_login, W::curl_type_default}},
        {524, {W::stopped_on_error}},
        {525, {W::upload}},
        // lib526 fetches the URL with four easy handles in turn (527 and 532 run variants of it); the
        // dumps show one connection, logged in once.
        {.test = 526, .reasons = {W::libtest_repeats, W::curl_reuses_connection, W::curl_type_default}, .repeat = 4},
        {.test = 527, .reasons = {W::libtest_repeats, W::curl_reuses_connection, W::curl_type_default}, .repeat = 4},
        {529, {W::upload}},
        {531, {W::upload}},
        {.test = 532, .reasons = {W::libtest_repeats, W::curl_reuses_connection, W::curl_type_default}, .repeat = 4},
        {533, {W::curl_reuses_connection, W::curl_type_default}},
        // The first URL's host does not resolve; the second is a fresh connection.
        {534, {W::first_url_unreachable, W::curl_type_default}},
        {538, {W::stopped_on_error}},
        // lib539 switches CURLOPT_FTP_FILEMETHOD from singlecwd to nocwd for its second URL, and sends the
        // quote command SYST before it (a client verb).
        {.test = 539, .reasons = {W::curl_reuses_connection, W::curl_type_default}, .modes = {M::singlecwd, M::nocwd}},
        {541, {W::upload}},
        {542, {W::curl_type_default, W::option_head}},
        {546, {W::curl_reuses_connection, W::curl_type_default}},
        {562, {}},
        {563, {W::http_proxy}},
        {564, {W::curl_type_default}},
        {574, {W::wildcard}},
        {575, {W::wildcard}},
        {576, {W::no_protocol_dump}},
        {586, {W::curl_type_default}},
        {588, {W::upload}},
        {591, {W::upload}},
        {592, {W::upload}},
        {593, {W::upload}},
        {594, {W::upload}},
        {595, {W::curl_type_default}},
        {596, {W::curl_type_default}},
        {597, {W::libtest_connect_only}},
        {661, {W::libtest_own_urls}},
        {698, {W::curl_reuses_connection, W::curl_type_default}},
        {706, {W::curl_type_default}},
        {707, {W::curl_type_default}},
        {711, {W::curl_type_default}},
        {712, {W::curl_type_default}},
        {713, {W::curl_type_default}},
        // The host's last label is numeric ("ftp.example.com.714", "ftp.1316"): RFC 1738 3.1's DNS rule
        // rejects it in strict; rfc3986 takes it as a reg-name, and the plan does not depend on the host.
        {.test = 714, .reasons = {W::curl_type_default}, .strict_error = D::host_numeric_ambiguous, .compared_in = R},
        {.test = 715, .reasons = {W::curl_type_default}, .strict_error = D::host_numeric_ambiguous, .compared_in = R},
        {753, {W::libtest_own_urls}},
        {754, {W::quote}},
        {766, {W::stopped_on_error}},
        {792, {W::option_login, W::curl_type_default}},
        {793, {W::option_login, W::curl_type_default}},
        {973, {W::no_ftp_url}},
        {975, {W::no_ftp_url}},
        {983, {W::upload}},
        {986, {W::upload}},
        {1000, {W::option_head}},
        {1003, {W::curl_type_default}},
        {1005, {W::curl_type_default}},
        {1006, {W::curl_type_default}},
        {1010, {W::curl_nocwd_lists_directory, W::curl_reuses_connection, W::curl_type_default}},
        {1028, {W::no_ftp_url}},
        {1036, {W::curl_type_default}},
        {1037, {W::curl_type_default}},
        {1038, {W::upload}},
        {1039, {W::upload}},
        {1044, {W::curl_type_default, W::option_head}},
        {1047, {W::curl_type_default}},
        {1048, {W::curl_type_default}},
        {1050, {W::curl_type_default}},
        {1055, {W::no_ftp_url}},
        {1057, {W::curl_type_default}},
        {1062, {W::curl_type_default}},
        {1086, {W::curl_type_default}},
        {1091, {W::curl_pct2f_separates}},
        {1096, {W::curl_reuses_connection, W::curl_type_default}},
        {1102, {W::curl_type_default}},
        {1103, {W::curl_type_default}},
        {1107, {W::curl_type_default}},
        {1108, {W::stopped_on_error}},
        {1112, {W::rejected}, D::scheme_not_ftp},
        {1113, {W::wildcard}},
        {1114, {W::no_protocol_dump}},
        {1120, {W::stopped_on_error}},
        {1137, {W::curl_type_default}},
        // --next: the second URL has its own --ftp-method.
        {.test = 1149,
         .reasons = {W::curl_nocwd_lists_directory, W::curl_reuses_connection, W::curl_type_default},
         .modes = {M::multicwd, M::nocwd}},
        {1152, {W::stopped_on_error}},
        {1153, {W::curl_type_default}},
        {1162, {W::rejected}, D::char_not_allowed},
        {1163, {W::rejected}, D::char_not_allowed},
        {1206, {W::curl_type_default}},
        {1207, {W::curl_type_default}},
        {1208, {W::curl_type_default}},
        {1209, {W::curl_type_default}},
        {1211, {W::curl_type_default}},
        // The test server answers PWD with the directory "/this/is/the/path" (amid rubbish).
        {.test = 1217, .reasons = {W::curl_reuses_connection, W::curl_type_default}, .entry_path = "/this/is/the/path"},
        {1219, {W::server_preauthenticated, W::curl_type_default}},
        {1224, {W::curl_null_first_is_root, W::curl_type_default}},
        {1225, {W::curl_reuses_connection, W::curl_null_first_is_root, W::curl_type_default}},
        {1226, {W::curl_type_default}},
        {1227, {W::curl_type_default}},
        {1233, {W::curl_type_default}},
        {1245, {W::no_ftp_url}},
        {1262, {W::option_time_condition}},
        {1282, {W::stopped_on_error}},
        {.test = 1316, .reasons = {W::curl_type_default}, .strict_error = D::host_numeric_ambiguous, .compared_in = R},
        {1348, {W::curl_type_default}},
        {1349, {W::curl_type_default}},
        {1350, {W::curl_type_default}},
        {1351, {W::curl_type_default}},
        {1352, {W::curl_type_default}},
        {1353, {W::curl_type_default}},
        {1354, {W::curl_type_default}},
        {1355, {W::curl_type_default}},
        {1356, {W::curl_type_default}},
        {1357, {W::curl_type_default}},
        {1358, {W::curl_type_default}},
        {1359, {W::curl_type_default}},
        {1360, {W::curl_type_default}},
        {1361, {W::curl_type_default}},
        {1362, {W::curl_type_default}},
        {1363, {W::curl_type_default}},
        {1378, {W::curl_type_default}},
        {1379, {W::curl_type_default}},
        {1380, {W::curl_type_default}},
        {1381, {W::curl_type_default}},
        {1382, {W::curl_type_default}},
        {1383, {W::curl_type_default}},
        {1384, {W::curl_type_default}},
        {1385, {W::curl_type_default}},
        {1386, {W::curl_type_default}},
        {1387, {W::curl_type_default}},
        {1388, {W::curl_type_default}},
        {1389, {W::curl_type_default}},
        {1390, {W::curl_type_default}},
        {1391, {W::curl_type_default}},
        {1392, {W::curl_type_default}},
        {1393, {W::curl_type_default}},
        {1405, {W::quote}},
        {1414, {W::curl_type_default}},
        {1444, {W::curl_type_default}},
        {1449, {W::option_range}},
        {1501, {W::curl_type_default}},
        {1547, {W::curl_type_default}},
        {1569, {W::curl_reuses_connection, W::curl_type_default}},
        {1570, {W::curl_reuses_connection, W::curl_type_d_bare_nlst, W::curl_type_default}},
        {1599, {W::no_protocol_dump}},
        {1631, {W::curl_type_default}},
        {1632, {W::curl_reuses_connection, W::curl_type_default}},
        {1684, {W::curl_type_default}},
        {1913, {W::no_protocol_dump}},
        {1914, {W::no_protocol_dump}},
        {2000, {W::curl_type_default}},
        {2001, {W::other_protocols}},
        {2002, {W::other_protocols}},
        {2003, {W::other_protocols}},
        {2039, {W::option_login, W::curl_type_default}},
        {2045, {W::no_ftp_url}},
        {2108, {W::stopped_on_error}},
        {2114, {W::stopped_on_error}},
        {2115, {W::stopped_on_error}},
        {2116, {W::stopped_on_error}},
        {2307, {W::curl_type_default}},
        {3027, {W::curl_type_default}},
        {3217, {W::stopped_on_error}},
        {3218, {W::stopped_on_error}},
    };
    return table;
}

// --- ftpuri's side --------------------------------------------------------------------------------

struct planned_url {
    std::string uri;
    M mode = M::multicwd;
    char typecode = '\0';
    std::string path;    // raw
    std::string decoded; // the path after its first '/', decoded: what curl splits
    std::string name;    // decoded: after the last '/' of `decoded`
    std::vector<std::string> lines;
};

M mode_of(curl_record const& r)
{
    if (r.method == "singlecwd") return M::singlecwd;
    if (r.method == "nocwd") return M::nocwd;
    // "multicwd", "multicwd (default)", "(set by libtest tool)": libtests leave curl's default
    // unless a row says otherwise.
    return M::multicwd;
}

// The plans of the record's URLs, `repeat` times over; an error text when one cannot be made.
std::vector<planned_url> plan_urls(curl_record const& rec, row const& r, int repeat, std::string& error)
{
    std::vector<planned_url> out;
    for (int round = 0; round < repeat; ++round) {
        for (std::size_t i = 0; i < rec.urls.size(); ++i) {
            planned_url u;
            u.uri = rec.urls[i];
            u.mode = r.modes.empty() ? mode_of(rec) : r.modes.at(i);
            ftpuri::parse_options po;
            po.syntax = r.compared_in;
            ftpuri::parse_result const parsed = ftpuri::parse(u.uri, po);
            if (!parsed) {
                error = cat({u.uri, ": ", name_of(parsed.error().id)});
                return {};
            }
            ftpuri::plan_options o;
            o.mode = u.mode;
            o.anonymous_password = anonymous_password;
            ftpuri::plan_result const p = ftpuri::plan(*parsed, o);
            if (!p) {
                error = cat({u.uri, ": ", name_of(p.error().id)});
                return {};
            }
            u.typecode = parsed->typecode();
            u.path = std::string(parsed->path());
            u.decoded = u.path.empty() ? std::string() : ftpuri::percent_decode(std::string_view(u.path).substr(1));
            u.name = u.decoded.substr(u.decoded.rfind('/') == std::string::npos ? 0 : u.decoded.rfind('/') + 1);
            u.lines = lines_of(*p);
            out.push_back(std::move(u));
        }
    }
    return out;
}

// --- the transformations of the difference reasons ------------------------------------------------

using lines = std::vector<std::string>;

bool is_login(std::string_view l)
{
    return verb_of(l) == "USER" || verb_of(l) == "PASS";
}

bool is_action(std::string_view l)
{
    return verb_of(l) == "RETR" || verb_of(l) == "LIST" || verb_of(l) == "NLST";
}

lines type_default(planned_url const& u, lines const& in, char retr_type)
{
    if (u.typecode != '\0') return in;
    lines out;
    for (std::string const& l : in) {
        if (is_action(l)) out.push_back(verb_of(l) == "RETR" ? cat({"TYPE ", std::string(1, retr_type)}) : "TYPE A");
        out.push_back(l);
    }
    return out;
}

lines null_first_is_root(planned_url const& u, lines const& in)
{
    bool const applies =
        u.path.starts_with("//") && (u.mode == M::multicwd || (u.mode == M::singlecwd && u.path.rfind('/') == 1));
    if (!applies) return in;
    lines out = in;
    auto const first = std::find_if(out.begin(), out.end(), [](std::string const& l) { return !is_login(l); });
    out.insert(first, "CWD /");
    return out;
}

lines pct2f_separates(planned_url const& u, lines const& in)
{
    if (u.mode != M::multicwd) return in;
    lines out;
    bool first = true;
    for (std::string const& l : in) {
        if (verb_of(l) != "CWD") {
            out.push_back(l);
            continue;
        }
        std::string_view arg = std::string_view(l).substr(4);
        for (std::size_t piece = 0;; ++piece) {
            std::size_t const slash = arg.find('/');
            std::string_view const part = arg.substr(0, slash);
            if (part.empty() && piece == 0 && first && slash != std::string_view::npos) out.emplace_back("CWD /");
            if (!part.empty()) out.push_back(cat({"CWD ", part}));
            if (slash == std::string_view::npos) break;
            arg.remove_prefix(slash + 1);
        }
        first = false;
    }
    return out;
}

lines nocwd_lists_directory(planned_url const& u, lines const& in)
{
    if (u.mode != M::nocwd) return in;
    lines out;
    for (std::string const& l : in) {
        std::string_view const verb = verb_of(l);
        if ((verb == "LIST" || verb == "NLST") && l.size() > 5) {
            std::string_view arg = std::string_view(l).substr(5);
            std::size_t const slash = arg.rfind('/');
            if (slash != std::string_view::npos) arg = slash == 0 ? arg.substr(0, 1) : arg.substr(0, slash);
            out.push_back(cat({verb, " ", arg}));
        } else {
            out.push_back(l);
        }
    }
    return out;
}

lines type_d_bare_nlst(planned_url const& u, lines const& in)
{
    if (u.mode == M::nocwd) return in;
    lines out;
    for (std::string const& l : in)
        out.push_back(verb_of(l) == "NLST" ? "NLST" : l);
    return out;
}

lines without(lines const& in, std::initializer_list<std::string_view> verbs)
{
    lines out;
    for (std::string const& l : in)
        if (std::find(verbs.begin(), verbs.end(), verb_of(l)) == verbs.end()) out.push_back(l);
    return out;
}

// curl's "previous path" (lib/ftp.c, ftp_done): the decoded directory, "" after nocwd.
std::string directory_for_reuse(planned_url const& u)
{
    return u.mode == M::nocwd ? std::string() : u.decoded.substr(0, u.decoded.size() - u.name.size());
}

lines reuse_connection(std::vector<planned_url> const& urls, std::vector<lines> const& per_url,
                       std::string_view entry_path)
{
    lines out = per_url.at(0);
    std::string type;
    for (std::string const& l : out)
        if (verb_of(l) == "TYPE") type = l;
    for (std::size_t i = 1; i < urls.size(); ++i) {
        lines l = without(per_url[i], {"USER", "PASS"});
        if (directory_for_reuse(urls[i]) == directory_for_reuse(urls[i - 1])) {
            l = without(l, {"CWD"});
        } else if (urls[i].mode == M::nocwd || !urls[i].decoded.starts_with('/')) {
            l.insert(l.begin(), cat({"CWD ", entry_path}));
        }
        for (std::string const& c : l) {
            if (verb_of(c) == "TYPE") {
                if (c == type) continue;
                type = c;
            }
            out.push_back(c);
        }
    }
    return out;
}

// The leading USER/PASS block of `ours` replaced by curl's.
lines login_from_options(lines const& ours, lines const& curl)
{
    auto const login_end = [](lines const& l) {
        return std::find_if(l.begin(), l.end(), [](std::string const& c) { return !is_login(c); });
    };
    lines out(curl.begin(), login_end(curl));
    out.insert(out.end(), login_end(ours), ours.end());
    return out;
}

struct evaluation {
    bool holds = false;
    lines ours, curl;
    std::string error;
};

bool declared(std::set<why> const& s, why w)
{
    return s.count(w) != 0;
}

evaluation evaluate(curl_record const& rec, row const& r, std::set<why> const& reasons)
{
    evaluation e;
    std::vector<planned_url> urls = plan_urls(rec, r, declared(reasons, why::libtest_repeats) ? r.repeat : 1, e.error);
    if (!e.error.empty()) return e;
    if (declared(reasons, why::first_url_unreachable) && urls.size() > 1) urls.erase(urls.begin());
    std::vector<lines> per_url;
    for (planned_url const& u : urls) {
        lines l = u.lines;
        if (declared(reasons, why::curl_pct2f_separates)) l = pct2f_separates(u, l);
        if (declared(reasons, why::curl_null_first_is_root)) l = null_first_is_root(u, l);
        if (declared(reasons, why::curl_type_d_bare_nlst)) l = type_d_bare_nlst(u, l);
        if (declared(reasons, why::curl_nocwd_lists_directory)) l = nocwd_lists_directory(u, l);
        if (declared(reasons, why::option_list_only))
            for (std::string& c : l)
                if (verb_of(c) == "LIST") c.replace(0, 4, "NLST");
        if (declared(reasons, why::option_use_ascii))
            l = type_default(u, l, 'A');
        else if (declared(reasons, why::curl_type_default))
            l = type_default(u, l, 'I');
        if (declared(reasons, why::server_skips_pass)) l = without(l, {"PASS"});
        if (declared(reasons, why::server_preauthenticated)) l = without(l, {"USER", "PASS"});
        per_url.push_back(std::move(l));
    }
    if (declared(reasons, why::curl_reuses_connection) && urls.size() > 1) {
        e.ours = reuse_connection(urls, per_url, r.entry_path);
    } else {
        for (lines const& l : per_url)
            e.ours.insert(e.ours.end(), l.begin(), l.end());
    }
    e.curl = curl_commands(rec);
    if (declared(reasons, why::option_login)) e.ours = login_from_options(e.ours, e.curl);
    bool const stop = std::any_of(reasons.begin(), reasons.end(), [](why w) { return info(w).k == kind::stop; });
    e.holds = stop ? e.curl.size() < e.ours.size() && std::equal(e.curl.begin(), e.curl.end(), e.ours.begin())
                   : e.curl == e.ours;
    return e;
}

// --- the conditions each reason needs on the record ---------------------------------------------

// Whether `w` can explain anything in this record: the option is on the command line, the URI
// has the shape, curl's dump shows it. (That it explains something is checked by leaving it out.)
bool condition(why w, curl_record const& rec, row const& r, std::vector<planned_url> const& urls)
{
    auto any_url = [&](auto pred) { return std::any_of(urls.begin(), urls.end(), pred); };
    switch (w) {
    case why::curl_type_default: return any_url([](planned_url const& u) { return u.typecode == '\0'; });
    case why::curl_null_first_is_root:
        return any_url([](planned_url const& u) { return u.path.starts_with("//") && u.mode != M::nocwd; });
    case why::curl_pct2f_separates:
        return any_url([](planned_url const& u) {
            return u.mode == M::multicwd &&
                   (u.path.find("%2F") != std::string::npos || u.path.find("%2f") != std::string::npos);
        });
    case why::curl_nocwd_lists_directory:
        return any_url([](planned_url const& u) { return u.mode == M::nocwd && u.name.empty(); });
    case why::curl_type_d_bare_nlst: return any_url([](planned_url const& u) { return u.typecode == 'd'; });
    case why::curl_reuses_connection: return rec.urls.size() * static_cast<std::size_t>(r.repeat) > 1;
    case why::option_use_ascii: return has_option(rec, {"-B", "--use-ascii"});
    case why::option_list_only: return has_option(rec, {"-l", "--list-only"});
    case why::option_login:
        return rec.libtest || has_option(rec, {"-u", "--user", "-n", "--netrc", "--netrc-file", "--netrc-optional",
                                               "--ftp-alternative-to-user"});
    case why::server_skips_pass: return dump_has(rec, "USER ") && !dump_has(rec, "PASS");
    case why::server_preauthenticated: return !dump_has(rec, "USER ") && !dump_has(rec, "PASS");
    case why::first_url_unreachable:
        return rec.raw_urls.size() > 1 && rec.raw_urls[0].find("%HOSTIP") == std::string::npos &&
               rec.raw_urls[0].find("%HOST6IP") == std::string::npos;
    case why::libtest_repeats: return rec.libtest && r.repeat > 1;
    case why::stopped_on_error: return rec.errorcode && *rec.errorcode != "0";
    case why::option_time_condition: return has_option(rec, {"-z", "--time-cond"});
    // A libtest's CURLOPT_NOBODY shows only in the test's name ("with NOBODY").
    case why::option_head:
        return has_option(rec, {"-I", "--head"}) || (rec.libtest && rec.name.find("NOBODY") != std::string::npos);
    case why::option_resume: return has_option(rec, {"-C", "--continue-at"});
    case why::option_range: return has_option(rec, {"-r", "--range"});
    case why::libtest_connect_only: return rec.libtest && rec.name.find("connect only") != std::string::npos;
    case why::no_ftp_url: return rec.urls.empty();
    case why::rejected: return r.strict_error.has_value();
    case why::no_protocol_dump: return !rec.dump.has_value();
    case why::http_proxy: return rec.dump && !rec.dump->empty() && rec.dump->front().starts_with("GET ftp://");
    case why::other_protocols: return dump_has(rec, "GET /") || dump_has(rec, "PUT /") || dump_has(rec, "opcode =");
    case why::upload:
        return has_option(rec, {"-T", "--upload-file"}) || dump_has(rec, "STOR ") || dump_has(rec, "APPE ");
    case why::quote: return has_option(rec, {"-Q", "--quote"});
    case why::create_dirs: return has_option(rec, {"--ftp-create-dirs"}) && dump_has(rec, "MKD ");
    case why::retry: return has_option(rec, {"--retry"});
    case why::wildcard:
        return rec.libtest && std::any_of(rec.urls.begin(), rec.urls.end(), [](std::string const& u) {
                   return u.substr(u.rfind('/') + 1).find('*') != std::string::npos;
               });
    case why::libtest_own_urls: return rec.libtest && dump_count(rec, "USER ") > rec.urls.size();
    }
    return false;
}

std::string joined(lines const& l)
{
    std::string s;
    for (std::string const& c : l)
        s += cat({"\n    ", c});
    return s.empty() ? "\n    (none)" : s;
}

std::string codes(std::set<why> const& s)
{
    std::string out;
    for (why w : s)
        out += cat({out.empty() ? "" : ", ", info(w).code});
    return out.empty() ? "(none)" : out;
}

// --- the tests ------------------------------------------------------------------------------------

class CurlRecord : public ::testing::TestWithParam<row> {};

TEST_P(CurlRecord, OutcomeHolds)
{
    row const& r = GetParam();
    auto const found = curl_records().find(r.test);
    ASSERT_NE(found, curl_records().end()) << "no record of curl test " << r.test;
    curl_record const& rec = found->second;
    std::set<why> const reasons(r.reasons.begin(), r.reasons.end());
    ASSERT_EQ(reasons.size(), r.reasons.size()) << "a reason is named twice";
    std::size_t const not_comparable = static_cast<std::size_t>(
        std::count_if(reasons.begin(), reasons.end(), [](why w) { return info(w).k == kind::not_comparable; }));
    std::size_t const stops = static_cast<std::size_t>(
        std::count_if(reasons.begin(), reasons.end(), [](why w) { return info(w).k == kind::stop; }));
    ASSERT_TRUE(not_comparable == 0 || reasons.size() == 1) << "a record not comparable has that one reason";
    ASSERT_LE(stops, 1U) << "one reason says why curl stopped";

    // A URL strict rejects: named with its diagnostic, whether the record is then compared in
    // another profile or not at all.
    if (r.strict_error || declared(reasons, why::rejected)) {
        ASSERT_TRUE(r.strict_error.has_value()) << "name the diagnostic strict rejects the URL with";
        bool seen = false;
        for (std::string const& u : rec.urls) {
            ftpuri::parse_result const p = ftpuri::parse(u);
            if (!p) {
                EXPECT_EQ(name_of(p.error().id), name_of(*r.strict_error)) << u;
                seen = true;
            }
        }
        EXPECT_TRUE(seen) << "strict accepts every URL of the record";
        EXPECT_EQ(declared(reasons, why::rejected), r.compared_in == S)
            << "a rejected URL is either compared in another profile or the record is not comparable";
    } else {
        EXPECT_EQ(r.compared_in, S) << "compare in strict where strict accepts the URLs";
    }

    std::string error;
    std::vector<planned_url> const urls = plan_urls(rec, r, 1, error);
    for (why w : reasons)
        EXPECT_TRUE(condition(w, rec, r, urls))
            << info(w).code << " does not apply to curl test " << r.test << ": " << info(w).sentence;

    bool const comparable = !rec.urls.empty() && rec.dump && error.empty();
    if (not_comparable == 1) {
        // Not comparable, and not by mistake: where a comparison can be made, it fails.
        if (comparable) {
            evaluation const e = evaluate(rec, r, {});
            EXPECT_FALSE(e.holds) << "curl test " << r.test << " sends ftpuri's plan: it is comparable";
        }
        return;
    }
    ASSERT_TRUE(comparable) << "curl test " << r.test << " cannot be compared (" << error
                            << "): name a not-comparable reason";
    evaluation const e = evaluate(rec, r, reasons);
    ASSERT_TRUE(e.error.empty()) << e.error;
    EXPECT_TRUE(e.holds) << "curl test " << r.test << " (" << rec.name << ") with " << codes(reasons)
                         << "\n  ftpuri, transformed:" << joined(e.ours)
                         << "\n  curl, client's commands removed:" << joined(e.curl);
    // Every reason is needed: without it, the comparison fails.
    for (why w : reasons) {
        std::set<why> fewer = reasons;
        fewer.erase(w);
        EXPECT_FALSE(evaluate(rec, r, fewer).holds)
            << "curl test " << r.test << ": " << info(w).code << " explains nothing here (the rest suffice)";
    }
}

INSTANTIATE_TEST_SUITE_P(Curl, CurlRecord, ::testing::ValuesIn(rows()),
                         [](::testing::TestParamInfo<row> const& p) { return "test" + std::to_string(p.param.test); });

TEST(CurlRecords, EveryRecordHasOneRow)
{
    std::set<int> in_table;
    for (row const& r : rows())
        EXPECT_TRUE(in_table.insert(r.test).second) << "two rows for curl test " << r.test;
    for (auto const& [test, rec] : curl_records())
        EXPECT_TRUE(in_table.count(test)) << "curl test " << test << " (" << rec.name << ") has no row";
    for (int t : in_table)
        EXPECT_TRUE(curl_records().count(t)) << "row for curl test " << t << ", which the data file does not hold";
    EXPECT_EQ(curl_records().size(), 276U);
}

// The outcomes counted: a change in ftpuri's plans, in the data or in a row shows here as well.
TEST(CurlRecords, CountsPerOutcomeAndReason)
{
    std::map<std::string_view, int> outcomes;
    std::map<std::string_view, int> per_reason;
    for (row const& r : rows()) {
        std::string_view outcome = "same";
        for (why w : r.reasons) {
            ++per_reason[info(w).code];
            outcome = info(w).k == kind::not_comparable ? "not comparable" : "differs";
        }
        ++outcomes[outcome];
    }
    EXPECT_EQ(outcomes, (std::map<std::string_view, int>{{"same", 1}, {"differs", 202}, {"not comparable", 73}}));
    std::map<std::string, int> strict_errors;
    for (row const& r : rows())
        if (r.strict_error)
            ++strict_errors[cat({name_of(*r.strict_error), r.compared_in == S ? "" : " (compared in rfc3986)"})];
    EXPECT_EQ(strict_errors, (std::map<std::string, int>{{"scheme.not-ftp", 9},
                                                         {"pct.forbidden-control", 3},
                                                         {"char.not-allowed", 2},
                                                         {"host.numeric-ambiguous (compared in rfc3986)", 3}}));
    EXPECT_EQ(per_reason, (std::map<std::string_view, int>{{"curl-type-default", 167},
                                                           {"curl-null-first-is-root", 4},
                                                           {"curl-%2F-separates", 2},
                                                           {"curl-nocwd-lists-directory", 3},
                                                           {"curl-type-d-bare-nlst", 1},
                                                           {"curl-reuses-connection", 20},
                                                           {"option-use-ascii", 1},
                                                           {"option-list-only", 2},
                                                           {"option-login", 12},
                                                           {"server-skips-pass", 1},
                                                           {"server-preauthenticated", 1},
                                                           {"first-url-unreachable", 1},
                                                           {"libtest-repeats", 3},
                                                           {"stopped-on-error", 29},
                                                           {"option-time-condition", 3},
                                                           {"option-head", 5},
                                                           {"option-resume", 1},
                                                           {"option-range", 1},
                                                           {"libtest-connect-only", 1},
                                                           {"no-ftp-url", 6},
                                                           {"rejected", 14},
                                                           {"no-protocol-dump", 6},
                                                           {"http-proxy", 1},
                                                           {"other-protocols", 3},
                                                           {"upload", 30},
                                                           {"quote", 5},
                                                           {"create-dirs", 2},
                                                           {"retry", 1},
                                                           {"wildcard", 3},
                                                           {"libtest-own-urls", 2}}));
}

// Every reason of the table is some record's, and every client verb occurs in some dump.
TEST(CurlRecords, ReasonsAndClientVerbsAreAllUsed)
{
    std::set<why> used;
    for (row const& r : rows())
        used.insert(r.reasons.begin(), r.reasons.end());
    for (why_info const& i : why_table)
        EXPECT_TRUE(used.count(i.id)) << i.code << " explains no record";
    for (client_verb const& v : client_verbs) {
        bool const seen = std::any_of(curl_records().begin(), curl_records().end(), [&](auto const& kv) {
            return kv.second.dump && std::any_of(kv.second.dump->begin(), kv.second.dump->end(),
                                                 [&](std::string const& l) { return verb_of(l) == v.verb; });
        });
        EXPECT_TRUE(seen) << v.verb << " (" << v.why << ") is in no dump: drop it from client_verbs";
    }
}

// curl finds ";type=" only in lowercase (lib/ftp.c, strstr), and then any letter case: where the
// records write ";type=A" or ";type=D", curl honoured them (TYPE A; NLST), and ftpuri gives the
// warning typecode.uppercase without the note interop.typecode-case. The note is for ";TYPE=",
// which curl would send as part of the file name (no record has one).
TEST(CurlRecords, UppercaseTypecodeLetterIsNoInteropProblem)
{
    int seen = 0;
    for (auto const& [test, rec] : curl_records()) {
        for (std::string const& u : rec.urls) {
            if (u.find(";type=A") == std::string::npos && u.find(";type=D") == std::string::npos) continue;
            if (rec.dump && !rec.dump->empty() && rec.dump->front().starts_with("GET ")) continue; // a proxy
            ++seen;
            ftpuri::diagnostic_list list;
            ftpuri::parse_result const p = ftpuri::parse(u, {}, list);
            ASSERT_TRUE(p) << u;
            EXPECT_TRUE(list.contains(D::typecode_uppercase)) << u;
            EXPECT_FALSE(list.contains(D::interop_typecode_case)) << u;
            ASSERT_TRUE(rec.dump) << test;
            EXPECT_TRUE(dump_has(rec, "TYPE A")) << test << ": curl ignored the typecode of " << u;
        }
    }
    EXPECT_EQ(seen, 4); // 106, 562, 1569, 1570
    ftpuri::diagnostic_list list;
    std::string const upper = "ftp://127.0.0.1/f;TYPE=I";
    ASSERT_TRUE(ftpuri::parse(upper, {}, list));
    EXPECT_TRUE(list.contains(D::interop_typecode_case));
}

} // namespace
