#!/bin/bash -eu
# SPDX-License-Identifier: Apache-2.0
# fuzz/oss-fuzz/build.sh: OSS-Fuzz's build of ftpuri's fuzzers (its "compile" step runs it).
#
# OSS-Fuzz sets the environment: CC, CXX, CFLAGS and CXXFLAGS (its sanitizer and coverage
# flags, which CMake reads from the environment), LIB_FUZZING_ENGINE (what a fuzzer links for its
# engine: fuzz/CMakeLists.txt's FTPURI_FUZZING_ENGINE), OUT (where the fuzzers go), WORK (scratch)
# and SRC (where the Dockerfile cloned the sources). Into OUT go, for each target NAME that is
# built: NAME_fuzzer, NAME_fuzzer.options, NAME_fuzzer_seed_corpus.zip (corpus/inputs and every
# kept finding, corpus/regressions), and the dictionary ftp.dict the options name.
# fuzz/oss-fuzz/check_build.sh runs this script as OSS-Fuzz would, with libFuzzer and ASan.
# From the checkout (fuzz/oss-fuzz/build.sh), or as OSS-Fuzz runs its copy, $SRC/build.sh.
root=$(cd "$(dirname "$0")/../.." && pwd)
[[ -f $root/fuzz/CMakeLists.txt ]] || root=${SRC:?}/ftpuri
: "${CC:?}" "${CXX:?}" "${OUT:?}" "${WORK:?}" "${LIB_FUZZING_ENGINE:?}"
deps=$WORK/deps
mkdir -p "$deps" "$OUT"

# What OSS-Fuzz's image lacks, or has only built for another C++ library than its libc++ (RE2 is
# C++): the Dockerfile clones it under SRC, and it is built here with the same compiler and flags.
if [[ -d ${SRC:-/nonexistent}/re2 ]]; then
  make -C "$SRC/re2" -j"$(nproc)" CXX="$CXX" CXXFLAGS="$CXXFLAGS -O2 -std=c++17" prefix="$deps" static-install
fi
if [[ -d ${SRC:-/nonexistent}/cli11 ]]; then
  cmake -S "$SRC/cli11" -B "$WORK/cli11" -DCMAKE_INSTALL_PREFIX="$deps" -DCLI11_BUILD_TESTS=OFF \
    -DCLI11_BUILD_EXAMPLES=OFF -DCLI11_BUILD_DOCS=OFF
  cmake --install "$WORK/cli11"
fi
export PKG_CONFIG_PATH=$deps/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}

# CMAKE_BUILD_TYPE None: no flags of CMake's own beside OSS-Fuzz's (no -DNDEBUG either).
cmake -S "$root/fuzz" -B "$WORK/ftpuri" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_PREFIX_PATH="$deps" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" -DFTPURI_FUZZING_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$WORK/ftpuri" -j"$(nproc)" --target ftpuri_fuzzers

cp "$root/fuzz/ftp.dict" "$OUT/"
for source in "$root"/fuzz/*_fuzzer.cpp; do
  name=$(basename "$source" .cpp)
  [[ -x $WORK/ftpuri/$name ]] || continue # left out by fuzz/CMakeLists.txt (peers without its libraries)
  cp "$WORK/ftpuri/$name" "$OUT/"
  if [[ -f $root/fuzz/$name.options ]]; then cp "$root/fuzz/$name.options" "$OUT/"; fi
  rm -f "$OUT/${name}_seed_corpus.zip"
  (cd "$root/corpus" && zip -q -r "$OUT/${name}_seed_corpus.zip" inputs regressions -x '*/README.md')
done
