// SPDX-License-Identifier: Apache-2.0
// tests/support/untouched_pages.hpp: inputs of 4 GiB and more without 4 GiB of memory. The pages
// are mapped private and anonymous without reserving swap: they read as zeros, and only the pages
// a test writes (put()) take memory. Reading the rest maps the kernel's shared zero page.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstring>
#include <string_view>

namespace ftpuri_test {

class untouched_pages {
public:
    explicit untouched_pages(std::size_t size) : size_(size)
    {
        void* const p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        data_ = p == MAP_FAILED ? nullptr : static_cast<char*>(p);
    }
    untouched_pages(untouched_pages const&) = delete;
    untouched_pages& operator=(untouched_pages const&) = delete;
    ~untouched_pages()
    {
        if (data_ != nullptr) munmap(data_, size_);
    }
    // Writes `text` at `offset` (offset + text.size() <= size).
    void put(std::size_t offset, std::string_view text) { std::memcpy(data_ + offset, text.data(), text.size()); }
    [[nodiscard]] std::string_view view() const { return {data_, size_}; }
    [[nodiscard]] char* data() const { return data_; }
    [[nodiscard]] bool mapped() const { return data_ != nullptr; }

private:
    char* data_ = nullptr;
    std::size_t size_;
};

} // namespace ftpuri_test
