# SPDX-License-Identifier: Apache-2.0
"""The GIL: the batch functions release it around their loop, so other Python threads run while
they work, and calls from several threads at once give each its own answers."""

import threading
import time

import ftpuri

# One long URI, many times: the library's work dominates the call, the conversions do not (and
# its canonical form is short: the dot-segments go).
LONG = "ftp://ftp.example.org/" + "a%41/../" * 500 + "f.txt;type=i"


def longest_stall(work):
    """Runs `work` in a thread and returns (the longest time this thread could not run Python
    while `work` ran, how long `work` took). A call that holds the GIL stalls this thread for
    all of its duration."""
    done = threading.Event()
    took = []

    def run():
        start = time.perf_counter()
        work()
        took.append(time.perf_counter() - start)
        done.set()

    worker = threading.Thread(target=run)
    last = time.perf_counter()
    worker.start()
    stall = 0.0
    while not done.is_set():
        time.sleep(0.001)
        now = time.perf_counter()
        stall = max(stall, now - last)
        last = now
    worker.join()
    return stall, took[0]


def test_the_batch_functions_release_the_gil():
    uris = [LONG] * 12000
    for batch in (ftpuri.validate_many, ftpuri.canonicalize_many, ftpuri.check_many):
        stall, took = longest_stall(lambda: batch(uris))
        assert took > 0.08, f"{batch.__name__} took {took:.3f} s: too short to tell"
        assert stall < took / 2, f"{batch.__name__} stalled other threads {stall:.3f} s of its {took:.3f} s"


def test_a_call_that_holds_the_gil_is_seen_to():
    # The measure above can fail: a builtin that keeps the GIL for its whole run stalls the thread.
    stall, took = longest_stall(lambda: sum(range(30_000_000)))
    assert took > 0.08
    assert stall > took / 2


def test_threads_get_their_own_answers():
    inputs = [[f"ftp://h{t}.example/{i}/" if (i + t) % 3 else f"ftp://h{t}/a b/{i}" for i in range(20000)]
              for t in range(4)]
    expected = [(ftpuri.validate_many(x), ftpuri.canonicalize_many(x), ftpuri.check_many(x)) for x in inputs]
    results = [None] * len(inputs)
    errors = []

    def work(t):
        try:
            for _ in range(3):
                got = (ftpuri.validate_many(inputs[t]), ftpuri.canonicalize_many(inputs[t]),
                       ftpuri.check_many(inputs[t]))
                assert got == expected[t]
                assert [ftpuri.validate(u) for u in inputs[t][:500]] == expected[t][0][:500]
            results[t] = got
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(len(inputs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    assert results == expected
    assert all(True in e[0] and False in e[0] for e in expected)
