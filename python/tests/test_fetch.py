# SPDX-License-Identifier: Apache-2.0
# ftpuri.fetch(): the guarded fetch (docs/fetch.md) from Python, against pyftpdlib servers the
# test starts on 127.0.0.1 (tests/e2e/fetch_server.py, as e2e.fetch uses them): the bytes, a
# file object, a name resolved to loopback refused at connect time, a server reply, and the GIL
# released while a transfer waits. Where the module was built without libcurl, fetch() says so.
import io
import os
import pickle
import sys
import threading
import time

import pytest

import ftpuri

# Under the sanitizers' preloaded runtime, Python's crypt module crashes in crypt() when it is
# imported (ASan's interceptor), and pyftpdlib imports it for a Unix authorizer these servers do
# not use: make that import fail, as on a system without crypt, which pyftpdlib allows for.
if os.environ.get("FTPURI_SANITIZER_PRELOAD"):
    sys.modules["crypt"] = None  # type: ignore[assignment]
sys.path.insert(0, os.path.join(os.environ["FTPURI_SOURCE_DIR"], "tests", "e2e"))
from fetch_server import FetchServer, Stalls  # noqa: E402

BUILT = hasattr(ftpuri._core, "_fetch")
DATA = bytes(range(256)) * 8


@pytest.fixture()
def tree(tmp_path):
    (tmp_path / "pub").mkdir()
    (tmp_path / "pub" / "data.bin").write_bytes(DATA)
    return tmp_path


def test_without_libcurl_fetch_says_so():
    if BUILT:
        assert callable(ftpuri._core._fetch)
    else:
        with pytest.raises(NotImplementedError):
            ftpuri.fetch("ftp://127.0.0.1/f", ftpuri.Policy())


# Only where the module has the fetch: a skipped test would count as a failure (conftest.py), and
# test_without_libcurl_fetch_says_so covers a module without it.
class FetchTests:
    def test_returns_the_bytes_or_writes_a_file(self, tree):
        with FetchServer(tree) as server:
            uri = f"ftp://127.0.0.1:{server.port}/pub/data.bin"
            assert ftpuri.fetch(uri, ftpuri.Policy(deny="private"), timeout=10) == DATA
            out = io.BytesIO()
            assert ftpuri.fetch(uri, ftpuri.Policy(), file=out, plan_mode="nocwd", timeout=10) == len(DATA)
            assert out.getvalue() == DATA

    def test_a_name_resolved_to_loopback_is_refused_at_connect_time(self, tree):
        with FetchServer(tree) as server:
            uri = f"ftp://files.example.com:{server.port}/pub/data.bin"
            policy = ftpuri.Policy(deny="loopback")
            assert ftpuri.sanitize(uri, policy)  # a public name to the URI check
            with pytest.raises(ftpuri.FetchError) as caught:
                ftpuri.fetch(uri, policy, resolve=f"files.example.com:{server.port}:127.0.0.1", timeout=10)
            assert caught.value.diagnostic.id == "fetch.address-denied"
            # An entry of two addresses is one entry (libcurl's comma), and each address is checked.
            with pytest.raises(ftpuri.FetchError) as both:
                ftpuri.fetch(uri, policy, resolve=[f"files.example.com:{server.port}:127.0.0.1,127.0.0.2"], timeout=10)
            assert both.value.diagnostic.id == "fetch.address-denied"
            assert caught.value.result["connections"][0]["refused"]
            assert "loopback" in str(caught.value)
            time.sleep(0.1)
            assert server.connections == 0

    def test_a_refusal_of_the_uri_and_a_reply_of_the_server(self, tree):
        with FetchServer(tree) as server:
            with pytest.raises(ftpuri.FetchError) as caught:
                ftpuri.fetch(f"ftp://127.0.0.1:{server.port}/pub/../../x", ftpuri.Policy())
            assert caught.value.diagnostic.id == "path.above-root"
            with pytest.raises(ftpuri.FetchError) as caught:
                ftpuri.fetch(f"ftp://127.0.0.1:{server.port}/pub/missing", ftpuri.Policy(), timeout=10)
            assert (caught.value.diagnostic.id, caught.value.result["reply_code"]) == ("fetch.reply", 550)
            # It pickles, as an exception a process pool sends back must.
            again = pickle.loads(pickle.dumps(caught.value))
            assert (again.diagnostic, again.result, str(again)) == (caught.value.diagnostic, caught.value.result,
                                                                    str(caught.value))
            with pytest.raises(ValueError):
                ftpuri.fetch(f"ftp://127.0.0.1:{server.port}/f", ftpuri.Policy(), plan_mode="sideways")
            for bad in (0, -1, float("nan")):
                with pytest.raises(ValueError):
                    ftpuri.fetch(f"ftp://127.0.0.1:{server.port}/f", ftpuri.Policy(), timeout=bad)
            # An infinite time is the longest one (ftpuri::max_fetch_seconds), never an overflow.
            with pytest.raises(ftpuri.FetchError) as denied:
                ftpuri.fetch(f"ftp://127.0.0.1:{server.port}/f", ftpuri.Policy(deny="loopback"), timeout=float("inf"),
                             stall=float("inf"))
            assert denied.value.diagnostic.id == "host.denied"

    def test_the_gil_is_released_while_a_transfer_waits(self, tree):
        with FetchServer(tree, Stalls) as server:
            uri = f"ftp://127.0.0.1:{server.port}/pub/data.bin"
            caught = []

            def stalled():
                try:
                    ftpuri.fetch(uri, ftpuri.Policy(), stall=2, timeout=10)
                except ftpuri.FetchError as e:
                    caught.append(e.diagnostic.id)

            thread = threading.Thread(target=stalled)
            thread.start()
            time.sleep(0.3)  # the fetch is waiting for RETR's reply by now
            count, end = 0, time.monotonic() + 0.5
            while time.monotonic() < end:
                count += 1
            thread.join(10)
            assert caught == ["fetch.timeout"]
            assert count > 10_000, "this thread hardly ran while the other fetched: the GIL was held"


if BUILT:
    TestFetch = FetchTests
