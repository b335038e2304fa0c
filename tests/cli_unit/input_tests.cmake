# SPDX-License-Identifier: Apache-2.0
# tests/cli_unit/input_tests.cmake: input_lines_test (blank and comment lines, -0, --diff's diff).
if(TARGET ftpuri_cli_core)
  add_executable(input_lines_test ${CMAKE_CURRENT_SOURCE_DIR}/cli_unit/input_lines_test.cpp)
  target_link_libraries(input_lines_test PRIVATE ftpuri_cli_core GTest::gtest GTest::gtest_main ftpuri_warnings)
  gtest_discover_tests(input_lines_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS cli_unit)
endif()
