#!/usr/bin/env bash
# Screenshots of the real window: builds the release binary, opens it under a virtual X
# server (Xvfb) with a fresh, empty eframe storage, plays by real mouse clicks (xdotool)
# and keyboard shortcuts, and writes screenshots/*.png:
#   start.png    the empty board
#   game.png     a game in progress against the computer, a hover preview (README picture)
#   refused.png  a click on a taken cell, and the status saying why
#   end.png      the finished game with its winning line
#   win.png      two players, X wins on the diagonal
#   gomoku.png   the 15x15 board in the light theme, a few stones
#   thinking.png the computer thinking on 15x15 (spinner), in a taller window
#   learners.png the learners' view of that search: depth, nodes, cut-offs, line
#   values.png   the learners' view of the 5x5 board: what every move is worth
#   panel-960x720.png, panel-560x420.png          that 15x15 game at the default and the
#   panel-960x720-end.png, panel-560x420-end.png  smallest size: the side panel's first tab
#                (whole at the default size; its scroll bar at the smallest), and that tab
#                scrolled to its end (the board's section)
# Cell positions are computed from the window geometry: the board is found as the area of
# the board's colour in a screenshot of the window, then divided into square cells.
# Run from anywhere: bash scripts/screenshots.sh   (KEEP_WINDOW=1 leaves it open; BIN=PATH
# uses that binary instead of the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# --- Tools and run-time libraries (Debian/Ubuntu names) ---------------------------------
# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages

if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe
    BIN=target/release/tictactoe
fi

# --- A private X server, storage and runtime dir -------------------------------------
start_xvfb
stop_on_exit

open_window "$BIN"

click_cell() {
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy "$1" "$2") click 1
    sleep "${3:-0.7}"   # the computer's reply (milliseconds on 3x3) and a repaint
}
hover_cell() {
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy "$1" "$2")
    sleep 0.4
}
key() { xdotool windowfocus --sync "$WID" key --clearmodifiers "$1"; sleep 0.6; }

ROWS=3 COLS=3
pointer_away
find_board
echo "board at ${BX},${BY} ${BW}x${BH}"
snap start.png

# --- Against the computer: X plays the first empty cell in reading order --------------
first_empty() {
    for r in 0 1 2; do for c in 0 1 2; do
        if ! occupied "$r" "$c"; then echo "$r $c"; return 0; fi
    done; done
    return 1
}
click_cell 1 1 1.0             # X in the centre; the computer answers
# shellcheck disable=SC2046
click_cell $(first_empty) 1.0
# shellcheck disable=SC2046
hover_cell $(first_empty)      # the preview of the next X under the pointer
shot "$OUT/game.png"
echo "wrote $OUT/game.png"

click_cell 1 1 0.5             # taken: the status says why
snap refused.png

for _ in 1 2 3 4; do           # play on until the game ends (the board stops changing)
    cell=$(first_empty) || break
    shot "$WORK/before.png"
    # shellcheck disable=SC2086
    click_cell $cell 1.0
    shot "$WORK/after.png"
    "$CONVERT" "$WORK/before.png" "$WORK/after.png" -metric AE -compare -format '%[distortion]' info: \
        2>/dev/null | grep -qx 0 && break
done
snap end.png

# --- Two players: Ctrl+N, then the mode from the side panel -------------------------
# The side panel's rows sit at fixed heights for the default font and theme; the few
# panel clicks below use them (the board cells are always computed). The tabs are a row at
# the panel's top (Play, Online, Engines, Learn, Options); the Play tab is whole at 960x720
# (tests/gui_panel.rs checks it), so nothing needs scrolling.
TAB_PLAY=23 TAB_LEARN=159 TAB_OPTIONS=206 TAB_Y=48
key ctrl+n
at 40 222                      # "Two players at this computer"
for move in "0 0" "1 0" "1 1" "2 0" "2 2"; do
    # shellcheck disable=SC2086
    click_cell $move 0.3
done
snap win.png

# --- The learners' view of the board on 5x5: what every move is worth ------------------
resize_window 960 800
at 60 561                      # "5x5, 4 in a row" (a new game)
pointer_away
find_board
ROWS=5 COLS=5
at $TAB_LEARN $TAB_Y 0.3       # the Learn tab
at 60 130                      # "Show what each move is worth"
for move in "0 0" "1 2"; do
    # shellcheck disable=SC2086
    click_cell $move 0.5
done
pointer_away
sleep 6                        # every move searched to the end: a few seconds here
snap values.png
at 60 130 0.3                  # and off again

# --- Gomoku in the light theme --------------------------------------------------------
at $TAB_OPTIONS $TAB_Y 0.3     # the Options tab
at 148 80 0.3                  # Theme: "Light"
at $TAB_PLAY $TAB_Y 0.3        # the Play tab
at 60 584                      # "Gomoku 15x15, 5 in a row"
pointer_away
find_board
ROWS=15 COLS=15
for move in "7 7" "7 8" "6 8" "8 6" "5 9"; do
    # shellcheck disable=SC2086
    click_cell $move 0.3
done
hover_cell 4 10
shot "$OUT/gomoku.png"
echo "wrote $OUT/gomoku.png"

# --- Against the computer on 15x15: thinking, then the learners' view ---------------
resize_window 1100 900
at 60 199 0.3                  # "You vs computer"
key ctrl+n
pointer_away
find_board
click_cell 7 7 0.8             # the computer has 2 s per move on this board
snap thinking.png
sleep 2.5
at $TAB_LEARN $TAB_Y 0.3       # the Learn tab
at 90 153 0.3                  # "Last search (for learners)"
snap learners.png

# --- The side panel at the default and the smallest window size ------------------------
# The same 15x15 game on the first tab: whole at the default size; at the smallest its
# scroll bar shows, and the mouse wheel over the panel brings its end into view.
at $TAB_PLAY $TAB_Y 0.3
for size in 960x720 560x420; do
    resize_window "${size%x*}" "${size#*x}"
    snap "panel-$size.png"
    scroll_panel 5                 # wheel down
    snap "panel-$size-end.png"
    scroll_panel 4                 # and back up
done
