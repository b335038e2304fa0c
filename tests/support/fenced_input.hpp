// SPDX-License-Identifier: Apache-2.0
// tests/support/fenced_input.hpp: an input whose first or last byte touches a page that cannot be
// read, so that a read one byte outside it stops the test with SIGSEGV in any build, where a heap
// copy needs a sanitizer to tell. The input's own pages are read-only: a write to it stops the
// test too.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <string_view>

namespace ftpuri_test {

class fenced_input {
public:
    enum class fence { before, after }; // the inaccessible page the input touches

    fenced_input(std::string_view input, fence where)
    {
        auto const page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        std::size_t const body = (input.size() / page + 1) * page;
        size_ = body + 2 * page;
        void* const p = mmap(nullptr, size_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return;
        base_ = static_cast<char*>(p);
        char* const first = base_ + page;
        if (mprotect(first, body, PROT_READ | PROT_WRITE) != 0) return;
        char* const at = where == fence::before ? first : first + body - input.size();
        std::memcpy(at, input.data(), input.size());
        if (mprotect(first, body, PROT_READ) != 0) return;
        view_ = {at, input.size()};
        ready_ = true;
    }
    fenced_input(fenced_input const&) = delete;
    fenced_input& operator=(fenced_input const&) = delete;
    ~fenced_input()
    {
        if (base_ != nullptr) munmap(base_, size_);
    }

    [[nodiscard]] bool ready() const { return ready_; }
    [[nodiscard]] std::string_view view() const { return view_; }

private:
    char* base_ = nullptr;
    std::size_t size_ = 0;
    std::string_view view_;
    bool ready_ = false;
};

} // namespace ftpuri_test
