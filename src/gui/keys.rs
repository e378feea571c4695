//! The keyboard: the window's shortcuts and playing on the board without a mouse (digits in
//! numeric-keypad layout on 3x3, arrows to move a cursor and Enter or Space to play).

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::rules::{Cell, Rule};

pub const NEW_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
pub const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
pub const REDO_ALT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);

/// A command given with a shortcut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    NewGame,
    Undo,
    Redo,
    Save,
    Open,
}

/// The shortcuts pressed this frame, consumed so no widget sees them too.
pub fn commands(ctx: &egui::Context) -> Vec<KeyCommand> {
    ctx.input_mut(|i| {
        // Most specific first: Ctrl+Shift+Z must not be read as Ctrl+Z.
        let table = [
            (REDO, KeyCommand::Redo),
            (REDO_ALT, KeyCommand::Redo),
            (UNDO, KeyCommand::Undo),
            (NEW_GAME, KeyCommand::NewGame),
            (SAVE, KeyCommand::Save),
            (OPEN, KeyCommand::Open),
        ];
        table
            .into_iter()
            .filter(|(s, _)| i.consume_shortcut(s))
            .map(|(_, c)| c)
            .collect()
    })
}

/// The cell a digit names on a 3x3 board, laid out like a numeric keypad: 7 8 9 on the top
/// row, 1 2 3 on the bottom.
#[must_use]
pub fn keypad_cell(digit: u8) -> Option<Cell> {
    match digit {
        1..=9 => {
            let d = usize::from(digit - 1);
            Some(Cell::new(2 - d / 3, d % 3))
        }
        _ => None,
    }
}

const DIGITS: [(Key, u8); 9] = [
    (Key::Num1, 1),
    (Key::Num2, 2),
    (Key::Num3, 3),
    (Key::Num4, 4),
    (Key::Num5, 5),
    (Key::Num6, 6),
    (Key::Num7, 7),
    (Key::Num8, 8),
    (Key::Num9, 9),
];

/// Reads the board keys of this frame. Moves `cursor` with the arrows (it appears at the
/// centre on the first press) and returns the cell to play, if any.
pub fn board_keys(ctx: &egui::Context, rule: &Rule, cursor: &mut Option<Cell>) -> Option<Cell> {
    ctx.input_mut(|i| {
        let none = Modifiers::NONE;
        let mut play = None;
        if rule.width() == 3 && rule.height() == 3 {
            for (key, digit) in DIGITS {
                if i.consume_key(none, key) {
                    play = keypad_cell(digit);
                }
            }
        }
        let steps = [
            (Key::ArrowUp, (-1, 0)),
            (Key::ArrowDown, (1, 0)),
            (Key::ArrowLeft, (0, -1)),
            (Key::ArrowRight, (0, 1)),
        ];
        for (key, (dr, dc)) in steps {
            while i.consume_key(none, key) {
                *cursor = Some(match *cursor {
                    None => Cell::new(rule.height() / 2, rule.width() / 2),
                    Some(c) => Cell::new(
                        c.row.saturating_add_signed(dr).min(rule.height() - 1),
                        c.col.saturating_add_signed(dc).min(rule.width() - 1),
                    ),
                });
            }
        }
        if i.consume_key(none, Key::Enter) || i.consume_key(none, Key::Space) {
            play = play.or(*cursor);
            if cursor.is_none() {
                *cursor = Some(Cell::new(rule.height() / 2, rule.width() / 2));
            }
        }
        play
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keypad_layout() {
        assert_eq!(keypad_cell(7), Some(Cell::new(0, 0)));
        assert_eq!(keypad_cell(9), Some(Cell::new(0, 2)));
        assert_eq!(keypad_cell(5), Some(Cell::new(1, 1)));
        assert_eq!(keypad_cell(1), Some(Cell::new(2, 0)));
        assert_eq!(keypad_cell(3), Some(Cell::new(2, 2)));
        assert_eq!(keypad_cell(0), None);
    }
}
