#!/usr/bin/env bash
# Installs the dependencies, builds sudokucam, and reads the bundled newspaper photo: prints the
# board it read and its solution, and writes the annotated photo to solved.jpg.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target sudokucam
./build/release/app/sudokucam read samples/newspaper.jpg -o solved.jpg
