// SPDX-License-Identifier: Apache-2.0
// tests/alloc/counting_allocator.hpp: counts every heap allocation made while armed.
//
// The test binary replaces the global operator new (every form) and malloc, calloc, realloc and
// aligned_alloc, forwarding to glibc's __libc_* functions. Only allocations made while an
// `allocation_window` is alive are counted, so GoogleTest's own allocations do not matter.
// Not built under sanitizers: they replace malloc themselves.
#pragma once

#include <atomic>
#include <cstddef>

namespace alloc_test {

extern std::atomic<bool> armed;
extern std::atomic<std::size_t> count;

// Counts the allocations made during its lifetime.
class allocation_window {
public:
    allocation_window() noexcept
    {
        count = 0;
        armed = true;
    }
    ~allocation_window() { armed = false; }
    allocation_window(allocation_window const&) = delete;
    allocation_window& operator=(allocation_window const&) = delete;

    // Stops counting and says how many allocations there were.
    std::size_t close() noexcept
    {
        armed = false;
        return count;
    }
};

} // namespace alloc_test
