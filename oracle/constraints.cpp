// SPDX-License-Identifier: Apache-2.0
// oracle/constraints.cpp: the named constraints of docs/grammar.abnf, one function each, written
// from their texts, and the errors they require of an input.
#include "oracle.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"

#include <idn2.h>

namespace ftpuri_oracle {

using ftpuri::diag_id;
using ftpuri::profile;

namespace {

// The constraints implemented here, by their names in docs/grammar.abnf.
constexpr std::array<std::string_view, 17> constraint_names = {
    "port-range",        "dns-label-length", "dns-name-length", "dns-label-hyphen", "numeric-host",     "punycode",
    "dot-segment-depth", "dot-after-empty",  "tilde-inside",    "dot-lookalike",    "decoded-control",  "decoded-utf8",
    "decoded-traversal", "typecode-last",    "length-limit",    "telnet-iac",       "dot-before-empty",
};

bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}
bool is_hexdig(char c)
{
    return is_digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}
int hex(char c)
{
    return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
}
bool is_escape_of(std::string_view s, std::size_t i, unsigned char byte)
{
    return i + 2 < s.size() && s[i] == '%' && is_hexdig(s[i + 1]) && is_hexdig(s[i + 2]) &&
           hex(s[i + 1]) * 16 + hex(s[i + 2]) == byte;
}
void require(id_set& out, diag_id id)
{
    out.set(static_cast<std::size_t>(id));
}

// @constraint port-range: port value 1-65535 when non-empty (decimal; leading zeros allowed).
void port_range(std::optional<std::string_view> port, id_set& out)
{
    if (!port || port->empty()) return;
    std::string_view digits = *port;
    while (digits.size() > 1 && digits.front() == '0')
        digits.remove_prefix(1);
    unsigned long value = 0;
    if (digits.size() <= 5)
        for (char c : digits)
            value = value * 10 + static_cast<unsigned long>(c - '0');
    if (digits.size() > 5 || value < 1 || value > 65535) require(out, diag_id::port_out_of_range);
}

// The labels of a dns-name, one trailing "." (the root) left out.
template <class F>
void for_each_label(std::string_view name, F f)
{
    if (!name.empty() && name.back() == '.') name.remove_suffix(1);
    std::size_t begin = 0;
    for (std::size_t q = 0; q <= name.size(); ++q) {
        if (q == name.size() || name[q] == '.') {
            f(name.substr(begin, q - begin));
            begin = q + 1;
        }
    }
}

// @constraint dns-label-length: every label of a dns-name is 1-63 octets. (The grammar's label
// = 1*( ... ) already says "at least 1": only the upper bound is left to check.)
void dns_label_length(std::string_view name, id_set& out)
{
    for_each_label(name, [&](std::string_view label) {
        if (label.size() > 63) require(out, diag_id::host_label_too_long);
    });
}

// @constraint dns-name-length: at most 253 octets, a trailing "." not counted.
void dns_name_length(std::string_view name, id_set& out)
{
    std::size_t const n = !name.empty() && name.back() == '.' ? name.size() - 1 : name.size();
    if (n > 253) require(out, diag_id::host_too_long);
}

// @constraint dns-label-hyphen: a label neither begins nor ends with "-".
void dns_label_hyphen(std::string_view name, id_set& out)
{
    for_each_label(name, [&](std::string_view label) {
        if (!label.empty() && (label.front() == '-' || label.back() == '-')) require(out, diag_id::host_label_hyphen);
    });
}

// @constraint numeric-host: when the last label (a trailing "." ignored) is all DIGIT, or "0x"
// followed by HEXDIG only, the whole host must be an IPv4address (no trailing ".").
// "0x" with no HEXDIG counts as numeric: WHATWG parsers read it as the number 0.
void numeric_host(std::string_view host, oracle const& ipv4address, id_set& out)
{
    std::string_view name = host;
    if (!name.empty() && name.back() == '.') name.remove_suffix(1);
    std::size_t const dot = name.rfind('.');
    std::string_view const last = dot == std::string_view::npos ? name : name.substr(dot + 1);
    if (last.empty()) return;
    bool all_digits = true;
    for (char c : last)
        all_digits = all_digits && is_digit(c);
    bool hex_number = last.size() >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X');
    for (std::size_t i = 2; hex_number && i < last.size(); ++i)
        hex_number = is_hexdig(last[i]);
    if ((all_digits || hex_number) && !ipv4address.matches(host)) require(out, diag_id::host_numeric_ambiguous);
}

// @constraint decoded-control: pct-encoded octets of user, password, host and path that decode
// to NUL, CR or LF (every profile), or to another C0 control or DEL (strict).
void decoded_control(std::optional<std::string_view> part, bool strict, id_set& out)
{
    if (!part) return;
    std::string_view const s = *part;
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        if (s[i] != '%' || !is_hexdig(s[i + 1]) || !is_hexdig(s[i + 2])) continue;
        int const byte = hex(s[i + 1]) * 16 + hex(s[i + 2]);
        if (byte == 0x00 || byte == 0x0A || byte == 0x0D) {
            require(out, diag_id::pct_forbidden_control);
        } else if (strict && (byte < 0x20 || byte == 0x7F)) {
            require(out, diag_id::pct_control);
        }
    }
}

