# The language chooser. Each language is named in its own words, so a player who cannot
# read the current language still finds theirs.
language-heading = Language
language-label = Language:
language-changed = The window now speaks { $language }.
