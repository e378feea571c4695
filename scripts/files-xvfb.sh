#!/usr/bin/env bash
# Saving, opening and quitting in the real window, as a new user on a bare X server would:
# no desktop portal, no zenity. Builds the release binary, opens it under Xvfb with a fresh
# home and storage, and with real mouse clicks and keys (xdotool):
#   1. without any D-Bus session bus: Save game opens the in-window browser (the system
#      dialog cannot be shown), the game is saved into the home folder, a new game is
#      started and the saved one opened again from the browser;
#   2. the same with a D-Bus session bus that has no portal on it (Save, then Cancel);
#   3. moves are played, the window is sent SIGTERM (a logout), started again: the moves
#      are still on the board.
# Screenshots go to $OUT (default target/files-xvfb/*.png); look at them. Not run in CI.
# Run from anywhere: bash scripts/files-xvfb.sh   (KEEP=1 keeps the temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/files-xvfb}
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages dbus-daemon

cargo build --release --bin tictactoe
BIN=$PWD/target/release/tictactoe

# --- A private X server, home, storage and runtime dir; no session bus, no zenity -----
if command -v zenity >/dev/null; then echo "zenity is installed: this check needs a desktop without it" >&2; exit 1; fi
start_xvfb
export HOME="$WORK/home"
unset DBUS_SESSION_BUS_ADDRESS
mkdir -p "$HOME"
APP= BUS=
cleanup() {
    [ -n "$APP" ] && kill "$APP" 2>/dev/null
    [ -n "$BUS" ] && kill "$BUS" 2>/dev/null
    kill "$XVFB" 2>/dev/null
    if [ -z "${KEEP:-}" ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
    return 0
}
trap cleanup EXIT

# open_window, but with the output of every start kept in WORK/app.log, for `fail`.
start_app() {
    "$BIN" >>"$WORK/app.log" 2>&1 &
    APP=$!
    WID=$(timeout 30 xdotool search --sync --class '^io\.github\.tictactoe_engine\.TicTacToe$' | head -n 1)
    eval "$(xdotool getwindowgeometry --shell "$WID")"   # X, Y, WIDTH, HEIGHT
    sleep 1
}
key() { xdotool windowfocus --sync "$WID" key --clearmodifiers "$1"; sleep 0.6; }
fail() { echo "FAILED: $*" >&2; echo "--- app log:" >&2; cat "$WORK/app.log" >&2; exit 1; }

ROWS=3 COLS=3
click_cell() {
    # shellcheck disable=SC2046
    xdotool mousemove $(cell_xy "$1" "$2") click 1
    sleep 1.0   # the computer's reply (milliseconds on 3x3) and a repaint
}
marks() { local c=0; for r in 0 1 2; do for k in 0 1 2; do occupied "$r" "$k" && c=$((c + 1)); done; done; echo "$c"; }

# The side panel's buttons and the browser's sit at fixed places for the default font,
# theme and window size (960x720): the panel's "Save game" and "Open game", and the
# browser's bottom-right buttons, its first listed file and its Cancel.
SAVE_GAME="46 118" OPEN_GAME="46 141"
BROWSER_OK="${BROWSER_OK:-640 551}" BROWSER_CANCEL="${BROWSER_CANCEL:-697 551}"
BROWSER_FIRST_FILE="${BROWSER_FIRST_FILE:-400 235}"

# --- 1. No session bus: the in-window browser saves and opens ------------------------
start_app
pointer_away
find_board || fail "could not find the board in the window"
shot "$OUT/1-start.png"
click_cell 1 1                       # X in the centre, the computer answers
click_cell 0 0 || true               # a second X if the corner is free
[ "$(marks)" -ge 2 ] || fail "the moves were not played"
played=$(marks)
# shellcheck disable=SC2086
at $SAVE_GAME 1.0
pointer_away
shot "$OUT/2-save-browser.png"
echo "wrote $OUT/2-save-browser.png (the in-window browser, the note on why)"
# shellcheck disable=SC2086
at $BROWSER_OK 1.0
pointer_away
shot "$OUT/3-saved.png"
[ -s "$HOME/game.json" ] || fail "no game was saved in $HOME"
echo "saved: $(tr -d ' \n' <"$HOME/game.json" | head -c 200)"
key ctrl+n
[ "$(marks)" -eq 0 ] || fail "New game left marks on the board"
# shellcheck disable=SC2086
at $OPEN_GAME 1.0
# shellcheck disable=SC2086
at $BROWSER_FIRST_FILE 0.5
pointer_away
shot "$OUT/4-open-browser.png"
echo "wrote $OUT/4-open-browser.png (the browser with game.json chosen)"
# shellcheck disable=SC2086
at $BROWSER_OK 1.0
pointer_away
shot "$OUT/5-opened.png"
[ "$(marks)" -eq "$played" ] || fail "the opened game has $(marks) marks, the saved one $played"
echo "opened the saved game again: $played marks, as saved"

# --- 3. SIGTERM: the moves survive -----------------------------------------------------
key ctrl+n
click_cell 2 2
click_cell 0 2 || true
before=$(marks)
shot "$OUT/6-before-term.png"
kill -TERM "$APP"
for _ in $(seq 100); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
kill -0 "$APP" 2>/dev/null && fail "the window did not close on SIGTERM"
# A clean close exits 0; a process ended by the signal itself would give 143.
status=0; wait "$APP" || status=$?
[ "$status" -eq 0 ] || fail "the window was ended by SIGTERM (exit $status), not closed cleanly"
APP=
start_app
pointer_away
find_board || fail "could not find the board in the window"
shot "$OUT/7-after-term.png"
[ "$(marks)" -eq "$before" ] || fail "after SIGTERM and a new start: $(marks) marks, before $before"
echo "after SIGTERM and a new start: the $before marks are still there"

# --- 2. A session bus without a portal: still the in-window browser --------------------
kill -TERM "$APP"; wait "$APP" || true; APP=
DBUS_SESSION_BUS_ADDRESS=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>"$WORK/bus.pid" | head -n 1)
BUS=$(cat "$WORK/bus.pid")
export DBUS_SESSION_BUS_ADDRESS
start_app
pointer_away
key ctrl+s
pointer_away
shot "$OUT/8-bus-without-portal.png"
# shellcheck disable=SC2086
at $BROWSER_CANCEL 0.6
echo "wrote $OUT/8-bus-without-portal.png (a session bus, no portal: the browser)"
echo "all checks passed; screenshots in $OUT"
