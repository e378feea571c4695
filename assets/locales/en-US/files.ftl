# Saving and opening games: the choice of file dialog, the in-window path field and what
# a save or an open came to.

dialog-choice = File dialog for Save and Open:
dialog-desktop = Desktop
dialog-desktop-hover = The desktop's own dialog; the in-window one where there is none
dialog-in-window = In window
dialog-in-window-hover = A file browser inside this window
dialog-path = Type a path
dialog-path-hover = A field for the file's path
dialog-filter = Saved game (JSON)
dialog-filter-report = Report (text or JSON)
report-saved-to = Saved the report to { $path }
could-not-save-report = Could not save the report: { $reason }
desktop-not-asked = the desktop could not be asked

path-field = Saved game path
path-save = Save
path-open = Open
path-cancel = Cancel

# Saving over a file that is already there.
replace-question = “{ $name }” already exists. Replace it with this game?
replace-yes = Replace
replace-no = Choose another

no-system-dialog = No system file dialog on this desktop ({ $why }): choose the file in the window
saved-to = Saved the game to { $path }
opened = Opened { $path }
opened-without-engine = Opened { $path }. It names the engine { $engine }, which is not among your engines, so the computer plays its side: add it under Your engines to let it play.
could-not-save = Could not save the game: { $reason }
no-game = no game
could-not-open = Could not open { $name }: { $reason }
file-helper-stopped = the file could not be saved or opened: its helper stopped
file-not-started = could not start saving or opening: { $reason }
no-folder-to-browse = No file dialog can be shown here: there is no system dialog and no folder could be read to browse. Type the file's path.

# Why the desktop has no file dialog to show.
bus-unreachable = no D-Bus session bus could be reached
bus-no-portal = no desktop portal on the D-Bus session bus
bus-address-unusable = the D-Bus session bus address is not one this program can use
bus-not-set = no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)
no-zenity = { $bus }, and no zenity

# The in-window file browser's own words (its Open, Save and Cancel are path-open,
# path-save and path-cancel above).
browser-new-folder = New Folder
browser-new-folder-name = New folder
browser-rename = Rename
browser-refresh = Refresh
browser-parent-folder = Parent Folder
browser-file = File:
browser-show-hidden = Show Hidden
