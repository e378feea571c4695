//! Learned tables on pattern codes ([`super::pattern_code`]): for every code, what a cell of
//! that code is worth to the evaluation (once when its side is to move, once when it waits)
//! and to the move ordering (to the side that plays there, and to the side that would block
//! it there), and a term for the threats each side has on the board. One set of tables for
//! each way a code can be read: freestyle, exactly five, and renju's black and white apart.
//!
//! The position's value for the side to move is the sum of its empty cells' terms, less the
//! sum of the opponent's, plus the threat term; the engine's board keeps the sums move by move
//! ([`super::lines::PatternBoard`]). A move's ordering score is the mover's attack score of its
//! code there plus the defence score of the opponent's code there.
//!
//! The tables are data (`assets/gomoku/codes.bin`, fitted to game results by
//! `examples/code_tables.rs`, their provenance in `assets/gomoku/codes.txt`), embedded by the
//! build. The engine plays with them by default, reading from them what [`Uses::DEFAULT`]
//! says; the environment variable `TICTACTOE_GOMOKU_EVAL` selects other parts (`codes/PARTS`),
//! the tables of another file (`codes:PATH`), or the hand-tuned pattern evaluation of
//! [`super::eval`] (`patterns`), for the whole process ([`selected`]). An engine may pin the
//! pattern evaluation for itself (`EngineConfig::gomoku_eval`), where its caller's numbers
//! are on that evaluation's scale.
//!
//! The file: the eight bytes `GMKCODE1`, then each set in the order of [`CodeSet::ALL`]: the
//! evaluation terms when to move and when waiting, the attack and the defence scores (each
//! [`CODES`] numbers), then the threat terms ([`MASKS`] numbers); every number a
//! little-endian `i16`.

use std::sync::OnceLock;

use crate::rules::{Rule, Side};

use super::line_class::LineRule;
use super::movegen::ROOT_QUIET_MOVES;
use super::pattern_code::{CODES, THREATS, Threat};

/// The tables the build embeds.
const BUILT_IN: &[u8] = include_bytes!("../../../assets/gomoku/codes.bin");

/// The first bytes of a tables file.
pub const MAGIC: &[u8; 8] = b"GMKCODE1";

/// The bits of one side's part of the threat mask (see [`side_threats`]).
pub const SIDE_MASK_BITS: usize = 5;
/// The number of threat masks: both sides' bits.
pub const MASKS: usize = 1 << (2 * SIDE_MASK_BITS);

/// The environment variable that selects the evaluation and move ordering on the tables.
pub const SELECT_VARIABLE: &str = "TICTACTOE_GOMOKU_EVAL";

/// The ways a pattern code is read, one set of tables each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CodeSet {
    /// Five or more wins, both sides.
    Freestyle = 0,
    /// Only exactly five wins, both sides.
    Exact,
    /// Renju's black: exactly five, with forbidden cells.
    RenjuBlack,
    /// Renju's white: five or more.
    RenjuWhite,
}

/// The number of sets.
pub const SETS: usize = 4;

impl CodeSet {
    /// Every set, in the file's order.
    pub const ALL: [CodeSet; SETS] = [
        CodeSet::Freestyle,
        CodeSet::Exact,
        CodeSet::RenjuBlack,
        CodeSet::RenjuWhite,
    ];

    /// The set the codes of `side` are read with under `rule`.
    #[must_use]
    pub fn of(rule: LineRule, side: Side) -> CodeSet {
        match (rule, side) {
            (LineRule::Freestyle, _) => CodeSet::Freestyle,
            (LineRule::ExactFive, _) => CodeSet::Exact,
            (LineRule::Renju, Side::X) => CodeSet::RenjuBlack,
            (LineRule::Renju, Side::O) => CodeSet::RenjuWhite,
        }
    }

    /// The sets of black and of white under a five-in-a-row `rule`.
    #[must_use]
    pub fn of_rule(rule: &Rule) -> [CodeSet; 2] {
        let line = LineRule::of(rule);
        Side::BOTH.map(|side| CodeSet::of(line, side))
    }

    /// The set's name, as the trainer prints it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CodeSet::Freestyle => "freestyle",
            CodeSet::Exact => "exact five",
            CodeSet::RenjuBlack => "renju black",
            CodeSet::RenjuWhite => "renju white",
        }
    }
}

