//! Practice: positions where exactly one move keeps the best result, found by searching
//! random positions to the end (3x3, 4x4 and 5x5), shown one after another on a small board
//! of their own. The learner clicks a move and is told whether it was the one; if not, what
//! it gives away, and the principal variation that shows why.

use egui::{RichText, Ui};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::{MoveValue, Value};
use crate::game::{Driver, Release, TaskEvent, Ticket};
use crate::gui::naming::Naming;
use crate::rules::{Cell, Position, Rule, Side};
use crate::t;

use super::analyst::{self, Analyst, AnalystJob};
use super::mini_board;
use super::words::{result_rank, value_words};

/// The boards practice draws positions from: width, height, K, and how many stones a
/// position holds (few enough to leave a choice, enough for the search to end quickly).
const BOARDS: [(usize, usize, usize, std::ops::RangeInclusive<usize>); 3] =
    [(3, 3, 3, 2..=5), (4, 4, 4, 4..=9), (5, 5, 4, 8..=14)];

/// How practice names sides and moves: as its own small board of marks draws them, whatever
/// the look of the game's board.
const PRACTICE_NAMING: Naming = Naming::MARKS;

/// A practice position and the one move that keeps its best result.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub position: Position,
    pub values: Vec<MoveValue>,
    pub answer: Cell,
}

impl Puzzle {
    /// The puzzle in `position`, if exactly one of its moves keeps the best result (a win or
    /// a draw; in a lost position no move keeps anything).
    #[must_use]
    pub fn find(position: &Position, values: &[MoveValue]) -> Option<Puzzle> {
        let best = values.iter().map(|m| result_rank(m.value)).max()?;
        let keeping: Vec<&MoveValue> = values
            .iter()
            .filter(|m| result_rank(m.value) == best)
            .collect();
        let decided = values.iter().all(|m| m.value != Value::Unknown);
        (best > 0 && decided && keeping.len() == 1 && values.len() > 1).then(|| Puzzle {
            position: position.clone(),
            values: values.to_vec(),
            answer: keeping[0].cell,
        })
    }

    fn value_of(&self, cell: Cell) -> Option<Value> {
        self.values.iter().find(|m| m.cell == cell).map(|m| m.value)
    }
}

/// The learner's answer to the puzzle shown.
struct Answered {
    cell: Cell,
    right: bool,
    /// The best play after a wrong move (the opponent's reply first), once searched.
    line: Option<Vec<Cell>>,
}

/// What practice is doing.
enum Stage {
    /// Nothing yet (the view was never shown).
    Idle,
    /// Searching a random position of the chosen board; `tried` positions so far.
    Looking { candidate: Position, tried: u32 },
    /// A puzzle is shown.
    Showing {
        puzzle: Puzzle,
        answered: Option<Answered>,
    },
    /// A search failed.
    Failed(String),
}

/// The practice view.
pub struct Practice {
    driver: Driver,
    analyst: Analyst,
    /// Whether the practice lane's engine may hold a table: a search was asked since the
    /// last hand-back.
    searched: bool,
    /// The hand-back of the practice lane's engine (its table, 16 MB) while practice waits
    /// for the learner or is closed: nothing reads that table again before the next search.
    released: Option<Ticket<()>>,
    board: usize,
    stage: Stage,
    /// Values of the candidate as they come in.
    coming: Vec<MoveValue>,
    rng: StdRng,
    right: u32,
    answered: u32,
}

