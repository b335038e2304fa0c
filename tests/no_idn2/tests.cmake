# SPDX-License-Identifier: Apache-2.0
# tests/no_idn2/tests.cmake: included by tests/CMakeLists.txt. One ctest builds tests/no_idn2 (a
# project that embeds ftpuri with add_subdirectory and FTPURI_WITH_IDN2=OFF) into the build
# tree with this build's compiler and sanitizer setting, runs its check program and checks that
# the static library references no libidn2 symbol (run.sh). About a minute: the library's
# sources are compiled once more.
add_test(NAME embedding.no_idn2_add_subdirectory
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run.sh ${PROJECT_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/no_idn2-build ${CMAKE_CXX_COMPILER} ${FTPURI_SANITIZE})
set_tests_properties(embedding.no_idn2_add_subdirectory PROPERTIES LABELS "embedding;slow" TIMEOUT 900)