/// The tables of one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeTable {
    /// `eval[0][code]`: an empty cell's term when its code's side is to move;
    /// `eval[1][code]` when the side waits.
    pub eval: [Vec<i16>; 2],
    /// `attack[code]`: a move's worth to its side where the side's code is `code`.
    pub attack: Vec<i16>,
    /// `defence[code]`: a move's worth to the side that plays it where the opponent's code is
    /// `code` (read with the opponent's set).
    pub defence: Vec<i16>,
    /// `mask[m]`: the term of the side to move for the threat mask `m` ([`threat_mask`]).
    pub mask: Vec<i16>,
}

impl CodeTable {
    /// Tables of zeros.
    #[must_use]
    pub fn zero() -> CodeTable {
        CodeTable {
            eval: [vec![0; CODES], vec![0; CODES]],
            attack: vec![0; CODES],
            defence: vec![0; CODES],
            mask: vec![0; MASKS],
        }
    }

    fn parts(&self) -> [&[i16]; 5] {
        [
            &self.eval[0],
            &self.eval[1],
            &self.attack,
            &self.defence,
            &self.mask,
        ]
    }
}

/// Every set's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeTables {
    /// By [`CodeSet`].
    pub sets: [CodeTable; SETS],
}

/// The number of `i16` of one set in the file.
const SET_NUMBERS: usize = 4 * CODES + MASKS;

impl CodeTables {
    /// Tables of zeros.
    #[must_use]
    pub fn zero() -> CodeTables {
        CodeTables {
            sets: std::array::from_fn(|_| CodeTable::zero()),
        }
    }

    /// The tables the build embeds, read once.
    #[must_use]
    pub fn built_in() -> &'static CodeTables {
        static TABLES: OnceLock<CodeTables> = OnceLock::new();
        // The file is part of the build, and a unit test reads it: it cannot be damaged at
        // run time.
        TABLES.get_or_init(|| CodeTables::from_bytes(BUILT_IN).expect("the embedded tables"))
    }

    /// The tables of `set`.
    #[inline]
    #[must_use]
    pub fn set(&self, set: CodeSet) -> &CodeTable {
        &self.sets[set as usize]
    }

    /// The tables as the file keeps them.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(MAGIC.len() + SETS * SET_NUMBERS * 2);
        out.extend_from_slice(MAGIC);
        for table in &self.sets {
            for part in table.parts() {
                for n in part {
                    out.extend_from_slice(&n.to_le_bytes());
                }
            }
        }
        out
    }

    /// Tables from a file's bytes, checked: the magic and the exact length.
    pub fn from_bytes(bytes: &[u8]) -> Result<CodeTables, String> {
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a pattern-code tables file (it does not start with GMKCODE1)")?;
        let expected = SETS * SET_NUMBERS * 2;
        if body.len() != expected {
            return Err(format!(
                "a tables file holds {expected} bytes after its first eight, this one {}",
                body.len()
            ));
        }
        let mut numbers = body
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut take = |n: usize| numbers.by_ref().take(n).collect::<Vec<i16>>();
        let sets = std::array::from_fn(|_| CodeTable {
            eval: [take(CODES), take(CODES)],
            attack: take(CODES),
            defence: take(CODES),
            mask: take(MASKS),
        });
        Ok(CodeTables { sets })
    }
}

/// The plies more that `rootlate` reduces the root's late quiet moves by, where it gives none.
pub const DEFAULT_ROOT_LATE: u16 = 2;

/// The scale of the logarithmic reductions, in hundredths, where `lmr` gives none.
pub const DEFAULT_LMR_SCALE: u16 = 50;

