# SPDX-License-Identifier: Apache-2.0
"""The record of verdicts (scripts/mutation-results.jsonl): reading, appending, compacting, and
carrying verdicts over an edit of a mutated file."""

import fcntl
import hashlib
import itertools
import json
import os
import subprocess

from .config import ROOT

FIELDS = ("file", "sha", "offset", "length", "replacement")


def result_line(key, verdict, carried=None):
    record = dict(zip(FIELDS, key), verdict=verdict)
    if carried:
        record["carried"] = carried
    return json.dumps(record, separators=(",", ":")) + "\n"


def parse_results(lines, carried=None):
    """The verdicts in `lines`, by mutant; a later line replaces an earlier one (a survivor run
    again after a test was added, a --fresh run). With `carried`, a dict, it is given the
    mutants whose verdict was carried over an edit (see carry_over), and the content it was
    measured on."""
    known = {}
    for line in lines:
        r = json.loads(line)
        key = tuple(r[f] for f in FIELDS)
        known[key] = r["verdict"]
        if carried is not None:
            if r.get("carried"):
                carried[key] = r["carried"]
            else:
                carried.pop(key, None)
    return known


def read_results(path, carried=None):
    """The verdicts recorded at `path` (parse_results). Under a shared lock: another worker may
    be compacting the record, which empties the file before it writes it again, and a read
    between the two once found no verdict and ran every mutant of its share again."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_SH)
        return parse_results(f, carried)


def compact(path, produced, shas, carried_now=None):
    """Rewrites the record with one line per mutant, sorted, so that its diff shows what a run
    changed: replaced verdicts go, and so do those of an earlier content of a file this run
    mutated (its line numbers and mutants are gone with it). Under the appenders' lock, and from
    the record as it is now, so that the lines other workers added meanwhile stay. `produced`
    are verdicts measured now; `carried_now`, verdicts carried over an edit (mutant -> the
    content they were measured on). Returns the record."""
    # In place, not a new file renamed over it: the other workers' appends go to the file they
    # opened.
    with open(path, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        carried = {}
        f.seek(0)  # "a+" opens at the end
        known = parse_results(f, carried)
        for k, (verdict, source) in (carried_now or {}).items():
            if k not in known:
                known[k], carried[k] = verdict, source
        for k, verdict in produced.items():
            known[k] = verdict
            carried.pop(k, None)
        keep = {k: v for k, v in known.items() if k[0] not in shas or k[1] == shas[k[0]]}
        f.seek(0)
        f.truncate()
        f.write("".join(result_line(k, keep[k], carried.get(k)) for k in sorted(keep)))
    return keep


def versions_in_history(path):
    """The contents `path` has had in git's history (and has now), by sha256: what the record's
    verdicts of an earlier content were measured on."""
    found = {}
    revs = subprocess.run(["git", "-C", ROOT, "log", "--format=%H", "-n", "300", "--", path],
                          capture_output=True, text=True)
    for rev in ([] if revs.returncode else revs.stdout.split()):
        shown = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:{path}"], capture_output=True)
        if shown.returncode == 0:
            found.setdefault(hashlib.sha256(shown.stdout).hexdigest(), shown.stdout)
    return found


def carry_over(known, mutants, originals, shas):
    """Verdicts of an earlier content of a file, for the mutants of its current content whose
    line is unchanged (the same text, matched by difflib around the edit), as incremental
    mutation tools do: an edit of one line does not make a run of hours over the whole file
    start again. A carried verdict was measured on the other content; the report counts them,
    and --rerun-carried measures them again. Returns mutant key -> (verdict, that content's
    sha256)."""
    import bisect
    import difflib

    def lines_and_starts(text):
        lines = text.splitlines(keepends=True)
        return lines, [0] + list(itertools.accumulate(len(line) for line in lines))

    wanted = {(m.file, m.offset, m.length, m.replacement) for m in mutants}
    carried = {}
    for path, text in originals.items():
        old_shas = list(dict.fromkeys(k[1] for k in known if k[0] == path and k[1] != shas[path]))
        if not old_shas:
            continue
        history = versions_in_history(path)
        new_lines, new_starts = lines_and_starts(text)
        for old_sha in old_shas:  # in the record's order: a later content's verdict wins
            old = history.get(old_sha)
            if old is None:
                continue
            old_lines, old_starts = lines_and_starts(old)
            moved = {}  # an unchanged old line -> its new line
            matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
            for tag, i1, i2, j1, _ in matcher.get_opcodes():
                if tag == "equal":
                    moved.update({i: j1 + (i - i1) for i in range(i1, i2)})
            for k, verdict in known.items():
                if k[0] != path or k[1] != old_sha:
                    continue
                _, _, offset, length, replacement = k
                line = bisect.bisect_right(old_starts, offset) - 1
                last = bisect.bisect_right(old_starts, offset + max(length, 1) - 1) - 1  # a condition spans lines
                if any(i not in moved or moved[i] != moved[line] + (i - line) for i in range(line, last + 1)):
                    continue
                new_offset = new_starts[moved[line]] + offset - old_starts[line]
                new_key = (path, shas[path], new_offset, length, replacement)
                if (path, new_offset, length, replacement) in wanted and new_key not in known:
                    carried[new_key] = (verdict, old_sha)
    return carried
