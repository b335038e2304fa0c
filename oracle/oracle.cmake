# SPDX-License-Identifier: Apache-2.0
# oracle/oracle.cmake: the regexes generated from docs/grammar.abnf and the ftpuri_oracle library
# that loads them and judges the scanner. Included by oracle/CMakeLists.txt (the tests) and by
# fuzz/CMakeLists.txt (the oracle fuzzer), so that both build it the one way. The regexes are
# generated into the build tree at build time by the tool abnf_to_re2 (built here); never written
# by hand, never committed.

find_package(PkgConfig REQUIRED)
pkg_check_modules(RE2 REQUIRED IMPORTED_TARGET re2)

cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH FTPURI_ORACLE_ROOT)
set(FTPURI_GRAMMAR ${FTPURI_ORACLE_ROOT}/docs/grammar.abnf)
set(FTPURI_ORACLE_DIR ${CMAKE_CURRENT_BINARY_DIR})

# The build-time tool that writes the regexes: the project's ABNF reader (tests/support/abnf/)
# and its regex writer, built for the machine that builds.
add_executable(abnf_to_re2 ${CMAKE_CURRENT_LIST_DIR}/abnf_to_re2.cpp)
target_include_directories(abnf_to_re2 PRIVATE ${FTPURI_ORACLE_ROOT}/tests)
target_compile_features(abnf_to_re2 PRIVATE cxx_std_20) # also where a standalone fuzz/ or bench/ build sets none
target_link_libraries(abnf_to_re2 PRIVATE ftpuri_warnings)

# ftpuri_oracle_regex(<output file> <rule> [<captured rule> ...])
function(ftpuri_oracle_regex output rule)
  set(captures)
  foreach(c ${ARGN})
    list(APPEND captures --capture ${c})
  endforeach()
  add_custom_command(
    OUTPUT ${FTPURI_ORACLE_DIR}/${output}
    COMMAND abnf_to_re2 ${FTPURI_GRAMMAR} --rule ${rule} ${captures} --output ${FTPURI_ORACLE_DIR}/${output}
    DEPENDS ${FTPURI_GRAMMAR} abnf_to_re2
    COMMENT "Deriving the ${rule} regex oracle from docs/grammar.abnf"
    VERBATIM)
endfunction()

# One regex per grammar profile; the named groups are the components the named constraints
# apply to. IPv4address on its own serves the numeric-host constraint.
ftpuri_oracle_regex(ftp_oracle_strict.re2 ftp-URI user password host port ftp-path fragment)
ftpuri_oracle_regex(ftp_oracle_rfc3986.re2 ftp-URI-rfc3986 userinfo host-3986 port path-abempty query
                    fragment)
ftpuri_oracle_regex(ftp_oracle_ipv4address.re2 IPv4address)
add_custom_target(ftpuri_oracle_regexes ALL DEPENDS
  ${FTPURI_ORACLE_DIR}/ftp_oracle_strict.re2
  ${FTPURI_ORACLE_DIR}/ftp_oracle_rfc3986.re2
  ${FTPURI_ORACLE_DIR}/ftp_oracle_ipv4address.re2)

add_library(ftpuri_oracle STATIC ${CMAKE_CURRENT_LIST_DIR}/oracle.cpp ${CMAKE_CURRENT_LIST_DIR}/id_classes.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/constraints.cpp ${CMAKE_CURRENT_LIST_DIR}/judge.cpp)
target_link_libraries(ftpuri_oracle PUBLIC ftpuri PkgConfig::RE2 PRIVATE idn2 ftpuri_warnings)
target_compile_definitions(ftpuri_oracle PUBLIC FTPURI_ORACLE_DIR="${FTPURI_ORACLE_DIR}")
add_dependencies(ftpuri_oracle ftpuri_oracle_regexes)

# tests/ for the shared readers of tests/support/ ("support/read_file.hpp").
target_include_directories(ftpuri_oracle PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${CMAKE_CURRENT_LIST_DIR}/../tests)
