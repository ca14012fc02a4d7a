#!/usr/bin/env bash
# Installs the Debian 12 packages models/make_dataset.py and models/train.py need (CPU only).
# Training uses Debian's /usr/bin/python3, not a pyenv or virtualenv python.
set -euo pipefail

packages=(
  python3 python3-torch python3-opencv python3-numpy python3-pil
  python3-onnx  # second_alone.py: the pair's second network as a file of its own
  opencv-doc  # /usr/share/doc/opencv-doc/examples/data/digits.png: hand-written digits
  fontconfig fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-urw-base35
  fonts-noto-core fonts-roboto-unhinted fonts-lato fonts-open-sans fonts-linuxlibertine
  fonts-texgyre fonts-crosextra-caladea fonts-crosextra-carlito fonts-cantarell
  # hand-writing fonts (make_dataset.py --hand-fonts)
  fonts-dkg-handwriting fonts-breip fonts-rufscript fonts-sjfonts fonts-bwht fonts-humor-sans
  fonts-ecolier-court fonts-seto fonts-kiloji fonts-tlwg-purisa-ttf fonts-kaushanscript
  fonts-dancingscript
)

exec "$(dirname "$0")/../scripts/apt-install.sh" install-training-deps "${packages[@]}"
