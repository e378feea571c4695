//! Reading and checking one certificate.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::stream;
use crate::rules::{Position, Rule, Side};

/// The formats this checker reads: the first lists every maker move; the second may also
/// answer a maker move by a sibling's zone or by a stronger move ([`Node::MakerCut`]).
const FORMATS: [&str; 2] = [
    "tictactoe maker-breaker proof 1",
    "tictactoe maker-breaker proof 2",
];

/// The most cells a board of the rules has (20x20), within [`Zone`]'s bits.
pub(super) const ZONE_WORDS: usize = 7;

/// The most nodes a certificate may hold (node ids must fit the checker's tables; the
/// file's size bounds the rest).
pub(super) const MAX_NODES: usize = 1 << 30;

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Node {
    Maker(Vec<(Vec<usize>, usize)>),
    MakerCut(Cut),
    Breaker(usize, usize),
    Pairing(Vec<(usize, usize)>),
    Potential,
    NoLines,
}

/// A maker node of the second format: the branches searched, the moves answered as a
/// branch's are (`[cell, branch]`: the cell lies outside that branch's zone), and the moves
/// no better than another (`[cell, by]`: every open line through `cell` goes through `by`,
/// and `by` has more).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cut {
    branches: Vec<(Vec<usize>, usize)>,
    zoned: Vec<(usize, usize)>,
    dominated: Vec<(usize, usize)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Certificate {
    format: String,
    rule: Rule,
    position: String,
    maker: Side,
    nodes: Vec<Node>,
}

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub rule: Rule,
    pub position: Position,
    /// The side that cannot make K in a row.
    pub maker: Side,
    /// Nodes in the certificate.
    pub nodes: usize,
    /// Maker moves answered by a sibling's zone, and by a stronger move.
    pub zoned: u64,
    pub dominated: u64,
    /// References to nodes checked before (the third format): positions reached again,
    /// the same or a mirror image.
    pub references: u64,
    /// Whether strategy stealing makes that a draw (the empty board, the usual rule, the
    /// first player as maker).
    pub draw: bool,
}

/// Why a certificate was refused.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("not a certificate: {0}")]
    Syntax(#[from] serde_json::Error),
    #[error("unknown certificate format '{0}'")]
    Format(String),
    #[error("the position does not read: {0}")]
    Position(String),
    #[error("node {node}: {why}")]
    Invalid { node: usize, why: String },
    #[error("the file is damaged: {0}")]
    Damaged(String),
    #[error("cannot read the certificate: {0}")]
    Read(String),
}

/// One stone colour on the checker's board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stone {
    Empty,
    Maker,
    Breaker,
}

/// A set of cells: a zone, the cells the breaker's refutation of a position depends on.
///
/// A zone Z of a position P is checked to mean: the breaker stops the maker in every
/// position that differs from P only by maker stones taken away, breaker stones added, and
/// maker stones added on cells outside Z (the same side to move). A pairing's zone is its
/// cells; the potential's, the empty cells of open lines; no open line, none. A breaker
/// node's zone is its child's and the reply. A maker node's is each branch's zone without
/// the branch's cell (with it when the branch stands for other cells, which are swapped
/// with it), and the stronger cells that dominated moves lean on. A maker move on a cell
/// outside a branch's zone then gives a position that differs from that branch's only so,
/// and is refuted by it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct Zone(pub(super) [u64; ZONE_WORDS]);

impl Zone {
    pub(super) fn add(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }
    pub(super) fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }
    pub(super) fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }
    pub(super) fn join(&mut self, other: &Zone) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

/// The checker's board: stones, whose turn, and the rule's lines as cell lists.
#[derive(Clone)]
pub(super) struct Game {
    pub(super) stones: Vec<Stone>,
    pub(super) maker_to_move: bool,
    lines: Arc<Lines>,
    k: usize,
}

/// The rule's lines: the cells of each, and the lines through each cell.
struct Lines {
    cells: Vec<Vec<usize>>,
    through: Vec<Vec<usize>>,
}

