#!/usr/bin/env bash
# What it costs the window to show the computer thinking: opens the window under a virtual X
# server (Xvfb) on a 15x15 board where the computer moves first with 8 s per move, samples
# from /proc every half second the CPU time of the window's own threads (event loop and
# drawing, including Mesa's software rasterizer) and of the engine's search thread, and sums
# them over the half-seconds in which the search was running, leaving out the first 1.5 s
# (start-up). A window that repaints every frame while it waits takes CPU away from the
# search it is waiting for.
#
#   bash scripts/thinking-cost.sh                 # the release build
#   BIN=target/debug/tictactoe bash scripts/thinking-cost.sh
#
# Needs the Xvfb tools that .ci/run installs. Prints one line per run (RUNS, default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe 2>&1 | tail -n 1
    BIN=target/release/tictactoe
fi

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_xvfb
APP=
cleanup() {
    [ -n "$APP" ] && kill -KILL "$APP" 2>/dev/null
    kill "$XVFB" 2>/dev/null
    rm -rf "$WORK"
    return 0
}
trap cleanup EXIT

# The saved state: 15x15, five in a row, the computer (8 s per move) moves first.
STATE='(session:(settings:(rule:(width:15,height:15,k:5,exact:false),mode:r#human-vs-computer,first:computer,computer:Engine(depth:None,time_ms:Some(8000))),moves:[],redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(large_board_time_ms:8000))'

# CPU ticks of every thread of $APP, one "name ticks" line each.
thread_ticks() {
    for task in /proc/"$APP"/task/*; do
        name=$(cat "$task/comm" 2>/dev/null) || continue
        # utime and stime: fields 14 and 15, counted after the name in parentheses (which
        # may hold spaces, as "engine worker 0" does).
        ticks=$(sed 's/^.*) //' "$task/stat" 2>/dev/null | awk '{ print $12 + $13 }') || continue
        echo "$name|$ticks"
    done
}
hz=$(getconf CLK_TCK)

for run in $(seq "$RUNS"); do
    rm -rf "$XDG_DATA_HOME"
    mkdir -p "$XDG_DATA_HOME/tictactoe"
    printf '{\n    "app": "%s",\n}\n' "$STATE" >"$XDG_DATA_HOME/tictactoe/app.ron"
    "$BIN" >"$WORK/app.log" 2>&1 &
    APP=$!
    # The computer starts thinking with the first frame; its move takes up to 8 s.
    timeout 30 xdotool search --sync --class '^io\.github\.tictactoe_engine\.TicTacToe$' >/dev/null
    sleep 1.5
    : >"$WORK/samples"
    for i in $(seq 16); do
        thread_ticks | sed "s/^/$i|/" >>"$WORK/samples"
        sleep 0.5
    done
    kill -KILL "$APP"; wait "$APP" 2>/dev/null || true; APP=
    awk -F'|' -v hz="$hz" -v run="$run" '
        { searching = ($2 ~ /^(engine worker|search)/)
          if (searching) s[$1] += $3; else w[$1] += $3; last = $1 }
        END {
            for (i = 2; i <= last; i++) {
                ds = s[i] - s[i - 1]; dw = w[i] - w[i - 1]
                # A search thread that ended drops out of the sum: only rising intervals count.
                if (ds > 0) { search += ds; window += dw; seconds += 0.5 }
            }
            printf "run %d: over %.1f s of thinking, the window used %.2f s of CPU (%.0f%% of one core), the search %.2f s\n", run, seconds, window / hz, 100 * window / hz / seconds, search / hz
        }' "$WORK/samples"
done
