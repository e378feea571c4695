#!/usr/bin/env bash
# What the bundled Chinese font costs at start-up: each binary given is launched RUNS times
# in English and in Chinese (LANG=zh_CN.UTF-8, so the first frame draws Chinese) under a
# virtual X server with fresh storage, closing itself once its first frame is presented
# (TICTACTOE_EXIT_AFTER_FIRST_FRAME=1). The binaries take turns, so a busy machine slows
# them alike. Prints medians of the app's own time to its first frame, the process's CPU
# time (user + system) and its peak resident memory (/usr/bin/time's "Maximum resident set
# size").
# To compare with a window without the font, build a copy whose gui::fonts::install returns
# at once and pass both binaries:
#   bash scripts/font-cost.sh target/release/tictactoe /tmp/tictactoe-without-font
# Run from anywhere; needs the packages of scripts/xvfb.sh and GNU time (package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-9}
[ "$#" -gt 0 ] || set -- target/release/tictactoe

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_xvfb
trap 'kill "$XVFB" 2>/dev/null; rm -rf "$WORK"' EXIT

LANGS="C.UTF-8 zh_CN.UTF-8"
for _ in $(seq "$RUNS"); do
    n=0
    for bin in "$@"; do
        n=$((n + 1))
        for lang in $LANGS; do
            rm -rf "$XDG_DATA_HOME"
            LANG=$lang TICTACTOE_EXIT_AFTER_FIRST_FRAME=1 timeout 60 /usr/bin/time -v "$bin" \
                >"$WORK/out" 2>"$WORK/err"
            key="$WORK/$n-$lang"
            sed -n 's/^first frame after \([0-9]*\) ms$/\1/p' "$WORK/out" >>"$key.ms"
            awk -F': ' '/User time|System time/ { s += $2 } END { print int(s * 1000) }' \
                "$WORK/err" >>"$key.cpu"
            sed -n 's/^\tMaximum resident set size (kbytes): //p' "$WORK/err" >>"$key.kb"
        done
    done
done

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
n=0
for bin in "$@"; do
    n=$((n + 1))
    for lang in $LANGS; do
        key="$WORK/$n-$lang"
        printf '%s, LANG=%s: first frame after %s ms, CPU %s ms, peak RSS %s MB (medians of %d)\n' \
            "$bin" "$lang" "$(median "$key.ms")" "$(median "$key.cpu")" \
            "$(median "$key.kb" | awk '{ printf "%.1f", $1 / 1024 }')" "$RUNS"
    done
done