/// What the engine reads from the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uses {
    /// The evaluation is the tables' value.
    pub eval: bool,
    /// The moves are ordered by the tables' move scores.
    pub order: bool,
    /// A quiet position's moves are cut to the pattern engine's bound (else all are kept).
    pub cap: bool,
    /// Below the root, once a move that does not lose is found, the moves past a count
    /// that grows with the depth left are not searched (move-count pruning).
    pub prune: bool,
    /// Late moves are reduced by the logarithms of the depth left and of the move's place
    /// (else by the pattern engine's one or two plies).
    pub reduce: bool,
    /// The scale of those reductions, in hundredths.
    pub lmr_scale: u16,
    /// Near the horizon, once a move that does not lose is found, moves whose move score lies
    /// too far below the node's best are not searched.
    pub floor: bool,
    /// The margins of that pruning, in hundredths of their usual values.
    pub floor_scale: u16,
    /// The root keeps the pattern engine's bound on a quiet position's moves (the nodes below
    /// it keep every move unless `cap` says otherwise).
    pub root_cap: bool,
    /// The number of moves of that bound.
    pub root_moves: u16,
    /// One and two plies below the root's moves past the pattern engine's bound at the root,
    /// the VCT inside the search may spend this many nodes (0: it is not asked) instead of
    /// its usual budget.
    pub late_vct: Option<u64>,
    /// Futility pruning: below the plies of the VCT inside the search, a node searched with
    /// a null window whose evaluation lies far above beta (a margin per ply left) is cut
    /// with it; the margins in percent of their usual values (`None`: off).
    pub futility: Option<u16>,
    /// Razoring: there, with one or two plies left, a node whose evaluation lies far below
    /// alpha is cut with it unless a short VCF wins.
    pub razor: bool,
    /// A forced reply to the opponent's four is searched a ply deeper.
    pub four_ext: bool,
    /// At the horizon, a short VCF wherever the side to move has a four to make and its
    /// evaluation lies below beta (not only with a four-three).
    pub horizon_vcf: bool,
    /// Fail-high reductions: a node searched with a null window whose evaluation lies well
    /// above beta is searched a ply shallower.
    pub fail_high: bool,
    /// Move-count pruning keeps half as many moves where the evaluation for the side to move
    /// fell since two plies before (Rapfi's "improving").
    pub improving: bool,
    /// The root's quiet moves past the pattern engine's bound are first searched this many
    /// plies shallower than the reductions say (`None`: as the others).
    pub root_late: Option<u16>,
    /// Singular extensions: the table's move a ply deeper where every other move falls
    /// short of its score by a reduced search (multi-cut where one reaches it above beta).
    pub singular: bool,
}

impl Uses {
    /// What the engine reads from the built-in tables unless told otherwise: the evaluation,
    /// the ordering, move-count pruning (halved where the evaluation fell since two plies
    /// before), the pruning by the move score near the horizon, the pattern engine's bound on
    /// the root's quiet moves, and the reply to a four a ply deeper
    /// (`codes/eval+order+prune+floor+rootcap+fourext+improving`). Without the halving it beat
    /// the pattern engine 56.6% (51.0-62.0) over 312 self-play games (docs/strength.md, "The
    /// last match of the tables engine with `fourext`"), the most of every choice of parts
    /// measured; the halving then won 55.6% (50.1-61.0) over 312 more on openings no earlier
    /// test had played ("Fresh tests on top of the default").
    pub const DEFAULT: Uses = Uses {
        eval: true,
        order: true,
        prune: true,
        floor: true,
        root_cap: true,
        four_ext: true,
        improving: true,
        ..Uses::NONE
    };

    /// The evaluation and the ordering, every move kept.
    pub const ALL: Uses = Uses {
        eval: true,
        order: true,
        ..Uses::NONE
    };

    /// Nothing read from the tables.
    pub const NONE: Uses = Uses {
        eval: false,
        order: false,
        cap: false,
        prune: false,
        reduce: false,
        lmr_scale: DEFAULT_LMR_SCALE,
        floor: false,
        floor_scale: 100,
        root_cap: false,
        root_moves: ROOT_QUIET_MOVES as u16,
        late_vct: None,
        futility: None,
        razor: false,
        four_ext: false,
        horizon_vcf: false,
        fail_high: false,
        improving: false,
        root_late: None,
        singular: false,
    };
}

/// The tables the engine plays with and what it reads from them.
#[derive(Clone, Copy, PartialEq)]
pub struct Selection {
    pub tables: &'static CodeTables,
    pub uses: Uses,
}

impl Selection {
    /// The built-in tables, read as [`Uses::DEFAULT`] says.
    #[must_use]
    pub fn default_tables() -> Selection {
        Selection {
            tables: CodeTables::built_in(),
            uses: Uses::DEFAULT,
        }
    }
}

impl std::fmt::Debug for Selection {
    /// The tables by where they come from, not their numbers.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built_in = std::ptr::eq(self.tables, CodeTables::built_in());
        f.debug_struct("Selection")
            .field("tables", &if built_in { "built-in" } else { "a file's" })
            .field("uses", &self.uses)
            .finish()
    }
}

