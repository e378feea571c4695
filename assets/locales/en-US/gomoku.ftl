# The computer's lessons from lost games (learning from lost games).
lessons-heading = Lessons from lost games
lessons-learned = { $count ->
    [0] The computer has learned no lessons yet: when it loses, it remembers the move that led into the loss and avoids it next time.
    [one] The computer has learned 1 lesson from its lost games and avoids that move.
   *[other] The computer has learned { $count } lessons from its lost games and avoids those moves.
}
lessons-learning = Learning from the lost game…
lessons-forget = Forget the lessons
lessons-forget-hover = The computer forgets every move it learned to avoid.
lessons-problem = The lessons could not be kept: { $reason }
