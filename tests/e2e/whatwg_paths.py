# SPDX-License-Identifier: Apache-2.0
"""e2e.whatwg_paths: a strict canonical form is read by a WHATWG parser as the path ftpuri reads.

    whatwg_paths.py FTPURI_CHECK

Generated URIs of dot-segments, empty segments, "%2E", "~" and "%2F" (the shapes whose reading
curl and WHATWG parsers change by removing dot-segments before they split the path) go through
ftpuri-check in the strict profile; the canonical form of each valid one goes through node's
URL, all in one node process. Its pathname must be the canonical form's path as written: no
dot-segment left for the parser to remove, no leading empty segment it did not have
(docs/canonical.md, "dot"). Both verdicts must be common, or the test says little.

Exits 77 (skipped) without node, unless CI is set.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys

SEED = 20261128
COUNT = 3000
SEGMENTS = ["a", "b", "", "", ".", "..", "%2E", "%2e", "%2E%2E", ".%2E", "~", "%7E", "%2F", "%2Fetc", "x%2Fy", "C:"]
TYPECODES = ["", "", "", ";type=a", ";type=d"]

NODE_READER = r"""
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter((l) => l.length > 0);
const out = lines.map((l) => { try { return new URL(l).pathname; } catch (e) { return null; } });
process.stdout.write(JSON.stringify(out));
"""


def generate(rng: random.Random) -> str:
    segments = [rng.choice(SEGMENTS) for _ in range(rng.randrange(1, 6))]
    return "ftp://h/" + "/".join(segments) + rng.choice(TYPECODES)


def path_of(canonical: str) -> str:
    rest = canonical[len("ftp://h"):]
    return rest.split("#", 1)[0]


def main() -> int:
    exe = sys.argv[1]
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            print("whatwg_paths: node is missing, and CI is set")
            return 1
        print("whatwg_paths: skipped: no node")
        return 77
    rng = random.Random(SEED)
    uris = sorted({generate(rng) for _ in range(COUNT)})
    run = subprocess.run([exe, "--format=json", "-f", "-"], input="\n".join(uris) + "\n", capture_output=True,
                         text=True, timeout=120, check=False)
    records = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(records) == len(uris), f"{len(records)} records for {len(uris)} inputs: {run.stderr}"
    canonical = [r["canonical"] for r in records if r["valid"]]
    refused = len(records) - len(canonical)
    read = subprocess.run([node, "-e", NODE_READER], input="\n".join(canonical) + "\n", capture_output=True,
                          text=True, timeout=120, check=True)
    pathnames = json.loads(read.stdout)
    assert len(pathnames) == len(canonical)
    bad = [(c, p) for c, p in zip(canonical, pathnames) if p != path_of(c)]
    for c, p in bad[:20]:
        print(f"canonical {c!r}: WHATWG reads the path {p!r}, not {path_of(c)!r}")
    print(f"whatwg_paths: {len(uris)} URIs, {len(canonical)} strict-valid, {refused} refused, {len(bad)} read otherwise")
    if bad:
        return 1
    if not (len(uris) // 10 < len(canonical) < len(uris) - len(uris) // 10):
        print("whatwg_paths: one verdict dominates; the generator no longer tests both")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
