// SPDX-License-Identifier: Apache-2.0
// src/host_reading.hpp: a host as a reader that decodes it takes it, of any length. Internal.
//
// A host too long for any DNS name can still be read as an address, and the classes of a host
// (host_class.cpp) are those of every reading of it:
//   - leading zeros do not count: "0x", 250 "0" and "7f000001" is 127.0.0.1 to glibc's
//     inet_aton() and to WHATWG, and so is "127.0.0." with 500 "0" before its "1";
//   - a reader that parses the decoded URI again begins the host after its last "@", so 90
//     "%40" and then "127.0.0.1" is 127.0.0.1, and inet_aton() stops at a space.
// So a reading is put together byte by byte, lowercase, with each label's run of leading zeros
// shortened to the two that keep its meaning ("00x1" is no number, "0x" and "00" begin hex and
// octal ones, and zeros after "0x" are dropped). What does not fit is known by its last label
// alone: no resolver takes a name that long, but a name under "localhost" needs none.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "text.hpp"

namespace ftpuri::detail {

class host_reading {
public:
    static constexpr std::size_t capacity = 256;
    static constexpr std::size_t label_capacity = 16; // "localhost", "internal", "arpa"

    void put(unsigned char byte) noexcept
    {
        char const c = static_cast<char>(to_lower_ascii(byte));
        if (c == '.') {
            previous_label_ = label_;
            label_ = {};
        } else if (c == '0' && (label_.is("00") || label_.is("0x"))) {
            return; // a third leading zero, or a zero after "0x"
        } else {
            label_.put(c);
        }
        if (size_ < capacity) text_[size_] = c;
        ++size_;
    }

    // Forgets what was put: a decoded "@" begins the host anew.
    void restart() noexcept { *this = host_reading{}; }

    // Whether text() holds the whole reading.
    [[nodiscard]] bool whole() const noexcept { return size_ <= capacity; }
    [[nodiscard]] std::string_view text() const noexcept { return {text_.data(), size_ < capacity ? size_ : capacity}; }
    // The last label, without one trailing ".": all that is known of a reading that is not
    // whole. Empty when longer than label_capacity (no special name's last label is).
    [[nodiscard]] std::string_view last_label() const noexcept
    {
        small_label const& last = label_.size == 0 ? previous_label_ : label_;
        return last.size <= label_capacity ? std::string_view(last.text.data(), last.size) : std::string_view{};
    }

private:
    struct small_label {
        std::array<char, label_capacity> text{};
        std::size_t size = 0; // may exceed label_capacity: then only its first bytes are held
        void put(char c) noexcept
        {
            if (size < label_capacity) text[size] = c;
            ++size;
        }
        [[nodiscard]] bool is(std::string_view word) const noexcept // word: at most label_capacity
        {
            return size == word.size() && std::string_view(text.data(), size) == word;
        }
    };

    std::array<char, capacity> text_{};
    std::size_t size_ = 0;
    small_label label_;
    small_label previous_label_;
};

} // namespace ftpuri::detail