// "." or "..", each dot written as "." or %2E (either case): 1 or 2, else 0.
int dot_segment(std::string_view s)
{
    int dots = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '.') {
            i += 1;
        } else if (i + 2 < s.size() && s[i] == '%' && s[i + 1] == '2' && (s[i + 2] == 'e' || s[i + 2] == 'E')) {
            i += 3;
        } else {
            return 0;
        }
        if (++dots > 2) return 0;
    }
    return dots;
}

// The segments of a strict ftp-path: after each "/", up to the typecode-part (its ";").
template <class F>
void for_each_segment(std::string_view path, F f)
{
    path = path.substr(0, path.find(';'));
    if (path.empty()) return;
    std::size_t begin = 1; // path[0] == '/'
    for (std::size_t q = 1; q <= path.size(); ++q) {
        if (q == path.size() || path[q] == '/') {
            f(path.substr(begin, q - begin));
            begin = q + 1;
        }
    }
}

// The bytes a segment decodes to (escapes well-formed: the regex matched).
std::string decoded(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && is_hexdig(s[i + 1]) && is_hexdig(s[i + 2])) {
            out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// @constraint dot-segment-depth: walked as the default command plan walks it, a segment other
// than ".", ".." and empty goes one level down; "." and empty ones stay; ".." goes one up; a
// first segment that begins with "~" is a home directory where the depth starts at 0. A ".."
// at depth 0 climbs above the starting directory.
void dot_segment_depth(std::string_view path, id_set& out)
{
    long depth = 0;
    bool first = true;
    for_each_segment(path, [&](std::string_view segment) {
        std::string const d = decoded(segment);
        if (d == "..") {
            if (depth == 0)
                require(out, diag_id::path_above_root);
            else
                --depth;
        } else if (!d.empty() && d != "." && !(first && d[0] == '~')) {
            ++depth;
        }
        first = false;
    });
}

// @constraint dot-after-empty: RFC 3986 5.2.4 run on the decoded segments as a list: each ".."
// removes the last segment kept ("." never kept); when that segment is empty, the ".." cancels
// a null CWD.
void dot_after_empty(std::string_view path, id_set& out)
{
    std::vector<std::string> kept;
    for_each_segment(path, [&](std::string_view segment) {
        std::string const d = decoded(segment);
        if (d == ".") return;
        if (d == "..") {
            if (kept.empty()) return;
            if (kept.back().empty()) require(out, diag_id::path_dot_after_empty);
            kept.pop_back();
            return;
        }
        kept.push_back(d);
    });
}

// @constraint tilde-inside: a decoded segment that begins with "~", other than the first.
void tilde_inside(std::string_view path, id_set& out)
{
    bool first = true;
    for_each_segment(path, [&](std::string_view segment) {
        std::string const d = decoded(segment);
        if (!first && !d.empty() && d[0] == '~') require(out, diag_id::path_tilde_inside);
        first = false;
    });
}

// @constraint dot-lookalike: a decoded segment of "." or ".." followed by one or more "." or " ".
void dot_lookalike(std::string_view path, id_set& out)
{
    for_each_segment(path, [&](std::string_view segment) {
        std::string const d = decoded(segment);
        bool const dots_and_spaces = d.size() >= 2 && d[0] == '.' && d.find_first_not_of(". ") == std::string::npos;
        if (dots_and_spaces && d != "..") require(out, diag_id::path_dot_lookalike);
    });
}

// @constraint decoded-traversal: a segment holding %2F whose parts (split at each %2F) include
// a "." or ".." dot-segment or a look-alike of one, or that a ".." cancels; a %5C in a segment.
void decoded_traversal(std::string_view path, id_set& out)
{
    for_each_segment(path, [&](std::string_view segment) {
        std::size_t part = 0;
        bool slash = false;
        bool dot_part = false;
        for (std::size_t i = 0; i <= segment.size(); ++i) {
            bool const at_slash = i < segment.size() && (is_escape_of(segment, i, '/'));
            if (i == segment.size() || at_slash) {
                std::string const d = decoded(segment.substr(part, i - part));
                bool const lookalike = d.size() >= 2 && d[0] == '.' && d.find_first_not_of(". ") == std::string::npos;
                dot_part = dot_part || dot_segment(segment.substr(part, i - part)) > 0 || lookalike;
                if (at_slash) {
                    slash = true;
                    i += 2;
                    part = i + 1;
                }
            }
            if (i < segment.size() && is_escape_of(segment, i, '\\')) require(out, diag_id::path_encoded_backslash);
        }
        if (slash && dot_part) require(out, diag_id::path_encoded_traversal);
    });
    // And a ".." that, in RFC 3986 5.2.4 on the decoded segments, removes one holding a "/".
    std::vector<std::string> kept;
    for_each_segment(path, [&](std::string_view segment) {
        std::string const d = decoded(segment);
        if (d == ".") return;
        if (d != "..") {
            kept.push_back(d);
        } else if (!kept.empty()) {
            if (kept.back().find('/') != std::string::npos) require(out, diag_id::path_encoded_traversal);
            kept.pop_back();
        }
    });
}

// @constraint telnet-iac: a pct-encoded octet of the user, password or path that decodes to 0xFF.
void telnet_iac(std::optional<std::string_view> part, id_set& out)
{
    if (!part) return;
    for (std::size_t i = 0; i < part->size(); ++i)
        if (is_escape_of(*part, i, 0xFF)) require(out, diag_id::pct_telnet_iac);
}

// @constraint dot-before-empty: RFC 3986 5.2.4 on the decoded segments as a list; an empty
// segment kept first (second after a first "~") that is neither the last segment nor the one
// that stood there in the input.
void dot_before_empty(std::string_view path, id_set& out)
{
    std::vector<std::string> segments;
    for_each_segment(path, [&](std::string_view segment) { segments.push_back(decoded(segment)); });
    bool const login = !segments.empty() && segments.front() == "~";
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        std::string const& d = segments[i];
        if (d == ".") continue;
        if (d == "..") {
            if (!kept.empty()) kept.pop_back();
            continue;
        }
        bool const directory = i + 1 < segments.size();
        if (d.empty() && directory && ((kept.empty() && i != 0) || (login && kept.size() == 1 && i != 1)))
            require(out, diag_id::path_dot_before_empty);
        kept.push_back(d);
    }
}

