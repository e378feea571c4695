#!/bin/sh
# Renders the game's icon, assets/icon.svg, into the PNG sizes of the hicolor icon theme:
# assets/icons/hicolor/NxN/apps/APP_ID.png. The window icon is the 256 px one, and the
# Debian package installs every size together with the SVG (Cargo.toml,
# [package.metadata.deb]). The rendered files are committed, so building needs no renderer.
# Needs rsvg-convert (Debian librsvg2-bin). Run from anywhere: sh assets/make-icons.sh
set -eu
cd "$(dirname "$0")"
APP_ID=io.github.tictactoe_engine.TicTacToe   # src/install.rs, APP_ID

for size in 16 32 48 64 128 256 512; do
    dir="icons/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    rsvg-convert --width "$size" --height "$size" --format png icon.svg --output "$dir/$APP_ID.png"
    echo "wrote $(pwd)/$dir/$APP_ID.png"
done
