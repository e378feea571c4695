#!/usr/bin/env bash
# Screenshots of the gomoku board in the real window under a virtual X server (Xvfb). Each
# picture starts the window over a saved state written beforehand (the game, its moves and
# the preferences); only gomoku-panel.png clicks the side panel (its Options tab):
#   gomoku-15x15-light.png    mid-game, light theme: stones, coordinates, star points, the
#                             last move, move numbers and the threat marks
#   gomoku-panel.png          that game with the side panel's Options tab scrolled to its
#                             end: the board's look and the threats in words
#   gomoku-15x15-dark.png     the same game in the dark theme, last move marked by a dot
#   gomoku-15x15-marks.png    the same game with "Marks on every board"
#   gomoku-win.png            a finished 15x15 game: the winning line through the five
#   gomoku-20x20.png          the 20x20 board
#   gomoku-560x420.png        15x15 at the window's smallest size
#   gomoku-thinking.png       the computer thinking on 15x15: depth and expected line
#   gomoku-560x420-dark.png   the same at the smallest size, dark theme
#   gomoku-3x3.png            the 3x3 board, still with X and O
# Run from anywhere: bash scripts/goban-screenshots.sh   (BIN=path/to/tictactoe to reuse a
# build; the debug build is made otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_screenshots

# The saved state: board size, mode, move list, preferences.
state() {
    local size=$1 mode=$2 list=$3 prefs=$4 k=5
    [ "$size" -lt 5 ] && k=$size
    echo "(session:(settings:(rule:(width:$size,height:$size,k:$k,exact:false),mode:$mode,first:human,computer:Engine(depth:None,time_ms:Some(8000))),moves:$list,redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:$prefs)"
}

# Opens the window over STATE at SIZE, waits WAIT seconds, writes OUT/NAME.
picture() {
    local name=$1 size=$2 wait=$3 text=$4 scroll=${5:-}
    write_saved_state "$text"
    open_window "$BIN"
    resize_window "${size%x*}" "${size#*x}"
    pointer_away
    sleep "$wait"
    if [ -n "$scroll" ]; then
        at 206 48 0.3                # the side panel's Options tab
        scroll_panel 5 30            # scrolled to its end
    fi
    snap "$name"
    close_window
}

# Black: an open three on row 8 (H8 I8 J8) and F7; White: a four on row 7 (G7 to J7) that
# Black has blocked at F7, and a few quiet stones.
GAME=$(moves 7 7  6 6  7 8  6 7  7 9  6 8  6 5  6 9  9 9  10 5  4 11  11 11)
LEARNER='(theme:Light,board_look:Stones,move_numbers:true,show_threats:true)'
picture gomoku-15x15-light.png 960x720 2 "$(state 15 hotseat "$GAME" "$LEARNER")"
picture gomoku-panel.png 960x720 2 "$(state 15 hotseat "$GAME" "$LEARNER")" scroll
picture gomoku-15x15-dark.png 960x720 2 \
    "$(state 15 hotseat "$GAME" '(theme:Dark,board_look:Stones)')"
picture gomoku-15x15-marks.png 960x720 2 \
    "$(state 15 hotseat "$GAME" '(theme:Light,board_look:Marks,show_threats:true)')"
picture gomoku-560x420.png 560x420 2 "$(state 15 hotseat "$GAME" "$LEARNER")"
WON=$(moves 7 3  8 3  7 4  8 4  7 5  8 5  7 6  9 9  7 7)
picture gomoku-win.png 960x720 2 "$(state 15 hotseat "$WON" '(theme:Light,board_look:Stones)')"
BIG=$(moves 9 9  10 10  9 10  8 8  11 9  10 9  10 11  12 8  7 7)
picture gomoku-20x20.png 960x720 2 \
    "$(state 20 hotseat "$BIG" '(theme:Light,board_look:Stones,show_threats:true)')"
# White (the computer, 8 s a move) to move after Black's H8, I8, J7.
THINK=$(moves 7 7  6 6  7 8  8 8  6 9)
picture gomoku-thinking.png 960x720 4 \
    "$(state 15 r#human-vs-computer "$THINK" '(theme:Dark,board_look:Stones,large_board_time_ms:8000)')"
picture gomoku-560x420-dark.png 560x420 4 \
    "$(state 15 r#human-vs-computer "$THINK" '(theme:Dark,board_look:Stones,large_board_time_ms:8000)')"
SMALL=$(moves 1 1  0 0  2 2)
picture gomoku-3x3.png 960x720 2 "$(state 3 hotseat "$SMALL" '(theme:Light,board_look:Stones)')"