/// The tables the engine plays with, by the environment variable [`SELECT_VARIABLE`], read
/// once per process: unset, the built-in tables as [`Uses::DEFAULT`] says
/// ([`Selection::default_tables`]); `patterns`, none (the hand-tuned pattern evaluation of
/// [`super::eval`] and its move ordering); `codes`, the built-in tables for the
/// evaluation and the move ordering, every move kept. For measuring, `codes` may be followed
/// by `/` and a `+`-separated choice of `eval`, `order`, `cap` (the pattern engine's bound
/// on the moves of a quiet position), `prune` (move-count pruning), `lmr` (logarithmic late
/// move reductions; `lmrN` with the scale N hundredths instead of 50), `floor` (pruning by the
/// move score near the horizon; `floorN` with the margins at N percent) and `rootcap` (the
/// pattern engine's bound at the root only; `rootcapN` with N moves instead of 20), `latevctN` (a VCT of at most N nodes, none for 0,
/// below the root's moves past that bound), `futility` (a node whose evaluation lies far
/// above beta near the horizon is cut; `futilityN` with the margins at N percent), `razor`
/// (one far below alpha is cut unless a short VCF wins), `fourext` (the reply to a four
/// searched a ply deeper), `qvcf` (a short VCF at the horizon wherever the side to move has
/// a four), `failhigh` (a node far above beta searched a ply shallower), `improving`
/// (move-count pruning halved where the evaluation fell since two plies before), `singular`
/// (the table's move a ply deeper where no other comes near it by a reduced search) and
/// `rootlate` (the root's quiet moves past the pattern engine's bound reduced 2 plies more;
/// `rootlateN`, N plies), and by `:PATH` for the tables of another file
/// (`codes/order+cap:/tmp/codes.bin`). A value that is none of these, or a file that cannot
/// be read as tables, is reported once on standard error and the default is used. This is
/// the default of `EngineConfig::gomoku_eval`; an engine may pin another.
#[must_use]
pub fn selected() -> Option<Selection> {
    static SELECTED: OnceLock<Option<Selection>> = OnceLock::new();
    *SELECTED.get_or_init(|| {
        let Ok(value) = std::env::var(SELECT_VARIABLE) else {
            return Some(Selection::default_tables());
        };
        match choose(&value) {
            Ok(tables) => tables,
            Err(message) => {
                eprintln!(
                    "{SELECT_VARIABLE}: {message}: the default is used (the built-in tables, \
                     codes/{DEFAULT_PARTS})"
                );
                Some(Selection::default_tables())
            }
        }
    })
}

/// The parts of [`Uses::DEFAULT`] as [`SELECT_VARIABLE`] names them.
pub const DEFAULT_PARTS: &str = "eval+order+prune+floor+rootcap+fourext+improving";

/// The selection a value of [`SELECT_VARIABLE`] names.
fn choose(value: &str) -> Result<Option<Selection>, String> {
    if value == "patterns" {
        return Ok(None);
    }
    let bad = || format!("{value:?} is neither \"patterns\" nor \"codes[/PARTS][:PATH]\"");
    let rest = value.strip_prefix("codes").ok_or_else(bad)?;
    let (parts, path) = match rest.split_once(':') {
        Some((parts, path)) => (parts, Some(path)),
        None => (rest, None),
    };
    let uses = match parts.strip_prefix('/') {
        None if parts.is_empty() => Uses::ALL,
        None => return Err(bad()),
        Some(list) => {
            let mut uses = Uses::NONE;
            for part in list.split('+') {
                match part {
                    "eval" => uses.eval = true,
                    "order" => uses.order = true,
                    "cap" => uses.cap = true,
                    "prune" => uses.prune = true,
                    "lmr" => uses.reduce = true,
                    "floor" => uses.floor = true,
                    "rootcap" => uses.root_cap = true,
                    "futility" => uses.futility = Some(100),
                    "razor" => uses.razor = true,
                    "fourext" => uses.four_ext = true,
                    "qvcf" => uses.horizon_vcf = true,
                    "failhigh" => uses.fail_high = true,
                    "improving" => uses.improving = true,
                    "singular" => uses.singular = true,
                    "rootlate" => uses.root_late = Some(DEFAULT_ROOT_LATE),
                    _ => {
                        let digits = part.find(|c: char| c.is_ascii_digit());
                        let (name, n) = part.split_at(digits.unwrap_or(part.len()));
                        match (name, n.parse::<u64>()) {
                            ("latevct", Ok(nodes)) => uses.late_vct = Some(nodes),
                            ("lmr", Ok(scale @ 1..=1000)) => {
                                uses.reduce = true;
                                uses.lmr_scale = scale as u16;
                            }
                            ("rootcap", Ok(moves @ 1..=1000)) => {
                                uses.root_cap = true;
                                uses.root_moves = moves as u16;
                            }
                            ("floor", Ok(percent @ 1..=1000)) => {
                                uses.floor = true;
                                uses.floor_scale = percent as u16;
                            }
                            ("futility", Ok(percent @ 1..=1000)) => {
                                uses.futility = Some(percent as u16);
                            }
                            ("rootlate", Ok(plies @ 1..=10)) => uses.root_late = Some(plies as u16),
                            _ => {
                                return Err(format!(
                                    "{part:?} is none of eval, order, cap, rootcap, rootcapN, \
                                     prune, lmr, lmrN, floor, floorN, futility, futilityN (N \
                                     from 1 to 1000), razor, fourext, qvcf, failhigh, \
                                     improving, singular, rootlate, rootlateN (N from 1 to 10) and \
                                     latevctN (N a number of nodes)"
                                ));
                            }
                        }
                    }
                }
            }
            uses
        }
    };
    let tables = match path {
        None => CodeTables::built_in(),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let tables = CodeTables::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            Box::leak(Box::new(tables))
        }
    };
    Ok(Some(Selection { tables, uses }))
}

