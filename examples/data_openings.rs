//! Draws the openings the training games (data/gomoku-games) start from: three to five
//! stones near the centre, black first, each judged by a short search of the engine and kept
//! only if neither side stands far ahead, and none of them, up to the eight symmetries of the
//! square and any translation, an opening of a match or holding one: for every opening in
//! `openings/*.txt` (the matches' and the tuning games'), no position made by some of a drawn
//! opening's stones (as many black and white stones as that opening has) is that opening's.
//! So no game of the data starts where a match game starts, or passes through its opening
//! on the way. With `--avoid`, none is either, up to symmetry and translation, an opening
//! the training games already played under the same rule (each game's first `opening=N`
//! stones). The same seed and options (and the same games to avoid) give the same openings.
//!
//! ```sh
//! cargo run --release --example data_openings -- --seed 1 --count 250 --rule freestyle \
//!     > /tmp/openings-1.txt
//! ```
//!
//! The output is an openings file for `gomoku-match --openings` (each stone an offset
//! `dx,dy` from the centre), with the command in its first comment lines.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::Parser;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tictactoe::engine::tuning;
use tictactoe::engine::{Engine, EngineConfig, Limits, Score, is_decisive};
use tictactoe::external::Variant;
use tictactoe::rules::{Cell, Position, Rule};

#[derive(Parser, Debug)]
#[command(name = "data_openings")]
struct Args {
    /// The seed: the same seed and options give the same openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many openings to write.
    #[arg(long, default_value_t = 250)]
    count: usize,
    /// The rule the openings are judged (and, under renju, checked) by.
    #[arg(long, value_enum, default_value_t = Variant::Freestyle)]
    rule: Variant,
    /// The node budget of the search that judges each opening; 0 keeps every opening drawn.
    #[arg(long, default_value_t = 4000)]
    judge_nodes: u64,
    /// The largest value, for the side to move, an opening may be judged and kept.
    #[arg(long, default_value_t = 600)]
    bound: Score,
    /// The openings files the drawn openings must stay apart from (every file given, or
    /// each `.txt` file of a folder given).
    #[arg(long, default_value = "openings")]
    apart_from: Vec<PathBuf>,
    /// Games files, or folders of them (data/gomoku-games), whose openings (each game's
    /// first `opening=N` stones) the draw does not give again, up to symmetry and
    /// translation, for games played under the same rule; none by default.
    #[arg(long, num_args = 1..)]
    avoid: Vec<PathBuf>,
    /// How far (in rows and in columns) from a stone already down a later stone may be: 2
    /// made the first chunks; 3 widens the draw to many more openings.
    #[arg(long, default_value_t = Spread::FIRST.reach, value_parser = clap::value_parser!(i32).range(1..=5))]
    reach: i32,
    /// The most stones an opening may have (from three): 5 made the first chunks.
    #[arg(long, default_value_t = Spread::FIRST.most_stones, value_parser = clap::value_parser!(u8).range(3..=9))]
    most_stones: u8,
}

/// How openings are drawn: the stones' count and reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spread {
    /// How far from a stone already down a later stone may be.
    reach: i32,
    /// The most stones an opening may have (at least three).
    most_stones: u8,
}

impl Spread {
    /// The draw of the first chunks: three to five stones, each within two cells.
    const FIRST: Spread = Spread {
        reach: 2,
        most_stones: 5,
    };
}

/// The rule the data is played under: 15x15, five in a row, as `variant` has it.
fn rule_of(variant: Variant) -> Rule {
    variant
        .rule(15, 15, 5)
        .expect("15x15, five in a row is a rule")
}

/// An opening: its stones as offsets `(dx, dy)` from the centre, black first.
type Stones = Vec<(i32, i32)>;

/// A position up to symmetry and translation: its black and its white stones, sorted, in the
/// least of the eight orientations, moved so the stones' smallest coordinates are 0.
type Shape = (Vec<(i32, i32)>, Vec<(i32, i32)>);

