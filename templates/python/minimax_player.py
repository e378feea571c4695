#!/usr/bin/env python3
"""A tic-tac-toe (m,n,k) player for the Gomocup protocol: minimax with alpha-beta.

Copy it and change it. `tictactoe grade python3 minimax_player.py` checks every answer
against perfect play. At the depth limit a position is scored with the course's
e(P) = lines still open for me - lines still open for the opponent; a win found sooner
scores higher and a loss later scores higher, so searching to the end (DEPTH = 9) it is
perfect on 3x3. On larger boards it searches fewer plies (see depth_for), or it would not
answer in time.
"""
import sys

DEPTH = 9          # plies searched at most; 9 covers all of 3x3
NODES = 50000      # about how many positions a move may cost in Python within 2 seconds
WIN = 1000         # a win's score, less the plies it takes
width = height = 3
k = 5              # the protocol's game is five in a row; `INFO in_a_row K` changes it
board = {}         # (x, y) -> 1 (mine) or 2 (the opponent's)


def lines():
    """Every run of k cells in a row, column, or diagonal."""
    for x in range(width):
        for y in range(height):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(x + i * dx, y + i * dy) for i in range(k)]
                if all(0 <= cx < width and 0 <= cy < height for cx, cy in cells):
                    yield cells


def winner():
    for line in LINES:
        first = board.get(line[0])
        if first and all(board.get(c) == first for c in line):
            return first
    return 0


def evaluate(me):
    """e(P): lines still open for `me` minus lines still open for the opponent."""
    other = 3 - me
    open_me = sum(1 for line in LINES if all(board.get(c) != other for c in line))
    open_other = sum(1 for line in LINES if all(board.get(c) != me for c in line))
    return open_me - open_other


def search(me, depth, alpha, beta, ply):
    """The score of the position for `me`, the side to move (negamax)."""
    if winner():
        return -(WIN - ply)          # the opponent has just completed a line
    empty = [(x, y) for y in range(height) for x in range(width) if (x, y) not in board]
    if not empty:
        return 0
    if depth == 0:
        return evaluate(me)
    for cell in empty:
        board[cell] = me
        score = -search(3 - me, depth - 1, -beta, -alpha, ply + 1)
        del board[cell]
        if score > alpha:
            alpha = score
        if alpha >= beta:
            break
    return alpha


def depth_for(empty):
    """Every ply left when they fit in DEPTH (3x3 is searched to the end); else as many as
    keep empty ** depth under NODES, since each ply multiplies the work by the empty cells
    (3 plies at the start of 4x4 and 5x5)."""
    if empty <= DEPTH:
        return empty
    depth = 1
    while empty ** (depth + 1) <= NODES:
        depth += 1
    return depth


def best_move():
    best, best_score = None, -WIN * 2
    depth = depth_for(width * height - len(board))
    for y in range(height):
        for x in range(width):
            if (x, y) not in board:
                board[(x, y)] = 1
                score = -search(2, depth - 1, -WIN * 2, WIN * 2, 1)
                del board[(x, y)]
                if score > best_score:
                    best, best_score = (x, y), score
    board[best] = 1
    return "%d,%d" % best


def say(text):
    print(text, flush=True)


LINES = []
reading = False
for raw in sys.stdin:
    words = raw.strip().replace(",", " ").split()
    if not words:
        continue
    command = words[0].upper()
    if reading:
        if command == "DONE":
            reading = False
            say(best_move())
        else:
            board[(int(words[0]), int(words[1]))] = int(words[2])
    elif command in ("START", "RECTSTART"):
        width = int(words[1])
        height = int(words[2]) if command == "RECTSTART" else width
        board.clear()
        say("OK")
    elif command == "INFO" and len(words) == 3 and words[1] == "in_a_row":
        k = int(words[2])
    elif command == "RESTART":
        board.clear()
        say("OK")
    elif command == "BEGIN":
        LINES = list(lines())
        say(best_move())
    elif command == "TURN":
        LINES = list(lines())
        board[(int(words[1]), int(words[2]))] = 2
        say(best_move())
    elif command == "BOARD":
        LINES = list(lines())
        board.clear()
        reading = True
    elif command == "ABOUT":
        say('name="minimax template", version="1.0"')
    elif command == "END":
        break
    elif command != "INFO":
        say("UNKNOWN " + command)
