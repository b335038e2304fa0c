# SPDX-License-Identifier: Apache-2.0
"""scripts/mutate.py's parts: what is mutated (config), how mutants are found (mutants), the
private build (build), the kill suite (kill_suite), the runs (runner), the record of verdicts
(results) and the report (report)."""
