# 棋盘上方的状态行：轮到谁走、是谁，对局结果，比分；以及面板里说明玩家、棋盘、深度和局面值的文字。

who-player-1 = 玩家 1
who-player-2 = 玩家 2
who-you = 你
who-computer = 电脑（{ $kind }）
who-the-computer = 电脑

kind-depth = 深度 { $depth }
kind-perfect = 完美
kind-full-depth = 全深度
kind-with-time = { $depth }，每步 { $time }
kind-rule-based = 基于规则
kind-random = 随机

# 以秒计的时间，小数已写好（“2”、“0.5”）。
seconds = { $seconds } 秒

turn = { $side } - { $who }
players = { $first } - { $x } 对 { $second } - { $o }
thinking = { $side } - 电脑正在思考
engine-thinking = { $side } - { $name }正在思考
could-not-move = { $side } - 电脑未能走棋
engine-could-not-move = { $side } - { $name }未能走棋
try-again = 重试

result-draw = 和棋
result-you-win = 你赢了（{ $side }）
result-computer-wins = 电脑赢了（{ $side }）
result-player-wins = { $player }赢了（{ $side }）
result-side-wins = { $side }胜

score-against-computer = 比分：你 { $wins }，电脑 { $losses }，和棋 { $draws }（{ $board }，人机对战）
score-two-players = 比分：{ $first } { $wins }，{ $second } { $losses }，和棋 { $draws }（{ $board }，双人对战）
score-computers = 比分：{ $first } { $wins }，{ $second } { $losses }，和棋 { $draws }（{ $board }，电脑对电脑）
score-against-engine = 比分：你 { $wins }，{ $name } { $losses }，和棋 { $draws }（{ $board }，对{ $name }）
score-engines = 比分：{ $first } { $wins }，{ $second } { $losses }，和棋 { $draws }（{ $board }，{ $x } 对 { $o }）
score-short-against-engine = 比分：你 { $wins }，{ $name } { $losses }，和棋 { $draws }
score-short-against-computer = 比分：你 { $wins }，电脑 { $losses }，和棋 { $draws }
score-short = 比分：{ $first } { $wins }，{ $second } { $losses }，和棋 { $draws }

board-name = { $size }，{ $k } 子连线
board-name-exact = { $size }，恰好 { $k } 子连线
board-name-renju = { $size }，连珠

new-game-board = 在 { $size } 棋盘上开始新对局。
new-game-board-k = 在 { $size } 棋盘上开始新对局，{ $k } 子连线。
new-game-board-exact = 在 { $size } 棋盘上开始新对局，恰好 { $k } 子连线。
new-game-board-renju = 在 { $size } 棋盘上开始新对局，连珠规则。
new-game-two-players = 新对局：双人对战。
new-game-computers = 新对局：电脑对电脑。
new-game-you-first = 新对局：人机对战，你先手。
new-game-computer-first = 新对局：人机对战，电脑先手。
new-game-undo = { $what }“悔棋”可以找回刚才的对局。

depth-perfect = 每步都搜索到终局：下得完美，不会输。
depth-ahead =
    { $depth ->
        [1] 向前看 1 步（只看自己这一步）。
       *[other] 向前看 { $depth } 步（双方的着法）。
    }
depth-as-time-allows = 在时间允许的范围内尽量搜索得深。
depth-stops = { $horizon }每步最多思考 { $time }。
depth-too-large = { $horizon }这个棋盘太大，无法搜索到终局。

value-wins-in =
    { $plies ->
       *[other] { $side }在 { $plies } 步内获胜
    }
value-draw = 双方都走最佳着法时为和棋
value-unknown = 在搜索范围内未能证明

# 棋盘格子上显示的着法价值：格子很小，字要少。
move-win-in = { $plies } 步胜
move-loss-in = { $plies } 步负
move-draw = 和
move-unknown = 未知

# 给人看的格子位置，从 1 数起。
cell-name = 第 { $row } 行第 { $col } 列

# 着法、棋盘或存档被拒绝的原因。
move-occupied = { $cell }已经有子了
move-off-board = { $cell }不在 { $size } 棋盘上
move-game-over = 对局已经结束
move-forbidden = { $cell }是{ $side }的禁手：{ $kind }
forbidden-double-three = 三三
forbidden-double-four = 四四
forbidden-overline = 长连
rule-bad-size = 棋盘的宽和高必须在 { $min } 到 { $max } 之间，现在是 { $size }
rule-bad-k = K 必须在 3 和棋盘较长的一边（{ $max }）之间，现在是 { $k }
rule-syntax = 规则写作 W,H,K（例如 3,3,3）、W,H,K exact 或 renju（15,15,5 renju），现在是“{ $text }”
rule-renju-board = 连珠规则在 15x15 棋盘上五子连线，现在是 { $size }、{ $k } 子
rule-exact-and-renju = 规则要么是恰好 K 子，要么是连珠，不能两者都是
record-malformed = 不是存档的对局：{ $reason }
record-newer-version = 这局棋是由更新版本的程序保存的（记录版本 { $version }，本程序最多能读到 { $supported }）
record-bad-rule = 存档中的棋盘无效：{ $reason }
record-bad-move = 存档中的对局不可能出现：第 { $number } 步（{ $cell }）：{ $reason }
record-wrong-result = 存档中的结果“{ $saved }”与着法不符，着法给出的是“{ $actual }”
record-read = 无法读取 { $path }：{ $reason }
record-not-text = { $path } 不是存档的对局（不是文本文件）
record-write = 无法写入 { $path }：{ $reason }
record-bad-opening = 存档中的开局无效：{ $reason }

# 电脑未能走棋。原因可能直接来自引擎，是英文。
computer-failed = 电脑出错了：{ $reason }
computer-move-refused = 它的着法（{ $cell }）被拒绝：{ $reason }
search-found-no-move = 搜索没有找到着法

# 轮到电脑走时点击棋盘。
wait-thinking = 请稍候：电脑正在思考
wait-computers-turn = 请稍候：现在轮到电脑走
wait-engine-thinking = 请稍候：{ $name }正在思考
wait-engine-turn = 请稍候：现在轮到{ $name }走

# 棋子棋盘上的一方（X 执黑）。
side-black = 黑棋
side-white = 白棋
