// ftpuri/pct.hpp: percent-decoding into a caller's buffer (RFC 3986 2.1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace ftpuri {

enum class decode_status : std::uint8_t {
    ok,
    malformed_escape, // a '%' not followed by two hex digits; offset() says where
    buffer_too_small, // out is smaller than decoded_size_bound(in)
};

struct decode_result {
    decode_status status = decode_status::ok;
    std::size_t size = 0;     // bytes written (ok), or written before the failure
    std::uint32_t offset = 0; // offset of the malformed '%' in the input
    [[nodiscard]] explicit operator bool() const noexcept { return status == decode_status::ok; }
};

// Decoding never grows a string, so in.size() bytes always suffice.
[[nodiscard]] constexpr std::size_t decoded_size_bound(std::string_view in) noexcept
{
    return in.size();
}

// Decodes every %XX of `in` into `out`; other bytes are copied as they are.
[[nodiscard]] decode_result percent_decode_into(std::string_view in, std::span<char> out) noexcept;

// The value of a hex digit, or -1.
[[nodiscard]] constexpr int hex_value(unsigned char c) noexcept
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

} // namespace ftpuri
