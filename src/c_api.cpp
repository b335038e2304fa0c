// SPDX-License-Identifier: Apache-2.0
// src/c_api.cpp: ftpuri.h, the C API, on the C++ API. Each function checks its arguments (a
// null pointer, a struct's size, an enum value out of range) and returns FTPURI_BAD_ARGUMENT
// rather than trusting a binding to have got them right; everything it calls is noexcept.
#include "ftpuri.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <new>
#include <optional>
#include <string_view>
#include <type_traits>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/plan.hpp"
#include "ftpuri/policy.hpp"
#include "ftpuri/redact.hpp"
#include "ftpuri/reply.hpp"
#include "ftpuri/resolve.hpp"
#include "ftpuri/version.hpp"

#include "c_arguments.hpp"

namespace {

using namespace ftpuri;
using namespace ftpuri::c_arguments;

// The C enumerations are the C++ ones, number for number: the casts below rely on it.
template <class E>
constexpr int as_int(E e) noexcept
{
    return static_cast<int>(e);
}
static_assert(FTPURI_PROFILE_STRICT == as_int(profile::strict) && FTPURI_PROFILE_RFC3986 == as_int(profile::rfc3986) &&
              FTPURI_PROFILE_LENIENT == as_int(profile::lenient));
static_assert(FTPURI_SEVERITY_ERROR == as_int(severity::error) &&
              FTPURI_SEVERITY_WARNING == as_int(severity::warning) && FTPURI_SEVERITY_NOTE == as_int(severity::note));
static_assert(FTPURI_COMPONENT_INPUT == as_int(component::input) && FTPURI_COMPONENT_HOST == as_int(component::host) &&
              FTPURI_COMPONENT_FRAGMENT == as_int(component::fragment));
// Every id's number: ftpuri.h and diag_id are made from one list, ftpuri/diagnostics.def;
// here, that the header and the enum agree on its length.
static_assert(FTPURI_DIAG_COUNT == as_int(diag_id::count), "ftpuri.h must list every diag_id");
static_assert(FTPURI_HOST_DNS_NAME == as_int(host_kind::dns_name) && FTPURI_HOST_IPV4 == as_int(host_kind::ipv4) &&
              FTPURI_HOST_IPV6 == as_int(host_kind::ipv6) && FTPURI_HOST_IPVFUTURE == as_int(host_kind::ipvfuture) &&
              FTPURI_HOST_REG_NAME == as_int(host_kind::reg_name));
static_assert(FTPURI_ENCODE_USP_CHAR == as_int(encode_set::usp_char) &&
              FTPURI_ENCODE_FTP_SEGMENT == as_int(encode_set::ftp_segment) &&
              FTPURI_ENCODE_PCHAR == as_int(encode_set::pchar) &&
              FTPURI_ENCODE_FRAGMENT == as_int(encode_set::fragment) &&
              FTPURI_ENCODE_REG_NAME == as_int(encode_set::reg_name) &&
              FTPURI_ENCODE_UNRESERVED == as_int(encode_set::unreserved));
static_assert(FTPURI_HOST_CLASS_LOOPBACK == as_int(host_class::loopback) &&
              FTPURI_HOST_CLASS_UNSPECIFIED == as_int(host_class::unspecified) &&
              FTPURI_HOST_CLASS_LINK_LOCAL == as_int(host_class::link_local) &&
              FTPURI_HOST_CLASS_PRIVATE == as_int(host_class::private_) &&
              FTPURI_HOST_CLASS_BROADCAST == as_int(host_class::broadcast) &&
              FTPURI_HOST_CLASS_MULTICAST == as_int(host_class::multicast) &&
              FTPURI_HOST_CLASS_RESERVED == as_int(host_class::reserved) &&
              FTPURI_HOST_CLASS_DOCUMENTATION == as_int(host_class::documentation) &&
              FTPURI_HOST_CLASS_SPECIAL_USE == as_int(host_class::special_use) &&
              FTPURI_HOST_CLASS_PUBLIC == as_int(host_class::public_) && host_class_count == 10);
static_assert(FTPURI_PLAN_RFC1738 == as_int(plan_mode::rfc1738) &&
              FTPURI_PLAN_MULTICWD == as_int(plan_mode::multicwd) &&
              FTPURI_PLAN_SINGLECWD == as_int(plan_mode::singlecwd) && FTPURI_PLAN_NOCWD == as_int(plan_mode::nocwd));
static_assert(FTPURI_VERB_USER == as_int(ftp_verb::user) && FTPURI_VERB_PASS == as_int(ftp_verb::pass) &&
              FTPURI_VERB_CWD == as_int(ftp_verb::cwd) && FTPURI_VERB_TYPE == as_int(ftp_verb::type) &&
              FTPURI_VERB_RETR == as_int(ftp_verb::retr) && FTPURI_VERB_NLST == as_int(ftp_verb::nlst) &&
              FTPURI_VERB_LIST == as_int(ftp_verb::list));
static_assert(FTPURI_HOST_CLASSES_NON_PUBLIC ==
              (((1U << host_class_count) - 1U) & ~FTPURI_HOST_CLASS_BIT(as_int(host_class::public_))));
static_assert(FTPURI_STAGE_LOGIN == as_int(plan_stage::login) && FTPURI_STAGE_PATH == as_int(plan_stage::path) &&
              FTPURI_STAGE_TRANSFER == as_int(plan_stage::transfer));
static_assert(FTPURI_ACTION_PROCEED == as_int(client_action::proceed) &&
              FTPURI_ACTION_STOP == as_int(client_action::stop) &&
              FTPURI_ACTION_STOP_KEEP_DIRECTORY == as_int(client_action::stop_keep_directory) &&
              FTPURI_ACTION_ASK_CREDENTIALS == as_int(client_action::ask_credentials) &&
              FTPURI_ACTION_LOG_IN == as_int(client_action::log_in));

[[nodiscard]] std::optional<canonical_options> read_canonical_flags(std::uint32_t flags) noexcept
{
    constexpr std::uint32_t known =
        FTPURI_CANONICAL_DROP_PASSWORD | FTPURI_CANONICAL_DROP_FRAGMENT | FTPURI_CANONICAL_DROP_ANONYMOUS;
    if ((flags & ~known) != 0) return std::nullopt;
    return canonical_options{(flags & FTPURI_CANONICAL_DROP_PASSWORD) != 0,
                             (flags & FTPURI_CANONICAL_DROP_FRAGMENT) != 0,
                             (flags & FTPURI_CANONICAL_DROP_ANONYMOUS) != 0};
}

// A writable buffer: a null pointer only with no room.
// a + b, or SIZE_MAX when that overflows: a bound too large to say.
[[nodiscard]] std::size_t saturating_add(std::size_t a, std::size_t b) noexcept
{
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

// canonicalize_size_bound() and a NUL, for an input of `size` bytes; SIZE_MAX past size_t.
[[nodiscard]] std::size_t canonical_bound_with_nul(std::size_t size) noexcept
{
    if (size > (SIZE_MAX - canonicalize_size_bound(0) - 1) / 3) return SIZE_MAX;
    return canonicalize_size_bound(size) + 1;
}

[[nodiscard]] bool usable(char const* out, std::size_t out_size) noexcept
{
    return out != nullptr || out_size == 0;
}

// Parses with the options, writing the error into `error` (when not null) on failure.
struct parsed {
    int status = FTPURI_BAD_ARGUMENT;
    parse_result result;
};
[[nodiscard]] parsed parse_input(char const* input, std::size_t length, ftpuri_parse_options const* options,
                                 ftpuri_diagnostic* error) noexcept
{
    parsed out;
    std::optional<std::string_view> const in = text(input, length);
    std::optional<parse_options> const opts = read_parse_options(options);
    if (!in || !opts || !absent_or_sized(error)) return out;
    out.result = parse(*in, *opts);
    out.status = out.result ? FTPURI_OK : FTPURI_INVALID;
    if (!out.result && error != nullptr) write_diagnostic(error, out.result.error());
    return out;
}

// The allow-list holds C strings and the C++ policy views of them: they are viewed a batch at a
// time on the stack, so that a list of any length costs no allocation. The host is allowed when
// a batch allows it; otherwise the finding is host.not-allowed, offsets into uri.buffer().
constexpr std::size_t pattern_batch = 64;
[[nodiscard]] std::optional<diagnostic> not_allowed(uri_view const& uri, ftpuri_policy const& p) noexcept
{
    std::array<std::string_view, pattern_batch> views;
    std::optional<diagnostic> finding;
    for (std::size_t first = 0; first < p.allow_count; first += pattern_batch) {
        std::size_t const n = std::min(pattern_batch, p.allow_count - first);
        std::copy_n(p.allow + first, n, views.begin());
        finding = check_policy(uri, policy{{}, std::span<std::string_view const>(views.data(), n)});
        if (!finding) return std::nullopt;
    }
    return finding;
}

// Whether two byte ranges share a byte.
[[nodiscard]] bool overlap(std::string_view in, char const* out, std::size_t out_size) noexcept
{
    std::less<> const before;
    return out_size != 0 && !in.empty() && before(out, in.data() + in.size()) && before(in.data(), out + out_size);
}

// Offsets into the caller's input, which the view may start after (the lenient profile trims
// edge whitespace).
[[nodiscard]] ftpuri_range range_of(char const* input, std::string_view part, bool present) noexcept
{
    if (!present) return {FTPURI_NPOS, 0};
    return {static_cast<std::uint32_t>(part.data() - input), static_cast<std::uint32_t>(part.size())};
}

// What ftpuri_plan's opaque bytes hold. The iterator points at `plan`, so a copied ftpuri_plan
// (whose `self` is then not its address) walks a fresh iterator to `index` first.
struct plan_state {
    command_plan plan;
    command_plan::iterator at;
    plan_state const* self = nullptr;
    std::uint32_t index = 0; // commands given so far; 0: ftpuri_plan_next has not been called
    std::uint32_t base = 0;  // where the URI begins in the input (the lenient profile trims)
    bool ended = false;      // ftpuri_plan_next has found no command after the last
};
static_assert(sizeof(plan_state) <= sizeof(ftpuri_plan), "ftpuri_plan's size is ABI: plan_state must fit");
static_assert(alignof(plan_state) <= alignof(ftpuri_plan));
static_assert(std::is_trivially_destructible_v<plan_state>, "nobody calls a destructor on ftpuri_plan");

[[nodiscard]] plan_state* state_of(ftpuri_plan* p) noexcept
{
    return std::launder(reinterpret_cast<plan_state*>(p->opaque));
}
[[nodiscard]] plan_state const* state_of(ftpuri_plan const* p) noexcept
{
    return std::launder(reinterpret_cast<plan_state const*>(p->opaque));
}

// Where `s` is: its own iterator, or for a copy (whose iterator points into the original) a
// fresh one walked to the `index`-th command.
[[nodiscard]] command_plan::iterator position_of(plan_state const& s) noexcept
{
    if (s.self == &s) return s.at;
    if (s.ended) return s.plan.end();
    command_plan::iterator at = s.plan.begin();
    for (std::uint32_t i = 1; i < s.index; ++i) // index never counts past the last command
        ++at;
    return at;
}

} // namespace

extern "C" {

char const* ftpuri_version(void) noexcept
{
    return FTPURI_VERSION_STRING; // the library's: this file is compiled into it
}

char const* ftpuri_diag_name(std::uint32_t id) noexcept
{
    return id < diag_catalogue.size() ? diag_catalogue[id].name.data() : nullptr;
}

std::uint32_t ftpuri_diag_from_name(char const* name) noexcept
{
    if (name == nullptr) return FTPURI_NPOS;
    std::optional<diag_id> const id = diag_id_from_string(name);
    return id ? static_cast<std::uint32_t>(*id) : FTPURI_NPOS;
}

int ftpuri_validate(char const* input, std::size_t length, ftpuri_parse_options const* options,
                    ftpuri_diagnostic* error) noexcept
{
    if (error != nullptr) return parse_input(input, length, options, error).status;
    // Without an error to report, the validate-only scan and its fast paths.
    std::optional<std::string_view> const in = text(input, length);
    std::optional<parse_options> const opts = read_parse_options(options);
    if (!in || !opts) return FTPURI_BAD_ARGUMENT;
    return validate(*in, *opts) ? FTPURI_OK : FTPURI_INVALID;
}

int ftpuri_diagnose(char const* input, std::size_t length, ftpuri_parse_options const* options,
                    ftpuri_diagnostic* items, std::size_t capacity, std::size_t* count) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    std::optional<parse_options> const opts = read_parse_options(options);
    if (!in || !opts || count == nullptr || (items == nullptr && capacity != 0)) return FTPURI_BAD_ARGUMENT;
    for (std::size_t i = 0; i < capacity; ++i)
        if (!sized(&items[i])) return FTPURI_BAD_ARGUMENT;
    diagnostic_list found;
    parse_result const r = parse(*in, *opts, found);
    *count = found.size();
    for (std::size_t i = 0; i < found.size() && i < capacity; ++i)
        write_diagnostic(&items[i], found[i]);
    return r ? FTPURI_OK : FTPURI_INVALID;
}

int ftpuri_parse(char const* input, std::size_t length, ftpuri_parse_options const* options, ftpuri_uri* uri,
                 ftpuri_diagnostic* error) noexcept
{
    if (uri == nullptr || !sized(uri)) return FTPURI_BAD_ARGUMENT;
    parsed const p = parse_input(input, length, options, error);
    if (p.status != FTPURI_OK) return p.status;
    uri_view const& v = *p.result;
    char const* const all = input;
    uri->scheme = range_of(all, v.scheme(), true);
    uri->user = range_of(all, v.user(), v.has_userinfo());
    uri->password = range_of(all, v.password(), v.has_password());
    uri->host = range_of(all, v.host(), true);
    uri->port = range_of(all, v.port(), v.has_port());
    uri->path = range_of(all, v.path(), true);
    uri->name = range_of(all, v.name(), true);
    uri->typecode = range_of(all, v.typecode_part(), v.has_typecode());
    uri->query = range_of(all, v.query(), v.has_query());
    uri->fragment = range_of(all, v.fragment(), v.has_fragment());
    uri->host_kind = static_cast<std::uint32_t>(v.host_type());
    uri->port_number = v.effective_port();
    uri->typecode_char = static_cast<unsigned char>(v.typecode());
    return FTPURI_OK;
}

int ftpuri_canonicalize(char const* input, std::size_t length, ftpuri_parse_options const* options, std::uint32_t flags,
                        char* out, std::size_t out_size, std::size_t* written, ftpuri_diagnostic* error) noexcept
{
    std::optional<canonical_options> const how = read_canonical_flags(flags);
    if (!how || !usable(out, out_size)) return FTPURI_BAD_ARGUMENT;
    parsed const p = parse_input(input, length, options, error);
    if (p.status != FTPURI_OK) return p.status;
    // One byte is kept back for the NUL.
    std::span<char> const room(out, out_size == 0 ? 0 : out_size - 1);
    write_result const r = canonicalize_into(*p.result, room, *how);
    if (written != nullptr) *written = r.size;
    if (r.status == write_status::invalid) return FTPURI_IDNA_FAILED;
    // A canonical form is never empty, so no room at all is always too small.
    if (r.status == write_status::buffer_too_small) return FTPURI_BUFFER_TOO_SMALL;
    out[r.size] = '\0';
    return FTPURI_OK;
}

int ftpuri_equivalent(char const* a, std::size_t a_length, char const* b, std::size_t b_length,
                      ftpuri_parse_options const* options) noexcept
{
    std::optional<std::string_view> const x = text(a, a_length);
    std::optional<std::string_view> const y = text(b, b_length);
    std::optional<parse_options> const opts = read_parse_options(options);
    return x && y && opts && equivalent(*x, *y, *opts) ? 1 : 0;
}

int ftpuri_percent_decode(char const* input, std::size_t length, char* out, std::size_t out_size, std::size_t* written,
                          std::uint32_t* error_offset) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    if (!in || !usable(out, out_size)) return FTPURI_BAD_ARGUMENT;
    percent_decode_result const r = percent_decode_into(*in, std::span<char>(out, out_size));
    // ok: the bytes written; too small: the bytes needed (r.size, exact); malformed: the bytes
    // written before the bad escape, as many as there was room for.
    if (written != nullptr) *written = r.status == write_status::invalid ? std::min(r.size, out_size) : r.size;
    if (r.status == write_status::invalid) {
        if (error_offset != nullptr) *error_offset = r.offset;
        return FTPURI_MALFORMED_ESCAPE;
    }
    return r.status == write_status::buffer_too_small ? FTPURI_BUFFER_TOO_SMALL : FTPURI_OK;
}

