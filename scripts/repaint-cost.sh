#!/usr/bin/env bash
# What a repaint of the window costs in CPU time, for each renderer: opens the window under a
# virtual X server (Xvfb, so Mesa draws on the CPU as on a machine without a GPU) at 960x720
# with a fresh, empty storage (the 3x3 board, your move), moves the mouse (xdotool) from cell
# to cell of the board HOVERS times, each move a change of the cell under the pointer and so
# of the preview drawn there, and reads the window's CPU time (utime + stime of all its
# threads, /proc/PID/stat) before and after. The window's idle CPU over the same time,
# measured just before, is taken off. CPU time, not wall time: the machine may be busy.
# Prints one line per run, then the minimum and median per renderer, and which Mesa driver
# libraries each run had loaded (so a renderer that fell back to the other one is seen).
# With FRAMES=1, one more glow run counts the frames drawn (the window's glXSwapBuffers
# calls, counted by gdb attached to it, so that run's CPU time is not taken).
#
#   bash scripts/repaint-cost.sh                     # the release build, glow and wgpu
#   BIN=target/debug/tictactoe bash scripts/repaint-cost.sh
#   RENDERERS=wgpu RUNS=7 HOVERS=60 bash scripts/repaint-cost.sh
#   RENDERERS=default BIN=old/tictactoe bash ...     # a build without --renderer
#   FRAMES=1 RUNS=1 RENDERERS=glow bash scripts/repaint-cost.sh   # needs gdb and ptrace
#
# Needs the Xvfb tools that .ci/run installs (scripts/xvfb.sh installs any that are missing).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
HOVERS=${HOVERS:-40}
PAUSE=${PAUSE:-0.3}       # seconds between two moves of the mouse: every repaint finishes
IDLE=${IDLE:-3}           # seconds of the idle window measured before the moves
RENDERERS=${RENDERERS:-glow wgpu}
SIZE=${SIZE:-960x720}
if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe 2>&1 | tail -n 1
    BIN=target/release/tictactoe
fi

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages
start_xvfb
stop_on_exit

hz=$(getconf CLK_TCK)
ticks() { sed 's/^.*) //' "/proc/$APP/stat" | awk '{ print $12 + $13 }'; }
# The Mesa and loader libraries in the window's memory: which driver drew the frames.
drivers() {
    grep -oE '(libGLX_mesa|libEGL_mesa|libvulkan_lvp|libvulkan_[a-z]+|swrast_dri|[a-z0-9_]+_dri)\.so' \
        "/proc/$APP/maps" | sort -u | tr '\n' ' '
}
# The 9 cells of the 3x3 board in a snake, so that every move changes the cell.
PATH_CELLS="0,0 0,1 0,2 1,2 1,1 1,0 2,0 2,1 2,2"
: >"$WORK/results"

# Moves the mouse HOVERS times, each time onto another cell.
hover() {
    local n=0 cell
    while [ "$n" -lt "$HOVERS" ]; do
        for cell in $PATH_CELLS; do
            [ "$n" -ge "$HOVERS" ] && break
            # shellcheck disable=SC2046
            xdotool mousemove $(cell_xy "${cell%,*}" "${cell#*,}")
            sleep "$PAUSE"
            n=$((n + 1))
        done
    done
}

# Opens the window with the renderer named (or "default": no --renderer) at SIZE, the
# pointer off the board; sets APP, WID and the board's place.
open_at_size() {
    local arg=()
    [ "$1" != default ] && arg=(--renderer "$1")
    rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
    open_window "$BIN" "${arg[@]}" >/dev/null
    # The window is found by its name before it is mapped; a screenshot needs it shown.
    for _ in $(seq 100); do
        xwininfo -id "$WID" 2>/dev/null | grep -q IsViewable && break
        sleep 0.1
    done
    sleep 1
    if [ "${WIDTH}x${HEIGHT}" != "$SIZE" ]; then
        xdotool windowsize "$WID" "${SIZE%x*}" "${SIZE#*x}"
        sleep 1
        eval "$(xdotool getwindowgeometry --shell "$WID")"
    fi
    xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"
    ROWS=3 COLS=3
    find_board
    sleep 1                                  # the first frames and the board's search
}

one_run() {
    local renderer=$1 run=$2 t0 t1 i0 i1 w0 w1
    open_at_size "$renderer"
    i0=$(ticks); w0=$(date +%s%N)
    sleep "$IDLE"
    i1=$(ticks); w1=$(date +%s%N)
    local idle_ms_per_s
    idle_ms_per_s=$(awk -v d="$((i1 - i0))" -v hz="$hz" -v w="$((w1 - w0))" \
        'BEGIN { printf "%.3f", d * 1000 / hz / (w / 1e9) }')
    t0=$(ticks); w0=$(date +%s%N)
    hover
    t1=$(ticks); w1=$(date +%s%N)
    local used
    used=$(drivers)
    if grep -q "could not start" "$WORK/app.log"; then
        used="$used(fell back: $(grep -m1 'could not start' "$WORK/app.log"))"
    fi
    kill "$APP" 2>/dev/null; wait "$APP" 2>/dev/null || true; APP=
    awk -v r="$renderer" -v run="$run" -v d="$((t1 - t0))" -v hz="$hz" -v n="$HOVERS" \
        -v w="$((w1 - w0))" -v idle="$idle_ms_per_s" -v used="$used" 'BEGIN {
            cpu = d * 1000 / hz; idle_ms = idle * w / 1e9; per = (cpu - idle_ms) / n
            printf "%s run %d: %d hover changes, %.0f ms CPU in %.1f s (idle %.1f ms/s): %.1f ms per hover change  [%s]\n",
                r, run, n, cpu, w / 1e9, idle, per, used
            printf "%s %.2f\n", r, per >> "'"$WORK/results"'"
        }'
}

echo "window $SIZE, $HOVERS hover changes per run, $PAUSE s apart, binary $BIN"
for run in $(seq "$RUNS"); do
    # Renderers take turns, so a change in the machine's load falls on both alike.
    for renderer in $RENDERERS; do
        one_run "$renderer" "$run"
    done
done
if [ -n "${FRAMES:-}" ]; then
    open_at_size glow
    printf 'set pagination off\nset $n = 0\nbreak glXSwapBuffers\ncommands\nsilent\nset $n = $n + 1\ncontinue\nend\ncontinue\nprint $n\ndetach\nquit\n' >"$WORK/gdb.cmd"
    gdb -p "$APP" -batch -x "$WORK/gdb.cmd" >"$WORK/gdb.log" 2>&1 &
    GDB=$!
    for _ in $(seq 100); do grep -q '^Breakpoint 1 at' "$WORK/gdb.log" && break; sleep 0.2; done
    sleep 1
    hover
    kill -INT "$GDB"; wait "$GDB" || true
    frames=$(sed -n 's/^\$1 = //p' "$WORK/gdb.log")
    kill "$APP" 2>/dev/null; wait "$APP" 2>/dev/null || true; APP=
    awk -v f="${frames:-0}" -v n="$HOVERS" 'BEGIN {
        printf "glow frames: %d buffer swaps for %d hover changes = %.1f frames per hover change\n", f, n, f / n }'
fi
echo "== CPU per hover change (ms), $RUNS runs each"
for renderer in $RENDERERS; do
    awk -v r="$renderer" '$1 == r { print $2 }' "$WORK/results" | sort -g | awk -v r="$renderer" '
        { v[NR] = $1 }
        END {
            med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%-8s min %.1f  median %.1f  max %.1f\n", r, v[1], med, v[NR]
        }'
done
