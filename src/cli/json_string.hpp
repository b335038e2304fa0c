// SPDX-License-Identifier: Apache-2.0
// json_string.hpp: a string_view into a RapidJSON writer, whatever its length.
#pragma once

#include <cstddef>
#include <limits>
#include <string_view>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace ftpuri::cli {

// The streaming writer every JSON output uses (JSON Lines, SARIF, --rules): no DOM, so nothing
// allocates once its buffer has grown.
using json_stream = rapidjson::Writer<rapidjson::StringBuffer>;

// RapidJSON measures strings in SizeType (32 bits). Only a line of gigabytes could exceed it;
// such a string is cut, at a character boundary so that the JSON stays valid.
inline rapidjson::SizeType json_length(std::string_view s) noexcept
{
    constexpr std::size_t max = std::numeric_limits<rapidjson::SizeType>::max();
    std::size_t n = s.size();
    if (n > max) {
        n = max;
        while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
            --n;
    }
    return static_cast<rapidjson::SizeType>(n);
}

template <class Writer>
inline void write_string(Writer& w, std::string_view s)
{
    w.String(s.data(), json_length(s));
}

} // namespace ftpuri::cli
