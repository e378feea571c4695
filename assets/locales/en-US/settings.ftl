# What the window says when the saved settings could not be used as they were.
settings-reset = Some saved settings were out of range and were reset: { $settings }.
setting-time-per-move = time per move
setting-engine-depth = engine depth
setting-custom-board = custom board
setting-computer-player = computer player
setting-scores = scores
settings-prefs-reset = Saved settings this version cannot use were reset to their defaults: { $settings }.
setting-theme = the theme
setting-show-values = move values on the board
setting-file-dialog = how files are chosen
setting-last-folder = the last folder used
setting-engines = the list of your engines
setting-language = the language
setting-board-look = the board's look
setting-move-numbers = move numbers on stones
setting-show-threats = threats marked on the board
setting-gomoku-rule = the rule of the gomoku board
setting-opening-rule = the opening of games of five in a row
setting-zoom = zoom
settings-damaged = The saved settings were damaged ({ $reason }). Everything else that could be read is kept; reset to the defaults: { $parts }.
settings-damaged-all-read = The saved settings were damaged ({ $reason }), but every part of the game and the preferences could still be read.
settings-part-game-settings = the board and players
settings-part-game = the game in progress
settings-part-scores = the scores
settings-part-earlier-games = the games set aside
settings-part-preferences = some preferences
settings-part-all-preferences = the preferences
settings-nothing-read = Nothing of the saved settings could be read; reset to the defaults: { $parts }.
# The settings file as a whole could not be read; a copy is kept for the player.
settings-file-kept = The settings file was damaged; a copy is kept as { $path }.
# Between the items of a list.
list-separator = {", "}
