// src/scanner.hpp: the one scanner behind parse() and validate(). Internal.
//
// It reads the input once, left to right, each byte through a 256-entry table named after the
// ABNF rule of docs/grammar.abnf that governs it, and stops at the first error. It never
// allocates, never recurses, never backtracks more than the seven bytes of a typecode, and
// never throws. docs/scanner.md says, rule by rule, what it reports and where.
//
// Two policies make it four functions with no run-time cost:
//   Sink   discard_warnings: warning checks compile to nothing (parse(s), validate(s));
//          collect_warnings: warnings go into a caller's diagnostic_list.
//   Store  true fills the uri_view; false is validate(): the same scan, nothing kept.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <type_traits>

#include "ftpuri/charset.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/pct.hpp"
#include "ftpuri/uri_view.hpp"
#include "idna.hpp"
#include "plain_scan.hpp"
#include "segment_rules.hpp"
#include "text.hpp"
#include "utf8.hpp"

namespace ftpuri {

struct discard_warnings {
    static constexpr bool collecting = false;
};
struct collect_warnings {
    static constexpr bool collecting = true;
    diagnostic_list* list;
};

namespace detail {

// What the path loop does with a byte. `plain` bytes are skipped by the inner loop; everything
// else leaves it.
enum path_byte : std::uint8_t { plain, slash, percent, semicolon, question, hash, bad };

consteval std::array<std::uint8_t, 256> make_path_table(charset segment_char)
{
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c < 256; ++c) {
        auto const b = static_cast<unsigned char>(c);
        t[c] = segment_char.contains(b) ? plain : bad;
    }
    t['/'] = slash;
    t['%'] = percent;
    t['?'] = question;
    t['#'] = hash;
    if (!segment_char.contains(';')) t[';'] = semicolon;
    return t;
}

// strict:  ftp-segment = *ftp-segment-char        (pchar without ";")
inline constexpr auto ftp_segment_table = make_path_table(chars::ftp_segment_char);
// rfc3986: segment = *pchar
inline constexpr auto segment_table = make_path_table(chars::pchar);

// The plain-path check (plain_scan.hpp) reads the same set of segment bytes as the full scan.
consteval bool plain_path_flags_match_the_table()
{
    for (unsigned c = 0; c < 256; ++c) {
        std::uint8_t const kind = ftp_segment_table[c];
        std::uint8_t const expected = c == '%'        ? percent_flag
                                      : kind == plain ? 0
                                      : kind == slash ? slash_flag
                                                      : not_plain;
        if ((plain_path_flags[c] & ~(dot_flag | tilde_flag)) != expected) return false;
    }
    return true;
}
static_assert(plain_path_flags_match_the_table(), "plain_path_flags must be ftp_segment_table's plain bytes");

// Where the authority ends (RFC 3986 3.2: the next "/", "?" or "#"), and its "@"s.
enum authority_byte : std::uint8_t { inside, ends, at_sign };
consteval std::array<std::uint8_t, 256> make_authority_table()
{
    std::array<std::uint8_t, 256> t{};
    t['/'] = t['?'] = t['#'] = ends;
    t['@'] = at_sign;
    return t;
}
inline constexpr auto authority_table = make_authority_table();
consteval bool authority_delimiters_are_the_simd_ones()
{
    for (unsigned c = 0; c < 256; ++c)
        if ((authority_table[c] != inside) != (c == '/' || c == '?' || c == '#' || c == '@')) return false;
    return true;
}
static_assert(authority_delimiters_are_the_simd_ones(), "skip_inside_authority() compares with these four bytes");

} // namespace detail

template <class Sink, bool Store>
class scanner {
public:
    static constexpr std::uint32_t npos = uri_view::npos;

    scanner(std::string_view input, parse_options const& options, Sink sink) noexcept
        : s_(reinterpret_cast<unsigned char const*>(input.data())), input_(input), syntax_(options.syntax),
          strict_(options.syntax == profile::strict), ftp_grammar_(options.syntax != profile::rfc3986),
          lenient_(options.syntax == profile::lenient),
          max_length_(options.max_length < max_length_cap ? options.max_length : max_length_cap), sink_(sink)
    {
    }

    // True when the input is valid; then view() describes it, else error() says why.
    bool run() noexcept
    {
        if (input_.empty()) return fail(diag_id::input_empty, component::input, 0, 0);
        if (input_.size() > max_length_) {
            std::size_t const excess = input_.size() - max_length_;
            return fail(diag_id::input_too_long, component::input, max_length_,
                        excess > npos ? npos : static_cast<std::uint32_t>(excess));
        }
        n_ = static_cast<std::uint32_t>(input_.size());
        if (lenient_ && !trim()) return false;
        if (!scan_scheme() || !scan_authority() || !scan_path()) return false;
        if constexpr (Store) fill_view();
        return true;
    }

    [[nodiscard]] uri_view const& view() const noexcept requires Store { return view_; }
    [[nodiscard]] diagnostic const& error() const noexcept { return error_; }
    [[nodiscard]] std::optional<diag_id> note() const noexcept
    {
        return has_note_ ? std::optional(note_) : std::nullopt;
    }

private:
    // ---- reporting ---------------------------------------------------------------------------

    void warn(diag_id id, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        if constexpr (Sink::collecting) {
            auto const bit = static_cast<unsigned>(id);
            std::uint64_t const mask = std::uint64_t{1} << (bit % 64);
            std::uint64_t& word = reported_[bit / 64];
            if ((word & mask) != 0) return; // once per URI: see docs/scanner.md
            word |= mask;
            sink_.list->push({id, severity::warning, where, offset + base_, length});
        }
    }

    // Records the error and returns false, so that a check reads `return fail(...)`.
    bool fail(diag_id id, component where, std::uint32_t offset, std::uint32_t length,
              std::optional<diag_id> note = std::nullopt) noexcept
    {
        error_ = {id, severity::error, where, offset + base_, length};
        has_note_ = note.has_value();
        note_ = note.value_or(id);
        return false;
    }

