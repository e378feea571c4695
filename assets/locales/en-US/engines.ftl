# Engines from outside: the list in the preferences, the seats, and what went wrong.

engines-heading = Your engines
engine-remove = Remove
engine-command = An engine's command (it speaks the Gomocup protocol)
engine-command-hint = python3 my_player.py
engine-browse = Browse…
engine-browse-title = Choose an engine program
engine-add = Add
engine-asking = Asking its name
engine-seats-none-added = Add an engine under Your engines to let it play a side.
engine-seat = Engine playing { $side }
engine-seat-empty = none
engine-stopped = { $what } It was stopped; the game stays as it was.
engine-fault-launch = The engine { $name } could not start: { $why }.
engine-fault-time = The engine { $name } gave no answer in { $ms } ms.
engine-fault-crashed = The engine { $name } crashed.
engine-fault-refused = The engine { $name } refused: { $line }
engine-fault-unreadable = The engine { $name } answered something that is not a move: { $line }
engine-fault-off-board = The engine { $name } played { $point }, off the board.
engine-fault-taken = The engine { $name } played { $point }, on a taken cell.
engine-fault-forbidden = The engine { $name } played { $point }, forbidden for black under renju.
engine-fault-stopped = The engine { $name } was stopped: the game moved on.
engine-turn-time = An engine's time per move (seconds):
engine-start-time = An engine's time to start (seconds):
