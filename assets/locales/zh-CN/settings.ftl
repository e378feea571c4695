# 保存的设置无法照原样使用时，窗口显示的文字。
settings-reset = 部分保存的设置超出范围，已重置：{ $settings }。
settings-unusable = 保存的设置无法使用（{ $reason }）：使用默认设置开始。
setting-time-per-move = 每步时间
setting-engine-depth = 引擎深度
setting-custom-board = 自定义棋盘
setting-computer-player = 电脑玩家
# 列表各项之间。
list-separator = 、
