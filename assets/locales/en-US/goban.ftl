# The gomoku board: stones on the intersections, move numbers, the learners' threat marks,
# and the computer's thinking as it searches.
goban-heading = Gomoku board
goban-look-stones = Stones on gomoku boards
goban-look-stones-hover = Black and white stones on the lines of boards larger than 5x5, with coordinates and star points; X plays black
goban-look-marks = Marks on every board
goban-move-numbers = Move numbers on the stones
goban-move-numbers-off = Move numbers are shown on boards drawn with stones.
goban-threats = Mark fours and open threes
goban-threats-help = Red: a four (one move from five). Blue: an open three (one move from an open four). Rings mark the points that carry the threat out.
goban-threats-rule = Fours and threes are marked on five-in-a-row boards.
goban-threats-none = No four or open three on the board.
goban-black = Black
goban-white = White
goban-four = four
goban-open-four = open four
goban-open-three = open three
# A threat: "Black open three: H8 I8 J8, at G8 K8".
goban-threat = { $side } { $kind }: { $stones }, at { $points }
goban-threats-more = and { $count } more
# The computer's search while it thinks, updated once a second.
goban-thinking = Depth { $depth }, expects { $line }
goban-thinking-depth = Depth { $depth }
