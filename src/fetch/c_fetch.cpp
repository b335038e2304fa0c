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

namespace ftpuri {
namespace {

template <class T>
[[nodiscard]] bool sized(T const* p) noexcept
{
    return p->size >= sizeof(T);
}

[[nodiscard]] std::optional<std::string_view> text(char const* p, std::size_t length) noexcept
{
    if (length == FTPURI_NUL_TERMINATED) return p == nullptr ? std::nullopt : std::optional(std::string_view(p));
    if (p == nullptr) return length == 0 ? std::optional(std::string_view()) : std::nullopt;
    return std::string_view(p, length);
}

// Every argument a binding could get wrong, checked before anything is fetched; nothing when
// one is wrong (FTPURI_BAD_ARGUMENT).
[[nodiscard]] std::optional<fetch_options> read_options(ftpuri_parse_options const* p, ftpuri_policy const& policy,
                                                        ftpuri_fetch_options const* f)
{
    fetch_options out;
    if (p != nullptr) {
        if (!sized(p) || p->profile > FTPURI_PROFILE_LENIENT) return std::nullopt;
        out.parse.syntax = static_cast<profile>(p->profile);
        if (p->max_length != 0) out.parse.max_length = std::min(p->max_length, max_length_cap);
    }
    if (policy.as_error == nullptr && policy.as_error_count != 0) return std::nullopt;
    for (std::size_t i = 0; i < policy.as_error_count; ++i) {
        if (policy.as_error[i] >= diag_catalogue.size()) return std::nullopt;
        out.parse.as_error.insert(static_cast<diag_id>(policy.as_error[i]));
    }
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

[[nodiscard]] std::optional<host_class_set> read_classes(std::uint32_t bits) noexcept
{
    if ((bits >> host_class_count) != 0) return std::nullopt;
    host_class_set classes;
    for (unsigned c = 0; c < host_class_count; ++c)
        if (((bits >> c) & 1U) != 0) classes.insert(static_cast<host_class>(c));
    return classes;
}

void write_diagnostic(ftpuri_diagnostic* to, diagnostic const& d) noexcept
{
    to->id = static_cast<std::uint32_t>(d.id);
    to->severity = static_cast<std::uint32_t>(d.level);
    to->component = static_cast<std::uint32_t>(d.where);
    to->offset = d.offset;
    to->length = d.length;
    to->name = d.info().name.data();
    to->message = message(d).data();
    to->hint = d.info().hint.data();
}

} // namespace
} // namespace ftpuri

extern "C" int ftpuri_fetch(char const* uri, std::size_t length, ftpuri_parse_options const* options,
                            ftpuri_policy const* policy, ftpuri_fetch_options const* fetch_options,
                            ftpuri_fetch_write write, void* user_data, ftpuri_fetch_result* result,
                            ftpuri_diagnostic* error) noexcept
{
    using namespace ftpuri;
    std::optional<std::string_view> const in = text(uri, length);
    if (!in || policy == nullptr || !sized(policy) || policy->reserved != 0 || write == nullptr ||
        (result != nullptr && !sized(result)) || (error != nullptr && !sized(error)) ||
        (policy->allow == nullptr && policy->allow_count != 0))
        return FTPURI_BAD_ARGUMENT;
    try {
        std::optional<ftpuri::fetch_options> const opts = read_options(options, *policy, fetch_options);
        std::optional<host_class_set> const deny = read_classes(policy->deny);
        if (!opts || !deny) return FTPURI_BAD_ARGUMENT;
        std::vector<std::string_view> allow;
        for (std::size_t i = 0; i < policy->allow_count; ++i) {
            if (policy->allow[i] == nullptr) return FTPURI_BAD_ARGUMENT;
            allow.emplace_back(policy->allow[i]);
        }
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
