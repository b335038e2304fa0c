#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.terminal: colours and the progress bar follow the terminals.

ftpuri-check runs with its stdout and/or stderr on a pseudo-terminal (os.openpty):

- text reports are coloured (ANSI escapes) when they go to a terminal and NO_COLOR is unset or
  empty; not with NO_COLOR=1, not into a pipe, not with --color=never; --color=always colours a
  pipe; with --fix the reports go to stderr and follow stderr, and the canonical forms are never
  coloured;
- the progress bar is drawn on stderr when it is a terminal (after 0.5 s, or at once with
  --progress=always): "\\r\\x1b[K", the name, "[####...] NN%", and it is erased at the end; never
  with --progress=never, never with --progress=auto when stderr is not a terminal, and never
  mixed into report lines that share the terminal.

Usage: terminal.py FTPURI_CHECK SOURCE_DIR
"""

import os
import re
import select
import subprocess
import time
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

ESC = b"\x1b["
ERASE = b"\r\x1b[K"


def run_terminal(args, stdout_tty, stderr_tty, env=None, stdin_chunks=(b"",), pause=0.0, cwd=None,
                 shared=False):
    """Runs ftpuri-check with stdout and/or stderr on pseudo-terminals (one shared terminal for
    both with shared=True), writing stdin_chunks with `pause` seconds between them. Returns
    (exit code, stdout bytes, stderr bytes); with shared=True both are the terminal's bytes."""
    fds_to_close = []
    readers = {}

    def terminal():
        master, slave = os.openpty()
        fds_to_close.append(slave)
        return master, slave

    if shared:
        master, slave = terminal()
        out_fd = err_fd = slave
        readers[master] = "out"
    else:
        if stdout_tty:
            master, out_fd = terminal()
            readers[master] = "out"
        else:
            r, out_fd = os.pipe()
            fds_to_close.append(out_fd)
            readers[r] = "out"
        if stderr_tty:
            master, err_fd = terminal()
            readers[master] = "err"
        else:
            r, err_fd = os.pipe()
            fds_to_close.append(err_fd)
            readers[r] = "err"
    proc = subprocess.Popen([common.EXE, *args], stdin=subprocess.PIPE, stdout=out_fd, stderr=err_fd,
                            env=env if env is not None else common.base_env(), cwd=cwd)
    for fd in fds_to_close:
        os.close(fd)
    data = {"out": bytearray(), "err": bytearray()}
    open_fds = set(readers)

    def drain(timeout):
        if not open_fds:
            return
        ready, _, _ = select.select(list(open_fds), [], [], timeout)
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the terminal's other side is closed
                chunk = b""
            if chunk:
                data[readers[fd]] += chunk
            else:
                open_fds.discard(fd)
                os.close(fd)

    deadline = time.monotonic() + common.TIMEOUT
    try:
        for i, chunk in enumerate(stdin_chunks):
            if i and pause:
                end = time.monotonic() + pause
                while time.monotonic() < end:
                    drain(max(0.0, end - time.monotonic()))
            view = memoryview(chunk)
            while view:
                _, writable, _ = select.select([], [proc.stdin], [], 0.05)
                if writable:
                    n = os.write(proc.stdin.fileno(), view[:65536])
                    view = view[n:]
                if open_fds:
                    drain(0)
        proc.stdin.close()
        while open_fds and time.monotonic() < deadline:
            drain(0.05)
            if proc.poll() is not None and open_fds:
                # Once the process is gone, a pipe gives EOF and a terminal EIO; stop when
                # nothing is left to read in any case.
                ready, _, _ = select.select(list(open_fds), [], [], 0.05)
                if not ready:
                    break
        code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        for fd in open_fds:
            os.close(fd)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return code, bytes(data["out"]), bytes(data["err"])


def plain(data):
    """Terminal output with the pty's CRLF turned back into LF."""
    return data.replace(b"\r\n", b"\n")


class Colour(common.TempDirTest):
    ARGS = ["FTP://h/a b", "ftp://ok.example/"]

    def test_terminal_is_coloured(self):
        code, out, err = run_terminal(self.ARGS, stdout_tty=True, stderr_tty=False)
        self.assertEqual(1, code)
        self.assertIn(ESC, out)
        self.assertIn(b"\x1b[1;31merror: ", out)
        self.assertIn(b"\x1b[1;35mwarning: ", out)
        self.assertEqual(b"", err)

    def test_empty_no_color_is_unset(self):
        code, out, _ = run_terminal(self.ARGS, True, False, env=common.base_env(NO_COLOR=""))
        self.assertEqual(1, code)
        self.assertIn(ESC, out)

    def test_no_color(self):
        code, out, _ = run_terminal(self.ARGS, True, False, env=common.base_env(NO_COLOR="1"))
        self.assertEqual(1, code)
        self.assertNotIn(b"\x1b", out)
        self.assertIn(b"error: raw space [char.space]", out)

    def test_color_never_on_a_terminal(self):
        code, out, _ = run_terminal(["--color=never", *self.ARGS], True, False)
        self.assertEqual(1, code)
        self.assertNotIn(b"\x1b", out)

    def test_pipe_is_not_coloured(self):
        code, out, err = run_terminal(self.ARGS, stdout_tty=False, stderr_tty=True)
        self.assertEqual(1, code)
        self.assertNotIn(b"\x1b", out)
        self.assertIn(b"error: raw space", out)
        self.assertNotIn(b"\x1b", err)

    def test_color_always_on_a_pipe(self):
        code, out, _ = run_terminal(["--color=always", *self.ARGS], False, False)
        self.assertEqual(1, code)
        self.assertIn(ESC, out)

    def test_fix_colours_stderr_only(self):
        code, out, err = run_terminal(["--fix", *self.ARGS], stdout_tty=True, stderr_tty=True)
        self.assertEqual(1, code)
        self.assertEqual(b"ftp://ok.example/\n", plain(out))
        self.assertIn(b"\x1b[1;31merror: ", err)
        code, out, err = run_terminal(["--fix", *self.ARGS], stdout_tty=True, stderr_tty=False)
        self.assertNotIn(b"\x1b", err)
        self.assertNotIn(b"\x1b", out)