int ftpuri_percent_encode(char const* input, std::size_t length, std::uint32_t set, char* out, std::size_t out_size,
                          std::size_t* written) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    if (!in || set > FTPURI_ENCODE_UNRESERVED || !usable(out, out_size)) return FTPURI_BAD_ARGUMENT;
    auto const which = static_cast<encode_set>(set);
    std::size_t const needed = percent_encode_size_bound(*in, which);
    if (written != nullptr) *written = needed;
    if (needed > out_size) return FTPURI_BUFFER_TOO_SMALL;
    static_cast<void>(percent_encode_into(*in, which, std::span<char>(out, out_size))); // fits: checked above
    return FTPURI_OK;
}

char const* ftpuri_host_class_name(std::uint32_t host_class) noexcept
{
    return host_class < host_class_count ? to_string(static_cast<ftpuri::host_class>(host_class)).data() : nullptr;
}

int ftpuri_classify_host(char const* input, std::size_t length, ftpuri_parse_options const* options,
                         std::uint32_t* host_class, ftpuri_diagnostic* error) noexcept
{
    if (host_class == nullptr) return FTPURI_BAD_ARGUMENT;
    parsed const p = parse_input(input, length, options, error);
    if (p.status != FTPURI_OK) return p.status;
    *host_class = static_cast<std::uint32_t>(classify_host(*p.result));
    return FTPURI_OK;
}

