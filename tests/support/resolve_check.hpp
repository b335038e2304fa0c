// SPDX-License-Identifier: Apache-2.0
// tests/support/resolve_check.hpp: check_resolve(), every way there is of resolving one reference
// against one base, held to one target (resolve_test.cpp, resolve_vectors_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string_view>

#include "ftpuri/ftpuri.hpp"
#include "support/guarded_buffer.hpp"
#include "support/profiles.hpp"
#include "support/strcat.hpp"

namespace ftpuri_test {

// Resolves `ref` against `base` (valid in `p`) into a buffer of resolve_size_bound() bytes and
// through the string overload, and checks the target, the status and the guards.
inline void check_resolve(std::string_view base, ftpuri::profile p, std::string_view ref, std::string_view target)
{
    SCOPED_TRACE(cat({"<", ref, "> against <", base, ">"}));
    ftpuri::parse_result const b = ftpuri::parse(base, in(p));
    ASSERT_TRUE(b.has_value()) << "test table: the base is not valid in " << ftpuri::to_string(p);
    std::size_t const bound = ftpuri::resolve_size_bound(*b, ref);
    EXPECT_GE(bound, target.size()) << "resolve_size_bound() is too small";
    guarded buf(bound);
    ftpuri::write_result const r = ftpuri::resolve_into(*b, ref, buf.span());
    ASSERT_EQ(r.status, ftpuri::write_status::ok);
    EXPECT_TRUE(static_cast<bool>(r));
    EXPECT_EQ(buf.written(r.size), target);
    EXPECT_TRUE(buf.intact());
    EXPECT_EQ(ftpuri::resolve(base, ref, in(p)).value_or("(no base)"), target) << "the string overload";
}

} // namespace ftpuri_test
