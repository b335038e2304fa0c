#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.in_place: ftpuri-check --fix --in-place rewrites files safely.

Invalid lines are kept byte for byte (and reported on stderr, exit 1); CRLF endings and a last
line without a newline are preserved; the file mode is preserved; a read-only file (even for
root), a directory and a missing file are refused with exit 2 and left untouched; a file that
needs no change is not rewritten (same inode, same mtime); a symbolic link gets its target
rewritten and stays a link; a file with several hard links is refused (exit 2, untouched)
unless --break-links, which rewrites the name given and leaves the other names with the old
content; no temporary file is ever left in the directory. (A file that changes while it is
being fixed is refused too: tests/cli_unit/in_place_test.cpp makes that race happen on cue.)

Usage: in_place.py FTPURI_CHECK SOURCE_DIR
"""

import os
import stat
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402


class InPlace(common.TempDirTest):
    def in_place(self, *files, extra=()):
        return common.run(["--fix", "--in-place", *extra, *files], cwd=self.dir)

    def tearDown(self):
        # No test leaves a temporary file behind, whatever happened.
        leftovers = []
        for root, _, files in os.walk(self.dir):
            leftovers += [f for f in files if ".ftpuri-" in f]
        try:
            self.assertEqual([], leftovers, "temporary files left behind")
        finally:
            super().tearDown()

    def listing(self):
        return sorted(os.listdir(self.dir))

    def test_invalid_lines_kept_byte_for_byte(self):
        # An empty line and a comment are skipped, not inputs: kept as they are too.
        invalid = [b"ftp://h/a b", b"ftp://h/\x01\xff<>", b"", b"http://x/", b"# \x1b[31m", b"ftp://u:pw@a@h/"]
        original = b"FTP://h/1\n" + b"".join(line + b"\n" for line in invalid) + b"ftp://h/2/./x\n"
        self.write("list.txt", original)
        proc = self.in_place("list.txt")
        self.assertEqual(1, proc.returncode, proc.stderr)
        self.assertEqual(b"", proc.stdout)
        expected = b"ftp://h/1\n" + b"".join(line + b"\n" for line in invalid) + b"ftp://h/2/x\n"
        self.assertEqual(expected, self.read("list.txt"))
        self.assertIn(b"list.txt:2:10: error: blanks between two runs of text: the line may hold more than one field "
                      b"[list.fields]", proc.stderr)
        self.assertNotIn(b"input.empty", proc.stderr)
        self.assertNotIn(b"list.txt:6:", proc.stderr)
        self.assertIn(b"ftpuri-check: list.txt: 2 lines rewritten; 4 invalid lines kept unchanged\n",
                      proc.stderr)
        self.assertEqual(["list.txt"], self.listing())

    def test_line_endings_preserved(self):
        original = b"FTP://h/a\r\nftp://h/ok\nftp://h/b c\r\nFTP://h/last"
        self.write("list.txt", original)
        proc = self.in_place("list.txt")
        self.assertEqual(1, proc.returncode, proc.stderr)
        self.assertEqual(b"ftp://h/a\r\nftp://h/ok\nftp://h/b c\r\nftp://h/last", self.read("list.txt"))

    def test_last_line_with_crlf_and_lone_cr(self):
        self.write("list.txt", b"FTP://h/a\r\nFTP://h/b\r\n")
        self.assertEqual(0, self.in_place("list.txt").returncode)
        self.assertEqual(b"ftp://h/a\r\nftp://h/b\r\n", self.read("list.txt"))
        # A CR without its LF at the end is part of the line: invalid, kept as it is.
        self.write("list.txt", b"FTP://h/a\r\nFTP://h/b\r")
        proc = self.in_place("list.txt")
        self.assertEqual(1, proc.returncode)
        self.assertIn(b"list.txt:2:10: error: raw control character [char.control]", proc.stderr)
        self.assertEqual(b"ftp://h/a\r\nFTP://h/b\r", self.read("list.txt"))

    def test_byte_order_mark_kept(self):
        # Windows editors begin a UTF-8 file with a byte order mark: no part of the first line,
        # which is checked and rewritten after it, and written back where it was.
        bom = b"\xef\xbb\xbf"
        self.write("list.txt", bom + b"# mirrors\r\nFTP://h/a\r\nftp://h/%7Eb\r\n")
        proc = self.in_place("list.txt")
        self.assertEqual(0, proc.returncode, proc.stderr)
        self.assertEqual(bom + b"# mirrors\r\nftp://h/a\r\nftp://h/~b\r\n", self.read("list.txt"))
        self.write("list.txt", bom + b"FTP://h/a\nftp://h/b c\n")
        proc = self.in_place("list.txt")
        self.assertEqual(1, proc.returncode, proc.stderr)
        self.assertEqual(bom + b"ftp://h/a\nftp://h/b c\n", self.read("list.txt"))
        # --diff reads the file as --in-place would write it: the mark is on both sides.
        self.write("list.txt", bom + b"FTP://h/a\n")
        proc = common.run(["--diff", "list.txt"], cwd=self.dir)
        self.assertEqual(3, proc.returncode, proc.stderr)
        self.assertIn(b"\n-" + bom + b"FTP://h/a\n+" + bom + b"ftp://h/a\n", proc.stdout)

    def test_utf16_file_refused_untouched(self):
        # Windows PowerShell 5's ">" writes UTF-16LE: every line would be misread, so the file
        # is not checked, not rewritten, and the message says how to convert it (exit 2).
        original = "FTP://h/a\r\n".encode("utf-16")
        self.assertTrue(original.startswith(b"\xff\xfe"))
        self.write("list.txt", original)
        message = (b"ftpuri-check: list.txt: not checked: it begins with a UTF-16LE byte order mark, and "
                   b"ftpuri-check reads UTF-8 (convert it with iconv -f UTF-16 -t UTF-8)")
        for args in (["--fix", "--in-place"], ["--diff"], ["-f"], ["--format=json", "-f"]):
            with self.subTest(args=args):
                proc = common.run([*args, "list.txt"], cwd=self.dir)
                self.assertEqual(2, proc.returncode, proc.stderr)
                self.assertIn(message, proc.stderr)
                self.assertNotIn(b"h/a", proc.stdout.lower())  # no line was read, none reported
                self.assertEqual(original, self.read("list.txt"))
        self.write("list.txt", b"\x00\x00\xfe\xff" + "FTP://h/a\n".encode("utf-32-be"))
        proc = common.run(["--fix", "--in-place", "list.txt"], cwd=self.dir)
        self.assertEqual(2, proc.returncode, proc.stderr)
        self.assertIn(b"UTF-32BE byte order mark", proc.stderr)

    def test_mode_preserved(self):
        for mode in (0o600, 0o640, 0o755, 0o604):
            with self.subTest(mode=oct(mode)):
                path = self.write("list.txt", b"FTP://h/\n", mode=mode)
                proc = self.in_place("list.txt")
                self.assertEqual(0, proc.returncode, proc.stderr)
                self.assertEqual(b"ftp://h/\n", self.read("list.txt"))
                self.assertEqual(mode, stat.S_IMODE(os.stat(path).st_mode))

    def test_read_only_refused(self):
        path = self.write("ro.txt", b"FTP://h/\n", mode=0o444)
        before = os.stat(path)
        proc = self.in_place("ro.txt")
        self.assertEqual(2, proc.returncode)
        self.assertIn(b"ro.txt: the file is read-only; not rewritten", proc.stderr)
        self.assertEqual(b"FTP://h/\n", self.read("ro.txt"))
        after = os.stat(path)
        self.assertEqual((before.st_ino, before.st_mtime_ns, 0o444),
                         (after.st_ino, after.st_mtime_ns, stat.S_IMODE(after.st_mode)))
        self.assertEqual(["ro.txt"], self.listing())

    def test_read_only_among_others(self):
        # The writable file is still rewritten; the run fails with 2 for the other.
        self.write("ro.txt", b"FTP://h/\n", mode=0o444)
        self.write("rw.txt", b"FTP://h/\n")
        proc = self.in_place("ro.txt", "rw.txt")
        self.assertEqual(2, proc.returncode)
        self.assertEqual(b"FTP://h/\n", self.read("ro.txt"))
        self.assertEqual(b"ftp://h/\n", self.read("rw.txt"))

    def test_directory_and_missing_file_refused(self):
        os.mkdir(self.path("subdir"))
        for name in ("subdir", "missing.txt"):
            with self.subTest(name=name):
                proc = self.in_place(name)
                self.assertEqual(2, proc.returncode)
                self.assertIn(name.encode() + b": ", proc.stderr)
                self.assertIn(b"not rewritten", proc.stderr)
        self.assertEqual(["subdir"], self.listing())
        self.assertEqual([], os.listdir(self.path("subdir")))

    def test_unchanged_file_not_rewritten(self):
        for content in (b"ftp://h/a\nftp://h/b\n", b"ftp://h/a\nftp://h/x y\n", b""):
            with self.subTest(content=content):
                path = self.write("list.txt", content)
                os.utime(path, ns=(1_000_000_000, 1_000_000_000))  # an mtime a rewrite would change
                before = os.stat(path)
                proc = self.in_place("list.txt")
                self.assertIn(proc.returncode, (0, 1), proc.stderr)
                after = os.stat(path)
                self.assertEqual((before.st_ino, before.st_mtime_ns), (after.st_ino, after.st_mtime_ns))
                self.assertEqual(content, self.read("list.txt"))
                self.assertIn(b"(the file is unchanged)", proc.stderr)
                self.assertEqual(["list.txt"], self.listing())

    def test_symlink_rewrites_its_target(self):
        os.mkdir(self.path("real"))
        target = os.path.join(self.path("real"), "list.txt")
        with open(target, "wb") as f:
            f.write(b"FTP://h/\n")
        os.symlink(os.path.join("real", "list.txt"), self.path("link.txt"))
        proc = self.in_place("link.txt")
        self.assertEqual(0, proc.returncode, proc.stderr)
        self.assertTrue(os.path.islink(self.path("link.txt")))
        self.assertEqual(os.path.join("real", "list.txt"), os.readlink(self.path("link.txt")))
        with open(target, "rb") as f:
            self.assertEqual(b"ftp://h/\n", f.read())
        self.assertEqual(["link.txt", "real"], self.listing())
        self.assertEqual(["list.txt"], os.listdir(self.path("real")))

    def test_hard_link_refused(self):
        # The rename gives the name a new inode: the other names of the file would keep the old
        # content, silently. Refused, both names untouched, unless --break-links says so.
        path = self.write("list.txt", b"FTP://h/\n")
        os.link(path, self.path("other.txt"))
        before = os.stat(path)
        proc = self.in_place("list.txt")
        self.assertEqual(2, proc.returncode, proc.stderr)
        self.assertIn(b"ftpuri-check: list.txt: the file has 2 hard links, which rewriting it would break "
                      b"(--break-links rewrites it anyway); not rewritten\n", proc.stderr)
        after = os.stat(path)
        self.assertEqual((before.st_ino, before.st_mtime_ns, 2), (after.st_ino, after.st_mtime_ns, after.st_nlink))
        self.assertEqual((b"FTP://h/\n", b"FTP://h/\n"), (self.read("list.txt"), self.read("other.txt")))
        self.assertEqual(["list.txt", "other.txt"], self.listing())

    def test_hard_link_unchanged_file_is_not_refused(self):
        # Nothing to rewrite, so no link to break.
        path = self.write("list.txt", b"ftp://h/\n")
        os.link(path, self.path("other.txt"))
        proc = self.in_place("list.txt")
        self.assertEqual(0, proc.returncode, proc.stderr)
        self.assertIn(b"(the file is unchanged)", proc.stderr)

    def test_break_links(self):
        path = self.write("list.txt", b"FTP://h/\n")
        os.link(path, self.path("other.txt"))
        proc = self.in_place("list.txt", extra=["--break-links"])
        self.assertEqual(0, proc.returncode, proc.stderr)
        self.assertEqual(b"ftp://h/\n", self.read("list.txt"))
        self.assertEqual(b"FTP://h/\n", self.read("other.txt"))  # the other name keeps the old file
        self.assertEqual(1, os.stat(path).st_nlink)
        self.assertEqual(1, os.stat(self.path("other.txt")).st_nlink)

    def test_break_links_needs_in_place(self):
        proc = common.run(["--fix", "--break-links", "ftp://h/"], cwd=self.dir)
        self.assertEqual(2, proc.returncode)
        self.assertIn(b"--break-links requires --in-place", proc.stderr)

    def test_large_file(self):
        # Several blocks, so that the workers write the new content in order.
        lines = [b"FTP://h/%d/./x" % i if i % 3 else b"ftp://h/%d y" % i for i in range(40000)]
        self.write("big.txt", b"\r\n".join(lines) + b"\r\n")
        proc = common.run(["--fix", "--in-place", "-j", "3", "big.txt"], cwd=self.dir)
        self.assertEqual(1, proc.returncode)
        expected = [b"ftp://h/%d/x" % i if i % 3 else b"ftp://h/%d y" % i for i in range(40000)]
        self.assertEqual(b"\r\n".join(expected) + b"\r\n", self.read("big.txt"))

    def test_crlf_across_read_chunks(self):
        # The reader reads 64 KiB at a time: a CR at the end of one read and its LF at the start
        # of the next are still one CRLF line end, kept as such.
        for boundary in (65536, 131072):
            for shift in (0, 1, 2):
                with self.subTest(boundary=boundary, shift=shift):
                    first = b"FTP://h/" + b"a" * (boundary - 1 - shift - 8)
                    rest = b"FTP://h/b\r\nftp://h/c d\r\nFTP://h/e"
                    self.write("list.txt", first + b"\r\n" + rest)
                    proc = self.in_place("list.txt", extra=["--max-length", "200000"])
                    self.assertEqual(1, proc.returncode, proc.stderr[-300:])
                    self.assertEqual(b"ftp://h/" + first[8:] + b"\r\nftp://h/b\r\nftp://h/c d\r\nftp://h/e",
                                     self.read("list.txt"))
                    self.assertNotIn(b"<0D>", proc.stderr)

    def test_quiet(self):
        self.write("list.txt", b"FTP://h/\nftp://h/a b\n")
        proc = self.in_place("list.txt", extra=["-q"])
        self.assertEqual(1, proc.returncode)
        self.assertEqual((b"", b""), (proc.stdout, proc.stderr))
        self.assertEqual(b"ftp://h/\nftp://h/a b\n", self.read("list.txt"))


if __name__ == "__main__":
    common.main()
