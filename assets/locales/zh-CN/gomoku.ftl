# 电脑从输掉的棋局中学习（从失败中学习）。
lessons-heading = 从输棋中学到的教训
lessons-learned = { $count ->
    [0] 电脑还没有学到教训：输棋后，它会记住导致必败的那一步，下次避开。
   *[other] 电脑已从输掉的棋局中学到 { $count } 条教训，会避开这些着法。
}
lessons-learning = 正在从输掉的棋局中学习…
lessons-forget = 忘记这些教训
lessons-forget-hover = 电脑会忘记所有学会要避开的着法。
lessons-problem = 无法保存教训：{ $reason }
