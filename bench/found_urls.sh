#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/found_urls.sh: prints, one per line and each once, the ftp URLs this machine's installed
# documentation holds (/usr/share/doc, the man and info pages, the common licences; gzipped files
# too). bench/run.sh times them as the "found" corpus: text nobody in this project wrote, whose
# share of short URLs, typos and odd bytes is the world's. Which URLs they are depends on the
# packages installed, so the page says how many were found.
#
#     bash bench/found_urls.sh > found.txt
set -euo pipefail
export LC_ALL=C

dirs=()
for d in /usr/share/doc /usr/share/man /usr/share/info /usr/share/common-licenses; do
    [[ -d $d ]] && dirs+=("$d")
done
[[ ${#dirs[@]} -gt 0 ]] || exit 0

# A URL ends at a blank, a quote, a bracket or markup; a sentence's last ".", ",", ";" or ":"
# is no part of it.
url='ftp://[^][[:space:]"'"'"'<>(){}|\\^`]*'
find "${dirs[@]}" -type f -print0 2>/dev/null |
    xargs -0 zgrep -a -h -o -e "$url" 2>/dev/null |
    sed 's/[.,;:]*$//' | sort -u || true