int ftpuri_classify_address(std::uint8_t const* address, std::size_t length, std::uint32_t* host_class) noexcept
{
    if (address == nullptr || host_class == nullptr) return FTPURI_BAD_ARGUMENT;
    if (length == 4) {
        *host_class = static_cast<std::uint32_t>(classify_address(std::span<std::uint8_t const, 4>(address, 4)));
        return FTPURI_OK;
    }
    if (length == 16) {
        *host_class = static_cast<std::uint32_t>(classify_address(std::span<std::uint8_t const, 16>(address, 16)));
        return FTPURI_OK;
    }
    return FTPURI_BAD_ARGUMENT;
}

int ftpuri_plan_init(ftpuri_plan* plan, char const* input, std::size_t length, ftpuri_parse_options const* options,
                     ftpuri_plan_options const* plan_options, int* ask_password, ftpuri_diagnostic* error) noexcept
{
    if (plan == nullptr || !absent_or_sized(plan_options)) return FTPURI_BAD_ARGUMENT;
    ftpuri::plan_options how;
    if (plan_options != nullptr) {
        if (plan_options->mode > FTPURI_PLAN_NOCWD) return FTPURI_BAD_ARGUMENT;
        how.mode = static_cast<plan_mode>(plan_options->mode);
        how.absolute = plan_options->absolute != 0;
        if (plan_options->anonymous_password != nullptr) // then text() always has a view
            how.anonymous_password =
                text(plan_options->anonymous_password, plan_options->anonymous_password_length).value_or("");
    }
    parsed const p = parse_input(input, length, options, error);
    if (p.status != FTPURI_OK) return p.status;
    plan_result const r = ftpuri::plan(*p.result, how);
    // The plan's offsets are the URI's: the input's, less what the lenient profile trimmed.
    auto const base = static_cast<std::uint32_t>(p.result->buffer().data() - input);
    if (!r) {
        diagnostic e = r.error();
        e.offset += base;
        if (error != nullptr) write_diagnostic(error, e);
        return FTPURI_INVALID;
    }
    auto* s = new (plan->opaque) plan_state{*r, {}, nullptr, 0, base, false};
    s->self = s;
    if (ask_password != nullptr) *ask_password = r->ask_password() ? 1 : 0;
    return FTPURI_OK;
}

