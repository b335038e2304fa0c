// SPDX-License-Identifier: Apache-2.0
// fuzz/fuzz_check.hpp: what every fuzz target shares: the invariant check that aborts, and a
// reference percent-decoder written independently of the library's.
//
// An invariant that fails prints what failed, where, and the input (escaped), then calls
// abort(): libFuzzer reports it as a crash and saves the input, and the standalone replay
// driver (fuzz/replay.cpp) dies with it, so ctest fails.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace ftpuri_fuzz {

// Writes `s` to stderr with every byte outside printable ASCII (and '\') as \xHH.
inline void print_escaped(std::string_view s)
{
    for (char const ch : s) {
        auto const c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7F && c != '\\')
            std::fputc(c, stderr);
        else
            std::fprintf(stderr, "\\x%02X", static_cast<unsigned>(c));
    }
}

[[noreturn]] inline void invariant_failed(char const* file, int line, char const* condition, std::string_view input,
                                          std::string_view detail)
{
    std::fprintf(stderr, "%s:%d: INVARIANT FAILED: %s\n  input (%zu bytes): \"", file, line, condition, input.size());
    print_escaped(input);
    std::fputs("\"\n", stderr);
    if (!detail.empty()) {
        std::fputs("  detail: \"", stderr);
        print_escaped(detail);
        std::fputs("\"\n", stderr);
    }
    std::fflush(stderr);
    std::abort();
}

} // namespace ftpuri_fuzz

// FUZZ_CHECK(cond, input): abort with the input when cond is false.
// FUZZ_CHECK_DETAIL(cond, input, detail): the same, printing `detail` (a string_view) too.
#define FUZZ_CHECK(cond, input)                                                                                        \
    do {                                                                                                               \
        if (!(cond)) ::ftpuri_fuzz::invariant_failed(__FILE__, __LINE__, #cond, (input), {});                          \
    } while (false)
#define FUZZ_CHECK_DETAIL(cond, input, detail)                                                                         \
    do {                                                                                                               \
        if (!(cond)) ::ftpuri_fuzz::invariant_failed(__FILE__, __LINE__, #cond, (input), (detail));                    \
    } while (false)

namespace ftpuri_fuzz {

// The value of a hex digit, or -1 (not the library's hex_value: the reference must not share code).
constexpr int hex_digit(char c) noexcept
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes every well-formed %XX of `s`; every other byte (a stray '%' included) is copied.
inline std::string reference_decode(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            int const hi = hex_digit(s[i + 1]);
            int const lo = hex_digit(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out.push_back(static_cast<char>(hi * 16 + lo));
                i += 2;
                continue;
            }
        }
        out.push_back(s[i]);
    }
    return out;
}

constexpr char ascii_lower(char c) noexcept
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string ascii_lowercase(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = ascii_lower(c);
    return out;
}

inline bool iequals(std::string_view a, std::string_view b) noexcept
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    return true;
}

} // namespace ftpuri_fuzz
