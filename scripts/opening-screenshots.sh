#!/usr/bin/env bash
# Screenshots of a swap2 opening in the real window under a virtual X server (Xvfb), in
# English and in Chinese. Each picture starts the window over a saved state written
# beforehand (the gomoku board, the swap2 opening, the first three stones down), then:
#   opening-choice.png          two players: player 2 is asked to choose a colour or place
#                               two more, with the buttons in the status line
#   opening-computer.png        against the computer, which chooses on start: what it chose
#                               and why (its evaluation) under the status line
#   opening-panel.png           the side panel's Play tab scrolled to its Board section: the
#                               Opening row under the gomoku rule row
#   opening-choice-zh.png       opening-choice.png in Chinese
#   opening-computer-zh.png     opening-computer.png in Chinese
# Run from anywhere: bash scripts/opening-screenshots.sh   (BIN=path/to/tictactoe to reuse
# a build; the debug build is made otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_screenshots

GAME=$(moves 7 7  7 8  8 8)
GOMOKU='(width:15,height:15,k:5,exact:false)'
OPENING='opening_rule:swap2,opening:(rule:swap2,choices:[],undone:[])'

# The saved state in LANGUAGE ($1) and MODE ($2).
state() {
    echo "(session:(settings:(rule:$GOMOKU,mode:$2,first:human,computer:Engine(depth:None,time_ms:Some(1000))),moves:$GAME,redo:[],tally:(wins:0,losses:0,draws:0),counted:false,$OPENING),prefs:(theme:Light,board_look:Stones,language:Some($1),opening_rule:swap2))"
}

# Opens the window over the state in LANGUAGE and MODE at 960x720.
open_over() {
    write_saved_state "$(state "$1" "$2")"
    open_window "$BIN"
    resize_window 960 720
    pointer_away
}

for LANGUAGE in English Chinese; do
    SUFFIX=""
    [ "$LANGUAGE" = Chinese ] && SUFFIX="-zh"
    open_over "$LANGUAGE" hotseat
    snap "opening-choice$SUFFIX.png"
    if [ "$LANGUAGE" = English ]; then
        # The Board section, at the end of the Play tab.
        scroll_panel 5 "${PANEL_SCROLL:-12}"
        snap opening-panel.png
    fi
    close_window
    open_over "$LANGUAGE" "r#human-vs-computer"
    # The computer's decision: a few short searches (and its move, if it took white).
    sleep "${DECIDE_WAIT:-15}"
    snap "opening-computer$SUFFIX.png"
    close_window
done
