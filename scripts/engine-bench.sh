#!/usr/bin/env bash
# Speed figures of the engine, as docs/speed-and-memory.md reports them. Builds the release
# binary, then:
#   - solves the empty board of several m,n,k games (`tictactoe solve`, one thread, the
#     default 64 MB table) and prints what each took;
#   - writes all 4,520 non-terminal reachable 3x3 positions (made here by a short Python
#     walk of the game, independent of the engine) and times `tictactoe analyse
#     --position - --json` over them, process start included;
#   - runs `tictactoe bench` (node-count signature and nodes per second).
# SOLVE_TIMEOUT (seconds, default 120) bounds each solve; a solve cut off is reported so.
# Run from anywhere: bash scripts/engine-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SOLVE_TIMEOUT=${SOLVE_TIMEOUT:-120}

cargo build --release --bin tictactoe 2>&1 | tail -n 1
BIN=target/release/tictactoe
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }

echo "== solve the empty board (${SOLVE_TIMEOUT} s at most each)"
# 6,5,4 has more than 25 cells: once with only the cells near stones searched (the default
# there), once with every cell (--every-cell), which makes its win a proof over every move.
for rule in 3,3,3 4,4,3 4,4,4 5,4,4 6,5,4 "6,5,4 --every-cell" 5,5,4; do
    t0=$(date +%s%N)
    # shellcheck disable=SC2086 # the rule and its optional flag are two words
    if out=$(timeout "$SOLVE_TIMEOUT" "$BIN" solve --rule $rule --json); then
        python3 -c 'import json, sys
r = json.loads(sys.argv[1])
rule, process = sys.argv[2], int(sys.argv[3]) / 1000
print("%19s: %-4s in %d plies, %11s nodes, search %.3f s, process %.3f s"
      % (rule, r["result"], r["plies"], format(r["nodes"], ","), r["seconds"], process))' \
            "$out" "$rule" "$(ms_since "$t0")"
    else
        echo "$(printf '%19s' "$rule"): not solved within ${SOLVE_TIMEOUT} s"
    fi
done

echo "== analyse every non-terminal 3x3 position through one process"
python3 - >"$WORK/positions.txt" <<'PY'
LINES = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]
def won(b): return any(b[i] != '.' and b[i] == b[j] == b[k] for i, j, k in LINES)
seen, out = set(), []
def walk(b):
    if b in seen: return
    seen.add(b)
    if won(b) or '.' not in b: return
    out.append(b)
    side = 'x' if b.count('x') == b.count('o') else 'o'
    for i, c in enumerate(b):
        if c == '.': walk(b[:i] + side + b[i + 1:])
walk('.' * 9)
for b in out: print(b[0:3] + '/' + b[3:6] + '/' + b[6:9])
PY
n=$(wc -l <"$WORK/positions.txt")
t0=$(date +%s%N)
"$BIN" analyse --position - --json <"$WORK/positions.txt" >"$WORK/analysis.jsonl"
echo "$n positions, $(wc -l <"$WORK/analysis.jsonl") answers in $(ms_since "$t0") ms (process start included)"

echo "== analyse every move of the empty 5,5,4 board (what the window's move values do)"
t0=$(date +%s%N)
"$BIN" analyse --rule 5,5,4 --position "...../...../...../...../....." --json >/dev/null
echo "25 moves valued in $(ms_since "$t0") ms (process start included)"

echo "== bench"
"$BIN" bench
