#!/bin/sh
# Draws assets/icon.png, the window icon: a rounded tile with a 3x3 grid, two X and one O,
# and a winning diagonal of X. Needs ImageMagick 6 (`/usr/bin/convert`).
# Run from anywhere: sh assets/make-icon.sh
set -eu
cd "$(dirname "$0")"
CONVERT=/usr/bin/convert
[ -x "$CONVERT" ] || CONVERT=convert

# 256x256 canvas; the grid spans 40..216, so each cell is about 58.7 px.
"$CONVERT" -size 256x256 xc:none \
  -fill '#1f2a44' -draw 'roundrectangle 8,8 247,247 40,40' \
  -stroke '#c9d3e6' -strokewidth 8 -fill none \
  -draw 'line 98.7,40 98.7,216' -draw 'line 157.3,40 157.3,216' \
  -draw 'line 40,98.7 216,98.7' -draw 'line 40,157.3 216,157.3' \
  -stroke '#ff8a5c' -strokewidth 12 \
  -draw 'line 54,54 85,85' -draw 'line 85,54 54,85' \
  -draw 'line 113,113 143,143' -draw 'line 143,113 113,143' \
  -draw 'line 171,171 202,202' -draw 'line 202,171 171,202' \
  -stroke '#5cc8ff' -strokewidth 11 \
  -draw 'circle 186.6,69.3 186.6,86' \
  -draw 'circle 69.3,186.6 69.3,203' \
  -stroke '#ffe08a' -strokewidth 7 -draw 'line 46,46 210,210' \
  -strip PNG32:icon.png
echo "wrote $(pwd)/icon.png"
