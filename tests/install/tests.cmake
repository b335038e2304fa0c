# SPDX-License-Identifier: Apache-2.0
# tests/install/tests.cmake: install.consumers (tests/install/run.sh): install this build into a
# temporary prefix and build C and C++ consumers against it, with find_package and pkg-config,
# static and shared. Not in a sanitizer build: its library needs the sanitizer runtimes in every
# consumer, which a plain consumer does not link (the GCC build, which CI runs, has the test).
if(NOT FTPURI_SANITIZE)
  enable_language(C)
  add_test(NAME install.consumers
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install/run.sh ${PROJECT_BINARY_DIR} ${CMAKE_C_COMPILER}
      ${CMAKE_CXX_COMPILER} ${PROJECT_VERSION})
  set_tests_properties(install.consumers PROPERTIES LABELS "embedding;install" TIMEOUT 600)
endif()