/// Checks the certificate in `text` (JSON: the first and second formats).
pub fn verify(text: &str) -> Result<Checked, VerifyError> {
    verify_bytes(text.as_bytes())
}

/// Checks a certificate of any format held in memory.
pub fn verify_bytes(bytes: &[u8]) -> Result<Checked, VerifyError> {
    if stream::is_binary(bytes) {
        return stream::verify(|| Ok(bytes));
    }
    verify_json(serde_json::from_slice(bytes)?)
}

/// Checks the certificate in the file `path`: the third format as a stream (read twice,
/// never whole), the JSON ones read whole.
pub fn verify_file(path: &Path) -> Result<Checked, VerifyError> {
    let read = |e: std::io::Error| VerifyError::Read(format!("{}: {e}", path.display()));
    let mut file = std::fs::File::open(path).map_err(read)?;
    let mut start = Vec::new();
    (&mut file)
        .take(stream::MAGIC.len() as u64 + 1)
        .read_to_end(&mut start)
        .map_err(read)?;
    if stream::is_binary(&start) {
        let open =
            || std::fs::File::open(path).map(|f| std::io::BufReader::with_capacity(1 << 20, f));
        return stream::verify(open);
    }
    file.read_to_end(&mut start).map_err(read)?;
    verify_bytes(&start)
}

fn verify_json(certificate: Certificate) -> Result<Checked, VerifyError> {
    let Some(version) = FORMATS.iter().position(|f| *f == certificate.format) else {
        return Err(VerifyError::Format(certificate.format));
    };
    if certificate.nodes.len() > MAX_NODES || certificate.nodes.is_empty() {
        return Err(VerifyError::Invalid {
            node: 0,
            why: format!("a certificate holds 1 to {MAX_NODES} nodes"),
        });
    }
    let position = start_position(certificate.rule, &certificate.position)?;
    let game = Game::new(&position, certificate.maker);
    let mut checker = Checker::new(&certificate.nodes, version > 0);
    checker.check(0, &game)?;
    let draw = proves_draw(&position, certificate.maker);
    Ok(Checked {
        rule: certificate.rule,
        position,
        maker: certificate.maker,
        nodes: certificate.nodes.len(),
        zoned: checker.zoned,
        dominated: checker.dominated,
        references: 0,
        draw,
    })
}

/// The position a certificate starts from, refused when it does not read, is over, or is
/// too large for the checker.
pub(super) fn start_position(rule: Rule, notation: &str) -> Result<Position, VerifyError> {
    let position = Position::from_notation(rule, notation)
        .map_err(|e| VerifyError::Position(e.to_string()))?;
    if position.is_over() {
        return Err(VerifyError::Position(
            "the game is already over".to_string(),
        ));
    }
    if position.rule().cells() > ZONE_WORDS * 64 {
        return Err(VerifyError::Position("the board is too large".to_string()));
    }
    Ok(position)
}

/// Whether strategy stealing makes a proof that `maker` cannot make K in a row from
/// `position` a draw: the empty board, the usual rule, the first player as maker.
pub(super) fn proves_draw(position: &Position, maker: Side) -> bool {
    position.stones() == 0 && !position.rule().exact() && maker == Side::X
}

impl Game {
    pub(super) fn new(position: &Position, maker: Side) -> Game {
        let geometry = position.geometry();
        let cells: Vec<Vec<usize>> = (0..geometry.window_count())
            .map(|id| {
                geometry
                    .window(id)
                    .iter()
                    .map(|&c| usize::from(c))
                    .collect()
            })
            .collect();
        let mut through = vec![Vec::new(); position.rule().cells()];
        for (id, line) in cells.iter().enumerate() {
            for &c in line {
                through[c].push(id);
            }
        }
        let stones = position
            .board()
            .iter()
            .map(|s| match s {
                None => Stone::Empty,
                Some(side) if *side == maker => Stone::Maker,
                Some(_) => Stone::Breaker,
            })
            .collect();
        Game {
            stones,
            maker_to_move: position.side_to_move() == maker,
            lines: Arc::new(Lines { cells, through }),
            k: position.rule().k(),
        }
    }

