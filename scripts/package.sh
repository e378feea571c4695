#!/usr/bin/env bash
# Builds the Debian package and tries it as a player would get it: builds
# target/debian/tictactoe_*.deb with cargo-deb, installs it with apt (which brings in the
# run-time libraries the package depends on, without its Recommends, so the Depends alone
# must be enough), checks where its files landed, validates the installed .desktop and
# AppStream files, starts the installed /usr/bin/tictactoe under a virtual X server (Xvfb)
# with a fresh home folder that holds only settings saved under the game's old id, checks
# that they were carried over and the window has the app id as its X11 class, takes a
# screenshot (target/debian/installed.png), and removes the package again.
# Needs root or sudo, and cargo-deb (`cargo install cargo-deb`); the other tools it installs.
# Run from anywhere: bash scripts/package.sh   (KEEP_INSTALLED=1 leaves the package installed)
set -euo pipefail
cd "$(dirname "$0")/.."
APP_ID=io.github.tictactoe_engine.TicTacToe   # src/install.rs, APP_ID
PACKAGE=tictactoe
SUDO=; [ "$(id -u)" -ne 0 ] && SUDO=sudo

# --- Tools ------------------------------------------------------------------------------
if ! cargo deb --version >/dev/null 2>&1; then
    echo "cargo-deb is missing: cargo install cargo-deb" >&2
    exit 1
fi
TOOLS="desktop-file-utils appstream xvfb xdotool imagemagick x11-utils"
missing=$(for p in $TOOLS; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
    grep -q "install ok installed" || echo "$p"; done)
if [ -n "$missing" ]; then
    echo "installing: $missing"
    # shellcheck disable=SC2086 # one word a package
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq $missing
fi
IMPORT=/usr/bin/import; [ -x "$IMPORT" ] || IMPORT=import   # a stand-in may shadow it
if dpkg-query -W -f='${Status}\n' "$PACKAGE" 2>/dev/null | grep -q "install ok installed"; then
    echo "$PACKAGE is installed already; remove it first (this script removes what it installs)" >&2
    exit 1
fi

# --- Build ------------------------------------------------------------------------------
DEB=$(cargo deb | tail -n 1)   # it prints the package's path last
echo "built $DEB"
dpkg-deb --field "$DEB" Package Version Depends Recommends

# --- Install, and remove again on the way out ---------------------------------------------
WORK=$(mktemp -d)
XVFB='' APP='' INSTALLED=''
cleanup() {
    [ -n "$APP" ] && kill "$APP" 2>/dev/null
    [ -n "$XVFB" ] && kill "$XVFB" 2>/dev/null
    if [ -n "$INSTALLED" ] && [ -z "${KEEP_INSTALLED:-}" ]; then
        $SUDO apt-get remove -y -qq --purge "$PACKAGE" >/dev/null || true
        if [ -e /usr/bin/tictactoe ]; then
            echo "FAILED: /usr/bin/tictactoe is still there after removal" >&2
        else
            echo "removed $PACKAGE"
        fi
    fi
    rm -rf "$WORK"
    return 0
}
trap cleanup EXIT
INSTALLED=1   # from here on, a failure removes whatever part of the package got installed
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$DEB"

# --- Where the files landed ---------------------------------------------------------------
dpkg -L "$PACKAGE" >"$WORK/files"
expected="/usr/bin/tictactoe /usr/bin/pbrain-tictactoe
    /usr/share/applications/$APP_ID.desktop /usr/share/metainfo/$APP_ID.metainfo.xml
    /usr/share/icons/hicolor/scalable/apps/$APP_ID.svg"
for size in 16 32 48 64 128 256 512; do
    expected="$expected /usr/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
done
# The documentation: both READMEs and every page under docs/ they link to.
for doc in README.md README.zh-CN.md docs/*.md; do
    expected="$expected /usr/share/doc/$PACKAGE/$doc"
done
for path in $expected; do
    if ! grep -qx "$path" "$WORK/files" || [ ! -f "$path" ]; then
        echo "FAILED: the package did not install $path" >&2
        exit 1
    fi
done
echo "installed: $(echo "$expected" | wc -w) files checked in dpkg -L $PACKAGE"

# --- The installed desktop entry and AppStream metadata ---------------------------------
desktop-file-validate "/usr/share/applications/$APP_ID.desktop"
echo "desktop-file-validate: no complaints"
appstreamcli validate --no-net "/usr/share/metainfo/$APP_ID.metainfo.xml"
printf 'START 10\nBEGIN\nEND\n' | /usr/bin/pbrain-tictactoe | head -n 1 | sed 's/^/pbrain-tictactoe: /'

# --- The installed game in a fresh home, under a private X server ------------------------
export HOME="$WORK/home" XDG_RUNTIME_DIR="$WORK/run"
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config" XDG_CACHE_HOME="$HOME/.cache"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# Settings as the game saved them under its old id (eframe's folder "tictactoe"): the light
# theme, which the screenshot shows if they were carried over.
mkdir -p "$XDG_DATA_HOME/tictactoe"
echo '{"app": "(prefs:(theme:Light))"}' >"$XDG_DATA_HOME/tictactoe/app.ron"
# eframe lowercases the id for the folder name on Linux.
NEW_SETTINGS="$XDG_DATA_HOME/$(echo "$APP_ID" | tr '[:upper:]' '[:lower:]')/app.ron"

n=90; while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
export DISPLAY=":$n"
Xvfb "$DISPLAY" -screen 0 1280x900x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
XVFB=$!
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

/usr/bin/tictactoe >"$WORK/app.log" 2>&1 &
APP=$!
WID=$(timeout 30 xdotool search --sync --class '^io\.github\.tictactoe_engine\.TicTacToe$' | head -n 1)
sleep 2   # the first frames
# The window writes its state as soon as it starts, so the new file holds the whole state
# by now: the old settings were carried over if their light theme is in it.
if ! grep -q 'theme:Light' "$NEW_SETTINGS" 2>/dev/null; then
    echo "FAILED: the old settings were not carried over to $NEW_SETTINGS" >&2
    cat "$WORK/app.log" >&2
    exit 1
fi
echo "settings carried over to ${NEW_SETTINGS#"$HOME"/}"
class=$(xprop -id "$WID" WM_CLASS)
echo "$class"
if [[ "$class" != *"\"$APP_ID\""* ]]; then
    echo "FAILED: the window's class is not $APP_ID" >&2
    exit 1
fi
"$IMPORT" -window "$WID" target/debian/installed.png
echo "wrote target/debian/installed.png"
