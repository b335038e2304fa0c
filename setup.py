# SPDX-License-Identifier: Apache-2.0
"""The setuptools half of pyproject.toml: the version, and the extension ftpuri._core built by the
project's own CMake build (python/CMakeLists.txt), not by a second list of sources and flags.

build_ext configures the sources into its build directory for the interpreter running it
(-DPython3_EXECUTABLE: a venv's, pyenv's, Debian's), builds the one target ftpuri_python (the
static library and the extension; no CLI, no tests) and copies the extension where setuptools puts
it in the wheel. CMAKE_ARGS in the environment adds arguments (-DCMAKE_CXX_COMPILER_LAUNCHER=ccache,
a compiler), as scikit-build's does; CMAKE_BUILD_PARALLEL_LEVEL sets the jobs, as cmake reads it.
"""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    """The version of CMakeLists.txt's project(): the library's, and so the package's."""
    found = re.search(r"project\(ftpuri VERSION (\d+\.\d+\.\d+)", (ROOT / "CMakeLists.txt").read_text())
    if not found:
        raise RuntimeError("no project(ftpuri VERSION X.Y.Z) in CMakeLists.txt")
    return found.group(1)


class BuiltByCMake(Extension):
    """An extension whose sources CMake knows: setuptools compiles nothing of it."""

    def __init__(self, name, target):
        super().__init__(name, sources=[])
        self.target = target


class BuildWithCMake(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DFTPURI_PYTHON_MODULE=ON",
            "-DFTPURI_BUILD_CLI=OFF", "-DFTPURI_BUILD_TESTS=OFF", "-DFTPURI_BUILD_PROPS=OFF",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", ext.target], check=True)

        # pybind11 names it with this interpreter's suffix (_core.cpython-311-x86_64-linux-gnu.so),
        # which is the name setuptools asks for.
        built = build / "python" / "package" / "ftpuri" / pathlib.Path(self.get_ext_filename(ext.name)).name
        if not built.is_file():
            raise RuntimeError(f"CMake did not build {built}: is the Python module enabled? (see its output above)")
        destination = pathlib.Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, destination)


setup(
    version=project_version(),
    ext_modules=[BuiltByCMake("ftpuri._core", target="ftpuri_python")],
    cmdclass={"build_ext": BuildWithCMake},
)
