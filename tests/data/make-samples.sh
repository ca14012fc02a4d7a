#!/usr/bin/env bash
# Regenerates the HEIC samples of tests/data and the HEIC and GIF seeds of the fuzz corpus from
# samples/newspaper.jpg. Needs libheif-examples (heif-enc) besides scripts/install-deps.sh's
# packages; libheif's x265 encoder comes with Debian 12's libheif1 (`heif-enc --list-encoders`).
# The files are committed: the tests need no encoder.
set -euo pipefail
cd "$(dirname "$0")/../.."
photo=samples/newspaper.jpg
corpus=fuzz/corpus/fuzz_read_sudoku
tool=$(mktemp -d)/MakeSamples
trap 'rm -rf "$(dirname "$tool")"' EXIT

# A HEIC as heif-enc writes it from the JPEG (its Exif block copied, orientation 1): 960x1280.
heif-enc --quality 40 "$photo" --output tests/data/newspaper.heic

# The same photo stored as it is but shown turned a quarter clockwise: 'irot' plus an Exif
# orientation 6, as an iPhone writes them; heif-enc cannot write an 'irot', MakeSamples can.
g++ -std=c++20 -O2 -I. $(pkg-config --cflags-only-I opencv4 | sed 's/-I/-isystem /g') \
  tests/data/MakeSamples.cpp tests/GifWriter.cpp -o "$tool" \
  $(pkg-config --libs libheif libgif opencv4)
"$tool" heic "$photo" tests/data/newspaper-rotated.heic 40 1.0 6

# Fuzz seeds: small (200 pixels wide), one turned by 'irot', one animated GIF (70 pixels wide).
"$tool" heic "$photo" "$corpus/newspaper_200_irot.heic" 30 0.2083 6
"$tool" gif "$photo" "$corpus/newspaper_70_animated.gif" 0.07 2
ls -l tests/data/*.heic "$corpus"/newspaper_200_irot.heic "$corpus"/newspaper_70_animated.gif
