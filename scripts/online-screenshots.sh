#!/usr/bin/env bash
# Screenshots of playing online in the window at 960x720, inside a network namespace of this
# script's own (only loopback; needs root or user namespaces, and `ip`):
#   screenshots/online-host.png         the window hosts: its ticket, large where the board
#                                       will be, and as a QR code;
#   screenshots/online-host-caller.png  Bob calls from a terminal: the host's main area says
#                                       who asks, with Bob's key, Let them in and Turn away;
#   screenshots/online-join-key.png     the window joins Ann, a host in a terminal, and waits
#                                       to be let in, showing its own key;
#   screenshots/online-game.png         the joiner's window in the game, Ann offering a draw;
#   screenshots/online-game-zh.png      the same in Chinese (the window's language from the
#                                       locale, as on a Chinese desktop).
# The window finds the terminal joiner's ticket as a person would not: with `net find`,
# which lists the game the window announces on this (loopback) network.
#
#   bash scripts/online-screenshots.sh               # the debug build, as built by
#                                                    # cargo build or the tests
#   BIN=target/release/tictactoe bash scripts/online-screenshots.sh
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
mkdir -p "$OUT"
start_xvfb
stop_on_exit
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null; stop_all' EXIT

# Where the controls are at 960x720 (window coordinates).
ONLINE_TAB="62 48"     # the side panel's Online tab
HOST_BUTTON="50 167"   # Host a game
NAME_FIELD="150 97"    # Your name
TICKET_FIELD="130 244" # Ticket from the host
LET_IN="560 400"       # Let them in, in the main area

# Waits until the file $1 has a line matching $2 (at most 20 s).
wait_for() { for _ in $(seq 100); do grep -q "$2" "$1" && return 0; sleep 0.2; done; return 1; }
# Clicks at window coordinates "X Y".
click_at() { read -r cx cy <<<"$1"; at "$cx" "$cy" "${2:-0.5}"; }
# Types text into the field at "X Y" after emptying it.
type_into() {
    click_at "$1"
    xdotool key --window "$WID" ctrl+a BackSpace
    xdotool windowfocus --sync "$WID" type --delay 5 "$2"
    sleep 0.3
}

# 1. The window hosts; Bob calls from a terminal.
open_window "$BIN"
resize_window 960 720
click_at "$ONLINE_TAB"
[ -n "${PROBE:-}" ] && snap probe-online-tab.png
type_into "$NAME_FIELD" "Ann"
click_at "$HOST_BUTTON"
# The game is announced once its ticket is made (and shown).
TICKET=
for _ in $(seq 15); do
    "$BIN" net find --wait 2 >"$WORK/find.log" 2>&1 || true
    TICKET=$(grep -o 'ttt1[a-z0-9]*' "$WORK/find.log" | head -n 1 || true)
    [ -n "$TICKET" ] && break
done
[ -n "$TICKET" ] || { cat "$WORK/find.log"; echo "the window's game was not found" >&2; exit 1; }
snap online-host.png
mkfifo "$WORK/bob.in"
sleep 600 >"$WORK/bob.in" &
PIDS+=($!)
"$BIN" net join "$TICKET" --local-only --name Bob <"$WORK/bob.in" >"$WORK/bob.log" 2>&1 &
PIDS+=($!)
wait_for "$WORK/bob.log" "Your key" || true
sleep 2
snap online-host-caller.png
grep "Your key" "$WORK/bob.log" || true
click_at "$LET_IN" 2
wait_for "$WORK/bob.log" "connected" && echo "Bob was let in"
close_window

# 2. The window joins Ann, a host in a terminal, who lets it in and offers a draw: once in
# English (the key it shows, and the game), once in Chinese (the game), with the window's
# language from the locale as on a Chinese desktop: joiner SUFFIX [ENV...].
joiner() {
    local suffix=$1 ann="$WORK/ann$1"
    shift
    mkfifo "$ann.in"
    sleep 600 >"$ann.in" &
    local hold=$!
    PIDS+=($hold)
    "$BIN" net host --local-only --bind 127.0.0.1:0 --name Ann --no-announce \
        <"$ann.in" >"$ann.log" 2>&1 &
    PIDS+=($!)
    wait_for "$ann.log" "^ttt1"
    local ticket
    ticket=$(grep "^ttt1" "$ann.log" | head -n 1)
    say_ann() { echo "$1" >"/proc/$hold/fd/1"; sleep "${2:-1}"; }
    # A window of its own: settings and kept games of none before it.
    open_window env XDG_DATA_HOME="$ann-data" XDG_CONFIG_HOME="$ann-config" "$@" "$BIN"
    resize_window 960 720
    click_at "$ONLINE_TAB"
    type_into "$NAME_FIELD" "Bob"
    type_into "$TICKET_FIELD" "$ticket"
    xdotool key --window "$WID" Return
    wait_for "$ann.log" "asks to join"
    sleep 1
    [ -z "$suffix" ] && snap online-join-key.png
    grep "Their key" "$ann.log"
    say_ann yes 2
    say_ann "2 2"
    ROWS=3 COLS=3
    find_board
    click_cell 0 0
    say_ann "3 3"
    say_ann draw 2
    snap "online-game$suffix.png"
    tail -n 6 "$ann.log"
    close_window
}
click_cell() { read -r px py < <(cell_xy "$1" "$2"); xdotool mousemove "$px" "$py" click 1; sleep 1; }
joiner "" LANG=C.UTF-8
joiner -zh LANG=zh_CN.UTF-8 LC_ALL='' LC_MESSAGES=''