impl Practice {
    /// The view, searching on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> Practice {
        Practice {
            analyst: Analyst::new(driver.clone(), analyst::PRACTICE),
            driver,
            searched: false,
            released: None,
            board: 0,
            stage: Stage::Idle,
            coming: Vec::new(),
            rng: StdRng::seed_from_u64(rand::rng().random()),
            right: 0,
            answered: 0,
        }
    }

    /// Stops looking and hands back the engine; a puzzle on screen stays.
    pub fn stop(&mut self) {
        self.analyst.stop();
        if matches!(self.stage, Stage::Looking { .. }) {
            self.stage = Stage::Idle;
        }
        self.release();
    }

    /// Asks the practice lane for `job` on `position`; a hand-back not yet done is called
    /// off (dropping its ticket), since the search wants its table.
    fn ask(&mut self, position: &Position, job: AnalystJob) {
        self.released = None;
        self.searched = true;
        self.analyst.ask(position, job);
    }

    /// Hands back the practice lane's engine, once after each search.
    fn release(&mut self) {
        if self.searched {
            self.searched = false;
            self.released = Some(self.driver.request(Release {
                lane: analyst::PRACTICE,
            }));
        }
    }

    fn rule(&self) -> Rule {
        let (w, h, k, _) = BOARDS[self.board].clone();
        Rule::new(w, h, k, false).expect("the practice boards are valid")
    }

    /// A random position of the chosen board that is not over.
    fn random_position(&mut self) -> Position {
        let rule = self.rule();
        let stones = BOARDS[self.board].3.clone();
        loop {
            let count = self.rng.random_range(stones.clone());
            let mut position = Position::new(rule);
            for _ in 0..count {
                let moves = position.legal_moves();
                let cell = moves[self.rng.random_range(0..moves.len())];
                let _ = position.play(cell);
                if position.is_over() {
                    break;
                }
            }
            if !position.is_over() {
                return position;
            }
        }
    }

    /// Looks for the next puzzle.
    fn look(&mut self, tried: u32) {
        let candidate = self.random_position();
        self.coming.clear();
        self.ask(&candidate, AnalystJob::Values);
        self.stage = Stage::Looking { candidate, tried };
    }

    /// Takes in what the searches sent.
    pub fn poll(&mut self) {
        while let Some(event) = self.analyst.poll() {
            match event {
                TaskEvent::Value(value) => self.coming.push(value),
                TaskEvent::ValuesDone => self.candidate_done(),
                TaskEvent::Answer(answer) => {
                    if let Stage::Showing {
                        answered: Some(answered),
                        ..
                    } = &mut self.stage
                    {
                        answered.line = Some(match answer.chooser.search() {
                            Some(result) => result.pv.clone(),
                            None => answer.best.into_iter().collect(),
                        });
                    }
                }
                TaskEvent::Failed(message) => self.stage = Stage::Failed(message),
                // The lab never asks an engine from outside.
                TaskEvent::Iteration(_) | TaskEvent::EngineFault(_) => {}
            }
        }
        // The learner thinks over a puzzle (or reads a failure): no search needs the table.
        if !self.analyst.is_busy() && matches!(self.stage, Stage::Showing { .. } | Stage::Failed(_))
        {
            self.release();
        }
    }

    fn candidate_done(&mut self) {
        let Stage::Looking { candidate, tried } = &self.stage else {
            return;
        };
        let (candidate, tried) = (candidate.clone(), *tried);
        match Puzzle::find(&candidate, &self.coming) {
            Some(puzzle) => {
                self.stage = Stage::Showing {
                    puzzle,
                    answered: None,
                };
            }
            None => self.look(tried + 1),
        }
    }

    fn answer(&mut self, cell: Cell) {
        let Stage::Showing { puzzle, answered } = &mut self.stage else {
            return;
        };
        if answered.is_some() || puzzle.value_of(cell).is_none() {
            return;
        }
        let right = cell == puzzle.answer;
        let mut after = puzzle.position.clone();
        *answered = Some(Answered {
            cell,
            right,
            line: None,
        });
        self.answered += 1;
        if right {
            self.right += 1;
        } else {
            let _ = after.play(cell);
            if !after.is_over() {
                self.ask(&after, AnalystJob::Best);
            }
        }
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new(t!("lab-practice-intro")).weak());
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label(t!("lab-practice-board"));
            for (n, (w, h, _, _)) in BOARDS.iter().enumerate() {
                let name = format!("{w}x{h}");
                if ui.selectable_label(self.board == n, name).clicked() && self.board != n {
                    self.board = n;
                    self.analyst.stop();
                    self.look(0);
                }
            }
        });
        if matches!(self.stage, Stage::Idle) {
            self.look(0);
        }
        if self.answered > 0 {
            ui.label(t!(
                "lab-practice-score",
                right = self.right,
                all = self.answered
            ));
        }
        ui.separator();
        match &self.stage {
            Stage::Idle => {}
            Stage::Looking { tried, .. } => {
                let tried = *tried;
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("lab-practice-looking", tried = tried));
                });
            }
            Stage::Failed(message) => {
                ui.colored_label(ui.visuals().error_fg_color, message);
                if ui.button(t!("lab-practice-next")).clicked() {
                    self.look(0);
                }
            }
            Stage::Showing { .. } => self.puzzle_ui(ui),
        }
    }

    fn puzzle_ui(&mut self, ui: &mut Ui) {
        let Stage::Showing { puzzle, answered } = &self.stage else {
            return;
        };
        let side = puzzle.position.side_to_move();
        let goal = puzzle.value_of(puzzle.answer).unwrap_or(Value::Unknown);
        let task = if matches!(goal, Value::Win { .. }) {
            t!("lab-practice-task-win", side = PRACTICE_NAMING.side(side))
        } else {
            t!("lab-practice-task-draw", side = PRACTICE_NAMING.side(side))
        };
        ui.label(RichText::new(task).strong());
        let marked: Vec<(Cell, bool)> = match answered {
            Some(a) if a.right => vec![(a.cell, true)],
            Some(a) => vec![(a.cell, false), (puzzle.answer, true)],
            None => Vec::new(),
        };
        let clicked = mini_board::ui(ui, &puzzle.position, &marked, answered.is_none());
        if let Some(a) = answered {
            feedback_ui(ui, puzzle, a, goal, side);
            if !a.right && a.line.is_none() && self.analyst.is_busy() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("lab-practice-searching-line"));
                });
            }
        }
        let next = answered.is_some() && ui.button(t!("lab-practice-next")).clicked();
        if let Some(cell) = clicked {
            self.answer(cell);
        }
        if next {
            self.look(0);
        }
    }
}

