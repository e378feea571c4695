#!/usr/bin/env bash
# Whether the window still opens when its renderer's libraries are missing, as on a machine
# without them installed: starts the window under a virtual X server (Xvfb) in a private
# mount namespace where the libraries named are hidden (an empty file bound over each),
# and prints for each case what it said, which Mesa and loader libraries it had loaded, and
# whether it drew the board (a screenshot, kept in OUT). The cases:
#   glow          nothing hidden: glow through GLX
#   glow-no-glx   libGL hidden: glow falls back from GLX to EGL inside glutin
#   glow-no-gl    libGL and libEGL hidden: glow cannot start, the window says so and opens
#                 with wgpu (Vulkan)
#   wgpu-no-gpu   Vulkan's loader and libEGL hidden, --renderer wgpu: wgpu finds no
#                 adapter, the window says so and opens with glow (GLX)
# Needs root (unshare, mount) and the Xvfb tools that .ci/run installs.
#
#   bash scripts/renderer-fallback.sh                 # the release build
#   BIN=target/debug/tictactoe OUT=/tmp/fallback bash scripts/renderer-fallback.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/renderer-fallback}
if [ -z "${BIN:-}" ]; then
    cargo build --release --bin tictactoe 2>&1 | tail -n 1
    BIN=target/release/tictactoe
fi
BIN=$(realpath "$BIN")
mkdir -p "$OUT"

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
ensure_packages
start_xvfb
stop_on_exit

# The file a library name resolves to, as the dynamic loader would find it.
library() { ldconfig -p | awk -v n="$1" '$1 == n && /x86-64/ { print $NF; exit }'; }
drivers() {
    grep -oE '(libGLX_mesa|libEGL_mesa|libvulkan_lvp|swrast_dri)\.so' "/proc/$APP/maps" |
        sort -u | tr '\n' ' '
}

# case name, libraries to hide (comma-separated sonames, or "-"), the window's arguments
one_case() {
    local name=$1 hide=$2 binds='' lib file
    shift 2
    if [ "$hide" != - ]; then
        for lib in ${hide//,/ }; do
            file=$(library "$lib")
            [ -n "$file" ] || { echo "$name: $lib is not installed here" >&2; return 1; }
            binds="$binds mount --bind $WORK/empty $(realpath "$file");"
        done
    fi
    : >"$WORK/empty"
    rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
    # shellcheck disable=SC2016 # expanded by the inner shell
    open_window unshare -m bash -c "$binds"' exec "$0" "$@"' "$BIN" "$@" >/dev/null
    for _ in $(seq 100); do
        xwininfo -id "$WID" 2>/dev/null | grep -q IsViewable && break
        sleep 0.1
    done
    sleep 2
    local loaded drew=no
    loaded=$(drivers)
    xdotool mousemove "$((X + WIDTH - 5))" "$((Y + HEIGHT - 5))"
    ROWS=3 COLS=3
    find_board 2>/dev/null && drew=yes
    shot "$OUT/$name.png"
    kill "$APP" 2>/dev/null; wait "$APP" 2>/dev/null || true; APP=
    echo "== $name (hidden: $hide; arguments: ${*:-none})"
    echo "   loaded: ${loaded:-nothing}; drew the board: $drew ($OUT/$name.png)"
    grep -v 'XDG_RUNTIME_DIR' "$WORK/app.log" | sed 's/^/   said: /' || true
}

one_case glow - --renderer glow
one_case glow-no-glx libGL.so.1 --renderer glow
one_case glow-no-gl libGL.so.1,libEGL.so.1 --renderer glow
one_case wgpu-no-gpu libvulkan.so.1,libEGL.so.1 --renderer wgpu