int ftpuri_plan_next(ftpuri_plan* plan, ftpuri_command* command) noexcept
{
    if (plan == nullptr || command == nullptr || !sized(command)) return FTPURI_BAD_ARGUMENT;
    plan_state* s = state_of(plan);
    s->at = position_of(*s);
    s->self = s;
    if (s->index == 0)
        s->at = s->plan.begin();
    else if (s->at != s->plan.end())
        ++s->at;
    if (s->at == s->plan.end()) {
        s->ended = true;
        return FTPURI_INVALID;
    }
    ++s->index;
    ftp_command const& c = *s->at;
    command->verb = static_cast<std::uint32_t>(c.verb());
    command->has_argument = c.has_argument() ? 1 : 0;
    command->verb_name = to_string(c.verb()).data();
    command->raw_argument = c.raw_argument().data();
    command->raw_argument_length = c.raw_argument().size();
    command->argument_offset = c.offset() == ftp_command::npos ? FTPURI_NPOS : c.offset() + s->base;
    command->line_length = static_cast<std::uint32_t>(c.size());
    return FTPURI_OK;
}

int ftpuri_plan_write_line(ftpuri_plan const* plan, char* out, std::size_t out_size, std::size_t* written) noexcept
{
    if (plan == nullptr || !usable(out, out_size)) return FTPURI_BAD_ARGUMENT;
    plan_state const* s = state_of(plan);
    if (s->index == 0) return FTPURI_BAD_ARGUMENT; // no command given yet
    command_plan::iterator const at = position_of(*s);
    if (at == s->plan.end()) return FTPURI_BAD_ARGUMENT; // the plan has ended
    std::size_t const size = at->write_size_bound();
    if (written != nullptr) *written = size;
    if (out == nullptr || out_size < size + 1) return FTPURI_BUFFER_TOO_SMALL;
    std::size_t const n = at->write_into(std::span<char>(out, out_size - 1)).size;
    out[n] = '\0';
    return FTPURI_OK;
}

