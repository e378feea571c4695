# 侧面板中的主题切换。
theme-label = 主题：
theme-system = 跟随系统
theme-light = 浅色
theme-dark = 深色
theme-system-hover = 跟随系统的主题
theme-light-hover = 浅色主题
theme-dark-hover = 深色主题
