# The language chooser. Each language is named in its own words, so a player who cannot
# read the current language still finds theirs.
language-heading = Language
language-label = Language:
# The window's title (the desktop's name for it is in packaging/).
window-title = Tic-tac-toe
language-changed = The window now speaks { $language }.
