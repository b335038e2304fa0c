#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# cli_docs.man_lint: docs/ftpuri-check.1 formats with groff's man macros and every warning on
# (-ww) without a word on stderr.
#
# Usage: man_lint.sh FTPURI_CHECK SOURCE_DIR (the binary is not used; every cli_docs test takes
# the same arguments). A missing groff fails the test rather than skipping it: install
# groff-base (scripts/install-deps.sh lists it).
set -uo pipefail

if (($# != 2)); then
    echo "usage: $0 FTPURI_CHECK SOURCE_DIR" >&2
    exit 2
fi
page=$2/docs/ftpuri-check.1

if ! command -v groff >/dev/null 2>&1; then
    echo "FAIL: groff not found; install groff-base (scripts/install-deps.sh)"
    exit 1
fi
if [[ ! -f $page ]]; then
    echo "FAIL: no man page at $page"
    exit 1
fi

# stderr only: -z discards the formatted output.
stderr=$(groff -man -Tutf8 -ww -z "$page" 2>&1 >/dev/null)
status=$?
if ((status != 0)) || [[ -n $stderr ]]; then
    echo "FAIL: groff -man -Tutf8 -ww -z $page (exit status $status):"
    printf '%s\n' "$stderr"
    exit 1
fi
echo "ok: groff -man -Tutf8 -ww -z $page: no warnings"
