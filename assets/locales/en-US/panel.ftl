# The side panel: game commands, players, the computer, the board, the learners' view.

game-heading = Game
new-game = New game
undo = Undo
redo = Redo
save-game = Save game
save-report = Save report
open-game = Open game
hint = Hint
hint-hover = Shows the best move for the side to move, without playing it
hint-looking = looking for the best move
hint-best = best: { $cell }

players-heading = Players
mode-vs-computer = You vs computer
mode-two-players = Two players at this computer
mode-computers = Computer vs computer
who-first = Who moves first (plays { $first }):
you-first = You first
computer-first = Computer first

computer-heading = Computer
computer-engine = Alpha-beta search
computer-rule-based = Rule-based
computer-random = Random
computer-rule-based-about = Wins if it can, blocks your line, takes the centre, then corners.
computer-random-about = Plays any empty cell at random.
depth = Depth
level-beginner = Beginner
level-intermediate = Intermediate
level-perfect = Perfect
level-full-depth = Full depth
time-per-move = Time per move (seconds):

board-heading = Board
preset-classic = Classic { $size }
preset-gomoku = Gomoku { $size }, { $k } in a row
custom-current = Custom { $size }, { $k } in a row
custom-board = Custom board
custom-width = Width
custom-height = Height
custom-k = K (in a row)
custom-exact = Exactly K (longer lines do not win)
gomoku-rule-freestyle = Freestyle
gomoku-rule-exact = Exactly five
gomoku-rule-renju = Renju
gomoku-rule-freestyle-about = Five or more in a row wins, for both sides.
gomoku-rule-exact-about = Only exactly five in a row wins; six or more does not.
gomoku-rule-renju-about = Black may not make a double three, a double four or an overline (six or more); those cells get a red cross while Black is to move. Black wins only with exactly five, White with five or more.
gomoku-rule-off = The rule of the Gomoku 15x15 board: choose that board to play by it.
custom-play = Play on this board
small-board = Small board: the computer can search every move to the end of the game.
large-board = Large board: the computer thinks at most { $time } per move, about the cells within two of a stone.

show-values = Show what each move is worth
values-board-too-large = Move values need a board of at most { $cells } cells, where every move can be searched to the end.
values-game-over = The game is over: no moves to value.
values-searching = { $done } of { $moves } moves searched to the end
values-about = Each empty cell shows what playing there gives { $side } with best play by both sides: win or loss in so many plies (this move included), or draw.

search-heading = Last search (for learners)
search-none-yet = No search of this position yet: the numbers of the computer's next move or hint appear here.
search-move-for = Computer's move for { $side }
search-hint-for = Hint for { $side }
search-still-searching = { $what } (still searching)
search-no-move = none
search-book = { $best }, from the opening book: no search, so no value, depth or nodes.
search-lessons = { $best }, from the lessons of lost games: the search chose { $avoided }, which lost a game from this position before, so the best other move was played instead.
search-rule-based = The rule-based player chose { $best } by its fixed rules (win, block, centre, corners): no search, so no value, depth or nodes.
search-random = The random player chose { $best } at random: no search, so no value, depth or nodes.
search-engine = The engine { $name } chose { $best }: its own search, so no value, depth or nodes here.
search-best = Best move: { $value }
search-value = Value: { $value }
search-depth = Depth reached: { $value }
search-nodes = Nodes: { $value }
search-cutoffs = Cut-offs: { $value }
search-table-hits = Table hits: { $value }
search-time = Time: { $seconds } s
search-pv = Expected line (principal variation):

# The panel's tabs.
tab-play = Play
tab-online = Online
tab-engines = Engines
tab-learn = Learn
tab-options = Options
