#!/usr/bin/env bash
# Screenshots of the post-game review of a 15x15 game in the real window, under a virtual X
# server (Xvfb): the window starts over a saved state holding the game (two people at one
# computer; white does not answer black's open three, black does not make the four), the lab
# is opened on its Review tab and the review started by clicks (their places at 960x720 read
# from a first screenshot), then:
#   review-15x15.png      the finished review: the graph of the expected score with the turning
#                         points marked, and the moves with their values
#   review-15x15-point.png  after a click on the first marked point (8. White F6, its place
#                         read from review-15x15.png): the position after that move
#   review-15x15-zh.png   the same in Chinese
# Run from anywhere: bash scripts/review-screenshots.sh   (BIN=path/to/tictactoe to reuse a
# build; the debug build is made otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=screenshots
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_screenshots

# The game of tests/gui_lab.rs (IGNORED_THREE): H8 G9 H10 H11 I9 G11 J10 F6 A1.
GAME=$(moves 7 7  8 6  9 7  10 7  8 8  10 6  9 9  5 5  0 0)
PREFS="(theme:Light,board_look:Stones,language:Some(English))"
STATE="(session:(settings:(rule:(width:15,height:15,k:5,exact:false),mode:hotseat,first:human,computer:Engine(depth:None,time_ms:Some(2000))),moves:$GAME,redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:$PREFS)"
write_saved_state "$STATE"

open_window "$BIN"
resize_window 960 720

if [ -n "${PROBE:-}" ]; then
    # Where the controls are: a picture to read their places from.
    snap review-probe.png
    exit 0
fi
at 159 48                          # the side panel's Learn tab
at 80 98                           # "Open the learners' lab"
if [ "${PROBE_TABS:-}" ]; then snap review-probe.png; exit 0; fi
at 727 153                         # "Review"
if [ "${PROBE_START:-}" ]; then snap review-probe.png; exit 0; fi
START=$(date +%s)
at 667 327 1                      # "Review this game"
# Until the review is done: its spinner gone, two pictures a second apart are the same.
for _ in $(seq 120); do
    pointer_away
    shot "$WORK/a.png"; sleep 1; shot "$WORK/b.png"
    "$CONVERT" "$WORK/a.png" "$WORK/b.png" -compose difference -composite -format '%[fx:maxima]' info: |
        awk '{ exit !($1 == 0) }' && break
done
echo "review finished after about $(($(date +%s) - START)) s"
snap review-15x15.png
at 900 390                        # the first marked point, 8. White F6
snap review-15x15-point.png
at 195 16 1                       # "简体中文"
snap review-15x15-zh.png
