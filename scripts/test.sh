#!/usr/bin/env bash
# Installs the dependencies, then builds and runs the test suite three times: a Release build
# with warnings as errors and an AddressSanitizer + UndefinedBehaviorSanitizer build, each the whole
# suite, and a ThreadSanitizer build of the tests whose code starts threads.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# playwright-core for the browser tests (the release preset's browser_page), as the lock file pins.
npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
cmake --workflow --preset release
cmake --workflow --preset asan
# ThreadSanitizer (batch runs images on worker threads; live reads frames on its own thread).
# OpenCV, Tesseract and the libraries under them are not instrumented: the preset keeps
# Tesseract's OpenMP to one thread, and tests/tsan.supp lists the reports that lie inside one of
# those libraries (OpenCV's TBB pool among them), each with its reason. It builds and runs only the
# tests labelled threads (tests/CMakeLists.txt): the others start no thread of ours.
cmake --workflow --preset tsan
# The fuzz targets built with clang and libFuzzer, each fuzzed 30 s from its committed corpus.
cmake --workflow --preset fuzz
