// SPDX-License-Identifier: Apache-2.0
// ftpuri/pct.hpp: percent-encoding and -decoding into a caller's buffer (RFC 3986 2.1).
//
//     char buf[64];
//     auto const n = ftpuri::percent_encode_into("a b;c", ftpuri::encode_set::ftp_segment, buf);
//     // std::string_view(buf, n.size) == "a%20b%3Bc"
//
// Encoding escapes every byte outside the named set of docs/grammar.abnf, and always '%', with
// uppercase hex digits (RFC 3986 2.1's normal form); percent_encode_size_bound() says beforehand
// how many bytes that takes. Decoding reports a malformed escape with its offset. Neither allocates;
// the std::string overloads at the end are for callers off the hot path.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "ftpuri/export.h"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

// percent_decode_into's answer: invalid is a '%' not followed by two hex digits, at `offset`
// in the input, and `size` counts the bytes decoded before it.
struct percent_decode_result : write_result {
    std::uint32_t offset = 0; // offset of the malformed '%' in the input
};

// Decoding never grows a string, so in.size() bytes always suffice.
[[nodiscard]] constexpr std::size_t percent_decode_size_bound(std::string_view in) noexcept
{
    return in.size();
}

// Former names, kept until 1.0. decode_status::malformed_escape is now write_status::invalid.
using decode_status = write_status;
using decode_result = percent_decode_result;
[[nodiscard]] constexpr std::size_t decoded_size_bound(std::string_view in) noexcept
{
    return percent_decode_size_bound(in);
}

// Decodes every %XX of `in` into `out`; other bytes are copied as they are.
[[nodiscard]] FTPURI_API percent_decode_result percent_decode_into(std::string_view in, std::span<char> out) noexcept;

// The sets a component may hold unencoded, named after their ABNF rules.
enum class encode_set : std::uint8_t {
    usp_char,    // user and password: unreserved / sub-delims
    ftp_segment, // a path segment: ftp-segment-char (pchar without ";")
    pchar,       // an RFC 3986 segment: pchar
    fragment,    // fragment (and query): pchar / "/" / "?"
    reg_name,    // reg-name: unreserved / sub-delims
    unreserved,  // unreserved only: the most conservative
};

// The set's name, its ABNF rule's ("ftp-segment"), and back.
[[nodiscard]] FTPURI_API std::string_view to_string(encode_set set) noexcept;
[[nodiscard]] FTPURI_API std::optional<encode_set> encode_set_from_string(std::string_view name) noexcept;

// The characters `set` leaves as they are.
[[nodiscard]] constexpr charset const& allowed(encode_set set) noexcept
{
    switch (set) {
    case encode_set::usp_char: return chars::usp_char;
    case encode_set::ftp_segment: return chars::ftp_segment_char;
    case encode_set::pchar: return chars::pchar;
    case encode_set::fragment: return chars::fragment_char;
    case encode_set::reg_name: return chars::reg_name_char;
    case encode_set::unreserved: return chars::unreserved;
    }
    return chars::unreserved;
}

// The exact size percent_encode_into(in, set, ...) writes.
[[nodiscard]] constexpr std::size_t percent_encode_size_bound(std::string_view in, encode_set set) noexcept
{
    charset const& keep = allowed(set);
    std::size_t n = in.size();
    for (char c : in)
        n += keep.contains(c) ? 0U : 2U;
    return n;
}

// Former names, kept until 1.0. encode_result's `bool ok` is now its status.
[[nodiscard]] constexpr std::size_t percent_encoded_size(std::string_view in, encode_set set) noexcept
{
    return percent_encode_size_bound(in, set);
}
using encode_result = write_result;

// Never invalid: every byte has an escape.
[[nodiscard]] FTPURI_API write_result percent_encode_into(std::string_view in, encode_set set,
                                                          std::span<char> out) noexcept;

// Convenience for callers off the hot path; these allocate.
[[nodiscard]] FTPURI_API std::string percent_encode(std::string_view in, encode_set set);
// The decoded bytes, or the status and offset of the first malformed escape in `result`.
[[nodiscard]] FTPURI_API std::string percent_decode(std::string_view in, percent_decode_result* result = nullptr);

namespace detail {
// hex_value()'s answers as a table: a lookup costs no branch, and which of digit, upper or
// lower case an escape's digits are is not something a processor can predict.
inline constexpr auto hex_values = [] {
    std::array<signed char, 256> t{};
    for (unsigned c = 0; c < 256; ++c) {
        int v = -1;
        if (c >= '0' && c <= '9') v = static_cast<int>(c - '0');
        if (c >= 'A' && c <= 'F') v = static_cast<int>(c - 'A' + 10);
        if (c >= 'a' && c <= 'f') v = static_cast<int>(c - 'a' + 10);
        t[c] = static_cast<signed char>(v);
    }
    return t;
}();
} // namespace detail

