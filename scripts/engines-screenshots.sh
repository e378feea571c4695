#!/usr/bin/env bash
# Screenshots of an engine from outside playing in the window: the Python template
# (templates/python/minimax_player.py) listed under "Your engines" and seated as O on 3x3,
# a few moves into a game against it (screenshots/engines-game.png); then a broken engine
# (a shell script that answers garbage) seated as O, its message shown after the person's
# first move while the game stays (screenshots/engines-fault.png); then a program that never
# answers, typed in and added with 1 s to start, refused with the reason
# (screenshots/engines-silent.png). The engines are put in the saved preferences before the
# window opens; the board's cells are found by its colour, the panel's controls are where
# the window puts them at 1280x800 (the Engines tab at ENGINES_X, ENGINES_Y).
# LANGUAGE=Chinese takes them in Chinese (engines-*-zh.png).
#
#   bash scripts/engines-screenshots.sh
#   LANGUAGE=Chinese ENGINES_X=92 FIELD_Y=120 ADD_Y=144 bash scripts/engines-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
ensure_packages
BIN=${BIN:-target/debug/tictactoe}
OUT=${OUT:-screenshots}
LANGUAGE=${LANGUAGE:-English}
SUFFIX=$([ "$LANGUAGE" = Chinese ] && echo "-zh" || true)
mkdir -p "$OUT"

# One window with `engine` (a RON EngineCommand) listed as `name` and seated as O.
shoot() {
    local name=$1 engine=$2 picture=$3 moves=$4
    start_xvfb
    stop_on_exit
    local settings="(rule:(width:3,height:3,k:3,exact:false),mode:r#human-vs-computer,first:human,computer:Engine(depth:None,time_ms:None),engines:(seats:(None,Some($engine))))"
    local state="(session:(settings:$settings,moves:[],redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(language:Some($LANGUAGE),engines:[(name:\"$name\",command:$engine)]))"
    mkdir -p "$XDG_DATA_HOME/tictactoe"
    printf '{\n    "app": "%s",\n}\n' "$(printf '%s' "$state" | sed 's/"/\\"/g')" >"$XDG_DATA_HOME/tictactoe/app.ron"
    open_window "$BIN"
    resize_window 1280 800 1
    at "${ENGINES_X:-111}" "${ENGINES_Y:-48}"      # the panel's Engines tab
    find_board
    local cell
    for cell in $moves; do
        # Cells numbered 0..8 row by row; each click waits for the engine's reply.
        local row=$((cell / 3)) col=$((cell % 3))
        xdotool mousemove "$((X + BX + BW * (2 * col + 1) / 6))" "$((Y + BY + BH * (2 * row + 1) / 6))" click 1
        sleep "${WAIT:-4}"
    done
    xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"
    sleep 0.5
    shot "$OUT/$picture"
    echo "wrote $OUT/$picture"
    stop_all
}

TEMPLATE="(program:\"python3\",args:[\"$PWD/templates/python/minimax_player.py\"])"
shoot "minimax template" "$TEMPLATE" "engines-game$SUFFIX.png" "4 2"

BROKEN=$(mktemp -d)/garbage.sh
cat >"$BROKEN" <<'EOF'
#!/bin/sh
CR=$(printf '\r')
while IFS= read -r line; do
  line=${line%"$CR"}
  case "$line" in
    ABOUT) echo 'name="garbage", version="1"' ;;
    START*) echo OK ;;
    DONE) echo 'hello there' ;;
    END) exit 0 ;;
  esac
done
EOF
chmod +x "$BROKEN"
shoot "garbage" "(program:\"$BROKEN\",args:[])" "engines-fault$SUFFIX.png" "4"

# A program that reads nothing and says nothing, added by its command with 1 s to start.
SILENT=$(dirname "$BROKEN")/silent.sh
printf '#!/bin/sh\nexec sleep 60\n' >"$SILENT"
chmod +x "$SILENT"
start_xvfb
stop_on_exit
write_saved_state "(session:(settings:(rule:(width:3,height:3,k:3,exact:false),mode:r#human-vs-computer,first:human,computer:Engine(depth:None,time_ms:None),engines:(limits:(start_ms:1000))),moves:[],redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(language:Some($LANGUAGE)))"
open_window "$BIN"
resize_window 1280 800 1
at "${ENGINES_X:-111}" "${ENGINES_Y:-48}"      # the panel's Engines tab
at "${FIELD_X:-130}" "${FIELD_Y:-135}"   # the command field
xdotool windowfocus --sync "$WID" type --delay 20 "$SILENT"
at "${ADD_X:-107}" "${ADD_Y:-159}" 3         # Add, and the wait for an answer
snap "engines-silent$SUFFIX.png"
stop_all
rm -rf "$(dirname "$BROKEN")"
