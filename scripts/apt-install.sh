#!/usr/bin/env bash
# Usage: apt-install.sh LABEL PACKAGE...
# Installs the Debian packages among PACKAGE... that are not installed yet, with sudo when not
# root. Shared by scripts/install-deps.sh and models/install-training-deps.sh.
set -euo pipefail
label=$1
shift

missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "$label: all $# packages present"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
