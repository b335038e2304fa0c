// SPDX-License-Identifier: Apache-2.0
// tests/alloc/counting_allocator.cpp: the replaced allocation functions.
#include "counting_allocator.hpp"

#include <cstdlib>
#include <new>

// glibc's own allocator under its reserved names: the replacements below count, then call it.
// NOLINTBEGIN(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): names glibc chose
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
}
// NOLINTEND(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)

namespace alloc_test {
std::atomic<bool> armed{false};
std::atomic<std::size_t> count{0};
} // namespace alloc_test

namespace {
void note_allocation() noexcept
{
    if (alloc_test::armed.load(std::memory_order_relaxed)) alloc_test::count.fetch_add(1, std::memory_order_relaxed);
}

void* allocate(std::size_t size)
{
    note_allocation();
    void* p = __libc_malloc(size == 0 ? 1 : size);
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

void* allocate_aligned(std::size_t size, std::align_val_t align)
{
    note_allocation();
    void* p = __libc_memalign(static_cast<std::size_t>(align), size == 0 ? 1 : size);
    if (p == nullptr) throw std::bad_alloc();
    return p;
}
} // namespace

extern "C" {
void* malloc(std::size_t size)
{
    note_allocation();
    return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size)
{
    note_allocation();
    return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size)
{
    note_allocation();
    return __libc_realloc(p, size);
}
void* aligned_alloc(std::size_t align, std::size_t size)
{
    note_allocation();
    return __libc_memalign(align, size);
}
void free(void* p)
{
    __libc_free(p);
}
}

void* operator new(std::size_t size)
{
    return allocate(size);
}
void* operator new[](std::size_t size)
{
    return allocate(size);
}
void* operator new(std::size_t size, std::nothrow_t const&) noexcept
{
    note_allocation();
    return __libc_malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, std::nothrow_t const&) noexcept
{
    note_allocation();
    return __libc_malloc(size == 0 ? 1 : size);
}
void* operator new(std::size_t size, std::align_val_t align)
{
    return allocate_aligned(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align)
{
    return allocate_aligned(size, align);
}
void operator delete(void* p) noexcept
{
    __libc_free(p);
}
void operator delete[](void* p) noexcept
{
    __libc_free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
    __libc_free(p);
}
void operator delete[](void* p, std::size_t) noexcept
{
    __libc_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept
{
    __libc_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept
{
    __libc_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept
{
    __libc_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept
{
    __libc_free(p);
}