int ftpuri_host_pattern_check(char const* pattern, std::size_t length) noexcept
{
    std::optional<std::string_view> const in = text(pattern, length);
    if (!in) return FTPURI_BAD_ARGUMENT;
    return host_pattern::parse(*in) ? FTPURI_OK : FTPURI_INVALID;
}

int ftpuri_sanitize(char const* input, std::size_t length, ftpuri_parse_options const* options,
                    ftpuri_policy const* policy, std::uint32_t flags, char* out, std::size_t out_size,
                    std::size_t* written, std::uint32_t* host_class, ftpuri_diagnostic* error) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    std::optional<parse_options> opts = read_parse_options(options);
    std::optional<canonical_options> const how = read_canonical_flags(flags);
    if (!in || !opts || !how || policy == nullptr || !sized(policy) || policy->reserved != 0 ||
        !absent_or_sized(error) || !usable(out, out_size))
        return FTPURI_BAD_ARGUMENT;
    std::optional<host_class_set> const deny = read_classes(policy->deny);
    if (!deny || !add_as_error(*opts, *policy) || !readable_patterns(*policy)) return FTPURI_BAD_ARGUMENT;

    // sanitize_into() with the denied classes, then the allow-list as sanitize_into() would check it: after
    // the classes, before the canonical form (whose only failure, IDNA, it may then override).
    std::span<char> const room(out, out_size == 0 ? 0 : out_size - 1); // one byte for the NUL
    sanitize_result r = ftpuri::sanitize_into(*in, ftpuri::policy{*deny, {}}, room, *opts, *how);
    bool const parsed = r.uri.buffer().data() != nullptr;
    if (parsed && host_class != nullptr) *host_class = static_cast<std::uint32_t>(r.cls);
    if (parsed && r.error.id != diag_id::host_denied && policy->allow_count != 0) {
        if (std::optional<diagnostic> finding = not_allowed(r.uri, *policy)) {
            finding->offset += static_cast<std::uint32_t>(r.uri.buffer().data() - in->data()); // lenient trims
            r.status = write_status::invalid;
            r.error = *finding;
        }
    }
    if (r.status == write_status::invalid) {
        if (error != nullptr) write_diagnostic(error, r.error);
        return FTPURI_INVALID;
    }
    if (written != nullptr) *written = r.size;
    // A canonical form is never empty, so no room at all is always too small.
    if (r.status == write_status::buffer_too_small) return FTPURI_BUFFER_TOO_SMALL;
    out[r.size] = '\0';
    return FTPURI_OK;
}

