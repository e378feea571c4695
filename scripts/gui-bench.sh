#!/usr/bin/env bash
# Measures the desktop window under a virtual X server (Xvfb), with a fresh eframe storage:
#   - start to first frame: the app closes itself once its first frame has been presented
#     (TICTACTOE_EXIT_AFTER_FIRST_FRAME=1) and prints the time since `gui::run` began; the
#     wall time from launching the process to its exit is printed beside it;
#   - idle CPU: user + system time of the running window over IDLE_SECONDS (default 10),
#     read from /proc, while nobody touches it (the window must not repaint busily);
#   - memory: resident set size (VmRSS) and its peak (VmHWM) of the running window.
# Needs the packages named in scripts/screenshots.sh (it installs them when missing).
# Run from anywhere: bash scripts/gui-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE_SECONDS=${IDLE_SECONDS:-10}
RUNS=${RUNS:-3}

for tool in Xvfb xdotool xdpyinfo; do
    command -v "$tool" >/dev/null || {
        echo "$tool is missing: run scripts/screenshots.sh once (it installs the tools)" >&2
        exit 1
    }
done
cargo build --release --bin tictactoe 2>&1 | tail -n 1
BIN=target/release/tictactoe

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_xvfb
stop_on_exit

echo "== start to first frame ($RUNS runs)"
for i in $(seq "$RUNS"); do
    rm -rf "$XDG_DATA_HOME"
    t0=$(date +%s%N)
    inside=$(TICTACTOE_EXIT_AFTER_FIRST_FRAME=1 timeout 60 "$BIN" 2>"$WORK/first.log" |
        sed -n 's/^first frame after \([0-9]*\) ms$/\1/p')
    t1=$(date +%s%N)
    echo "run $i: first frame after ${inside:-?} ms (in the app); launch to exit $(((t1 - t0) / 1000000)) ms"
done

echo "== idle window"
rm -rf "$XDG_DATA_HOME"
"$BIN" >"$WORK/app.log" 2>&1 &
APP=$!
timeout 30 xdotool search --sync --class '^io\.github\.tictactoe_engine\.TicTacToe$' >/dev/null
sleep 2   # let start-up work and the first frames finish
ticks() { awk '{ print $14 + $15 }' "/proc/$APP/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep "$IDLE_SECONDS"
after=$(ticks)
awk -v d="$((after - before))" -v hz="$hz" -v s="$IDLE_SECONDS" 'BEGIN {
    printf "idle CPU over %d s: %.2f s of CPU time = %.1f%% of one core\n", s, d / hz, 100 * d / hz / s
}'
grep -E '^(VmRSS|VmHWM)' "/proc/$APP/status" | awk '{ printf "%s %.1f MB\n", $1, $2 / 1024 }'
echo "threads: $(ls "/proc/$APP/task" | wc -l)"
