# The status line above the board: whose turn it is and who that is, the result, the
# score; and the words the panel uses for players, boards, depths and values.

who-player-1 = player 1
who-player-2 = player 2
who-you = you
who-computer = computer ({ $kind })
who-the-computer = computer

kind-depth = depth { $depth }
kind-perfect = perfect
kind-full-depth = full depth
kind-with-time = { $depth }, { $time } per move
kind-rule-based = rule-based
kind-random = random

# A time in seconds, already written with its decimals ("2", "0.5").
seconds = { $seconds } s

turn = { $side } - { $who }
players = { $first } - { $x } vs { $second } - { $o }
thinking = { $side } - computer is thinking
engine-thinking = { $side } - { $name } is thinking
could-not-move = { $side } - the computer could not move
engine-could-not-move = { $side } - { $name } could not move
try-again = Try again

result-draw = Draw
result-you-win = You win ({ $side })
result-computer-wins = The computer wins ({ $side })
result-player-wins = { $player } wins ({ $side })
result-side-wins = { $side } wins

score-against-computer = Score: you { $wins }, computer { $losses }, draws { $draws } ({ $board }, against the computer)
score-two-players = Score: { $first } { $wins }, { $second } { $losses }, draws { $draws } ({ $board }, two players)
score-computers = Score: { $first } { $wins }, { $second } { $losses }, draws { $draws } ({ $board }, computer vs computer)
score-against-engine = Score: you { $wins }, { $name } { $losses }, draws { $draws } ({ $board }, against { $name })
score-engines = Score: { $first } { $wins }, { $second } { $losses }, draws { $draws } ({ $board }, { $x } vs { $o })
score-short-against-engine = Score: you { $wins }, { $name } { $losses }, draws { $draws }
score-short-against-computer = Score: you { $wins }, computer { $losses }, draws { $draws }
score-short = Score: { $first } { $wins }, { $second } { $losses }, draws { $draws }

board-name = { $size }, { $k } in a row
board-name-exact = { $size }, exactly { $k } in a row
board-name-renju = { $size }, renju

new-game-board = New game on the { $size } board.
new-game-board-k = New game on the { $size } board, { $k } in a row.
new-game-board-exact = New game on the { $size } board, exactly { $k } in a row.
new-game-board-renju = New game on the { $size } board, renju.
new-game-two-players = New game for two players.
new-game-computers = New game, computer against computer.
new-game-you-first = New game against the computer, you move first.
new-game-computer-first = New game against the computer, the computer moves first.
new-game-undo = { $what } Undo brings back the game you were playing.

depth-perfect = Searches every move to the end of the game: plays perfectly, cannot lose.
depth-ahead =
    { $depth ->
        [1] Looks 1 move ahead (its own move only).
       *[other] Looks { $depth } moves ahead (both sides' moves).
    }
depth-as-time-allows = Searches as deep as time allows.
depth-stops = { $horizon } Stops after { $time } per move.
depth-too-large = { $horizon } This board is too large to search to the end.

value-wins-in =
    { $plies ->
        [one] { $side } wins in 1 ply
       *[other] { $side } wins in { $plies } plies
    }
value-draw = draw with best play
value-unknown = not proved within the search limits

# A move's value on its cell of the board: few words, the cell is small.
move-win-in = win in { $plies }
move-loss-in = loss in { $plies }
move-draw = draw
move-unknown = unknown

# A cell for people, counted from 1.
cell-name = row { $row }, column { $col }

# Why a move, a board or a saved game was refused.
move-occupied = { $cell } is already taken
move-off-board = { $cell } is off the { $size } board
move-game-over = the game is already over
move-forbidden = { $cell } is forbidden for { $side }: { $kind }
forbidden-double-three = double three
forbidden-double-four = double four
forbidden-overline = overline
rule-bad-size = board width and height must be between { $min } and { $max }, got { $size }
rule-bad-k = K must be between 3 and the longer side of the board ({ $max }), got { $k }
rule-syntax = a rule is written W,H,K (for example 3,3,3), W,H,K exact, or renju (15,15,5 renju), got '{ $text }'
rule-renju-board = renju is played on a 15x15 board with five in a row, got { $size } and { $k }
rule-exact-and-renju = a rule is either exactly K or renju, not both
record-malformed = not a saved game: { $reason }
record-newer-version = this game was saved by a newer version of the program (record version { $version }, this program reads up to { $supported })
record-bad-rule = the saved board is not valid: { $reason }
record-bad-move = the saved game is impossible: move { $number } ({ $cell }): { $reason }
record-wrong-result = the saved result "{ $saved }" does not match the moves, which give "{ $actual }"
record-read = could not read { $path }: { $reason }
record-not-text = { $path } is not a saved game (not text)
record-write = could not write { $path }: { $reason }
record-bad-opening = the saved opening is not valid: { $reason }

# The computer could not move. The reason may come from the engine itself, in English.
computer-failed = { $reason }
computer-move-refused = its move { $cell } was refused: { $reason }
search-found-no-move = the search found no move

# A click on the board while it is the computer's move.
wait-thinking = Wait: the computer is thinking
wait-computers-turn = Wait: it is the computer's turn
wait-engine-thinking = Wait: { $name } is thinking
wait-engine-turn = Wait: it is { $name }'s turn

# A side on a board of stones (X plays black).
side-black = Black
side-white = White
