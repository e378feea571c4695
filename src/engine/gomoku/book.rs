//! The opening book of five in a row: the first moves of 15x15 (freestyle and exactly
//! five), worked out by the engine itself (`tictactoe book`, see `src/cli/book.rs`) and
//! compiled in from `assets/book/gomoku.txt`.
//!
//! Each line is a position, as moves from the empty board, and the replies the engine found
//! good there with its score for each (the side to move's view):
//!
//! ```text
//! 15,15,5 7,7 : 6,8=40 6,7=25
//! 15,15,5x 7,7 6,8 : 8,8=60 ...
//! ```
//!
//! (`x` after the rule: exactly five; `-` for the empty board's moves.) Every rotation and
//! reflection of a line's position is in the book too, so a game that starts elsewhere finds
//! its moves as well. A move is chosen at random among the replies within [`MARGIN`] of the
//! best, the better ones more often, so the computer does not play the same game each time.

use std::collections::HashMap;
use std::fmt::Write as _;

use rand::RngExt;

use crate::engine::score::Score;
use crate::rules::{Cell, Position, Rule};

/// The book compiled in.
pub const EMBEDDED: &str = include_str!("../../../assets/book/gomoku.txt");

/// How far below the best reply a reply may score and still be played.
pub const MARGIN: Score = 60;

/// The compiled-in book, read once.
#[must_use]
pub fn opening_book() -> &'static Book {
    static BOOK: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
    BOOK.get_or_init(Book::embedded)
}

/// One line of the book: a position's moves and its scored replies.
#[derive(Clone, Debug, PartialEq)]
pub struct BookLine {
    pub rule: Rule,
    pub moves: Vec<Cell>,
    pub replies: Vec<(Cell, Score)>,
}

impl BookLine {
    /// The line as the book file writes it.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{},{},{}{}",
            self.rule.width(),
            self.rule.height(),
            self.rule.k(),
            if self.rule.exact() { "x" } else { "" }
        );
        if self.moves.is_empty() {
            text.push_str(" -");
        }
        for m in &self.moves {
            let _ = write!(text, " {},{}", m.row, m.col);
        }
        text.push_str(" :");
        for (cell, score) in &self.replies {
            let _ = write!(text, " {},{}={score}", cell.row, cell.col);
        }
        text
    }

    /// The position the line's moves make.
    pub fn position(&self) -> Result<Position, String> {
        let mut position = Position::new(self.rule);
        for &m in &self.moves {
            position
                .play(m)
                .map_err(|e| format!("move {},{}: {e}", m.row, m.col))?;
        }
        Ok(position)
    }
}

/// The book: for each position (by rule and hash), the scored replies.
#[derive(Debug, Default)]
pub struct Book {
    lines: Vec<BookLine>,
    replies: HashMap<(Rule, u64), Vec<(usize, Score)>>,
}

impl Book {
    /// The book compiled into the program.
    #[must_use]
    pub fn embedded() -> Book {
        Book::parse(EMBEDDED).expect("the compiled-in book is valid")
    }

    /// A book from its text; fails with the line number and what is wrong.
    pub fn parse(text: &str) -> Result<Book, String> {
        let mut book = Book::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parsed = parse_line(line).map_err(|e| format!("book line {}: {e}", n + 1))?;
            book.add(parsed)
                .map_err(|e| format!("book line {}: {e}", n + 1))?;
        }
        Ok(book)
    }

    /// The lines as read, in order.
    #[must_use]
    pub fn lines(&self) -> &[BookLine] {
        &self.lines
    }

    /// Adds a line and every rotation and reflection of it.
    fn add(&mut self, line: BookLine) -> Result<(), String> {
        let position = line.position()?;
        let geometry = position.geometry().clone();
        let base: Vec<usize> = line
            .moves
            .iter()
            .map(|&m| geometry.index(m).expect("played above"))
            .collect();
        for n in 0..geometry.symmetries().len() {
            let map = geometry.symmetry_map(n);
            let mut image = Position::new(line.rule);
            for &m in &base {
                image.make(usize::from(map[m]));
            }
            let entry = self.replies.entry((line.rule, image.hash())).or_default();
            for &(cell, score) in &line.replies {
                let index = geometry
                    .index(cell)
                    .filter(|&i| position.at(i).is_none())
                    .ok_or_else(|| {
                        format!("reply {},{} is not an empty cell", cell.row, cell.col)
                    })?;
                let mapped = usize::from(map[index]);
                match entry.iter_mut().find(|(c, _)| *c == mapped) {
                    Some(known) => known.1 = known.1.max(score),
                    None => entry.push((mapped, score)),
                }
            }
        }
        self.lines.push(line);
        Ok(())
    }

    /// The book's replies in `position`, best first (empty when it is not in the book).
    #[must_use]
    pub fn replies(&self, position: &Position) -> Vec<(Cell, Score)> {
        let geometry = position.geometry();
        let mut replies: Vec<(Cell, Score)> = self
            .replies
            .get(&(*position.rule(), position.hash()))
            .map(|r| r.iter().map(|&(i, s)| (geometry.cell(i), s)).collect())
            .unwrap_or_default();
        replies.sort_by_key(|&(cell, score)| (std::cmp::Reverse(score), cell.row, cell.col));
        replies
    }

    /// A reply to play in `position`: one of those within [`MARGIN`] of the best, chosen at
    /// random, weighted towards the better; `None` out of the book.
    pub fn choose(&self, position: &Position, rng: &mut impl rand::Rng) -> Option<Cell> {
        let replies = self.replies(position);
        let best = replies.first()?.1;
        let good: Vec<(Cell, i64)> = replies
            .iter()
            .filter(|&&(_, s)| s >= best - MARGIN)
            .map(|&(c, s)| (c, i64::from(MARGIN - (best - s)) + 1))
            .collect();
        let total: i64 = good.iter().map(|&(_, w)| w).sum();
        let mut pick = rng.random_range(0..total);
        for (cell, weight) in good {
            if pick < weight {
                return Some(cell);
            }
            pick -= weight;
        }
        None
    }
}

