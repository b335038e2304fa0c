// SPDX-License-Identifier: Apache-2.0
// src/canonical.cpp: the canonical form, written into a caller's buffer, and equivalence.
#include "ftpuri/canonical.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "canonical_general.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/policy.hpp"
#include "idna.hpp"
#include "ipv6_text.hpp"
#include "rules/dot_segments.hpp"
#include "rules/ipv6_address.hpp"
#include "rules/segment.hpp"
#include "scan/byte_runs.hpp"
#include "span_writer.hpp"
#include "text.hpp"

namespace ftpuri {

namespace {

// put_normalized's run of bytes kept raw ends at an escape because no set it is given holds "%".
static_assert(!chars::usp_char.contains('%') && !chars::query_char.contains('%') &&
              !chars::fragment_char.contains('%'));

// The canonical form's output: span_writer plus the spellings of tokens and numbers.
class writer : public span_writer {
public:
    using span_writer::put;
    using span_writer::span_writer;

    void put(token t) noexcept
    {
        if (!t.encoded) {
            put(static_cast<char>(t.byte));
            return;
        }
        put('%');
        put(upper_hex_digit(t.byte >> 4));
        put(upper_hex_digit(t.byte & 0xF));
    }
    void put_normalized(std::string_view raw, charset const& allowed, bool lowercase = false) noexcept
    {
        // Most users, passwords and fragments are written as they stand: their leading run of
        // bytes kept raw is copied at once, and the tokenizer takes the rest from its first escape.
        std::size_t kept = 0;
        if (!lowercase)
            while (kept < raw.size() && allowed.contains(raw[kept]))
                ++kept;
        put(raw.substr(0, kept));
        token_reader reader(raw.substr(kept), allowed, lowercase);
        for (token t; reader.next(t);)
            put(t);
    }
    void put_lowercase(std::string_view ascii) noexcept
    {
        if (size() + ascii.size() > capacity()) {
            for (char c : ascii)
                put(static_cast<char>(to_lower_ascii(static_cast<unsigned char>(c))));
            return;
        }
        char* const to = data() + size();
        for (std::size_t i = 0; i < ascii.size(); ++i)
            to[i] = static_cast<char>(to_lower_ascii(static_cast<unsigned char>(ascii[i])));
        advance(ascii.size());
    }
    void put_decimal(unsigned v) noexcept
    {
        char digits[10];
        std::size_t n = 0;
        do {
            digits[n++] = static_cast<char>('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (n > 0)
            put(digits[--n]);
    }
};

// RFC 5952 text of an IP-literal's address (the text between the brackets, which the scanner
// has accepted).
std::size_t write_ipv6(std::string_view address, char* out) noexcept
{
    return format_ipv6(rules::parse_ipv6address(address).value_or(rules::ipv6_pieces{}), out);
}

// Most segments are spelled as they are written: no escape, and every byte one the canonical
// form keeps raw. Those skip the tokenizer.
bool spelled_as_written(std::string_view raw) noexcept
{
    for (char c : raw)
        if (!chars::ftp_segment_char.contains(c)) return false;
    return true;
}

// A path segment as the canonical form spells it: its size, and the bytes.
std::size_t normalized_segment_size(std::string_view raw) noexcept
{
    if (spelled_as_written(raw)) return raw.size();
    token_reader reader(raw, chars::ftp_segment_char, false);
    std::size_t n = 0;
    for (token t; reader.next(t);)
        n += t.encoded ? 3 : 1;
    return n;
}

void write_normalized_segment(std::string_view raw, char* out) noexcept
{
    if (spelled_as_written(raw)) {
        if (!raw.empty()) std::memcpy(out, raw.data(), raw.size());
        return;
    }
    token_reader reader(raw, chars::ftp_segment_char, false);
    for (token t; reader.next(t);) {
        if (t.encoded) {
            *out++ = '%';
            *out++ = upper_hex_digit(t.byte >> 4U);
            *out++ = upper_hex_digit(t.byte & 0xFU);
        } else {
            *out++ = static_cast<char>(t.byte);
        }
    }
}

// The canonical path's segments, last first: dot-segments removed, "%2E" counting as ".".
auto canonical_segments(std::string_view rooted_path) noexcept
{
    return rules::kept_segments_backward(rules::backward_segments(rooted_path),
                                         [](std::string_view segment) { return rules::dot_segment_length(segment); });
}

// Removing dot-segments can leave a path whose first directory is empty where the input's was
// not: "/a/..//etc/x" becomes "//etc/x". The singlecwd plan joins the directories into one
// argument, and for that one it is "/etc", from the root, where the input's "a/..//etc" stays
// below the start. So the canonical form keeps such a path relative with a "." first
// ("/.//etc/x"), as RFC 3986 5.3 keeps a path that would begin with "//" apart from an
// authority. After a first "~" (the login directory, which no plan sends) the same holds for the
// directory that follows it: "/~/.//etc/x". The "." stays a dot-segment, so the canonical form is
// its own canonical form. curl and WHATWG parsers remove that "." and read the path from the
// root: strict refuses such input (path.dot-before-empty), and only rfc3986 and lenient input
// gets the "." (a first directory that begins with "%2F" needs none: every mode goes to the root
// for it, with or without a "." before it).
//
// Where the "/." goes: before the first segment (0), after the first one, a "~" (1), or
// nowhere (npos).
constexpr std::size_t no_dot_prefix = std::string_view::npos;

std::size_t dot_prefix_at(std::string_view path) noexcept
{
    // Without an empty segment ("//") no segment pass is needed (this runs on every canonical form).
    bool const root_bound = path.find("//") != std::string_view::npos;
    std::size_t const first_end = root_bound ? path.find('/', 1) : std::string_view::npos;
    if (first_end == std::string_view::npos) return no_dot_prefix;
    std::string_view const first_raw = path.substr(1, first_end - 1);
    bool const login = rules::is_login_directory(first_raw);
    // The second segment as written; it counts only when three segments are kept, so a second "/"
    // then ends it.
    std::size_t const second_end = path.find('/', first_end + 1);
    std::string_view const second_raw = path.substr(first_end + 1, second_end - first_end - 1);
    std::string_view segment;
    std::string_view first;
    std::string_view second;
    std::size_t kept = 0;
    for (auto k = canonical_segments(path); k.previous(segment); ++kept) {
        second = first;
        first = segment;
    }
    // A directory, not a name alone, that begins at the root where the input's did not.
    if (login && kept >= 3 && rules::is_login_directory(first))
        return second.empty() && !second_raw.empty() ? 1 : no_dot_prefix;
    return kept >= 2 && first.empty() && !first_raw.empty() ? 0 : no_dot_prefix;
}

bool drops_userinfo(uri_view const& uri, canonical_options const& options) noexcept
{
    bool const password_stays = uri.has_password() && !options.drop_password;
    return options.drop_anonymous && !password_stays && is_anonymous(uri.user());
}

bool needs_idna_host(uri_view const& uri) noexcept
{
    bool const name = uri.host_type() != host_kind::ipv6 && uri.host_type() != host_kind::ipvfuture;
    bool const converted = (detail::view_access::parts(uri).facts & detail::host_not_converted) == 0;
    return uri.syntax() == profile::lenient && name && converted && needs_idna(uri.host());
}

bool write_host(uri_view const& uri, writer& w) noexcept
{
    switch (uri.host_type()) {
    case host_kind::ipv6: {
        char text[48];
        w.put('[');
        w.put(std::string_view(text, write_ipv6(uri.host_address(), text)));
        w.put(']');
        return true;
    }
    case host_kind::ipvfuture: // "v", hex digits, then unreserved / sub-delims / ":": no escapes
        for (char c : uri.host())
            w.put(static_cast<char>(to_lower_ascii(static_cast<unsigned char>(c))));
        return true;
    case host_kind::ipv4: // lenient "127.0.0.%31" goes through IDNA; a plain one is unchanged below
    case host_kind::dns_name:
    case host_kind::reg_name:
        if ((detail::view_access::parts(uri).facts & detail::host_as_written) != 0) { // the scan says so
            w.put(uri.host());
            return true;
        }
        if (needs_idna_host(uri)) {
            std::array<char, idna_max_decoded> ascii{};
            std::size_t const n = idna_to_ascii(uri.host(), ascii);
            if (n == 0) return false;
            w.put(std::string_view(ascii.data(), n));
            return true;
        }
        if (uri.host_type() != host_kind::reg_name) { // letters, digits, "-", ".": no escape
            w.put_lowercase(uri.host());
            return true;
        }
        w.put_normalized(uri.host(), chars::reg_name_char, true);
        return true;
    }
    return true;
}

// "ftp://", the userinfo, the host and the port, as the canonical form spells them.
bool put_authority(uri_view const& uri, writer& w, canonical_options const& options) noexcept
{
    w.put("ftp://");
    if (uri.has_userinfo() && !drops_userinfo(uri, options)) {
        w.put_normalized(uri.user(), chars::usp_char);
        if (uri.has_password() && !options.drop_password) {
            w.put(':');
            w.put_normalized(uri.password(), chars::usp_char);
        }
        w.put('@');
    }
    if (!write_host(uri, w)) return false;
    if (uri.port_number() != 0 && uri.port_number() != 21) {
        w.put(':');
        w.put_decimal(uri.port_number());
    }
    return true;
}

// The typecode, the query and the fragment, and the result.
write_result put_after_path(uri_view const& uri, writer& w, canonical_options const& options) noexcept
{
    if (uri.typecode() != '\0') {
        w.put(";type=");
        w.put(uri.typecode());
    }
    if (uri.has_query()) {
        w.put('?');
        w.put_normalized(uri.query(), chars::query_char);
    }
    if (uri.has_fragment() && !options.drop_fragment) {
        w.put('#');
        w.put_normalized(uri.fragment(), chars::fragment_char);
    }
    if (!w.fits()) return {write_status::buffer_too_small, w.size()};
    return {write_status::ok, w.size()};
}

// ---- the path without dot-segments, in one pass -----------------------------------------------

// The path bytes the canonical form writes as they stand: ftp-segment-char and "/".
constexpr charset kept_path_bytes = chars::ftp_segment_char + '/';

// The first byte of path[q, end) that the canonical form spells differently, or end. In a path
// that a profile accepted that can only be a "%", a raw ";" (rfc3986), or a space or non-ASCII
// byte (the lenient profile's repairs): SSE2 looks for those sixteen bytes at a time. An escape
// already in canonical form is no such byte: uppercase hex digits, the first of them 0, 1 or 8
// to F, so that it stands for a control or a UTF-8 byte, never an unreserved character (which
// the canonical form decodes). Escaped UTF-8 text, the commonest escape, is then copied whole.
std::size_t next_respelled(std::string_view path, std::size_t q) noexcept
{
    auto const* s = reinterpret_cast<unsigned char const*>(path.data());
    std::size_t const end = path.size();
#if defined(__SSE2__)
    using detail::in_range;
    auto const load = [s](std::size_t at) { return _mm_loadu_si128(reinterpret_cast<__m128i const*>(s + at)); };
    // The escape's two digits are read at q + 1 and q + 2: the loop stops 2 bytes before the end.
    for (; q + 18 <= end; q += 16) {
        __m128i const x = load(q);
        __m128i const first_digit = load(q + 1);
        __m128i const second_digit = load(q + 2);
        __m128i const percent = _mm_cmpeq_epi8(x, _mm_set1_epi8('%'));
        __m128i const kept_first =
            _mm_or_si128(_mm_or_si128(in_range<'0', '1'>(first_digit), in_range<'8', '9'>(first_digit)),
                         in_range<'A', 'F'>(first_digit));
        __m128i const kept_second = _mm_or_si128(in_range<'0', '9'>(second_digit), in_range<'A', 'F'>(second_digit));
        __m128i const kept_escape = _mm_and_si128(percent, _mm_and_si128(kept_first, kept_second));
        __m128i const marks =
            _mm_or_si128(_mm_andnot_si128(kept_escape, percent),
                         _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(';')), _mm_cmpeq_epi8(x, _mm_set1_epi8(' '))));
        // movemask takes each byte's top bit: non-ASCII bytes mark themselves.
        auto const mask = static_cast<unsigned>(_mm_movemask_epi8(marks) | _mm_movemask_epi8(x));
        if (mask != 0) return q + static_cast<std::size_t>(__builtin_ctz(mask));
    }
#endif
    while (q < end && kept_path_bytes.contains(s[q]))
        ++q;
    return q;
}

// The path of a URI without dot-segments: its bytes as they stand up to the first one the scan
// saw respelled, then, escape by escape, the rest. `respelled_from` indexes the path.
void put_path_in_one_pass(writer& w, std::string_view path, std::size_t respelled_from) noexcept
{
    std::size_t q = std::min(respelled_from, path.size());
    w.put(path.substr(0, q));
    while (q < path.size()) {
        w.put(token_reader::token_at(path, q, kept_path_bytes));
        std::size_t const next = next_respelled(path, q);
        w.put(path.substr(q, next - q));
        q = next;
    }
}

} // namespace

namespace detail {

[[gnu::noinline]] write_result canonicalize_into_general(uri_view const& uri, std::span<char> out,
                                                         canonical_options const& options) noexcept
{
    writer w(out);
    if (!put_authority(uri, w, options)) return {write_status::invalid, 0};
    if (uri.path().empty()) {
        w.put('/');
    } else {
        // Written right to left into its place, its size known first: no scratch space, so a
        // buffer of exactly the canonical size suffices.
        std::size_t const prefix_at = dot_prefix_at(uri.path());
        if (prefix_at == 0) w.put("/.");
        std::size_t const at = w.size();
        auto const always = [](std::string_view) { return true; };
        std::size_t const size =
            rules::write_kept_segments([&] { return canonical_segments(uri.path()); }, always, normalized_segment_size,
                                       write_normalized_segment, w.data(), at, w.capacity());
        if (prefix_at == 1 && at + size + 2 <= w.capacity()) {
            // "/~" + "/." + the rest: move the rest two bytes on. The "~" segment is "/~", and the
            // rest begins with its "/", which stays in place to begin the "/.".
            char* const rest = w.data() + at + 2;
            std::memmove(rest + 2, rest, size - 2);
            rest[1] = '.';
        }
        w.advance(size + (prefix_at == 1 ? 2 : 0));
    }
    return put_after_path(uri, w, options);
}

// A path without dot-segments is its own canonical path but for its escapes and repairs:
// nothing to remove, so no "/." to keep either (dot_prefix_at). The scanner says so.
bool takes_canonical_fast_path(uri_view const& uri, canonical_options const& /*options*/) noexcept
{
    std::uint8_t const facts = view_access::parts(uri).facts;
    return (facts & facts_known) != 0 && (facts & path_dot_segment) == 0;
}

// Most URIs of a list are already in canonical form, and the scan has said most of what that
// takes: a strict view (no repairs to encode), "ftp://" in lowercase, a host spelled as its
// canonical form, a port that stays as written, a path without dot-segments or escapes, a
// lowercase typecode, no escape in the userinfo or the fragment, nothing the options drop.
bool is_own_canonical_form(uri_view const& uri, canonical_options const& options) noexcept
{
    std::uint8_t const facts = view_access::parts(uri).facts;
    if (uri.syntax() != profile::strict || (facts & host_as_written) == 0 ||
        view_access::parts(uri).path_respelled_from != uri_view::npos || uri.path().empty() ||
        uri.buffer().substr(0, 6) != "ftp://")
        return false;
    if (uri.has_port() && (uri.port().empty() || uri.port()[0] == '0' || uri.port_number() == 21)) return false;
    if (uri.has_typecode()) {
        std::string_view const part = uri.typecode_part(); // ";type=" and the letter, lowercase
        if (part.size() != 7 || part.substr(0, 6) != ";type=" || part[6] != uri.typecode()) return false;
    }
    if (uri.has_fragment() && (options.drop_fragment || uri.fragment().find('%') != std::string_view::npos))
        return false;
    if (!uri.has_userinfo()) return true;
    std::string_view const userinfo = uri.buffer().substr(6, uri.raw_offsets().host_begin - 7); // up to the '@'
    return !drops_userinfo(uri, options) && !(uri.has_password() && options.drop_password) &&
           userinfo.find('%') == std::string_view::npos;
}

} // namespace detail

write_result canonical_host_into(uri_view const& uri, std::span<char> out) noexcept
{
    writer w(out);
    if (!write_host(uri, w)) return {write_status::invalid, 0};
    return {w.fits() ? write_status::ok : write_status::buffer_too_small, w.size()};
}

std::optional<std::string_view> canonical_as_written(uri_view const& uri, canonical_options const& options) noexcept
{
    if (!detail::takes_canonical_fast_path(uri, options) || !detail::is_own_canonical_form(uri, options))
        return std::nullopt;
    return uri.buffer();
}

// Flattened, as the scanner's run() is: a URI's parts are each written once, and calls between
// them cost a mirror-list URL a tenth. The general path, for dot-segments, stays out of line.
[[gnu::flatten]] write_result canonicalize_into(uri_view const& uri, std::span<char> out,
                                                canonical_options const& options) noexcept
{
    if (!detail::takes_canonical_fast_path(uri, options)) return detail::canonicalize_into_general(uri, out, options);
    if (detail::is_own_canonical_form(uri, options)) {
        std::string_view const text = uri.buffer();
        if (out.size() < text.size()) return {write_status::buffer_too_small, text.size()};
        std::memcpy(out.data(), text.data(), text.size());
        return {write_status::ok, text.size()};
    }
    writer w(out);
    if (!put_authority(uri, w, options)) return {write_status::invalid, 0};
    std::string_view const path = uri.path();
    if (path.empty()) {
        w.put('/');
    } else {
        std::uint32_t const respelled = detail::view_access::parts(uri).path_respelled_from;
        std::uint32_t const path_begin = uri.raw_offsets().path_begin;
        put_path_in_one_pass(w, path, respelled == uri_view::npos ? path.size() : respelled - path_begin);
    }
    return put_after_path(uri, w, options);
}

std::string canonicalize(uri_view const& uri, canonical_options const& options)
{
    std::string out(canonicalize_size_bound(uri.size()), '\0');
    write_result const r = canonicalize_into(uri, out, options);
    out.resize(r ? r.size : 0);
    return out;
}

std::optional<std::string> canonicalize(std::string_view input, parse_options const& parse_opts,
                                        canonical_options const& options)
{
    parse_result const r = parse(input, parse_opts);
    if (!r) return std::nullopt;
    std::string out = canonicalize(*r, options);
    if (out.empty()) return std::nullopt;
    return out;
}

// ---- equivalence, part by part ----------------------------------------------------------------

namespace {

bool same_tokens(std::string_view a, std::string_view b, charset const& allowed, bool lowercase = false) noexcept
{
    token_reader ra(a, allowed, lowercase);
    token_reader rb(b, allowed, lowercase);
    token ta;
    token tb;
    for (;;) {
        bool const more_a = ra.next(ta);
        bool const more_b = rb.next(tb);
        if (more_a != more_b) return false;
        if (!more_a) return true;
        if (ta.byte != tb.byte || ta.encoded != tb.encoded) return false;
    }
}

// Compares the canonical paths segment by segment, last first. An empty path is "/".
bool same_path(std::string_view a, std::string_view b) noexcept
{
    if (dot_prefix_at(a) != dot_prefix_at(b)) return false;
    auto ra = canonical_segments(a.empty() ? std::string_view("/") : a);
    auto rb = canonical_segments(b.empty() ? std::string_view("/") : b);
    std::string_view sa;
    std::string_view sb;
    for (;;) {
        bool const more_a = ra.previous(sa);
        bool const more_b = rb.previous(sb);
        if (more_a != more_b) return false;
        if (!more_a) return true;
        if (!same_tokens(sa, sb, chars::ftp_segment_char)) return false;
    }
}

bool same_host(uri_view const& a, uri_view const& b) noexcept
{
    bool const idna_a = needs_idna_host(a);
    bool const idna_b = needs_idna_host(b);
    if (idna_a || idna_b) {
        std::array<char, idna_max_decoded> ascii_a{};
        std::array<char, idna_max_decoded> ascii_b{};
        std::size_t const na = idna_a ? idna_to_ascii(a.host(), ascii_a) : 0;
        std::size_t const nb = idna_b ? idna_to_ascii(b.host(), ascii_b) : 0;
        if ((idna_a && na == 0) || (idna_b && nb == 0)) return false;
        std::string_view const ha = idna_a ? std::string_view(ascii_a.data(), na) : a.host();
        std::string_view const hb = idna_b ? std::string_view(ascii_b.data(), nb) : b.host();
        return same_tokens(ha, hb, chars::reg_name_char, true);
    }
    // Kinds differ for equal canonical hosts ("%41.example" is a reg-name, "a.example" a DNS
    // name); only the IP-literals need comparing apart.
    bool const v6_a = a.host_type() == host_kind::ipv6;
    bool const v6_b = b.host_type() == host_kind::ipv6;
    if (v6_a || v6_b)
        return v6_a && v6_b && rules::parse_ipv6address(a.host_address()) == rules::parse_ipv6address(b.host_address());
    static constexpr charset host_text = chars::reg_name_char + charset("[]:"); // an IPvFuture's too
    return same_tokens(a.host(), b.host(), host_text, true);
}

std::uint16_t canonical_port(uri_view const& u) noexcept
{
    return u.port_number() == 21 ? 0 : u.port_number();
}

} // namespace

bool equivalent(uri_view const& a, uri_view const& b) noexcept
{
    if (a.has_userinfo() != b.has_userinfo() || a.has_password() != b.has_password()) return false;
    if (!same_tokens(a.user(), b.user(), chars::usp_char)) return false;
    if (!same_tokens(a.password(), b.password(), chars::usp_char)) return false;
    if (!same_host(a, b) || canonical_port(a) != canonical_port(b)) return false;
    if (a.typecode() != b.typecode()) return false;
    if (a.has_query() != b.has_query() || !same_tokens(a.query(), b.query(), chars::query_char)) return false;
    if (a.has_fragment() != b.has_fragment() || !same_tokens(a.fragment(), b.fragment(), chars::fragment_char))
        return false;
    return same_path(a.path(), b.path());
}

bool equivalent(std::string_view a, std::string_view b, parse_options const& options) noexcept
{
    parse_result const ra = parse(a, options);
    if (!ra) return false;
    parse_result const rb = parse(b, options);
    return rb && equivalent(*ra, *rb);
}

} // namespace ftpuri
