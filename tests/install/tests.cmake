# SPDX-License-Identifier: Apache-2.0
# tests/install/tests.cmake: install.consumers (tests/install/run.sh): install this build into a
# temporary prefix and build C and C++ consumers against it, with find_package and pkg-config,
# static and shared. Not in a sanitizer build: its library needs the sanitizer runtimes in every
# consumer, which a plain consumer does not link (the GCC build, which CI runs, has the test).
# install.python (tests/install/python.sh): the same install, and the Python package imported from
# it by the interpreter it was built for, where python/ (which comes before tests/) builds it.
# Both write the build's install_manifest.txt: one at a time (RESOURCE_LOCK).
if(NOT FTPURI_SANITIZE)
  enable_language(C)
  add_test(NAME install.consumers
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install/run.sh ${PROJECT_BINARY_DIR} ${CMAKE_C_COMPILER}
      ${CMAKE_CXX_COMPILER} ${PROJECT_VERSION})
  set_tests_properties(install.consumers PROPERTIES LABELS "embedding;install" TIMEOUT 600
    RESOURCE_LOCK ftpuri_install)
endif()
if(TARGET ftpuri_python AND NOT FTPURI_SANITIZE) # an installed sanitized module imports nowhere plain
  add_test(NAME install.python
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install/python.sh ${PROJECT_BINARY_DIR}
      $<TARGET_PROPERTY:ftpuri_python,FTPURI_PYTHON_EXECUTABLE> ${FTPURI_PYTHON_INSTALL_DIR})
  set_tests_properties(install.python PROPERTIES LABELS "install;python" TIMEOUT 300 RESOURCE_LOCK ftpuri_install)
endif()
# install.components (tests/install/components.sh): each component (library, cli, python) alone
# in its own prefix, used as its user would. install.quickstart (tests/install/quickstart.sh):
# scripts/quickstart.sh into a temporary build, then a complete `cmake --install` of it (slow:
# a build of its own, mostly from ccache when it is configured).
if(NOT FTPURI_SANITIZE AND TARGET ftpuri-check)
  if(TARGET ftpuri_python)
    set(python $<TARGET_PROPERTY:ftpuri_python,FTPURI_PYTHON_EXECUTABLE>)
    set(python_dir ${FTPURI_PYTHON_INSTALL_DIR})
  else()
    set(python -)
    set(python_dir -)
  endif()
  add_test(NAME install.components
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install/components.sh ${PROJECT_BINARY_DIR} ${CMAKE_C_COMPILER}
      ${python} ${python_dir})
  set_tests_properties(install.components PROPERTIES LABELS "install" TIMEOUT 300)
  add_test(NAME install.quickstart
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install/quickstart.sh ${PROJECT_SOURCE_DIR} $<TARGET_EXISTS:ftpuri_python>
            ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(install.quickstart PROPERTIES LABELS "install;slow" TIMEOUT 1800)
endif()
# install.fetch (tests/install/fetch.sh): the fetch component alone holds its own files; beside the
# library component, find_package and pkg-config consumers of the guarded fetch run.
if(NOT FTPURI_SANITIZE AND TARGET ftpuri-fetch)
  add_test(NAME install.fetch COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install/fetch.sh ${PROJECT_BINARY_DIR}
                                      ${CMAKE_C_COMPILER})
  set_tests_properties(install.fetch PROPERTIES LABELS "install;fetch" TIMEOUT 300)
endif()
# deb.packages (tests/deb/run.sh): the Debian packages of debian/, built from a copy of the source
# tree, held to lintian, installed into a scratch root with its own dpkg database and used.
if(NOT FTPURI_SANITIZE)
  add_test(NAME deb.packages COMMAND bash ${PROJECT_SOURCE_DIR}/tests/deb/run.sh ${PROJECT_SOURCE_DIR})
  set_tests_properties(deb.packages PROPERTIES LABELS "deb;slow" TIMEOUT 3600)
endif()
