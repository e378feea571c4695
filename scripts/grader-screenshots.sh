#!/usr/bin/env bash
# Screenshots of the learners' lab checking a learner's player: a shell script that always
# takes the first empty cell (the kind of first player a learner writes), checked in the
# window (screenshots/grader-report.png), and its first mistake shown on the board with
# the answer and the best move marked (screenshots/grader-mistake.png). BOARD=match checks
# the same player in a match on 15x15 against the game's engine instead
# (grader-match-report.png, and its first game on the board, grader-match-game.png).
# LANGUAGE=Chinese takes them in Chinese (grader-*-zh.png). The clicks are at the places the
# window puts the controls at 1280x800: the panel's Learn tab, its "Open the learners' lab",
# the lab's tab "Your own player" and its controls (PROBE_LEARN=1, PROBE=1, PROBE_TAB=1 and
# PROBE_REPORT=1 take a picture at each step to read them from).
#
#   bash scripts/grader-screenshots.sh
#   BOARD=match bash scripts/grader-screenshots.sh
#   LANGUAGE=Chinese LEARN_X=125 TAB_X=985 TAB_Y=154 FIELD_Y=269 CHECK_Y=370 MISTAKE_Y=645 \
#       bash scripts/grader-screenshots.sh      # the Chinese lab's rows are shorter
#   BOARD=match LANGUAGE=Chinese LEARN_X=125 TAB_X=985 TAB_Y=154 FIELD_Y=269 BOARD_X=1144 \
#       BOARD_Y=311 CHECK_Y=385 GAME_Y=598 bash scripts/grader-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
ensure_packages
BIN=${BIN:-target/debug/tictactoe}
OUT=${OUT:-screenshots}
LANGUAGE=${LANGUAGE:-English}
SUFFIX=$([ "$LANGUAGE" = Chinese ] && echo "-zh" || true)
BOARD=${BOARD:-3x3}
start_xvfb
stop_on_exit
PLAYER=$PWD/tests/fixtures/first-empty-player.sh
STATE="(session:(settings:(rule:(width:3,height:3,k:3,exact:false),mode:hotseat,first:human,computer:Engine(depth:None,time_ms:None)),moves:[],redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(language:Some($LANGUAGE)))"
write_saved_state "$STATE"
open_window "$BIN"
resize_window 1280 800
at "${LEARN_X:-158}" "${LEARN_Y:-48}"       # the panel's Learn tab
if [ -n "${PROBE_LEARN:-}" ]; then snap grader-probe.png; exit 0; fi
at "${LAB_X:-80}" "${LAB_Y:-98}"            # "Open the learners' lab"
if [ -n "${PROBE:-}" ]; then snap grader-probe.png; exit 0; fi
at "${TAB_X:-1029}" "${TAB_Y:-153}"           # "Your own player"
if [ -n "${PROBE_TAB:-}" ]; then snap grader-probe.png; exit 0; fi
at "${FIELD_X:-1050}" "${FIELD_Y:-284}"     # the command field
xdotool windowfocus --sync "$WID" type --delay 30 "$PLAYER"
sleep 1
if [ "$BOARD" = match ]; then
    at "${BOARD_X:-1178}" "${BOARD_Y:-326}"   # "15x15 match"
    at "${CHECK_X:-890}" "${CHECK_Y:-415}" "${WAIT:-60}"  # "Check it on 15x15", the match
    snap "grader-match-report$SUFFIX.png"
    if [ -n "${PROBE_REPORT:-}" ]; then exit 0; fi
    at "${GAME_X:-1000}" "${GAME_Y:-627}"     # the first game
    snap "grader-match-game$SUFFIX.png"
    exit 0
fi
at "${CHECK_X:-890}" "${CHECK_Y:-400}" 8    # "Check it on 3x3", and the grading
snap "grader-report$SUFFIX.png"
at "${MISTAKE_X:-1000}" "${MISTAKE_Y:-690}" # the first mistake
snap "grader-mistake$SUFFIX.png"
