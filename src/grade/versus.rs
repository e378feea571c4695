//! 15x15, five in a row: too large for perfect play, so the player plays a short match
//! against the game's own gomoku engine at a few strengths (a node budget a move, so the
//! engine plays the same at any speed), a few games at each with both colours, a fixed
//! small time a move for the player. The score at each strength and over all comes with a
//! 95% confidence interval ([`Interval`]): a few games say little, and the report says how
//! little.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::{Engine, EngineConfig, Limits as SearchLimits};
use crate::external::{Brain, BrainRequest, EngineCommand, Fault, Point, Setup};
use crate::protocol::Interval;
use crate::rules::{Cell as RuleCell, Position, Rule, Side};

use super::judge::GradedCell;
use super::report::GradedBoard;
use super::sample::Seeded;

/// The game's engine at one strength: the nodes it searches a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Strength {
    pub name: &'static str,
    pub nodes: u64,
}

/// The strengths a match is played at, weakest first.
pub const STRENGTHS: [Strength; 3] = [
    Strength {
        name: "weak",
        nodes: 1_000,
    },
    Strength {
        name: "medium",
        nodes: 10_000,
    },
    Strength {
        name: "strong",
        nodes: 100_000,
    },
];

/// How a match is played.
#[derive(Clone, Copy, Debug)]
pub struct MatchOptions {
    /// Games at each strength, half with each colour (an odd number gives black one more).
    pub games: usize,
    /// The player's time a move (told, and enforced with a little more for the pipes).
    pub turn: Duration,
    /// The time START may take.
    pub start: Duration,
    /// The seed the openings after the first pair are drawn with.
    pub seed: u64,
}

impl Default for MatchOptions {
    fn default() -> MatchOptions {
        MatchOptions {
            games: 2,
            turn: Duration::from_millis(500),
            start: Duration::from_secs(10),
            seed: 1,
        }
    }
}

/// The end of a game, for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    /// "win", "draw" or "loss".
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }

    fn points(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// Five in a row.
    Five,
    /// Every cell taken without five.
    FullBoard,
    /// The player's move was not one (no answer in time, a crash, an illegal move): the
    /// player lost. The words say what it was.
    Fault(String),
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Five => f.write_str("five"),
            End::FullBoard => f.write_str("full board"),
            End::Fault(why) => f.write_str(why),
        }
    }
}

/// One game of the match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchGame {
    /// The index of the strength played against.
    pub strength: usize,
    /// The player's stones: "black" (first) or "white".
    pub colour: &'static str,
    /// Every move, the opening's first, as cells `{row, col}` from 0.
    pub moves: Vec<GradedCell>,
    /// How many of the moves are the opening's.
    pub opening: usize,
    pub result: GameResult,
    pub how: End,
}

/// The score at one strength, or over all.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchScore {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// The player's score with its 95% confidence interval (Wilson), when games were played.
    pub interval: Option<Interval>,
}

impl MatchScore {
    fn of<'a>(games: impl Iterator<Item = &'a MatchGame>) -> MatchScore {
        let mut score = MatchScore::default();
        let mut points = Vec::new();
        for game in games {
            score.games += 1;
            match game.result {
                GameResult::Win => score.wins += 1,
                GameResult::Draw => score.draws += 1,
                GameResult::Loss => score.losses += 1,
            }
            points.push(game.result.points());
        }
        score.interval = Interval::of(&points);
        score
    }
}

/// The whole match report.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    pub engine: String,
    pub board: GradedBoard,
    /// The player's time a move, in milliseconds.
    pub turn_ms: u64,
    pub seed: u64,
    pub strengths: Vec<Strength>,
    /// The score at each strength, in the order of `strengths`, and over all.
    pub scores: Vec<MatchScore>,
    pub total: MatchScore,
    /// The games to play, and every game played.
    pub planned: usize,
    pub games: Vec<MatchGame>,
    pub seconds: f64,
    /// Why the match stopped before the end, if it did.
    pub stopped: Option<String>,
}

impl MatchReport {
    fn tally(&mut self) {
        self.scores = (0..self.strengths.len())
            .map(|s| MatchScore::of(self.games.iter().filter(|g| g.strength == s)))
            .collect();
        self.total = MatchScore::of(self.games.iter());
    }
}

