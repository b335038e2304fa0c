// SPDX-License-Identifier: Apache-2.0
// tests/api/version_test.cpp: ftpuri/version.hpp says the version CMakeLists.txt's project(VERSION)
// sets, the library reports the same, and CHANGELOG.md has a section for it.
#include <gtest/gtest.h>

#include <string>

#include "ftpuri/version.hpp"
#include "support/read_file.hpp"

namespace {

std::string const project_version = FTPURI_PROJECT_VERSION; // passed by tests/CMakeLists.txt

TEST(version, the_header_says_the_projects_version)
{
    std::string const parts = std::to_string(FTPURI_VERSION_MAJOR) + "." + std::to_string(FTPURI_VERSION_MINOR) + "." +
                              std::to_string(FTPURI_VERSION_PATCH);
    EXPECT_EQ(parts, project_version);
    EXPECT_EQ(ftpuri::header_version, project_version);
    EXPECT_EQ(FTPURI_VERSION_NUMBER, FTPURI_VERSION_MAJOR * 10000 + FTPURI_VERSION_MINOR * 100 + FTPURI_VERSION_PATCH);
}

TEST(version, the_library_reports_the_headers_version)
{
    EXPECT_EQ(ftpuri::version(), ftpuri::header_version);
}

// Keep a Changelog: an "Unreleased" section on top, and one per released version.
TEST(version, the_changelog_has_the_version)
{
    std::string const changelog = ftpuri_test::read_file(std::string(FTPURI_SOURCE_DIR) + "/CHANGELOG.md");
    ASSERT_FALSE(changelog.empty()) << "CHANGELOG.md is missing";
    EXPECT_NE(changelog.find("## [Unreleased]"), std::string::npos);
    EXPECT_NE(changelog.find("## [" + project_version + "]"), std::string::npos)
        << "CHANGELOG.md needs a section for " << project_version;
}

} // namespace
