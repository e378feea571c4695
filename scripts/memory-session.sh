#!/usr/bin/env bash
# The window's memory over a long session of a learner, under a virtual X server (Xvfb),
# driven by real clicks at 960x720 (their places read from screenshots of this size; PROBE=1
# also writes a screenshot after each step to screenshots/tmp/memory-probe-*.png, to check
# that every click landed):
#   1. two 15x15 five-in-a-row games of the computer against itself (TIME_MS per move,
#      default 1000), the second started with Ctrl+N;
#   2. the learners' lab opened on Review and the second game reviewed (the evaluation of
#      each position at the review's fixed budget);
#   3. Why no win? on 5x5, four in a row (a preset), then on 7x7, five in a row (the custom
#      board, saved in the settings), the computer playing both sides meanwhile;
#   4. the lab's "Your own player" grading the minimax template
#      (templates/python/minimax_player.py) on 3x3, all 4,520 positions;
#   5. the same template added under the panel's Engines tab, seated as White, and a new
#      7x7 game played against the computer to its end;
#   6. the lab closed, then REST seconds (default 60) of rest.
# After each step it prints the resident set size (VmRSS) and where it is (`memory` in
# scripts/xvfb.sh), and at the end the largest anonymous mappings.
#
# Measured with the release build, TIME_MS=500 (2 cores, llvmpipe): 116 MB at the start,
# 125 MB after the two games, 167 MB at rest while the review's engine stayed (its 16 MB
# table, filled by clearing it before each position); 147 MB at rest once the review hands
# its engine back when it is done. The rest above the start is other anonymous memory
# (+31 MB): the window's own heap (23 MB at rest) and one heap of 1.4-9 MB per worker
# thread, Why no win? on 7x7 adding about 9-17 MB of it. Since each search thread, idle 2 s,
# hands what its jobs freed back to the system (malloc_trim), and the lab drops its recorded
# trees when closed, the session without steps 4 and 5 measured 142.0 and 141.3 MB at rest
# in two runs (about 120 MB at the start, 97 MB of it files; 139.8 MB at rest in a run
# before, the length of the games moving it by a few MB either way); malloc_trim called by
# hand (gdb) at rest in that run gave back 4.4 MB.
#
# With the grading and the engine's game (steps 4 and 5), TIME_MS=500 REST=60, the release
# build printed in three runs (MB, VmRSS):
#   step              run 1   run 2   run 3
#   start             117.6   117.0   117.1
#   game 1            123.1   128.4   124.1
#   game 2            124.6   123.0   124.8
#   review            124.0   122.2   124.2
#   why no win? 5x5   131.8   130.0   131.9
#   why no win? 7x7   135.5   133.8   135.6
#   grading           135.9   134.1   135.9
#   engine game       145.8   132.6   134.6
#   lab closed        149.2   133.2   135.1
#   at rest           149.2   133.2   135.1
# The grading (3x3, 3.2-3.8 s) adds next to nothing. The engine's game is what varies: in
# run 1 the template held out to a full 7x7 board (a draw, 49 moves, the computer searching
# each of its moves) and the window's heap ended at 22 MB with about ten worker heaps of
# 1.2-9 MB; in runs 2 and 3 that game took 27 and 28 s in all (short games) and the heap
# ended at 17 MB. Files are 94-95 MB of each figure.
#
#   bash scripts/memory-session.sh                 # the release build (built if missing)
#   BIN=target/debug/tictactoe bash scripts/memory-session.sh
#
# Needs the Xvfb tools (scripts/xvfb.sh installs any that are missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
TIME_MS=${TIME_MS:-1000}
if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe 2>&1 | tail -n 1
    BIN=target/release/tictactoe
fi

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages
start_xvfb
stop_on_exit

# 15x15, five in a row, the computer against itself; the custom board 7x7, five in a row.
PREFS="(theme:Light,board_look:Stones,language:Some(English),large_board_time_ms:$TIME_MS,custom:(width:7,height:7,k:5,exact:false))"
STATE="(session:(settings:(rule:(width:15,height:15,k:5,exact:false),mode:r#computer-vs-computer,first:computer,computer:Engine(depth:None,time_ms:Some($TIME_MS))),moves:[],redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:$PREFS)"
write_saved_state "$STATE"

