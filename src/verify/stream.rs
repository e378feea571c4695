//! The third format: a binary stream of records, parent before children, which the checker
//! reads twice and never holds whole.
//!
//! ```text
//! tictactoe maker-breaker proof 3\n
//! {"rule":{...},"position":"...","maker":"X"}\n
//! records, the root's first; numbers are LEB128 varints:
//!   0x01 maker node, then its items:
//!          0x10 branch: count, cells, then the child (a node record or a reference)
//!          0x11 cuts, which end the node: count, (cell, branch) pairs, count, (cell, by) pairs
//!   0x02 breaker node: cell, then the child
//!   0x03 pairing: count, (a, b) pairs
//!   0x04 potential        0x05 no lines
//!   0x06 reference: node id, symmetry
//!   0xff end: node count, then the FNV-1a 64-bit hash of every byte before it
//!        (little-endian, 8 bytes)
//! ```
//!
//! Nodes are numbered in the order they appear, the root 0; a reference is no node. A
//! reference to node `n` with symmetry `s` (an index into the rules layer's symmetry maps of
//! the board) says that the position here is `n`'s moved by `s`: `n`'s stone on cell `c` is
//! here on `map_s[c]`. Symmetries send lines to lines, so the same refutation, moved, holds
//! here, and its zone is `n`'s moved.
//!
//! The first pass checks the hash, the end record and the node count, and counts the
//! references to each node. The second replays the tree from the root, as the JSON formats'
//! check does, and keeps the position and zone of a node only while references to it are
//! still to come: a reference is accepted only when the node it names is checked already and
//! its position, moved by the symmetry, is the position here.

use std::collections::HashMap;
use std::io::{self, Read};

use serde::Deserialize;

use super::checked::{Checked, MAX_NODES, VerifyError, proves_draw, start_position};
use super::claims::{Answers, answer_cuts, check_pairing, check_potential};
use super::game::{CheckerBoard, Stone, Zone};
use crate::rules::{Rule, Side};

/// The first line of the third format.
pub(super) const MAGIC: &str = "tictactoe maker-breaker proof 3";

mod tag {
    pub const MAKER: u8 = 0x01;
    pub const BREAKER: u8 = 0x02;
    pub const PAIRING: u8 = 0x03;
    pub const POTENTIAL: u8 = 0x04;
    pub const NO_LINES: u8 = 0x05;
    pub const REFERENCE: u8 = 0x06;
    pub const BRANCH: u8 = 0x10;
    pub const CUTS: u8 = 0x11;
    pub const END: u8 = 0xff;
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The longest header line read.
const HEADER_MAX: usize = 1 << 16;

/// Whether `bytes` begin with the third format's first line.
pub(super) fn is_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC.as_bytes()) && bytes.get(MAGIC.len()) == Some(&b'\n')
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    rule: Rule,
    position: String,
    maker: Side,
}

/// Bytes read one at a time through a buffer, counted and hashed.
struct Source<R: Read> {
    input: R,
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    /// Bytes consumed, and their hash.
    at: u64,
    hash: u64,
}

impl<R: Read> Source<R> {
    fn new(input: R) -> Source<R> {
        Source {
            input,
            buffer: vec![0; 1 << 16],
            start: 0,
            end: 0,
            at: 0,
            hash: FNV_OFFSET,
        }
    }

    /// The next byte, or `None` at the end of the file.
    fn next(&mut self) -> Result<Option<u8>, VerifyError> {
        if self.start == self.end {
            self.end = loop {
                match self.input.read(&mut self.buffer) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(VerifyError::Read(e.to_string())),
                }
            };
            self.start = 0;
            if self.end == 0 {
                return Ok(None);
            }
        }
        let byte = self.buffer[self.start];
        self.start += 1;
        self.at += 1;
        self.hash = (self.hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
        Ok(Some(byte))
    }

    fn byte(&mut self) -> Result<u8, VerifyError> {
        self.next()?
            .ok_or_else(|| VerifyError::Damaged(format!("cut short after {} bytes", self.at)))
    }

    fn varint(&mut self) -> Result<u64, VerifyError> {
        let mut value: u64 = 0;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                if shift == 63 && byte > 1 {
                    break;
                }
                return Ok(value);
            }
        }
        Err(VerifyError::Damaged(format!(
            "a number too large for 64 bits ends at byte {}",
            self.at
        )))
    }

    /// A line of at most `max` bytes, without its newline.
    fn line(&mut self, max: usize) -> Result<Vec<u8>, VerifyError> {
        let mut line = Vec::new();
        loop {
            match self.byte()? {
                b'\n' => return Ok(line),
                _ if line.len() >= max => {
                    return Err(VerifyError::Damaged(format!(
                        "a header line is longer than {max} bytes"
                    )));
                }
                b => line.push(b),
            }
        }
    }
}