/// One line of text: `W,H,K[x] moves... : r,c=score ...`.
fn parse_line(line: &str) -> Result<BookLine, String> {
    let (left, right) = line
        .split_once(':')
        .ok_or("no ':' between the moves and the replies")?;
    let mut words = left.split_whitespace();
    let rule_text = words.next().ok_or("no rule")?;
    let (rule_text, exact) = match rule_text.strip_suffix('x') {
        Some(r) => (r, true),
        None => (rule_text, false),
    };
    let rule: Rule = rule_text
        .parse()
        .map_err(|e| format!("rule '{rule_text}': {e}"))?;
    let rule = rule.with_exact(exact);
    let moves = words
        .filter(|w| *w != "-")
        .map(parse_cell)
        .collect::<Result<Vec<_>, _>>()?;
    let replies = right
        .split_whitespace()
        .map(|w| {
            let (cell, score) = w.split_once('=').ok_or(format!("reply '{w}' has no '='"))?;
            let score = score
                .parse::<Score>()
                .map_err(|_| format!("score '{score}' is not a number"))?;
            Ok((parse_cell(cell)?, score))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if replies.is_empty() {
        return Err("no replies".to_string());
    }
    Ok(BookLine {
        rule,
        moves,
        replies,
    })
}

fn parse_cell(text: &str) -> Result<Cell, String> {
    let (r, c) = text
        .split_once(',')
        .ok_or(format!("'{text}' is not row,col"))?;
    let number = |t: &str| {
        t.parse::<usize>()
            .map_err(|_| format!("'{text}' is not row,col"))
    };
    Ok(Cell::new(number(r)?, number(c)?))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    #[test]
    fn every_book_move_is_legal_and_in_its_own_position() {
        let book = Book::embedded();
        assert!(book.lines().len() >= 10, "{} lines", book.lines().len());
        for exact in [false, true] {
            let rule = Rule::new(15, 15, 5, exact).unwrap();
            assert!(book.lines().iter().any(|l| l.rule == rule), "{rule}");
        }
        for line in book.lines() {
            let position = line.position().expect("the line's moves are legal");
            let replies = book.replies(&position);
            assert!(!replies.is_empty(), "{}", line.to_text());
            for &(cell, score) in &line.replies {
                assert!(position.check_move(cell).is_ok(), "{}", line.to_text());
                assert!(replies.contains(&(cell, score)), "{}", line.to_text());
            }
            // Its text reads back as the same line.
            assert_eq!(parse_line(&line.to_text()).unwrap(), *line);
        }
    }

    #[test]
    fn two_games_from_the_empty_board_can_differ() {
        let book = Book::embedded();
        let rule = Rule::new(15, 15, 5, false).unwrap();
        let game = |seed: u64| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut position = Position::new(rule);
            let mut moves = Vec::new();
            while let Some(cell) = book.choose(&position, &mut rng) {
                position.play(cell).expect("a book move is legal");
                moves.push(cell);
            }
            moves
        };
        let games: std::collections::HashSet<Vec<Cell>> = (0..20).map(game).collect();
        assert!(games.len() >= 2, "{games:?}");
        // Every game starts in the centre and leaves the book after a few moves.
        for g in &games {
            assert_eq!(g[0], Cell::new(7, 7));
            assert!(g.len() >= 2 && g.len() <= 6, "{g:?}");
        }
    }

    #[test]
    fn the_book_is_found_from_every_rotation_and_reflection() {
        let book = Book::embedded();
        let rule = Rule::new(15, 15, 5, false).unwrap();
        // After the centre the book has several replies; the best one was followed, and
        // the book answers it turned any way.
        let mut centre = Position::new(rule);
        centre.play(Cell::new(7, 7)).unwrap();
        let replies = book.replies(&centre);
        assert!(replies.len() >= 4, "{replies:?}");
        let (best, _) = replies[0];
        let (dr, dc) = (best.row as isize - 7, best.col as isize - 7);
        for (r, c) in [
            (dr, dc),
            (-dr, dc),
            (dr, -dc),
            (-dr, -dc),
            (dc, dr),
            (-dc, -dr),
        ] {
            let cell = Cell::new((7 + r) as usize, (7 + c) as usize);
            let mut after = centre.clone();
            after.play(cell).unwrap();
            assert!(!book.replies(&after).is_empty(), "{cell:?}");
        }
    }

    #[test]
    fn a_damaged_book_is_an_error_with_its_line() {
        let err = Book::parse("15,15,5 7,7 : 7,7=3\n").unwrap_err();
        assert!(
            err.contains("line 1") && err.contains("not an empty cell"),
            "{err}"
        );
        let err = Book::parse("# ok\n15,15,5 7,7 6,6\n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
    }
}