/// The rule of the match: 15x15, five or more in a row.
fn rule() -> Rule {
    Rule::new(15, 15, 5, false).expect("15x15 with five is a rule")
}

/// Plays the match, calling `progress` with the games finished and their total after each
/// move; the match stops (saying so) when it returns false.
pub fn play_match(
    command: &EngineCommand,
    options: &MatchOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> MatchReport {
    let began = Instant::now();
    let planned = STRENGTHS.len() * options.games;
    let mut report = MatchReport {
        engine: command.to_string(),
        board: GradedBoard {
            width: 15,
            height: 15,
            k: 5,
        },
        turn_ms: options.turn.as_millis() as u64,
        seed: options.seed,
        strengths: STRENGTHS.to_vec(),
        scores: Vec::new(),
        total: MatchScore::default(),
        planned,
        games: Vec::new(),
        seconds: 0.0,
        stopped: None,
    };
    let config = EngineConfig {
        tt_megabytes: 16,
        ..EngineConfig::default()
    };
    let mut engine = Engine::for_rule(config, &rule());
    let mut random = Seeded::new(options.seed);
    let mut openings = Vec::new();
    'all: for (strength, _) in STRENGTHS.iter().enumerate() {
        for number in 0..options.games {
            let pair = number / 2;
            while openings.len() <= pair {
                openings.push(opening(&mut random, openings.len()));
            }
            let colour = if number % 2 == 0 { Side::X } else { Side::O };
            let table = GameSides {
                command,
                options,
                strength,
                colour,
            };
            engine.clear();
            let done = report.games.len();
            let played = table.play(&openings[pair], &mut engine, &mut || {
                progress(done, planned)
            });
            match played {
                Ok(Some(game)) => report.games.push(game),
                Ok(None) => {}
                Err(why) => {
                    report.stopped = Some(why);
                    break 'all;
                }
            }
            if report.games.len() == done || !progress(report.games.len(), planned) {
                report.stopped = Some("stopped on request".to_string());
                break 'all;
            }
        }
    }
    report.tally();
    report.seconds = began.elapsed().as_secs_f64();
    report
}

/// The opening of the `pair`th pair of games: the empty board for the first, two stones
/// near the centre drawn from the seed for the others.
fn opening(random: &mut Seeded, pair: usize) -> Vec<usize> {
    if pair == 0 {
        return Vec::new();
    }
    let rule = rule();
    let mut position = Position::new(rule);
    let mut moves = Vec::new();
    while moves.len() < 2 {
        let row = 5 + random.below(5);
        let col = 5 + random.below(5);
        if position.play(RuleCell::new(row, col)).is_ok() {
            moves.push(row * rule.width() + col);
        }
    }
    moves
}

/// One game's sides.
struct GameSides<'a> {
    command: &'a EngineCommand,
    options: &'a MatchOptions,
    strength: usize,
    /// The player's side.
    colour: Side,
}