    /// Whether line `id` holds no breaker stone.
    pub(super) fn is_open(&self, id: usize) -> bool {
        self.lines.cells[id]
            .iter()
            .all(|&c| self.stones[c] != Stone::Breaker)
    }

    /// The lines without a breaker stone.
    pub(super) fn open_lines(&self) -> impl Iterator<Item = &Vec<usize>> {
        self.lines
            .cells
            .iter()
            .filter(|line| line.iter().all(|&c| self.stones[c] != Stone::Breaker))
    }

    /// Whether the maker has filled a line.
    pub(super) fn maker_has_line(&self) -> bool {
        self.open_lines()
            .any(|line| line.iter().all(|&c| self.stones[c] == Stone::Maker))
    }

    /// The open lines through `cell`, as indices into the line list.
    pub(super) fn open_lines_through(&self, cell: usize) -> Vec<usize> {
        self.lines.through[cell]
            .iter()
            .copied()
            .filter(|&id| self.is_open(id))
            .collect()
    }

    /// The maker's moves that matter: the empty cells of open lines.
    pub(super) fn moves(&self) -> Vec<usize> {
        let mut on_open = vec![false; self.stones.len()];
        for line in self.open_lines() {
            for &c in line {
                on_open[c] |= self.stones[c] == Stone::Empty;
            }
        }
        (0..self.stones.len()).filter(|&c| on_open[c]).collect()
    }

    /// Plays `cell` for the side to move, refusing a taken or missing cell.
    pub(super) fn play(&self, cell: usize) -> Result<Game, String> {
        if self.stones.get(cell) != Some(&Stone::Empty) {
            return Err(format!("cell {cell} is not an empty cell of the board"));
        }
        let mut next = self.clone();
        next.stones[cell] = if self.maker_to_move {
            Stone::Maker
        } else {
            Stone::Breaker
        };
        next.maker_to_move = !self.maker_to_move;
        Ok(next)
    }
}

/// The walk over the certificate's nodes, each checked once: a node named by more than one
/// parent is remembered (its position and zone), and must be the same position each time.
struct Checker<'a> {
    nodes: &'a [Node],
    /// Whether the second format's nodes are allowed.
    cuts: bool,
    /// Nodes named more than once (the root counts as named).
    shared: Vec<bool>,
    seen: HashMap<usize, (Vec<Stone>, bool, Option<Zone>)>,
    zoned: u64,
    dominated: u64,
}

impl<'a> Checker<'a> {
    fn new(nodes: &'a [Node], cuts: bool) -> Checker<'a> {
        let mut named = vec![0u8; nodes.len()];
        let mut name = |id: usize| {
            if let Some(n) = named.get_mut(id) {
                *n = n.saturating_add(1);
            }
        };
        name(0);
        for node in nodes {
            match node {
                Node::Maker(branches) => branches.iter().for_each(|b| name(b.1)),
                Node::MakerCut(cut) => cut.branches.iter().for_each(|b| name(b.1)),
                Node::Breaker(_, child) => name(*child),
                _ => {}
            }
        }
        Checker {
            nodes,
            cuts,
            shared: named.into_iter().map(|n| n > 1).collect(),
            seen: HashMap::new(),
            zoned: 0,
            dominated: 0,
        }
    }

    /// Checks node `id` as the position of `game` and returns its zone.
    fn check(&mut self, id: usize, game: &Game) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        let node = self
            .nodes
            .get(id)
            .ok_or_else(|| invalid("a child names a node that does not exist".to_string()))?;
        if self.shared[id] {
            if let Some((stones, maker_to_move, zone)) = self.seen.get(&id) {
                return match zone {
                    Some(zone)
                        if *stones == game.stones && *maker_to_move == game.maker_to_move =>
                    {
                        Ok(*zone)
                    }
                    _ => Err(invalid("reached again as a different position".to_string())),
                };
            }
            self.seen
                .insert(id, (game.stones.clone(), game.maker_to_move, None));
        }
        if game.maker_has_line() {
            return Err(invalid("the maker has already made K in a row".to_string()));
        }
        let zone = self.node(id, node, game)?;
        if let Some(seen) = self.seen.get_mut(&id) {
            seen.2 = Some(zone);
        }
        Ok(zone)
    }

