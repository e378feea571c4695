# 学习实验室：棋盘旁展示搜索如何思考的视图。
lab-heading = 学习实验室
lab-open = 打开学习实验室
lab-close = 关闭实验室
lab-tab-evaluation = 估价函数 e(P)
lab-tab-symmetry = 对称
lab-tab-review = 复盘
lab-tab-practice = 练习
lab-stop = 停止

# 估价函数 e(P) = 行棋方的开放线数 - 对方的开放线数。
lab-eval-intro = 一条线上只要没有对方的棋子，就是己方的开放线。{ $first }和{ $second }的开放线以各自的颜色画在棋盘上。
lab-eval-open = { $side }的开放线：{ $count }
lab-eval-formula = { $side }的估价函数 e(P) = { $mine } - { $theirs } = { $value }
lab-eval-view = 从行棋方{ $side }的角度看：己方开放线减去对方开放线。引擎的估价函数采用同样的视角。
lab-eval-weights-intro = 连子数大于 3 时，引擎按开放线上已有的棋子数加权：
lab-eval-weight = { $stones } 子：权重 { $weight }
lab-eval-weighted = { $side }的加权开放线：{ $sum }
lab-eval-large-board = 棋盘较大，只画出含有棋子的开放线。
lab-eval-over = 对局已结束：估价函数 e(P) 只在搜索未到终局时起作用。

# 对称：旋转与镜像下相同的着法。
lab-sym-intro = 经旋转或镜像可互相重合的着法价值相同，所以搜索每类只需看一个。同类着法标有相同的字母。
lab-sym-no-moves = 已无着法。
lab-sym-kinds-first = 第一步共 { $count } 类：{ $names }
lab-sym-kinds = { $moves } 个空格中共 { $count } 类着法
lab-sym-keeping = 在棋盘的 { $all } 种对称变换中，有 { $count } 种使局面保持不变。
lab-sym-kind = { $letter }：{ $name }，{ $count } 个着法
lab-sym-none = 没有任何旋转或翻转能使这个局面保持不变：每个着法自成一类，对称在这里不能为搜索节省什么。
lab-sym-rest = ……另有 { $count } 类（{ $moves } 个着法），未标字母。
lab-sym-corner = 角
lab-sym-centre = 中心
lab-sym-edge = 边
lab-sym-inside = 内部

# 复盘与练习中显示的着法价值（对走棋一方而言）。
lab-value-win = { $plies } 步内胜
lab-value-loss = { $plies } 步内负
lab-value-draw = 和棋
lab-value-unknown = 未证明

# 复盘。
lab-review-intro = 每一步棋走之前的局面价值，以及此后双方都走最佳着法时留给走棋方的结果。
lab-review-no-moves = 还没有可复盘的着法。
lab-review-start = 复盘这局棋
lab-review-exact = 所有价值均已搜索到终局。
lab-review-progress = 正在搜索第 { $done } 个局面，共 { $all } 个
lab-review-stopped = 复盘已停止。
lab-review-slider = 逐步查看对局（仅预览，对局不变）
lab-review-back = 后退
lab-review-forward = 前进
lab-review-at-end = 棋盘显示当前对局。
lab-review-at-step = 棋盘显示第 { $step } 步后的局面（共 { $all } 步）。
lab-review-move = { $number }. { $side } { $cell }
lab-review-values = { $head }：走前{ $before }，走后{ $after }
lab-review-win-slipped = 错失胜局：{ $better } 可以保持胜势。
lab-review-draw-thrown = 和棋走成负棋：{ $better } 可以保持和棋。
lab-review-estimated-intro = 每一步棋走之前和走之后，引擎对走棋方的评估（大于0：该方领先）。图中是整局的评估变化，向上表示{ $side }领先；图上标出了转折点：点击即可在棋盘上查看。
lab-review-estimated = 每个局面都由电脑自己的引擎搜索了{ $nodes }个节点：这些值是它的估计，不是已证明的结果（它证明的胜负除外）。
lab-review-graph = 整局评估变化图（向上：{ $side }领先）
lab-review-graph-point = 转折点：{ $head }
lab-review-turning-points = 转折点：
lab-review-no-turning-points = 没有转折点：没有哪一步让评估大幅下降而引擎会走别处，也没有错过或送出必胜。
lab-review-missed = 错过了{ $kind }的必胜：{ $line }。
lab-review-allowed = 让{ $side }有了{ $kind }的必胜：{ $line }。
lab-review-engine-choice = 评估下降了；引擎在这里会走{ $better }。
lab-review-vcf = 连续冲四（VCF）
lab-review-vct = 活三和冲四连续进攻（VCT）

