# What the window says when the saved settings could not be used as they were.
settings-reset = Some saved settings were out of range and were reset: { $settings }.
settings-unusable = The saved settings could not be used ({ $reason }): starting with the defaults.
setting-time-per-move = time per move
setting-engine-depth = engine depth
setting-custom-board = custom board
setting-computer-player = computer player
# Between the items of a list.
list-separator = {", "}
