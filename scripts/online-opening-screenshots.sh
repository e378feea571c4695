#!/usr/bin/env bash
# Screenshot of a swap2 opening online, in the window of the player whose choice it is: a
# host and a joiner in two terminals on 127.0.0.1 (15x15, --opening swap2) play the
# opening up to the host's choice of colour (three stones, "two", two more stones), the
# host is killed, and the window, opened on the same data folder, offers the game. With
# CLICK_X and CLICK_Y (the offset of "Host it again" in the window) it clicks the button
# and, once the joiner is back, takes screenshots/online-opening-choice.png: the status
# line asks the window's player to choose, with the buttons beside it.
#
# LANGUAGE=Chinese first clicks 简体中文 in the window (at LANGUAGE_X, LANGUAGE_Y) and takes
# online-opening-choice-zh.png.
#
#   bash scripts/online-opening-screenshots.sh              # the offer, to find the button
#   CLICK_X=60 CLICK_Y=120 bash scripts/online-opening-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
ensure_packages
BIN=${BIN:-target/debug/tictactoe}
OUT=${OUT:-screenshots}
LANGUAGE=${LANGUAGE:-English}
SUFFIX=$([ "$LANGUAGE" = Chinese ] && echo "-zh" || true)
start_xvfb
stop_on_exit
mkfifo "$WORK/host.in" "$WORK/joiner.in"
sleep 600 >"$WORK/host.in" &
HOLD_HOST=$!
sleep 600 >"$WORK/joiner.in" &
HOLD_JOINER=$!
"$BIN" net host --local-only --bind 127.0.0.1:0 --name Ann --accept --no-announce \
    --rule 15,15,5 --opening swap2 <"$WORK/host.in" >"$WORK/host.log" 2>&1 &
HOST=$!
for _ in $(seq 50); do grep -q "^ttt1" "$WORK/host.log" && break; sleep 0.2; done
TICKET=$(grep "^ttt1" "$WORK/host.log" | head -n 1)
"$BIN" net join "$TICKET" --local-only --bind 127.0.0.1:0 --name Bob \
    <"$WORK/joiner.in" >"$WORK/joiner.log" 2>&1 &
JOINER=$!
trap 'kill $HOST $JOINER $HOLD_HOST $HOLD_JOINER 2>/dev/null; stop_all' EXIT
for _ in $(seq 50); do grep -q 'Bob" joins' "$WORK/host.log" && break; sleep 0.2; done
type_to() { echo "$2" >"/proc/$1/fd/1"; sleep 1; }
type_to $HOLD_HOST "8 8"
type_to $HOLD_HOST "8 9"
type_to $HOLD_HOST "9 8"
type_to $HOLD_JOINER "two"
type_to $HOLD_JOINER "7 10"
type_to $HOLD_JOINER "10 7"
kill -9 $HOST
open_window "$BIN"
sleep 3
if [ "$LANGUAGE" = Chinese ]; then
    xdotool mousemove $((X + ${LANGUAGE_X:-195})) $((Y + ${LANGUAGE_Y:-16})) click 1
    sleep 1
fi
shot "$OUT/online-opening-offer.png"
echo "wrote $OUT/online-opening-offer.png (to find the button; not kept)"
if [ -n "${CLICK_X:-}" ]; then
    xdotool mousemove $((X + CLICK_X)) $((Y + CLICK_Y)) click 1
    for _ in $(seq 150); do grep -q 'is back' "$WORK/joiner.log" && break; sleep 0.2; done
    sleep 2
    shot "$OUT/online-opening-choice$SUFFIX.png"
    tail -n 12 "$WORK/joiner.log"
    echo "wrote $OUT/online-opening-choice$SUFFIX.png"
fi
