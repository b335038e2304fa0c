// src/pct.cpp: percent-decoding into a caller's buffer.
#include "ftpuri/pct.hpp"

namespace ftpuri {

decode_result percent_decode_into(std::string_view in, std::span<char> out) noexcept
{
    decode_result r;
    std::size_t const n = in.size();
    for (std::size_t i = 0; i < n;) {
        char c = in[i];
        std::size_t advance = 1;
        if (c == '%') {
            int const hi = i + 1 < n ? hex_value(static_cast<unsigned char>(in[i + 1])) : -1;
            int const lo = hi >= 0 && i + 2 < n ? hex_value(static_cast<unsigned char>(in[i + 2])) : -1;
            if (hi < 0 || lo < 0) {
                r.status = decode_status::malformed_escape;
                r.offset = static_cast<std::uint32_t>(i);
                return r;
            }
            c = static_cast<char>(hi * 16 + lo);
            advance = 3;
        }
        if (r.size == out.size()) {
            r.status = decode_status::buffer_too_small;
            return r;
        }
        out[r.size++] = c;
        i += advance;
    }
    return r;
}

} // namespace ftpuri