/// Right or wrong, what the wrong move gives away and the line that shows it.
fn feedback_ui(ui: &mut Ui, puzzle: &Puzzle, answered: &Answered, goal: Value, side: Side) {
    let best = puzzle.answer.to_string();
    if answered.right {
        ui.label(
            RichText::new(t!(
                "lab-practice-right",
                cell = best,
                value = value_words(goal)
            ))
            .color(egui::Color32::from_rgb(0x2e, 0x9d, 0x44))
            .strong(),
        );
        return;
    }
    let got = puzzle.value_of(answered.cell).unwrap_or(Value::Unknown);
    let lost = if matches!(goal, Value::Win { .. }) {
        t!("lab-practice-lost-win")
    } else {
        t!("lab-practice-lost-draw")
    };
    ui.label(
        RichText::new(t!(
            "lab-practice-wrong",
            cell = answered.cell.to_string(),
            lost = lost,
            value = value_words(got)
        ))
        .color(ui.visuals().warn_fg_color)
        .strong(),
    );
    ui.label(t!(
        "lab-practice-instead",
        cell = best,
        value = value_words(goal)
    ));
    if let Some(line) = &answered.line {
        let mut mover = side.other();
        let moves: Vec<String> = line
            .iter()
            .map(|c| {
                let text = PRACTICE_NAMING.move_short(mover, *c);
                mover = mover.other();
                text
            })
            .collect();
        let text = if moves.is_empty() {
            t!("lab-practice-line-over")
        } else {
            t!("lab-practice-line", moves = moves.join("  "))
        };
        ui.label(text);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::{Engine, EngineConfig, Limits};
    use crate::game::{DriverConfig, HoldsEngine};
    use std::time::{Duration, Instant};

    /// Long enough for any 3x3 search on a loaded machine; the loops below stop by then.
    const BOUND: Duration = Duration::from_secs(60);

    fn holds_engine(driver: &Driver) -> bool {
        let mut ticket = driver.request(HoldsEngine(analyst::PRACTICE));
        ticket
            .next_timeout(BOUND)
            .ok()
            .flatten()
            .expect("it answers")
    }

    fn values(position: &Position) -> Vec<MoveValue> {
        let mut engine = Engine::new(EngineConfig::default());
        engine.analyse(position, &Limits::default(), &AtomicBool::new(false))
    }

    #[test]
    fn one_winning_move_is_a_puzzle() {
        // X wins only by completing the top row; every other move lets O win first.
        let position = Position::from_notation(Rule::TIC_TAC_TOE, "xx./oo./...").unwrap();
        let puzzle = Puzzle::find(&position, &values(&position)).expect("a puzzle");
        assert_eq!(puzzle.answer, Cell::new(0, 2));
    }

    #[test]
    fn the_empty_board_and_lost_positions_are_not() {
        // Every first move draws.
        let empty = Position::new(Rule::TIC_TAC_TOE);
        assert!(Puzzle::find(&empty, &values(&empty)).is_none());
        // O to move cannot stop both of X's lines: no move keeps anything.
        let lost = Position::from_notation(Rule::TIC_TAC_TOE, "x.x/.o./x.o").unwrap();
        assert!(Puzzle::find(&lost, &values(&lost)).is_none());
    }

    #[test]
    fn practice_hands_back_its_engine_while_a_puzzle_waits_for_the_learner() {
        let driver = Driver::new(DriverConfig::default(), || {});
        // A search on the practice lane keeps its engine (and its table) afterwards...
        let mut plain = Analyst::new(driver.clone(), analyst::PRACTICE);
        plain.ask(&Position::new(Rule::TIC_TAC_TOE), AnalystJob::Values);
        let start = Instant::now();
        while plain.is_busy() && start.elapsed() < BOUND {
            let _ = plain.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(holds_engine(&driver), "a finished search keeps its engine");
        // ...but practice, once its puzzle is on screen, hands it back.
        let mut practice = Practice::new(driver.clone());
        practice.look(0);
        let start = Instant::now();
        while !matches!(practice.stage, Stage::Showing { .. }) && start.elapsed() < BOUND {
            practice.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            matches!(practice.stage, Stage::Showing { .. }),
            "a puzzle is found"
        );
        let released = practice.released.as_mut().expect("the hand-back was asked");
        assert_eq!(released.next_timeout(BOUND).ok().flatten(), Some(()));
        assert!(
            !holds_engine(&driver),
            "no table is kept while the learner thinks"
        );
    }
}
