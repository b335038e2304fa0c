# SPDX-License-Identifier: Apache-2.0
"""The kill suite: ctest's tests regrouped into few processes, run until the first failure."""

import collections
import fcntl
import json
import os
import re
import signal
import subprocess
import tempfile
import time

from .build import run
from .config import EXCLUDED_LABELS, KILLS, SKIPPED_PROGRAMS


class KillSuite:
    """The kill suite, run as few processes as it can be: ctest's list of tests (everything but
    EXCLUDED_LABELS) regrouped so that each gtest binary runs once with --gtest_fail_fast and a
    filter of its tests, and each property or script runs alone. ctest would start 1,700
    processes; this starts about 80, and stops at the first failure. The jobs that killed the
    most mutants of the file run first, so a killed mutant usually costs one short process."""

    def __init__(self, build):
        listed = run(["ctest", "--test-dir", build, "--show-only=json-v1", "-LE", EXCLUDED_LABELS])
        if listed is None or listed.returncode != 0:
            raise SystemExit("mutate: ctest --show-only failed")
        grouped = {}
        self.jobs = []
        for test in json.loads(listed.stdout)["tests"]:
            props = {p["name"]: p["value"] for p in test.get("properties", [])}
            command = test["command"]
            if os.path.basename(command[0]) in SKIPPED_PROGRAMS:
                continue
            cwd = props.get("WORKING_DIRECTORY", build)
            env = dict(os.environ)
            for change in props.get("ENVIRONMENT_MODIFICATION", []):
                name, _, rest = change.partition("=")
                op, _, value = rest.partition(":")
                if op == "string_prepend":
                    env[name] = value + env.get(name, "")
                elif op == "string_append":
                    env[name] = env.get(name, "") + value
                elif op == "set":
                    env[name] = value
                elif op in ("unset", "reset"):
                    env.pop(name, None)
            for assignment in props.get("ENVIRONMENT", []):
                name, _, value = assignment.partition("=")
                env[name] = value
            pattern = props.get("PASS_REGULAR_EXPRESSION")
            filters = [a for a in command if a.startswith("--gtest_filter=")]
            if filters and not pattern and "ENVIRONMENT" not in props and "ENVIRONMENT_MODIFICATION" not in props:
                key = (command[0], cwd)
                grouped.setdefault(key, []).append(filters[0][len("--gtest_filter="):])
                continue
            self.jobs.append({"name": test["name"], "command": command, "cwd": cwd, "env": env,
                              "pass": [re.compile(x) for x in pattern] if pattern else None})
        for (binary, cwd), names in grouped.items():
            self.jobs.append({"name": os.path.basename(binary), "cwd": cwd, "env": dict(os.environ),
                              "command": [binary, "--gtest_filter=" + ":".join(names), "--gtest_fail_fast",
                                          "--gtest_also_run_disabled_tests", "--gtest_brief=1"],
                              "pass": None})
        for job in self.jobs:
            program = os.path.relpath(job["command"][0], build)
            job["target"] = None if program.startswith("..") else program
        self.seconds = {job["name"]: 0.0 for job in self.jobs}
        self.kills = collections.defaultdict(collections.Counter)  # file -> job name -> kills
        # The kills of earlier runs on this machine, so that a restarted run puts the killers
        # first at once instead of learning the order again: a mutant of charset.hpp that only
        # charset_test kills costs some eight minutes of compiling when that test comes last.
        if os.path.exists(KILLS):
            for line in open(KILLS, encoding="utf-8"):
                file, _, name = line.rstrip("\n").partition("\t")
                self.kills[file][name] += 1

    def split_slow(self, seconds=2.0):
        """Runs a gtest binary that took longer than `seconds` as one process per test, so that
        the two cores share its tests (the exhaustive comparison is 10 s in one process)."""
        for job in list(self.jobs):
            filters = [a for a in job["command"] if a.startswith("--gtest_filter=")]
            if job["pass"] is not None or not filters or self.seconds[job["name"]] < seconds:
                continue
            names = filters[0][len("--gtest_filter="):].split(":")
            if len(names) < 2:
                continue
            self.jobs.remove(job)
            for name in names:
                command = [a if not a.startswith("--gtest_filter=") else "--gtest_filter=" + name
                           for a in job["command"]]
                self.jobs.append(dict(job, name=f"{job['name']}:{name}", command=command))
                self.seconds[f"{job['name']}:{name}"] = self.seconds[job["name"]] / len(names)

    def order(self, file):
        kills = self.kills.get(file, {})
        return sorted(self.jobs, key=lambda j: (-kills.get(j["name"], 0), self.seconds[j["name"]]))

    def first_programs(self, jobs, file):
        """The programs (relative to the build) of the jobs run first for a mutant of `file`."""
        return [j["target"] for j in self.order(file)[:jobs] if j["target"]]

    def run(self, jobs, timeout, file=None, build=None):
        """'killed', 'survived' or 'timed out'; with file=None (the unmutated run) it also
        records how long each job takes, and fails loudly if any job fails. With `build`, the
        objects are compiled but nothing is linked yet: the first jobs' programs are linked
        alone, and the other sixty only if those do not kill the mutant (most mutants die in
        the first job, and linking every program was a third of a killed mutant's cost)."""
        pending = self.order(file)
        running = []
        started = time.monotonic()
        verdict = "survived"
        linked = build is None
        if not linked:
            first = [j["target"] for j in pending[:jobs] if j["target"]]
            linking = run(["ninja", "-C", build] + first)
            if linking is None or linking.returncode != 0:
                return "did not compile"
        try:
            while pending or running:
                while pending and len(running) < jobs:
                    if not linked and len(pending) <= len(self.jobs) - jobs:
                        if running:
                            # The first jobs may yet kill the mutant: link the other programs
                            # (compiling their objects: minutes, for a header they all include)
                            # only once those jobs have passed.
                            break
                        link_started = time.monotonic()
                        linking = run(["ninja", "-C", build] + sorted({j["target"] for j in self.jobs if j["target"]}))
                        if linking is None or linking.returncode != 0:
                            return "did not compile"
                        linked = True
                        # Compiling the other programs' objects is the mutant's build, not its
                        # tests: a mutant of a header every test includes (charset.hpp) spends
                        # minutes here, and was called timed out, so killed, for it.
                        started += time.monotonic() - link_started
                    job = pending.pop(0)
                    # A file, not a pipe: a chatty test would fill a pipe nobody reads until it ends.
                    out = tempfile.TemporaryFile(mode="w+", errors="replace")
                    proc = subprocess.Popen(job["command"], cwd=job["cwd"], env=job["env"], stdout=out,
                                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
                    proc.output = out
                    running.append((job, proc, time.monotonic()))
                time.sleep(0.005)
                for entry in list(running):
                    job, proc, began = entry
                    if proc.poll() is None:
                        continue
                    running.remove(entry)
                    proc.output.seek(0)
                    output = proc.output.read()
                    proc.output.close()
                    ok = proc.returncode == 0 if job["pass"] is None else any(p.search(output) for p in job["pass"])
                    if file is None:
                        self.seconds[job["name"]] = time.monotonic() - began
                        if not ok:
                            raise SystemExit(f"mutate: the unmutated suite fails in {job['name']}:\n{output[-2000:]}")
                    elif not ok:
                        self.kills[file][job["name"]] += 1
                        os.makedirs(os.path.dirname(KILLS), exist_ok=True)
                        with open(KILLS, "a", encoding="utf-8") as kills:  # other workers append too
                            fcntl.flock(kills, fcntl.LOCK_EX)
                            kills.write(f"{file}\t{job['name']}\n")
                        return "killed"
                if timeout and time.monotonic() - started > timeout:
                    return "timed out"
                # A job far slower than it was unmutated is in a loop the mutant made endless;
                # ten times its time plus 10 s leaves room for a busy machine.
                if file is not None and any(time.monotonic() - began > 10 * self.seconds[job["name"]] + 10
                                            for job, _, began in running):
                    return "timed out"
            return verdict
        finally:
            for _, proc, _ in running:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