    fn node(&mut self, id: usize, node: &Node, game: &Game) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        match node {
            Node::Maker(branches) => self.maker(id, game, branches, &[], &[]),
            Node::MakerCut(_) if !self.cuts => Err(invalid(
                "a node of the second format in a certificate of the first".to_string(),
            )),
            Node::MakerCut(cut) => self.maker(id, game, &cut.branches, &cut.zoned, &cut.dominated),
            Node::Breaker(cell, child) => {
                if game.maker_to_move {
                    return Err(invalid(
                        "a breaker move where the maker is to move".to_string(),
                    ));
                }
                let next = game.play(*cell).map_err(invalid)?;
                let mut zone = self.check(*child, &next)?;
                zone.add(*cell);
                Ok(zone)
            }
            Node::Pairing(pairs) => check_pairing(game, pairs).map_err(invalid),
            Node::Potential => check_potential(game).map_err(invalid),
            Node::NoLines => match game.open_lines().next() {
                None => Ok(Zone::default()),
                Some(_) => Err(invalid("an open line is left".to_string())),
            },
        }
    }

    /// A maker node: every empty cell of an open line is answered once, by a branch (the
    /// cells of a branch lie on the same open lines, and its child holds), by a branch whose
    /// zone leaves the cell out, or by a cell with strictly more open lines through it (a
    /// move that matters, so answered itself).
    fn maker(
        &mut self,
        id: usize,
        game: &Game,
        branches: &[(Vec<usize>, usize)],
        zoned: &[(usize, usize)],
        dominated: &[(usize, usize)],
    ) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        if !game.maker_to_move {
            return Err(invalid(
                "maker moves where the breaker is to move".to_string(),
            ));
        }
        let mut answers = Answers::new(game);
        let (zone, zones) = self.branches(id, game, branches, &mut answers)?;
        let mut counts = (self.zoned, self.dominated);
        let zone = answer_cuts(
            game,
            &mut answers,
            &zones,
            zone,
            zoned,
            dominated,
            &mut counts,
        )
        .map_err(invalid)?;
        (self.zoned, self.dominated) = counts;
        Ok(zone)
    }

    /// Checks a maker node's branches; returns the node's zone so far and each branch's
    /// child's zone.
    fn branches(
        &mut self,
        id: usize,
        game: &Game,
        branches: &[(Vec<usize>, usize)],
        answers: &mut Answers,
    ) -> Result<(Zone, Vec<Zone>), VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        let mut zone = Zone::default();
        let mut zones = Vec::with_capacity(branches.len());
        for (cells, child) in branches {
            let first = *cells
                .first()
                .ok_or_else(|| invalid("a branch without a cell".to_string()))?;
            let next = game.play(first).map_err(invalid)?;
            let lines = game.open_lines_through(first);
            for &cell in cells {
                answers.claim(cell).map_err(invalid)?;
                if game.open_lines_through(cell) != lines {
                    return Err(invalid(format!(
                        "cells {first} and {cell} are on different open lines"
                    )));
                }
            }
            let mut own = self.check(*child, &next)?;
            zones.push(own);
            own.remove(first);
            if cells.len() > 1 {
                own.add(first);
            }
            zone.join(&own);
        }
        Ok((zone, zones))
    }
}