class Progress(common.TempDirTest):
    def setUp(self):
        super().setUp()
        self.write("list.txt", b"".join(b"ftp://h%d.example/f\n" % i for i in range(2000)))

    def assert_bar(self, err, name=b"list.txt"):
        self.assertIn(ERASE + name + b": [", err)
        self.assertRegex(err, rb"\[#+\] 100% \d+\.\d MB, \d+ inputs, \d+ inputs/s, \d+\.\d s, \d+\.\d s left")
        self.assertTrue(err.endswith(ERASE), f"the bar is not erased at the end: {err[-120:]!r}")

    def test_always_draws_at_once(self):
        code, out, err = run_terminal(["--progress=always", "-f", "list.txt"], False, True, cwd=self.dir)
        self.assertEqual(0, code)
        self.assert_bar(err)
        self.assertEqual(b"ftpuri-check: 2000 inputs, 0 invalid; 0 errors, 0 warnings, 0 notes\n", out)

    def test_auto_draws_after_half_a_second(self):
        # stdin delivers its line after 0.8 s; then list.txt's bar is drawn.
        code, out, err = run_terminal(["-f", "-", "-f", "list.txt"], False, True, cwd=self.dir,
                                      stdin_chunks=(b"ftp://h/slow", b"\n"), pause=0.8)
        self.assertEqual(0, code, err)
        self.assertIn(ERASE + b"<stdin>: ", err)
        self.assert_bar(err)
        self.assertIn(b"2001 inputs", out)

    def test_auto_is_quiet_when_fast(self):
        code, _, err = run_terminal(["-f", "list.txt"], False, True, cwd=self.dir)
        self.assertEqual(0, code)
        self.assertEqual(b"", err)

    def test_never(self):
        code, _, err = run_terminal(["--progress=never", "-f", "-", "-f", "list.txt"], False, True,
                                    cwd=self.dir, stdin_chunks=(b"ftp://h/slow", b"\n"), pause=0.8)
        self.assertEqual(0, code)
        self.assertEqual(b"", err)

    def test_auto_without_a_terminal(self):
        code, _, err = run_terminal(["-f", "-", "-f", "list.txt"], False, False, cwd=self.dir,
                                    stdin_chunks=(b"ftp://h/slow", b"\n"), pause=0.8)
        self.assertEqual(0, code)
        self.assertEqual(b"", err)

    def test_arguments_only_draw_nothing(self):
        code, _, err = run_terminal(["ftp://h/"], False, True)
        self.assertEqual(0, code)
        self.assertEqual(b"", err)

    def test_reports_on_stderr_erase_the_bar_first(self):
        # --fix: the reports share stderr with the bar; each report starts on a clean line.
        block = b"".join(b"ftp://h%d.example/f\n" % i for i in range(12000))  # > 256 KiB
        chunks = (block, block + b"ftp://h/a^b\n" + block)
        code, _, err = run_terminal(["--fix", "-j", "1", "-f", "-"], False, True,
                                    stdin_chunks=chunks, pause=0.8)
        self.assertEqual(1, code)
        self.assertIn(ERASE + b"<stdin>: ", err, "the bar was never drawn")
        report = err.index(b"<stdin>:24001:")
        before = re.sub(rb"(\x1b\[[0-9;]*m)+$", b"", err[:report])  # the report's own colour
        self.assertTrue(before.endswith(ERASE) or before.endswith(b"\n"),
                        f"the report follows the bar on its line: {err[max(0, report - 100):report + 40]!r}")

    def test_reports_on_a_shared_terminal_do_not_follow_the_bar(self):
        # The usual interactive case: stdout and stderr are the same terminal. A report written
        # while the bar is shown must not continue the bar's line.
        block = b"".join(b"ftp://h%d.example/f\n" % i for i in range(12000))  # > 256 KiB
        chunks = (block, block + b"ftp://h/a^b\n" + block)
        code, screen, _ = run_terminal(["-j", "1", "-f", "-"], True, True, shared=True,
                                       stdin_chunks=chunks, pause=0.8)
        self.assertEqual(1, code)
        self.assertIn(ERASE + b"<stdin>: ", screen, "the bar was never drawn")
        reports = [line for line in plain(screen).split(b"\n") if b"[char.unsafe]" in line]
        self.assertEqual(1, len(reports), screen[-2000:])
        for line in reports:
            # What a terminal shows of the line: what follows the last erase (ERASE clears it).
            shown = line.rsplit(ERASE, 1)[-1]
            self.assertTrue(re.match(rb"^(\x1b\[[0-9;]*m)*<stdin>:", shown),
                            f"the report line is mixed with the bar: {line[:160]!r}")


if __name__ == "__main__":
    common.main()