/// How far from the centre the first stone may be.
const FIRST_REACH: i32 = 1;
/// Draws allowed for each opening written before the generator gives up.
const DRAWS_PER_OPENING: usize = 400;

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("data_openings: {message}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let apart = read_openings(&args.apart_from)?;
    let rule = rule_of(args.rule);
    let played = played_openings(&args.avoid, rule)?;
    let mut judge = (args.judge_nodes > 0).then(|| Judging::new(args.judge_nodes, args.bound));
    let spread = Spread {
        reach: args.reach,
        most_stones: args.most_stones,
    };
    let openings = draw(
        args.seed,
        args.count,
        rule,
        spread,
        &apart,
        &played,
        &mut |stones| judge.as_mut().is_none_or(|j| j.keeps(rule, stones)),
    )?;
    let command: Vec<String> = std::env::args().skip(1).collect();
    println!("# Openings for the training games, drawn by examples/data_openings.rs:");
    println!("# data_openings {}", command.join(" "));
    println!(
        "# (seed {}, rule {:?}, 3 to {} stones each within {} of one before, judged with {} \
         nodes within {}; apart from {} openings)",
        args.seed,
        args.rule,
        args.most_stones,
        args.reach,
        args.judge_nodes,
        args.bound,
        apart.len()
    );
    if !args.avoid.is_empty() {
        println!(
            "# (and none of the {} openings of games already played under this rule)",
            played.len()
        );
    }
    for stones in openings {
        let text: Vec<String> = stones.iter().map(|(x, y)| format!("{x},{y}")).collect();
        println!("{}", text.join(" "));
    }
    Ok(())
}

/// `count` openings drawn by `seed` with `spread`, each legal under `rule`, undecided,
/// apart from every opening of `apart` and accepted by `keep`, with no two the same up to
/// symmetry and none the same as an opening of `played`.
fn draw(
    seed: u64,
    count: usize,
    rule: Rule,
    spread: Spread,
    apart: &[Stones],
    played: &[Stones],
    keep: &mut dyn FnMut(&Stones) -> bool,
) -> Result<Vec<Stones>, String> {
    let apart = Apart::new(apart);
    let mut rng = StdRng::seed_from_u64(seed);
    // The shapes already taken: those played, then each one drawn.
    let mut seen: HashSet<Shape> = played.iter().map(shape).collect();
    let mut openings = Vec::with_capacity(count);
    for _ in 0..count * DRAWS_PER_OPENING {
        if openings.len() == count {
            break;
        }
        let stones = candidate(&mut rng, spread);
        if position(rule, &stones).is_none()
            || apart.held_by(&stones)
            || !seen.insert(shape(&stones))
            || !keep(&stones)
        {
            continue;
        }
        openings.push(stones);
    }
    if openings.len() < count {
        return Err(format!(
            "only {} openings of {count} found in {} draws",
            openings.len(),
            count * DRAWS_PER_OPENING
        ));
    }
    Ok(openings)
}

/// Three to `spread.most_stones` stones: the first within [`FIRST_REACH`] of the centre,
/// each later one within `spread.reach` of a stone already down. (With [`Spread::FIRST`] the
/// draws are those that made the first chunks.)
fn candidate(rng: &mut StdRng, spread: Spread) -> Stones {
    let n = rng.random_range(3..=usize::from(spread.most_stones));
    let mut stones: Stones = vec![(
        rng.random_range(-FIRST_REACH..=FIRST_REACH),
        rng.random_range(-FIRST_REACH..=FIRST_REACH),
    )];
    while stones.len() < n {
        let (x, y) = stones[rng.random_range(0..stones.len())];
        let next = (
            x + rng.random_range(-spread.reach..=spread.reach),
            y + rng.random_range(-spread.reach..=spread.reach),
        );
        if !stones.contains(&next) {
            stones.push(next);
        }
    }
    stones
}

/// The position of `stones` on the 15x15 board under `rule`, if every stone is legal and
/// the game is not over.
fn position(rule: Rule, stones: &Stones) -> Option<Position> {
    let centre = rule.width() as i32 / 2;
    let mut position = Position::new(rule);
    for &(dx, dy) in stones {
        let (col, row) = (centre + dx, centre + dy);
        position
            .play(Cell::new(
                usize::try_from(row).ok()?,
                usize::try_from(col).ok()?,
            ))
            .ok()?;
    }
    (!position.is_over()).then_some(position)
}

/// The openings to stay apart from, up to symmetry and translation.
struct Apart {
    shapes: HashSet<Shape>,
    /// The numbers of black and white stones of those openings.
    sizes: Vec<(usize, usize)>,
}