    // Safety rules that are errors in strict and warnings elsewhere.
    bool fail_if_strict(diag_id id, component where, std::uint32_t offset, std::uint32_t length) noexcept
    {
        if (strict_) return fail(id, where, offset, length);
        warn(id, where, offset, length);
        return true;
    }

    // WHATWG strips "C0 control or space" (U+0000 to U+0020) from both ends; DEL is not one.
    [[nodiscard]] bool only_space_or_controls_after(std::uint32_t q) const noexcept
    {
        for (std::uint32_t i = q + 1; i < n_; ++i)
            if (s_[i] > 0x20) return false;
        return true;
    }

    // The lenient profile reads the URI between its leading and trailing ASCII whitespace;
    // offsets stay offsets into the whole input. WHATWG parsers strip every C0 control there,
    // but a raw NUL or ESC stays an error here, as the safety rules say of raw controls.
    bool trim() noexcept
    {
        std::uint32_t begin = 0;
        std::uint32_t end = n_;
        auto const blank = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
        while (begin < end && blank(s_[begin]))
            ++begin;
        while (end > begin && blank(s_[end - 1]))
            --end;
        if (begin == end) return fail(diag_id::input_empty, component::input, 0, 0);
        if (begin == 0 && end == n_) return true;
        if (begin > 0) {
            warn(diag_id::input_trimmed, component::input, 0, begin);
        } else {
            warn(diag_id::input_trimmed, component::input, end, n_ - end);
        }
        s_ += begin;
        input_ = input_.substr(begin, end - begin);
        n_ = end - begin;
        base_ = begin;
        return true;
    }

    // The lenient profile's repairs of raw bytes: a space or a non-ASCII byte in the user,
    // password, path, query or fragment is taken as if percent-encoded, with a warning.
    bool tolerated(std::uint32_t q, component where) noexcept
    {
        unsigned char const c = s_[q];
        if (!lenient_ || where == component::host || where == component::port || where == component::scheme)
            return false;
        if (c == ' ') {
            warn(diag_id::char_space, where, q, 1);
            return true;
        }
        if (chars::non_ascii.contains(c)) {
            warn(diag_id::char_non_ascii, where, q, 1);
            return true;
        }
        return false;
    }

    // A byte that the component's rule excludes, reported by what it is (docs/scanner.md,
    // "Bad bytes"). Always returns false.
    [[gnu::cold, gnu::noinline]] bool bad_byte(std::uint32_t q, component where) noexcept
    {
        unsigned char const c = s_[q];
        bool const at_edge = q == 0 || only_space_or_controls_after(q);
        if (chars::control.contains(c)) {
            std::optional<diag_id> note;
            if (c == '\t' || c == '\n' || c == '\r') note = diag_id::interop_tab_newline;
            if (at_edge && c != 0x7F) note = diag_id::interop_edge_whitespace;
            return fail(diag_id::char_control, where, q, 1, note);
        }
        if (c == ' ') {
            return fail(diag_id::char_space, where, q, 1,
                        at_edge ? std::optional(diag_id::interop_edge_whitespace) : std::nullopt);
        }
        if (chars::non_ascii.contains(c)) return fail(diag_id::char_non_ascii, where, q, 1);
        if (chars::unsafe.contains(c)) {
            return fail(diag_id::char_unsafe, where, q, 1,
                        c == '\\' ? std::optional(diag_id::interop_backslash) : std::nullopt);
        }
        if (where == component::host) return fail(diag_id::host_invalid_char, where, q, 1);
        return fail(diag_id::char_not_allowed, where, q, 1);
    }

    // ---- pct-encoded -------------------------------------------------------------------------

    // pct-encoded = "%" HEXDIG HEXDIG
    // Checks the escape at q (s_[q] == '%') within [q, limit) and returns the decoded byte,
    // or -1 after fail().
    int scan_escape(std::uint32_t q, std::uint32_t limit, component where) noexcept
    {
        int const hi = q + 1 < limit ? hex_value(s_[q + 1]) : -1;
        int const lo = hi >= 0 && q + 2 < limit ? hex_value(s_[q + 2]) : -1;
        if (hi < 0 || lo < 0) [[unlikely]] {
            fail(diag_id::pct_malformed, where, q, hi < 0 ? 1 : 2);
            return -1;
        }
        auto const byte = static_cast<unsigned char>(hi * 16 + lo);
        if (chars::control.contains(byte)) [[unlikely]] { // in every component (PRODUCT.md "Safety rules")
            if (byte == 0 || byte == '\r' || byte == '\n') {
                fail(diag_id::pct_forbidden_control, where, q, 3);
                return -1;
            }
            if (!fail_if_strict(diag_id::pct_control, where, q, 3)) return -1;
        }
        if constexpr (Sink::collecting) {
            if (s_[q + 1] >= 'a' || s_[q + 2] >= 'a') warn(diag_id::pct_lowercase, where, q, 3);
            if (chars::unreserved.contains(byte)) warn(diag_id::pct_needless, where, q, 3);
        }
        return byte;
    }

    // ---- scheme ------------------------------------------------------------------------------

    // ftp-URI    = ftp-scheme ":" "//" authority ftp-path [ "#" fragment ]
    // ftp-scheme = "ftp"                  ; case-insensitive
    // scheme     = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    bool scan_scheme() noexcept
    {
        // Nearly every input begins so; its six bytes are then all there is to check here.
        if (n_ >= 6 && std::memcmp(s_, "ftp://", 6) == 0) return true;
        unsigned char const first = s_[0];
        if (first == ' ' || chars::control.contains(first)) return bad_byte(0, component::scheme);
        std::uint32_t end = 0;
        if (chars::alpha.contains(first)) {
            end = 1;
            while (end < n_ && chars::scheme_char.contains(s_[end]))
                ++end;
        }
        if (end == 0 || end == n_ || s_[end] != ':') return fail(diag_id::scheme_missing, component::scheme, 0, 0);
        bool const is_ftp =
            end == 3 && to_lower_ascii(s_[0]) == 'f' && to_lower_ascii(s_[1]) == 't' && to_lower_ascii(s_[2]) == 'p';
        if (!is_ftp) return fail(diag_id::scheme_not_ftp, component::scheme, 0, end);
        if (is_upper_ascii(s_[0]) || is_upper_ascii(s_[1]) || is_upper_ascii(s_[2]))
            warn(diag_id::scheme_uppercase, component::scheme, 0, 3);
        if (n_ < 6 || s_[4] != '/' || s_[5] != '/')
            return fail(diag_id::authority_missing, component::authority, 4, 0, diag_id::interop_scheme_slashes);
        return true;
    }

