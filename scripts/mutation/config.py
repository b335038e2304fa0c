# SPDX-License-Identifier: Apache-2.0
"""The settings of a mutation run: the files mutated, the tests the kill suite leaves out, and
where the verdicts are kept."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The entry point, which run_workers starts once per worker.
SCRIPT = os.path.join(ROOT, "scripts", "mutate.py")

# The files measured, and the translation unit libclang parses each from (a header is seen
# through a .cpp that includes it): the scanner's parts, the rules, the canonical form, the plan.
DEFAULT_FILES = {
    "src/scan/scanner.hpp": "src/parse.cpp",
    "src/scan/cursor.hpp": "src/parse.cpp",
    "src/scan/reporter.hpp": "src/parse.cpp",
    "src/scan/escape.hpp": "src/parse.cpp",
    "src/scan/scheme.hpp": "src/parse.cpp",
    "src/scan/authority.hpp": "src/parse.cpp",
    "src/scan/host.hpp": "src/parse.cpp",
    "src/scan/port.hpp": "src/parse.cpp",
    "src/scan/path.hpp": "src/parse.cpp",
    "src/scan/typecode.hpp": "src/parse.cpp",
    "src/scan/query.hpp": "src/parse.cpp",
    "src/scan/byte_runs.hpp": "src/parse.cpp",
    "src/scan/byte_runs.cpp": "src/scan/byte_runs.cpp",
    "src/scan/plain_segments.hpp": "src/parse.cpp",
    "src/scan/plain_segments.cpp": "src/scan/plain_segments.cpp",
    "src/scan/dns_name_shape.hpp": "src/parse.cpp",
    "src/utf8.hpp": "src/parse.cpp",
    "src/rules/dns_name.hpp": "src/parse.cpp",
    "src/rules/ipv4_address.hpp": "src/parse.cpp",
    "src/rules/ipv6_address.hpp": "src/parse.cpp",
    "src/rules/numeric_host.hpp": "src/parse.cpp",
    "src/canonical.cpp": "src/canonical.cpp",
    "src/pct.cpp": "src/pct.cpp",
    "src/rules/dot_segments.hpp": "src/canonical.cpp",
    "src/redact.cpp": "src/redact.cpp",
    "src/plan.cpp": "src/plan.cpp",
    "include/ftpuri/charset.hpp": "src/parse.cpp",  # the grammar's character sets
}

# What the kill suite leaves out: the CLI (not mutated), goldens, the slow and install tests, the
# test of this script, and the grammar mutants (which test the oracle, on the strings that
# exhaustive_test, in the suite, judges already).
EXCLUDED_LABELS = "mutation|grammar_mutants|cli|golden|cli_docs|cli_unit|e2e|install|embedding|abi|bench|slow|cli_memory|host_class|example"

# Programs the kill suite does not run: the allocation canary proves that the allocation
# counter can fail (a variant of the library that allocates), not that the library is right,
# and it compiles every library file a second time for each mutant.
SKIPPED_PROGRAMS = ("alloc_canary_test",)

# The library's object files, relative to the build (add_library(ftpuri_objects OBJECT ...)).
LIBRARY_OBJECTS = "CMakeFiles/ftpuri_objects.dir/"

RECORD = os.path.join(ROOT, "scripts/mutation-results.jsonl")
# Which job killed each mutant, a line per kill ("FILE<TAB>JOB"), for the kill order of later
# runs on this machine; not committed (the jobs' names are this build's).
KILLS = os.path.join(ROOT, "build", "mutation-kills.tsv")
