#!/usr/bin/env bash
# Installs the Debian libraries Qt needs, only those that are missing.
#   scripts/qt-deps.sh offscreen   what the test suite needs (QT_QPA_PLATFORM=offscreen)
#   scripts/qt-deps.sh window      what a real window needs (xcb), plus Xvfb for screenshots
# Read off `ldd` of PySide6 6.11's libQt6Gui, libQt6XcbQpa and its platform plugins.
set -euo pipefail
mode=${1:-offscreen}
pkgs=(libegl1 libgl1 libfontconfig1 libfreetype6 libglib2.0-0 libxkbcommon0 fonts-dejavu-core)
if [ "$mode" = window ]; then
  pkgs+=(libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
         libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1
         libxkbcommon-x11-0 xvfb xauth)
fi
command -v dpkg-query >/dev/null || { echo "qt-deps: not a Debian system; install Qt's libraries yourself"; exit 0; }
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "qt-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