// The value of a hex digit, or -1.
[[nodiscard]] constexpr int hex_value(unsigned char c) noexcept
{
    return detail::hex_values[c];
}

// The decoded bytes of percent-encoded text, read as they are iterated: no buffer, no
// allocation. A '%' not followed by two hex digits stands for itself (a parsed view holds none).
// literal() wraps bytes that are not encoded at all, so that one type carries both kinds of
// command argument (ftpuri/plan.hpp).
class decoded_view {
public:
    class iterator {
    public:
        using value_type = char;
        using difference_type = std::ptrdiff_t;
        using iterator_category = std::forward_iterator_tag;

        constexpr iterator() noexcept = default;
        [[nodiscard]] constexpr char operator*() const noexcept
        {
            return escape() ? static_cast<char>(hex_value(byte(i_ + 1)) * 16 + hex_value(byte(i_ + 2))) : text_[i_];
        }
        constexpr iterator& operator++() noexcept
        {
            i_ += escape() ? 3U : 1U;
            return *this;
        }
        constexpr iterator operator++(int) noexcept
        {
            iterator old = *this;
            ++*this;
            return old;
        }
        friend constexpr bool operator==(iterator const& a, iterator const& b) noexcept { return a.i_ == b.i_; }

    private:
        friend class decoded_view;
        constexpr iterator(std::string_view text, std::size_t i, bool encoded) noexcept
            : text_(text), i_(i), encoded_(encoded)
        {
        }
        [[nodiscard]] constexpr unsigned char byte(std::size_t at) const noexcept
        {
            return static_cast<unsigned char>(text_[at]);
        }
        [[nodiscard]] constexpr bool escape() const noexcept
        {
            return encoded_ && text_[i_] == '%' && i_ + 2 < text_.size() && hex_value(byte(i_ + 1)) >= 0 &&
                   hex_value(byte(i_ + 2)) >= 0;
        }
        std::string_view text_;
        std::size_t i_ = 0;
        bool encoded_ = true;
    };

    constexpr decoded_view() noexcept = default;
    constexpr explicit decoded_view(std::string_view encoded) noexcept : text_(encoded) {}
    [[nodiscard]] static constexpr decoded_view literal(std::string_view bytes) noexcept
    {
        decoded_view v(bytes);
        v.encoded_ = false;
        return v;
    }

    [[nodiscard]] constexpr iterator begin() const noexcept { return {text_, 0, encoded_}; }
    [[nodiscard]] constexpr iterator end() const noexcept { return {text_, text_.size(), encoded_}; }
    [[nodiscard]] constexpr bool empty() const noexcept { return text_.empty(); }
    // The text as given: encoded, or the literal.
    [[nodiscard]] constexpr std::string_view raw() const noexcept { return text_; }
    // The number of decoded bytes.
    [[nodiscard]] constexpr std::size_t size() const noexcept
    {
        std::size_t n = 0;
        for (auto it = begin(); it != end(); ++it)
            ++n;
        return n;
    }
    // Writes the decoded bytes into `out`; never invalid. copy_size_bound() is exact.
    [[nodiscard]] constexpr write_result copy_into(std::span<char> out) const noexcept
    {
        std::size_t n = 0;
        for (char const c : *this) {
            if (n == out.size()) return {write_status::buffer_too_small, size()};
            out[n++] = c;
        }
        return {write_status::ok, n};
    }
    [[nodiscard]] constexpr std::size_t copy_size_bound() const noexcept { return size(); }
    // Former names, kept until 1.0: copy_to() returns the size written, or npos (this one
    // value, no offset) when `out` is smaller than size().
    static constexpr std::size_t npos = 0xFFFF'FFFF;
    [[nodiscard]] constexpr std::size_t copy_to(std::span<char> out) const noexcept
    {
        write_result const r = copy_into(out);
        return r ? r.size : npos;
    }
    friend constexpr bool operator==(decoded_view const& a, std::string_view b) noexcept
    {
        auto it = a.begin();
        for (char const c : b) {
            if (it == a.end() || *it != c) return false;
            ++it;
        }
        return it == a.end();
    }

private:
    std::string_view text_;
    bool encoded_ = true;
};

} // namespace ftpuri