int ftpuri_find_password(char const* input, std::size_t length, ftpuri_range* password) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    if (!in || password == nullptr) return FTPURI_BAD_ARGUMENT;
    std::optional<byte_range> const found = find_password(*in);
    if (!found) return FTPURI_INVALID;
    *password = {found->offset, found->length};
    return FTPURI_OK;
}

int ftpuri_redact_password(char const* input, std::size_t length, char* out, std::size_t out_size,
                           std::size_t* written) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    if (!in || !usable(out, out_size) || overlap(*in, out, out_size)) return FTPURI_BAD_ARGUMENT;
    write_result const r =
        redact_password_into(*in, std::span<char>(out, out_size == 0 ? 0 : out_size - 1)); // and a NUL
    if (out_size == 0 || !r) {
        if (written != nullptr) *written = redact_password_size_bound(*in);
        return FTPURI_BUFFER_TOO_SMALL;
    }
    std::size_t const n = r.size;
    if (written != nullptr) *written = n;
    out[n] = '\0';
    return FTPURI_OK;
}

int ftpuri_resolve(char const* base, std::size_t base_length, char const* reference, std::size_t reference_length,
                   ftpuri_parse_options const* options, char* out, std::size_t out_size, std::size_t* written,
                   ftpuri_diagnostic* error) noexcept
{
    std::optional<std::string_view> const ref = text(reference, reference_length);
    if (!ref || !usable(out, out_size)) return FTPURI_BAD_ARGUMENT;
    parsed const p = parse_input(base, base_length, options, error);
    if (p.status != FTPURI_OK) return p.status;
    // A target always has the base's scheme or its own, so no room at all is always too small.
    write_result const r = resolve_into(*p.result, *ref, std::span<char>(out, out_size == 0 ? 0 : out_size - 1));
    if (written != nullptr) *written = r.size;
    if (!r) return FTPURI_BUFFER_TOO_SMALL;
    out[r.size] = '\0';
    return FTPURI_OK;
}

