#!/usr/bin/env bash
# Long fuzzing run of one target, then the new interesting inputs merged into its committed corpus.
#   scripts/fuzz.sh TARGET SECONDS   (TARGET: fuzz_puzzle_text, fuzz_read_sudoku, fuzz_resume_log)
# Builds the `fuzz` preset (clang, libFuzzer, ASan + UBSan) in build/fuzz unless SKIP_BUILD=1.
# Fuzzes at the lowest priority on one core, in build/fuzz/long/TARGET (seeded from
# fuzz/corpus/TARGET), then runs libFuzzer's -merge=1 so fuzz/corpus/TARGET gains only the inputs
# that add coverage: review and commit them. A crash, leak or timeout stops the run and leaves
# its input in build/fuzz/long/TARGET-artifacts/; add it to the corpus once fixed. The per-input
# timeout (TIMEOUT, default 120 s) is wall-clock time: at nice 19 on a busy machine an input that
# takes a second of CPU can wait tens of seconds for a core, so it is generous.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: $0 TARGET SECONDS" >&2
  exit 2
fi
target=$1
seconds=$2
timeout=${TIMEOUT:-120}
corpus=fuzz/corpus/$target
[ -d "$corpus" ] || { echo "fuzz.sh: no corpus $corpus (unknown target?)" >&2; exit 2; }
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cmake --preset fuzz >/dev/null
  nice cmake --build --preset fuzz --target "$target"
fi
work=build/fuzz/long/$target
artifacts=build/fuzz/long/$target-artifacts/
mkdir -p "$work" "$artifacts"
dict=()
[ -f "fuzz/$target.dict" ] && dict=(-dict="fuzz/$target.dict")
nice -n 19 "build/fuzz/fuzz/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" \
  -print_final_stats=1 -artifact_prefix="$artifacts" "${dict[@]}" "$work" "$corpus"
nice -n 19 "build/fuzz/fuzz/$target" -merge=1 -rss_limit_mb=2048 -timeout="$timeout" "$corpus" "$work"
echo "fuzz.sh: $corpus now holds $(ls "$corpus" | wc -l) inputs; review and commit them"
