# Swap and swap2 openings: the row under the gomoku rule, what the status line asks while
# the opening goes on, the buttons of a choice, and what the computer chose and why.

opening-label = Opening:
opening-free = Free
opening-swap = Swap
opening-swap2 = Swap2
opening-free-about = No opening phase: Black moves first.
opening-swap-about = The first player places three stones (black, white, black); the second player then chooses a colour. Shares out the first player's advantage.
opening-swap2-about = The first player places three stones; the second player chooses a colour, or places two more (white, then black) and lets the first player choose.
opening-off = How games of five in a row on a large board open: choose the Gomoku 15x15 board to play with an opening.
opening-who-computer = computer

opening-place = Opening stone { $number } of { $of }: { $side } - { $who }
opening-place-two = Two more stones, { $number } of 2: { $side } - { $who }
opening-choose = Choose a colour - { $who }
opening-choose-or-two = Choose, or place two - { $who }
opening-computer-placing = The computer is placing opening stones
opening-computer-choosing = The computer is choosing

opening-button-side = Play { $side }
opening-button-black-about = Take { $side }: the other player moves next, as { $other }.
opening-button-white-about = Take { $side } and play its next move (clicking a cell does the same).
opening-button-two = Place two more
opening-button-two-about = Place two more stones ({ $white }, then { $black }); then the other player chooses a colour.

opening-computer-placed = The computer placed its opening stones ({ $stones }): by its evaluation { $white }'s expected score is { $percent }% (its chance of winning, draws counting half; 50% is even).
opening-computer-black = The computer takes { $side }: it judges { $white } worse ({ $white }'s expected score { $percent }%).
opening-computer-white = The computer takes { $side }: it judges { $side } at least even (expected score { $percent }%), and plays its next move.
opening-computer-two = The computer places two more stones ({ $stones }): by its evaluation { $white }'s expected score is { $percent }% (its chance of winning, draws counting half; 50% is even). Choose a colour.

opening-new-game = New game with the { $opening } opening.
opening-no-choice-now = No colour is to be chosen now.
opening-two-not-offered = Placing two more stones is offered only by swap2, after the first three.
