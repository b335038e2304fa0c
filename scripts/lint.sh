#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Style and static analysis: clang-format 14 and clang-tidy 14. scripts/test.sh calls it after the
# GCC build; it also runs alone, once a build directory exists:
#     bash scripts/lint.sh          # every step; clang-tidy of every TU of ours, the whole tree
#     bash scripts/lint.sh --src    # clang-tidy of the library, the CLI and the Python module only
#     bash scripts/lint.sh --format-only | --tidy-only | --refs-only | --commits-only
# Every step runs; any finding of any fails the script, and it ends on one line, OK or FAILED.
#
# 1. clang-format: `clang-format-14 --dry-run -Werror` over the tracked C++ files (git ls-files:
#    .cpp .hpp .h .cc .inc; .clang-format). None of them is generated or vendored: the generated
#    rule_rationale.inc and the oracle's regexes live in the build directory, untracked. About
#    2 seconds. A failure lists the files and the clang-format-14 -i command that fixes them.
# 2. clang-tidy (.clang-tidy's checks, and those of the .clang-tidy files below it), one process
#    per core (scripts/tidy_cached.py), over the compile database of the GCC build, build/gcc
#    (LINT_BUILD_DIR to choose another).
#    Why the GCC database: clang-tidy takes only the flags, include paths and defines from it,
#    all of which Clang understands but -mtune-ctrl= (GCC's tuning of the AVX2 files, dropped
#    from the lint's copy of the database), and libstdc++ is the same GCC 12 one that clang++-14 uses;
#    and it exists right after test.sh's first build, so the lint runs before the fuzzing and
#    sanitizer stages, not after them (build/clang-asan comes last). Two extra arguments:
#    -UNDEBUG, so that the analyzer sees the asserts as the Debug build has them (Release defines
#    NDEBUG), and -Wno-unknown-warning-option, so that a GCC-only -W flag is no finding. The
#    build directory must have been built, not only configured: the CLI includes a header
#    generated at build time, the oracle tests the regexes generated from the grammar.
#    Which TUs: by default, as CI runs it, every TU of ours (src, python, tests, props, fuzz,
#    oracle, examples, and bench where the build has it: 183 in CI's build, the GoogleTest and
#    RapidCheck ones much the heaviest; from nothing, 52 minutes on the 2-core machine shared
#    with other jobs), findings reported in our headers too (include/ftpuri/ and those folders;
#    not in system or generated ones); with --src, the library's, the CLI's and the Python
#    module's alone (src/ and python/). A TU found clean is not
#    analysed again while its preprocessed text, its command and the checks stay the same (the
#    cache of scripts/tidy_cached.py, outside the clone): a run after a change analyses what the
#    change reaches, in seconds to minutes.
# 3. The repository stands alone (scripts/check_self_contained.sh): no tracked file cites a
#    document outside it or an issue number. Under a second.
# 4. Commit subjects of at most 72 characters (scripts/check_commit_msg.sh), for the commits made
#    since the rule began; the same script is the commit-msg hook (docs/contributing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

src_only=0
steps=format,tidy,refs,commits
for arg in "$@"; do
  case $arg in
  --src) src_only=1 ;;
  --all) src_only=0 ;; # the default; kept for the scripts that name it
  --format-only) steps=format ;;
  --tidy-only) steps=tidy ;;
  --refs-only) steps=refs ;;
  --commits-only) steps=commits ;;
  -h | --help)
    sed -n '2,6p' "$root/scripts/lint.sh" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "lint: unknown argument: $arg (try --help)" >&2
    exit 2
    ;;
  esac
done

build_dir=${LINT_BUILD_DIR:-build/gcc}
jobs=$(nproc)
clang_format=clang-format-14
for tool in "$clang_format" clang-tidy-14 git python3; do
  command -v "$tool" >/dev/null || {
    echo "lint: $tool not found (bash scripts/install-deps.sh)" >&2
    exit 1
  }
done

log=$(mktemp)
trap 'rm -f "$log" "$log.summary"' EXIT

# ---- 1. clang-format ---------------------------------------------------------------------------

