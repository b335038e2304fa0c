# SPDX-License-Identifier: Apache-2.0
"""The Markdown report (docs/mutation.md): a table per file, the survivors, and the hand-written
section about them, kept across runs."""

import os

EXAMINED = "\n## Survivors, examined"


def examined_section(report):
    """The report's hand-written part, kept across runs: what people found about the survivors.
    A line "- equivalent: DESCRIPTION: why" marks a survivor shown equivalent (the same function
    of the input); it is then left out of the score and listed as such. A line
    "- killed outside the kill suite: DESCRIPTION: by what" marks one that a test the kill suite
    leaves out (a slow one) was seen to kill; it still counts as a survivor in the score."""
    if not os.path.exists(report):
        return ""
    old = open(report, encoding="utf-8").read()
    at = old.find(EXAMINED)
    return old[at:] if at >= 0 else ""


def write_report(args, results, carried=0):
    examined = examined_section(args.report)

    def marked(mark):
        notes = [line[len(mark):] for line in examined.splitlines() if line.startswith(mark)]
        return lambda m: any(e.startswith(m.describe() + ":") or e.startswith(m.describe() + " ") for e in notes)

    shown_equivalent = marked("- equivalent: ")
    killed_outside = marked("- killed outside the kill suite: ")
    results = [(m, "equivalent" if v == "survived" and shown_equivalent(m) else v) for m, v in results]
    lines = ["# Mutation testing", "",
             "Written by `scripts/mutate.py` from the verdicts in `scripts/mutation-results.jsonl` (see the",
             "script's docstring for the mutation operators and the kill suite). Score: killed /",
             "(killed + survived); a mutant that times out counts as killed; one that does not compile,",
             "that compiles to the very same object code as the unmutated file, or that survived and is",
             "shown equivalent below (the same function of the input) is left out.", "",
             "| file | mutants | killed | timed out | survived | equivalent | identical code | did not compile | not yet run | score |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for path in dict.fromkeys(m.file for m, _ in results):
        verdicts = [v for m, v in results if m.file == path]
        k, t, s, e, i, d, n = (verdicts.count(x) for x in
                               ("killed", "timed out", "survived", "equivalent", "identical code", "did not compile",
                                "not yet run"))
        score = f"{100 * (k + t) / (k + t + s):.1f}%" if k + t + s else "-"
        lines.append(f"| `{path}` | {len(verdicts)} | {k} | {t} | {s} | {e} | {i} | {d} | {n} | {score} |")
    if carried:
        lines += ["", f"{carried} of these verdicts were measured on an earlier content of their file and carried",
                  "over its edit, their line being unchanged; `scripts/mutate.py --rerun-carried` measures them",
                  "again."]
    survivors = [m for m, v in results if v == "survived"]
    outside = [m for m in survivors if killed_outside(m)]
    if outside:
        lines += ["", "## Survivors that a test outside the kill suite kills", "",
                  "Counted as survivors in the score above; the test is named under \"Survivors, examined\".", ""]
        lines += [f"- {m.describe()}" for m in outside]
    lines += ["", "## Survivors not yet explained", ""]
    lines += [f"- {m.describe()}" for m in survivors if not killed_outside(m)] or ["None."]
    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n" + examined)
    return results
