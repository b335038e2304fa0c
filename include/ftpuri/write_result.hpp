// SPDX-License-Identifier: Apache-2.0
// ftpuri/write_result.hpp: what a function that writes into a caller's buffer says back.
//
//     char out[64];
//     ftpuri::write_result const r = ftpuri::percent_encode_into("a b", ftpuri::encode_set::pchar, out);
//     if (r) use(std::string_view(out, r.size));
//     else if (r.status == ftpuri::write_status::buffer_too_small) retry_with(r.size);
//
// Every such function is named X_into, returns a write_result (or a struct derived from it that
// adds what only that function knows, such as a malformed escape's offset), and has an
// X_size_bound() beside it: a buffer of that size always suffices. What can fail with a
// diagnostic returns a result<T> instead (ftpuri/result.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri/export.h"

namespace ftpuri {

enum class write_status : std::uint8_t {
    ok,               // `size` bytes were written
    buffer_too_small, // `size` is the bytes needed; the buffer holds nothing usable
    invalid,          // the input cannot be written; the function's own result says where or why
};

// "ok", "buffer-too-small", "invalid", and back.
[[nodiscard]] FTPURI_API std::string_view to_string(write_status status) noexcept;
[[nodiscard]] FTPURI_API std::optional<write_status> write_status_from_string(std::string_view name) noexcept;

struct write_result {
    write_status status = write_status::ok;
    std::size_t size = 0; // bytes written (ok) or needed (buffer_too_small)
    [[nodiscard]] constexpr explicit operator bool() const noexcept { return status == write_status::ok; }
};

} // namespace ftpuri