/// Reads the two header lines: the rule, the position and the maker.
fn header<R: Read>(source: &mut Source<R>) -> Result<Header, VerifyError> {
    let magic = source.line(MAGIC.len())?;
    if magic != MAGIC.as_bytes() {
        return Err(VerifyError::Format(
            String::from_utf8_lossy(&magic).into_owned(),
        ));
    }
    let header = source.line(HEADER_MAX)?;
    Ok(serde_json::from_slice(&header)?)
}

/// Checks a certificate of the third format; `open` gives the file from its start, once
/// for each pass.
pub(super) fn verify<R: Read>(open: impl Fn() -> io::Result<R>) -> Result<Checked, VerifyError> {
    let read = |e: io::Error| VerifyError::Read(e.to_string());
    let refs = first_pass(Source::new(open().map_err(read)?))?;
    let mut source = Source::new(open().map_err(read)?);
    let header = header(&mut source)?;
    let position = start_position(header.rule, &header.position)?;
    let game = CheckerBoard::new(&position, header.maker);
    let geometry = position.geometry();
    let maps = (0..geometry.symmetries().len())
        .map(|n| {
            geometry
                .symmetry_map(n)
                .iter()
                .map(|&c| usize::from(c))
                .collect()
        })
        .collect();
    let mut checker = Stream {
        source,
        next: 0,
        refs,
        memo: HashMap::new(),
        maps,
        words: game.stones.len().div_ceil(64),
        zoned: 0,
        dominated: 0,
        references: 0,
    };
    let tag = checker.source.byte()?;
    if tag == tag::REFERENCE {
        return Err(VerifyError::Invalid {
            node: 0,
            why: "the root is a reference".to_string(),
        });
    }
    checker.node(tag, &game)?;
    if checker.source.byte()? != tag::END {
        return Err(VerifyError::Invalid {
            node: 0,
            why: "records follow the root's tree".to_string(),
        });
    }
    Ok(Checked {
        rule: header.rule,
        maker: header.maker,
        nodes: checker.next as usize,
        zoned: checker.zoned,
        dominated: checker.dominated,
        references: checker.references,
        draw: proves_draw(&position, header.maker),
        position,
    })
}

/// The first pass: the records' syntax, the node count and the hash; returns how many
/// references name each node (255 for 255 or more).
fn first_pass<R: Read>(mut source: Source<R>) -> Result<Vec<u8>, VerifyError> {
    header(&mut source)?;
    let mut refs: Vec<u8> = Vec::new();
    let damaged = |what: String| VerifyError::Damaged(what);
    loop {
        let at = source.at;
        let tag = source.byte()?;
        let lists = match tag {
            tag::MAKER | tag::POTENTIAL | tag::NO_LINES => 0,
            tag::BREAKER => {
                source.varint()?;
                0
            }
            tag::PAIRING => 2,
            tag::BRANCH => 1,
            tag::CUTS => 0,
            tag::REFERENCE => {
                let id = source.varint()?;
                source.varint()?;
                if let Some(count) = usize::try_from(id).ok().and_then(|i| refs.get_mut(i)) {
                    *count = count.saturating_add(1);
                }
                continue;
            }
            tag::END => break,
            other => {
                return Err(damaged(format!(
                    "an unknown record {other:#04x} at byte {at}"
                )));
            }
        };
        if matches!(
            tag,
            tag::MAKER | tag::BREAKER | tag::PAIRING | tag::POTENTIAL | tag::NO_LINES
        ) {
            if refs.len() >= MAX_NODES {
                return Err(damaged(format!(
                    "more than {MAX_NODES} nodes, the most the checker takes"
                )));
            }
            refs.push(0);
        }
        if tag == tag::CUTS {
            for _ in 0..2 {
                let n = source.varint()?;
                for _ in 0..n.saturating_mul(2) {
                    source.varint()?;
                }
            }
        } else if lists > 0 {
            let n = source.varint()?;
            for _ in 0..n.saturating_mul(lists) {
                source.varint()?;
            }
        }
    }
    let count = source.varint()?;
    if count != refs.len() as u64 {
        return Err(damaged(format!(
            "the end record counts {count} nodes, the file holds {}",
            refs.len()
        )));
    }
    let hash = source.hash;
    let mut written = [0u8; 8];
    for byte in &mut written {
        *byte = source.byte()?;
    }
    if u64::from_le_bytes(written) != hash {
        return Err(damaged(
            "its hash does not match its contents (a byte was changed)".to_string(),
        ));
    }
    if source.next()?.is_some() {
        return Err(damaged("bytes follow the end record".to_string()));
    }
    Ok(refs)
}