# 练习。
lab-practice-intro = 只有一个着法能保持最佳结果的局面。在小棋盘上点击你的着法。
lab-practice-board = 棋盘：
lab-practice-score = 答对 { $right } / { $all }
lab-practice-looking = 正在寻找只有一个好着法的局面（已试 { $tried } 个）
lab-practice-next = 下一题
lab-practice-task-win = { $side }走棋并取胜：只有一个着法。
lab-practice-task-draw = { $side }走棋并守和：只有一个着法。
lab-practice-searching-line = 正在搜索你这步之后的最佳走法
lab-practice-right = 正确：{ $cell } 保持了结果（{ $value }）。
lab-practice-lost-win = 胜局
lab-practice-lost-draw = 和局
lab-practice-wrong = 不对：{ $cell } 葬送了{ $lost }（结果为{ $value }）。
lab-practice-instead = 唯一的正着是 { $cell }（{ $value }）。
lab-practice-line = 你这步之后的主要变例：{ $moves }
lab-practice-line-over = 你这步结束了对局。
lab-practice-cell = 练习棋盘，{ $cell }：{ $content }
lab-practice-cell-empty = 练习棋盘，{ $cell }：空

# 比较与搜索树共用。
lab-tab-compare = 算法比较
lab-tab-pairing = 为何赢不了？
lab-tab-tree = 搜索树
lab-game-over = 此局面对局已结束：无可搜索。
lab-method-minimax = 极大极小
lab-method-alpha-beta = α-β剪枝
lab-method-ordering = + 着法排序
lab-method-table = + 置换表
lab-method-symmetry = + 对称
lab-method-full = 完整引擎

# 算法比较。
lab-compare-intro = 同一局面先用朴素极大极小搜索，再用α-β剪枝，每次加入一个思想：着法排序、置换表、对称，以及完整引擎。它们的值必须一致；节点数显示每个思想省下了多少。
lab-compare-start = 比较各算法
lab-compare-running = 正在用{ $method }搜索
lab-compare-depth-end = 已搜索到终局（{ $plies } 层）。
lab-compare-depth-asked = 按要求搜索 { $plies } 层。
lab-compare-depth-limited = 搜索 { $plies } 层：极大极小搜到终局所需节点超过上限，因此深度限制处的值为估价函数 e(P)。
lab-compare-method = 算法
lab-compare-nodes = 节点
lab-compare-cutoffs = 剪枝
lab-compare-hits = 置换表命中
lab-compare-time = 时间
lab-compare-value = 值
lab-compare-stopped = 已停止
lab-compare-chart = 访问节点数（对数刻度）
lab-compare-chart-words = 节点：{ $bars }
lab-compare-agree = 全部 { $count } 个值一致。
lab-compare-agree-some = 参与比较的 { $count } 个值一致：{ $methods }。
lab-compare-not-compared = { $method } 不参与比较：{ $reason }。
lab-compare-why-stopped = 它在得出值之前就停止了
lab-compare-why-knowledge = 在深度限制处，它的棋局知识（必和局面、被迫防守、按线上已有棋子数加权的开放线）给出的估价 e(P) 与同样深度的普通极小极大不同
lab-compare-why-patterns = 在五子棋上它只搜索棋型提出的着法，并用自己的估价，所以它的搜索树和值都不同
lab-compare-disagree = 各值不一致：这是引擎的错误。
lab-compare-too-few = 可比较的值太少。
lab-compare-not-fewer = { $method }访问的节点并不比{ $previous }少：{ $why }。
lab-compare-cancelled = 在所有算法运行完之前已停止。
lab-why-stopped = 其中一个因节点上限而停止，计数不可比
lab-why-nothing-to-cut = 无法剪枝，每个着法都必须搜索
lab-why-ordering-missed = 着法排序在某处把较弱的着法排在前面，剪枝来得较晚
lab-why-no-transpositions = 没有局面重复出现，置换表无从发挥
lab-why-table-changed-order = 置换表记住的着法改变了顺序，剪枝落在别处
lab-why-no-symmetric-twins = 没有局面与已搜索局面的旋转或镜像相同
lab-why-deepening = 迭代加深和零窗口证明会多次访问部分节点
lab-why-different-trees = 两者搜索的是不同的树

