#!/usr/bin/env bash
# Builds tdoku's solver library from a tdoku checkout you already have, for
# `sudokucam bench --vs LIB` (the ratio of the two solvers measured in one run). Nothing is
# downloaded: clone or unpack tdoku (github.com/t-dillon/tdoku, BSD-2) yourself first.
#
#   scripts/build-tdoku.sh TDOKU_DIR [ARCH]     # ARCH: -march value, default native (tdoku's own)
#   build/release/app/sudokucam bench --cpu-time --vs TDOKU_DIR/build-sudokucam-native/libtdoku_shared.so \
#       ../shared/puzzles/forum_hardest_1106.txt
#
# Prints the library's path. tdoku's data.zip is not needed.
set -euo pipefail
if [[ $# -lt 1 || ! -f "$1/src/solver_dpll_triad_simd.cc" ]]; then
    echo "usage: $0 TDOKU_DIR [ARCH]   (TDOKU_DIR: a tdoku checkout, with src/solver_dpll_triad_simd.cc)" >&2
    exit 2
fi
src=$(cd "$1" && pwd)
arch=${2:-native}
build="$src/build-sudokucam-$arch"
# tdoku's CMakeLists writes src/build_info.h into the checkout; -O3 and -march come from OPT/ARCH.
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DOPT=O3 -DARCH="$arch" >/dev/null
cmake --build "$build" --target tdoku_shared -j2 >/dev/null
echo "$build/libtdoku_shared.so"