/// Checks a maker node's moves answered by a branch's zone (`zoned`) and by a stronger cell
/// (`dominated`), after its branches (`zones`, and the node's zone from them); then that
/// every move is answered. Returns the node's zone and counts the cuts in `counts`.
pub(super) fn answer_cuts(
    game: &Game,
    answers: &mut Answers,
    zones: &[Zone],
    mut zone: Zone,
    zoned: &[(usize, usize)],
    dominated: &[(usize, usize)],
    counts: &mut (u64, u64),
) -> Result<Zone, String> {
    for &(cell, branch) in zoned {
        answers.claim(cell)?;
        match zones.get(branch) {
            Some(z) if !z.has(cell) => counts.0 += 1,
            Some(_) => {
                return Err(format!(
                    "cell {cell} lies in the zone of branch {branch}, which does not answer it"
                ));
            }
            None => return Err(format!("there is no branch {branch}")),
        }
    }
    for &(cell, by) in dominated {
        answers.claim(cell)?;
        if !dominates(game, by, cell) {
            return Err(format!(
                "cell {by} does not dominate cell {cell}: it is not empty, not every open \
                 line through {cell} goes through it, or they are on the same lines"
            ));
        }
        zone.add(by);
        counts.1 += 1;
    }
    if let Some(&cell) = answers.moves.iter().find(|&&c| !answers.answered[c]) {
        return Err(format!("the maker's move on cell {cell} is not answered"));
    }
    Ok(zone)
}

/// The maker moves of a node and which are answered.
pub(super) struct Answers {
    pub(super) moves: Vec<usize>,
    pub(super) answered: Vec<bool>,
}

impl Answers {
    pub(super) fn new(game: &Game) -> Answers {
        Answers {
            moves: game.moves(),
            answered: vec![false; game.stones.len()],
        }
    }

    /// Marks `cell` answered; refuses a cell that is no move or is answered already.
    pub(super) fn claim(&mut self, cell: usize) -> Result<(), String> {
        if !self.moves.contains(&cell) || self.answered[cell] {
            return Err(format!(
                "cell {cell} is not a maker move that matters, or is answered twice"
            ));
        }
        self.answered[cell] = true;
        Ok(())
    }
}

/// Whether the empty cell `by` has every open line through `cell` and more.
pub(super) fn dominates(game: &Game, by: usize, cell: usize) -> bool {
    if game.stones.get(by) != Some(&Stone::Empty) {
        return false;
    }
    let (weak, strong) = (game.open_lines_through(cell), game.open_lines_through(by));
    weak.iter().all(|line| strong.contains(line)) && weak != strong
}

/// The pairs are disjoint pairs of empty cells and every open line holds one of them; the
/// zone is the pairs' cells.
pub(super) fn check_pairing(game: &Game, pairs: &[(usize, usize)]) -> Result<Zone, String> {
    let mut used = vec![false; game.stones.len()];
    let mut zone = Zone::default();
    for &(a, b) in pairs {
        for cell in [a, b] {
            if game.stones.get(cell) != Some(&Stone::Empty) || used[cell] {
                return Err(format!(
                    "pair cell {cell} is taken, off the board or paired twice"
                ));
            }
            used[cell] = true;
            zone.add(cell);
        }
        if a == b {
            return Err(format!("cell {a} is paired with itself"));
        }
    }
    for line in game.open_lines() {
        if !pairs
            .iter()
            .any(|(a, b)| line.contains(a) && line.contains(b))
        {
            return Err(format!(
                "the open line through cells {line:?} holds no pair"
            ));
        }
    }
    Ok(zone)
}

/// The sum over open lines of 2^(maker stones) is below 2^K with the breaker to move, or
/// below 2^(K-1) with the maker to move (the Erdős–Selfridge criterion); the zone is the
/// empty cells of open lines.
pub(super) fn check_potential(game: &Game) -> Result<Zone, String> {
    let sum: u128 = game
        .open_lines()
        .map(|line| {
            1u128
                << line
                    .iter()
                    .filter(|&&c| game.stones[c] == Stone::Maker)
                    .count()
        })
        .sum();
    let bound = if game.maker_to_move {
        1u128 << (game.k - 1)
    } else {
        1u128 << game.k
    };
    if sum < bound {
        let mut zone = Zone::default();
        game.moves().into_iter().for_each(|c| zone.add(c));
        Ok(zone)
    } else {
        Err(format!("the potential {sum} is not below {bound}"))
    }
}
