// SPDX-License-Identifier: Apache-2.0
// temporary_file.hpp: the cli unit tests' inputs, as the reader gets them: a FILE*.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string_view>

// A temporary file holding `bytes`, positioned at its start; nullptr (and a failed expectation)
// when it could not be made. The caller closes it.
inline std::FILE* temporary_file_holding(std::string_view bytes)
{
    std::FILE* file = std::tmpfile();
    EXPECT_NE(file, nullptr);
    if (file == nullptr) return nullptr;
    EXPECT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), file), bytes.size());
    std::rewind(file);
    return file;
}
