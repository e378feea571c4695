#!/usr/bin/env bash
# Makes assets/fonts/NotoSansCJKsc-subset.otf, the font the window draws Chinese with where
# no Chinese font is installed: Noto Sans CJK SC Regular (SIL Open Font License 1.1, licence
# text in assets/fonts/OFL.txt) cut down to
#   - the 3,755 characters of GB2312 level 1 (rows 16-55, bytes 0xB0A1..0xD7FE), the
#     characters of everyday Simplified Chinese text;
#   - printable ASCII, CJK symbols and punctuation (U+3000-303F), full-width forms
#     (U+FF00-FFEF) and general punctuation (U+2000-206F);
#   - every character of every file in assets/locales/zh-CN, so a new translation is drawn
#     too (a test checks this; rerun the script after adding words outside level 1).
# Needs Debian's fonts-noto-cjk and fonttools (pyftsubset); installs them when missing.
# Run from anywhere: bash scripts/make-font-subset.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SOURCE=${SOURCE:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
OUT=assets/fonts/NotoSansCJKsc-subset.otf

if [ ! -f "$SOURCE" ] || ! command -v pyftsubset >/dev/null; then
    sudo=; [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get install -y --no-install-recommends fonts-noto-cjk fonttools
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The characters to keep, as one UTF-8 text file.
python3 - "$WORK/chars.txt" <<'PY'
import pathlib, sys
chars = set()
for lead in range(0xB0, 0xD8):            # GB2312 rows 16-55: level 1
    for trail in range(0xA1, 0xFF):
        try:
            chars.add(bytes([lead, trail]).decode("gb2312"))
        except UnicodeDecodeError:       # row 55 ends at 0xD7F9
            pass
level1 = len(chars)
chars.update(chr(c) for c in range(0x20, 0x7F))
chars.update(chr(c) for c in range(0x3000, 0x3040))
chars.update(chr(c) for c in range(0xFF00, 0xFFF0))
chars.update(chr(c) for c in range(0x2000, 0x2070))
chars.update("·×÷°±")
for ftl in sorted(pathlib.Path("assets/locales/zh-CN").glob("*.ftl")):
    chars.update(c for c in ftl.read_text(encoding="utf-8") if c.isprintable())
pathlib.Path(sys.argv[1]).write_text("".join(sorted(chars)), encoding="utf-8")
print(f"{level1} GB2312 level-1 characters, {len(chars)} characters in all")
PY

# Font number 2 of the collection is Noto Sans CJK SC (0 JP, 1 KR, 2 SC, 3 TC, 4 HK).
pyftsubset "$SOURCE" --font-number=2 \
    --text-file="$WORK/chars.txt" \
    --layout-features='*' --no-hinting --desubroutinize \
    --name-IDs='*' --name-languages='*' \
    --output-file="$OUT"
echo "$OUT: $(stat -c %s "$OUT") bytes"
