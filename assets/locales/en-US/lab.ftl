# The learners' lab: views beside the board that show how the search thinks.
lab-heading = Learners' lab
lab-open = Open the learners' lab
lab-close = Close the lab
lab-tab-evaluation = e(P)
lab-tab-symmetry = Symmetry
lab-tab-review = Review
lab-tab-practice = Practice
lab-stop = Stop

# The evaluation e(P) = open lines for the side to move - open lines for its opponent.
lab-eval-intro = A line is open for a side while the other side has no stone in it. Lines open for { $first } and for { $second } are drawn on the board in their colours.
lab-eval-open = Open lines for { $side }: { $count }
lab-eval-formula = e(P) for { $side } = { $mine } - { $theirs } = { $value }
lab-eval-view = Seen from { $side }, the side to move: its open lines minus its opponent's. The engine's heuristic takes the same view.
lab-eval-gomoku = Seen from { $side }, the side to move: its open lines minus its opponent's. On five in a row on a board this large the engine does not count open lines: it values a position by the line patterns of its empty cells, and here the search settles the position without that value.
lab-eval-gomoku-tables = Seen from { $side }, the side to move: its open lines minus its opponent's. On five in a row on a board this large the engine does not count open lines: it values a position by the line patterns of its empty cells, with tables learned from games. Its value here for { $side }: { $value }.
lab-eval-gomoku-patterns = Seen from { $side }, the side to move: its open lines minus its opponent's. On five in a row on a board this large the engine does not count open lines: it values a position by the line patterns of its empty cells, with hand-tuned pattern scores. Its value here for { $side }: { $value }.
lab-eval-weights-intro = With more than 3 in a row the engine weighs an open line by the stones it already holds:
lab-eval-weight = { $stones } { $stones ->
        [one] stone
       *[other] stones
    }: weight { $weight }
lab-eval-weighted = Weighted open lines for { $side }: { $sum }
lab-eval-large-board = On a board this large only the open lines that hold a stone are drawn.
lab-eval-over = The game is over: e(P) only guides a search that has not reached the end.

# Symmetry: moves alike under rotation and reflection.
lab-sym-intro = Moves that a rotation or reflection of this position maps onto each other are worth the same, so the search looks at one of each kind. Moves of one kind share a letter.
lab-sym-no-moves = No moves left.
lab-sym-kinds-first = { $count } kinds of first move: { $names }
lab-sym-kinds = { $count } kinds of move among { $moves } empty cells
lab-sym-keeping = The position looks the same under { $count } of the board's { $all } symmetries.
lab-sym-kind = { $letter }: { $name }, { $count } { $count ->
        [one] move
       *[other] moves
    }
lab-sym-none = No rotation or reflection keeps this position: every move is a kind of its own, and symmetry saves the search nothing here.
lab-sym-rest = …and { $count } more { $count ->
        [one] kind
       *[other] kinds
    } ({ $moves } { $moves ->
        [one] move
       *[other] moves
    }), not lettered.
lab-sym-corner = corner
lab-sym-centre = centre
lab-sym-edge = edge
lab-sym-inside = inside

# Values as the review and practice show them, for the side that moves.
lab-value-win = win in { $plies }
lab-value-loss = loss in { $plies }
lab-value-draw = draw
lab-value-unknown = not proved

# The post-game review.
lab-review-intro = Every move with the value before it and what it left the side that played it, with best play by both sides from there.
lab-review-no-moves = No moves to review yet.
lab-review-start = Review this game
lab-review-exact = Every value searched to the end.
lab-review-progress = Searching position { $done } of { $all }
lab-review-stopped = The review was stopped.
lab-review-slider = Step through the game (a preview; the game stays as it is)
lab-review-back = Back
lab-review-forward = Forward
lab-review-at-end = The board shows the game as it stands.
lab-review-at-step = The board shows the position after { $step } of { $all } moves.
lab-review-move = { $number }. { $side } { $cell }
lab-review-values = { $head }: { $before } before, { $after } after
lab-review-won = the game won
lab-review-drawn = the game drawn
lab-review-win-found = a forced win found (a line of { $moves } { $moves ->
        [one] move
       *[other] moves
    })
lab-review-loss-found = a forced loss found (a line of { $moves } { $moves ->
        [one] move
       *[other] moves
    })