check_format() {
  local sources=() unformatted=() f
  while IFS= read -r -d '' f; do
    [[ -f $f ]] && sources+=("$f") # tracked but deleted in the work tree: nothing to check
  done < <(git ls-files -z -- '*.cpp' '*.hpp' '*.h' '*.cc' '*.inc')
  if ((${#sources[@]} == 0)); then
    echo "lint: git ls-files lists no C++ source (not a git work tree?)" >&2
    return 1
  fi
  echo "== lint: $clang_format --dry-run -Werror over ${#sources[@]} tracked C++ files"
  if "$clang_format" --dry-run -Werror "${sources[@]}" >"$log" 2>&1; then
    summary+=("${#sources[@]} files formatted")
    return 0
  fi
  mapfile -t unformatted < <(sed -nE 's/^([^:]+):[0-9]+:[0-9]+: error: code should be clang-formatted.*/\1/p' \
    "$log" | sort -u)
  if ((${#unformatted[@]} == 0)); then
    cat "$log" >&2 # not a formatting finding: .clang-format itself, or an unreadable file
    echo "lint: $clang_format failed" >&2
    return 1
  fi
  echo "lint: ${#unformatted[@]} file(s) need formatting:" >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  echo "lint: fix with (from the repository root): $clang_format -i ${unformatted[*]}" >&2
  return 1
}

# ---- 2. clang-tidy -----------------------------------------------------------------------------

check_tidy() {
  if [[ ! -f $build_dir/compile_commands.json ]]; then
    echo "lint: no $build_dir/compile_commands.json; build first, e.g." >&2
    echo "  cmake -S . -B build/gcc -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ && cmake --build build/gcc" >&2
    return 1
  fi
  local dirs headers lint_db tus tidy_status findings=()

  if ((src_only)); then
    # The product's code: the library, the CLI and the Python module.
    dirs='src|python'
    headers='include/ftpuri|src|python'
  else
    dirs='src|python|props|tests|fuzz|oracle|bench|examples'
    headers='include/ftpuri|src|python|props|tests|fuzz|oracle|bench|examples'
  fi

  # A database of our own TUs, one entry per file, beside the build's: clang-tidy runs every
  # entry of a file, and files generated into the build directory are not ours to lint.
  lint_db=$build_dir/lint
  mkdir -p "$lint_db" || return 1
  tus=$(python3 - "$root" "$build_dir/compile_commands.json" "$lint_db/compile_commands.json" "$dirs" <<'EOF'
import json, os, re, sys
root, src, dst, dirs = sys.argv[1:]
ours = re.compile("^" + re.escape(root) + "/(" + dirs + ")/")
seen, kept = set(), []
# A file listed twice (src/ again for the allocation-canary test): the entry of the target that
# has the project's warnings, the library's or the CLI's own.
def command(e):
    return e["command"] if "command" in e else " ".join(e["arguments"])
entries = sorted(json.load(open(src)), key=lambda e: " -Wall " not in command(e))
for entry in entries:
    path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    if path in seen or not ours.match(path) or not os.path.exists(path):
        continue
    seen.add(path)
    # GCC's tuning switch, which Clang's driver does not know.
    if "command" in entry:
        entry["command"] = re.sub(r' "?-mtune-ctrl=[^ "]*"?', "", entry["command"])
    else:
        entry["arguments"] = [a for a in entry["arguments"] if not a.startswith("-mtune-ctrl=")]
    kept.append(entry)
json.dump(kept, open(dst, "w"), indent=1)
print(len(kept))
EOF
  ) || return 1

  echo "== lint: clang-tidy-14 over $tus TUs under ${dirs//|/, } ($build_dir's compile database), -j$jobs"
  tidy_status=0
  python3 "$root/scripts/tidy_cached.py" "$root" "$lint_db" "$jobs" "^$root/($headers)/" \
    -UNDEBUG -Wno-unknown-warning-option >"$log" 2>"$log.summary" || tidy_status=$?
  cat "$log.summary"
  # clang-tidy exits 0 on warnings: every warning it prints is a finding, and fails the script.
  # Keep the diagnostics only, and list the findings as file:line: check: message,
  # once each (a header's finding comes once per TU that includes it; a message may span lines,
  # its [check] on the last).
  mapfile -t findings < <(python3 - "$root/" "$log" <<'PY'
import re, sys
prefix, log = sys.argv[1:]
text = re.sub(r"\x1b\[[0-9;]*m", "", open(log, errors="replace").read())
noise = re.compile(r"^(\S*clang-tidy(-14)? |\d+ (warnings?|errors?)( and \d+ errors?)? (generated|treated as errors)\.$)")
kept = [line for line in text.splitlines() if not noise.match(line)]
open(log, "w").write("".join(line + "\n" for line in kept))
start = re.compile(r"^(\S+?):(\d+):\d+: (?:warning|error): (.*)$")
found, current = set(), None
for line in kept:
    m = start.match(line)
    if m:
        if current:  # a finding whose [check] never came
            found.add(f"{current[0]}: ?: {current[1]}")
        current = [m.group(1).removeprefix(prefix) + ":" + m.group(2), m.group(3)]
    elif current:
        current[1] += " " + line.strip()
    if current:
        check = re.search(r"\s*\[([\w.,-]+)\]$", current[1])
        if check:
            found.add(f"{current[0]}: {check.group(1)}: {current[1][:check.start()]}")
            current = None
if current:
    found.add(f"{current[0]}: ?: {current[1]}")
print("\n".join(sorted(found)), end="\n" if found else "")
PY
  )
  if ((tidy_status != 0 || ${#findings[@]} != 0)); then
    cat "$log" >&2
    if ((${#findings[@]})); then
      echo "lint: clang-tidy: ${#findings[@]} finding(s):" >&2
      printf '  %s\n' "${findings[@]}" >&2
    fi
    echo "lint: clang-tidy failed" >&2
    return 1
  fi
  summary+=("$tus TUs clean under clang-tidy")
}

# ---- 3. references outside the repository ------------------------------------------------------

check_refs() {
  echo "== lint: scripts/check_self_contained.sh"
  bash "$root/scripts/check_self_contained.sh" "$root" >"$log" 2>&1 || {
    cat "$log" >&2
    return 1
  }
  summary+=("no reference outside the repository")
}

# ---- 4. commit subjects ------------------------------------------------------------------------

check_commits() {
  echo "== lint: scripts/check_commit_msg.sh"
  bash "$root/scripts/check_commit_msg.sh" >"$log" 2>&1 || {
    cat "$log" >&2
    return 1
  }
  summary+=("$(sed -n 's/^check_commit_msg: OK (\(.*\))$/\1/p' "$log"): subjects hold")
}

# Every step runs, so that one run reports everything; any failing fails the script. (Inside
# the functions, called from ||, errexit is off: they check what can fail themselves.)
summary=()
failed=0
if [[ $steps == *format* ]]; then check_format || failed=1; fi
if [[ $steps == *tidy* ]]; then check_tidy || failed=1; fi
if [[ $steps == *refs* ]]; then check_refs || failed=1; fi
if [[ $steps == *commits* ]]; then check_commits || failed=1; fi
if ((failed)); then
  echo "lint: FAILED" >&2
  exit 1
fi
joined=$(printf '; %s' "${summary[@]}")
echo "lint: OK (${joined#; })"
