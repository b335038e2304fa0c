// SPDX-License-Identifier: Apache-2.0
// ftpuri/fetch.hpp: fetch what a sanitized ftp URI names, the policy enforced at every connection.
//
//     ftpuri::policy const policy{.deny = ftpuri::host_class_set::non_public(), .allow = servers};
//     std::string file;
//     ftpuri::fetch_result const r = ftpuri::fetch(untrusted, policy, {.max_size = 1 << 20},
//         [&](std::span<char const> bytes) { file.append(bytes.data(), bytes.size()); return true; });
//     if (!r) reject(*r.error);   // fetch.address-denied, fetch.reply (r.reply_code), host.denied, ...
//
// An optional part of ftpuri: the library ftpuri_fetch (CMake target ftpuri::fetch), built when
// libcurl's development files are found; the core library never links libcurl. docs/fetch.md
// is the whole story. fetch() sanitizes the URI (ftpuri/policy.hpp's sanitize_into()), plans it
// (ftpuri/plan.hpp's plan()), then runs one libcurl easy handle on the canonical form:
//
// - only the ftp protocol, no redirects, no proxy (a proxy would resolve and connect unseen);
// - the file method of options.mode (multicwd, singlecwd, nocwd; rfc1738 and `absolute` are
//   refused, fetch.mode-unsupported: libcurl sends neither null CWDs nor a leading CWD /);
// - the transfer type of the typecode, the credentials of the URI or of the options (never in
//   a log: the commands recorded show PASS ****);
// - passive mode, the address of a PASV reply ignored: the data connection goes to the control
//   connection's address (active mode is never used);
// - limits on size, total time and a stalled transfer;
// - every address libcurl is about to connect to, control and data, is classified
//   (classify_address()) and the connection refused before it is made when the policy denies
//   its class (fetch.address-denied): a name that passed sanitize_into() but resolves to 127.0.0.1,
//   or answers differently by the time of the connection, goes no further.
//
// The sink receives the file (or the listing) as it arrives; a result with an error means what
// the sink got is to be thrown away (a partial file). fetch() allocates, unlike the core: it is
// a network client. It is safe to call from several threads at once (libcurl's global set-up
// is done once, under a lock, on the first call).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/reply.hpp"

namespace ftpuri {

// The longest timeout or stall a caller's seconds become (some 115 days): a larger number, or
// infinity, is this one, so that converting it can never overflow.
inline constexpr double max_fetch_seconds = 10'000'000;

struct fetch_options {
    parse_options parse{}; // the profile, the length limit and as_error, for sanitize_into()
    plan_mode mode = plan_mode::multicwd;
    bool absolute = false; // refused (fetch.mode-unsupported): libcurl sends no CWD /
    // For a URI without userinfo: the login to use instead of the anonymous one.
    std::optional<plan_credentials> credentials{};
    // For a URI that names a user without a password (RFC 1738: ask the user). Without it such
    // a URI is refused (fetch.password-needed).
    std::optional<std::string_view> password{};
    std::string_view anonymous_password = "anonymous@"; // PASS of the anonymous login, as plan()
    std::uint64_t max_size = 0;                         // bytes; 0: no limit
    std::chrono::milliseconds timeout{60'000};          // the whole fetch, connections included
    std::chrono::seconds stall{15};                     // no byte and no reply for this long
    // "HOST:PORT:ADDRESS" entries that answer for DNS, as curl's --resolve (CURLOPT_RESOLVE):
    // the address is classified like any other before the connection.
    std::vector<std::string> resolve{};
};

// One connection libcurl was about to make: its address and what the policy said.
struct fetch_connection {
    std::string address; // "127.0.0.1:2121", "[::1]:21"
    host_class cls = host_class::public_;
    bool refused = false; // the class is denied: the socket was never opened
};

struct fetch_result {
    std::optional<diagnostic> error{};           // nothing: the whole file reached the sink
    std::uint64_t bytes = 0;                     // bytes given to the sink
    std::vector<fetch_connection> connections{}; // control first, then each data connection
    std::vector<std::string> commands{};         // each command line sent, without CRLF; PASS ****
    std::vector<unsigned> replies{};             // each final reply code received, in order
    // fetch.reply: the failing code, the stage it came at and what a client does next.
    unsigned reply_code = 0;
    plan_stage stage = plan_stage::login;
    client_action action = client_action::proceed;
    host_class denied_class = host_class::public_; // fetch.address-denied: the class refused
    std::string detail{};                          // libcurl's message for fetch.failed and others
    [[nodiscard]] explicit operator bool() const noexcept { return !error.has_value(); }
};

// Receives the bytes as they arrive; returning false stops the fetch (fetch.failed).
using fetch_sink = std::function<bool(std::span<char const>)>;

// Sanitizes `uri` under `rules`, then fetches it as above. A URI sanitize_into() refuses is never
// fetched: the error is sanitize_into()'s, with the same id and offsets.
[[nodiscard]] fetch_result fetch(std::string_view uri, policy const& rules, fetch_options const& options,
                                 fetch_sink const& sink);

// What message(diagnostic) says, and for fetch.address-denied the class, for fetch.reply the
// code: "address class loopback is denied by the policy", "server replied 550".
[[nodiscard]] std::string describe(fetch_result const& r);

} // namespace ftpuri
