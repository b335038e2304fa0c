# SPDX-License-Identifier: Apache-2.0
# tests/abi/tests.cmake: the shared library's promises (check_abi.sh says how each is checked).
#   abi.exported_symbols  what libftpuri.so exports is exactly tests/abi/ftpuri.symbols
#   abi.c_abi             the C ABI is compatible with tests/abi/ftpuri-c.abi, or the soname's
#                         major version moved
#   abi.self_test         the C ABI check fails on an incompatible change (on a tiny library)
find_program(FTPURI_ABIDIFF abidiff)
set(abi_dir ${CMAKE_CURRENT_SOURCE_DIR}/abi)
add_test(NAME abi.exported_symbols
  COMMAND bash ${abi_dir}/check_abi.sh symbols $<TARGET_FILE:ftpuri_shared> ${abi_dir}/ftpuri.symbols)
if(FTPURI_ABIDIFF)
  add_test(NAME abi.c_abi
    COMMAND bash ${abi_dir}/check_abi.sh abi $<TARGET_FILE:ftpuri_shared> ${abi_dir}/ftpuri-c.abi ${abi_dir}/c_api.suppr)
  add_test(NAME abi.self_test COMMAND bash ${abi_dir}/check_abi.sh self-test ${abi_dir}/c_api.suppr)
else()
  # Not skipped quietly: a missing tool is a failure (scripts/install-deps.sh installs it).
  add_test(NAME abi.c_abi COMMAND ${CMAKE_COMMAND} -E false)
  message(WARNING "abidiff not found (abigail-tools): the test abi.c_abi will fail")
endif()
set_tests_properties(abi.exported_symbols abi.c_abi PROPERTIES LABELS abi)
if(TEST abi.self_test)
  set_tests_properties(abi.self_test PROPERTIES LABELS abi)
endif()
