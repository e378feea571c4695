# 侧面板：对局命令、玩家、电脑、棋盘和学习者视图。

game-heading = 对局
new-game = 新对局
undo = 悔棋
redo = 重做
save-game = 保存对局
save-report = 保存报告
open-game = 打开对局
hint = 提示
hint-hover = 显示轮到走棋的一方的最佳着法，但不替你走
hint-looking = 正在寻找最佳着法
hint-best = 最佳：{ $cell }

players-heading = 玩家
mode-vs-computer = 人机对战
mode-two-players = 双人对战（同一台电脑）
mode-computers = 电脑对电脑
who-first = 谁先手（执{ $first }）：
you-first = 你先手
computer-first = 电脑先手

computer-heading = 电脑
computer-engine = α-β剪枝搜索
computer-rule-based = 基于规则
computer-random = 随机
computer-rule-based-about = 能赢就赢，堵住你的连线，占中心，再占角。
computer-random-about = 随机下在任意空格。
depth = 深度
level-beginner = 初级
level-intermediate = 中级
level-perfect = 完美
level-full-depth = 全深度
time-per-move = 每步时间（秒）：

board-heading = 棋盘
preset-classic = 经典 { $size }
preset-gomoku = 五子棋 { $size }，{ $k } 子连线
custom-current = 自定义 { $size }，{ $k } 子连线
custom-board = 自定义棋盘
custom-width = 宽
custom-height = 高
custom-k = K（连成几子）
custom-exact = 恰好 K 子（更长的连线不算赢）
gomoku-rule-freestyle = 无禁手
gomoku-rule-exact = 恰好五子
gomoku-rule-renju = 连珠
gomoku-rule-freestyle-about = 双方五子或更多连线即获胜。
gomoku-rule-exact-about = 只有恰好五子连线获胜；六子或更多不算。
gomoku-rule-renju-about = 黑棋不能下三三、四四或长连（六子或更多）；轮到黑棋时，这些点上画红叉。黑棋只有恰好五子才获胜，白棋五子或更多即获胜。
gomoku-rule-off = 五子棋 15x15 棋盘的规则：选择该棋盘后按此规则对局。
custom-play = 在这个棋盘上下棋
small-board = 小棋盘：电脑能把每一步都搜索到终局。
large-board = 大棋盘：电脑每步最多思考 { $time }，只考虑离棋子两格以内的格子。

show-values = 显示每步棋的价值
values-board-too-large = 着法价值只在不超过 { $cells } 格的棋盘上显示，那里每步棋都能搜索到终局。
values-game-over = 对局已经结束：没有可评价的着法。
values-searching = 已将 { $moves } 步中的 { $done } 步搜索到终局
values-about = 每个空格显示在双方都走最佳着法时，下在那里对{ $side }意味着什么：几步（含这一步）之内胜或负，或者和棋。

search-heading = 上一次搜索（供学习）
search-none-yet = 这个局面还没有搜索过：电脑下一步或提示的搜索数据会显示在这里。
search-move-for = 电脑为{ $side }走的棋
search-hint-for = 给{ $side }的提示
search-still-searching = { $what }（仍在搜索）
search-no-move = 无
search-book = { $best }，来自开局库：没有搜索，所以没有局面值、深度或节点数。
search-lessons = { $best }，来自输棋的教训：搜索选了{ $avoided }，但从这个局面走这步曾经输过，所以改走其余着法中最好的一步。
search-rule-based = 基于规则的玩家按固定规则（取胜、堵截、中心、角）选择了{ $best }：没有搜索，所以没有局面值、深度或节点数。
search-random = 随机玩家随机选择了{ $best }：没有搜索，所以没有局面值、深度或节点数。
search-engine = 引擎{ $name }选择了{ $best }：它用自己的搜索，所以这里没有局面值、深度或节点数。
search-best = 最佳着法：{ $value }
search-value = 局面值：{ $value }
search-depth = 达到的深度：{ $value }
search-nodes = 节点数：{ $value }
search-cutoffs = 剪枝次数：{ $value }
search-table-hits = 置换表命中：{ $value }
search-time = 用时：{ $seconds } 秒
search-pv = 预期的着法序列（主要变例）：

# 侧面板的标签页。
tab-play = 下棋
tab-online = 联机
tab-engines = 引擎
tab-learn = 学习
tab-options = 选项
