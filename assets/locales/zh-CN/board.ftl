# 棋盘格子的无障碍标签，屏幕阅读器会读出它们，测试也按它们找格子。
cell-empty = { $cell }：空
cell-taken = { $cell }：{ $side }
cell-with-value = { $cell }，{ $value }
cell-forbidden = { $cell }：{ $side }禁手（{ $kind }）
