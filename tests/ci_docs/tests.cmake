# SPDX-License-Identifier: Apache-2.0
# tests/ci_docs/tests.cmake: docs/ci.md's commands and the pre-commit hook, run (check_ci_docs.py).
if(TARGET ftpuri-check)
  add_test(NAME ci_docs.commands_run_as_shown
    COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/ci_docs/check_ci_docs.py $<TARGET_FILE:ftpuri-check>
      ${PROJECT_SOURCE_DIR})
  set_tests_properties(ci_docs.commands_run_as_shown PROPERTIES LABELS "cli;cli_docs")
endif()
