#!/usr/bin/env bash
# Installs the Debian 12 packages models/make_dataset.py and models/train.py need (CPU only).
# Training uses Debian's /usr/bin/python3, not a pyenv or virtualenv python.
set -euo pipefail

packages=(
  python3 python3-torch python3-opencv python3-numpy python3-pil
  opencv-doc  # /usr/share/doc/opencv-doc/examples/data/digits.png: hand-written digits
  fontconfig fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-urw-base35
  fonts-noto-core fonts-roboto-unhinted fonts-lato fonts-open-sans fonts-linuxlibertine
  fonts-texgyre fonts-crosextra-caladea fonts-crosextra-carlito fonts-cantarell
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-training-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
