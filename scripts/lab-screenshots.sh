#!/usr/bin/env bash
# Screenshots of the learners' lab in the real window, under a virtual X server (Xvfb) with
# fresh, empty storage, driven by real mouse clicks (xdotool). Writes screenshots/lab-*.png:
#   lab-evaluation.png  e(P): X in the centre, O in a corner, the open lines drawn
#   lab-symmetry.png    the same position, moves alike under symmetry lettered alike
#   lab-compare.png     the algorithms compared on it: table and log-scale bar chart
#   lab-tree.png        its search tree, a cut-off node expanded and previewed on the board
#   lab-review.png      the review of a lost game, stepped back two moves (a preview)
#   lab-practice.png    a practice position
#   lab-evaluation-5x5.png  e(P) on 5x5, four in a row: the engine's weights
#   lab-560x420.png     the review at the smallest window size
# The side panel's and the lab's widgets sit at fixed places at the default size; their
# centres are the ones the test `the_labs_controls_fit_the_default_window` in
# tests/gui_lab.rs prints (cargo test --test integration gui_lab::the_labs_controls -- --nocapture).
# Board cells are computed from the board found in a screenshot.
# Run from anywhere: bash scripts/lab-screenshots.sh   (KEEP_WINDOW=1 leaves it open)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages

# The dev profile is optimised (Cargo.toml) and shares its build with the tests.
cargo build --bin tictactoe

start_xvfb
stop_on_exit

open_window target/debug/tictactoe

at() { xdotool mousemove "$((X + $1))" "$((Y + $2))" click 1; sleep "${3:-0.5}"; }
click_cell() {
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy "$1" "$2") click 1
    sleep 0.3
}
key() { xdotool windowfocus --sync "$WID" key --clearmodifiers "$1"; sleep 0.6; }
pointer_away() { xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"; sleep 0.4; }
snap() { pointer_away; shot "$OUT/$1"; echo "wrote $OUT/$1"; }

at 100 261                       # "Two players at this computer"
at 80 182                        # "Open the learners' lab"
pointer_away
find_board
ROWS=3 COLS=3
click_cell 1 1
click_cell 0 0
snap lab-evaluation.png

at 713 115                       # "Symmetry"
snap lab-symmetry.png

at 793 115                       # "Compare"
at 707 252 4                     # "Compare the algorithms": about a second in a release build
snap lab-compare.png

at 876 115                       # "Search tree"
at 703 252 2                     # "Record the search tree"
at 836 634                       # the alpha-beta tree's last cut-off move at the root
snap lab-tree.png

# A game O loses by answering the centre on an edge; the review marks that move.
key ctrl+n
for move in "1 1" "0 1" "0 0" "2 2" "2 0" "1 0" "0 2"; do
    # shellcheck disable=SC2086
    click_cell $move
done
at 658 138 3                     # "Review": a finished game is reviewed at once
at 651 275 0.3                   # "Back", twice: the board previews the position
at 651 275
snap lab-review.png

at 726 138 3                     # "Practice"
snap lab-practice.png

at 648 115                       # "e(P)"
at 60 589                        # "5x5, 4 in a row": a new game
pointer_away
find_board
ROWS=5 COLS=5
for move in "2 2" "1 1" "2 3"; do
    # shellcheck disable=SC2086
    click_cell $move
done
snap lab-evaluation-5x5.png

xdotool windowsize "$WID" 560 420
sleep 0.8
eval "$(xdotool getwindowgeometry --shell "$WID")"
at 0 0 0                         # nothing: a repaint at the new size
snap lab-560x420.png