open_window "$BIN"
resize_window 960 720 2
START=$(date +%s)
OUT=screenshots/tmp
probe() {
    if [ -n "${PROBE:-}" ]; then
        mkdir -p "$OUT" && snap "memory-probe-$1.png"
    fi
}
note() { memory "$1 ($(($(date +%s) - START)) s)"; }
# Waits until the window has drawn the same picture for $1 seconds (a search finished).
wait_still() {
    local still=0
    pointer_away
    shot "$WORK/a.png"
    while [ "$still" -lt "$1" ]; do
        sleep 1
        shot "$WORK/b.png"
        if "$CONVERT" "$WORK/a.png" "$WORK/b.png" -metric AE -compare -format '%[distortion]' \
            info: 2>/dev/null | grep -qx 0; then
            still=$((still + 1))
        else
            still=0
            mv "$WORK/b.png" "$WORK/a.png"
        fi
    done
}

pointer_away
ROWS=15 COLS=15
find_board
note "start"
probe start
wait_for_game_end >/dev/null
note "game 1"
xdotool windowfocus --sync "$WID" key --clearmodifiers ctrl+n
sleep 1
wait_for_game_end >/dev/null
note "game 2"
probe game

# Each click pauses 0.8 s, for a window that may be searching meanwhile.
at 159 48 0.8               # the side panel's Learn tab
at 80 98 0.8                # "Open the learners' lab"
at 727 171 0.8              # "Review": a finished game is reviewed at once
wait_still 5
note "review"
probe review

at 782 148 0.8              # "Why no win?"
# The board presets are at the foot of the side panel's Play tab, scrolled down to its end.
at 23 48 0.8                # the side panel's Play tab
panel_to_end() { scroll_panel 5 30; sleep 0.5; }
panel_to_end
probe panel
at 60 561 0.8               # "5x5, 4 in a row": a new game, the computer playing it
wait_still 8
note "why no win? 5x5"
probe why-5x5
panel_to_end
at 60 653 0.8               # "Custom board": its fields, 7x7, five in a row
panel_to_end
probe custom
at 85 660 0.8               # "Play on this board"
wait_still 8
note "why no win? 7x7"
probe why-7x7

# The lab's "Your own player": the minimax template graded on 3x3 (its 4,520 positions).
PLAYER="python3 $PWD/templates/python/minimax_player.py"
at 889 171 0.8              # the lab's tab "Your own player"
at 780 317 0.5              # the player's command
xdotool windowfocus --sync "$WID" type --delay 20 "$PLAYER"
sleep 0.5
at 660 470 0.8              # "Check it on 3x3", and the grading
wait_still 5
note "grading"
probe grading

# The same template added under the panel's Engines tab and seated as White, a new game on
# 7x7 played against the computer until it ends.
at 111 48 0.8               # the side panel's Engines tab
at 130 136 0.5              # an engine's command
xdotool windowfocus --sync "$WID" type --delay 20 "$PLAYER"
sleep 0.5
at 107 160 3                # "Add", and its answer
at 188 284 0.8              # "Engine playing White"
probe seat
at 205 334 0.8              # the minimax template
xdotool windowfocus --sync "$WID" key --clearmodifiers ctrl+n
sleep 1
wait_still 8
note "engine game"
probe engine

at 763 124 0.8              # "Close the lab"
sleep 5
note "lab closed"
sleep "${REST:-60}"
note "at rest"

echo "the largest anonymous mappings (kB resident, kB mapped):"
awk '/^[0-9a-f]+-[0-9a-f]+ / { anon = ($6 == "" || $6 ~ /^\[(heap|stack|anon)/); name = $1 " " $6 }
     /^Size:/ { size = $2 }
     /^Rss:/ { if (anon && $2 > 1024) print $2, size, name }' "/proc/$APP/smaps" | sort -rn | head -n 20
