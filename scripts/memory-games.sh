#!/usr/bin/env bash
# Where the window's memory goes over a few games: opens the window under a virtual X server
# (Xvfb) with a fresh storage that holds a 15x15 five-in-a-row game of the computer against
# itself (TIME_MS per move, default 1000), lets GAMES games (default 5) play out, starting
# each next one with Ctrl+N, and prints the resident set size (VmRSS, /proc/PID/status) at
# start and after each game, split into the transposition tables, the rest of the anonymous
# memory and the mapped files (see `memory` in scripts/xvfb.sh).
# A game is over when the board has not changed for STILL seconds (default 8).
#
#   bash scripts/memory-games.sh                       # the release build, glow
#   BIN=target/debug/tictactoe ARGS="--renderer wgpu" GAMES=3 bash scripts/memory-games.sh
#
# Needs the Xvfb tools that .ci/run installs (scripts/xvfb.sh installs any that are missing).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-5}
TIME_MS=${TIME_MS:-1000}
STILL=${STILL:-8}
if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe 2>&1 | tail -n 1
    BIN=target/release/tictactoe
fi

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages
start_xvfb
stop_on_exit

# The saved state: 15x15, five in a row, the computer against itself, TIME_MS per move.
STATE="(session:(settings:(rule:(width:15,height:15,k:5,exact:false),mode:r#computer-vs-computer,first:computer,computer:Engine(depth:None,time_ms:Some($TIME_MS))),moves:[],redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(large_board_time_ms:$TIME_MS))"
write_saved_state "$STATE"

# shellcheck disable=SC2086 # ARGS holds the window's arguments, one word each
open_window "$BIN" ${ARGS:-}
for _ in $(seq 100); do
    xwininfo -id "$WID" 2>/dev/null | grep -q IsViewable && break
    sleep 0.1
done
sleep 2
pointer_away
ROWS=15 COLS=15
find_board
memory "start"
for game in $(seq "$GAMES"); do
    seconds=$(wait_for_game_end)
    memory "game $game (${seconds} s)"
    shot "$WORK/game-$game.png"
    [ "$game" -lt "$GAMES" ] && xdotool windowfocus --sync "$WID" key --clearmodifiers ctrl+n
    sleep 1
done
sleep 5
memory "5 s later"
if [ -n "${SHOTS:-}" ]; then
    mkdir -p "$SHOTS" && cp "$WORK"/game-*.png "$SHOTS"/ && echo "the boards at each game's end: $SHOTS"
fi