impl GameSides<'_> {
    /// Plays one game from `opening`; `None` when `going`, asked before each move, said
    /// to stop; `Err` when the player did not start.
    fn play(
        &self,
        opening: &[usize],
        engine: &mut Engine,
        going: &mut dyn FnMut() -> bool,
    ) -> Result<Option<MatchGame>, String> {
        let rule = rule();
        let setup = Setup {
            width: 15,
            height: 15,
            in_a_row: 5,
            variant: crate::external::Variant::Freestyle,
            turn: self.options.turn,
            start_limit: self.options.start,
            threads: Some(1),
            settle: Duration::ZERO,
        };
        let mut player = Brain::launch(self.command, &setup)
            .map_err(|fault| format!("the player did not start: {fault}"))?;
        let mut position = Position::new(rule);
        opening.iter().for_each(|&m| position.make(m));
        let mut moves = opening.to_vec();
        let mut informed = false;
        let (result, how) = loop {
            if let Some(end) = self.ended(&position) {
                break end;
            }
            if !going() {
                player.end(Duration::from_millis(500));
                return Ok(None);
            }
            let index = if position.side_to_move() == self.colour {
                match self.player_move(&mut player, &position, &moves, informed) {
                    Ok(index) => index,
                    Err(why) => break (GameResult::Loss, End::Fault(why)),
                }
            } else {
                engine_move(engine, &position, STRENGTHS[self.strength].nodes)
            };
            informed = true;
            position.make(index);
            moves.push(index);
        };
        player.end(Duration::from_millis(500));
        Ok(Some(MatchGame {
            strength: self.strength,
            colour: if self.colour == Side::X {
                "black"
            } else {
                "white"
            },
            moves: moves.iter().map(|&m| GradedCell::of(m, 15)).collect(),
            opening: opening.len(),
            result,
            how,
        }))
    }

    /// The result for the player when the game is over.
    fn ended(&self, position: &Position) -> Option<(GameResult, End)> {
        if let Some(winner) = position.winner() {
            let result = if winner == self.colour {
                GameResult::Win
            } else {
                GameResult::Loss
            };
            return Some((result, End::Five));
        }
        position
            .is_over()
            .then_some((GameResult::Draw, End::FullBoard))
    }

    /// The player's move: the whole position the first time (BOARD), the engine's last
    /// move after that (TURN); `Err` says what was wrong with it.
    fn player_move(
        &self,
        player: &mut Brain,
        position: &Position,
        moves: &[usize],
        informed: bool,
    ) -> Result<usize, String> {
        let point = |m: usize| Point {
            x: m % 15,
            y: m / 15,
        };
        let own = moves.len() % 2;
        let stones: Vec<(Point, bool)>;
        let request = if informed {
            BrainRequest::Turn(point(*moves.last().expect("the engine has moved")))
        } else if moves.is_empty() {
            BrainRequest::Begin
        } else {
            stones = moves
                .iter()
                .enumerate()
                .map(|(i, &m)| (point(m), i % 2 == own))
                .collect();
            BrainRequest::Board(&stones)
        };
        let limit = self.options.turn + Duration::from_millis(500);
        let answer = player
            .play(&request, limit)
            .map_err(|fault: Fault| fault.to_string())?;
        let (point, _, _) = answer;
        position
            .check_move(point.cell())
            .map_err(|why| format!("illegal move {point}: {why}"))
    }
}

/// The game's engine's move at `nodes` a move.
fn engine_move(engine: &mut Engine, position: &Position, nodes: u64) -> usize {
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    };
    let result = engine.search(position, &limits, &AtomicBool::new(false), &mut |_| {});
    let cell = result.best.expect("a position that is not over has a move");
    cell.row * 15 + cell.col
}

impl fmt::Display for MatchScore {
    /// "2 games: 1 won, 0 drawn, 1 lost; scored 1 of 2 (50%), 95% interval 9% to 91%".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games: {} won, {} drawn, {} lost",
            self.games, self.wins, self.draws, self.losses
        )?;
        if let Some(i) = &self.interval {
            write!(
                f,
                "; scored {} of {} ({:.0}%), 95% interval {:.0}% to {:.0}% (Wilson)",
                i.points,
                i.games,
                100.0 * i.mean,
                100.0 * i.low,
                100.0 * i.high
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} on {}", self.engine, self.board)?;
        writeln!(
            f,
            "A match against the game's own engine: {} games at each of {} strengths, both colours, {} ms a move for the player (openings after the first pair drawn with seed {})",
            self.planned / self.strengths.len().max(1),
            self.strengths.len(),
            self.turn_ms,
            self.seed
        )?;
        for (strength, score) in self.strengths.iter().zip(&self.scores) {
            writeln!(
                f,
                "  against {:<7} ({:>6} nodes a move): {score}",
                strength.name, strength.nodes
            )?;
        }
        writeln!(f, "Over all: {}", self.total)?;
        writeln!(f, "Time: {:.1} s", self.seconds)?;
        if let Some(why) = &self.stopped {
            writeln!(f, "Stopped early: {why}")?;
        }
        writeln!(
            f,
            "Games (cells row,column from 1, the opening's stones first):"
        )?;
        for (n, game) in self.games.iter().enumerate() {
            let moves: Vec<String> = game.moves.iter().map(GradedCell::to_string).collect();
            writeln!(
                f,
                "  {}. against {}, the player {}: {} ({}), {} moves: {}",
                n + 1,
                self.strengths[game.strength].name,
                game.colour,
                game.result.word(),
                game.how,
                moves.len(),
                moves.join(" ")
            )?;
        }
        Ok(())
    }
}
