#!/usr/bin/env bash
# Where the window's memory goes over a few games: opens the window under a virtual X server
# (Xvfb) with a fresh storage that holds a 15x15 five-in-a-row game of the computer against
# itself (TIME_MS per move, default 1000), lets GAMES games (default 5) play out, starting
# each next one with Ctrl+N, and prints the resident set size (VmRSS, /proc/PID/status) at
# start and after each game, split into:
#   tables   anonymous mappings of exactly 64 MB + one page: a transposition table of the
#            default size (src/engine/table.rs), allocated zeroed, so resident only as far
#            as the search has touched it;
#   other anon  the rest of the anonymous memory (malloc's heap and thread arenas, the
#            renderer's buffers);
#   files    the mapped libraries and fonts.
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
mkdir -p "$XDG_DATA_HOME/tictactoe"
printf '{\n    "app": "%s",\n}\n' "$STATE" >"$XDG_DATA_HOME/tictactoe/app.ron"

# One line: the resident memory and where it is.
memory() {
    local rss
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$APP/status")
    awk -v label="$1" -v rss="$rss" '
        # A mapping line: address range, permissions, offset, device, inode, path.
        /^[0-9a-f]+-[0-9a-f]+ / { anon = ($6 == "" || $6 ~ /^\[(heap|stack|anon)/) }
        /^Size:/ { size = $2 }
        /^Rss:/ {
            if (!anon) files += $2
            else if (size == 65540) { tables += $2; n++ }
            else other += $2
        }
        END {
            printf "%-16s RSS %6.1f MB = tables %5.1f MB (%d of 64 MB) + other anon %5.1f MB + files %5.1f MB\n",
                label, rss / 1024, tables / 1024, n, other / 1024, files / 1024
        }' "/proc/$APP/smaps"
}

pointer_away() { xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"; }
board_shot() {
    shot "$WORK/now.png" 2>/dev/null || return 0
    "$CONVERT" "$WORK/now.png" -crop "${BW}x${BH}+${BX}+${BY}" +repage "$1"
}

# Waits until the board has stayed the same for STILL seconds; prints the seconds waited.
wait_for_game_end() {
    local start still=0
    start=$(date +%s)
    board_shot "$WORK/before.png"
    while [ "$still" -lt "$STILL" ]; do
        sleep 2
        board_shot "$WORK/after.png"
        if "$CONVERT" "$WORK/before.png" "$WORK/after.png" -metric AE -compare \
            -format '%[distortion]' info: 2>/dev/null | grep -qx 0; then
            still=$((still + 2))
        else
            still=0
            mv "$WORK/after.png" "$WORK/before.png"
        fi
    done
    echo "$(($(date +%s) - start - STILL))"
}

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
