#!/usr/bin/env bash
# Screenshots of the learners' lab in the real window, under a virtual X server (Xvfb),
# started over a saved state (two players at this computer) and driven by real mouse clicks
# (xdotool). Writes screenshots/lab-*.png:
#   lab-evaluation.png  e(P): X in the centre, O in a corner, the open lines drawn
#   lab-symmetry.png    the same position, moves alike under symmetry lettered alike
#   lab-compare.png     the algorithms compared on it: table and log-scale bar chart
#   lab-tree.png        its search tree, a cut-off node expanded and previewed on the board
#   lab-review.png      the review of a lost game, stepped back two moves (a preview)
#   lab-practice.png    a practice position
#   lab-evaluation-5x5.png  e(P) on 5x5, four in a row: the engine's weights
#   lab-560x420.png     the review at the smallest window size
#   lab-winning-line.png    Why no win? on 7x7, five in a row, Black's open three on row 4: no
#                       pairing stops Black, the prover's winning line, its second move shown
#   lab-winning-line-zh.png the same in Chinese
# The window is sized 960x720, as in the test `the_labs_controls_fit_the_default_window` in
# tests/gui_lab.rs, which prints where the side panel's and the lab's widgets sit there
# (cargo test --test integration gui_lab::the_labs_controls -- --nocapture).
# Board cells are computed from the board found in a screenshot. The 5x5 picture starts the
# window over a saved 5x5 game, the winning line over a saved 7x7 game.
# Run from anywhere: bash scripts/lab-screenshots.sh   (BIN=path/to/tictactoe to reuse a
# build; KEEP_WINDOW=1 leaves the last window open)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_screenshots

click_cell() {
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy "$1" "$2") click 1
    sleep 0.3
}
key() { xdotool windowfocus --sync "$WID" key --clearmodifiers "$1"; sleep 0.6; }
# Starts the window (over the saved state written last, if any) at the size the test measured.
open_sized() {
    open_window "$BIN"
    resize_window 960 720
}

# Two players at this computer on 3x3, as a saved state. The lab's button is on the side
# panel's Learn tab (the tabs are a row at the panel's top).
write_saved_state "$(hotseat_state 3 3 '[]')"
open_sized
at 159 48                        # the side panel's Learn tab
at 80 98                         # "Open the learners' lab"
pointer_away
find_board
ROWS=3 COLS=3
click_cell 1 1
click_cell 0 0
snap lab-evaluation.png

at 693 130                       # "Symmetry"
snap lab-symmetry.png

at 868 130                       # "Compare"
at 687 267 8                     # "Compare the algorithms": a few seconds in the debug build
snap lab-compare.png

at 650 153                       # "Search tree"
at 683 267 4                     # "Record the search tree"
at 823 634                       # the alpha-beta tree's last cut-off move at the root
snap lab-tree.png

# A game O loses by answering the centre on an edge; the review marks that move.
key ctrl+n
for move in "1 1" "0 1" "0 0" "2 2" "2 0" "1 0" "0 2"; do
    # shellcheck disable=SC2086
    click_cell $move
done
at 728 153 1                     # "Review"
at 667 222 3                     # "Review this game"
at 631 263 0.3                   # "Back", twice: the board previews the position
at 631 263
snap lab-review.png

at 796 153 3                     # "Practice"
snap lab-practice.png

at 728 153 1                     # "Review" again, for the smallest size
resize_window 560 420
at 0 0 0                         # nothing: a repaint at the new size
snap lab-560x420.png
close_window

# 5x5 with four in a row after three moves, the lab on e(P): the engine's weights.
write_saved_state "$(hotseat_state 5 4 "$(moves 2 2  1 1  2 3)")"
open_sized
at 159 48                        # the side panel's Learn tab
at 80 98                         # "Open the learners' lab"
at 628 130                       # "e(P)"
snap lab-evaluation-5x5.png
close_window

# Black C4 D4 E4, White A1 G1 G7 on 7x7, five in a row: Black wins with B4 (two open ends).
write_saved_state "$(hotseat_state 7 5 "$(moves 3 2  0 0  3 3  0 6  3 4  6 6)")"
open_sized
at 159 48                        # the side panel's Learn tab
at 80 98                         # "Open the learners' lab"
at 782 130 6                     # "Why no win?": the prover's answer
at 676 502                       # the line's "2. White A4: blocks", shown on the board
snap lab-winning-line.png
at 195 16 1                      # "简体中文"
snap lab-winning-line-zh.png
