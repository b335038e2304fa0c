// SPDX-License-Identifier: Apache-2.0
// tests/support/guarded_buffer.hpp: an output buffer with guard bytes on both sides, so that a test can
// tell that a function writing into a caller's span never wrote past either end.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace ftpuri_test {

struct guarded {
    // The span starts out unlike the guards: a function that copies bytes it has not written past
    // the end (a memmove one byte too long) changes a guard, where a copy of the guard's own fill
    // would not.
    explicit guarded(std::size_t size) : bytes(size + 2 * guard, fill)
    {
        std::fill(bytes.begin() + guard, bytes.end() - guard, unwritten);
    }
    std::span<char> span() { return {bytes.data() + guard, bytes.size() - 2 * guard}; }
    [[nodiscard]] std::string_view written(std::size_t n) const { return {bytes.data() + guard, n}; }
    [[nodiscard]] bool intact() const
    {
        for (std::size_t i = 0; i < guard; ++i)
            if (bytes[i] != fill || bytes[bytes.size() - 1 - i] != fill) return false;
        return true;
    }
    static constexpr std::size_t guard = 16;
    static constexpr char fill = '\x5A';
    static constexpr char unwritten = '\xA5';
    std::vector<char> bytes;
};

} // namespace ftpuri_test
