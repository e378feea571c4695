#!/usr/bin/env bash
# Makes one chunk of training games for data/gomoku-games: draws the chunk's openings
# (examples/data_openings.rs, apart from every opening of openings/), plays them at the
# lowest priority, one search thread an engine, and writes the games gzip-compressed with
# the command, seed and engine builds in its first comment lines; then adds the chunk's line
# to the folder's README.
#
#   bash scripts/gomoku-games.sh SOURCE RULE NUMBER SEED GAMES BUDGET
#
# SOURCE is self (this engine against itself, examples/self_play.rs: BUDGET nodes a move,
# each opening once, the same games on any machine), ours-rapfi (this engine against Rapfi's
# classical engine, gomoku-match: BUDGET ms a move, each opening with both colours) or rapfi
# (Rapfi against itself, likewise); RULE is freestyle, exact or renju; NUMBER numbers the
# chunk (data/gomoku-games/SOURCE-RULE-NNN.txt.gz); SEED draws its openings.
#
# The engines: OURS (default target/release/pbrain-tictactoe) with OURS_BUILD, the commit
# it was built from (default: this checkout's HEAD); RAPFI, Rapfi's command line (built
# outside the repository by scripts/build-rapfi.sh), with RAPFI_BUILD naming its source and
# model. JOBS games at once in self-play (default 2). OPENINGS_OPTIONS adds options to the
# draw of openings (e.g. "--reach 3": later stones within three cells, a wider draw than the
# first chunks'), recorded in the chunk's command. AVOID names the games files, or folders
# of them, whose openings the draw does not give again under the chunk's rule (data_openings
# --avoid; default data/gomoku-games, every chunk already made; AVOID= for none): the chunk's
# command names each games file, so it still makes the same openings after later chunks
# land. Nothing of Rapfi enters the repository: only the games.
set -euo pipefail

if [ $# -ne 6 ]; then
    sed -n '2,26p' "$0" >&2
    exit 2
fi
source_name=$1 rule=$2 number=$3 seed=$4 games=$5 budget=$6
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
case $rule in freestyle | exact | renju) ;; *) echo "RULE is freestyle, exact or renju" >&2; exit 2 ;; esac
ours=${OURS:-target/release/pbrain-tictactoe}
ours_build=${OURS_BUILD:-$(git rev-parse --short HEAD)}
runner=${RUNNER:-target/release/gomoku-match}
self_play=${SELF_PLAY:-target/release/examples/self_play}
openings_tool=${OPENINGS_TOOL:-target/release/examples/data_openings}
openings=$((games / 2))
case $source_name in
    self) openings=$games builds="tictactoe $ours_build" ;;
    ours-rapfi) a=$ours b=${RAPFI:?set RAPFI to Rapfi\'s command line} name_a=tictactoe name_b=rapfi
        builds="tictactoe $ours_build; rapfi ${RAPFI_BUILD:?set RAPFI_BUILD}" ;;
    rapfi) a=${RAPFI:?set RAPFI to Rapfi\'s command line} b=$RAPFI name_a=rapfi name_b=rapfi
        builds="rapfi ${RAPFI_BUILD:?set RAPFI_BUILD}" ;;
    *) echo "SOURCE is self, ours-rapfi or rapfi" >&2; exit 2 ;;
esac
if [ "$source_name" != self ] && { [ $((games % 2)) -ne 0 ] || [ "$games" -lt 2 ]; }; then
    echo "GAMES must be even: each opening is played with both colours" >&2
    exit 2
fi
out=data/gomoku-games/$(printf '%s-%s-%03d.txt.gz' "$source_name" "$rule" "$number")
if [ -e "$out" ]; then
    echo "$out exists: give the chunk another number" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

read -r -a openings_options <<< "${OPENINGS_OPTIONS:-}"
read -r -a avoid_paths <<< "${AVOID-data/gomoku-games}"
avoid_files=()
for path in "${avoid_paths[@]}"; do
    if [ -d "$path" ]; then
        mapfile -t -O "${#avoid_files[@]}" avoid_files < <(find "$path" -type f \
            \( -name '*.txt' -o -name '*.txt.gz' \) | LC_ALL=C sort)
    else
        avoid_files+=("$path")
    fi
done
[ ${#avoid_files[@]} -eq 0 ] || openings_options+=(--avoid "${avoid_files[@]}")
openings_command=(data_openings --seed "$seed" --count "$openings" --rule "$rule"
    "${openings_options[@]}")
nice -n 19 "$openings_tool" "${openings_command[@]:1}" > "$work/openings.txt"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
start_s=$(date +%s)
if [ "$source_name" = self ]; then
    games_command=(self_play --openings OPENINGS --rule "$rule" --nodes "$budget" --record GAMES)
    budget_text="$budget nodes"
    nice -n 19 "$self_play" --openings "$work/openings.txt" --rule "$rule" --nodes "$budget" \
        --record "$work/games.txt" --jobs "${JOBS:-2}" 2> "$work/progress.txt"
else
    games_command=(gomoku-match --engine-a "$a" --engine-b "$b" --name-a "$name_a"
        --name-b "$name_b" --rule "$rule" --openings OPENINGS --turn-ms "$budget" --threads 1
        --grace-ms 2000 --record GAMES)
    budget_text="$budget ms"
    nice -n 19 "$runner" --engine-a "$a" --engine-b "$b" --name-a "$name_a" --name-b "$name_b" \
        --rule "$rule" --openings "$work/openings.txt" --turn-ms "$budget" --threads 1 \
        --grace-ms 2000 --record "$work/games.txt" --output "$work/report.md" \
        > /dev/null 2> "$work/progress.txt"
fi
seconds=$(( $(date +%s) - start_s ))
recorded=$(wc -l < "$work/games.txt")
# Moves in all, and the engines' moves (after each game's opening).
read -r moves played < <(awk -F'\t' '{ n = split($3, m, " "); t += n;
    for (i = 4; i <= NF; i++) if ($i ~ /^opening=/) { split($i, o, "="); p += n - o[2] }
    } END { print t + 0, p + 0 }' "$work/games.txt")
{
    echo "# Training games for the gomoku evaluation (format: data/gomoku-games/README.md)."
    echo "# openings: ${openings_command[*]} (examples/data_openings.rs)"
    echo "# games: ${games_command[*]}"
    echo "# engines: $builds"
    echo "# played $started, $seconds s at nice 19; $recorded games ($((games - recorded)) lost by a fault left out), $moves moves, $played by the engines"
    cat "$work/games.txt"
} | gzip -9 -n > "$out"
# The chunk's line goes after the last line of the README's table of chunks.
row=$(printf '| `%s` | %s | %s | %s | %s | %s | %s | %s | %s, %s s |' \
    "$(basename "$out")" "$recorded" "$moves" "$played" "$budget_text" "$seed" "$builds" \
    "$(( ($(stat -c %s "$out") + 1023) / 1024 )) KiB" "$started" "$seconds")
readme=data/gomoku-games/README.md
last=$(grep -n '^| `' "$readme" | tail -1 | cut -d: -f1)
ROW=$row awk -v last="${last:-0}" '{ print } NR == last { print ENVIRON["ROW"] }
    END { if (last == 0) print ENVIRON["ROW"] }' "$readme" > "$work/readme.md"
cp "$work/readme.md" "$readme"
echo "$out: $recorded games, $moves moves ($played by the engines) in $seconds s"
