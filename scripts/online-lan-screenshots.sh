#!/usr/bin/env bash
# Screenshots of a game found on the local network, inside a network namespace of this
# script's own (only loopback; needs root or user namespaces, and `ip`): a host in a
# terminal announces a 15x15 game with a 5-minute clock; the window lists it
# (screenshots/online-lan-list.png), joins it with a click on its button, and shows the
# game with the clocks once the host has moved (screenshots/online-lan-game.png).
#
#   bash scripts/online-lan-screenshots.sh               # the debug build
#   BIN=target/release/tictactoe bash scripts/online-lan-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${OWN_NETWORK:-}" ]; then
    OWN_NETWORK=1 exec unshare --net bash -c 'ip link set lo up && exec bash "$0" "$@"' "$0" "$@"
fi
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
ensure_packages
BIN=${BIN:-target/debug/tictactoe}
OUT=${OUT:-screenshots}
start_xvfb
stop_on_exit
# The host's standard input stays open (a writer that sleeps) until the host's move.
mkfifo "$WORK/in"
sleep 600 >"$WORK/in" &
HOLD=$!
# No --bind: a host kept to one address does not announce its game (this network has only
# loopback anyway).
"$BIN" net host --local-only --name Ann --rule 15,15,5 --clock 5 \
    --accept <"$WORK/in" >"$WORK/host.log" 2>&1 &
HOST=$!
trap 'kill $HOST $HOLD 2>/dev/null; stop_all' EXIT
open_window "$BIN"
for _ in $(seq 50); do grep -q 'Waiting for a player' "$WORK/host.log" && break; sleep 0.2; done
# The list is opened by its heading ("Games on this network"), where the panel puts it at
# 960x720 (LIST_X/LIST_Y to place it elsewhere); the window looks only while it is open.
xdotool mousemove $((X + ${LIST_X:-60})) $((Y + ${LIST_Y:-428})) click 1
sleep 3
shot "$OUT/online-lan-list.png"
# The game's button in the list opened above, where the panel puts it at 960x720.
xdotool mousemove $((X + 94)) $((Y + 451)) click 1
for _ in $(seq 100); do grep -q 'Bob\|Player connected\|joins' "$WORK/host.log" && break; sleep 0.2; done
echo "8 8" >"/proc/$HOLD/fd/1"
sleep 4
shot "$OUT/online-lan-game.png"
tail -n 4 "$WORK/host.log"
echo "wrote $OUT/online-lan-list.png and $OUT/online-lan-game.png"
