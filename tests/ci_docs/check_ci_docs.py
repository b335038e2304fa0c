#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# tests/ci_docs/check_ci_docs.py FTPURI_CHECK SOURCE_DIR: runs every command of docs/ci.md that
# calls ftpuri-check, and the pre-commit hook of .pre-commit-hooks.yaml, the way each CI system
# would, on corpus/examples/mirrors.txt (two invalid URIs) copied into a scratch workspace, and
# checks the exit status and what each wrote. The steps that install ftpuri-check are not run.
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import yaml

failures = []


def fail(what):
    failures.append(what)
    print("FAILED:", what)


def fenced_blocks(markdown, language):
    return re.findall(r"^```" + language + r"\n(.*?)^```$", markdown, re.M | re.S)


def run(command, workspace, env, shell="bash"):
    return subprocess.run([shell, "-c", command], cwd=workspace, env=env, capture_output=True, text=True)


def check_command(command, workspace, env, shell="bash"):
    """A command of the page: exit 0 when it tolerates findings (|| test $? -eq 1), else 1
    (the sample list holds invalid URIs); then what it wrote."""
    result = run(command, workspace, env, shell)
    want = 0 if "|| test $? -eq 1" in command else 1
    if result.returncode != want:
        fail(f"{command!r}: exit {result.returncode}, want {want}; stderr: {result.stderr[-500:]}")
        return
    print(f"ok: {command!r}: exit {want}")
    if "--format=github" in command:
        lines = result.stdout.splitlines()
        bad = [l for l in lines if not re.fullmatch(r"::(error|warning|notice)( [^:]*)?::.*", l)]
        if bad or sum(l.startswith("::error") for l in lines) < 2:
            fail(f"{command!r}: not workflow commands, or fewer than two errors: {bad[:3]}")
    for name in re.findall(r"> (\S+)", command):
        path = os.path.join(workspace, name)
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if name.endswith(".sarif"):
            ok = data.get("version") == "2.1.0" and len(data["runs"][0]["results"]) >= 2
        else:  # GitLab's code quality report: an array of issues
            ok = isinstance(data, list) and len(data) >= 2 and all("fingerprint" in i for i in data)
        if not ok:
            fail(f"{command!r}: {name} is not the report it should be")


def main():
    binary, source = sys.argv[1], sys.argv[2]
    with open(os.path.join(source, "docs/ci.md"), encoding="utf-8") as f:
        page = f.read()
    workspace = tempfile.mkdtemp()
    try:
        shutil.copy(os.path.join(source, "corpus/examples/mirrors.txt"), os.path.join(workspace, "mirrors.txt"))
        env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(binary)) + os.pathsep + os.environ["PATH"])
        commands = 0
        hook_config = None
        hook_repo = None
        # No command or repository on the page names a host the project does not control: only
        # the user's own variables and GitHub's actions (uses:) are named.
        for url in re.findall(r"https?://[^\s'\")]+", "".join(fenced_blocks(page, "yaml") + fenced_blocks(page, "sh"))):
            fail(f"docs/ci.md's examples name a host: {url}")
        for block in fenced_blocks(page, "yaml"):
            doc = yaml.safe_load(block)
            if "jobs" in doc:  # GitHub Actions
                for job in doc["jobs"].values():
                    for step in job["steps"]:
                        if "run" in step and step.get("name") != "Install ftpuri-check":
                            check_command(step["run"], workspace, env)
                            commands += 1
            elif "repos" in doc:  # a .pre-commit-config.yaml
                hook_repo = doc["repos"][0]["repo"]
                hook_config = doc["repos"][0]["hooks"][0]
            else:  # GitLab CI: each job's script lines, run by sh one by one
                for job in doc.values():
                    for line in job["script"]:
                        check_command(line, workspace, env, shell="sh")
                        commands += 1
        # The shell example reads a file from git: a repository with the list committed.
        subprocess.run(["git", "init", "-q"], cwd=workspace, check=True)
        subprocess.run(["git", "add", "mirrors.txt"], cwd=workspace, check=True)
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "m"],
                       cwd=workspace, check=True)
        for block in fenced_blocks(page, "sh"):
            for line in block.strip().splitlines():
                check_command(line, workspace, env)
                commands += 1

        # pre-commit: the hook's entry, the config's args, then the matching files' names.
        with open(os.path.join(source, ".pre-commit-hooks.yaml"), encoding="utf-8") as f:
            hooks = {h["id"]: h for h in yaml.safe_load(f)}
        if hook_config is None or hook_config["id"] not in hooks:
            fail("docs/ci.md's pre-commit config names no hook of .pre-commit-hooks.yaml")
        else:
            hook = hooks[hook_config["id"]]
            if hook_repo != "local":
                fail(f"docs/ci.md's pre-commit config fetches the hook from {hook_repo}: use a local hook")
            for key in ("entry", "language"):
                if hook_config.get(key) != hook[key]:
                    fail(f"the local hook's {key} {hook_config.get(key)!r} is not .pre-commit-hooks.yaml's {hook[key]!r}")
            for name, want in (("mirrors.txt", True), ("notes.md", False), ("sub/ftp-urls.list", True)):
                if bool(re.search(hook["files"], name)) != want:
                    fail(f"the hook's default files pattern {'misses' if want else 'takes'} {name}")
            if not re.search(hook_config["files"], "mirrors.txt"):
                fail("the config's files pattern misses mirrors.txt")
            with open(os.path.join(workspace, "clean list.txt"), "w", encoding="utf-8") as f:
                f.write("# mirrors\n\nftp://ftp.example.org/pub/\n")
            entry = shlex.split(hook["entry"]) + hook_config.get("args", [])
            for files, want in ((["mirrors.txt"], 1), (["clean list.txt"], 0), (["clean list.txt", "mirrors.txt"], 1)):
                result = subprocess.run(entry + files, cwd=workspace, env=env, capture_output=True, text=True)
                if result.returncode != want:
                    fail(f"pre-commit hook on {files}: exit {result.returncode}, want {want}: {result.stdout[-300:]}")
                else:
                    print(f"ok: pre-commit hook on {files}: exit {want}")
                    commands += 1
        if commands < 8:
            fail(f"only {commands} commands found in docs/ci.md and the hook")
    finally:
        shutil.rmtree(workspace)
    print(f"ci docs: {'FAILED' if failures else 'ok'} ({len(failures)} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
