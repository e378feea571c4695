#!/usr/bin/env bash
# Screenshots of the real window in Simplified Chinese, with no Chinese font installed on
# the system needed (the window brings its own): opens the binary under a virtual X server
# (Xvfb) with a fresh, empty eframe storage and a Chinese locale (LANG=zh_CN.UTF-8, so the
# window follows the system at its first start), plays a few moves by real mouse clicks,
# and writes
#   screenshots/zh-game.png              a game against the computer at 960x720
#   screenshots/zh-learners.png          the learners' view: move values, the last search
#   screenshots/zh-panel-560x420.png     the smallest window: nothing cut off or overflowing
#   screenshots/zh-panel-560x420-end.png that window with the first tab scrolled to its end
# BIN chooses the binary (default: the release build, built first).
# Run from anywhere: bash scripts/screenshots-zh.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages
if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe
    BIN=target/release/tictactoe
fi

start_xvfb
stop_on_exit

open_window env LANG=zh_CN.UTF-8 LC_ALL='' LC_MESSAGES='' "$BIN"
resize_window 960 720
click_cell() {
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy "$1" "$2") click 1
    sleep 1.0   # the computer's reply and a repaint
}

ROWS=3 COLS=3
pointer_away
find_board
click_cell 1 1
if occupied 0 0; then click_cell 0 2; else click_cell 0 0; fi
snap zh-game.png

# The learners' view: on the "学习" tab, open "上一次搜索（供学习）" and tick "显示每步棋的价值",
# found by where the 960x720 panel puts them (the last search header below the values box).
at 126 48                      # the "学习" tab
at 70 153                      # "上一次搜索（供学习）"
at 70 130 2                    # "显示每步棋的价值", and the values searched
snap zh-learners.png
at 24 48                       # back to the "下棋" tab

# The side panel scrolls; the mouse wheel over it brings its end into view.
resize_window 560 420
snap zh-panel-560x420.png
scroll_panel 5
snap zh-panel-560x420-end.png
if grep -qi "panic" "$WORK/app.log"; then
    cat "$WORK/app.log" >&2
    exit 1
fi
