// SPDX-License-Identifier: Apache-2.0
// Password redaction: the readings are described in include/ftpuri/redact.hpp.
#include "ftpuri/redact.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace ftpuri {
namespace {

// The password as [begin, end) in size_t, so that inputs of any size are handled here and only
// find_password's uint32_t interface has a size limit.
struct span_of_input {
    std::size_t begin;
    std::size_t end;
};

// A line cut at a length limit may have lost the '@' that ends its password.
enum class input_extent : bool { whole, prefix };

constexpr std::size_t npos = std::string_view::npos;

// Where every reader's authority ends at the latest. WHATWG also stops at '\', but curl reads
// on ("ftp://u:p\w@h/" has the password "p\w"), so '\' does not end it here.
constexpr std::string_view authority_ends = "/?#";

constexpr bool is_digit(char c) noexcept
{
    return c >= '0' && c <= '9';
}

// What may stand between "ftp:" and the authority. WHATWG skips any run of '/' and '\' after a
// special scheme (and has dropped tabs and newlines before), RFC 3986 wants "//" and curl one to
// three '/': skipping all of them, and spaces and other C0 bytes too, only ever lengthens the
// authority, which can hide more and never less.
constexpr bool leads_to_authority(char c) noexcept
{
    return c == '/' || c == '\\' || static_cast<unsigned char>(c) <= 0x20;
}

// The hull of the readings' passwords: a password for one reader is a password.
class password_hull {
public:
    void add(span_of_input s) noexcept
    {
        if (!hull_) {
            hull_ = s;
            return;
        }
        hull_->begin = std::min(hull_->begin, s.begin);
        hull_->end = std::max(hull_->end, s.end);
    }
    // An empty password has nothing to hide, and "u:@h" logs in differently from "u@h".
    [[nodiscard]] std::optional<span_of_input> get() const noexcept
    {
        if (!hull_ || hull_->begin == hull_->end) return std::nullopt;
        return hull_;
    }

private:
    std::optional<span_of_input> hull_;
};

// The first '/', '?' or '#' from `start` on, or npos. Not find_first_of(authority_ends), which
// libstdc++ runs as one memchr over the set per input byte: a tenth of ftpuri-check's time.
std::size_t find_authority_end(std::string_view input, std::size_t start) noexcept
{
    static_assert(authority_ends == "/?#", "find_authority_end looks for these bytes");
    for (std::size_t i = start; i < input.size(); ++i)
        if (input[i] == '/' || input[i] == '?' || input[i] == '#') return i;
    return npos;
}

// The authority that begins at `start`: up to the first '/', '?' or '#', or up to the end, and
// its last '@' (npos for none). Each reading below asks for both; they are found once.
struct authority_at {
    std::size_t start;
    std::size_t end;
    std::size_t last_at; // from start
};
authority_at find_authority(std::string_view input, std::size_t start) noexcept
{
    std::size_t const found = find_authority_end(input, start);
    std::size_t const end = found == npos ? input.size() : found;
    return {start, end, input.substr(start, end - start).rfind('@')};
}

// userinfo = user [ ":" password ], up to the authority's LAST '@': WHATWG splits there, curl and
// RFC 3986 at the first '@', which lies before it. The password begins after the first ':' for
// all three. In a prefix whose authority reaches the cut, the '@' may lie past the cut.
void add_userinfo_password(std::string_view input, authority_at a, input_extent extent, password_hull& hull) noexcept
{
    std::string_view const authority = input.substr(a.start, a.end - a.start);
    std::size_t at = a.last_at;
    if (extent == input_extent::prefix && a.end == input.size()) at = authority.size();
    if (at == npos) return;
    std::size_t const colon = authority.find(':');
    if (colon == npos || colon >= at) return;
    hull.add({a.start + colon + 1, a.start + at});
}

// "ftp://u:pa/ss@h/" and "ftp://u:pa#ss@h/": every reader takes "pa" for a port and fails, but
// the writer meant a password with a '/' or '#' in it, and an echo would show "ss". Hence: when
// the authority's port is not digits (port = *DIGIT, so no valid URI is affected) and an '@'
// follows the authority, what lies between the userinfo's ':' (the port's, if the userinfo has
// none) and the input's last '@' is hidden too. Only after the scheme: from the input's first
// byte, "ftp:\/u:pw@h/" would read as the host "ftp" with the port "".
void add_password_cut_short(std::string_view input, authority_at a, input_extent extent, password_hull& hull) noexcept
{
    std::string_view const authority = input.substr(a.start, a.end - a.start);
    std::size_t host = a.last_at == npos ? 0 : a.last_at + 1;
    if (host < authority.size() && authority[host] == '[') { // IP-literal: its ':' are no port
        host = authority.find(']', host);
        if (host == npos) return;
    }
    std::size_t const port_colon = authority.find(':', host);
    if (port_colon == npos) return;
    std::string_view const port = authority.substr(port_colon + 1);
    if (port.empty() || std::all_of(port.begin(), port.end(), is_digit)) return;

    std::size_t last_at = input.rfind('@');
    if (extent == input_extent::prefix) last_at = input.size();
    if (last_at == npos || last_at < a.end) return;
    // From the port's ':'. A userinfo's ':' lies before it, and add_userinfo_password has put
    // what follows it, up to the same '@', in the hull already.
    hull.add({a.start + port_colon + 1, last_at});
}

std::optional<span_of_input> locate_password(std::string_view input, input_extent extent) noexcept
{
    // Every reading's password ends at an '@' of the input (a prefix's may lie past its cut):
    // without one there is none, which one memchr says for most inputs.
    if (extent == input_extent::whole && input.find('@') == npos) return std::nullopt;

    // scheme ":" then the authority, RFC 3986 Appendix B's way: the scheme is whatever precedes
    // the first ':' if no '/', '?' or '#' does (the WHATWG and curl schemes end at the same ':').
    // Without one, the authority may still follow "//", as in a network-path reference.
    authority_at const from_first_byte = find_authority(input, 0);
    std::size_t after_scheme = 0;
    std::size_t const colon = input.find(':');
    if (colon != npos && colon < from_first_byte.end) after_scheme = colon + 1;
    while (after_scheme < input.size() && leads_to_authority(input[after_scheme]))
        ++after_scheme;
    authority_at const after_the_scheme = find_authority(input, after_scheme);

    // The input's first byte starts an authority too: curl reads "ftp:u:pw@h" as a URI without
    // a scheme, whose user is "ftp", because no '/' follows the ':'.
    password_hull hull;
    add_userinfo_password(input, from_first_byte, extent, hull);
    add_userinfo_password(input, after_the_scheme, extent, hull);
    add_password_cut_short(input, after_the_scheme, extent, hull);
    // A URI in running text's delimiters ("<URL:ftp://u:pw@h/>", which the scanner reads as one,
    // input.delimited): its authority follows the input's first "://", past the first ':'.
    if (std::size_t const slashes = input.find("://"); slashes != npos && slashes + 3 > after_scheme) {
        authority_at const delimited = find_authority(input, slashes + 3);
        add_userinfo_password(input, delimited, extent, hull);
        add_password_cut_short(input, delimited, extent, hull);
    }
    return hull.get();
}

std::optional<byte_range> as_byte_range(std::optional<span_of_input> p) noexcept
{
    if (!p || p->end > UINT32_MAX) return std::nullopt;
    return byte_range{static_cast<std::uint32_t>(p->begin), static_cast<std::uint32_t>(p->end - p->begin)};
}

} // namespace

std::optional<byte_range> find_password(std::string_view input) noexcept
{
    return as_byte_range(locate_password(input, input_extent::whole));
}

std::optional<byte_range> find_password_in_prefix(std::string_view prefix) noexcept
{
    return as_byte_range(locate_password(prefix, input_extent::prefix));
}

write_result redact_password_into(std::string_view input, std::span<char> out) noexcept
{
    std::optional<span_of_input> const p = locate_password(input, input_extent::whole);
    if (!p) {
        if (out.size() < input.size()) return {write_status::buffer_too_small, input.size()};
        if (!input.empty()) std::memcpy(out.data(), input.data(), input.size());
        return {write_status::ok, input.size()};
    }

    static constexpr std::string_view mask = "****";
    std::size_t const tail = input.size() - p->end;
    std::size_t const size = p->begin + mask.size() + tail;
    if (out.size() < size) return {write_status::buffer_too_small, size};
    std::memcpy(out.data(), input.data(), p->begin);
    std::memcpy(out.data() + p->begin, mask.data(), mask.size());
    if (tail != 0) std::memcpy(out.data() + p->begin + mask.size(), input.data() + p->end, tail);
    return {write_status::ok, size};
}

} // namespace ftpuri
