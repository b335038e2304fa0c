# SPDX-License-Identifier: Apache-2.0
# tests/mutation/tests.cmake: scripts/mutate.py's mutants are found (the run itself is a script
# people run before a release: docs/mutation.md).
add_test(NAME mutation.operators_found
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mutation/operators_found.sh ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR})
set_tests_properties(mutation.operators_found PROPERTIES LABELS mutation)
