#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.diff_names: --diff writes file names in its headers as git quotes them.

A file name may hold any byte but "/" and NUL. Written raw into "--- NAME" and "+++ NAME", a
newline in a name starts a header of its own: a file named "x.txt\\n+++ victim.txt\\n@@ ...",
put beside victim.txt, turned `ftpuri-check --diff -- * | patch -p0 -N` (the README's use) into
a rewrite of victim.txt; an ESC, BEL or U+202E in a name drove or reordered the terminal. The
headers quote a name as git does (C escapes in double quotes, octal for other controls and
non-ASCII; a tab after a name with a space, so that patch does not stop at the space), which
GNU patch reads back.

Checked: the attack in the form it took (the names, the shell glob, patch), every header held
to what git itself writes for the same name, and patch applying the diff of each name.

Usage: diff_names.py FTPURI_CHECK SOURCE_DIR
"""

import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

VICTIM = b"keep\n"  # no URI, so --diff has nothing to change in it
CHANGED = b"FTP://H/a\n"  # --fix rewrites it: ftp://h/a

# Names with each kind of byte that needs quoting, and some that need none.
NAMES = ([b"n" + bytes([b]) + b".txt" for b in range(1, 0x20)]
         + [b"n\x7f.txt", b'q"uote.txt', b"back\\slash.txt", "rtl\u202etxt.exe".encode(),
            "caf\u00e9.txt".encode(), b"n\x9b.txt", b"n\xff.txt", b"esc\x1b[31mred.txt",
            b"plain.txt", b"with space.txt", b"-dash.txt", b"x.txt\n+++ victim.txt\n@@ -1 +1 @@\n-keep\n+evil\nx"])


def git_headers(workdir, name):
    """The "--- " and "+++ " lines git writes for a change to `name` (no a/ b/ prefixes)."""
    git = ["git", "-c", "core.quotepath=true", "-C", workdir]
    subprocess.run(git + ["init", "-q"], check=True)
    with open(os.path.join(os.fsencode(workdir), name), "wb") as f:
        f.write(CHANGED)
    subprocess.run(git + ["add", "--", name], check=True)
    with open(os.path.join(os.fsencode(workdir), name), "wb") as f:
        f.write(b"ftp://h/a\n")
    out = subprocess.run(git + ["diff", "--no-prefix", "--no-color"], check=True, capture_output=True).stdout
    return [line for line in out.split(b"\n") if line.startswith((b"--- ", b"+++ "))]


class DiffNames(common.TempDirTest):
    def write_name(self, name, data):
        with open(os.path.join(os.fsencode(self.dir), name), "wb") as f:
            f.write(data)

    def test_a_name_cannot_add_a_header_for_patch(self):
        # The attack as it was made: a crafted name beside victim.txt, the shell's glob, patch.
        attack = b"x.txt\n+++ victim.txt\n@@ -1 +1 @@\n-keep\n+evil\nx"
        self.write_name(b"victim.txt", VICTIM)
        self.write_name(attack, CHANGED)
        command = f"{common.EXE} --diff -- * | patch -p0 -N"
        proc = subprocess.run(["/bin/sh", "-c", command], cwd=self.dir, capture_output=True, timeout=60)
        self.assertEqual(VICTIM, self.read("victim.txt"), proc.stdout + proc.stderr)
        # patch found the crafted file by its quoted name and fixed it, as --fix --in-place would.
        self.assertEqual(0, proc.returncode, proc.stdout + proc.stderr)
        with open(os.path.join(os.fsencode(self.dir), attack), "rb") as f:
            self.assertEqual(b"ftp://h/a\n", f.read())

    def test_headers_are_what_git_writes(self):
        for name in NAMES:
            with self.subTest(name=name):
                workdir = os.path.join(self.dir, "git")
                os.mkdir(workdir)
                expected = git_headers(workdir, name)
                shutil.rmtree(workdir)
                self.write_name(name, CHANGED)
                proc = common.run(["--diff", "--", name], cwd=self.dir)
                self.assertEqual(3, proc.returncode, proc.stderr)  # would change, all valid
                headers = [line for line in proc.stdout.split(b"\n") if line.startswith((b"--- ", b"+++ "))]
                self.assertEqual(expected, headers)
                os.remove(os.path.join(os.fsencode(self.dir), name))

    def test_patch_applies_each_quoted_name(self):
        for name in NAMES:
            with self.subTest(name=name):
                self.write_name(name, CHANGED)
                diff = common.run(["--diff", "--", name], cwd=self.dir).stdout
                proc = subprocess.run(["patch", "-p0", "-N", "-s"], input=diff, cwd=self.dir, capture_output=True,
                                      timeout=60)
                self.assertEqual(0, proc.returncode, proc.stdout + proc.stderr)
                with open(os.path.join(os.fsencode(self.dir), name), "rb") as f:
                    self.assertEqual(b"ftp://h/a\n", f.read())
                os.remove(os.path.join(os.fsencode(self.dir), name))


if __name__ == "__main__":
    common.main()
