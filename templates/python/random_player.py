#!/usr/bin/env python3
"""A player for the Gomocup protocol that answers a random empty cell.

Copy it and give it a search (minimax_player.py beside it is one). Check it:
`tictactoe grade python3 random_player.py` puts every position of tic-tac-toe to it and
lists the moves that were not best. Commands come one a line on standard input; answers go
one a line to standard output, flushed at once.
"""
import random
import sys

width = height = 3
board = {}         # (x, y) -> 1 (mine) or 2 (the opponent's)


def move():
    """Plays a random empty cell and says it as "x,y"."""
    empty = [(x, y) for y in range(height) for x in range(width) if (x, y) not in board]
    if not empty:
        return "ERROR the board is full"
    cell = random.choice(empty)
    board[cell] = 1
    return "%d,%d" % cell


def say(text):
    print(text, flush=True)


reading = False
for raw in sys.stdin:
    words = raw.strip().replace(",", " ").split()
    if not words:
        continue
    command = words[0].upper()
    if reading:
        if command == "DONE":
            reading = False
            say(move())
        else:
            board[(int(words[0]), int(words[1]))] = int(words[2])
    elif command in ("START", "RECTSTART"):
        width = int(words[1])
        height = int(words[2]) if command == "RECTSTART" else width
        board.clear()
        say("OK")
    elif command == "RESTART":
        board.clear()
        say("OK")
    elif command == "BEGIN":
        say(move())
    elif command == "TURN":
        board[(int(words[1]), int(words[2]))] = 2
        say(move())
    elif command == "BOARD":
        board.clear()
        reading = True
    elif command == "ABOUT":
        say('name="random template in Python", version="1.0"')
    elif command == "END":
        break
    elif command != "INFO":
        say("UNKNOWN " + command)
