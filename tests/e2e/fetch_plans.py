# SPDX-License-Identifier: Apache-2.0
"""e2e.fetch_plans: the commands ftpuri-fetch sends (libcurl's, as its debug callback reports
them) held to the URI's plan, in each file method, on the seeds' worked examples and on
generated URIs.

    fetch_plans.py FTPURI_FETCH FTPURI_CHECK

The server is curl_plans.py's, which answers every command so that the client goes on, and
records the lines. For each URI and mode: the lines the server received are the result's
commands (the password masked there; the final QUIT aside, which libcurl sends from its connection
cache, out of the debug callback's sight), and those commands, the client's own set aside, are the
plan of the canonical form with the differences docs/plan.md ("curl", "fetch") names applied
(curl_plans.expected_from_plan). A URI that names a user without a password is fetched with
--password-stdin: the plan asks for the password, the fetch sends it (PASS ****).

Two kinds of the seeds' examples are not compared, each for a reason docs/plan.md names: a
%2F (curl splits the path at it) and a first ~ (the login directory to ftpuri, CWD ~ to curl).
The comparison is shown able to fail: the multicwd commands of a URI with directories are not
its nocwd plan.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import curl_plans  # noqa: E402

SEED = 20261128
GENERATED = 40
MODES = ("multicwd", "singlecwd", "nocwd")
# docs/plan.md's "Side by side on the seeds' examples", the host replaced by the test server.
SEEDS = [
    "myname@HOST/%2Fetc/motd",
    "myname@HOST/etc/motd",
    "myname@HOST//etc/motd",
    "HOST/foo/bar.html",
    "HOST/~/foo/bar.html",
    "user:pass@HOST/~/",
    "jamesc@HOST/foo.html",
    "paulh@HOST/home/jamesc/foo.html",
    "HOST/abc/def",
    "HOST/cwd1/cwd2/name;type=i",
    "HOST/pub/dir/;type=d",
    "HOST/pub/file.txt;type=a",
    "HOST/",
]
NOT_COMPARED = {"%2F": "curl splits the path at a %2F", "/~/": "a first ~ is CWD ~ to curl"}


def check_json(check, args, uri):
    out = subprocess.run([check, "--profile=rfc3986", "--format=json", *args, "--", uri], capture_output=True,
                         timeout=30)
    return json.loads(out.stdout.decode().splitlines()[0])


def fetched_commands(fetch, server, uri, mode):
    """The result's commands and the lines the server received, for one fetch."""
    before = len(server.sessions)
    out = subprocess.run([fetch, "--json", "--profile=rfc3986", "--timeout", "10", "--plan-mode", mode,
                          "--password-stdin", "--", uri], input=b"pw\n", capture_output=True, timeout=30)
    report = json.loads(out.stderr.decode().splitlines()[-1])
    received = server.sessions[before] if len(server.sessions) > before else []
    return report["commands"], received


def asks_password(canonical):
    userinfo = canonical.split("//", 1)[1].split("/", 1)[0].rpartition("@")[0]
    return bool(userinfo) and ":" not in userinfo


def expected(plan, canonical, mode):
    out = curl_plans.expected_from_plan(plan, canonical, mode)
    if asks_password(canonical):  # the plan asks for the password; the fetch was given it
        out.insert(out.index(next(c for c in out if c.startswith("USER "))) + 1, "PASS ****")
    return out


def compare(fetch, check, server, uri, failures):
    record = check_json(check, [], uri)
    if not record["valid"]:
        failures.append(f"{uri}: not valid ({record})")
        return 0
    canonical = record["canonical"]
    compared = 0
    for mode in MODES:
        plan = check_json(check, ["--plan", f"--plan-mode={mode}"], canonical)["plan"]
        if plan is None:
            continue  # refused in this mode (plan.nocwd-slash): nothing to send
        commands, received = fetched_commands(fetch, server, uri, mode)
        # The QUIT that ends a session is sent as libcurl closes its connection cache, by a handle
        # of its own that reports to no debug callback: the result cannot list it.
        masked = ["PASS ****" if line.startswith("PASS ") and line != "PASS anonymous@" else line
                  for line in received if line != "QUIT"]
        if commands != masked:
            failures.append(f"{uri} ({mode}): the result lists {commands}, the server received {received}")
        got = curl_plans.drop_client_type(
            [c for c in commands if c.split(" ", 1)[0] not in curl_plans.CLIENT_VERBS], canonical)
        want = expected(plan, canonical, mode)
        if got != want:
            failures.append(f"{uri} ({mode}):\n  fetch: {got}\n  plan:  {want}")
        compared += 1
    return compared


def main() -> int:
    fetch, check = sys.argv[1], sys.argv[2]
    server = curl_plans.Server()
    failures: list[str] = []
    compared = 0
    host = f"127.0.0.1:{server.port}"
    try:
        for seed in SEEDS:
            uri = "ftp://" + seed.replace("HOST", host)
            if any(marker in seed for marker in NOT_COMPARED):
                continue
            compared += compare(fetch, check, server, uri, failures)
        templates = curl_plans.generate(random.Random(curl_plans.SEED))
        for template in random.Random(SEED).sample(templates, GENERATED):
            compared += compare(fetch, check, server, template.replace("PORT", str(server.port)), failures)
        # Shown able to fail: multicwd's commands are not the nocwd plan of the same URI.
        uri = f"ftp://{host}/pub/a/b.txt"
        commands, _ = fetched_commands(fetch, server, uri, "multicwd")
        wrong = check_json(check, ["--plan", "--plan-mode=nocwd"], uri)["plan"]
        if curl_plans.drop_client_type([c for c in commands if c.split(" ", 1)[0] not in curl_plans.CLIENT_VERBS],
                                       uri) == expected(wrong, uri, "nocwd"):
            failures.append("self-test: a wrong plan compared equal to the fetch's commands")
    finally:
        server.close()
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{compared} fetches compared with their plans, {len(failures)} unnamed differences")
    if compared < (len(SEEDS) - 3 + GENERATED) * 2:
        print("too few fetches compared for the test to mean anything", file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