    // ---- authority ---------------------------------------------------------------------------

    // authority = [ user-pass "@" ] host [ ":" port ]
    bool scan_authority() noexcept
    {
#if defined(__SSE2__)
        if constexpr (!Sink::collecting) {
            // Most authorities are plain: warnings unwanted, a plain user, host and port.
            detail::plain_authority_parts plain{};
            if (ftp_grammar_ && detail::plain_authority(s_, n_, 6, plain)) { // after "ftp://"
                if (plain.has_user) {
                    user_begin_ = 6;
                    user_end_ = plain.user_end;
                }
                authority_end_ = plain.end;
                host_begin_ = plain.host_begin;
                host_end_ = plain.host_end;
                kind_ = plain.kind;
                if (plain.host_end < plain.end) {
                    port_begin_ = plain.host_end + 1;
                    port_end_ = plain.end;
                    port_number_ = plain.port;
                }
                return true;
            }
        }
#endif
        std::uint32_t const begin = 6;
        std::uint32_t end = begin;
        std::uint32_t first_at = npos;
        std::uint32_t second_at = npos;
        for (; end < n_; ++end) {
            end = skip_inside_authority(end);
            if (end == n_) break;
            std::uint8_t const kind = detail::authority_table[s_[end]];
            if (kind == detail::inside) [[likely]]
                continue;
            if (kind == detail::ends) break;
            if (first_at == npos) {
                first_at = end;
            } else if (second_at == npos) {
                second_at = end;
            }
        }
        authority_end_ = end;

        std::uint32_t host = begin;
        // [ user-pass "@" ]
        if (first_at != npos) {
            if (!scan_userinfo(begin, first_at)) return false;
            if (second_at != npos) {
                return fail(diag_id::userinfo_multiple_at, component::authority, first_at, 1,
                            diag_id::interop_multiple_at);
            }
            host = first_at + 1;
        }
        return scan_host(host, end) && scan_port(end);
    }

    // The first position from `q` on that holds "/", "?", "#" or "@" (authority_table's bytes
    // other than `inside`), sixteen bytes at a time where SSE2 is there; else `q` itself, for
    // the caller's byte-by-byte loop, or n_.
    [[nodiscard]] std::uint32_t skip_inside_authority(std::uint32_t q) const noexcept
    {
#if defined(__SSE2__)
        for (; q + 16 <= n_; q += 16) {
            __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(s_ + q));
            __m128i const delimiters = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('/')), _mm_cmpeq_epi8(x, _mm_set1_epi8('?'))),
                _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('#')), _mm_cmpeq_epi8(x, _mm_set1_epi8('@'))));
            auto const mask = static_cast<unsigned>(_mm_movemask_epi8(delimiters));
            if (mask != 0) return q + static_cast<std::uint32_t>(__builtin_ctz(mask));
        }
