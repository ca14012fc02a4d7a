#!/usr/bin/env bash
# Installs the dependencies, then builds and runs the whole test suite twice: a Release build with
# warnings as errors, and an AddressSanitizer + UndefinedBehaviorSanitizer build.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake --workflow --preset release
cmake --workflow --preset asan
# The fuzz targets built with clang and libFuzzer, each fuzzed 30 s from its committed corpus.
cmake --workflow --preset fuzz
