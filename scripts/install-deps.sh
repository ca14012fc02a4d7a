#!/usr/bin/env bash
# Installs every Debian 12 package sudokucam needs to build, test and run.
# Idempotent; run as root (or with sudo available). Nothing is downloaded from outside Debian.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libopencv-dev
  libtesseract-dev libleptonica-dev tesseract-ocr-eng
  libgtest-dev libgmock-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libjpeg62-turbo-dev  # the hostile-input test writes a CMYK JPEG with libjpeg
  clang libclang-rt-14-dev  # the fuzz preset: libFuzzer and the sanitizers' clang runtimes
  libcpp-httplib-dev libssl-dev openssl  # sudokucam serve: the HTTP(S) server, its certificate, the test of its fingerprint
  chromium fonts-dejavu-core  # the browser tests (tests/browser) drive Debian's Chromium
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module (python/) and its pytest
  libheif-dev libgif-dev  # HEIC/HEIF photos (an iPhone's default) and GIF screenshots
  dpkg-dev  # cpack -G DEB: dpkg-shlibdeps declares the package's runtime dependencies
  slurm-wlm  # the Slurm job array test (tests/slurm): slurmctld, slurmd, sbatch, and munge
)
# The browser tests run under Node.js and install playwright-core with npm: Debian's nodejs and
# npm, unless a Node.js with npm is already here (such as NodeSource's, which includes npm).
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

exec "$(dirname "$0")/apt-install.sh" install-deps "${packages[@]}"
