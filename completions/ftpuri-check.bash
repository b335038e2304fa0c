# SPDX-License-Identifier: Apache-2.0
# bash completion for ftpuri-check                                   -*- shell-script -*-
#
# Installed as share/bash-completion/completions/ftpuri-check; or source it from ~/.bashrc.
# It needs only bash: no helper of the bash-completion package is used.
#
# The diagnostic ids for --disable, --enable and --error come from "ftpuri-check --rules" at
# completion time, run as the command being completed (COMP_WORDS[0]), so a build-tree binary completes
# its own ids. The option list is checked against "ftpuri-check --help" by
# tests/cli_docs/options_documented.py.

_ftpuri_check_options='-h --help -V --version
    -f --file --files --field --whole-line --skip-scheme --no-skip -0 --null --stdin-filename --profile --max-length
    --disable --enable --error --rules --explain --min-severity --config --no-config
    --deny --allow-host --allow-hosts-file
    --format --help-uri-base --components --color -q --quiet --stats --progress
    --fix --diff --in-place --break-links --strip-password --redact-password --drop-fragment --drop-anonymous
    --plan --plan-mode --absolute --anonymous-password --no-anonymous --show-password
    --error-on-warning --exit-zero
    -j --jobs'

# Prints the diagnostic ids, one per line: all of them, or with "opt-in" only the opt-in rules.
# $1 is the command; "--rules" prints one line per id: the id first, then its severity, the
# word opt-in for the opt-in rules, and the message.
_ftpuri_check_ids()
{
    local cmd=$1 which=$2 line id rest
    # COMP_WORDS[0] holds the word as typed: expand a leading ~/ as the shell would.
    # shellcheck disable=SC2088 # a literal ~/ is what is matched
    if [[ $cmd == '~/'* ]]; then
        cmd=$HOME/${cmd#'~/'}
    fi
    while IFS= read -r line; do
        id=${line%%[[:space:]]*}
        [[ $id =~ ^[a-z0-9]+\.[a-z0-9.-]+$ ]] || continue
        rest=${line#"$id"}
        if [[ $which == opt-in ]]; then
            # The word opt-in: not part of a longer word or id.
            [[ $rest =~ (^|[^[:alnum:]_.-])opt-in($|[^[:alnum:]_-]) ]] || continue
        fi
        printf '%s\n' "$id"
    done < <("$cmd" --rules </dev/null 2>/dev/null)
}

# COMPREPLY from the words of $1 that begin with $2.
_ftpuri_check_words()
{
    local IFS=$' \t\n'
    mapfile -t COMPREPLY < <(compgen -W "$1" -- "$2")
}

# The host classes of --deny (ftpuri/host_class.hpp's names) and non-public.
_ftpuri_check_classes='loopback unspecified link-local private broadcast multicast reserved documentation
    special-use public non-public'

# COMPREPLY from the words $1 for the last item of a comma-separated value $2 (--deny, --disable,
# --enable, --error): each reply repeats the items before it, so that completing
# 'loopback,pri' gives 'loopback,private'.
_ftpuri_check_list()
{
    local words=$1 cur=$2 done='' i
    if [[ $cur == *,* ]]; then
        done=${cur%,*},
        cur=${cur##*,}
    fi
    _ftpuri_check_words "$words" "$cur"
    for i in "${!COMPREPLY[@]}"; do
        COMPREPLY[i]=$done${COMPREPLY[i]}
    done
}

# COMPREPLY from the file and directory names that begin with $1.
_ftpuri_check_files()
{
    compopt -o filenames 2>/dev/null || true # fails outside a completion (tests)
    mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

_ftpuri_check()
{
    local cword=$COMP_CWORD
    local cur=${COMP_WORDS[cword]} prev=''
    local cmd=${COMP_WORDS[0]:-ftpuri-check}
    local i in_place='' end_of_options='' prefix=''
    COMPREPLY=()
    ((cword > 0)) && prev=${COMP_WORDS[cword - 1]}

    # --name=value: bash splits it at '=' (in COMP_WORDBREAKS by default) into '--name' '='
    # 'value'. When '=' is not a word break it stays one word, and each reply must repeat
    # the '--name=' prefix.
    if [[ $cur == = && $prev == --* ]]; then
        cur=
    elif [[ $prev == = ]] && ((cword >= 2)); then
        prev=${COMP_WORDS[cword - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        prefix=$prev=
        cur=${cur#*=}
    fi

    # What the other words on the line say: --in-place, and -- (the end of the options); and
    # whether the word is among the files -f takes (every word after it up to an option).
    local after_file=
    for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
        ((i == cword)) && continue
        case ${COMP_WORDS[i]} in
            --in-place | --diff | --files) in_place=1 ;;
            --) ((i < cword)) && end_of_options=1 ;;
        esac
        if ((i < cword)); then
            case ${COMP_WORDS[i]} in
                -f | --file) after_file=1 ;;
                -*) after_file= ;;
            esac
        fi
    done
    [[ $after_file && $cur != -* && ! $end_of_options ]] && in_place=1

    if [[ $end_of_options ]]; then
        # A positional argument: a file with --in-place or --diff, otherwise a URI.
        [[ $in_place ]] && _ftpuri_check_files "$cur"
        return 0
    fi

    case $prev in
        --profile) _ftpuri_check_words 'strict rfc3986 lenient' "$cur" ;;
        --format) _ftpuri_check_words 'text json sarif github codeclimate' "$cur" ;;
        --color | --progress) _ftpuri_check_words 'auto always never' "$cur" ;;
        --plan-mode) _ftpuri_check_words 'multicwd rfc1738 singlecwd nocwd' "$cur" ;;
        --disable) _ftpuri_check_list "$(_ftpuri_check_ids "$cmd" all)" "$cur" ;;
        --enable) _ftpuri_check_list "$(_ftpuri_check_ids "$cmd" opt-in)" "$cur" ;;
        --error) _ftpuri_check_list "$(_ftpuri_check_ids "$cmd" all)" "$cur" ;;
        --explain) _ftpuri_check_words "$(_ftpuri_check_ids "$cmd" all)" "$cur" ;;
        --deny) _ftpuri_check_list "$_ftpuri_check_classes" "$cur" ;;
        -f | --file | --allow-hosts-file | --stdin-filename | --config) _ftpuri_check_files "$cur" ;;
        --min-severity) _ftpuri_check_words 'note warning error' "$cur" ;;
        --max-length | -j | --jobs | --field) ;; # a number: nothing to offer
        --anonymous-password) ;;         # any text: nothing to offer
        --allow-host) ;;                 # a host pattern: nothing to offer
        --skip-scheme) _ftpuri_check_list 'http https rsync sftp ftps file' "$cur" ;;
        --help-uri-base) ;;              # a URI: nothing to offer
        *)
            if [[ $prefix ]]; then
                : # --name=value for an option without a value: nothing to offer
            elif [[ $cur == -* ]]; then
                _ftpuri_check_words "$_ftpuri_check_options" "$cur"
            elif [[ $in_place ]]; then
                _ftpuri_check_files "$cur"
            fi
            return 0
            ;;
    esac

    if [[ $prefix ]]; then
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=$prefix${COMPREPLY[i]}
        done
    fi
    return 0
}

complete -F _ftpuri_check ftpuri-check
