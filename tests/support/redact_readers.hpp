// SPDX-License-Identifier: Apache-2.0
// tests/support/redact_readers.hpp: where three readers of a URI find its password, as small models that
// redact_test.cpp holds find_password() to: whatever any of them reads must be masked.
//
// Each model follows its reader on any bytes and returns the password's byte range in the
// ORIGINAL input (WHATWG's drops tabs and newlines first; the range then spans them), or
// nullopt when the reader finds no password. The models never fail where the reader would fail
// later (an invalid host or port after the userinfo): by then the password has been read, and a
// model that reads more only makes the test stricter.
//
//   - whatwg_password: the URL Standard's basic URL parser without a base (node's `new URL`).
//   - curl_password: libcurl's curl_url_set(CURLU_GUESS_SCHEME), which the curl tool uses.
//   - rfc3986_password: RFC 3986 Appendix B's regular expression, the userinfo up to the first
//     '@' (userinfo has no '@') and the password after its first ':' (section 3.2.1).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ftpuri_test {

struct password_at {
    std::size_t begin;
    std::size_t end;
};

namespace readers_detail {

constexpr bool is_alpha(char c) noexcept
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool is_scheme_char(char c) noexcept
{
    return is_alpha(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

constexpr char lower(char c) noexcept
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

} // namespace readers_detail

// https://url.spec.whatwg.org/#concept-basic-url-parser, the states up to the authority's end.
inline std::optional<password_at> whatwg_password(std::string_view input)
{
    using namespace readers_detail;
    // Leading and trailing C0 controls and spaces are stripped; tabs and newlines anywhere are
    // removed. `at[i]` is the input offset of the i-th byte that is left.
    std::size_t first = 0;
    std::size_t last = input.size();
    while (first < last && static_cast<unsigned char>(input[first]) <= 0x20)
        ++first;
    while (last > first && static_cast<unsigned char>(input[last - 1]) <= 0x20)
        --last;
    std::string s;
    std::vector<std::size_t> at;
    for (std::size_t i = first; i < last; ++i) {
        if (input[i] == '\t' || input[i] == '\n' || input[i] == '\r') continue;
        s.push_back(input[i]);
        at.push_back(i);
    }

    // scheme start state, scheme state: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":", or failure.
    if (s.empty() || !is_alpha(s[0])) return std::nullopt;
    std::size_t i = 1;
    while (i < s.size() && is_scheme_char(s[i]))
        ++i;
    if (i == s.size() || s[i] != ':') return std::nullopt;
    std::string scheme;
    for (std::size_t k = 0; k < i; ++k)
        scheme.push_back(lower(s[k]));
    ++i;

    bool const special = scheme == "ftp" || scheme == "http" || scheme == "https" || scheme == "ws" || scheme == "wss";
    if (scheme == "file") return std::nullopt; // the file state reads no userinfo
    if (special) {
        // special authority slashes state, special authority ignore slashes state
        while (i < s.size() && (s[i] == '/' || s[i] == '\\'))
            ++i;
    } else {
        // path or authority state: only "//" leads to an authority
        if (s.compare(i, 2, "//") != 0) return std::nullopt;
        i += 2;
    }

    // authority state: the userinfo is what precedes the last '@' before the authority's end.
    std::size_t const start = i;
    std::optional<std::size_t> last_at;
    for (; i < s.size(); ++i) {
        char const c = s[i];
        if (c == '/' || c == '?' || c == '#' || (special && c == '\\')) break;
        if (c == '@') last_at = i;
    }
    if (!last_at) return std::nullopt;
    for (std::size_t k = start; k < *last_at; ++k)
        if (s[k] == ':') return password_at{at[k] + 1, at[*last_at]};
    return std::nullopt;
}

// lib/urlapi.c's parseurl() and parse_hostname_login(), as of curl 7.88 to 8.x.
inline std::optional<password_at> curl_password(std::string_view input)
{
    using namespace readers_detail;
    // Curl_is_absolute_url() with guessing: a scheme counts only when a '/' follows its ':'.
    // Otherwise the whole input is taken for host and what follows, with no slash skipped.
    std::size_t start = 0;
    std::size_t i = 0;
    while (i < input.size() && is_scheme_char(input[i]))
        ++i;
    if (i > 0 && is_alpha(input[0]) && i + 1 < input.size() && input[i] == ':' && input[i + 1] == '/') {
        start = i + 1;
        std::size_t slashes = 0;
        while (start < input.size() && input[start] == '/') {
            ++start;
            ++slashes;
        }
        if (slashes > 3) return std::nullopt; // CURLUE_BAD_SLASHES
    }
    std::size_t end = input.find_first_of("/?#", start);
    if (end == std::string_view::npos) end = input.size();
    std::string_view const authority = input.substr(start, end - start);
    std::size_t const at = authority.find('@'); // the first
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t const colon = authority.substr(0, at).find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    return password_at{start + colon + 1, start + at};
}

// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
inline std::optional<password_at> rfc3986_password(std::string_view input)
{
    std::size_t i = 0;
    std::size_t const colon = input.find(':');
    if (colon != std::string_view::npos && colon > 0 && colon < input.find_first_of("/?#")) i = colon + 1;
    if (input.compare(i, 2, "//") != 0) return std::nullopt;
    std::size_t const start = i + 2;
    std::size_t end = input.find_first_of("/?#", start);
    if (end == std::string_view::npos) end = input.size();
    std::string_view const authority = input.substr(start, end - start);
    std::size_t const at = authority.find('@');
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t const pw = authority.substr(0, at).find(':');
    if (pw == std::string_view::npos) return std::nullopt;
    return password_at{start + pw + 1, start + at};
}

} // namespace ftpuri_test
