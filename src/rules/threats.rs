//! Threats on five-in-a-row boards, which the window marks for learners: each side's fours
//! (one move from five) and open threes (one move from an open four, which cannot be
//! stopped). Worked out from the rules alone, by trying stones on the empty points of each
//! line, so it is independent of the engine's own pattern code and follows the board's rule
//! (a line longer than five does not win under "exactly five", nor for black under renju).

use crate::rules::{Cell, Position, Side};

/// What a group of stones threatens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ThreatKind {
    /// Four stones and two points that each make five: the other side cannot stop both.
    OpenFour,
    /// Four stones and one point that makes five.
    Four,
    /// Three stones that one more stone turns into an open four (straight or broken: `.XXX.`,
    /// `.X.XX.`).
    OpenThree,
}

/// One threat on the board: its stones and the points that carry it out, as cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardThreat {
    pub side: Side,
    pub kind: ThreatKind,
    /// The threatening stones, in order along their line.
    pub stones: Vec<Cell>,
    /// The empty points that carry the threat out: the points that make five (fours) or the
    /// open four (threes).
    pub points: Vec<Cell>,
}

/// The four directions of a line: across, down, and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Whether threats are worked out on a board of this rule: only five in a row, where the
/// names four and open three mean what players know them to mean.
#[must_use]
pub fn applies(position: &Position) -> bool {
    position.rule().k() == 5
}

/// Every four and open three of both sides, fours first. Nothing when the game is over or
/// the rule is not five in a row.
#[must_use]
pub fn threats(position: &Position) -> Vec<BoardThreat> {
    if !applies(position) || position.is_over() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for line in lines(position) {
        let content: Vec<Option<Side>> = line.iter().map(|&c| position.get(c)).collect();
        for side in Side::BOTH {
            for (kind, stones, points) in line_threats(&content, side, position) {
                found.push(BoardThreat {
                    side,
                    kind,
                    stones: stones.iter().map(|&i| line[i]).collect(),
                    points: points.iter().map(|&i| line[i]).collect(),
                });
            }
        }
    }
    found.sort_by_key(|t| (t.kind, t.side.index()));
    found
}

