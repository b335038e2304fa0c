# SPDX-License-Identifier: Apache-2.0
"""The private copy of the tree and its build: copying, configuring and building it, and the
object files a mutated source compiles into."""

import hashlib
import os
import shutil
import subprocess

from .config import LIBRARY_OBJECTS, ROOT


def run(command, timeout=None, cwd=ROOT, env=None):
    try:
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def sync_tree(tree):
    """Copies the working tree (without .git and build directories) to the private tree the
    mutants are written into, so that people and other builds can go on using the real one
    during a run of hours. Only files whose bytes differ are copied (with a new mtime), so the
    private build stays incremental."""
    wanted = set()
    for folder, dirs, files in os.walk(ROOT):
        rel = os.path.relpath(folder, ROOT)
        if rel == ".":
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
        for name in files:
            wanted.add(os.path.normpath(os.path.join(rel, name)))
    for rel in wanted:
        source, copy = os.path.join(ROOT, rel), os.path.join(tree, rel)
        data = open(source, "rb").read()
        if not os.path.exists(copy) or open(copy, "rb").read() != data:
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            with open(copy, "wb") as f:
                f.write(data)
            shutil.copymode(source, copy)
    for folder, _, files in os.walk(tree):
        for name in files:
            rel = os.path.relpath(os.path.join(folder, name), tree)
            if rel not in wanted:
                os.remove(os.path.join(folder, name))


def configure(build, source):
    # Every run, so that a build tree made before an option existed gets it too (a few seconds).
    print(f"mutate: configuring {build} (GCC, Release, libstdc++ assertions, ccache, lld, no CLI, no Python module)",
          flush=True)
    # lld: a mutant of the scanner relinks some sixty test programs, the largest cost of its
    # rebuild after the compile, and lld links them in half the time of ld.bfd.
    # _GLIBCXX_ASSERTIONS: a mutant that moves a bound by one often reads one byte past a
    # std::string_view or writes one piece past a std::array, and returns the same answer; only
    # the sanitizer stage of CI would see it. libstdc++'s checked subscripts abort there instead,
    # so the kill suite sees it too, and such a mutant is killed, not argued equivalent.
    result = run(["cmake", "-S", source, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                  "-DCMAKE_CXX_FLAGS=-D_GLIBCXX_ASSERTIONS",
                  "-DCMAKE_CXX_COMPILER=g++", "-DCMAKE_C_COMPILER=gcc", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
                  "-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld", "-DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld",
                  "-DFTPURI_BUILD_CLI=OFF", "-DFTPURI_PYTHON_MODULE=OFF", "-DFTPURI_PROPS_MAX_SUCCESS=1000"])
    if result is None or result.returncode != 0:
        raise SystemExit(f"mutate: cmake failed:\n{result.stderr if result else ''}")


def build_all(build, jobs):
    return run(["cmake", "--build", build, "-j", str(jobs)])


def objects_of(build, path):
    """The object files whose compile reads `path` (ninja's dependency log), relative to build."""
    listed = run(["ninja", "-C", build, "-t", "deps"])
    objects, current = [], None
    target = os.path.realpath(path)
    for line in listed.stdout.splitlines():
        if line and not line.startswith(" "):
            current = line.split(":")[0]
        elif current and line.strip() and os.path.realpath(os.path.join(build, line.strip())) == target:
            objects.append(current)
    return sorted(set(objects))


def split_objects(objects, programs):
    """`objects` (relative to the build) as those to compile before any test runs, the
    library's and those of `programs`, and the rest (CMake puts a program's objects in
    DIR/CMakeFiles/NAME.dir/)."""
    first = [f"CMakeFiles/{os.path.basename(p)}.dir/" for p in programs]
    eager = [o for o in objects if o.startswith(LIBRARY_OBJECTS) or any(d in o for d in first)]
    # ninja without a target builds everything: never leave the first list empty.
    return (eager, [o for o in objects if o not in eager]) if eager else (objects, [])


def digest(build, objects):
    h = hashlib.sha256()
    for o in objects:
        h.update(open(os.path.join(build, o), "rb").read())
    return h.hexdigest()
