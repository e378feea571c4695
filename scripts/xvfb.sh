# shellcheck shell=bash
# Shared by the scripts that drive the real window under a virtual X server (screenshots.sh,
# files-xvfb.sh, gui-bench.sh, thinking-cost.sh, repaint-cost.sh, memory-games.sh,
# memory-session.sh, the screenshots of the lab, its Why no win? view, the gomoku board and
# the Chinese window).
# Source it; it defines functions only.

# The Debian packages a real window under Xvfb needs: the tools and Mesa's renderers (GLX
# and EGL for glow, Vulkan for wgpu).
XVFB_PACKAGES="xvfb xdotool imagemagick x11-utils libxcursor1 libxi6 libxkbcommon-x11-0
               libgl1 libglx-mesa0 libegl1 libegl-mesa0 libgl1-mesa-dri libvulkan1
               mesa-vulkan-drivers"

# Installs whichever of XVFB_PACKAGES and the extra packages named are missing, and sets
# CONVERT and IMPORT to ImageMagick's own (a stand-in `convert` may shadow it on PATH).
ensure_packages() {
    local missing
    missing=$(for p in $XVFB_PACKAGES "$@"; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
        grep -q "install ok installed" || echo "$p"; done)
    if [ -n "$missing" ]; then
        echo "installing: $missing"
        local sudo=
        [ "$(id -u)" -ne 0 ] && sudo=sudo
        # shellcheck disable=SC2086
        $sudo apt-get update -qq && $sudo apt-get install -y -qq $missing
    fi
    CONVERT=/usr/bin/convert; [ -x "$CONVERT" ] || CONVERT=convert
    IMPORT=/usr/bin/import; [ -x "$IMPORT" ] || IMPORT=import
}

# Starts a private X server on a free display with a fresh temporary folder WORK and
# private XDG folders in it (so the window starts with empty storage), sets DISPLAY and
# XVFB (the server's process), and waits until the server answers. The caller's EXIT trap
# stops XVFB and removes WORK. The screen is SCREEN (WxH) as set before the first call:
# `xdotool getwindowgeometry --shell` sets SCREEN to a screen number.
start_xvfb() {
    XVFB_SCREEN=${XVFB_SCREEN:-${SCREEN:-1280x900}}
    local n=90
    while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
    export DISPLAY=":$n"
    WORK=$(mktemp -d)
    export XDG_RUNTIME_DIR="$WORK/run" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config"
    mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
    Xvfb "$DISPLAY" -screen 0 "${XVFB_SCREEN}x24" -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
    XVFB=$!
    for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
}

# Sets BIN to the window's binary: BIN as given, else the debug build, made now (the dev
# profile is optimised and shares its build with the tests).
build_window() {
    if [ -z "${BIN:-}" ]; then
        cargo build --bin tictactoe
        BIN=target/debug/tictactoe
    fi
}

# What a screenshot script does first: the packages, the window's binary (build_window), a
# private X server, and its stop when the script exits.
start_screenshots() {
    ensure_packages
    build_window
    start_xvfb
    stop_on_exit
}

# Writes TEXT as the window's whole saved state, in its storage under XDG_DATA_HOME, for a
# window started after it.
write_saved_state() {
    rm -rf "$XDG_DATA_HOME"
    mkdir -p "$XDG_DATA_HOME/tictactoe"
    printf '{\n    "app": "%s",\n}\n' "$1" >"$XDG_DATA_HOME/tictactoe/app.ron"
}

# Stops the window (APP, once set) and the X server and removes WORK when the script exits;
# with KEEP_WINDOW set they stay for a look. A window or server already gone is no failure:
# under `set -e` a failed kill here would end the trap, and the script, with status 1 after
# it did its job, and leave the server running.
stop_on_exit() {
    APP=
    trap stop_all EXIT
}
stop_all() {
    if [ -z "${KEEP_WINDOW:-}" ]; then
        if [ -n "${APP:-}" ]; then kill "$APP" 2>/dev/null || true; fi
        kill "$XVFB" 2>/dev/null || true
        rm -rf "$WORK"
    fi
    return 0
}

# Starts the window (the command and its arguments), its output in WORK/app.log; sets APP,
# its window WID and the window's X, Y, WIDTH and HEIGHT.
open_window() {
    "$@" >"$WORK/app.log" 2>&1 &
    APP=$!
    WID=$(timeout 30 xdotool search --sync --class '^io\.github\.tictactoe_engine\.TicTacToe$' | head -n 1)
    eval "$(xdotool getwindowgeometry --shell "$WID")"
    echo "window $WID at ${X},${Y}, ${WIDTH}x${HEIGHT}"
}

# Resizes the window (WID) to W x H, pauses (default 0.8 s) and reads its geometry again.
resize_window() {
    xdotool windowsize "$WID" "$1" "$2"
    sleep "${3:-0.8}"
    eval "$(xdotool getwindowgeometry --shell "$WID")"
}

# Stops the window started last and waits for it.
close_window() { kill "$APP"; wait "$APP" 2>/dev/null || true; APP=; }