/// Every full line of the board in every direction, as its cells in order.
fn lines(position: &Position) -> Vec<Vec<Cell>> {
    let (rows, cols) = (position.rule().height(), position.rule().width());
    let inside =
        |r: isize, c: isize| r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols;
    let mut lines = Vec::new();
    for (dr, dc) in DIRECTIONS {
        for r in 0..rows as isize {
            for c in 0..cols as isize {
                // A line starts at a cell whose predecessor is off the board.
                if !inside(r, c) || inside(r - dr, c - dc) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut rr, mut cc) = (r, c);
                while inside(rr, cc) {
                    line.push(Cell::new(rr as usize, cc as usize));
                    rr += dr;
                    cc += dc;
                }
                if line.len() >= position.rule().k() {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// A threat found on one line, as indices into it: kind, stones, points.
type LineThreat = (ThreatKind, Vec<usize>, Vec<usize>);

/// The fours and open threes of `side` on one line.
fn line_threats(line: &[Option<Side>], side: Side, position: &Position) -> Vec<LineThreat> {
    let rule = position.rule();
    let mut found = Vec::new();
    for (stones, points) in fours(line, side, rule.k(), rule.exact_for(side)) {
        let kind = if points.len() >= 2 {
            ThreatKind::OpenFour
        } else {
            ThreatKind::Four
        };
        found.push((kind, stones, points));
    }
    let five_points: Vec<usize> = found.iter().flat_map(|(_, _, p)| p.clone()).collect();
    let mut threes: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    let mut trial = line.to_vec();
    for q in (0..line.len()).filter(|&q| line[q].is_none() && !five_points.contains(&q)) {
        trial[q] = Some(side);
        let open_four = fours(&trial, side, rule.k(), rule.exact_for(side))
            .into_iter()
            .find(|(stones, points)| {
                points.len() >= 2 && stones.len() == rule.k() - 1 && stones.contains(&q)
            });
        trial[q] = None;
        if let Some((mut stones, _)) = open_four {
            stones.retain(|&s| s != q);
            match threes.iter_mut().find(|(s, _)| *s == stones) {
                Some((_, points)) => points.push(q),
                None => threes.push((stones, vec![q])),
            }
        }
    }
    found.extend(
        threes
            .into_iter()
            .map(|(stones, points)| (ThreatKind::OpenThree, stones, points)),
    );
    found
}

/// The fours of `side` on a line: the groups of stones that one empty point turns into a
/// winning line, each with those points.
fn fours(
    line: &[Option<Side>],
    side: Side,
    k: usize,
    exact: bool,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for p in (0..line.len()).filter(|&p| line[p].is_none()) {
        let before = (0..p).rev().take_while(|&i| line[i] == Some(side));
        let after = (p + 1..line.len()).take_while(|&i| line[i] == Some(side));
        let mut stones: Vec<usize> = before.chain(after).collect();
        let wins = if exact {
            stones.len() + 1 == k
        } else {
            stones.len() + 1 >= k
        };
        // A group of more than k-1 stones wins through the point too where longer lines
        // win (`xxxx.x`); a group of k or more with no gap would be a win already made.
        if !wins || stones.len() < k - 1 {
            continue;
        }
        stones.sort_unstable();
        match groups.iter_mut().find(|(s, _)| *s == stones) {
            Some((_, points)) => points.push(p),
            None => groups.push((stones, vec![p])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    /// A 15x15 five-in-a-row position from a diagram of its top left corner; stones that
    /// balance the counts go to rows 11 and 14, three points apart, where they threaten
    /// nothing.
    fn board(rows: &[&str]) -> Position {
        board_with(Rule::new(15, 15, 5, false).unwrap(), rows)
    }

    fn board_with(rule: Rule, rows: &[&str]) -> Position {
        let (w, h) = (rule.width(), rule.height());
        let mut grid: Vec<Vec<char>> = (0..h)
            .map(|r| {
                let row: Vec<char> = rows.get(r).map_or(vec![], |s| s.chars().collect());
                (0..w).map(|c| row.get(c).copied().unwrap_or('.')).collect()
            })
            .collect();
        let count = |ch: char| {
            rows.iter()
                .flat_map(|r| r.chars())
                .filter(|&c| c == ch)
                .count()
        };
        let (x, o) = (count('x'), count('o'));
        let (filler, missing) = if x > o {
            ('o', x - o - 1)
        } else {
            ('x', o - x)
        };
        let spots = [11, 14]
            .into_iter()
            .flat_map(|r| (0..w).step_by(3).map(move |c| (r, c)));
        for (r, c) in spots.take(missing) {
            grid[r][c] = filler;
        }
        let text: Vec<String> = grid.into_iter().map(String::from_iter).collect();
        Position::from_notation(rule, &text.join("/")).expect("a legal diagram")
    }

    fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| Cell::new(r, c)).collect()
    }

    #[test]
    fn an_open_three_and_the_points_that_open_it() {
        let p = board(&[
            ".........",
            ".........",
            ".........",
            "...xxx...",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let t = threats(&p);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(t[0].side, Side::X);
        assert_eq!(t[0].kind, ThreatKind::OpenThree);
        assert_eq!(t[0].stones, cells(&[(3, 3), (3, 4), (3, 5)]));
        assert_eq!(t[0].points, cells(&[(3, 2), (3, 6)]));
    }

    #[test]
    fn a_broken_three_is_open_too() {
        let p = board(&[
            ".........",
            ".........",
            ".x.......",
            ".........",
            "...x.....",
            "....x....",
            ".........",
            ".........",
        ]);
        let t = threats(&p);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(t[0].kind, ThreatKind::OpenThree);
        assert_eq!(t[0].stones, cells(&[(2, 1), (4, 3), (5, 4)]));
        assert_eq!(t[0].points, cells(&[(3, 2)]));
    }

    #[test]
    fn fours_blocked_or_open_and_with_a_gap() {
        let p = board(&[
            "oxxxx....",
            ".........",
            "..o......",
            ".........",
            "...xx.xx.",
            ".........",
            "xxxx.....",
            ".........",
        ]);
        let t = threats(&p);
        let kinds: Vec<(ThreatKind, Vec<Cell>)> =
            t.iter().map(|t| (t.kind, t.points.clone())).collect();
        assert_eq!(
            kinds,
            [
                (ThreatKind::Four, cells(&[(0, 5)])),
                (ThreatKind::Four, cells(&[(4, 5)])),
                (ThreatKind::Four, cells(&[(6, 4)])),
            ],
            "{t:?}"
        );
        let open = board(&[
            ".........",
            ".xxxx....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let t = threats(&open);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(t[0].kind, ThreatKind::OpenFour);
        assert_eq!(t[0].points, cells(&[(1, 0), (1, 5)]));
    }

    #[test]
    fn a_blocked_three_is_not_marked() {
        let p = board(&[
            ".........",
            ".........",
            "..oxxx...",
            ".........",
            ".........",
            ".........",
            ".........",
            "xxx......",
        ]);
        // Blocked by O on one side, or by the edge of the board.
        assert_eq!(threats(&p), []);
    }

    #[test]
    fn both_sides_are_marked_and_exactly_five_has_no_overline_threat() {
        let p = board(&[
            ".........",
            "...xxx...",
            ".........",
            "...ooo...",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let sides: Vec<Side> = threats(&p).iter().map(|t| t.side).collect();
        assert_eq!(sides, [Side::X, Side::O]);

        // xxxx.x: the gap makes six, which does not win under exactly five.
        let rows = [
            ".........",
            "xxxx.x...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "o.o.o.o..",
        ];
        let free = board(&rows);
        assert!(threats(&free).iter().any(|t| t.points == cells(&[(1, 4)])));
        let exact = board_with(Rule::new(9, 9, 5, true).unwrap(), &rows);
        assert!(threats(&exact).iter().all(|t| t.points != cells(&[(1, 4)])));
    }

    #[test]
    fn other_rules_have_no_threat_marks() {
        let p = board_with(Rule::TIC_TAC_TOE, &["xx.", "oo.", "..."]);
        assert_eq!(threats(&p), []);
    }
}
