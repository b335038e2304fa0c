#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/install/components.sh BUILD_DIR C_COMPILER PYTHON PYTHON_DIR: each install component
# alone, into its own fresh prefix, used as its user would use it:
#   library  a C program built with find_package and with pkg-config against it, and run
#   cli      ftpuri-check run, `man` showing its page, the bash completion sourced
#   python   the package imported (when PYTHON is not "-": the module was built)
# and each prefix holds its component's files and no other's. Every install rule names its
# component: installing the unnamed one ("Unspecified") installs nothing.
set -euo pipefail
build=$(cd "$1" && pwd) cc=$2 python=$3 site=$4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() { echo "== components test: $*"; }
fail() {
  echo "components test: FAILED: $*"
  exit 1
}
install_component() { # COMPONENT: into $work/COMPONENT
  cmake --install "$build" --component "$1" --prefix "$work/$1" >"$work/$1.log" 2>&1 || {
    cat "$work/$1.log"
    fail "cmake --install --component $1"
  }
}
only() { # PREFIX PATTERN...: every file under PREFIX matches one of the patterns
  local prefix=$1 file pattern ok
  shift
  while IFS= read -r file; do
    ok=0
    for pattern in "$@"; do
      # shellcheck disable=SC2053 # a glob, on purpose
      [[ $file == $pattern ]] && ok=1
    done
    ((ok)) || fail "${prefix#"$work"/} holds $file, which is not its component's"
  done < <(cd "$prefix" && find . \( -type f -o -type l \) | sed 's|^\./||')
}

step "library: headers, libraries, CMake package, pkg-config file"
install_component library
only "$work/library" 'include/*' 'lib*/libftpuri.*' 'lib*/cmake/ftpuri/*' 'lib*/pkgconfig/ftpuri.pc'
cp -r "$here/c" "$work/c"
{ cmake -S "$work/c" -B "$work/c-build" -DCMAKE_PREFIX_PATH="$work/library" -DCMAKE_C_COMPILER="$cc" \
  -DFTPURI_SHARED=ON && cmake --build "$work/c-build"; } >"$work/c.log" 2>&1 || {
  cat "$work/c.log"
  fail "a find_package consumer of the library component"
}
"$work/c-build/consumer" || fail "the find_package consumer's answers"
pc_dir=$(dirname "$(find "$work/library" -name ftpuri.pc)")
# shellcheck disable=SC2046 # the flags are words
"$cc" -std=c99 "$work/c/consumer.c" $(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags --libs ftpuri) \
  -Wl,-rpath,"$(PKG_CONFIG_PATH=$pc_dir pkg-config --variable=libdir ftpuri)" -o "$work/c-pc" ||
  fail "a pkg-config consumer of the library component"
"$work/c-pc" || fail "the pkg-config consumer's answers"

step "cli: ftpuri-check, its man page and its bash completion"
install_component cli
only "$work/cli" bin/ftpuri-check share/man/man1/ftpuri-check.1 share/bash-completion/completions/ftpuri-check \
  share/zsh/vendor-completions/_ftpuri-check share/fish/vendor_completions.d/ftpuri-check.fish
libraries=$(ldd "$work/cli/bin/ftpuri-check")
[[ $libraries != *libftpuri.so* ]] || fail "ftpuri-check needs libftpuri.so, which the cli component lacks"
[[ $("$work/cli/bin/ftpuri-check" --fix FTP://Ftp.Example.ORG/pub/) == ftp://ftp.example.org/pub/ ]] ||
  fail "the installed ftpuri-check's --fix"
page=$(MANPATH=$work/cli/share/man MANWIDTH=80 man ftpuri-check 2>/dev/null | col -b) || fail "man ftpuri-check"
[[ $page == *ftpuri-check* && $page == *--profile* ]] || fail "man ftpuri-check shows no page: $page"
words=$(bash -c 'source "$1"; COMP_WORDS=(ftpuri-check --prof); COMP_CWORD=1; _ftpuri_check
  printf "%s\n" "${COMPREPLY[@]}"' _ "$work/cli/share/bash-completion/completions/ftpuri-check")
[[ $words == *--profile* ]] || fail "the installed completion does not complete --prof: $words"

if [[ $python != - ]]; then
  step "python: the package, imported from its prefix alone"
  install_component python
  only "$work/python" "$site/ftpuri/*"
  out=$(cd "$work" && env -u PYTHONHOME PYTHONPATH="$work/python/$site" PYTHONNOUSERSITE=1 \
    PYTHONDONTWRITEBYTECODE=1 "$python" -s -c 'import ftpuri; print(ftpuri.canonicalize("FTP://H/a"))') ||
    fail "import ftpuri from the python component"
  [[ $out == ftp://h/a ]] || fail "ftpuri.canonicalize from the python component gave $out"
fi

step "nothing is installed without a component"
cmake --install "$build" --component Unspecified --prefix "$work/unspecified" >/dev/null
[[ ! -e $work/unspecified ]] || [[ -z $(find "$work/unspecified" -type f) ]] ||
  fail "install rules without a component: $(find "$work/unspecified" -type f)"
echo "components test: passed"
