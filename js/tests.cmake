# SPDX-License-Identifier: Apache-2.0
# js/tests.cmake: the JavaScript package's tests, label js (docs/javascript.md). js.build builds
# the WebAssembly (js/build.sh, a configure of its own in ${CMAKE_BINARY_DIR}/wasm) and npm pack's
# tarball; each js/tests/*.test.mjs is then one ctest, run by node --test. Skipped (exit 77) where
# emscripten or node is missing, never with CI set (scripts/install-deps.sh installs them); the
# browser test also needs chromium and js/node_modules (npm ci, run by install-deps.sh).
set(FTPURI_WASM_DIR ${CMAKE_BINARY_DIR}/wasm)
add_test(NAME js.build
  COMMAND bash -c "'${PROJECT_SOURCE_DIR}/js/build.sh' '${FTPURI_WASM_DIR}' && cmake --build '${FTPURI_WASM_DIR}' --target ftpuri_npm_pack")
set_tests_properties(js.build PROPERTIES LABELS js FIXTURES_SETUP js_package SKIP_RETURN_CODE 77 TIMEOUT 600)

file(GLOB FTPURI_JS_TESTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/js/tests/*.test.mjs)
foreach(test_file ${FTPURI_JS_TESTS})
  get_filename_component(name ${test_file} NAME_WE)
  add_test(NAME js.${name} COMMAND ${PROJECT_SOURCE_DIR}/js/tests/run.sh ${test_file})
  set_tests_properties(js.${name} PROPERTIES LABELS js FIXTURES_REQUIRED js_package SKIP_RETURN_CODE 77
    TIMEOUT 300 ENVIRONMENT
    "FTPURI_JS_PACKAGE=${FTPURI_WASM_DIR}/package;FTPURI_PLAYGROUND=${FTPURI_WASM_DIR}/playground;FTPURI_JS_TARBALL=${FTPURI_WASM_DIR}/ftpuri-${PROJECT_VERSION}.tgz;FTPURI_CHECK=$<TARGET_FILE:ftpuri-check>")
endforeach()
