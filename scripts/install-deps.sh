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
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
