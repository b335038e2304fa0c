// src/utf8.hpp: is a decoded component UTF-8? Internal.
#pragma once

#include <cstdint>

namespace ftpuri {

// Fed the bytes of one component as they decode, it tells whether they form UTF-8 (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF). Raw bytes in a valid URI are
// ASCII, so the scanner feeds escapes one by one and reports raw bytes only as "something
// ASCII came in between", which breaks a multi-byte sequence.
class utf8_checker {
public:
    void escaped_byte(unsigned char b) noexcept
    {
        if (need_ == 0) {
            start(b);
            return;
        }
        if (b < low_ || b > high_) {
            bad_ = true;
            need_ = 0;
            return;
        }
        low_ = 0x80;
        high_ = 0xBF;
        --need_;
    }

    // An unescaped (ASCII) byte.
    void raw_byte() noexcept
    {
        if (need_ != 0) {
            bad_ = true;
            need_ = 0;
        }
    }

    [[nodiscard]] bool expects_continuation() const noexcept { return need_ != 0; }
    [[nodiscard]] bool ok() const noexcept { return !bad_ && need_ == 0; }

private:
    // The lead byte fixes how many continuation bytes follow and the range of the first one
    // (RFC 3629 section 4), which is what excludes overlong forms and surrogates.
    void start(unsigned char b) noexcept
    {
        if (b < 0x80) return;
        if (b >= 0xC2 && b <= 0xDF) {
            need_ = 1;
        } else if (b == 0xE0) {
            need_ = 2;
            low_ = 0xA0;
        } else if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) {
            need_ = 2;
        } else if (b == 0xED) {
            need_ = 2;
            high_ = 0x9F;
        } else if (b == 0xF0) {
            need_ = 3;
            low_ = 0x90;
        } else if (b >= 0xF1 && b <= 0xF3) {
            need_ = 3;
        } else if (b == 0xF4) {
            need_ = 3;
            high_ = 0x8F;
        } else {
            bad_ = true;
        }
    }

    std::uint8_t need_ = 0;
    unsigned char low_ = 0x80;
    unsigned char high_ = 0xBF;
    bool bad_ = false;
};

} // namespace ftpuri