impl Apart {
    fn new(openings: &[Stones]) -> Apart {
        let mut sizes: Vec<(usize, usize)> = openings
            .iter()
            .map(|s| {
                let (b, w) = colours(s);
                (b.len(), w.len())
            })
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        Apart {
            shapes: openings.iter().map(shape).collect(),
            sizes,
        }
    }

    /// Whether some of `stones` (as many black and white stones as an opening to stay apart
    /// from has) make that opening, up to symmetry and translation.
    fn held_by(&self, stones: &Stones) -> bool {
        let (black, white) = colours(stones);
        self.sizes.iter().any(|&(b, w)| {
            subsets(&black, b).iter().any(|bs| {
                subsets(&white, w)
                    .iter()
                    .any(|ws| self.shapes.contains(&canonical(bs, ws)))
            })
        })
    }
}

/// The black stones (even places) and the white stones (odd places) of an opening.
fn colours(stones: &Stones) -> Shape {
    let black = stones.iter().step_by(2).copied().collect();
    let white = stones.iter().skip(1).step_by(2).copied().collect();
    (black, white)
}

/// Every subset of `k` of `items`.
fn subsets(items: &[(i32, i32)], k: usize) -> Vec<Vec<(i32, i32)>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut with: Vec<Vec<(i32, i32)>> = subsets(&items[1..], k - 1)
        .into_iter()
        .map(|mut s| {
            s.push(items[0]);
            s
        })
        .collect();
    with.extend(subsets(&items[1..], k));
    with
}

/// An opening's position up to symmetry and translation.
fn shape(stones: &Stones) -> Shape {
    let (black, white) = colours(stones);
    canonical(&black, &white)
}

/// The least of the eight orientations of the stones, each moved to the origin.
fn canonical(black: &[(i32, i32)], white: &[(i32, i32)]) -> Shape {
    (0..8)
        .map(|symmetry| {
            let turn = |&(x, y): &(i32, i32)| {
                let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
                let x = if symmetry & 1 != 0 { -x } else { x };
                let y = if symmetry & 2 != 0 { -y } else { y };
                (x, y)
            };
            let (mut b, mut w): Shape = (
                black.iter().map(turn).collect(),
                white.iter().map(turn).collect(),
            );
            let min_x = b.iter().chain(&w).map(|p| p.0).min().unwrap_or(0);
            let min_y = b.iter().chain(&w).map(|p| p.1).min().unwrap_or(0);
            for p in b.iter_mut().chain(w.iter_mut()) {
                *p = (p.0 - min_x, p.1 - min_y);
            }
            b.sort_unstable();
            w.sort_unstable();
            (b, w)
        })
        .min()
        .expect("eight orientations")
}

/// The openings of the files at `paths` (a folder: its `.txt` files).
fn read_openings(paths: &[PathBuf]) -> Result<Vec<Stones>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(path.clone());
        }
    }
    let mut openings = Vec::new();
    for file in files {
        openings.extend(parse_openings(&file)?);
    }
    if openings.is_empty() {
        return Err("no openings to keep apart from".to_string());
    }
    Ok(openings)
}

/// The openings of the games at `paths` (games files or folders, as
/// [`tuning::read_games`] reads them) played under `rule`: each game's first `opening=N`
/// stones as offsets from the centre. A game that does not say its opening is left out.
fn played_openings(paths: &[PathBuf], rule: Rule) -> Result<Vec<Stones>, String> {
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let games = tuning::read_games(paths)?;
    let centre = (rule.width() / 2) as i32;
    Ok(games
        .iter()
        .filter(|game| game.rule == rule)
        .filter_map(|game| {
            let stones = game.moves.get(..game.opening?)?;
            Some(
                stones
                    .iter()
                    .map(|c| (c.col as i32 - centre, c.row as i32 - centre))
                    .collect(),
            )
        })
        .collect())
}

/// The openings of one file: one a line, stones `dx,dy`, `#` starting a comment.
fn parse_openings(path: &Path) -> Result<Vec<Stones>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        let stones = content
            .split_whitespace()
            .map(|stone| {
                let (x, y) = stone.split_once(',')?;
                Some((x.parse().ok()?, y.parse().ok()?))
            })
            .collect::<Option<Stones>>()
            .ok_or_else(|| format!("{} line {}: not stones dx,dy", path.display(), index + 1))?;
        openings.push(stones);
    }
    Ok(openings)
}

