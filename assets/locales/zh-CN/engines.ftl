# 外部引擎：偏好设置中的列表、座位，以及出错时的说明。

engines-heading = 你的引擎
engine-remove = 移除
engine-command = 引擎的命令（它使用Gomocup协议）
engine-command-hint = python3 my_player.py
engine-browse = 浏览…
engine-browse-title = 选择引擎程序
engine-add = 添加
engine-asking = 正在询问它的名字
engine-seats-none-added = 在“你的引擎”中添加一个引擎，就能让它执一方。
engine-seat = 执{ $side }的引擎
engine-seat-empty = 无
engine-stopped = { $what }它已被停止，棋局保持原样。
engine-fault-launch = 引擎{ $name }无法启动：{ $why }。
engine-fault-time = 引擎{ $name }在{ $ms }毫秒内没有回答。
engine-fault-crashed = 引擎{ $name }崩溃了。
engine-fault-refused = 引擎{ $name }拒绝了：{ $line }
engine-fault-unreadable = 引擎{ $name }的回答不是棋步：{ $line }
engine-fault-off-board = 引擎{ $name }下在{ $point }，在棋盘之外。
engine-fault-taken = 引擎{ $name }下在{ $point }，那里已经有子。
engine-fault-forbidden = 引擎{ $name }下在{ $point }，这是黑方在连珠规则下的禁手。
engine-fault-stopped = 引擎{ $name }已被停止：棋局已经变了。
engine-turn-time = 引擎每步时间（秒）：
engine-start-time = 引擎启动时间（秒）：
