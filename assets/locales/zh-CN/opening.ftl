# 交换和二次交换开局：五子棋规则下面的一行，开局期间状态行的提示，选择按钮，以及电脑的选择和理由。

opening-label = 开局：
opening-free = 自由
opening-swap = 交换
opening-swap2 = 二次交换
opening-free-about = 没有开局阶段：黑棋先下。
opening-swap-about = 先手方摆三颗子（黑、白、黑），后手方再选择执黑或执白，以平衡先手优势。
opening-swap2-about = 先手方摆三颗子；后手方选择执黑或执白，或者再摆两颗子（先白后黑），让先手方选择颜色。
opening-off = 大棋盘上五子连珠的开局方式：选择五子棋 15x15 棋盘后可使用开局规则。
opening-who-computer = 电脑

opening-place = 开局第{ $number }/{ $of }子：{ $side } - { $who }
opening-place-two = 再摆两子，第{ $number }/2子：{ $side } - { $who }
opening-choose = 请选择颜色 - { $who }
opening-choose-or-two = 请选择颜色或再摆两子 - { $who }
opening-computer-placing = 电脑正在摆开局棋子
opening-computer-choosing = 电脑正在选择

opening-button-side = 执{ $side }
opening-button-black-about = 执{ $side }：对方接着下，执{ $other }。
opening-button-white-about = 执{ $side }并下它的下一手（直接点击棋盘也一样）。
opening-button-two = 再摆两子
opening-button-two-about = 再摆两颗子（先{ $white }后{ $black }），然后由对方选择颜色。

opening-computer-placed = 电脑摆好了开局棋子（{ $stones }）：按它的评估，{ $white }的期望得分为 { $percent }%（胜率，和棋算一半；50%为均势）。
opening-computer-black = 电脑选择执{ $side }：它认为{ $white }较差（{ $white }的期望得分 { $percent }%）。
opening-computer-white = 电脑选择执{ $side }：它认为{ $side }至少均势（期望得分 { $percent }%），并下它的下一手。
opening-computer-two = 电脑再摆两颗子（{ $stones }）：按它的评估，{ $white }的期望得分为 { $percent }%（胜率，和棋算一半；50%为均势）。请选择颜色。

opening-new-game = 新对局，使用{ $opening }开局。
opening-no-choice-now = 现在不需要选择颜色。
opening-two-not-offered = 只有swap2在前三子之后才可以再放两子。
