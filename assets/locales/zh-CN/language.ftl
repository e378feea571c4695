# 语言选择。每种语言都用它自己的文字书写，读不懂当前语言的玩家也能找到自己的语言。
language-heading = 语言
language-label = 语言：
# 窗口标题（桌面上的名称见 packaging/）。
window-title = 井字棋
language-changed = 窗口现在使用{ $language }。