lab-review-expected = expected score { $percent }%
lab-review-win-slipped = A win let slip: { $better } kept the win.
lab-review-draw-thrown = A draw thrown into a loss: { $better } kept the draw.
lab-review-estimated-intro = Every move with what was known before and after it, for the side that played it: a forced win or loss where a search found one (the line found, which proves the result but is not always the shortest), otherwise the engine's expected score: its evaluation read as a chance of winning, draws counting half (50% is even), an estimate and not a proof. The graph shows { $side }'s expected score over the game; the turning points are marked on it: click one to see it on the board.
lab-review-estimated = Each position was searched by the computer's own engine for { $nodes } nodes. A forced win found is proved, but its line is the one found, not always the shortest; an expected score is an estimate.
lab-review-graph = { $side }'s expected score over the game (top: 100%, middle line: 50%)
lab-review-graph-point = Turning point { $head }
lab-review-turning-points = Turning points:
lab-review-no-turning-points = No turning points: no move dropped the expected score much where the engine would have played another, and no forced win was left unplayed or walked into.
lab-review-missed = A forced win by { $kind } was found here and not played ({ $line }); none was found after the move.
lab-review-missed-found = A forced win had been found here (a line of { $moves } { $moves ->
        [one] move
       *[other] moves
    }, starting at { $first }) and was not played; none was found after the move.
lab-review-allowed = Walked into a forced loss: { $side } has a forced win by { $kind } ({ $line }).
lab-review-allowed-found = Walked into a forced loss: { $side } has a forced win (a line of { $moves } { $moves ->
        [one] move
       *[other] moves
    } found).
lab-review-engine-choice = The expected score fell from { $from }% to { $to }%; the engine would play { $better } here.
lab-review-vcf = continuous fours (VCF)
lab-review-vct = threes and fours (VCT)

# Practice positions.
lab-practice-intro = Positions where exactly one move keeps the best result. Click the move on the small board.
lab-practice-board = Board:
lab-practice-score = Right { $right } of { $all }
lab-practice-looking = Looking for a position with only one good move ({ $tried } tried)
lab-practice-next = Next position
lab-practice-task-win = { $side } to move and win: one move only.
lab-practice-task-draw = { $side } to move and hold the draw: one move only.
lab-practice-searching-line = Searching the best play after your move
lab-practice-right = Right: { $cell } keeps the result ({ $value }).
lab-practice-lost-win = the win
lab-practice-lost-draw = the draw
lab-practice-wrong = Not this one: { $cell } gives away { $lost } (it leads to a { $value }).
lab-practice-instead = The one move was { $cell } ({ $value }).
lab-practice-line = Best play after your move: { $moves }
lab-practice-line-over = Your move ends the game.
lab-practice-cell = practice board, { $cell }: { $content }
lab-practice-cell-empty = practice board, { $cell }: empty

# Shared by the compare and tree views.
lab-tab-compare = Compare
lab-tab-pairing = Why no win?
lab-tab-tree = Search tree
lab-game-over = The game is over in this position: there is nothing to search.
lab-method-minimax = Minimax
lab-method-alpha-beta = Alpha-beta
lab-method-ordering = + move ordering
lab-method-table = + transposition table
lab-method-symmetry = + symmetry
lab-method-full = Full engine

# The algorithms compared.
lab-compare-intro = The same position searched by plain minimax, then alpha-beta, adding one idea at a time: move ordering, a transposition table, symmetry, and the full engine. Their values must agree; the node counts show what each idea saves.
lab-compare-start = Compare the algorithms
lab-compare-running = Searching with { $method }
lab-compare-depth-end = Searched to the end of the game ({ $plies } plies).
lab-compare-depth-asked = Searched { $plies } { $plies ->
        [one] ply
       *[other] plies
    } deep, as asked.
lab-compare-depth-limited = Searched { $plies } plies deep: minimax to the end would take more nodes than the limit, so values at the depth limit are e(P).
lab-compare-method = Method
lab-compare-nodes = Nodes
lab-compare-cutoffs = Cut-offs
lab-compare-hits = Table hits
lab-compare-time = Time
lab-compare-value = Value
lab-compare-stopped = stopped
lab-compare-chart = Nodes visited (log scale)
lab-compare-chart-words = Nodes: { $bars }
lab-compare-agree = All { $count } values agree.
lab-compare-agree-some = The { $count } values compared agree: { $methods }.
lab-compare-not-compared = { $method } is not compared: { $reason }.
lab-compare-why-stopped = it stopped before it had a value
lab-compare-why-knowledge = at the depth limit its knowledge of the game (dead draws, forced blocks, open lines weighted by the stones they hold) gives other values e(P) than plain minimax to the same depth
lab-compare-why-patterns = on five in a row it searches only the moves its line patterns propose, with its own evaluation, so its tree and its values are other ones
lab-compare-disagree = The values disagree: that is a bug in the engine.
lab-compare-too-few = Too few values to compare.
lab-compare-not-fewer = { $method } did not visit fewer nodes than { $previous }: { $why }.
lab-compare-cancelled = Stopped before every method had run.
lab-why-stopped = a node limit stopped one of the two, so the counts do not compare
lab-why-nothing-to-cut = no cut-off was possible, every move had to be searched
lab-why-ordering-missed = the ordering put a weaker move first somewhere, so cut-offs came later
lab-why-no-transpositions = no position came twice, so the table had nothing to give
lab-why-table-changed-order = the table's remembered moves changed the order, so the cut-offs fell elsewhere
lab-why-no-symmetric-twins = no position met a rotation or reflection of one already searched
lab-why-deepening = iterative deepening and the null-window proof visit some nodes more than once
lab-why-different-trees = the two search different trees

