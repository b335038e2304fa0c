// SPDX-License-Identifier: Apache-2.0
// ftpuri/result.hpp: a value, or the diagnostic that says why there is none.
//
// What can fail with a diagnostic returns a result<T>: parse() a result<uri_view> (parse_result),
// plan() a result<command_plan> (plan_result). No exception and no allocation: the value and the
// diagnostic are held in place, and a caller that checks neither is warned ([[nodiscard]] on the
// functions that return one).
#pragma once

#include "ftpuri/diagnostic.hpp"

namespace ftpuri {

template <class T>
class result {
public:
    [[nodiscard]] bool has_value() const noexcept { return ok_; }
    [[nodiscard]] explicit operator bool() const noexcept { return ok_; }

    // Precondition: has_value().
    [[nodiscard]] T const& value() const noexcept { return value_; }
    [[nodiscard]] T const& operator*() const noexcept { return value_; }
    [[nodiscard]] T const* operator->() const noexcept { return &value_; }

    // Precondition: !has_value().
    [[nodiscard]] diagnostic const& error() const noexcept { return error_; }

    static result success(T const& value) noexcept
    {
        result r;
        r.value_ = value;
        r.ok_ = true;
        return r;
    }
    static result failure(diagnostic const& e) noexcept
    {
        result r;
        r.error_ = e;
        return r;
    }

private:
    T value_{};
    diagnostic error_{};
    bool ok_ = false;
};

} // namespace ftpuri
