# SPDX-License-Identifier: Apache-2.0
"""e2e.fetch: ftpuri-fetch (the guarded fetch over libcurl) against real FTP servers.

    fetch.py FTPURI_FETCH FTPURI_CHECK FTPURI_FETCH_C

pyftpdlib servers on 127.0.0.1 (fetch_server.py), one per behaviour, each started and stopped
here; every fetch is bounded by --timeout and by the subprocess's own timeout. What is proved,
each in the form the attack or the failure takes (the URI, the policy options, the output):

- a fetch the policy allows gets the file byte for byte in each file method, and the commands
  the server received are the ones the result lists and, the client's own set aside, the plan;
- the typecode's TYPE and listing, the URI's credentials (PASS **** in the result);
- a DNS name that --resolve maps to 127.0.0.1 passes the URI check as a public name and is
  refused at connect time with loopback denied: no connection reaches the server;
- a server that names 10.0.0.1 in its PASV reply does not get the data connection sent there;
- a file larger than the limit (with and without SIZE), a stalled server, a 550 reply, a wrong
  password: each its own id, exit 3, and no output file left, not even a temporary one;
- nothing is fetched from a URI that sanitize() refuses, and a proxy in the environment is not
  used;
- the C API (examples/c/ftpuri_fetch.c) and the Python module fetch and refuse the same way.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import curl_plans  # noqa: E402

try:
    from fetch_server import PASSWORD, USER, FetchServer, NoSize, PasvElsewhere, Stalls  # noqa: E402
except ImportError as e:  # no pyftpdlib: skipped (77), but a failure where CI is set
    print(f"e2e.fetch: {e}", file=sys.stderr)
    sys.exit(1 if os.environ.get("CI") else 77)

FETCH = CHECK = FETCH_C = ""
DATA = bytes(range(256)) * 40  # every byte value, 10 KiB
BIG = b"x" * 200_000
TEXT = b"one\ntwo\nthree\n"
MODES = ("multicwd", "singlecwd", "nocwd")


def build_tree(root: Path):
    (root / "pub" / "dir").mkdir(parents=True)
    (root / "pub" / "data.bin").write_bytes(DATA)
    (root / "pub" / "big.bin").write_bytes(BIG)
    (root / "pub" / "text.txt").write_bytes(TEXT)
    (root / "pub" / "dir" / "a.txt").write_bytes(b"a")
    (root / "pub" / "dir" / "b.txt").write_bytes(b"b")


def fetch(args, uri, stdin=b"", env=None):
    """ftpuri-fetch --json ARGS URI: (exit status, the JSON report, stdout)."""
    bound = [] if "--timeout" in args else ["--timeout", "10"]
    out = subprocess.run([FETCH, "--json", *bound, *args, "--", uri], input=stdin, capture_output=True, timeout=30,
                         env=env)
    report = json.loads(out.stderr.decode().splitlines()[-1]) if out.stderr.strip() else {}
    return out.returncode, report, out.stdout


def plan_of(uri, mode):
    out = subprocess.run([CHECK, "--profile=rfc3986", "--format=json", "--plan", f"--plan-mode={mode}", "--", uri],
                         capture_output=True, timeout=30)
    return json.loads(out.stdout.decode().splitlines()[0])["plan"]


def without_client_commands(commands, uri):
    return curl_plans.drop_client_type([c for c in commands if c.split(" ", 1)[0] not in curl_plans.CLIENT_VERBS],
                                       uri)


class FetchTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.root = Path(cls.tmp.name) / "tree"
        build_tree(cls.root)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def setUp(self):
        self.out_dir = Path(tempfile.mkdtemp(dir=self.tmp.name))

    def url(self, server, path, userinfo=""):
        return f"ftp://{userinfo}127.0.0.1:{server.port}/{path}"

    def assertNothingLeft(self):
        self.assertEqual(sorted(p.name for p in self.out_dir.iterdir()), [], "a partial or temporary file was left")

    def assertRefused(self, code, report, status, diag_id):
        self.assertEqual((code, report.get("id")), (status, diag_id), report)
        self.assertFalse(report["ok"])
        self.assertNothingLeft()

    # ---- a fetch the policy allows ----

    def test_each_file_method_fetches_byte_for_byte_and_sends_the_plan(self):
        with FetchServer(self.root) as server:
            for mode in MODES:
                for userinfo, path in (("", "pub/data.bin"), (f"{USER}:{PASSWORD}@", "pub/./dir/../data.bin")):
                    with self.subTest(mode=mode, userinfo=userinfo):
                        uri = self.url(server, path, userinfo)
                        out = self.out_dir / f"{mode}.bin"
                        before = len(server.sessions)
                        code, report, _ = fetch(["--deny", "private,link-local", "--plan-mode", mode, "-o", str(out)],
                                                uri)
                        self.assertEqual(code, 0, report)
                        self.assertEqual(out.read_bytes(), DATA)
                        self.assertEqual(report["bytes"], len(DATA))
                        out.unlink()
                        # The server's own record of the session is the result's, but the password.
                        received = server.sessions[before]
                        masked = ["PASS ****" if userinfo and c.startswith("PASS ") else c for c in received]
                        self.assertEqual(report["commands"], masked[:len(report["commands"])])
                        if userinfo:
                            self.assertIn(f"PASS {PASSWORD}", received)
                            self.assertNotIn(PASSWORD, json.dumps(report))
                        # The client's own commands (EPSV, PWD, SIZE, its TYPE I) aside: the plan of
                        # the canonical form, which is what was fetched (docs/plan.md, "fetch").
                        canonical = self.url(server, "pub/data.bin", userinfo)
                        self.assertEqual(without_client_commands(report["commands"], canonical),
                                         curl_plans.expected_from_plan(plan_of(canonical, mode), canonical, mode))
                        # Two connections, both checked by the guard: the control and the data one.
                        self.assertEqual(len(report["connections"]), 2, report)
                        self.assertTrue(all(c["address"].startswith("127.0.0.1:") for c in report["connections"]))

    def test_the_typecode_sets_the_type_and_the_listing(self):
        with FetchServer(self.root) as server:
            code, report, body = fetch([], self.url(server, "pub/text.txt;type=a"))
            self.assertEqual(code, 0, report)
            self.assertIn("TYPE A", report["commands"])
            self.assertEqual(body.replace(b"\r\n", b"\n"), TEXT)
            code, report, body = fetch([], self.url(server, "pub/data.bin;type=i"))
            self.assertEqual((code, body), (0, DATA))
            self.assertIn("TYPE I", report["commands"])
            code, report, body = fetch([], self.url(server, "pub/dir/;type=d"))
            self.assertEqual(code, 0, report)
            self.assertEqual(report["commands"][-1], "NLST")
            self.assertEqual(sorted(body.decode().split()), ["a.txt", "b.txt"])
            code, report, body = fetch([], self.url(server, "pub/dir/"))
            self.assertEqual(code, 0, report)
            self.assertEqual(report["commands"][-1], "LIST")
            self.assertIn(b"a.txt", body)

    def test_a_user_without_a_password_needs_one(self):
        with FetchServer(self.root) as server:
            uri = self.url(server, "pub/data.bin", f"{USER}@")
            code, report, _ = fetch(["-o", str(self.out_dir / "f")], uri)
            self.assertRefused(code, report, 3, "fetch.password-needed")
            self.assertEqual(server.connections, 0)
            code, report, body = fetch(["--password-stdin"], uri, stdin=PASSWORD.encode() + b"\n")
            self.assertEqual((code, body), (0, DATA), report)
            self.assertIn("PASS ****", report["commands"])

    # ---- the policy at connect time ----

    def test_a_name_that_resolves_to_loopback_is_refused_before_connecting(self):
        with FetchServer(self.root) as server:
            name = "files.example.com"
            uri = f"ftp://{name}:{server.port}/pub/data.bin"
            resolve = ["--resolve", f"{name}:{server.port}:127.0.0.1"]
            # The URI check sees a public name.
            check = subprocess.run([CHECK, "--deny", "loopback", "--", uri], capture_output=True, timeout=30)
            self.assertEqual(check.returncode, 0, check.stdout)
            out = self.out_dir / "f"
            code, report, _ = fetch(["--deny", "loopback", *resolve, "-o", str(out)], uri)
            self.assertRefused(code, report, 1, "fetch.address-denied")
            self.assertEqual((report["offset"], report["length"]), (6, len(name)))
            self.assertEqual(report["connections"], [{"address": f"127.0.0.1:{server.port}", "class": "loopback",
                                                      "refused": True}])
            self.assertEqual(report["commands"], [])
            self.assertIn("loopback", report["message"])
            time.sleep(0.2)
            self.assertEqual(server.connections, 0, "a byte reached the server")
            # The same fetch without the deny reaches the server: the refusal was the policy's.
            code, report, body = fetch(resolve, uri)
            self.assertEqual((code, body), (0, DATA), report)
            self.assertEqual(server.connections, 1)

    def test_a_pasv_reply_naming_another_address_is_ignored(self):
        with FetchServer(self.root, PasvElsewhere) as server:
            code, report, body = fetch(["--timeout", "8"], self.url(server, "pub/data.bin"))
            self.assertEqual((code, body), (0, DATA), report)
            self.assertIn("PASV", report["commands"])
            # The data connection went to the control connection's address, and the guard saw it.
            self.assertEqual([c["address"].rsplit(":", 1)[0] for c in report["connections"]],
                             ["127.0.0.1", "127.0.0.1"])
            self.assertNotIn("10.0.0.1", json.dumps(report["connections"]))

    def test_a_proxy_in_the_environment_is_not_used(self):
        proxy = socket.socket()
        proxy.bind(("127.0.0.1", 0))
        proxy.listen(1)
        proxy.settimeout(0.2)
        env = dict(os.environ, ftp_proxy=f"http://127.0.0.1:{proxy.getsockname()[1]}",
                   all_proxy=f"http://127.0.0.1:{proxy.getsockname()[1]}")
        with FetchServer(self.root) as server:
            code, report, body = fetch([], self.url(server, "pub/data.bin"), env=env)
            self.assertEqual((code, body), (0, DATA), report)
        with self.assertRaises(socket.timeout):
            proxy.accept()
        proxy.close()

    # ---- refusals and failures: an id each, no file left ----

    def test_nothing_is_fetched_from_a_uri_sanitize_refuses(self):
        with FetchServer(self.root) as server:
            out = str(self.out_dir / "f")
            for args, path, diag_id in (([], "pub/../../etc/passwd", "path.above-root"),
                                        ([], "pub/a%0D%0ADELE%20data.bin", "pct.forbidden-control"),
                                        (["--deny", "loopback"], "pub/data.bin", "host.denied"),
                                        (["--allow-host", "ftp.example.org"], "pub/data.bin", "host.not-allowed"),
                                        (["--error", "userinfo.password"], "pub/data.bin", "userinfo.password")):
                with self.subTest(diag_id=diag_id):
                    userinfo = f"{USER}:{PASSWORD}@" if diag_id == "userinfo.password" else ""
                    code, report, _ = fetch([*args, "-o", out], self.url(server, path, userinfo))
                    self.assertRefused(code, report, 1, diag_id)
            code, report, _ = fetch(["--plan-mode", "rfc1738", "-o", out], self.url(server, "pub/data.bin"))
            self.assertRefused(code, report, 3, "fetch.mode-unsupported")
            time.sleep(0.2)
            self.assertEqual(server.connections, 0)

    def test_a_file_larger_than_the_limit(self):
        for handler in (None, NoSize):  # the size announced by SIZE, and only counted
            with self.subTest(handler=handler), FetchServer(self.root, *([handler] if handler else [])) as server:
                code, report, _ = fetch(["--max-size", "1000", "-o", str(self.out_dir / "f")],
                                        self.url(server, "pub/big.bin"))
                self.assertRefused(code, report, 3, "fetch.too-large")
                self.assertLessEqual(report["bytes"], 1000)
                code, report, _ = fetch(["--max-size", str(len(DATA)), "-o", str(self.out_dir / "f")],
                                        self.url(server, "pub/data.bin"))
                self.assertEqual(code, 0, report)
                (self.out_dir / "f").unlink()

    def test_a_stalled_server(self):
        with FetchServer(self.root, Stalls) as server:
            for args in (["--stall", "1"], ["--timeout", "1"]):
                with self.subTest(args=args):
                    start = time.monotonic()
                    code, report, _ = fetch([*args, "-o", str(self.out_dir / "f")], self.url(server, "pub/data.bin"))
                    self.assertRefused(code, report, 3, "fetch.timeout")
                    self.assertLess(time.monotonic() - start, 5)

    def test_a_550_reply(self):
        with FetchServer(self.root) as server:
            code, report, _ = fetch(["-o", str(self.out_dir / "f")], self.url(server, "pub/missing.bin"))
            self.assertRefused(code, report, 3, "fetch.reply")
            self.assertEqual((report["reply_code"], report["stage"], report["action"]),
                             (550, "transfer", "stop-keep-directory"))
            self.assertEqual((report["offset"], report["length"]), (len(self.url(server, "")) - 1, 16))

    def test_a_wrong_password(self):
        with FetchServer(self.root) as server:
            uri = self.url(server, "pub/data.bin", f"{USER}:wrong-one@")
            code, report, _ = fetch(["-o", str(self.out_dir / "f")], uri)
            self.assertRefused(code, report, 3, "fetch.reply")
            self.assertEqual((report["reply_code"], report["stage"], report["action"]), (530, "login", "log-in"))
            self.assertEqual(report["commands"], [f"USER {USER}", "PASS ****"])
            self.assertNotIn("wrong-one", json.dumps(report))
            text = subprocess.run([FETCH, "-v", "--", uri], capture_output=True, timeout=30)
            self.assertNotIn(b"wrong-one", text.stderr)
            self.assertIn(b"fetch.reply", text.stderr)

    def test_the_c_api_fetches_and_refuses_at_connect_time(self):
        with FetchServer(self.root) as server:
            out = subprocess.run([FETCH_C, self.url(server, "pub/data.bin")], capture_output=True, timeout=30)
            self.assertEqual((out.returncode, out.stdout), (0, DATA), out.stderr)
            self.assertEqual(out.stderr, f"ok {len(DATA)} 2\n".encode())
            name = "files.example.com"
            out = subprocess.run([FETCH_C, "--deny-loopback", "--resolve", f"{name}:{server.port}:127.0.0.1",
                                  f"ftp://{name}:{server.port}/pub/data.bin"], capture_output=True, timeout=30)
            self.assertEqual((out.returncode, out.stderr), (1, f"fetch.address-denied 6 {len(name)} 0\n".encode()))
            out = subprocess.run([FETCH_C, self.url(server, "pub/missing.bin")], capture_output=True, timeout=30)
            self.assertEqual((out.returncode, out.stderr.split()[0], out.stderr.split()[-1]),
                             (1, b"fetch.reply", b"550"))
            time.sleep(0.2)
            self.assertEqual(server.connections, 2)

    def test_nothing_listening(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        code, report, _ = fetch(["-o", str(self.out_dir / "f")], f"ftp://127.0.0.1:{port}/f")
        self.assertRefused(code, report, 3, "fetch.failed")
        self.assertTrue(report["detail"], report)


if __name__ == "__main__":
    FETCH, CHECK, FETCH_C = sys.argv[1], sys.argv[2], sys.argv[3]
    del sys.argv[1:4]
    unittest.main(verbosity=2)
