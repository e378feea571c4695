# 保存和打开对局：文件对话框的选择、窗口内的路径输入框，以及保存或打开的结果。

dialog-choice = 保存和打开时使用的文件对话框：
dialog-desktop = 桌面
dialog-desktop-hover = 桌面自带的对话框；没有时使用窗口内的
dialog-in-window = 窗口内
dialog-in-window-hover = 本窗口内的文件浏览器
dialog-path = 输入路径
dialog-path-hover = 输入文件路径的文本框
dialog-filter = 存档的对局（JSON）
dialog-filter-report = 报告（文本或 JSON）
report-saved-to = 报告已保存到 { $path }
could-not-save-report = 无法保存报告：{ $reason }
desktop-not-asked = 无法询问桌面

path-field = 存档路径
path-save = 保存
path-open = 打开
path-cancel = 取消

# 保存到已有的文件时的询问。
replace-question = “{ $name }”已经存在。要用这局对局替换它吗？
replace-yes = 替换
replace-no = 另选文件

no-system-dialog = 这个桌面没有系统文件对话框（{ $why }）：请在窗口内选择文件
saved-to = 对局已保存到 { $path }
opened = 已打开 { $path }
opened-without-engine = 已打开 { $path }。其中的引擎{ $engine }不在你的引擎列表中，因此由电脑执这一方：把它添加到“你的引擎”中，它就能下棋。
could-not-save = 无法保存对局：{ $reason }
no-game = 没有对局
could-not-open = 无法打开 { $name }：{ $reason }
file-helper-stopped = 无法保存或打开文件：辅助线程已停止
file-not-started = 无法开始保存或打开：{ $reason }
no-folder-to-browse = 这里无法显示文件对话框：没有系统对话框，也没有可以浏览的文件夹。请输入文件的路径。

# 桌面无法显示文件对话框的原因。
bus-unreachable = 无法连接 D-Bus 会话总线
bus-no-portal = D-Bus 会话总线上没有桌面门户（portal）
bus-address-unusable = 本程序无法使用这个 D-Bus 会话总线地址
bus-not-set = 没有 D-Bus 会话总线（未设置 DBUS_SESSION_BUS_ADDRESS）
no-zenity = { $bus }，也没有 zenity

# 窗口内文件浏览器自己的文字（它的“打开”“保存”“取消”用上面的 path-open、path-save、path-cancel）。
browser-new-folder = 新建文件夹
browser-new-folder-name = 新文件夹
browser-rename = 重命名
browser-refresh = 刷新
browser-parent-folder = 上一级文件夹
browser-file = 文件：
browser-show-hidden = 显示隐藏文件