/// A node checked whose references are still to come.
struct Memo {
    /// References still to come (255: kept to the end).
    left: u8,
    maker_to_move: bool,
    /// The maker's stones, the breaker's stones and the zone, `words` words each.
    bits: Box<[u64]>,
}

/// The second pass.
struct Stream<R: Read> {
    source: Source<R>,
    /// The next node's id.
    next: u64,
    /// References to each node, from the first pass.
    refs: Vec<u8>,
    memo: HashMap<u64, Memo>,
    /// Where each cell goes under each symmetry of the board.
    maps: Vec<Vec<usize>>,
    /// Words of a cell set in a [`Memo`].
    words: usize,
    zoned: u64,
    dominated: u64,
    references: u64,
}

impl<R: Read> Stream<R> {
    /// A count of at most `max` (a list on the board), else the reason.
    fn count(&mut self, max: usize) -> Result<usize, VerifyError> {
        let n = self.source.varint()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| {
                VerifyError::Damaged(format!(
                    "a list of {n} entries, more than the board's {max} cells, before byte {}",
                    self.source.at
                ))
            })
    }

    /// A cell (checked against the board where it is used).
    fn cell(&mut self) -> Result<usize, VerifyError> {
        Ok(usize::try_from(self.source.varint()?).unwrap_or(usize::MAX))
    }

    fn pairs(&mut self, max: usize) -> Result<Vec<(usize, usize)>, VerifyError> {
        let n = self.count(max)?;
        (0..n).map(|_| Ok((self.cell()?, self.cell()?))).collect()
    }

    /// The child of node `parent`: a node or a reference.
    fn child(&mut self, parent: u64, game: &CheckerBoard) -> Result<Zone, VerifyError> {
        let tag = self.source.byte()?;
        if tag != tag::REFERENCE {
            return self.node(tag, game);
        }
        let id = self.source.varint()?;
        let symmetry = self.source.varint()?;
        self.reference(parent, id, symmetry, game)
    }

    /// The node whose record begins with `tag`, as the position of `game`; returns its zone.
    fn node(&mut self, tag: u8, game: &CheckerBoard) -> Result<Zone, VerifyError> {
        let id = self.next;
        self.next += 1;
        let invalid = |why: String| VerifyError::Invalid {
            node: id as usize,
            why,
        };
        if !matches!(
            tag,
            tag::MAKER | tag::BREAKER | tag::PAIRING | tag::POTENTIAL | tag::NO_LINES
        ) {
            return Err(invalid(format!(
                "a record {tag:#04x} where a node is expected"
            )));
        }
        if game.maker_has_line() {
            return Err(invalid("the maker has already made K in a row".to_string()));
        }
        let cells = game.stones.len();
        let zone = match tag {
            tag::MAKER => self.maker(id, game)?,
            tag::BREAKER => {
                if game.maker_to_move {
                    return Err(invalid(
                        "a breaker move where the maker is to move".to_string(),
                    ));
                }
                let cell = self.cell()?;
                let next = game.play(cell).map_err(invalid)?;
                let mut zone = self.child(id, &next)?;
                zone.add(cell);
                zone
            }
            tag::PAIRING => {
                let pairs = self.pairs(cells)?;
                check_pairing(game, &pairs).map_err(invalid)?
            }
            tag::POTENTIAL => check_potential(game).map_err(invalid)?,
            _ => match game.open_lines().next() {
                None => Zone::default(),
                Some(_) => return Err(invalid("an open line is left".to_string())),
            },
        };
        let left = self.refs.get(id as usize).copied().unwrap_or(0);
        if left > 0 {
            let words = self.words;
            let mut bits = vec![0u64; 3 * words].into_boxed_slice();
            for (cell, stone) in game.stones.iter().enumerate() {
                let side = match stone {
                    Stone::Empty => continue,
                    Stone::Maker => 0,
                    Stone::Breaker => words,
                };
                bits[side + cell / 64] |= 1 << (cell % 64);
            }
            bits[2 * words..].copy_from_slice(&zone.0[..words]);
            self.memo.insert(
                id,
                Memo {
                    left,
                    maker_to_move: game.maker_to_move,
                    bits,
                },
            );
        }
        Ok(zone)
    }

    /// A maker node: its branches, then its cuts; every maker move answered once.
    fn maker(&mut self, id: u64, game: &CheckerBoard) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid {
            node: id as usize,
            why,
        };
        if !game.maker_to_move {
            return Err(invalid(
                "maker moves where the breaker is to move".to_string(),
            ));
        }
        let cells = game.stones.len();
        let mut answers = Answers::new(game);
        let mut zone = Zone::default();
        let mut zones = Vec::new();
        loop {
            match self.source.byte()? {
                tag::BRANCH => {
                    let n = self.count(cells)?;
                    let branch: Vec<usize> =
                        (0..n).map(|_| self.cell()).collect::<Result<_, _>>()?;
                    let first = *branch
                        .first()
                        .ok_or_else(|| invalid("a branch without a cell".to_string()))?;
                    let next = game.play(first).map_err(invalid)?;
                    let lines = game.open_lines_through(first);
                    for &cell in &branch {
                        answers.claim(cell).map_err(invalid)?;
                        if game.open_lines_through(cell) != lines {
                            return Err(invalid(format!(
                                "cells {first} and {cell} are on different open lines"
                            )));
                        }
                    }
                    let mut own = self.child(id, &next)?;
                    zones.push(own);
                    own.remove(first);
                    if n > 1 {
                        own.add(first);
                    }
                    zone.join(&own);
                }
                tag::CUTS => {
                    let zoned = self.pairs(cells)?;
                    let dominated = self.pairs(cells)?;
                    let mut counts = (self.zoned, self.dominated);
                    let zone = answer_cuts(
                        game,
                        &mut answers,
                        &zones,
                        zone,
                        &zoned,
                        &dominated,
                        &mut counts,
                    )
                    .map_err(invalid)?;
                    (self.zoned, self.dominated) = counts;
                    return Ok(zone);
                }
                other => {
                    return Err(invalid(format!(
                        "a record {other:#04x} inside a maker node, where a branch or the \
                         cuts are expected"
                    )));
                }
            }
        }
    }

    /// A reference from node `parent` to node `id` moved by `symmetry`, for the position of
    /// `game`; returns the zone of `id` moved.
    fn reference(
        &mut self,
        parent: u64,
        id: u64,
        symmetry: u64,
        game: &CheckerBoard,
    ) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid {
            node: parent as usize,
            why,
        };
        if id >= self.next {
            return Err(invalid(format!(
                "a child refers to node {id}, which is not written before it"
            )));
        }
        let Some(map) = usize::try_from(symmetry)
            .ok()
            .and_then(|s| self.maps.get(s))
        else {
            return Err(invalid(format!(
                "a child refers to node {id} by symmetry {symmetry}, which this board does \
                 not have"
            )));
        };
        let Some(memo) = self.memo.get_mut(&id) else {
            return Err(invalid(format!(
                "a child refers to node {id}, whose check has not finished (a node cannot \
                 lie below itself)"
            )));
        };
        let words = self.words;
        let has = |bits: &[u64], cell: usize| bits[cell / 64] >> (cell % 64) & 1 == 1;
        let same = memo.maker_to_move == game.maker_to_move
            && map.iter().enumerate().all(|(cell, &to)| {
                let stone = if has(&memo.bits[..words], cell) {
                    Stone::Maker
                } else if has(&memo.bits[words..2 * words], cell) {
                    Stone::Breaker
                } else {
                    Stone::Empty
                };
                game.stones.get(to) == Some(&stone)
            });
        if !same {
            return Err(VerifyError::Invalid {
                node: id as usize,
                why: format!(
                    "reached again as a different position (from node {parent}, by symmetry \
                     {symmetry})"
                ),
            });
        }
        let mut zone = Zone::default();
        for (cell, &to) in map.iter().enumerate() {
            if has(&memo.bits[2 * words..], cell) {
                zone.add(to);
            }
        }
        if memo.left != u8::MAX {
            memo.left -= 1;
            if memo.left == 0 {
                self.memo.remove(&id);
            }
        }
        self.references += 1;
        Ok(zone)
    }
}
