// src/ipv6.cpp: IPv6 pieces and RFC 5952 text.
#include "ipv6.hpp"

#include "ftpuri/pct.hpp"

namespace ftpuri {

ipv6_pieces parse_ipv6(std::string_view text) noexcept
{
    ipv6_pieces head{};
    ipv6_pieces tail{};
    std::size_t heads = 0;
    std::size_t tails = 0;
    bool compressed = false;
    std::size_t i = 0;
    auto push = [&](std::uint16_t piece) {
        if (compressed) {
            tail[tails++] = piece;
        } else {
            head[heads++] = piece;
        }
    };
    while (i < text.size()) {
        if (text[i] == ':') {
            if (i + 1 < text.size() && text[i + 1] == ':') {
                compressed = true;
                i += 2;
                continue;
            }
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && text[j] != ':' && text[j] != '.')
            ++j;
        if (j < text.size() && text[j] == '.') { // the embedded IPv4address ends the text
            std::uint32_t v4 = 0;
            std::uint32_t octet = 0;
            for (std::size_t k = i; k <= text.size(); ++k) {
                if (k == text.size() || text[k] == '.') {
                    v4 = v4 << 8 | octet;
                    octet = 0;
                } else {
                    octet = octet * 10 + static_cast<std::uint32_t>(text[k] - '0');
                }
            }
            push(static_cast<std::uint16_t>(v4 >> 16));
            push(static_cast<std::uint16_t>(v4 & 0xFFFF));
            break;
        }
        std::uint32_t piece = 0;
        for (std::size_t k = i; k < j; ++k)
            piece = piece << 4 | static_cast<std::uint32_t>(hex_value(static_cast<unsigned char>(text[k])));
        push(static_cast<std::uint16_t>(piece));
        i = j;
    }
    ipv6_pieces out{};
    for (std::size_t k = 0; k < heads; ++k)
        out[k] = head[k];
    for (std::size_t k = 0; k < tails; ++k)
        out[8 - tails + k] = tail[k];
    return out;
}

std::size_t format_ipv6(ipv6_pieces const& p, char* out) noexcept
{
    constexpr char hex[] = "0123456789abcdef";
    std::size_t n = 0;
    auto put_piece = [&](std::uint16_t v) {
        bool started = false;
        for (int shift = 12; shift >= 0; shift -= 4) {
            unsigned const digit = (v >> shift) & 0xFU;
            if (digit != 0 || started || shift == 0) {
                out[n++] = hex[digit];
                started = true;
            }
        }
    };
    bool const mapped = p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0 && p[4] == 0 && p[5] == 0xFFFF;
    std::size_t const hex_pieces = mapped ? 6 : 8;

    // The longest run of zero pieces, two at least; the first of equal runs.
    std::size_t best = 8;
    std::size_t best_length = 1;
    for (std::size_t i = 0; i < hex_pieces;) {
        std::size_t j = i;
        while (j < hex_pieces && p[j] == 0)
            ++j;
        if (j - i > best_length) {
            best = i;
            best_length = j - i;
        }
        i = j == i ? i + 1 : j;
    }
    for (std::size_t i = 0; i < hex_pieces; ++i) {
        if (i == best) {
            out[n++] = ':';
            out[n++] = ':';
            i += best_length - 1;
            continue;
        }
        if (i != 0 && !(i == best + best_length)) out[n++] = ':';
        put_piece(p[i]);
    }
    if (mapped) {
        if (best + best_length != hex_pieces) out[n++] = ':';
        for (int k = 0; k < 4; ++k) {
            unsigned const piece = k < 2 ? p[6] : p[7];
            unsigned const octet = (k % 2 == 0 ? piece >> 8U : piece) & 0xFFU;
            if (k != 0) out[n++] = '.';
            if (octet >= 100) out[n++] = static_cast<char>('0' + octet / 100);
            if (octet >= 10) out[n++] = static_cast<char>('0' + octet / 10 % 10);
            out[n++] = static_cast<char>('0' + octet % 10);
        }
    }
    return n;
}

} // namespace ftpuri