# A click at (X, Y) in the window, then a pause (default 0.5 s); the pointer moved off the
# window's content; the window written to OUT/NAME with the pointer away.
at() { xdotool mousemove "$((X + $1))" "$((Y + $2))" click 1; sleep "${3:-0.5}"; }
pointer_away() { xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"; sleep 0.4; }
snap() { pointer_away; shot "$OUT/$1"; echo "wrote $OUT/$1"; }

# Turns the mouse wheel over the side panel: BUTTON (5 down, 4 up) COUNT times (default 25),
# then a pause of 0.5 s.
scroll_panel() {
    xdotool mousemove "$((X + 100))" "$((Y + HEIGHT / 2))"
    for _ in $(seq "${2:-25}"); do xdotool click "$1"; done
    sleep 0.5
}

# The board's background colour in the dark and the light theme (src/gui/board/mod.rs), then
# the wood of boards drawn with stones (src/gui/board/stones.rs), whose cells around the points
# fill it exactly as the cells of the other boards do.
BOARD_COLOURS="#1f2a44 #f7f3e8 #dcb35c #9a763c"

# A screenshot of the window WID.
shot() { "$IMPORT" -window "$WID" "$1"; }

# Finds the board: the bounding box of its background colour. Sets BX BY BW BH (window
# coordinates). Retries while the first frames are still being drawn; fails after 10 s.
find_board() {
    local box colour
    for _ in $(seq 50); do
        shot "$WORK/find.png"
        for colour in $BOARD_COLOURS; do
            box=$("$CONVERT" "$WORK/find.png" -fill black +opaque "$colour" -fill white \
                -opaque "$colour" -format '%@' info: 2>/dev/null || true)
            # %@ prints WxH+X+Y; a board is at least 90 px wide.
            if [[ "$box" =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]] &&
                [ "${BASH_REMATCH[1]}" -ge 90 ]; then
                BW=${BASH_REMATCH[1]} BH=${BASH_REMATCH[2]} BX=${BASH_REMATCH[3]} BY=${BASH_REMATCH[4]}
                return 0
            fi
        done
        sleep 0.2
    done
    echo "could not find the board in the window" >&2
    return 1
}

# A screenshot of the board alone (BX BY BW BH from find_board).
board_shot() {
    shot "$WORK/now.png" 2>/dev/null || return 0
    "$CONVERT" "$WORK/now.png" -crop "${BW}x${BH}+${BX}+${BY}" +repage "$1"
}

# Waits until the board (found by find_board) has stayed the same for STILL seconds
# (default 8); prints the seconds waited.
wait_for_game_end() {
    local start still=0
    start=$(date +%s)
    board_shot "$WORK/before.png"
    while [ "$still" -lt "${STILL:-8}" ]; do
        sleep 2
        board_shot "$WORK/after.png"
        if "$CONVERT" "$WORK/before.png" "$WORK/after.png" -metric AE -compare \
            -format '%[distortion]' info: 2>/dev/null | grep -qx 0; then
            still=$((still + 2))
        else
            still=0
            mv "$WORK/after.png" "$WORK/before.png"
        fi
    done
    echo "$(($(date +%s) - start - ${STILL:-8}))"
}

# Screen position of the centre of a cell (0-based row, column) on a COLS x ROWS board;
# the window is at X, Y.
cell_xy() {
    echo "$((X + BX + (2 * $2 + 1) * BW / (2 * COLS))) $((Y + BY + (2 * $1 + 1) * BH / (2 * ROWS)))"
}

# Whether a cell holds a mark: some pixels near its centre differ from the board colours.
occupied() {
    local x y s fraction
    read -r x y < <(cell_xy "$1" "$2")
    s=$((BW / COLS / 3))
    shot "$WORK/cell.png"
    fraction=$("$CONVERT" "$WORK/cell.png" -crop "$((2 * s))x$((2 * s))+$((x - X - s))+$((y - Y - s))" \
        +repage -fuzz 12% -fill black -opaque '#1f2a44' -opaque '#2c3b5e' -opaque '#f7f3e8' \
        -opaque '#e8e0c8' -fill white +opaque black -format '%[fx:mean]' info:)
    awk -v f="$fraction" 'BEGIN { exit !(f > 0.05) }'
}

# A cell of a saved state, and a move list from "row col" pairs (0-based), for the scripts
# that start the window over a saved game.
cell() { printf '(row:%d,col:%d)' "$1" "$2"; }
moves() {
    local out="" sep=""
    while [ $# -ge 2 ]; do out="$out$sep$(cell "$1" "$2")"; sep=","; shift 2; done
    echo "[$out]"
}

# A saved state for two players at this computer: a board of SIZE cells a side, K in a row,
# the moves LIST (from `moves`).
hotseat_state() {
    local size=$1 k=$2 list=$3
    echo "(session:(settings:(rule:(width:$size,height:$size,k:$k,exact:false),mode:hotseat,first:human,computer:Engine(depth:None,time_ms:Some(8000))),moves:$list,redo:[],tally:(wins:0,losses:0,draws:0),counted:false),prefs:(theme:Light))"
}

# One line: the resident memory of the window (APP) labelled $1, and where it is:
#   tables      anonymous mappings of a power of two of at least 16 MB plus one page: the
#               transposition tables (src/engine/table.rs; 64 MB for the game, 16 MB for
#               the lab), allocated zeroed, so resident only as far as a search touched them;
#   other anon  the rest of the anonymous memory (malloc's heap and thread arenas, the
#               renderer's buffers);
#   files       the mapped libraries and fonts.
memory() {
    local rss
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$APP/status")
    awk -v label="$1" -v rss="$rss" '
        # A mapping line: address range, permissions, offset, device, inode, path.
        /^[0-9a-f]+-[0-9a-f]+ / { anon = ($6 == "" || $6 ~ /^\[(heap|stack|anon)/) }
        /^Size:/ { size = $2 }
        /^Rss:/ {
            if (!anon) { files += $2; next }
            t = size - 4
            if (t >= 16384) { while (t % 2 == 0) t /= 2 }
            if (t == 1) { tables += $2; n++ } else other += $2
        }
        END {
            printf "%-24s RSS %6.1f MB = tables %5.1f MB (%d) + other anon %5.1f MB + files %5.1f MB\n",
                label, rss / 1024, tables / 1024, n, other / 1024, files / 1024
        }' "/proc/$APP/smaps"
}
