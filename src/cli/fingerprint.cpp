// SPDX-License-Identifier: Apache-2.0
// fingerprint.cpp: the fingerprints of findings (fingerprint.hpp).
#include "fingerprint.hpp"

#include <algorithm>
#include <cstddef>

namespace ftpuri::cli {
namespace {

constexpr bool is_edge_blank(char c) noexcept
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

} // namespace

std::uint64_t input_fingerprint(std::string_view input, std::optional<byte_range> password) noexcept
{
    std::size_t begin = 0;
    std::size_t end = input.size();
    while (begin < end && is_edge_blank(input[begin]))
        ++begin;
    while (end > begin && is_edge_blank(input[end - 1]))
        --end;
    if (!password) return fnv1a(input.substr(begin, end - begin));
    // A password never touches an edge (an '@' follows it), but a cut line's may run past the
    // end: the mask stands for whatever of it there is.
    std::size_t const from = std::min<std::size_t>(std::max<std::size_t>(password->offset, begin), end);
    std::size_t const to = std::max(from, std::min<std::size_t>(std::size_t{password->offset} + password->length, end));
    std::uint64_t hash = fnv1a(input.substr(begin, from - begin));
    hash = fnv1a("****", hash);
    return fnv1a(input.substr(to, end - to), hash);
}

void append_hex64(std::string& to, std::uint64_t hash)
{
    constexpr char digits[] = "0123456789abcdef";
    char text[16];
    for (int i = 15; i >= 0; --i) {
        text[i] = digits[hash & 0xFU];
        hash >>= 4U;
    }
    to.append(text, sizeof text);
}

} // namespace ftpuri::cli
