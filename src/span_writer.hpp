// SPDX-License-Identifier: Apache-2.0
// src/span_writer.hpp: output into a caller's span that keeps counting past its end. Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <span>
#include <string_view>

namespace ftpuri {

// A too-small buffer still learns the size it needs: writes past the end are dropped, counted.
class span_writer {
public:
    explicit span_writer(std::span<char> out) noexcept : out_(out) {}

    void put(char c) noexcept
    {
        if (n_ < out_.size()) out_[n_] = c;
        ++n_;
    }
    void put(std::string_view s) noexcept
    {
        if (n_ < out_.size()) std::memcpy(out_.data() + n_, s.data(), std::min(s.size(), out_.size() - n_));
        n_ += s.size();
    }

    [[nodiscard]] std::size_t size() const noexcept { return n_; }
    [[nodiscard]] bool fits() const noexcept { return n_ <= out_.size(); }
    // The room for writing directly into data(): none once something has not fitted.
    [[nodiscard]] std::size_t capacity() const noexcept { return fits() ? out_.size() : 0; }
    [[nodiscard]] char* data() noexcept { return out_.data(); }

    // Counts `n` bytes that were written directly into data() (or did not fit).
    void advance(std::size_t n) noexcept { n_ += n; }
    // Forgets what was written past `n` (an in-place rewrite that shortened it).
    void truncate(std::size_t n) noexcept { n_ = n; }

private:
    std::span<char> out_;
    std::size_t n_ = 0;
};

} // namespace ftpuri
