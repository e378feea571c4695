//! The line-word board against a slow reading from scratch, on random positions under every
//! rule: every empty cell's class on each line for both sides, its pattern code and threat,
//! the threat counts, and (under renju) the forbidden cells the board claims to know, which
//! must be the rules' own judgement. The slow reading walks the position's lines cell by
//! cell and classifies them by recursion on the whole line, without the class tables.

use std::collections::HashMap;

use proptest::prelude::*;

use crate::rules::{Position, Rule, Side, renju};

use super::line_board::LineBoard;
use super::line_class::{CLASSES, LineClass, LineRule};
use super::line_words::DIRECTIONS;
use super::pattern_code::{PatternCode, THREATS, Threat};

/// A cell of a line as one side sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Seen {
    Own,
    Empty,
    Blocked,
}

/// The slow reading of one rule for one side, with the classes of the lines seen so far.
struct Slow {
    exact: bool,
    forbids: bool,
    known: HashMap<(Vec<Seen>, usize), LineClass>,
}

impl Slow {
    fn new(rule: LineRule, side: Side) -> Slow {
        Slow {
            exact: rule.exact_for(side),
            forbids: rule.forbids(side),
            known: HashMap::new(),
        }
    }

    /// The class of the stone at `at` on the whole `line` (which holds it as `Own`).
    fn class(&mut self, line: &mut Vec<Seen>, at: usize) -> LineClass {
        if let Some(&class) = self.known.get(&(line.clone(), at)) {
            return class;
        }
        let class = self.classify(line, at);
        self.known.insert((line.clone(), at), class);
        class
    }

    fn classify(&mut self, line: &mut Vec<Seen>, at: usize) -> LineClass {
        let own = |i: &usize| line[*i] == Seen::Own;
        let run = (0..at).rev().take_while(own).count() + (at..line.len()).take_while(own).count();
        if run >= 6 && self.exact {
            return LineClass::Overline;
        }
        if run >= 5 {
            return LineClass::Five;
        }
        let mut after = Vec::new();
        let near = at.saturating_sub(4)..(at + 5).min(line.len());
        let empty: Vec<usize> = near.filter(|&i| line[i] == Seen::Empty).collect();
        for i in empty {
            line[i] = Seen::Own;
            after.push((i, self.class(line, at)));
            line[i] = Seen::Empty;
        }
        let with = |c: LineClass| after.iter().filter(|(_, a)| *a == c).count();
        let fives: Vec<usize> = after
            .iter()
            .filter(|(_, a)| *a == LineClass::Five)
            .map(|(i, _)| *i)
            .collect();
        let flex3 = with(LineClass::Flex3) + with(LineClass::Flex3x2);
        let flex2 = with(LineClass::Flex2) + with(LineClass::Flex2x3) + with(LineClass::Flex2x4);
        match (fives.len(), with(LineClass::Flex4), with(LineClass::Dead4)) {
            (2.., _, _) if self.forbids && !(fives.len() == 2 && fives[1] - fives[0] == 5) => {
                LineClass::Overline
            }
            (2.., _, _) => LineClass::Flex4,
            (1, _, _) => LineClass::Dead4,
            (0, 2.., _) => LineClass::Flex3x2,
            (0, 1, _) => LineClass::Flex3,
            (0, 0, 1..) => LineClass::Dead3,
            _ if flex3 >= 4 => LineClass::Flex2x4,
            _ if flex3 == 3 => LineClass::Flex2x3,
            _ if flex3 > 0 => LineClass::Flex2,
            _ if with(LineClass::Dead3) > 0 => LineClass::Dead2,
            _ if flex2 > 0 => LineClass::Flex1,
            _ if with(LineClass::Dead2) > 0 => LineClass::Dead1,
            _ => LineClass::Dead,
        }
    }
}

/// The whole line through `cell` in direction `d` as `side` sees it, a stone of `side` put
/// on `cell`, and the cell's place on it.
fn line_through(pos: &Position, cell: usize, d: usize, side: Side) -> (Vec<Seen>, usize) {
    let width = pos.rule().width() as isize;
    let height = pos.rule().height() as isize;
    let (dr, dc) = DIRECTIONS[d];
    let (r, c) = (cell as isize / width, cell as isize % width);
    let on = |k: isize| {
        let (rr, cc) = (r + dr * k, c + dc * k);
        (rr >= 0 && cc >= 0 && rr < height && cc < width).then(|| (rr * width + cc) as usize)
    };
    let back = (1..).take_while(|&k| on(-k).is_some()).count() as isize;
    let ahead = (1..).take_while(|&k| on(k).is_some()).count() as isize;
    let line = (-back..=ahead)
        .map(|k| {
            let n = on(k).expect("on the board");
            match pos.at(n) {
                _ if k == 0 => Seen::Own,
                Some(s) if s == side => Seen::Own,
                Some(_) => Seen::Blocked,
                None => Seen::Empty,
            }
        })
        .collect();
    (line, back as usize)
}

/// The code of four classes by its place among all multisets in the order codes number
/// them: sorted fours compared from their largest class down.
fn slow_code(classes: [LineClass; 4]) -> u16 {
    let mut sorted = classes.map(|c| c as usize);
    sorted.sort_unstable();
    let mut all = Vec::new();
    for a in 0..CLASSES {
        for b in a..CLASSES {
            for c in b..CLASSES {
                for d in c..CLASSES {
                    all.push([a, b, c, d]);
                }
            }
        }
    }
    all.sort_by_key(|t| [t[3], t[2], t[1], t[0]]);
    all.iter().position(|t| *t == sorted).expect("a multiset") as u16
}

