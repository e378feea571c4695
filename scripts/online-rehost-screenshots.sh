#!/usr/bin/env bash
# Screenshot of a hosted game taken up again after the host's program stopped: a host and
# a joiner in two terminals on 127.0.0.1 play three moves, the host is killed (it says
# nothing to anyone), and the window, opened on the same data folder, offers the game
# (screenshots/online-rehost-offer.png). With CLICK_X and CLICK_Y (the offset of "Host it
# again" in the window) it clicks the button and, once the joiner is back, takes
# screenshots/online-rehost-back.png.
#
#   bash scripts/online-rehost-screenshots.sh               # the debug build
#   CLICK_X=60 CLICK_Y=120 bash scripts/online-rehost-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
ensure_packages
BIN=${BIN:-target/debug/tictactoe}
OUT=${OUT:-screenshots}
start_xvfb
stop_on_exit
# Each side's standard input stays open (a writer that sleeps) while the script types.
mkfifo "$WORK/host.in" "$WORK/joiner.in"
sleep 600 >"$WORK/host.in" &
HOLD_HOST=$!
sleep 600 >"$WORK/joiner.in" &
HOLD_JOINER=$!
"$BIN" net host --local-only --bind 127.0.0.1:0 --name Ann --accept --no-announce \
    <"$WORK/host.in" >"$WORK/host.log" 2>&1 &
HOST=$!
for _ in $(seq 50); do grep -q "^ttt1" "$WORK/host.log" && break; sleep 0.2; done
TICKET=$(grep "^ttt1" "$WORK/host.log" | head -n 1)
"$BIN" net join "$TICKET" --local-only --bind 127.0.0.1:0 --name Bob \
    <"$WORK/joiner.in" >"$WORK/joiner.log" 2>&1 &
JOINER=$!
trap 'kill $HOST $JOINER $HOLD_HOST $HOLD_JOINER 2>/dev/null; stop_all' EXIT
for _ in $(seq 50); do grep -q 'Bob" joins' "$WORK/host.log" && break; sleep 0.2; done
type_to() { echo "$2" >"/proc/$1/fd/1"; sleep 1; }
type_to $HOLD_HOST "2 2"
type_to $HOLD_JOINER "1 1"
type_to $HOLD_HOST "1 3"
kill -9 $HOST
open_window "$BIN"
sleep 3
shot "$OUT/online-rehost-offer.png"
echo "wrote $OUT/online-rehost-offer.png"
if [ -n "${CLICK_X:-}" ]; then
    xdotool mousemove $((X + CLICK_X)) $((Y + CLICK_Y)) click 1
    for _ in $(seq 150); do grep -q 'is back' "$WORK/joiner.log" && break; sleep 0.2; done
    type_to $HOLD_JOINER "3 1"
    sleep 2
    shot "$OUT/online-rehost-back.png"
    tail -n 12 "$WORK/joiner.log"
    echo "wrote $OUT/online-rehost-back.png"
fi