# 搜索树。
lab-tree-intro = 此局面一次搜索的树，分别按极大极小和α-β剪枝的走法记录。点击节点展开并在棋盘上预览其局面；α-β剪枝未搜索的着法以灰色显示并注明原因；主要变例以绿色标出。
lab-tree-start = 记录搜索树
lab-tree-recording = 正在记录{ $method }
lab-tree-depth-budget = 搜索 { $plies } 层，这是节点预算允许的最大深度；深度限制处的叶节点显示估价函数 e(P)。
lab-tree-view = 值和窗口 [α, β] 均从根节点行棋方{ $side }的角度给出。
lab-tree-replay = 回放：
lab-tree-replay-start = 开始
lab-tree-replay-back = 后退一步
lab-tree-replay-forward = 前进一步
lab-tree-replay-end = 到最后
lab-tree-step-enter = 第 { $step } 步，共 { $all } 步：进入 { $node }，窗口 [{ $alpha }, { $beta }]
lab-tree-step-backup = 第 { $step } 步，共 { $all } 步：{ $node } 回传 { $value }
lab-tree-root = 根节点
lab-tree-win = 第 { $ply } 层胜
lab-tree-loss = 第 { $ply } 层负
lab-tree-horizon = e(P) { $value }
lab-tree-node-minimax = { $node }：{ $value }
lab-tree-node = { $node }：{ $value } [{ $alpha }, { $beta }]
lab-tree-cut-mark = （剪枝）
lab-tree-table-mark = （置换表）
lab-tree-summary = { $nodes } 个节点，{ $cutoffs } 次剪枝，剪去 { $pruned } 个
lab-tree-cut-short = 搜索树在 { $budget } 个节点处截断。
lab-tree-cut-reason = 值 { $value } >= β { $beta }：{ $side }不会允许这一变化
lab-tree-pruned = { $node } 被剪枝：{ $reason }
lab-tree-table-hit = 置换表中已有：{ $value }，搜索深度 { $depth } 层。
lab-end-searched = 已搜索其所有着法，值取其中最佳。
lab-end-lost = 走入此节点的一步已连成线：此处行棋方已负。
lab-end-full-board = 棋盘已满：和棋。
lab-end-dead-draw = 任何一条线都无法再完成：和棋。
lab-end-cannot-win = { $side }已无法取胜。
lab-end-horizon = 到达深度限制：值为估价函数 e(P)。
lab-end-table = 由置换表直接得出，无需搜索。
lab-end-wins-now = 行棋方可立即连成一线。
lab-end-cannot-block = 对方有两处威胁：行棋方下一步必负。
lab-end-patterns = 由五子棋的棋型判定。
lab-end-unfinished = 搜索在此节点得出值之前已停止。

# 配对视图：用成对的格子说明一方为何赢不了。
lab-pair-intro = 配对策略：若干对空格，使一方还可能连成的每条线上都有一对。对方每当这一方下在某一对中的一格，就应在同一对的另一格，于是任何一条线都连不成：这就是这一方赢不了的证明，一目了然。成对的格子在棋盘上用应对一方的颜色连起来；! 标出对上一步的应对。
lab-pair-stops = { $side }连不成 { $k } 子：{ $other }对它的每一步都应在同一对的另一格（共 { $pairs } 对）。
lab-pair-stops-after = { $side }连不成 { $k } 子：{ $other }先应在 { $reply }，之后对每一步都应在同一对的另一格（共 { $pairs } 对）。
lab-pair-none = 这里没有配对能阻止{ $side }连成 { $k } 子。但这并不说明{ $side }能赢：由下面证明器的搜索来判定。
lab-pair-draw = 双方都赢不了：这盘棋是和棋。
lab-pair-too-large = 棋盘有 { $cells } 格；证明器只处理至多 { $most } 格的棋盘。
lab-pair-none-later = 这里没有配对能阻止{ $side }连成 { $k } 子。但这并不说明{ $side }能赢：轮到{ $side }走时，本页会搜索这一点。
lab-pair-loses-first = { $side }在这里赢不了：{ $other }先取得必胜（见下文）。
lab-pair-searching = 正在搜索配对…
lab-search-stopped = 搜索在得出结果之前就停止了
lab-win-longer = 搜索十倍长的时间
lab-win-heading = { $side }能否必胜？
lab-win-searching = 证明器正在搜索…
lab-win-line = 能：无论{ $other }怎么下，{ $side }自己再下 { $moves } 步就能赢。下面逐步列出这条路线，先走威胁；点击某一步或逐步前进，就能在棋盘上看到，! 标出连成一线的格子。
lab-win-none = 不能：从这里起，{ $side }无论怎么下都连不成 { $k } 子（已在 { $nodes } 个局面中证明）。
lab-win-unknown = 搜索在 { $nodes } 个局面内未能证明胜负。
lab-win-exact = 在恰好 { $k } 子的规则下，多下一子可能破坏一条线，所以证明器只证明和棋：这一方能否取胜暂不判定。
lab-win-failed = 搜索失败：{ $why }
lab-win-shown = 棋盘显示第 { $step } 步（共 { $all } 步）之后的局面。
lab-win-move = { $n }. { $played }
lab-win-block = { $n }. { $played }：挡住
lab-win-threat = { $n }. { $played }：威胁 { $cell }，{ $other }必须挡在那里
lab-win-threats = { $n }. { $played }：同时威胁 { $cells }；{ $other }挡不全
lab-win-complete = { $n }. { $played }：连成 { $k } 子
