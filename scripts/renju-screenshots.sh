#!/usr/bin/env bash
# Screenshots of renju in the real window under a virtual X server (Xvfb), in English and in
# Chinese. Each picture starts the window over a saved state written beforehand (a renju
# game for two players, Black to move, and the preferences), then:
#   renju-forbidden.png       Black's forbidden cells crossed in red: a double three (F6), a
#                             double four (F12) and an overline (M2)
#   renju-refused.png         the same after a real click on F6: the status says why not
#   renju-panel.png           the side panel's Play tab scrolled to its Board section: the
#                             rule row under Gomoku 15x15 (Freestyle, Exactly five, Renju)
#   renju-forbidden-zh.png    renju-forbidden.png in Chinese
#   renju-refused-zh.png      renju-refused.png in Chinese
# Run from anywhere: bash scripts/renju-screenshots.sh   (BIN=path/to/tictactoe to reuse a
# build; the debug build is made otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_screenshots

# Black: F4 F5 D6 E6 (F6 a double three), J2 K2 L2 N2 O2 (M2 an overline), C12 D12 E12 and
# F13 F14 F15 (F12 a double four); White: stones around the centre that threaten nothing.
GAME=$(moves 3 5  7 7  4 5  6 8  5 3  8 6  5 4  7 9  1 9  9 9  1 10  8 10  1 11  5 10 \
    1 13  10 11  1 14  2 12  11 2  3 13  11 3  9 3  11 4  12 1  12 5  13 8  13 5  6 12 \
    14 5  10 7)
RENJU='(width:15,height:15,k:5,exact:false,renju:true)'

# The saved state of that game in LANGUAGE.
state() {
    echo "(session:(settings:(rule:$RENJU,mode:hotseat,first:human,computer:Engine(depth:None,time_ms:Some(2000))),moves:$GAME,redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(theme:Light,board_look:Stones,language:Some($1),gomoku_rule:Renju))"
}

# Opens the window over the state in LANGUAGE at 960x720; sets APP, WID, X, Y, WIDTH,
# HEIGHT and the board's place (find_board).
open_over() {
    write_saved_state "$(state "$1")"
    open_window "$BIN"
    resize_window 960 720
    pointer_away
    find_board
}

ROWS=15 COLS=15
for LANGUAGE in English Chinese; do
    SUFFIX=""
    [ "$LANGUAGE" = Chinese ] && SUFFIX="-zh"
    open_over "$LANGUAGE"
    snap "renju-forbidden$SUFFIX.png"
    # A real click on F6 (row 6, column F).
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy 5 5) click 1
    sleep 0.5
    snap "renju-refused$SUFFIX.png"
    if [ "$LANGUAGE" = English ]; then
        # The Board section, at the end of the Play tab.
        scroll_panel 5 "${PANEL_SCROLL:-12}"
        snap renju-panel.png
    fi
    close_window
done