/// The engine that judges each opening by a short search under a node budget.
struct Judging {
    engine: Engine,
    limits: Limits,
    bound: Score,
    stop: Arc<AtomicBool>,
}

impl Judging {
    fn new(nodes: u64, bound: Score) -> Judging {
        let config = EngineConfig {
            tt_megabytes: 16,
            threads: 1,
            // The pattern evaluation: the bound is on its scale, and the chunks' openings were
            // drawn with it.
            gomoku_eval: None,
            ..EngineConfig::default()
        };
        Judging {
            engine: Engine::new(config),
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            bound,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether the side to move's value after `stones` lies within the bound (an empty
    /// table for each, so the answer depends on nothing before).
    fn keeps(&mut self, rule: Rule, stones: &Stones) -> bool {
        let Some(position) = position(rule, stones) else {
            return false;
        };
        self.engine.clear();
        let result = self
            .engine
            .search(&position, &self.limits, &self.stop, &mut |_| {});
        !is_decisive(result.score) && result.score.abs() <= self.bound
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variants_are_the_rules_the_first_chunks_were_played_under() {
        assert_eq!(
            rule_of(Variant::Freestyle),
            Rule::new(15, 15, 5, false).unwrap()
        );
        assert_eq!(rule_of(Variant::Exact), Rule::new(15, 15, 5, true).unwrap());
        assert_eq!(rule_of(Variant::Renju), Rule::RENJU);
    }

    fn apart() -> Vec<Stones> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        read_openings(&[root.join("openings")]).unwrap()
    }

    /// The eight orientations and a shift of one opening.
    fn images(stones: &Stones) -> Vec<Stones> {
        (0..8)
            .map(|s| {
                stones
                    .iter()
                    .map(|&(x, y)| {
                        let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
                        (
                            if s & 1 != 0 { -x } else { x } + 3,
                            if s & 2 != 0 { -y } else { y } - 1,
                        )
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_drawn_openings_hold_no_opening_of_the_matches_and_are_the_same_for_a_seed() {
        let apart = apart();
        assert!(apart.len() > 300, "{} openings read", apart.len());
        let rule = rule_of(Variant::Freestyle);
        let wide = Spread {
            reach: 3,
            most_stones: 7,
        };
        for spread in [Spread::FIRST, wide] {
            let openings = draw(7, 100, rule, spread, &apart, &[], &mut |_| true).unwrap();
            assert_eq!(
                openings,
                draw(7, 100, rule, spread, &apart, &[], &mut |_| true).unwrap()
            );
            assert_ne!(
                openings,
                draw(8, 100, rule, spread, &apart, &[], &mut |_| true).unwrap()
            );
            // Checked here by brute force: every way of matching an opening of the matches'
            // stones to the drawn opening's stones of the same colour, under every
            // orientation and shift.
            for stones in &openings {
                assert!((3..=usize::from(spread.most_stones)).contains(&stones.len()));
                for other in &apart {
                    let (b, w) = colours(stones);
                    for image in images(other) {
                        let (ob, ow) = colours(&image);
                        let shifts = b.iter().map(|p| (p.0 - ob[0].0, p.1 - ob[0].1));
                        for (sx, sy) in shifts {
                            let inside = |theirs: &[(i32, i32)], ours: &[(i32, i32)]| {
                                theirs.iter().all(|p| ours.contains(&(p.0 + sx, p.1 + sy)))
                            };
                            assert!(
                                !(inside(&ob, &b) && inside(&ow, &w)),
                                "{stones:?} holds {other:?}"
                            );
                        }
                    }
                }
            }
        }
        // The wide draw reaches openings the first cannot: more stones or a wider gap.
        let wide_openings = draw(7, 100, rule, wide, &apart, &[], &mut |_| true).unwrap();
        assert!(wide_openings.iter().any(|s| s.len() > 5 || reach_of(s) > 2));
    }

    /// The largest distance (in rows or columns) from a later stone to its nearest
    /// stone before it.
    fn reach_of(stones: &Stones) -> i32 {
        (1..stones.len())
            .map(|i| {
                stones[..i]
                    .iter()
                    .map(|p| (p.0 - stones[i].0).abs().max((p.1 - stones[i].1).abs()))
                    .min()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0)
    }

    /// Whether `a` and `b` are the same stones of each colour up to some orientation and
    /// shift, checked by brute force.
    fn same_up_to_symmetry(a: &Stones, b: &Stones) -> bool {
        let (ab, aw) = colours(a);
        images(b).iter().any(|image| {
            let (ib, iw) = colours(image);
            ab.len() == ib.len()
                && aw.len() == iw.len()
                && ib.iter().any(|first| {
                    let (sx, sy) = (ab[0].0 - first.0, ab[0].1 - first.1);
                    let moved = |theirs: &[(i32, i32)], ours: &[(i32, i32)]| {
                        theirs.iter().all(|p| ours.contains(&(p.0 + sx, p.1 + sy)))
                    };
                    moved(&ib, &ab) && moved(&iw, &aw)
                })
        })
    }

    #[test]
    fn openings_of_games_already_played_under_the_rule_are_not_drawn_again() {
        let apart = apart();
        let rule = rule_of(Variant::Freestyle);
        let renju = rule_of(Variant::Renju);
        let wide = Spread {
            reach: 3,
            most_stones: 5,
        };
        let first = draw(7, 100, rule, wide, &apart, &[], &mut |_| true).unwrap();
        // The first openings played as games, each turned, with a move after its opening; a
        // renju game and a game that does not say its opening beside them.
        let folder =
            std::env::temp_dir().join(format!("data-openings-avoid-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        // Each image moved to the board's top left corner, the move after it on the first
        // free cell from the bottom right.
        let game = |rule: Rule, stones: &[(i32, i32)], opening: Option<usize>| {
            let min_x = stones.iter().map(|p| p.0).min().unwrap();
            let min_y = stones.iter().map(|p| p.1).min().unwrap();
            let mut moves: Vec<Cell> = stones
                .iter()
                .map(|p| Cell::new((p.1 - min_y) as usize, (p.0 - min_x) as usize))
                .collect();
            let free = (0..15 * 15)
                .rev()
                .map(|i| Cell::new(i / 15, i % 15))
                .find(|c| !moves.contains(c))
                .unwrap();
            moves.push(free);
            let mut game = tuning::GameLine::new(rule, 0.5, moves);
            game.opening = opening;
            game
        };
        let mut games: Vec<tuning::GameLine> = first
            .iter()
            .enumerate()
            .map(|(i, stones)| {
                let image = &images(stones)[i % 8];
                game(rule, image, Some(image.len()))
            })
            .collect();
        games.push(game(renju, &[(0, 0), (1, 0), (0, 1)], Some(3)));
        games.push(game(rule, &[(0, 0), (1, 1), (2, 2)], None));
        let file = folder.join("self-freestyle-001.txt");
        tuning::append_games(&file, &games).unwrap();
        let played = played_openings(std::slice::from_ref(&folder), rule);
        let played_renju = played_openings(std::slice::from_ref(&file), renju);
        std::fs::remove_dir_all(&folder).unwrap();
        let (played, played_renju) = (played.unwrap(), played_renju.unwrap());
        // Only the games of the rule that say their opening count.
        assert_eq!(played.len(), first.len());
        assert_eq!(played_renju, vec![vec![(-7, -7), (-6, -7), (-7, -6)]]);

        // The same seed without the games draws the same openings again; with them, none
        // of those (in any orientation or shift) and still as many.
        assert_eq!(
            first,
            draw(7, 100, rule, wide, &apart, &[], &mut |_| true).unwrap()
        );
        let second = draw(7, 100, rule, wide, &apart, &played, &mut |_| true).unwrap();
        assert_eq!(second.len(), 100);
        for stones in &second {
            for old in &first {
                assert!(
                    !same_up_to_symmetry(stones, old),
                    "{stones:?} repeats {old:?}"
                );
            }
        }
        // The check is not empty: each opening of the games is the same as one drawn first.
        for (old, image) in first.iter().zip(&played) {
            assert!(same_up_to_symmetry(image, old));
        }
        // A path that cannot be read is an error, not an empty list.
        assert!(played_openings(&[folder.join("none.txt")], rule).is_err());
    }

    #[test]
    fn an_opening_of_the_matches_and_one_holding_it_are_refused() {
        let apart = apart();
        let first = &apart[0];
        let apart = Apart::new(&apart);
        for image in images(first) {
            assert!(apart.held_by(&image), "{image:?}");
            let mut more = image.clone();
            more.extend([(9, 9), (-9, 9)]);
            assert!(apart.held_by(&more), "{more:?}");
        }
    }
}
