#!/usr/bin/env bash
# Installs the dependencies, then builds and runs the whole test suite three times: a Release build
# with warnings as errors, an AddressSanitizer + UndefinedBehaviorSanitizer build and a
# ThreadSanitizer build.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake --workflow --preset release
cmake --workflow --preset asan
# ThreadSanitizer (batch runs images on worker threads; live reads frames on its own thread).
# OpenCV, Tesseract and the libraries under them are not instrumented: the preset keeps OpenCV's
# TBB pool and Tesseract's OpenMP to one thread (their hand-offs are invisible to TSan), and
# tests/tsan.supp lists the remaining library-only reports, each with its reason.
cmake --workflow --preset tsan
# The fuzz targets built with clang and libFuzzer, each fuzzed 30 s from its committed corpus.
cmake --workflow --preset fuzz
