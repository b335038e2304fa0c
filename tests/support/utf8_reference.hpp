// SPDX-License-Identifier: Apache-2.0
// tests/support/utf8_reference.hpp: the UTF-8 rules of src/utf8.hpp written as a plain decoder,
// byte by byte with its lead's bounds, the model that tests/scan/utf8_test.cpp holds the scanner's
// state machine to on every sequence of the bytes that matter.
#pragma once

#include <cstdint>

#include "utf8.hpp"

namespace ftpuri_test {

using ftpuri::utf8_finding;

// Fed the bytes of one component as they decode, it tells whether they form UTF-8 (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF), and reports each look-alike or
// line separator with the input range of its bytes. Raw bytes in a valid URI are ASCII (but
// for the lenient profile's repairs, fed as decoded bytes), so the scanner feeds escapes one by
// one and reports raw bytes only as "something ASCII came in between", which breaks a
// multi-byte sequence.
class utf8_reference {
public:
    // The decoded byte `b`, spelled by the input's bytes [begin, end).
    [[nodiscard]] utf8_finding escaped_byte(unsigned char b, std::uint32_t begin, std::uint32_t end) noexcept
    {
        if (need_ != 0) {
            if (b >= 0x80 && b <= 0xBF) return continuation(b, end);
            utf8_finding const broken = interrupt();
            finding_begin_ = begin_; // the sequence cut short, not the one b begins
            finding_end_ = end_;
            start(b, begin, end);
            return broken;
        }
        start(b, begin, end);
        return utf8_finding::none;
    }

    // An unescaped (ASCII) byte.
    [[nodiscard]] utf8_finding raw_byte() noexcept
    {
        finding_begin_ = begin_;
        finding_end_ = end_;
        return need_ != 0 ? interrupt() : utf8_finding::none;
    }

    // The component ends here.
    [[nodiscard]] utf8_finding finish() noexcept { return raw_byte(); }

    [[nodiscard]] bool expects_continuation() const noexcept { return need_ != 0; }
    [[nodiscard]] bool ok() const noexcept { return !bad_ && need_ == 0; }

    // The input range of the sequence behind the last finding.
    [[nodiscard]] std::uint32_t finding_begin() const noexcept { return finding_begin_; }
    [[nodiscard]] std::uint32_t finding_end() const noexcept { return finding_end_; }

private:
    // The lead byte fixes how many continuation bytes follow and the range of the first one
    // (RFC 3629 section 4): outside that range, a well-formed continuation byte makes an
    // overlong form (after E0, F0; C0 and C1 are always overlong), a surrogate (after ED) or a
    // code point above U+10FFFF (after F4; F5 to FF lead nothing else).
    void start(unsigned char b, std::uint32_t begin, std::uint32_t end) noexcept
    {
        if (b < 0x80) return;
        begin_ = begin;
        end_ = end;
        low_ = 0x80;
        high_ = 0xBF;
        look_alike_ = false;
        code_point_ = 0;
        if (b >= 0xC2 && b <= 0xDF) {
            need_ = 1;
            code_point_ = b & 0x1FU;
        } else if (b >= 0xE0 && b <= 0xEF) {
            need_ = 2;
            code_point_ = b & 0x0FU;
            if (b == 0xE0) low_ = 0xA0;
            if (b == 0xED) high_ = 0x9F;
        } else if (b >= 0xF0 && b <= 0xF4) {
            need_ = 3;
            code_point_ = b & 0x07U;
            if (b == 0xF0) low_ = 0x90;
            if (b == 0xF4) high_ = 0x8F;
        } else { // 80-BF (a continuation without a lead), C0, C1, F5-FF
            bad_ = true;
            if (b == 0xC0 || b == 0xC1 || b >= 0xF5) {
                // Never valid, but a look-alike only when continuation bytes follow.
                need_ = b >= 0xF5 ? 3 : 1;
                low_ = 0xC0; // every continuation is out of range
            }
        }
    }

    utf8_finding continuation(unsigned char b, std::uint32_t end) noexcept
    {
        if (b < low_ || b > high_) {
            look_alike_ = true;
            bad_ = true;
        }
        low_ = 0x80;
        high_ = 0xBF;
        end_ = end;
        finding_begin_ = begin_;
        finding_end_ = end_;
        code_point_ = (code_point_ << 6U) | (b & 0x3FU);
        if (--need_ != 0) return utf8_finding::none;
        if (look_alike_) return utf8_finding::look_alike;
        bool const separator = code_point_ == 0x85 || code_point_ == 0x2028 || code_point_ == 0x2029;
        return separator ? utf8_finding::line_separator : utf8_finding::none;
    }

    // A sequence cut short: invalid, and a look-alike if its bytes so far already were one.
    utf8_finding interrupt() noexcept
    {
        need_ = 0;
        bad_ = true;
        return look_alike_ ? utf8_finding::look_alike : utf8_finding::none;
    }

    std::uint32_t begin_ = 0;
    std::uint32_t end_ = 0;
    std::uint32_t finding_begin_ = 0;
    std::uint32_t finding_end_ = 0;
    std::uint32_t code_point_ = 0;
    std::uint8_t need_ = 0;
    unsigned char low_ = 0x80;
    unsigned char high_ = 0xBF;
    bool look_alike_ = false;
    bool bad_ = false;
};

} // namespace ftpuri_test
