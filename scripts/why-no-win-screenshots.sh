#!/usr/bin/env bash
# Screenshots of the learners' lab's "Why no win?" view in the real window, under a virtual X
# server (Xvfb), with real mouse clicks (xdotool). Each picture starts the window over a
# saved state (the board and two players at this computer), opens the lab and the view:
#   why-no-win-5x5.png        5x5 with five in a row, empty: the pairing that stops each side
#   why-no-win-5x5-reply.png  the same after X takes the centre: the answer the pairing gives
#   why-no-win-7x7.png        7x7 with five in a row after four moves: no pairing, the prover
#                             asked, and its answer
#   why-no-win-4x4.png        4x4 with three in a row: X wins, the line played out
# The lab's controls sit where the test `the_labs_controls_fit_the_default_window` in
# tests/gui_lab.rs prints them (cargo test --test integration gui_lab::the_labs_controls -- --nocapture).
# Run from anywhere: bash scripts/why-no-win-screenshots.sh   (BIN=path/to/tictactoe to
# reuse a build; the debug build is made otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_screenshots

# Opens the window over STATE with the lab on "Why no win?", waits WAIT seconds for the answer.
open_view() {
    local text=$1 wait=$2
    write_saved_state "$text"
    open_window "$BIN"
    resize_window 960 720
    at 159 48                    # the side panel's Learn tab
    at 80 98                     # "Open the learners' lab"
    at 782 130 "$wait"           # "Why no win?"
}

open_view "$(hotseat_state 5 5 '[]')" 2
snap why-no-win-5x5.png
pointer_away
find_board
ROWS=5 COLS=5
# shellcheck disable=SC2046
xdotool mousemove $(cell_xy 2 2) click 1
sleep 2
snap why-no-win-5x5-reply.png
close_window

open_view "$(hotseat_state 7 5 "$(moves 3 3  2 2  3 4  2 4)")" 6
snap why-no-win-7x7.png
close_window

open_view "$(hotseat_state 4 3 '[]')" 3
snap why-no-win-4x4.png
close_window
