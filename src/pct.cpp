// SPDX-License-Identifier: Apache-2.0
// src/pct.cpp: percent-decoding into a caller's buffer.
#include "ftpuri/pct.hpp"

#include "enum_names.hpp"
#include "text.hpp"

namespace ftpuri {

std::string_view to_string(encode_set set) noexcept
{
    switch (set) {
    case encode_set::usp_char: return "usp-char";
    case encode_set::ftp_segment: return "ftp-segment";
    case encode_set::pchar: return "pchar";
    case encode_set::fragment: return "fragment";
    case encode_set::reg_name: return "reg-name";
    case encode_set::unreserved: return "unreserved";
    }
    return "?";
}

std::optional<encode_set> encode_set_from_string(std::string_view name) noexcept
{
    return detail::enum_from_string(name, encode_set::unreserved);
}

write_result percent_encode_into(std::string_view in, encode_set set, std::span<char> out) noexcept
{
    std::size_t const needed = percent_encode_size_bound(in, set);
    if (needed > out.size()) return {write_status::buffer_too_small, needed};
    charset const& keep = allowed(set);
    std::size_t n = 0;
    for (char c : in) {
        if (keep.contains(c)) {
            out[n++] = c;
        } else {
            auto const b = static_cast<unsigned char>(c);
            out[n++] = '%';
            out[n++] = upper_hex_digit(b >> 4U);
            out[n++] = upper_hex_digit(b & 0xFU);
        }
    }
    return {write_status::ok, n};
}

std::string percent_encode(std::string_view in, encode_set set)
{
    std::string out(percent_encode_size_bound(in, set), '\0');
    (void)percent_encode_into(in, set, out);
    return out;
}

std::string percent_decode(std::string_view in, percent_decode_result* result)
{
    std::string out(percent_decode_size_bound(in), '\0');
    percent_decode_result const r = percent_decode_into(in, out);
    out.resize(r.size);
    if (result != nullptr) *result = r;
    return out;
}

percent_decode_result percent_decode_into(std::string_view in, std::span<char> out) noexcept
{
    percent_decode_result r;
    std::size_t const n = in.size();
    for (std::size_t i = 0; i < n;) {
        char c = in[i];
        std::size_t advance = 1;
        if (c == '%') {
            int const hi = i + 1 < n ? hex_value(static_cast<unsigned char>(in[i + 1])) : -1;
            int const lo = hi >= 0 && i + 2 < n ? hex_value(static_cast<unsigned char>(in[i + 2])) : -1;
            if (hi < 0 || lo < 0) {
                r.status = write_status::invalid;
                r.offset = static_cast<std::uint32_t>(i);
                return r;
            }
            c = static_cast<char>(hi * 16 + lo);
            advance = 3;
        }
        // Past the end of `out`, keep counting: the caller learns the size needed, and a
        // malformed escape further on still says invalid.
        if (r.size < out.size()) out[r.size] = c;
        ++r.size;
        i += advance;
    }
    if (r.size > out.size()) r.status = write_status::buffer_too_small;
    return r;
}

} // namespace ftpuri
