//! What an engine is asked, as the protocol's lines, and how its answers are read: a move
//! (BEGIN, TURN, BOARD) or its part of a swap2 opening (SWAP2BOARD).

use super::Point;

/// What the brain is asked to move in.
#[derive(Clone, Debug)]
pub enum BrainRequest<'a> {
    /// The empty board: BEGIN.
    Begin,
    /// A whole position, the brain's first look at this game: BOARD, the stones in the
    /// order played with whether each is the brain's own, DONE.
    Board(&'a [(Point, bool)]),
    /// The opponent's move since the brain's last one: TURN.
    Turn(Point),
}

impl BrainRequest<'_> {
    pub(super) fn lines(&self) -> Vec<String> {
        match self {
            BrainRequest::Begin => vec!["BEGIN".to_string()],
            BrainRequest::Turn(point) => vec![format!("TURN {point}")],
            BrainRequest::Board(stones) => {
                let mut lines = vec!["BOARD".to_string()];
                lines.extend(
                    stones
                        .iter()
                        .map(|&(point, own)| format!("{point},{}", if own { 1 } else { 2 })),
                );
                lines.push("DONE".to_string());
                lines
            }
        }
    }
}

/// A brain's answer to SWAP2BOARD: `SWAP`, or stones on one line (three to open, one for a
/// move with the colour to move, two more for the opponent to choose after).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    Swap,
    Stones(Vec<Point>),
}

/// The lines of a SWAP2BOARD command with `stones`, in the order played.
#[must_use]
pub fn swap2_lines(stones: &[Point]) -> Vec<String> {
    let mut lines = vec!["SWAP2BOARD".to_string()];
    lines.extend(stones.iter().map(ToString::to_string));
    lines.push("DONE".to_string());
    lines
}

/// A SWAP2BOARD answer: `SWAP`, or one to three `x,y` stones apart by white space.
#[must_use]
pub fn parse_swap2_answer(line: &str) -> Option<Swap2Answer> {
    if line.trim().eq_ignore_ascii_case("SWAP") {
        return Some(Swap2Answer::Swap);
    }
    let stones: Vec<Point> = line
        .split_whitespace()
        .map(parse_move)
        .collect::<Option<_>>()?;
    (1..=3)
        .contains(&stones.len())
        .then_some(Swap2Answer::Stones(stones))
}

/// A move answer `x,y` (spaces allowed around the numbers), or `None`.
#[must_use]
pub fn parse_move(line: &str) -> Option<Point> {
    let (x, y) = line.split_once(',')?;
    Some(Point {
        x: x.trim().parse().ok()?,
        y: y.trim().parse().ok()?,
    })
}

/// The name in an ABOUT answer (`name="minimax template", version="1.0"`): the value of
/// its `name` key, quoted or not. `None` when it has none.
#[must_use]
pub fn parse_about_name(line: &str) -> Option<String> {
    let start = line.to_ascii_lowercase().find("name=")? + "name=".len();
    let rest = line[start..].trim_start();
    let name = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next().unwrap_or_default(),
        None => rest.split(',').next().unwrap_or_default(),
    };
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_moves_and_nothing_else() {
        assert_eq!(parse_move("7,8"), Some(Point { x: 7, y: 8 }));
        assert_eq!(parse_move(" 14 , 0 "), Some(Point { x: 14, y: 0 }));
        for bad in [
            "",
            "7",
            "7,",
            ",8",
            "-1,2",
            "7,8,1",
            "a,b",
            "OK",
            "99999999999999999999999,1",
        ] {
            assert_eq!(parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn reads_swap2_answers_and_writes_swap2_requests() {
        let at = |x, y| Point { x, y };
        assert_eq!(parse_swap2_answer("swap"), Some(Swap2Answer::Swap));
        assert_eq!(
            parse_swap2_answer("7,7 8,7  9,9"),
            Some(Swap2Answer::Stones(vec![at(7, 7), at(8, 7), at(9, 9)]))
        );
        assert_eq!(
            parse_swap2_answer("8,8"),
            Some(Swap2Answer::Stones(vec![at(8, 8)]))
        );
        for bad in ["", "SWAP 7,7", "7,7 8", "1,1 2,2 3,3 4,4", "OK"] {
            assert_eq!(parse_swap2_answer(bad), None, "{bad}");
        }
        assert_eq!(swap2_lines(&[]), ["SWAP2BOARD", "DONE"]);
        assert_eq!(
            swap2_lines(&[at(7, 7), at(8, 7), at(9, 9)]),
            ["SWAP2BOARD", "7,7", "8,7", "9,9", "DONE"]
        );
    }

    #[test]
    fn about_answers_give_the_name() {
        assert_eq!(
            parse_about_name(r#"name="minimax template", version="1.0""#).as_deref(),
            Some("minimax template")
        );
        assert_eq!(
            parse_about_name("version=2, NAME=pbrain-x, author=me").as_deref(),
            Some("pbrain-x")
        );
        assert_eq!(parse_about_name(r#"name="", version="1""#), None);
        assert_eq!(parse_about_name("hello"), None);
    }

    #[test]
    fn requests_are_the_protocol_lines() {
        let at = |x, y| Point { x, y };
        assert_eq!(BrainRequest::Begin.lines(), ["BEGIN"]);
        assert_eq!(BrainRequest::Turn(at(3, 4)).lines(), ["TURN 3,4"]);
        let stones = [(at(7, 7), false), (at(7, 6), true), (at(9, 9), false)];
        assert_eq!(
            BrainRequest::Board(&stones).lines(),
            ["BOARD", "7,7,2", "7,6,1", "9,9,2", "DONE"]
        );
    }
}
