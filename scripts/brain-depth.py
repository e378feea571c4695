#!/usr/bin/env python3
"""Depth and speed of any Gomocup brain on the six 15x15 middle games of `tictactoe bench --smp`.

Each position goes to a fresh brain as a BOARD command, one thread, a time per move
(500 ms unless --turn-ms says otherwise); the brain's last MESSAGE line before its move gives
the depth and the nodes. Two formats are read: this game's brain ("MESSAGE depth D ... nodes
N time T ms ...") and Rapfi's ("MESSAGE Speed S | Depth D-E | ... | Node N | Time T ms").

    python3 scripts/brain-depth.py target/release/pbrain-tictactoe RAPFI_DIR/pbrain-rapfi

Prints a line per position and brain, and each brain's mean depth and nodes per second.
"""

import argparse
import re
import subprocess
import sys

# The positions of src/cli/bench/smp.rs: row,col moves from the empty board, black first.
POSITIONS = [
    "7,7 8,8 7,8 7,9 6,7 8,6 8,7 9,7",
    "7,7 7,8 8,8 6,6 9,9 6,9 6,7 10,10",
    "7,7 6,8 8,8 9,9 6,6 5,5 8,6 7,6 6,7 8,7 5,7 4,7",
    "7,7 7,8 6,9 8,7 6,6 8,9 5,8 9,8 6,7 6,8",
    "7,7 8,8 6,8 8,6 8,7 6,6 7,6 7,8 5,9 9,5",
    "7,7 7,6 8,6 6,6 6,7 5,6 4,6 8,8 9,9 6,8 5,9",
]

OURS = re.compile(r"^MESSAGE depth (\d+) .*nodes (\d+) time (\d+) ms")
RAPFI = re.compile(r"^MESSAGE Speed \S+ \| Depth (\d+)-\d+ \|.*\| Node (\d+)(K|M)? \| Time (\d+)ms")


def board_command(moves):
    """BOARD with the side to move's stones as 1 and the other side's as 2 (x is the column)."""
    cells = [tuple(int(v) for v in m.split(",")) for m in moves.split()]
    to_move = len(cells) % 2
    lines = ["BOARD"]
    for i, (row, col) in enumerate(cells):
        lines.append(f"{col},{row},{1 if i % 2 == to_move else 2}")
    lines.append("DONE")
    return lines


def measure(brain, moves, turn_ms):
    """(depth, nodes, ms) from the brain's last MESSAGE line of a known format, or None."""
    commands = [
        "START 15",
        "INFO thread_num 1",
        f"INFO timeout_turn {turn_ms}",
        "INFO timeout_match 0",
        "INFO time_left 2147483647",
        *board_command(moves),
    ]
    proc = subprocess.Popen(
        [brain],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    proc.stdin.write("\n".join(commands) + "\n")
    proc.stdin.flush()
    last = None
    answered_start = False
    try:
        for line in proc.stdout:
            line = line.strip()
            if line == "OK" and not answered_start:
                answered_start = True
                continue
            found = OURS.match(line)
            if found:
                last = (int(found[1]), int(found[2]), int(found[3]))
                continue
            found = RAPFI.match(line)
            if found:
                scale = {"K": 1_000, "M": 1_000_000}.get(found[3], 1)
                last = (int(found[1]), int(found[2]) * scale, int(found[4]))
                continue
            if re.fullmatch(r"\d+,\d+", line):
                break
    finally:
        try:
            proc.stdin.write("END\n")
            proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
    return last


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("brains", nargs="+", help="brain executables")
    parser.add_argument("--turn-ms", type=int, default=500, help="time per move (ms)")
    args = parser.parse_args()
    if args.turn_ms <= 0:
        sys.exit("--turn-ms must be above 0")
    for brain in args.brains:
        depths, speeds = [], []
        for n, moves in enumerate(POSITIONS, 1):
            found = measure(brain, moves, args.turn_ms)
            if found is None:
                print(f"{brain}: position {n}: no depth line read")
                continue
            depth, nodes, ms = found
            speed = nodes * 1000 // max(ms, 1)
            depths.append(depth)
            speeds.append(speed)
            print(f"{brain}: position {n}: depth {depth}, {nodes} nodes in {ms} ms, {speed}/s")
        if depths:
            mean_depth = sum(depths) / len(depths)
            mean_speed = sum(speeds) // len(speeds)
            print(f"{brain}: mean depth {mean_depth:.2f}, mean {mean_speed} nodes/s")


if __name__ == "__main__":
    main()
