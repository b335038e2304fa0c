// SPDX-License-Identifier: Apache-2.0
// c_fetch.cpp: ftpuri_fetch (include/ftpuri.h), the guarded fetch for C and FFI: it checks each
// argument, converts the C structs to fetch_options and a policy, and calls ftpuri::fetch. It
// lives in ftpuri_fetch, beside the fetch, so that libftpuri never links libcurl; the small
// argument checks of src/c_api.cpp are internal to libftpuri, and the few needed are here.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri.h"
#include "ftpuri/fetch.hpp"

#include "../c_arguments.hpp"

namespace ftpuri {
namespace {

using namespace c_arguments;

// Every argument a binding could get wrong, checked before anything is fetched; nothing when
// one is wrong (FTPURI_BAD_ARGUMENT).
[[nodiscard]] std::optional<fetch_options> read_options(ftpuri_parse_options const* p, ftpuri_policy const& policy,
                                                        ftpuri_fetch_options const* f)
{
    fetch_options out;
    std::optional<parse_options> const parse = read_parse_options(p);
    if (!parse) return std::nullopt;
    out.parse = *parse;
    if (!add_as_error(out.parse, policy)) return std::nullopt;
    if (f == nullptr) return out;
    if (!sized(f) || f->reserved != 0 || f->plan_mode > FTPURI_PLAN_NOCWD) return std::nullopt;
    if (f->resolve == nullptr && f->resolve_count != 0) return std::nullopt;
    out.mode = static_cast<plan_mode>(f->plan_mode);
    if (f->timeout_ms != 0) out.timeout = std::chrono::milliseconds(f->timeout_ms);
    if (f->stall_ms != 0) out.stall = std::chrono::seconds((f->stall_ms + 999) / 1000);
    out.max_size = f->max_size;
    if (f->password != nullptr) out.password = std::string_view(f->password);
    for (std::size_t i = 0; i < f->resolve_count; ++i) {
        if (f->resolve[i] == nullptr) return std::nullopt;
        out.resolve.emplace_back(f->resolve[i]);
    }
    return out;
}

} // namespace
} // namespace ftpuri

extern "C" int ftpuri_fetch(char const* uri, std::size_t length, ftpuri_parse_options const* options,
                            ftpuri_policy const* policy, ftpuri_fetch_options const* fetch_options,
                            ftpuri_fetch_write write, void* user_data, ftpuri_fetch_result* result,
                            ftpuri_diagnostic* error) noexcept
{
    using namespace ftpuri;
    using namespace ftpuri::c_arguments;
    std::optional<std::string_view> const in = text(uri, length);
    if (!in || policy == nullptr || !sized(policy) || policy->reserved != 0 || write == nullptr ||
        (result != nullptr && !sized(result)) || (error != nullptr && !sized(error)) || !readable_patterns(*policy))
        return FTPURI_BAD_ARGUMENT;
    try {
        std::optional<ftpuri::fetch_options> const opts = read_options(options, *policy, fetch_options);
        std::optional<host_class_set> const deny = read_classes(policy->deny);
        if (!opts || !deny) return FTPURI_BAD_ARGUMENT;
        std::vector<std::string_view> allow;
        for (std::size_t i = 0; i < policy->allow_count; ++i)
            allow.emplace_back(policy->allow[i]); // readable_patterns: none is null
        ftpuri::policy const rules{.deny = *deny, .allow = allow};
        fetch_result const r = fetch(*in, rules, *opts, [&](std::span<char const> bytes) {
            return write(user_data, bytes.data(), bytes.size()) != 0;
        });
        if (result != nullptr) {
            result->bytes = r.bytes;
            result->reply_code = r.reply_code;
            result->stage = static_cast<std::uint32_t>(r.stage);
            result->action = static_cast<std::uint32_t>(r.action);
            result->denied_class = static_cast<std::uint32_t>(r.denied_class);
            result->connections = static_cast<std::uint32_t>(r.connections.size());
            result->reserved = 0;
        }
        if (!r.error) return FTPURI_OK;
        if (error != nullptr) write_diagnostic(error, *r.error);
        return FTPURI_INVALID;
    } catch (std::exception const&) { // out of memory: nothing was fetched whole
        return FTPURI_BAD_ARGUMENT;
    }
}
