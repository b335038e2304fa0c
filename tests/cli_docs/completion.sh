#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# cli_docs.completion: completions/ftpuri-check.bash, sourced in a non-interactive bash, offers
# the right words: options, the values of --profile, --format, --color and --progress, the ids
# of "ftpuri-check --rules" for --disable and --error and only the opt-in ones for --enable, the
# modes of --plan-mode, the host classes of --deny (after a comma too), file names for -f, for
# --allow-hosts-file and for the files of --in-place, and nothing for numbers, URIs,
# --allow-host and --anonymous-password.
#
# Usage: completion.sh FTPURI_CHECK SOURCE_DIR
set -uo pipefail

if (($# != 2)); then
    echo "usage: $0 FTPURI_CHECK SOURCE_DIR" >&2
    exit 2
fi
exe=$(realpath -- "$1")
comp=$2/completions/ftpuri-check.bash
helper=$(dirname -- "$(realpath -- "$0")")/complete.sh
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

if [[ ! -x $exe ]]; then
    echo "FAIL: $exe is not an executable"
    exit 1
fi
if ! bash -n "$comp"; then
    echo "FAIL: bash -n $comp"
    exit 1
fi

# The binary's directory first on PATH, so that "ftpuri-check" as COMP_WORDS[0] is this one.
PATH=$(dirname -- "$exe"):$PATH
export PATH

# complete WORD...: the replies, sorted, one per line (see complete.sh).
complete_words() {
    bash "$helper" "$comp" "$@" | LC_ALL=C sort
}

# What a line gets, shown in messages: the words, quoted, the last being completed.
show() {
    local out='' w
    for w in "$@"; do out+=" '$w'"; done
    printf '%s' "${out# }"
}

# The lines of $1 on one line.
joined() {
    local IFS=' '
    local -a words
    mapfile -t words <<<"$1"
    printf '%s' "${words[*]}"
}

# expect_exactly "EXPECTED WORDS" WORD...: the replies are exactly these words.
expect_exactly() {
    local expected got
    expected=$(tr ' ' '\n' <<<"$1" | sed '/^$/d' | LC_ALL=C sort)
    shift
    got=$(complete_words "$@") || {
        fail "$(show "$@"): the completion failed"
        return
    }
    if [[ $got != "$expected" ]]; then
        fail "$(show "$@"): expected [$(joined "$expected")], got [$(joined "$got")]"
    else
        echo "ok: $(show "$@") -> [$(joined "$got")]"
    fi
}

# expect_includes "WORDS" WORD...: each of these words is among the replies.
expect_includes() {
    local wanted=$1 got w
    shift
    got=$(complete_words "$@") || {
        fail "$(show "$@"): the completion failed"
        return
    }
    for w in $wanted; do
        if ! grep -qxF -- "$w" <<<"$got"; then
            fail "$(show "$@"): no '$w' among [$(joined "$got")]"
            return
        fi
    done
    echo "ok: $(show "$@") includes [$wanted]"
}

# expect_nothing WORD...: no reply at all.
expect_nothing() {
    expect_exactly "" "$@"
}

# --- the ids, from the binary itself -------------------------------------------------------
rules=$("$exe" --rules 2>&1)
status=$?
if ((status != 0)); then
    fail "'$exe --rules' exited with status $status: $(head -n 3 <<<"$rules")"
fi
all_ids=$(awk '$1 ~ /^[a-z0-9]+\.[a-z0-9.-]+$/ { print $1 }' <<<"$rules" | LC_ALL=C sort)
# The opt-in rules: the lines with the word opt-in (not inside a longer word or an id).
opt_in_ids=$(awk '$1 ~ /^[a-z0-9]+\.[a-z0-9.-]+$/ && $0 ~ /(^|[^[:alnum:]_.-])opt-in($|[^[:alnum:]_-])/ {
                  print $1 }' <<<"$rules" | LC_ALL=C sort)
host_ids=$(grep '^host\.' <<<"$all_ids")
[[ -n $all_ids ]] || fail "'$exe --rules' printed no ids"

# --- the cases the completion must offer ------------------------------------------------------------------
expect_includes "--profile" ftpuri-check --pro
expect_exactly "strict rfc3986 lenient" ftpuri-check --profile ''
expect_includes "host.empty host.ip-address" ftpuri-check --disable host.
expect_exactly "host.ip-address port.non-default userinfo.present" ftpuri-check --enable ''
expect_exactly "text json sarif github codeclimate" ftpuri-check --format ''

# --- the same ids as --rules prints ----------------------------------------------------------
expect_exactly "$host_ids" ftpuri-check --disable host.
expect_exactly "$all_ids" ftpuri-check --disable ''
expect_exactly "$opt_in_ids" ftpuri-check --enable ''
expect_exactly "userinfo.present" ftpuri-check --enable user
# The command as a path (a build tree's binary), with no ftpuri-check on PATH.
PATH=/usr/bin:/bin expect_exactly "host.ip-address port.non-default userinfo.present" "$exe" --enable ''

# --- values, and --name=value as bash splits it (at '=') or not ----------------------------
expect_exactly "auto always never" ftpuri-check --color ''
expect_exactly "auto always never" ftpuri-check --progress ''
expect_exactly "always" ftpuri-check -q --color al
expect_exactly "text json sarif github codeclimate" ftpuri-check --format = ''
expect_exactly "json" ftpuri-check --format = j
expect_exactly "--format=json" ftpuri-check --format=j
expect_exactly "--enable=port.non-default" ftpuri-check --enable=port
expect_exactly "lenient" ftpuri-check ftp://h/ --profile=l ftp://h/ --profile l

# --- options -----------------------------------------------------------------------------------
expect_includes "--profile --progress" ftpuri-check --pr
expect_exactly "--drop-anonymous --drop-fragment" ftpuri-check --drop
expect_includes "-f -q -j -h --file --quiet --jobs --help --in-place --rules --version" ftpuri-check -
expect_nothing ftpuri-check -- --pro

# --- --plan and its options -----------------------------------------------------------------
expect_exactly "--plan --plan-mode" ftpuri-check --plan
expect_exactly "multicwd rfc1738 singlecwd nocwd" ftpuri-check --plan --plan-mode ''
expect_exactly "singlecwd" ftpuri-check --plan --plan-mode s
expect_exactly "--plan-mode=nocwd" ftpuri-check --plan --plan-mode=n
expect_includes "--absolute --anonymous-password --show-password" ftpuri-check --plan -
expect_nothing ftpuri-check --plan --anonymous-password ''

# --- --error, and the policy -------------------------------------------------------------------
expect_exactly "$all_ids" ftpuri-check --error ''
expect_exactly "$(grep '^userinfo\.p' <<<"$all_ids")" ftpuri-check --error userinfo.p
expect_includes "userinfo.password" ftpuri-check --error userinfo.p
expect_exactly "--error --error-on-warning" ftpuri-check --error
expect_exactly "loopback link-local unspecified private broadcast multicast reserved documentation special-use
                public non-public" ftpuri-check --deny ''
expect_exactly "private public" ftpuri-check --deny p
expect_exactly "loopback,link-local loopback,loopback" ftpuri-check --deny loopback,l
expect_exactly "loopback,multicast,non-public" ftpuri-check --deny loopback,multicast,non
# --disable, --enable and --error take comma lists of ids: the last item completes.
expect_exactly "scheme.uppercase,port.default" ftpuri-check --disable scheme.uppercase,port.def
expect_exactly "host.ip-address,port.non-default" ftpuri-check --enable host.ip-address,port.n
expect_exactly "loopback,private" ftpuri-check --deny loopback,pri
expect_exactly "--deny=non-public" ftpuri-check --deny=non
expect_exactly "--allow-host --allow-hosts-file" ftpuri-check --allow
expect_nothing ftpuri-check --allow-host ''

# --- numbers and URIs: nothing ------------------------------------------------------------
expect_nothing ftpuri-check --max-length ''
expect_nothing ftpuri-check -j ''
expect_nothing ftpuri-check --jobs ''
expect_nothing ftpuri-check ''
expect_nothing ftpuri-check --fix ftp

# --- file names: -f, and the FILEs of --in-place ------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
mkdir "$tmp/lists"
touch "$tmp/mirrors.txt" "$tmp/more mirrors.txt" "$tmp/lists/a.txt"
(
    cd "$tmp" || exit 1
    expect_exactly "mirrors.txt" ftpuri-check -f mir
    expect_exactly "mirrors.txt" ftpuri-check --file mir
    expect_exactly "mirrors.txt" ftpuri-check --allow-hosts-file mir
    expect_includes "lists mirrors.txt" ftpuri-check -q -f ''
    expect_exactly "lists/a.txt" ftpuri-check -f lists/
    # A name with a space is one reply.
    got=$(complete_words ftpuri-check -f mo)
    if [[ $got == "more mirrors.txt" ]]; then
        echo "ok: 'ftpuri-check' '-f' 'mo' -> [more mirrors.txt]"
    else
        fail "'ftpuri-check' '-f' 'mo': expected the one reply 'more mirrors.txt', got [$(joined "$got")]"
    fi
    expect_exactly "mirrors.txt" ftpuri-check --fix --in-place mir
    expect_exactly "mirrors.txt" ftpuri-check --in-place -q --fix mir
    expect_exactly "lists/a.txt" ftpuri-check --fix --in-place -- lists/
    expect_nothing ftpuri-check mir
    # -f takes every word after it up to an option: the second file is a file too, and a word
    # after an option is a URI again.
    expect_exactly "mirrors.txt" ftpuri-check -f lists/a.txt mir
    expect_exactly "mirrors.txt" ftpuri-check --files -q mir
    expect_nothing ftpuri-check -f lists/a.txt -q mir
    exit "$failures"
)
failures=$((failures + $?))

if ((failures)); then
    echo "$failures failure(s)"
    exit 1
fi
echo "all completion cases pass"