// @constraint decoded-utf8: the decoded bytes of a component, read as UTF-8 sequences (a lead
// byte C0-FF and the continuation bytes 80-BF after it, as many as it announces), hold no
// sequence that is overlong, a surrogate (U+D800-DFFF) or above U+10FFFF, cut short or not,
// and no U+0085, U+2028 or U+2029. Decoded here into code points by the textbook arithmetic,
// not by ranges of the lead byte.
void decoded_utf8(std::optional<std::string_view> part, id_set& out)
{
    if (!part) return;
    std::string const d = decoded(*part);
    for (std::size_t i = 0; i < d.size();) {
        auto const lead = static_cast<unsigned char>(d[i]);
        std::size_t const need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
        if (lead < 0xC0 || need == 0) {
            ++i;
            continue;
        }
        unsigned long cp = lead & (0x3FU >> need);
        std::size_t got = 0;
        while (got < need && i + 1 + got < d.size() && (static_cast<unsigned char>(d[i + 1 + got]) & 0xC0U) == 0x80U) {
            cp = (cp << 6U) | (static_cast<unsigned char>(d[i + 1 + got]) & 0x3FU);
            ++got;
        }
        if (got > 0) {
            // The smallest value each length could hold, with the bits seen so far.
            unsigned long const shift = 6 * (need - got);
            unsigned long const min = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000;
            unsigned long const low = cp << shift;                 // the rest all zero
            unsigned long const high = low | ((1UL << shift) - 1); // the rest all ones
            bool const overlong = high < min;
            bool const surrogate = need == 2 && low >= 0xD800 && high <= 0xDFFF;
            bool const above = low > 0x10FFFF;
            if (overlong || surrogate || above || lead >= 0xF8) require(out, diag_id::pct_overlong_utf8);
            if (got == need && (cp == 0x85 || cp == 0x2028 || cp == 0x2029)) require(out, diag_id::pct_line_separator);
        }
        i += 1 + got;
    }
}