/// Checks `board` against the slow reading of `pos`.
fn check(board: &LineBoard, pos: &Position, slow: &mut [Slow; 2]) -> Result<(), TestCaseError> {
    let rule = LineRule::of(pos.rule());
    let mut counts = [[0u16; THREATS]; 2];
    for cell in pos.empty_indices() {
        for side in Side::BOTH {
            let classes: [LineClass; 4] = std::array::from_fn(|d| {
                let (mut line, at) = line_through(pos, cell, d, side);
                slow[side.index()].class(&mut line, at)
            });
            for (d, &class) in classes.iter().enumerate() {
                prop_assert_eq!(
                    board.class(cell, d, side),
                    class,
                    "cell {} line {} {:?}",
                    cell,
                    d,
                    side
                );
            }
            prop_assert_eq!(board.code(cell, side), PatternCode(slow_code(classes)));
            let threat = Threat::of(classes, rule.forbids(side));
            prop_assert_eq!(board.threat(cell, side), threat);
            counts[side.index()][threat as usize] += 1;
        }
        if let Some(claim) = board.forbidden(cell) {
            let judged = renju::forbidden_at(pos, cell);
            prop_assert_eq!(
                claim,
                judged.is_some(),
                "cell {}: the rules say {:?}",
                cell,
                judged
            );
        }
    }
    for side in Side::BOTH {
        for threat in Threat::ALL {
            let n = counts[side.index()][threat as usize];
            prop_assert_eq!(board.count(side, threat), n, "{:?} {:?}", side, threat);
        }
    }
    Ok(())
}

/// The rule of a case: freestyle and exactly five on 15x15 or a smaller oblong board, renju.
fn rule_of(kind: u8) -> Rule {
    match kind % 5 {
        0 => Rule::new(15, 15, 5, false).unwrap(),
        1 => Rule::new(15, 15, 5, true).unwrap(),
        2 => Rule::new(11, 8, 5, false).unwrap(),
        3 => Rule::new(9, 12, 5, true).unwrap(),
        _ => Rule::RENJU,
    }
}

/// The random games' move for `pick`: one of the empty cells within four of the centre that
/// do not win for the side to move (so the game goes on), or `None` when there is none.
pub(super) fn picked_move(pos: &Position, pick: u16) -> Option<usize> {
    let rule = pos.rule();
    let (width, height) = (rule.width(), rule.height());
    let side = pos.side_to_move();
    let near: Vec<usize> = pos
        .empty_indices()
        .filter(|&c| (c / width).abs_diff(height / 2) <= 4 && (c % width).abs_diff(width / 2) <= 4)
        .filter(|&c| !pos.wins_at(c, side))
        .collect();
    near.get(usize::from(pick) % near.len().max(1)).copied()
}

/// Plays the picked moves (each an empty cell near the middle that wins nothing), taking one
/// back after every `undo_every`-th move, on the position and the board alike.
fn play(rule: Rule, picks: &[u16], undo_every: usize) -> Result<(), TestCaseError> {
    let mut pos = Position::new(rule);
    let mut board = LineBoard::new(&pos);
    let mut slow = Side::BOTH.map(|side| Slow::new(LineRule::of(&rule), side));
    let mut played = Vec::new();
    for (n, &pick) in picks.iter().enumerate() {
        let side = pos.side_to_move();
        let Some(cell) = picked_move(&pos, pick) else {
            break;
        };
        pos.make(cell);
        board.make(cell, side);
        played.push(cell);
        if undo_every > 0 && n % undo_every == undo_every - 1 {
            let last = played.pop().expect("a move");
            pos.unmake(last);
            board.unmake(last);
        }
    }
    check(&board, &pos, &mut slow)?;
    prop_assert_eq!(board.facts(), LineBoard::new(&pos).facts());
    // Every move taken back: the empty board's state again.
    while let Some(last) = played.pop() {
        pos.unmake(last);
        board.unmake(last);
    }
    prop_assert_eq!(board.facts(), LineBoard::new(&pos).facts());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_incremental_board_reads_as_the_slow_one(
        kind in 0u8..5,
        picks in prop::collection::vec(any::<u16>(), 0..60),
        undo_every in 0usize..5,
    ) {
        play(rule_of(kind), &picks, undo_every)?;
    }
}

#[test]
fn a_renju_double_four_on_one_line_and_an_overline_are_known_forbidden() {
    // Black on the middle row at columns 3, 5, 7 and 9 (white far away): a black stone on
    // column 6 makes `x.xxx.x`, two fours on one line (columns 4 and 8 each make five).
    let mut pos = Position::new(Rule::RENJU);
    let row = 7 * 15;
    for (black, white) in [
        (row + 3, 0),
        (row + 5, 14),
        (row + 7, 2 * 15),
        (row + 9, 2 * 15 + 14),
    ] {
        pos.make(black);
        pos.make(white);
    }
    let board = LineBoard::new(&pos);
    // `x.x*x.x` on the row: two fours on one line.
    assert_eq!(board.class(row + 6, 0, Side::X), LineClass::Overline);
    assert_eq!(board.threat(row + 6, Side::X), Threat::Forbidden);
    assert_eq!(board.forbidden(row + 6), Some(true));
    assert!(renju::forbidden_at(&pos, row + 6).is_some());
    // White may play it: for white it is nothing.
    assert_eq!(board.threat(row + 6, Side::O), Threat::None);
}