// ---- size bounds ---------------------------------------------------------------------------

std::size_t ftpuri_canonicalize_size_bound(char const* input, std::size_t length) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    return in ? canonical_bound_with_nul(in->size()) : 0;
}

std::size_t ftpuri_percent_decode_size_bound(char const* input, std::size_t length) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    return in ? percent_decode_size_bound(*in) : 0;
}

std::size_t ftpuri_percent_encode_size_bound(char const* input, std::size_t length, std::uint32_t set) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    if (!in || set > FTPURI_ENCODE_UNRESERVED) return 0;
    return percent_encode_size_bound(*in, static_cast<encode_set>(set));
}

std::size_t ftpuri_plan_write_line_size_bound(ftpuri_plan const* plan) noexcept
{
    if (plan == nullptr) return 0;
    plan_state const* s = state_of(plan);
    if (s->index == 0) return 0; // no command given yet
    command_plan::iterator const at = position_of(*s);
    if (at == s->plan.end()) return 0; // the plan has ended
    return at->write_size_bound() + 1;
}

std::size_t ftpuri_sanitize_size_bound(char const* input, std::size_t length) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    return in ? canonical_bound_with_nul(in->size()) : 0; // sanitize_size_bound() is canonicalize's
}

std::size_t ftpuri_redact_password_size_bound(char const* input, std::size_t length) noexcept
{
    std::optional<std::string_view> const in = text(input, length);
    return in ? saturating_add(in->size(), redact_password_size_bound({}) + 1) : 0;
}

std::size_t ftpuri_resolve_size_bound(char const* base, std::size_t base_length, char const* reference,
                                      std::size_t reference_length) noexcept
{
    std::optional<std::string_view> const b = text(base, base_length);
    std::optional<std::string_view> const ref = text(reference, reference_length);
    if (!b || !ref) return 0;
    return saturating_add(saturating_add(b->size(), ref->size()), 2); // resolve_size_bound's, and a NUL
}

int ftpuri_reply_action(std::uint32_t code, std::uint32_t stage, std::uint32_t* action) noexcept
{
    if (action == nullptr || stage > FTPURI_STAGE_TRANSFER) return FTPURI_BAD_ARGUMENT;
    *action = static_cast<std::uint32_t>(reply_action(code, static_cast<plan_stage>(stage)));
    return FTPURI_OK;
}

char const* ftpuri_plan_stage_name(std::uint32_t stage) noexcept
{
    return stage <= FTPURI_STAGE_TRANSFER ? to_string(static_cast<plan_stage>(stage)).data() : nullptr;
}

char const* ftpuri_client_action_name(std::uint32_t action) noexcept
{
    return action <= FTPURI_ACTION_LOG_IN ? to_string(static_cast<client_action>(action)).data() : nullptr;
}

} // extern "C"