/// One side's part of the threat mask from its count of empty cells of each threat: bit 0 a
/// dead four to make, 1 a four-three, 2 a double four (or a flex four), 3 a flex three, 4 two
/// flex threes. (A five to make is settled before any evaluation.)
#[inline]
#[must_use]
pub fn side_threats(counts: &[u16; THREATS]) -> usize {
    let has = |t: Threat| counts[t as usize] > 0;
    usize::from(has(Threat::Dead4) || has(Threat::Dead4Plus))
        | usize::from(has(Threat::FourThree)) << 1
        | usize::from(has(Threat::DoubleFour)) << 2
        | usize::from(has(Threat::Flex3) || has(Threat::Flex3Plus)) << 3
        | usize::from(has(Threat::DoubleFlex3)) << 4
}

/// The threat mask of the side to move: its own bits low, the opponent's high.
#[inline]
#[must_use]
pub fn threat_mask(mine: &[u16; THREATS], theirs: &[u16; THREATS]) -> usize {
    side_threats(mine) | side_threats(theirs) << SIDE_MASK_BITS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_are_read_and_written_back_unchanged() {
        let tables = CodeTables::built_in();
        assert_eq!(tables.to_bytes(), BUILT_IN);
        assert_eq!(&CodeTables::from_bytes(BUILT_IN).unwrap(), tables);
    }

    #[test]
    fn a_damaged_tables_file_is_refused_with_the_reason() {
        assert!(
            CodeTables::from_bytes(b"GMKCODE0")
                .unwrap_err()
                .contains("GMKCODE1")
        );
        let mut short = CodeTables::zero().to_bytes();
        short.pop();
        assert!(
            CodeTables::from_bytes(&short)
                .unwrap_err()
                .contains("bytes")
        );
        let mut tables = CodeTables::zero();
        tables.sets[3].mask[MASKS - 1] = -7;
        tables.sets[2].defence[5] = 300;
        assert_eq!(CodeTables::from_bytes(&tables.to_bytes()).unwrap(), tables);
    }

    #[test]
    fn the_variable_names_the_built_in_tables_a_file_or_none() {
        assert_eq!(choose("patterns"), Ok(None));
        let built_in = choose("codes").unwrap().unwrap();
        assert!(std::ptr::eq(built_in.tables, CodeTables::built_in()));
        assert_eq!(built_in.uses, Uses::ALL);
        let parts = choose("codes/order+cap").unwrap().unwrap().uses;
        assert_eq!((parts.eval, parts.order, parts.cap), (false, true, true));
        let parts = choose("codes/eval+order+prune+lmr").unwrap().unwrap().uses;
        assert!(parts.prune && parts.reduce && !parts.cap && !parts.floor);
        assert!(choose("codes/order+floor").unwrap().unwrap().uses.floor);
        assert!(
            choose("codes/order+rootcap")
                .unwrap()
                .unwrap()
                .uses
                .root_cap
        );
        let late = choose("codes/order+latevct0").unwrap().unwrap().uses;
        assert_eq!(late.late_vct, Some(0));
        let late = choose("codes/order+latevct150").unwrap().unwrap().uses;
        assert_eq!(late.late_vct, Some(150));
        assert_eq!(choose("codes/order").unwrap().unwrap().uses.late_vct, None);
        assert!(choose("codes/latevct").unwrap_err().contains("latevctN"));
        let scaled = choose("codes/order+lmr75+floor150").unwrap().unwrap().uses;
        assert!(scaled.reduce && scaled.floor);
        assert_eq!((scaled.lmr_scale, scaled.floor_scale), (75, 150));
        let plain = choose("codes/order+lmr+floor").unwrap().unwrap().uses;
        assert_eq!(
            (plain.lmr_scale, plain.floor_scale),
            (DEFAULT_LMR_SCALE, 100)
        );
        assert!(choose("codes/floor0").unwrap_err().contains("floorN"));
        let root = choose("codes/order+rootcap30").unwrap().unwrap().uses;
        assert_eq!((root.root_cap, root.root_moves), (true, 30));
        let root = choose("codes/order+rootcap").unwrap().unwrap().uses;
        assert_eq!(usize::from(root.root_moves), ROOT_QUIET_MOVES);
        assert!(choose("codes/lmrx").unwrap_err().contains("lmrN"));
        let none = choose("codes/eval+order").unwrap().unwrap().uses;
        assert_eq!((none.futility, none.root_late), (None, None));
        assert!(!(none.razor || none.four_ext || none.horizon_vcf));
        assert!(!(none.fail_high || none.improving));
        let all =
            "codes/eval+order+futility+razor+fourext+qvcf+failhigh+improving+singular+rootlate";
        let each = choose(all).unwrap().unwrap().uses;
        assert!(each.singular && !none.singular);
        assert_eq!(
            (each.futility, each.root_late),
            (Some(100), Some(DEFAULT_ROOT_LATE))
        );
        assert!(each.razor && each.four_ext && each.horizon_vcf);
        assert!(each.fail_high && each.improving);
        let scaled = choose("codes/eval+futility150+rootlate3")
            .unwrap()
            .unwrap()
            .uses;
        assert_eq!((scaled.futility, scaled.root_late), (Some(150), Some(3)));
        assert!(choose("codes/futility0").unwrap_err().contains("futilityN"));
        assert!(
            choose("codes/rootlate11")
                .unwrap_err()
                .contains("rootlateN")
        );
        let default = choose(&format!("codes/{DEFAULT_PARTS}")).unwrap().unwrap();
        assert_eq!(default, Selection::default_tables());
        assert_eq!(format!("{default:?}").matches("built-in").count(), 1);
        assert!(choose("code").unwrap_err().contains("neither"));
        assert!(choose("codesx").unwrap_err().contains("neither"));
        assert!(choose("codes/eval+all").unwrap_err().contains("\"all\""));
        let missing = choose("codes:/nonexistent/codes.bin").unwrap_err();
        assert!(
            missing.contains("cannot read /nonexistent/codes.bin"),
            "{missing}"
        );
        let dir = std::env::temp_dir().join(format!("codes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("codes.bin");
        std::fs::write(&path, b"GMKCODE1").unwrap();
        let damaged = choose(&format!("codes:{}", path.display())).unwrap_err();
        assert!(damaged.contains("bytes"), "{damaged}");
        let mut tables = CodeTables::zero();
        tables.sets[0].attack[3] = 9;
        std::fs::write(&path, tables.to_bytes()).unwrap();
        let read = choose(&format!("codes/eval:{}", path.display()))
            .unwrap()
            .unwrap();
        assert_eq!(read.tables, &tables);
        assert!(read.uses.eval && !read.uses.order);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn each_side_has_its_own_bits_in_the_mask() {
        let mut mine = [0u16; THREATS];
        let mut theirs = [0u16; THREATS];
        assert_eq!(threat_mask(&mine, &theirs), 0);
        mine[Threat::Flex3Plus as usize] = 2;
        theirs[Threat::DoubleFour as usize] = 1;
        assert_eq!(
            threat_mask(&mine, &theirs),
            1 << 3 | 1 << (2 + SIDE_MASK_BITS)
        );
        theirs[Threat::Five as usize] = 1;
        assert_eq!(
            threat_mask(&mine, &theirs),
            1 << 3 | 1 << (2 + SIDE_MASK_BITS)
        );
    }
}
