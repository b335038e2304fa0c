# SPDX-License-Identifier: Apache-2.0
# The Python module's tests (python/tests/), run by ctest (label python) from the build tree:
# python/CMakeLists.txt sets PYTHONPATH to the build's package directory and passes
#   FTPURI_CHECK               the built ftpuri-check, which several tests compare the module with
#   FTPURI_SOURCE_DIR          the source tree (README.md, corpus/, tests/data/, the C++ tables)
#   FTPURI_PYTHON_PACKAGE_DIR  where the package under test must come from
# A skipped test fails here: nothing is counted as passed that did not run.
import os
import pathlib

import pytest


def required_environment(name):
    value = os.environ.get(name)
    if not value:
        raise pytest.UsageError(f"{name} is not set: run these tests through ctest (ctest -L python)")
    return value


# Under FTPURI_SANITIZE, ctest preloads the sanitizer runtime into this interpreter (the extension
# has none of its own), and the interpreters it starts inherit it; check_cli.py keeps it from
# ftpuri-check. Here: the runtime is really there, so the module really runs sanitized.
SANITIZER_PRELOAD = os.environ.get("FTPURI_SANITIZER_PRELOAD")
if SANITIZER_PRELOAD:
    with open("/proc/self/maps", encoding="utf-8") as maps:
        mapped = maps.read()
    for runtime in SANITIZER_PRELOAD.split(":"):
        assert os.path.realpath(runtime) in mapped, f"the sanitizer runtime {runtime} is not loaded"


@pytest.fixture(scope="session")
def source_dir():
    return pathlib.Path(required_environment("FTPURI_SOURCE_DIR"))


@pytest.fixture(scope="session")
def ftpuri_check():
    path = required_environment("FTPURI_CHECK")
    assert os.access(path, os.X_OK), f"{path} is not an executable"
    return path


@pytest.fixture(scope="session", autouse=True)
def package_under_test():
    """The package imported is the build's, with its extension, not the sources' python/ftpuri/."""
    import ftpuri

    expected = pathlib.Path(required_environment("FTPURI_PYTHON_PACKAGE_DIR")).resolve() / "ftpuri"
    assert pathlib.Path(ftpuri.__file__).resolve().parent == expected
    assert pathlib.Path(ftpuri._core.__file__).resolve().parent == expected
    return ftpuri


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} was skipped, and a skipped test counts as a failure here"
