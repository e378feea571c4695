//! The openings a match starts its games from, read from a text file: one opening a line,
//! each stone an offset `dx,dy` from the centre of the board (as in Gomocup's opening
//! files), stones in the order they are played, black first. `#` starts a comment; blank
//! lines are skipped. Offsets keep one file usable on every board size.

use std::fmt;

use crate::referee_board::{Board, Colour, IllegalMove, Point, Variant};

/// One opening: its stones as offsets from the centre, in the order played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningStones {
    /// The line of the file it was read from, to name it in messages.
    pub line: usize,
    pub offsets: Vec<(isize, isize)>,
}

/// What is wrong with an openings file or with an opening on a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    #[error("line {line}: '{text}' is not a stone dx,dy (two whole numbers)")]
    Malformed { line: usize, text: String },
    #[error("the file has no openings")]
    Empty,
    #[error("line {line}: stone {stone} is off a {size}x{size} board")]
    OffBoard {
        line: usize,
        stone: usize,
        size: usize,
    },
    #[error("line {line}: stone {stone} is on a taken cell")]
    Taken { line: usize, stone: usize },
    #[error("line {line}: the opening already has five in a row")]
    Decided { line: usize },
    #[error("line {line}: stone {stone} is forbidden for black under renju ({kind})")]
    Forbidden {
        line: usize,
        stone: usize,
        kind: tictactoe::rules::Forbidden,
    },
}

/// Reads every opening of a file.
pub fn parse(text: &str) -> Result<Vec<OpeningStones>, OpeningError> {
    let mut openings = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        let offsets = content
            .split_whitespace()
            .map(|stone| {
                offset(stone).ok_or_else(|| OpeningError::Malformed {
                    line,
                    text: stone.to_string(),
                })
            })
            .collect::<Result<_, _>>()?;
        openings.push(OpeningStones { line, offsets });
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(openings)
}

fn offset(stone: &str) -> Option<(isize, isize)> {
    let (dx, dy) = stone.split_once(',')?;
    Some((dx.trim().parse().ok()?, dy.trim().parse().ok()?))
}

impl OpeningStones {
    /// The opening's stones on a `size` x `size` board, in the order played, checked: on
    /// the board, on distinct cells, and with no five in a row, so a game can start from it.
    pub fn stones(&self, size: usize, variant: Variant) -> Result<Vec<Point>, OpeningError> {
        let centre = (size / 2) as isize;
        let mut board = Board::new(size, variant);
        let mut stones = Vec::with_capacity(self.offsets.len());
        for (number, &(dx, dy)) in self.offsets.iter().enumerate() {
            let stone = number + 1;
            let coordinate = |d: isize| usize::try_from(centre + d).ok().filter(|&c| c < size);
            let (Some(x), Some(y)) = (coordinate(dx), coordinate(dy)) else {
                return Err(OpeningError::OffBoard {
                    line: self.line,
                    stone,
                    size,
                });
            };
            let point = Point { x, y };
            match board.place(point, Colour::to_move_after(number)) {
                Ok(false) => stones.push(point),
                Ok(true) => return Err(OpeningError::Decided { line: self.line }),
                Err(IllegalMove::Forbidden(kind)) => {
                    return Err(OpeningError::Forbidden {
                        line: self.line,
                        stone,
                        kind,
                    });
                }
                Err(_) => {
                    return Err(OpeningError::Taken {
                        line: self.line,
                        stone,
                    });
                }
            }
        }
        Ok(stones)
    }
}

impl fmt::Display for OpeningStones {
    /// The offsets as written in the file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stones: Vec<String> = self
            .offsets
            .iter()
            .map(|(dx, dy)| format!("{dx},{dy}"))
            .collect();
        f.write_str(&stones.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_offsets_comments_and_blank_lines() {
        let text = "# three stones\n\n0,0 0,-1 2,2  # direct\n  0,0\t1,-1 -2,1\r\n";
        let openings = parse(text).unwrap();
        assert_eq!(
            openings,
            vec![
                OpeningStones {
                    line: 3,
                    offsets: vec![(0, 0), (0, -1), (2, 2)]
                },
                OpeningStones {
                    line: 4,
                    offsets: vec![(0, 0), (1, -1), (-2, 1)]
                },
            ]
        );
        assert_eq!(openings[1].to_string(), "0,0 1,-1 -2,1");
    }

    #[test]
    fn refuses_malformed_stones_and_empty_files() {
        for (text, bad) in [
            ("0,0 1\n", "1"),
            ("0,0 a,b\n", "a,b"),
            ("0,0,0\n", "0,0,0"),
            ("0;0\n", "0;0"),
        ] {
            assert_eq!(
                parse(text),
                Err(OpeningError::Malformed {
                    line: 1,
                    text: bad.to_string()
                })
            );
        }
        assert_eq!(parse("# nothing\n\n"), Err(OpeningError::Empty));
    }

    #[test]
    fn places_stones_around_the_centre() {
        let opening = &parse("0,0 0,-1 2,2").unwrap()[0];
        let points = |size| opening.stones(size, Variant::Freestyle).unwrap();
        assert_eq!(
            points(15),
            vec![
                Point { x: 7, y: 7 },
                Point { x: 7, y: 6 },
                Point { x: 9, y: 9 }
            ]
        );
        assert_eq!(points(20)[0], Point { x: 10, y: 10 });
    }

    #[test]
    fn refuses_openings_that_do_not_fit_or_cannot_arise() {
        let on = |text: &str, size| parse(text).unwrap()[0].stones(size, Variant::Freestyle);
        assert_eq!(
            on("0,0 0,-8", 15),
            Err(OpeningError::OffBoard {
                line: 1,
                stone: 2,
                size: 15
            })
        );
        assert_eq!(
            on("0,0 7,0", 15).map(|s| s.len()),
            Ok(2),
            "the last column is on the board"
        );
        assert!(matches!(
            on("0,0 8,0", 15),
            Err(OpeningError::OffBoard { .. })
        ));
        assert_eq!(
            on("0,0 1,1 0,0", 15),
            Err(OpeningError::Taken { line: 1, stone: 3 })
        );
        let five = "0,0 0,5 1,0 1,5 2,0 2,5 3,0 3,5 4,0";
        assert_eq!(on(five, 15), Err(OpeningError::Decided { line: 1 }));
    }
}
