# SPDX-License-Identifier: Apache-2.0
# fish completion for ftpuri-check. Installed as share/fish/vendor_completions.d/ftpuri-check.fish.
# The diagnostic ids come from "ftpuri-check --rules" at completion time; the option list is
# checked against "ftpuri-check --help" by tests/cli_docs/completions_documented.py.

function __ftpuri_check_ids
    set -l cmd (commandline -opc)[1]
    command $cmd --rules 2>/dev/null | string match -r '^[a-z0-9]+\.[a-z0-9.-]+' 
end

function __ftpuri_check_opt_in_ids
    set -l cmd (commandline -opc)[1]
    command $cmd --rules 2>/dev/null | string match -r '^[a-z0-9]+\.[a-z0-9.-]+(?=\s.*\bopt-in\b)'
end

complete -c ftpuri-check -s h -l help -d 'print the help and exit'
complete -c ftpuri-check -s V -l version -d 'print the version and exit'
# Input
complete -c ftpuri-check -s f -l file -r -F -d 'read URIs from each FILE'
complete -c ftpuri-check -l files -d 'every argument is a FILE to read'
complete -c ftpuri-check -l no-skip -d 'check blank and comment lines too'
complete -c ftpuri-check -l field -x -d 'the URI is the Nth field of each line'
complete -c ftpuri-check -l whole-line -d 'each whole line is one URI'
complete -c ftpuri-check -l skip-scheme -x -a 'http https rsync sftp ftps file' -d 'skip lines of these schemes'
complete -c ftpuri-check -s 0 -l null -d 'inputs end with NUL'
complete -c ftpuri-check -l stdin-filename -r -d 'the name reports give stdin'
# Checking
complete -c ftpuri-check -l profile -x -a 'strict rfc3986 lenient' -d 'syntax profile'
complete -c ftpuri-check -l max-length -x -d 'longest input accepted, in bytes'
complete -c ftpuri-check -l disable -x -a '(__ftpuri_check_ids)' -d 'do not report these warnings or notes'
complete -c ftpuri-check -l enable -x -a '(__ftpuri_check_opt_in_ids)' -d 'report these opt-in rules'
complete -c ftpuri-check -l error -x -a '(__ftpuri_check_ids)' -d 'report these warnings as errors'
complete -c ftpuri-check -l rules -d 'print every diagnostic id and exit'
complete -c ftpuri-check -l min-severity -x -a 'note warning error' -d 'report nothing below LEVEL'
complete -c ftpuri-check -l config -r -F -d 'read the settings from FILE'
complete -c ftpuri-check -l no-config -d 'read no configuration file'
complete -c ftpuri-check -l explain -x -a '(__ftpuri_check_ids)' -d 'explain a diagnostic id and exit'
# Policy
complete -c ftpuri-check -l deny -x -a 'loopback unspecified link-local private broadcast multicast reserved documentation special-use public non-public' -d 'refuse hosts of these classes'
complete -c ftpuri-check -l allow-host -x -d 'accept only hosts that match PATTERN'
complete -c ftpuri-check -l allow-hosts-file -r -F -d 'read --allow-host patterns from FILE'
# Output
complete -c ftpuri-check -l format -x -a 'text json sarif github codeclimate' -d 'output format'
complete -c ftpuri-check -l help-uri-base -x -d 'address of docs/diagnostics.md for SARIF helpUri'
complete -c ftpuri-check -l components -d 'JSON records carry the decoded parts'
complete -c ftpuri-check -l color -x -a 'auto always never' -d 'colour the text output'
complete -c ftpuri-check -s q -l quiet -d 'print nothing; the exit status tells'
complete -c ftpuri-check -l stats -d 'print counts and throughput at the end'
complete -c ftpuri-check -l progress -x -a 'auto always never' -d 'progress bar on stderr'
# Fixing
complete -c ftpuri-check -l fix -d 'print canonical forms'
complete -c ftpuri-check -l in-place -d 'with --fix: rewrite each FILE'
complete -c ftpuri-check -l diff -d 'print what --fix --in-place would change'
complete -c ftpuri-check -l break-links -d 'rewrite a FILE with other hard links'
complete -c ftpuri-check -l strip-password -d 'drop the password from the canonical form'
complete -c ftpuri-check -l redact-password -d 'write the password as ****'
complete -c ftpuri-check -l drop-fragment -d 'drop the fragment'
complete -c ftpuri-check -l drop-anonymous -d 'drop an explicit anonymous@'
# Planning
complete -c ftpuri-check -l plan -d 'print the FTP commands of each URI'
complete -c ftpuri-check -l plan-mode -x -a 'multicwd rfc1738 singlecwd nocwd' -d 'how directories become CWDs'
complete -c ftpuri-check -l absolute -d 'send CWD / first'
complete -c ftpuri-check -l no-anonymous -d 'refuse anonymous login'
complete -c ftpuri-check -l anonymous-password -x -d 'the PASS of a URI without a user'
complete -c ftpuri-check -l show-password -d 'show the password after PASS'
# Exit status
complete -c ftpuri-check -l error-on-warning -d 'exit 1 when a warning is reported'
complete -c ftpuri-check -l exit-zero -d 'exit 0 even when inputs are invalid'
# Performance
complete -c ftpuri-check -s j -l jobs -x -d 'worker threads'
