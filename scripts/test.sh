#!/usr/bin/env bash
# Installs the dependencies, then builds and runs the whole test suite three times: a Release build
# with warnings as errors, an AddressSanitizer + UndefinedBehaviorSanitizer build and a
# ThreadSanitizer build (all but the many-photo accuracy runs).
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
# those libraries (OpenCV's TBB pool among them), each with its reason. It leaves out the tests
# labelled many_photos: single-threaded accuracy runs over dozens of photos (tests/CMakeLists.txt).
cmake --workflow --preset tsan
# The fuzz targets built with clang and libFuzzer, each fuzzed 30 s from its committed corpus.
cmake --workflow --preset fuzz
