# The theme switch in the side panel.
theme-label = Theme:
theme-system = System
theme-light = Light
theme-dark = Dark
theme-system-hover = System theme
theme-light-hover = Light theme
theme-dark-hover = Dark theme
