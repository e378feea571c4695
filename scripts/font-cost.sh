#!/usr/bin/env bash
# What the bundled Chinese font costs at start-up: for each binary given, RUNS launches
# under a virtual X server with fresh storage, each closing itself once its first frame is
# presented (TICTACTOE_EXIT_AFTER_FIRST_FRAME=1); prints the app's own time to the first
# frame and the peak resident memory (/usr/bin/time's "Maximum resident set size"), as
# medians, in English and in Chinese (LANG=zh_CN.UTF-8, so the first frame draws Chinese).
# To compare with a window without the font, build a copy whose gui::fonts::install does
# nothing and pass both binaries:
#   bash scripts/font-cost.sh target/release/tictactoe /tmp/tictactoe-without-font
# Run from anywhere; needs the packages of scripts/xvfb.sh and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-7}
[ "$#" -gt 0 ] || set -- target/release/tictactoe

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_xvfb
trap 'kill "$XVFB" 2>/dev/null; rm -rf "$WORK"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for bin in "$@"; do
    for lang in C.UTF-8 zh_CN.UTF-8; do
        : >"$WORK/ms" && : >"$WORK/kb"
        for _ in $(seq "$RUNS"); do
            rm -rf "$XDG_DATA_HOME"
            LANG=$lang TICTACTOE_EXIT_AFTER_FIRST_FRAME=1 timeout 60 /usr/bin/time -v "$bin" \
                >"$WORK/out" 2>"$WORK/err"
            sed -n 's/^first frame after \([0-9]*\) ms$/\1/p' "$WORK/out" >>"$WORK/ms"
            sed -n 's/^\tMaximum resident set size (kbytes): //p' "$WORK/err" >>"$WORK/kb"
        done
        printf '%s, LANG=%s: first frame after %s ms, peak RSS %.1f MB (medians of %d runs)\n' \
            "$bin" "$lang" "$(median <"$WORK/ms")" "$(median <"$WORK/kb" | awk '{ print $1 / 1024 }')" "$RUNS"
    done
done
