// SPDX-License-Identifier: Apache-2.0
// fuzz/pct_fuzzer.cpp: percent-encoding and -decoding (ftpuri/pct.hpp) on any bytes.
//
//   - encoding, for every encode_set: percent_encode_size_bound() is the size written; the output
//     holds only the set's characters and "%XX" escapes with uppercase hex digits, '%' always
//     escaped; every byte the set holds (but '%') stays raw; decoding the output gives the
//     input back; one byte less of room is reported (ok false, size needed) without a write
//     past the end; the allocating overload agrees;
//   - decoding the raw input: success iff every '%' starts a well-formed escape, and then the
//     reference decoder's bytes; otherwise invalid at the first bad '%'; never more
//     than percent_decode_size_bound() bytes; a too-small buffer is reported, not overrun; the
//     allocating overload agrees;
//   - decode(encode(decode(s))) == decode(s) whenever s decodes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/pct.hpp"

#include "fuzz_check.hpp"

namespace {

using namespace ftpuri;
using ftpuri_fuzz::hex_digit;

constexpr encode_set all_sets[] = {encode_set::usp_char, encode_set::ftp_segment, encode_set::pchar,
                                   encode_set::fragment, encode_set::reg_name,    encode_set::unreserved};

bool is_upper_hex(char c) noexcept
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
}

std::string decode_ok(std::string_view input, std::string_view encoded)
{
    std::vector<char> out(percent_decode_size_bound(encoded));
    percent_decode_result const r = percent_decode_into(encoded, out);
    FUZZ_CHECK_DETAIL(r.status == write_status::ok && r.size <= out.size(), input, encoded);
    return {out.data(), r.size};
}

void check_encode(std::string_view input, encode_set set)
{
    charset const& keep = allowed(set);
    std::size_t const size = percent_encode_size_bound(input, set);
    std::vector<char> out(size);
    write_result const r = percent_encode_into(input, set, out);
    FUZZ_CHECK(r && r.size == size, input);
    std::string_view const encoded(out.data(), out.size());

    // Shape: kept bytes raw, every other byte "%XX" with uppercase hex of that byte.
    std::size_t j = 0;
    for (char const ch : input) {
        FUZZ_CHECK_DETAIL(j < encoded.size(), input, encoded);
        if (ch != '%' && keep.contains(ch)) {
            FUZZ_CHECK_DETAIL(encoded[j] == ch, input, encoded);
            ++j;
        } else {
            FUZZ_CHECK_DETAIL(j + 2 < encoded.size() && encoded[j] == '%', input, encoded);
            FUZZ_CHECK_DETAIL(is_upper_hex(encoded[j + 1]) && is_upper_hex(encoded[j + 2]), input, encoded);
            int const value = hex_digit(encoded[j + 1]) * 16 + hex_digit(encoded[j + 2]);
            FUZZ_CHECK_DETAIL(value == static_cast<unsigned char>(ch), input, encoded);
            j += 3;
        }
    }
    FUZZ_CHECK_DETAIL(j == encoded.size(), input, encoded);

    // Round trip.
    FUZZ_CHECK_DETAIL(decode_ok(input, encoded) == input, input, encoded);

    // Room for one byte less: reported, not overrun.
    if (size > 0) {
        std::vector<char> small(size - 1);
        write_result const s = percent_encode_into(input, set, small);
        FUZZ_CHECK(!s && s.size == size, input);
    }
    FUZZ_CHECK(percent_encode(input, set) == encoded, input);
}

void check_decode(std::string_view input)
{
    // Where the first malformed escape is, if any.
    std::size_t first_bad = std::string_view::npos;
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (input[i] != '%') continue;
        if (i + 2 < input.size() && hex_digit(input[i + 1]) >= 0 && hex_digit(input[i + 2]) >= 0) {
            i += 2;
            continue;
        }
        first_bad = i;
        break;
    }

    std::vector<char> out(percent_decode_size_bound(input));
    percent_decode_result const r = percent_decode_into(input, out);
    FUZZ_CHECK(r.size <= out.size(), input);
    percent_decode_result via_string{};
    std::string const decoded = percent_decode(input, &via_string);
    if (first_bad == std::string_view::npos) {
        std::string const expected = ftpuri_fuzz::reference_decode(input);
        FUZZ_CHECK(r.status == write_status::ok, input);
        FUZZ_CHECK(std::string_view(out.data(), r.size) == expected, input);
        FUZZ_CHECK(via_string.status == write_status::ok && decoded == expected, input);

        // Room for exactly the decoded bytes suffices; one less is reported.
        std::vector<char> exact(expected.size());
        FUZZ_CHECK(percent_decode_into(input, exact).status == write_status::ok, input);
        if (!expected.empty()) {
            std::vector<char> small(expected.size() - 1);
            FUZZ_CHECK(percent_decode_into(input, small).status == write_status::buffer_too_small, input);
        }

        // Encoding what was decoded, then decoding, gives the same bytes, in every set.
        for (encode_set set : all_sets)
            FUZZ_CHECK(decode_ok(input, percent_encode(expected, set)) == expected, input);
    } else {
        FUZZ_CHECK(r.status == write_status::invalid && r.offset == first_bad, input);
        FUZZ_CHECK(via_string.status == write_status::invalid && via_string.offset == first_bad, input);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<char const*>(data), size);
    for (encode_set set : all_sets)
        check_encode(input, set);
    check_decode(input);
    return 0;
}
