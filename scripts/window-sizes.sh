#!/usr/bin/env bash
# The window at the smallest, the default and a large size, in English and in Chinese: a
# 15x15 game against the computer in progress (the computer thinking on its move), and
# screenshots/sizes-LANG-WxH.png for 560x420, 960x720 and 1600x1000. Made to look at the
# layout: the status lines whole or cut with "…" and the whole text on hover, the side
# panel's scroll bar, the board's labels.
#
#   bash scripts/window-sizes.sh                          # the debug build
#   BIN=target/release/tictactoe bash scripts/window-sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
ensure_packages
BIN=${BIN:-target/debug/tictactoe}
OUT=${OUT:-screenshots}
export SCREEN=1700x1100
# H8 I9 H9 H7 G8 (0-based rows and columns), the person (X) to move next after O's reply.
GAME=$(moves 7 7  8 8  8 7  6 7  7 6)
start_xvfb
stop_on_exit
for language in English Chinese; do
    for size in 560x420 960x720 1600x1000; do
        PREFS="(language:Some($language),large_board_time_ms:30000)"
        STATE="(session:(settings:(rule:(width:15,height:15,k:5,exact:false),mode:r#human-vs-computer,first:human,computer:Engine(depth:None,time_ms:Some(30000))),moves:$GAME,redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:$PREFS)"
        rm -rf "${XDG_DATA_HOME:?}"/*
        mkdir -p "$XDG_DATA_HOME/tictactoe"
        printf '{\n    "app": "%s",\n}\n' "$STATE" >"$XDG_DATA_HOME/tictactoe/app.ron"
        open_window "$BIN"
        xdotool windowsize "$WID" "${size%x*}" "${size#*x}"
        sleep 3
        eval "$(xdotool getwindowgeometry --shell "$WID")"
        xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"
        sleep 0.5
        name="$OUT/sizes-$(echo "$language" | tr 'A-Z' 'a-z')-$size.png"
        shot "$name"
        echo "wrote $name"
        close_window
    done
done
