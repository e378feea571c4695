# 保存的设置无法照原样使用时，窗口显示的文字。
settings-reset = 部分保存的设置超出范围，已重置：{ $settings }。
setting-time-per-move = 每步时间
setting-engine-depth = 引擎深度
setting-custom-board = 自定义棋盘
setting-computer-player = 电脑玩家
setting-scores = 比分
settings-prefs-reset = 本版本无法使用的已保存设置已恢复为默认值：{ $settings }。
setting-theme = 主题
setting-show-values = 棋盘上的着法价值
setting-file-dialog = 选择文件的方式
setting-last-folder = 上次使用的文件夹
setting-engines = 你的引擎列表
setting-language = 语言
setting-board-look = 棋盘外观
setting-move-numbers = 棋子上的手数
setting-show-threats = 棋盘上标出的威胁
setting-gomoku-rule = 五子棋棋盘的规则
setting-opening-rule = 五子连珠的开局方式
setting-zoom = 缩放
settings-damaged = 保存的设置已损坏（{ $reason }）。能读出的其余部分都已保留；已恢复为默认值的有：{ $parts }。
settings-damaged-all-read = 保存的设置已损坏（{ $reason }），但对局和偏好设置的各部分都还能读出。
settings-part-game-settings = 棋盘和玩家
settings-part-game = 进行中的对局
settings-part-scores = 比分
settings-part-earlier-games = 暂存的对局
settings-part-preferences = 部分偏好设置
settings-part-all-preferences = 各项偏好设置
settings-nothing-read = 保存的设置一项也读不出来；已恢复为默认值的有：{ $parts }。
# 设置文件整体无法读取；为玩家保留一份副本。
settings-file-kept = 设置文件已损坏；副本保存为 { $path }。
# 列表各项之间。
list-separator = 、