# The search tree.
lab-tree-intro = The tree of one search of this position, as minimax and as alpha-beta walked it. Click a node to expand it and see its position on the board; the moves alpha-beta never searched are greyed with the reason; the principal variation is green.
lab-tree-start = Record the search tree
lab-tree-recording = Recording { $method }
lab-tree-depth-budget = Searched { $plies } plies deep, the most that fits the node budget; leaves at the depth limit show e(P).
lab-tree-view = Values and windows [alpha, beta] from { $side }'s view, the side to move at the root.
lab-tree-replay = Replay:
lab-tree-replay-start = Start
lab-tree-replay-back = Step back
lab-tree-replay-forward = Step forward
lab-tree-replay-end = To the end
lab-tree-step-enter = Step { $step } of { $all }: enter { $node } with window [{ $alpha }, { $beta }]
lab-tree-step-backup = Step { $step } of { $all }: { $node } backs up { $value }
lab-tree-root = root
lab-tree-win = win at ply { $ply }
lab-tree-loss = loss at ply { $ply }
lab-tree-horizon = e(P) { $value }
lab-tree-node-minimax = { $node }: { $value }
lab-tree-node = { $node }: { $value } [{ $alpha }, { $beta }]
lab-tree-cut-mark = {" "}(cut)
lab-tree-table-mark = {" "}(table)
lab-tree-summary = { $nodes } nodes, { $cutoffs } cut-offs, { $pruned } pruned
lab-tree-cut-short = The tree was cut short at { $budget } nodes.
lab-tree-cut-reason = value { $value } >= beta { $beta }: { $side } will not allow this line
lab-tree-pruned = { $node } pruned: { $reason }
lab-tree-table-hit = The transposition table knew it: { $value }, searched { $depth } plies deep.
lab-end-searched = Its moves were searched; the value is the best of them.
lab-end-lost = The move into it completed a line: the side to move here has lost.
lab-end-full-board = The board is full: a draw.
lab-end-dead-draw = No line can be completed any more: a draw.
lab-end-cannot-win = { $side } can no longer win.
lab-end-horizon = The depth limit: the value is the evaluation e(P).
lab-end-table = Settled by the transposition table, without a search.
lab-end-wins-now = The side to move completes a line at once.
lab-end-cannot-block = The opponent threatens two lines: the side to move loses next.
lab-end-patterns = Settled by the five-in-a-row line patterns.
lab-end-unfinished = The search stopped before this node had a value.

# The pairing view: why a side cannot win, as pairs of cells.
lab-pair-intro = A pairing strategy: pairs of empty cells such that every line a side could still fill holds a pair. The other side answers a move in one cell of a pair with the other cell, so no line ever fills: a proof, as a picture, that the side cannot win. The pairs are joined on the board in the colour of the side that answers; ! marks the answer to the last move.
lab-pair-stops = { $side } cannot make { $k } in a row: { $other } answers each of its moves with the other cell of its pair ({ $pairs } { $pairs ->
        [one] pair
       *[other] pairs
    }).
lab-pair-stops-after = { $side } cannot make { $k } in a row: { $other } answers at { $reply }, then each move with the other cell of its pair ({ $pairs } { $pairs ->
        [one] pair
       *[other] pairs
    }).