// @constraint punycode: a label of a dns-name that begins "xn--" (any case) must be an A-label:
// libidn2 decodes it to Unicode and encodes that back under IDNA2008, and the result is the
// label again (case aside). The scanner asks libidn2 otherwise (one lookup with its round trip).
void punycode(std::string_view name, id_set& out)
{
    for_each_label(name, [&](std::string_view label) {
        if (label.size() < 4 || (label[0] | 0x20) != 'x' || (label[1] | 0x20) != 'n' || label[2] != '-' ||
            label[3] != '-')
            return;
        std::string lower(label);
        for (char& c : lower)
            c = static_cast<char>(c >= 'A' && c <= 'Z' ? c | 0x20 : c);
        char* unicode = nullptr;
        char* again = nullptr;
        bool valid = idn2_to_unicode_8z8z(lower.c_str(), &unicode, 0) == IDN2_OK && unicode != nullptr &&
                     *unicode != '\0' && idn2_to_ascii_8z(unicode, &again, IDN2_NO_TR46 | IDN2_NFC_INPUT) == IDN2_OK &&
                     again != nullptr;
        valid = valid && lower == again;
        idn2_free(unicode);
        idn2_free(again);
        if (!valid) require(out, diag_id::host_punycode_invalid);
    });
}

} // namespace

std::span<std::string_view const> implemented_constraints() noexcept
{
    return constraint_names;
}

id_set required_errors(std::string_view input, profile p, oracle::parts const& parts, oracle const& ipv4address,
                       std::uint32_t max_length)
{
    id_set out;
    bool const strict = p == profile::strict;
    // @constraint length-limit
    if (input.size() > max_length) require(out, diag_id::input_too_long);
    port_range(parts.port, out);
    if (strict && parts.host && !parts.host->empty() && parts.host->front() != '[' &&
        !ipv4address.matches(*parts.host)) {
        numeric_host(*parts.host, ipv4address, out);
        dns_label_length(*parts.host, out);
        dns_name_length(*parts.host, out);
        dns_label_hyphen(*parts.host, out);
    }
    bool const dns_shaped = parts.host && !parts.host->empty() && parts.host->front() != '[' &&
                            parts.host->find('%') == std::string_view::npos;
    if (strict && dns_shaped) punycode(*parts.host, out);
    // rfc3986: numeric-host is a warning there, even behind an escape ("0x7f.0.0.%31").
    // numeric-host, punycode, decoded-utf8 and the path's constraints but typecode-last are
    // warnings in rfc3986, and so is decoded-control for the controls other than NUL, CR and LF.
    decoded_control(parts.user, strict, out);
    decoded_control(parts.password, strict, out);
    decoded_control(parts.userinfo, strict, out);
    decoded_control(parts.host, strict, out);
    decoded_control(parts.path, strict, out);
    decoded_control(parts.query, strict, out);
    decoded_control(parts.fragment, strict, out);
    if (strict) {
        for (auto const& part : {parts.user, parts.password, parts.host, parts.path, parts.fragment})
            decoded_utf8(part, out);
        for (auto const& part : {parts.user, parts.password, parts.path})
            telnet_iac(part, out);
    }
    if (strict && parts.path) {
        dot_segment_depth(*parts.path, out);
        dot_after_empty(*parts.path, out);
        dot_before_empty(*parts.path, out);
        tilde_inside(*parts.path, out);
        dot_lookalike(*parts.path, out);
        decoded_traversal(*parts.path, out);
    }
    // typecode-last: in strict the grammar itself places the typecode (path.raw-semicolon is
    // "syntax"); in rfc3986 it only decides what the typecode is, never the verdict.
    return out;
}

} // namespace ftpuri_oracle
