# The board's accessible labels, which screen readers speak and tests find cells by.
cell-empty = { $cell }: empty
cell-taken = { $cell }: { $side }
cell-with-value = { $cell }, { $value }
cell-forbidden = { $cell }: forbidden for { $side } ({ $kind })