lab-pair-none = No pairing stops { $side } from making { $k } in a row here. That alone does not mean { $side } can win: the prover's search below decides it.
lab-pair-draw = Neither side can win: the game is a draw.
lab-pair-too-large = The board has { $cells } cells; the prover handles boards of up to { $most }.
lab-pair-none-later = No pairing stops { $side } from making { $k } in a row here. That alone does not mean { $side } can win: the view searches it when { $side } is to move.
lab-pair-loses-first = { $side } cannot win here: { $other } forces a win first (below).
lab-pair-searching = Searching for pairings…
lab-search-stopped = the search stopped before it answered
lab-win-longer = Search ten times longer
lab-win-heading = Can { $side } force a win?
lab-win-searching = The prover is searching…
lab-win-line = Yes: { $side } wins with { $moves } moves of its own, whatever { $other } does. The line below plays it out, threats first; click a move, or step through it, to see it on the board, where ! marks the cells that complete a line.
lab-win-none = No: { $side } cannot force { $k } in a row from here, whatever it plays (proved over { $nodes } positions).
lab-win-unknown = The search found no proof either way within { $nodes } positions.
lab-win-exact = Under the exactly-{ $k } rule an extra stone can spoil a line, so the prover proves only draws: whether this side can win is left open.
lab-win-failed = The search failed: { $why }
lab-win-shown = The board shows the position after move { $step } of { $all }.
lab-win-move = { $n }. { $played }
lab-win-block = { $n }. { $played }: blocks
lab-win-threat = { $n }. { $played }: threatens { $cell }, so { $other } must block there
lab-win-threats = { $n }. { $played }: threatens { $cells }; { $other } cannot block them all
lab-win-complete = { $n }. { $played }: { $k } in a row
lab-tab-grader = Your own player
grader-intro = Check a player you wrote, in any language: a program that speaks the Gomocup protocol (docs/your-own-player.md, with templates in Python and C to start from). On 3x3, 4x4 and 5x5 it is asked positions and each answer is compared with perfect play; on 15x15 it plays a short match against this game's engine.
grader-command = The player's command
grader-command-hint = python3 /path/to/my_player.py
grader-check = Check it on { $board }
grader-stop = Stop
grader-failed = The check failed: { $reason }
grader-no-command = Type the command that starts your player first.
grader-progress = { $asked } of { $total } positions
grader-asked = Positions asked: { $asked } of { $total }
grader-best = Best moves
grader-wins-missed = Wins missed
grader-draws-thrown = Draws thrown away
grader-slower-wins = Slower wins than the quickest
grader-faster-losses = Faster losses than the slowest
grader-illegal = Illegal moves
grader-failures = No usable answer
grader-stopped = Stopped early: { $reason }
grader-perfect = Every answer was a best move: your player is perfect on these positions.
grader-mistakes = The mistakes (click one to see it on the board; x,y count from 0, x the column):
grader-mistake = { $kind }: { $side } to move after { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }, answered { $answer }, best { $best }
grader-more = … and { $count } more (Save report… as a .json file keeps every one)
grader-mark-best = best
grader-mark-answer = played
grader-board = The board:
grader-board-three = 3x3
grader-board-four = 4x4, four in a row
grader-board-five = 5x5, four in a row
grader-board-match = 15x15 match
grader-note-three = Every one of the 4,520 positions of tic-tac-toe that are not over.
grader-note-sample = { $count } positions drawn at random (seed { $seed }), each settled exactly by this game's solver.
grader-note-match = { $games } games against this game's engine at each of { $strengths } strengths, both colours, { $ms } ms a move for your player.
grader-limits = Your player has { $turn } s for each answer and { $start } s to start (the engines' times, under Your engines).
grader-limits-match = Your player has { $start } s to start (the engines' time to start, under Your engines).
grader-progress-games = { $done } of { $total } games
grader-sample = A sample drawn with seed { $seed }; { $unsettled } of the { $drawn } positions drawn were left out: the solver could not settle them within { $nodes } nodes.
grader-time = Time: { $seconds } s
grader-save = Save report…
grader-study = Study it on the board
grader-studying = The position is on the board, two players at this computer, with each move's value; the lab's search tree shows why. Undoing past its first move brings your game back.
grader-against = Against the { $strength } engine ({ $nodes } nodes a move): { $score }
grader-over-all = Over all: { $score }
grader-score = { $wins } won, { $draws } drawn, { $losses } lost: { $mean }% (95% interval { $low }% to { $high }%)
grader-games = The games (click one to see how it ended on the board):
grader-game = { $number }. Against the { $strength } engine, your player { $colour }: { $result } ({ $how }), { $moves } moves
grader-strength-weak = weak
grader-strength-medium = medium
grader-strength-strong = strong
grader-black = black
grader-white = white
grader-result-win = won
grader-result-draw = drawn
grader-result-loss = lost
grader-end-five = five in a row
grader-end-full = the board full
