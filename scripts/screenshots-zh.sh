#!/usr/bin/env bash
# Screenshots of the real window in Simplified Chinese, with no Chinese font installed on
# the system needed (the window brings its own): opens the binary under a virtual X server
# (Xvfb) with a fresh, empty eframe storage and a Chinese locale (LANG=zh_CN.UTF-8, so the
# window follows the system at its first start), plays a few moves by real mouse clicks,
# and writes
#   screenshots/zh-game.png              a game against the computer at 960x720
#   screenshots/zh-learners.png          the learners' view: move values, the last search
#   screenshots/zh-panel-560x420.png     the smallest window: nothing cut off or overflowing
#   screenshots/zh-panel-560x420-end.png that window with the side panel scrolled to its end
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

LANG=zh_CN.UTF-8 LC_ALL='' LC_MESSAGES='' "$BIN" >"$WORK/app.log" 2>&1 &
APP=$!
WID=$(timeout 30 xdotool search --sync --class '^io\.github\.tictactoe_engine\.TicTacToe$' | head -n 1)
xdotool windowsize "$WID" 960 720
sleep 0.6
eval "$(xdotool getwindowgeometry --shell "$WID")"   # X, Y, WIDTH, HEIGHT
pointer_away() { xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"; sleep 0.4; }
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
pointer_away
shot "$OUT/zh-game.png"
echo "wrote $OUT/zh-game.png"

# The learners' view: open "上一次搜索（供学习）" and tick "显示每步棋的价值", found by where the
# 960x720 panel puts them (the last search header below the values box), then scroll down.
xdotool mousemove "$((X + 70))" "$((Y + 635))" click 1
sleep 0.5
xdotool mousemove "$((X + 70))" "$((Y + 611))" click 1
sleep 2
xdotool mousemove "$((X + 100))" "$((Y + HEIGHT / 2))"
for _ in $(seq 25); do xdotool click 5; done
sleep 0.5
pointer_away
shot "$OUT/zh-learners.png"
echo "wrote $OUT/zh-learners.png"
xdotool mousemove "$((X + 100))" "$((Y + HEIGHT / 2))"
for _ in $(seq 25); do xdotool click 4; done

# The side panel scrolls; the mouse wheel over it brings its end into view.
scroll_panel() {
    xdotool mousemove "$((X + 100))" "$((Y + HEIGHT / 2))"
    for _ in $(seq 25); do xdotool click "$1"; done
    sleep 0.5
}
xdotool windowsize "$WID" 560 420
sleep 0.6
eval "$(xdotool getwindowgeometry --shell "$WID")"
pointer_away
shot "$OUT/zh-panel-560x420.png"
scroll_panel 5
pointer_away
shot "$OUT/zh-panel-560x420-end.png"
echo "wrote $OUT/zh-panel-560x420.png and $OUT/zh-panel-560x420-end.png"
if grep -qi "panic" "$WORK/app.log"; then
    cat "$WORK/app.log" >&2
    exit 1
fi
