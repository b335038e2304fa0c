#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the bash completion for ftpuri-check, as bash would at the <TAB>, and prints COMPREPLY,
# one reply per line.
#
# Usage: complete.sh COMPLETION_SCRIPT WORD... : the words of the command line, as bash splits
# them into COMP_WORDS; the last one, which may be empty, is the word being completed.
# WORD 1 is COMP_WORDS[0], the command: "ftpuri-check" (found on PATH) or a path to a binary.
#
# A non-interactive bash, with set -u so that an unset variable in the script is an error.
set -euo pipefail

if (($# < 2)); then
    echo "usage: $0 COMPLETION_SCRIPT WORD..." >&2
    exit 2
fi
script=$1
shift

# shellcheck source=/dev/null
source "$script"

# The function registered for the command; complete -p prints "complete -F func ftpuri-check".
spec=$(complete -p ftpuri-check 2>/dev/null) || {
    echo "$script registers no completion for ftpuri-check" >&2
    exit 1
}
[[ $spec =~ -F[[:space:]]+([^[:space:]]+) ]] || {
    echo "not a -F completion: $spec" >&2
    exit 1
}
func=${BASH_REMATCH[1]}

COMP_WORDS=("$@")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE="${COMP_WORDS[*]}"
COMP_POINT=${#COMP_LINE}
COMP_TYPE=9 # TAB
COMP_KEY=9
COMPREPLY=()
prev=''
((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
"$func" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "$prev"
if ((${#COMPREPLY[@]})); then
    printf '%s\n' "${COMPREPLY[@]}"
fi