#endif
        return q;
    }

    // user-pass = user [ ":" password ]
    // user      = *usp-char
    // password  = *usp-char
    // usp-char  = unreserved / pct-encoded / sub-delims      ; no raw ":" or "@"
    // (rfc3986: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ), the password being
    //  everything after the first ":")
    bool scan_userinfo(std::uint32_t begin, std::uint32_t end) noexcept
    {
        user_begin_ = begin;
        std::uint32_t colon = npos;
        component where = component::user;
        utf8_checker utf8;
        std::uint32_t part_begin = begin;
        for (std::uint32_t q = begin; q < end;) {
            unsigned char const c = s_[q];
            // rfc3986 lets the password hold more ":"; strict wants them encoded.
            bool const plain = chars::usp_char.contains(c) || (c == ':' && colon != npos && !ftp_grammar_);
            if (plain) [[likely]] {
                if (!report_utf8(utf8, utf8.raw_byte(), where)) return false;
                ++q;
            } else if (c == '%') {
                int const byte = scan_escape(q, end, where);
                if (byte < 0 ||
                    !report_utf8(utf8, utf8.escaped_byte(static_cast<unsigned char>(byte), q, q + 3), where))
                    return false;
                q += 3;
            } else if (c == ':' && colon == npos) {
                if (!report_utf8(utf8, utf8.finish(), where)) return false;
                if (!utf8.ok()) warn(diag_id::pct_non_utf8, where, part_begin, q - part_begin);
                utf8 = {};
                colon = q;
                where = component::password;
                part_begin = ++q;
            } else if (c == ':' && lenient_) { // repaired as %3A
                warn(diag_id::userinfo_raw_colon, component::password, q, 1);
                if (!report_utf8(utf8, utf8.raw_byte(), where)) return false;
                ++q;
            } else if (c == ':') {
                return fail(diag_id::userinfo_raw_colon, component::password, q, 1);
            } else if (tolerated(q, where)) {
                if (!report_utf8(utf8, utf8.escaped_byte(c, q, q + 1), where)) return false;
                ++q;
            } else {
                return bad_byte(q, where);
            }
        }
        if (!report_utf8(utf8, utf8.finish(), where)) return false;
        if (!utf8.ok()) warn(diag_id::pct_non_utf8, where, part_begin, end - part_begin);

        user_end_ = colon == npos ? end : colon;
        if (colon != npos) {
            password_begin_ = colon + 1;
            password_end_ = end;
            warn(diag_id::userinfo_password, component::password, password_begin_, end - password_begin_);
        }
        if (user_end_ == user_begin_) {
            warn(diag_id::userinfo_empty_user, component::user, end, 1);
        } else if constexpr (Sink::collecting) {
            if (is_anonymous(input_.substr(user_begin_, user_end_ - user_begin_)))
                warn(diag_id::userinfo_anonymous, component::user, user_begin_, user_end_ - user_begin_);
        }
        return true;
    }

    // host = IP-literal / IPv4address / dns-name        (rfc3986: ... / reg-name)
    bool scan_host(std::uint32_t begin, std::uint32_t end) noexcept
    {
        host_begin_ = begin;
        if (begin < end && s_[begin] == '[') return scan_ip_literal(begin, end);

        // Find where the name ends (at ":" or the authority's end), checking its bytes.
        std::uint32_t q = begin;
        std::uint32_t first_escape = npos;
        std::uint32_t first_upper = npos;
        std::uint32_t first_non_ascii = npos;
        charset const& name_char = ftp_grammar_ ? dns_name_char : chars::reg_name_char;
        while (q < end && s_[q] != ':') {
            unsigned char const c = s_[q];
            if (name_char.contains(c)) [[likely]] {
                if (is_upper_ascii(c) && first_upper == npos) first_upper = q;
                ++q;
            } else if (c == '%') {
                if (scan_escape(q, end, component::host) < 0) return false;
                if (strict_) {
                    return fail(diag_id::host_percent_encoded, component::host, q, 3,
                                diag_id::interop_host_percent_encoded);
                }
                if (first_escape == npos) first_escape = q;
                q += 3;
            } else if (lenient_ && chars::non_ascii.contains(c)) {
                if (first_non_ascii == npos) first_non_ascii = q;
                ++q;
            } else if (chars::reg_name_char.contains(c)) { // ftp grammar: "_", "~" or a sub-delim
                return fail(diag_id::host_invalid_char, component::host, q, 1);
            } else {
                return bad_byte(q, component::host);
            }
        }
        host_end_ = q;
        std::uint32_t const length = q - begin;
        std::string_view const host = input_.substr(begin, length);

        if (length == 0) {
            kind_ = host_kind::reg_name;
            return fail_if_strict(diag_id::host_empty, component::host, begin, 0);
        }
        if (lenient_ && (first_escape != npos || first_non_ascii != npos))
            return scan_unicode_host(begin, host, first_escape);
        if (first_upper != npos) warn(diag_id::host_uppercase, component::host, first_upper, 1);
        if (first_escape != npos) warn(diag_id::interop_host_percent_encoded, component::host, first_escape, 3);

        // @constraint numeric-host, judged on the decoded host: "0x7f.0.0.%31" is 0x7f.0.0.1 to
        // every parser that decodes it (rfc3986; strict has no escapes in a host).
        if (ends_in_a_number(host)) {
            std::array<char, 16> decoded{};
            std::size_t const size = decode_small(host, decoded);
            if (size == 0 || !is_ipv4address(std::string_view(decoded.data(), size))) {
                kind_ = host_kind::reg_name;
                return fail_if_strict(diag_id::host_numeric_ambiguous, component::host, begin, length);
            }
            if (first_escape == npos) {
                kind_ = host_kind::ipv4;
                return true;
            }
        }
        std::optional<diagnostic> const dns_error = check_dns_name(host, begin);
        if (!dns_error) {
            kind_ = host_kind::dns_name;
            return check_a_labels(host, begin, false);
        }
        if (first_escape != npos && !check_host_utf8(begin, q)) return false;
        if (ftp_grammar_) return fail(dns_error->id, component::host, dns_error->offset, dns_error->length);
        kind_ = host_kind::reg_name;
        warn(diag_id::host_not_dns, component::host, begin, length);
        return true;
    }

    // lenient: a host with non-ASCII bytes or escapes is an internationalized name. It must
    // convert under UTS #46 (libidn2) to a valid DNS name; the canonical form holds the result.
    bool scan_unicode_host(std::uint32_t begin, std::string_view host, std::uint32_t first_escape) noexcept
    {
        auto const length = static_cast<std::uint32_t>(host.size());
        std::array<char, 256> ascii{};
        std::size_t const n = idna_to_ascii(host, ascii);
        if (n == 0) return fail(diag_id::host_idna_invalid, component::host, begin, length);
        std::string_view const converted(ascii.data(), n);
        // "%65xample.com" is only percent-encoded; "bücher" or "b%C3%BCcher" is Unicode.
        bool unicode = false;
        for (std::size_t i = 0; i < host.size(); ++i)
            unicode = unicode || chars::non_ascii.contains(host[i]) || escape_at(host, i) >= 0x80;
        if (unicode) {
            warn(diag_id::host_unicode, component::host, begin, length);
        } else {
            warn(diag_id::host_percent_encoded, component::host, first_escape, 3); // where strict points
        }
        // The converted host meets the rules an ASCII one meets, with the same severities, and
        // first the one the ASCII scan applies byte by byte: nothing but letters, digits, "-" and
        // ".". Decoding must not smuggle in a "@", "/", "#" or control ("good.example%40evil.1"
        // would otherwise canonicalize to a URI whose host is evil.1).
        for (char c : converted)
            if (!dns_name_char.contains(c)) return fail(diag_id::host_invalid_char, component::host, begin, length);
        if (ends_in_a_number(converted)) {
            if (is_ipv4address(converted)) { // "127.0.0.%31", fullwidth digits
                kind_ = host_kind::ipv4;
                return true;
            }
            kind_ = host_kind::reg_name;
            return fail_if_strict(diag_id::host_numeric_ambiguous, component::host, begin, length);
        }
        if (std::optional<diagnostic> const e = check_dns_name(converted, 0))
            return fail(e->id, component::host, begin, length);
        kind_ = host_kind::dns_name;
        return check_a_labels(converted, begin, true);
    }

    // @constraint punycode: every "xn--" label of a DNS name is an A-label (RFC 5890 2.3.2.1):
    // one that is not ("xn--a", "xn--zz") is rejected by WHATWG parsers and matches no name a
    // registry can hold, so it only serves to confuse. `name` starts at input offset `at`; a
    // converted (lenient) host is not the input's text, so the whole host is pointed at.
    bool check_a_labels(std::string_view name, std::uint32_t at, bool converted) noexcept
    {
        std::size_t label = 0;
        for (std::size_t q = 0; q <= name.size(); ++q) {
            if (q < name.size() && name[q] != '.') continue;
            std::string_view const text = name.substr(label, q - label);
            if (has_ace_prefix(text) && !is_a_label(text)) {
                auto const offset = converted ? at : at + static_cast<std::uint32_t>(label);
                auto const length = static_cast<std::uint32_t>(converted ? host_end_ - host_begin_ : text.size());
                if (!fail_if_strict(diag_id::host_punycode_invalid, component::host, offset, length)) return false;
            }
            label = q + 1;
        }
        return true;
    }

    // rfc3986: a reg-name's escapes decode to bytes that the look-alike rules judge too.
    bool check_host_utf8(std::uint32_t begin, std::uint32_t end) noexcept
    {
        utf8_checker utf8;
        for (std::uint32_t q = begin; q < end;) {
            if (s_[q] == '%') {
                auto const b = static_cast<unsigned char>(escape_at(input_, q));
                if (!report_utf8(utf8, utf8.escaped_byte(b, q, q + 3), component::host)) return false;
                q += 3;
            } else {
                if (!report_utf8(utf8, utf8.raw_byte(), component::host)) return false;
                ++q;
            }
        }
        return report_utf8(utf8, utf8.finish(), component::host);
    }

    // The characters of a dns-name: label = ALPHA / DIGIT / "-", separated by ".".
    static constexpr charset dns_name_char = chars::dns_label_char + '.';

    // dns-name = label *( "." label ) [ "." ]
    //   @constraint dns-label-length, dns-label-hyphen, dns-name-length (docs/grammar.abnf)
    // `name` (non-empty) starts at input offset `at`, for the diagnostic. In rfc3986 a failure
    // here only means "a reg-name, not a DNS name".
    [[nodiscard]] static std::optional<diagnostic> check_dns_name(std::string_view name, std::uint32_t at) noexcept
    {
        auto const error = [at](diag_id id, std::size_t offset, std::size_t length) {
            return diagnostic{id, severity::error, component::host, at + static_cast<std::uint32_t>(offset),
                              static_cast<std::uint32_t>(length)};
        };
        std::size_t const end = name.size();
        std::size_t const name_end = name[end - 1] == '.' && end > 1 ? end - 1 : end;
        std::size_t label = 0;
        for (std::size_t q = 0; q <= name_end; ++q) {
            if (q < name_end && name[q] != '.') {
                if (!chars::dns_label_char.contains(name[q])) return error(diag_id::host_invalid_char, q, 1);
                continue;
            }
            std::size_t const length = q - label;
            if (length == 0) return error(diag_id::host_empty_label, q < end ? q : label, q < end ? 1 : 0);
            if (length > 63) return error(diag_id::host_label_too_long, label, length);
            if (name[label] == '-') return error(diag_id::host_label_hyphen, label, 1);
            if (name[q - 1] == '-') return error(diag_id::host_label_hyphen, q - 1, 1);
            label = q + 1;
        }
        if (name_end > 253) return error(diag_id::host_too_long, 0, end);
        return std::nullopt;
    }

    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    bool scan_ip_literal(std::uint32_t begin, std::uint32_t end) noexcept
    {
        std::uint32_t close = begin + 1;
        while (close < end && s_[close] != ']')
            ++close;
        if (close == end) return fail(diag_id::host_ip_literal_unclosed, component::host, begin, end - begin);
        for (std::uint32_t q = begin + 1; q < close; ++q) {
            unsigned char const c = s_[q];
            if (c == ' ' || chars::control.contains(c) || chars::non_ascii.contains(c) || chars::unsafe.contains(c))
                return bad_byte(q, component::host);
        }
        std::uint32_t const length = close + 1 - begin;
        if (close > begin + 1 && to_lower_ascii(s_[begin + 1]) == 'v') {
            if (ftp_grammar_) return fail(diag_id::host_ipvfuture, component::host, begin, length);
            if (!is_ipvfuture(begin + 1, close))
                return fail(diag_id::host_ipvfuture_invalid, component::host, begin, length);
            kind_ = host_kind::ipvfuture;
        } else {
            for (std::uint32_t q = begin + 1; q < close; ++q)
                if (s_[q] == '%') return fail(diag_id::host_ipv6_zone_id, component::host, q, close - q);
            if (!is_ipv6address(begin + 1, close))
                return fail(diag_id::host_ipv6_invalid, component::host, begin, length);
            for (std::uint32_t q = begin + 1; q < close; ++q) {
                if (is_upper_ascii(s_[q])) {
                    warn(diag_id::host_uppercase, component::host, q, 1);
                    break;
                }
            }
            kind_ = host_kind::ipv6;
        }
        host_end_ = close + 1;
        if (host_end_ < end && s_[host_end_] != ':')
            return fail(diag_id::host_invalid_char, component::host, host_end_, 1);
        return true;
    }

    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    [[nodiscard]] bool is_ipvfuture(std::uint32_t begin, std::uint32_t end) const noexcept
    {
        std::uint32_t q = begin + 1;
        std::uint32_t const hex = q;
        while (q < end && chars::hexdig.contains(s_[q]))
            ++q;
        if (q == hex || q >= end || s_[q] != '.') return false;
        ++q;
        if (q == end) return false;
        for (; q < end; ++q)
            if (!chars::ipvfuture_char.contains(s_[q])) return false;
        return true;
    }

    // IPv6address =                            6( h16 ":" ) ls32
    //             /                       "::" 5( h16 ":" ) ls32
    //             / [               h16 ] "::" 4( h16 ":" ) ls32
    //             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    //             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    //             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
    //             / [ *4( h16 ":" ) h16 ] "::"              ls32
    //             / [ *5( h16 ":" ) h16 ] "::"              h16
    //             / [ *6( h16 ":" ) h16 ] "::"
    // h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
    // The nine alternatives say: eight 16-bit pieces, an IPv4address counting as two and only
    // last, or fewer around one "::" that stands for at least one piece.
    [[nodiscard]] bool is_ipv6address(std::uint32_t begin, std::uint32_t end) const noexcept
    {
        std::uint32_t q = begin;
        int pieces = 0;
        bool compressed = false;
        if (q + 1 < end && s_[q] == ':' && s_[q + 1] == ':') {
            compressed = true;
            q += 2;
        } else if (q < end && s_[q] == ':') {
            return false; // a lone leading ":"
        }
        while (q < end) {
            std::uint32_t const piece = q;
            while (q < end && q - piece < 5 && chars::hexdig.contains(s_[q]))
                ++q;
            std::uint32_t const digits = q - piece;
            if (q < end && s_[q] == '.') { // ls32 as an IPv4address: the last thing
                if (!is_ipv4address(input_.substr(piece, end - piece))) return false;
                pieces += 2;
                q = end;
                break;
            }
            if (digits == 0 || digits > 4) return false;
            ++pieces;
            if (q == end) break;
            if (s_[q] != ':') return false;
            ++q;
            if (q < end && s_[q] == ':') {
                if (compressed) return false; // a second "::"
                compressed = true;
                ++q;
            } else if (q == end) {
                return false; // a trailing single ":"
            }
        }
        return compressed ? pieces <= 7 : pieces == 8;
    }

    // port = *DIGIT                  ; value 1-65535 when present and non-empty
    bool scan_port(std::uint32_t end) noexcept
    {
        std::uint32_t const colon = host_end_;
        if (colon == end) return true; // scan_host stopped at ":" or the end
        port_begin_ = colon + 1;
        port_end_ = end;
        std::uint32_t value = 0;
        for (std::uint32_t q = port_begin_; q < end; ++q) {
            unsigned char const c = s_[q];
            if (!chars::digit.contains(c)) {
                if (c == ' ' || chars::control.contains(c) || chars::non_ascii.contains(c) || chars::unsafe.contains(c))
                    return bad_byte(q, component::port);
                return fail(diag_id::port_invalid, component::port, q, 1);
            }
            if (value <= 65535) value = value * 10 + static_cast<std::uint32_t>(c - '0');
        }
        std::uint32_t const length = end - port_begin_;
        if (length == 0) {
            warn(diag_id::port_empty, component::port, colon, 1);
            return true;
        }
        if (value == 0 || value > 65535) return fail(diag_id::port_out_of_range, component::port, port_begin_, length);
        port_number_ = static_cast<std::uint16_t>(value);
        if (length > 1 && s_[port_begin_] == '0')
            warn(diag_id::port_leading_zeros, component::port, port_begin_, length);
        if (value == 21) warn(diag_id::port_default, component::port, port_begin_, length);
        return true;
    }

    // ---- path, query, fragment ---------------------------------------------------------------

    // ftp-path    = [ 1*( "/" ftp-segment ) [ typecode-part ] ]
    // ftp-segment = *ftp-segment-char
    // (rfc3986: path-abempty = *( "/" segment ) [ "?" query ])
    bool scan_path() noexcept
    {
        std::uint32_t q = authority_end_;
        path_begin_ = q;
        path_end_ = q;
        if (q < n_ && s_[q] == '/') {
            if constexpr (!Sink::collecting) {
                // Most paths are plain: warnings unwanted, nothing to decode, no dot-segment.
                if (ftp_grammar_) {
                    // A typecode that ends the input ends a plain path too: the rest is checked.
                    detail::plain_path_parts plain{};
                    if (detail::plain_path_to_end(s_, q, n_, plain)) {
                        if (plain.typecode != '\0') {
                            typecode_begin_ = plain.name_end;
                            typecode_end_ = n_;
                            typecode_ = plain.typecode;
                        }
                        path_end_ = plain.name_end;
                        return true;
                    }
                }
            }
            auto const& table = ftp_grammar_ ? detail::ftp_segment_table : detail::segment_table;
            segment_ = {q + 1};
            ++q;
            for (;;) {
                while (q < n_ && table[s_[q]] == detail::plain)
                    ++q; // the hot loop
                if (q == n_) break;
                std::uint8_t const kind = table[s_[q]];
                if (kind == detail::slash) {
                    if (!end_segment(q, false)) return false;
                    segment_ = {++q};
                } else if (kind == detail::percent) {
                    if (!path_escape(q)) return false;
                    q += 3;
                } else if (kind == detail::semicolon) { // strict only: ";" is a pchar
                    if (!scan_typecode(q)) return false;
                    q = typecode_end_;
                    break;
                } else if (kind == detail::question || kind == detail::hash) {
                    break;
                } else if (tolerated(q, component::path)) {
                    if (!path_decoded_byte(s_[q], q, q + 1)) return false;
                    ++q;
                } else {
                    return bad_byte(q, component::path);
                }
            }
            std::uint32_t name_end = typecode_begin_ != npos ? typecode_begin_ : q;
            if (!ftp_grammar_) name_end = find_rfc3986_typecode(name_end);
            if (!end_segment(name_end, true)) return false;
            path_end_ = name_end;
        }
        return scan_query(q);
    }

    // A byte of the segment that decodes from [begin, end): an escape, or a lenient repair.
    bool path_decoded_byte(unsigned char b, std::uint32_t begin, std::uint32_t end) noexcept
    {
        // The path loop skips plain bytes without a look: one came in between if there is a gap.
        if (segment_.utf8.expects_continuation() && begin != segment_.escape_end &&
            !report_utf8(segment_.utf8, segment_.utf8.raw_byte(), component::path))
            return false;
        segment_.escape_end = end;
        return report_utf8(segment_.utf8, segment_.utf8.escaped_byte(b, begin, end), component::path);
    }

    bool path_escape(std::uint32_t q) noexcept
    {
        int const byte = scan_escape(q, n_, component::path);
        if (byte < 0) return false;
        auto const b = static_cast<unsigned char>(byte);
        if (!path_decoded_byte(b, q, q + 3)) return false;
        if (b == '/') {
            segment_.encoded_slash = true;
            warn(diag_id::path_encoded_slash, component::path, q, 3);
        } else if (b == '\\') {
            return fail_if_strict(diag_id::path_encoded_backslash, component::path, q, 3);
        }
        return true;
    }

    // A segment ends at `end`; judge it as a whole.
    bool end_segment(std::uint32_t end, bool last) noexcept
    {
        std::uint32_t const begin = segment_.begin;
        std::uint32_t const length = end - begin;
        bool const first = begin == path_begin_ + 1;
        if (length == 0 && !last) warn(diag_id::path_empty_segment, component::path, begin - 1, 1);
        if (!report_utf8(segment_.utf8, segment_.utf8.finish(), component::path)) return false;

        std::string_view const segment = input_.substr(begin, length);
        int const dots = dot_segment_length(segment);
        bool home = false;
        if (dots > 0) {
            warn(diag_id::path_dot_segment, component::path, begin, length);
            if (segment.find('%') != std::string_view::npos)
                warn(diag_id::interop_encoded_dot_segment, component::path, begin, length);
        } else if (length > 0 && (s_[begin] == '.' || s_[begin] == '%' || tolerated_space_at(begin))) {
            // @constraint dot-lookalike: Windows walks "..." and "..%20" as "..".
            if (is_dot_lookalike(segment) &&
                !fail_if_strict(diag_id::path_dot_lookalike, component::path, begin, length))
                return false;
        }
        if (length > 0 && (s_[begin] == '~' || s_[begin] == '%')) {
            home = is_home_segment(segment);
            // @constraint tilde-inside: only the first segment may name a home directory.
            if (home && !first && !fail_if_strict(diag_id::path_tilde_inside, component::path, begin, length))
                return false;
            if (home && first && !is_login_directory(segment))
                warn(diag_id::path_tilde_user, component::path, begin, length);
        }
        if (first && length >= 2 && length <= 6 && is_drive_letter(segment))
            warn(diag_id::path_drive_letter, component::path, begin, length);

        // @constraint dot-segment-depth, dot-after-empty: the walk of the default command plan
        // must not climb above the starting directory, nor part from RFC 3986's reading.
        directory_walk::step const walked = walk_.next(dots, length == 0, segment_.encoded_slash, home && first);
        if (walked.above_root) {
            // Outside strict both are warnings; in strict the one error is enough.
            if (walked.cancels_empty && !strict_) warn(diag_id::path_dot_after_empty, component::path, begin, length);
            if (!fail_if_strict(diag_id::path_above_root, component::path, begin, length)) return false;
        } else if (walked.cancels_empty &&
                   !fail_if_strict(diag_id::path_dot_after_empty, component::path, begin, length)) {
            return false;
        }

        // @constraint decoded-traversal: "..%2F..%2Fetc" is one segment to a URL normalizer and
        // three directories to the FTP server; "x%2Fy/.." cancels one segment for the one and
        // climbs one of two levels for the other.
        if ((segment_.encoded_slash && hides_dot_segment(begin, end)) || walked.cancels_slashed) {
            if (!fail_if_strict(diag_id::path_encoded_traversal, component::path, begin, length)) return false;
        }
        if (!segment_.utf8.ok()) warn(diag_id::pct_non_utf8, component::path, begin, length);
        return true;
    }

    // lenient: a raw space repaired as %20 decodes to a space like %20 does.
    [[nodiscard]] bool tolerated_space_at(std::uint32_t q) const noexcept
    {
        return lenient_ && s_[q] == ' ';
    }

    // A look-alike or line separator in a decoded component (PRODUCT.md "Look-alike
    // encodings"): an error in strict, a warning elsewhere.
    bool report_utf8(utf8_checker const& checker, utf8_finding found, component where) noexcept
    {
        if (found == utf8_finding::none) [[likely]]
            return true;
        diag_id const id = found == utf8_finding::look_alike ? diag_id::pct_overlong_utf8 : diag_id::pct_line_separator;
        return fail_if_strict(id, where, checker.finding_begin(), checker.finding_end() - checker.finding_begin());
    }

    // Splits a segment at its "%2F"s and asks whether a part is a dot-segment.
    [[nodiscard]] bool hides_dot_segment(std::uint32_t begin, std::uint32_t end) const noexcept
    {
        std::uint32_t part = begin;
        for (std::uint32_t q = begin; q <= end; ++q) {
            bool const slash = q + 2 < end && s_[q] == '%' && s_[q + 1] == '2' && to_lower_ascii(s_[q + 2]) == 'f';
            if (q == end || slash) {
                if (dot_segment_length(input_.substr(part, q - part)) > 0) return true;
                if (q == end) break;
                q += 2;
                part = q + 1;
            }
        }
        return false;
    }

    // typecode-part = ";type=" typecode        ; "type" case-insensitive, canonical lowercase
    // typecode      = "a" / "i" / "d"
    // Strict: called at every raw ";", which may only begin the typecode after the last segment.
    // lenient: draft-yevstifeyev's ";typecode=" is read as ";type=", with a warning.
    bool scan_typecode(std::uint32_t q) noexcept
    {
        std::uint32_t code = q + 6;
        if (!matches_lowercase(input_, q, ";type=")) {
            if (!matches_lowercase(input_, q, ";typecode="))
                return fail(diag_id::path_raw_semicolon, component::path, q, 1);
            if (!lenient_) return fail(diag_id::typecode_misspelled, component::typecode, q, 10);
            code = q + 10; // warned about below, once it is known to be the typecode
        }
        if (code == n_) return fail(diag_id::typecode_invalid, component::typecode, code, 0);
        unsigned char const letter = to_lower_ascii(s_[code]);
        if (letter != 'a' && letter != 'i' && letter != 'd')
            return fail(diag_id::typecode_invalid, component::typecode, code, 1);
        std::uint32_t const after = code + 1;
        if (after < n_ && s_[after] != '?' && s_[after] != '#') {
            // @constraint typecode-last: the typecode ends the path.
            if (s_[after] == '/') return fail(diag_id::path_raw_semicolon, component::path, q, 1);
            std::uint32_t seg_end = after;
            while (seg_end < n_ && s_[seg_end] != '/' && s_[seg_end] != '?' && s_[seg_end] != '#')
                ++seg_end;
            return fail(diag_id::typecode_invalid, component::typecode, code, seg_end - code);
        }
        if (code == q + 10) warn(diag_id::typecode_misspelled, component::typecode, q, 10);
        typecode_begin_ = q;
        typecode_end_ = after;
        typecode_ = static_cast<char>(letter);
        for (std::uint32_t i = q; i < after; ++i) {
            if (is_upper_ascii(s_[i])) {
                warn(diag_id::typecode_uppercase, component::typecode, q, after - q);
                break;
            }
        }
        return true;
    }

    // rfc3986: ";" is a pchar, so a typecode is only what ends the last segment.
    [[nodiscard]] std::uint32_t find_rfc3986_typecode(std::uint32_t end) noexcept
    {
        std::uint32_t const begin = segment_.begin;
        if (char const letter = trailing_typecode(input_.substr(begin, end - begin)); letter != '\0') {
            typecode_begin_ = end - 7;
            typecode_end_ = end;
            typecode_ = letter;
            for (std::uint32_t i = end - 7; i < end; ++i) {
                if (is_upper_ascii(s_[i])) {
                    warn(diag_id::typecode_uppercase, component::typecode, end - 7, 7);
                    break;
                }
            }
            return end - 7;
        }
        for (std::uint32_t i = begin; i + 10 <= end; ++i) {
            if (s_[i] == ';' && matches_lowercase(input_, i, ";typecode=")) {
                warn(diag_id::typecode_misspelled, component::typecode, i, 10);
                break;
            }
        }
        return end;
    }

    // [ "?" query ] [ "#" fragment ]     query = fragment = *( pchar / "/" / "?" )
    // Strict: ftp URIs have no query.
    bool scan_query(std::uint32_t q) noexcept
    {
        if (q < n_ && s_[q] == '?') {
            std::uint32_t end = q + 1;
            while (end < n_ && s_[end] != '#')
                ++end;
            if (ftp_grammar_) return fail(diag_id::query_present, component::query, q, end - q);
            warn(diag_id::query_present, component::query, q, end - q);
            if (!scan_fragment_chars(q + 1, end, component::query)) return false;
            query_begin_ = q + 1;
            query_end_ = end;
            q = end;
        }
        if (q < n_) { // s_[q] == '#': nothing else ends a path or query
            warn(diag_id::fragment_present, component::fragment, q, n_ - q);
            if (!scan_fragment_chars(q + 1, n_, component::fragment)) return false;
            fragment_begin_ = q + 1;
        }
        return true;
    }

    // The query and the fragment are never sent as such, but a client may send the query as
    // part of the file name and a service may log the decoded fragment: the safety rules on
    // decoded bytes hold here as everywhere.
    bool scan_fragment_chars(std::uint32_t begin, std::uint32_t end, component where) noexcept
    {
        utf8_checker utf8;
        for (std::uint32_t q = begin; q < end;) {
            unsigned char const c = s_[q];
            if (c == '%') { // not a fragment_char: pchar has escapes, not a raw "%"
                int const byte = scan_escape(q, end, where);
                if (byte < 0 ||
                    !report_utf8(utf8, utf8.escaped_byte(static_cast<unsigned char>(byte), q, q + 3), where))
                    return false;
                q += 3;
            } else if (chars::fragment_char.contains(c)) [[likely]] {
                if (!report_utf8(utf8, utf8.raw_byte(), where)) return false;
                ++q;
            } else if (tolerated(q, where)) {
                if (!report_utf8(utf8, utf8.escaped_byte(c, q, q + 1), where)) return false;
                ++q;
            } else {
                return bad_byte(q, where);
            }
        }
        return report_utf8(utf8, utf8.finish(), where);
    }

    void fill_view() noexcept
    {
        view_.data_ = input_.data();
        view_.size_ = n_;
        view_.user_begin_ = user_begin_;
        view_.user_end_ = user_end_;
        view_.password_begin_ = password_begin_;
        view_.password_end_ = password_end_;
        view_.host_begin_ = host_begin_;
        view_.host_end_ = host_end_;
        view_.port_begin_ = port_begin_;
        view_.port_end_ = port_end_;
        view_.path_begin_ = path_begin_;
        view_.path_end_ = path_end_;
        view_.typecode_begin_ = typecode_begin_;
        view_.typecode_end_ = typecode_end_;
        view_.syntax_ = syntax_;
        view_.query_begin_ = query_begin_;
        view_.query_end_ = query_end_;
        view_.fragment_begin_ = fragment_begin_;
        view_.port_number_ = port_number_;
        view_.kind_ = kind_;
        view_.typecode_ = typecode_;
    }

    // The segment being scanned.
    struct segment_state {
        std::uint32_t begin = 0;
        std::uint32_t escape_end = npos; // where the last escape ended (UTF-8 sequences)
        bool encoded_slash = false;
        utf8_checker utf8{};
    };

    unsigned char const* s_;
    std::string_view input_;
    std::uint32_t n_ = 0;
    profile syntax_;
    bool strict_;            // safety rules are errors (else warnings)
    bool ftp_grammar_;       // the ftp grammar of docs/grammar.abnf (strict, lenient), not RFC 3986's
    bool lenient_;           // repairs are warnings
    std::uint32_t base_ = 0; // bytes the lenient profile trimmed off the front
    std::uint32_t max_length_;
    Sink sink_;
    std::array<std::uint64_t, 2> reported_{};
    static_assert(diag_catalogue.size() <= 128, "reported_ holds one bit per diag_id");

    std::uint32_t authority_end_ = 0;
    std::uint32_t user_begin_ = npos, user_end_ = npos;
    std::uint32_t password_begin_ = npos, password_end_ = npos;
    std::uint32_t host_begin_ = 0, host_end_ = 0;
    std::uint32_t port_begin_ = npos, port_end_ = npos;
    std::uint32_t path_begin_ = 0, path_end_ = 0;
    std::uint32_t typecode_begin_ = npos, typecode_end_ = npos;
    std::uint32_t query_begin_ = npos, query_end_ = npos;
    std::uint32_t fragment_begin_ = npos;
    directory_walk walk_{};
    std::uint16_t port_number_ = 0;
    host_kind kind_ = host_kind::dns_name;
    char typecode_ = '\0';
    segment_state segment_{};

    diagnostic error_{};
    diag_id note_{}; // not std::optional: GCC 12 -O2 warns maybe-uninitialized on it
    bool has_note_ = false;
    // validate() keeps no view: not even its construction is paid for.
    struct no_view {};
    [[no_unique_address]] std::conditional_t<Store, uri_view, no_view> view_{};
};

} // namespace ftpuri
