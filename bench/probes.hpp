// SPDX-License-Identifier: Apache-2.0
// bench/probes.hpp: the probe rows, one byte class per row, so that a slow class shows by name.
//
// Each row is a ~1,000-byte path of 8-letter segments, every segment with the row's feature
// appended ("/qhzkwmdu%C3%BC"): nothing; each sub-delim and the path's other punctuation; the
// escapes of a plain byte, of a delimiter and of a needless character; a UTF-8 escape of each
// length and of the lead bytes the decoder treats apart (C2, E0, E2, ED, F0); and escapes that
// draw a warning. Each row also has an invalid twin: the same path with a raw space at byte 30,
// whose cost is held to reading up to the error plus 64 bytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "splitmix64.hpp"

namespace ftpuri_bench {

struct probe_row {
    std::string_view name;
    // The features of a row's segments, taken in turn ("%2F" then "%3b" then "%2F" ...).
    std::array<std::string_view, 2> features;
};

inline constexpr std::array<probe_row, 24> probe_rows = {{
    {"plain", {"", ""}},
    {"star", {"*", "*"}},
    {"paren", {"(1)", "(1)"}},
    {"amp", {"&", "&"}},
    {"plus", {"+", "+"}},
    {"equals", {"=", "="}},
    {"comma", {",", ","}},
    {"at", {"@", "@"}},
    {"tilde", {"~", "~"}},
    {"bang", {"!", "!"}},
    {"dollar", {"$", "$"}},
    {"colon", {":", ":"}},
    {"pct25", {"%25", "%25"}},
    {"pct3F", {"%3F", "%3F"}},
    {"pct41", {"%41", "%41"}},
    {"pct7E", {"%7E", "%7E"}},
    {"u-C3BC", {"%C3%BC", "%C3%BC"}},
    {"u-E282AC", {"%E2%82%AC", "%E2%82%AC"}},
    {"u-E28099", {"%E2%80%99", "%E2%80%99"}},
    {"u-C2A0", {"%C2%A0", "%C2%A0"}},
    {"u-F09F9880", {"%F0%9F%98%80", "%F0%9F%98%80"}},
    {"u-ED9FBF", {"%ED%9F%BF", "%ED%9F%BF"}},
    {"u-E0A485", {"%E0%A4%85", "%E0%A4%85"}},
    {"warning", {"%2F", "%3b"}}, // path.encoded-slash, pct.lowercase
}};

inline constexpr std::size_t probe_path_length = 1000;
inline constexpr std::size_t probe_space_at = 30; // the invalid twin's raw space, a URI offset
inline constexpr std::string_view probe_prefix = "ftp://ftp.example.org";

// One URI of `row`: a path of at least probe_path_length bytes, fresh letters per seed so that
// no two URIs of a corpus are alike.
inline std::string probe_uri(probe_row const& row, std::uint64_t seed)
{
    splitmix64 r(seed);
    std::string u(probe_prefix);
    std::size_t const end = u.size() + probe_path_length;
    for (std::size_t n = 0; u.size() < end; ++n) {
        u += '/';
        for (int i = 0; i < 8; ++i)
            u += static_cast<char>('a' + r.below(26));
        u += row.features[n % row.features.size()];
    }
    return u;
}

// The invalid twin: a raw space at byte probe_space_at, moved on past an escape it would split
// so that the error is the space, not a malformed escape.
inline std::string with_space(std::string u)
{
    std::size_t at = probe_space_at;
    while (u[at - 1] == '%' || u[at - 2] == '%')
        ++at;
    u.insert(at, 1, ' ');
    return u;
}

// `count` URIs of `row`, valid or with the raw space.
inline std::vector<std::string> probe_corpus(probe_row const& row, std::size_t count, bool space)
{
    std::vector<std::string> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::string u = probe_uri(row, 0x7072'6F62'6500ULL + i);
        out.push_back(space ? with_space(std::move(u)) : std::move(u));
    }
    return out;
}

} // namespace ftpuri_bench
