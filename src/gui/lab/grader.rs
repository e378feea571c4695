//! Your own player: the lab's view that checks a player a learner wrote (any program that
//! speaks the Gomocup protocol) ([`crate::grade`]): against perfect play on every position
//! of tic-tac-toe, on a seeded sample of 4x4 or 5x5 positions (four in a row), or in a short
//! match against the game's own engine on 15x15. The grading runs on the window's driver as
//! the lab's job ([`GradeRequest`]), its progress coming back on the ticket, with a
//! progress bar and Stop; the report counts each kind of mistake (or the match's
//! score), a mistake or a game chosen in the list is shown on the board (a preview, never
//! played) with the player's answer and the best moves marked, and Save report… writes it
//! to a file through the window's file dialogs.

use egui::{RichText, TextEdit, Ui};

use super::Preview;
use super::marks::Mark;
use crate::external::{EngineCommand, TimeLimits};
use crate::game::{Driver, Ticket};
use crate::grade::{
    self, End, GameResult, GradeOutcome, Graded, MatchGame, MatchOptions, MatchReport, MoveVerdict,
    Report,
};
use crate::lab::grading::{GradeBoard as Board, GradeRequest, GradeUpdate};
use crate::lab::jobs::LabUpdate;
use crate::rules::{Cell, Position, Rule};
use crate::t;

/// The mistakes listed; the rest are counted.
const LISTED: usize = 200;

/// The name of a board to check on, in the window's language.
fn board_name(board: Board) -> String {
    match board {
        Board::Three => t!("grader-board-three"),
        Board::Four => t!("grader-board-four"),
        Board::Five => t!("grader-board-five"),
        Board::Match => t!("grader-board-match"),
    }
}

/// A grading under way, on the window's driver.
struct Running {
    board: Board,
    /// Positions asked, or games played, so far.
    done: usize,
    ticket: Ticket<GradeUpdate>,
}

/// The view's state.
pub struct GraderView {
    driver: Driver,
    /// The player's command line, as typed.
    command: String,
    board: Board,
    running: Option<Running>,
    report: Option<GradeOutcome>,
    /// Why the last grading could not start.
    problem: Option<String>,
    /// The mistake (or game) shown on the board.
    selected: Option<usize>,
}

/// What the grader asks of the window, which does it once the frame is drawn.
#[derive(Clone, Debug)]
pub enum GraderRequest {
    /// Save the report (the window asks for a path): Save report… was pressed.
    SaveReport(Box<GradeOutcome>),
    /// Study the chosen mistake in the game, on its board and with its moves: Study it was
    /// pressed.
    Study(Rule, Vec<Cell>),
}

impl GraderView {
    /// The view, grading on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> GraderView {
        GraderView {
            driver,
            command: String::new(),
            board: Board::default(),
            running: None,
            report: None,
            problem: None,
            selected: None,
        }
    }

    /// Stops a grading under way (the lab closed): dropping its ticket stops the job.
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// Takes in what the grading sent: its progress, then its report.
    pub fn poll(&mut self) {
        let Some(running) = &mut self.running else {
            return;
        };
        while let Some(update) = running.ticket.try_next() {
            match update {
                LabUpdate::Progress(done) => running.done = done,
                LabUpdate::Done(Ok(report)) => {
                    self.report = Some(*report);
                    self.selected = None;
                }
                LabUpdate::Done(Err(problem)) => self.problem = Some(problem.to_string()),
                LabUpdate::Failed(message) => {
                    self.problem = Some(t!("grader-failed", reason = message));
                }
            }
        }
        if !running.ticket.is_running() {
            self.running = None;
        }
    }

    fn start(&mut self, limits: TimeLimits) {
        let Some(command) = EngineCommand::parse(&self.command) else {
            self.problem = Some(t!("grader-no-command"));
            return;
        };
        self.problem = None;
        self.report = None;
        self.selected = None;
        let ticket = self.driver.request(GradeRequest {
            command,
            board: self.board,
            limits,
        });
        self.running = Some(Running {
            board: self.board,
            done: 0,
            ticket,
        });
    }

    /// The view; a player checked has the engines' time `limits` (Your engines). Returns what
    /// was asked of the window.
    pub fn ui(&mut self, ui: &mut Ui, limits: TimeLimits) -> Option<GraderRequest> {
        ui.label(t!("grader-intro"));
        ui.add_space(4.0);
        let label = ui.label(t!("grader-command"));
        ui.add(
            TextEdit::singleline(&mut self.command)
                .hint_text(t!("grader-command-hint"))
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        if let Some(running) = &self.running {
            progress_ui(ui, running);
            if ui.button(t!("grader-stop")).clicked() {
                self.running = None;
            }
            return None;
        }
        ui.label(t!("grader-board"));
        ui.horizontal_wrapped(|ui| {
            for board in Board::ALL {
                ui.selectable_value(&mut self.board, board, board_name(board));
            }
        });
        // Notes, told apart by colour, not by a smaller size than the body text.
        ui.label(RichText::new(board_note(self.board)).weak());
        ui.label(RichText::new(time_note(self.board, limits)).weak());
        if ui
            .button(t!("grader-check", board = self.board.size()))
            .clicked()
        {
            self.start(limits);
        }
        if let Some(problem) = &self.problem {
            ui.label(RichText::new(problem).color(ui.visuals().warn_fg_color));
        }
        let Some(report) = &self.report else {
            return None;
        };
        ui.add_space(4.0);
        let can_study = self.chosen().is_some();
        let (mut save, mut studied) = (false, false);
        ui.horizontal_wrapped(|ui| {
            save = ui.button(t!("grader-save")).clicked();
            studied = can_study && ui.button(t!("grader-study")).clicked();
        });
        let mut asked = save.then(|| GraderRequest::SaveReport(Box::new(report.clone())));
        if studied {
            // The mistake's moves are replayed once, when asked, not every frame.
            asked = self.preview().zip(self.chosen()).map(|(preview, graded)| {
                let moves = graded.moves.iter().map(|c| Cell::new(c.row, c.col));
                GraderRequest::Study(*preview.position.rule(), moves.collect())
            });
        }
        let Some(report) = &self.report else {
            return None;
        };
        let mut selected = self.selected;
        match report {
            GradeOutcome::Positions(report) => report_ui(ui, report, &mut selected),
            GradeOutcome::Match(report) => match_ui(ui, report, &mut selected),
        }
        self.selected = selected;
        asked
    }

    /// The chosen mistake's (or game's) position, for the board.
    #[must_use]
    pub fn preview(&self) -> Option<Preview> {
        let (rule, moves) = match self.report.as_ref()? {
            GradeOutcome::Positions(report) => {
                let graded = report.mistakes.get(self.selected?)?;
                let b = report.board;
                (
                    Rule::new(b.width, b.height, b.k, false).ok()?,
                    &graded.moves,
                )
            }
            GradeOutcome::Match(report) => {
                let game = report.games.get(self.selected?)?;
                let b = report.board;
                (Rule::new(b.width, b.height, b.k, false).ok()?, &game.moves)
            }
        };
        let mut position = Position::new(rule);
        let mut last = None;
        for cell in moves {
            let cell = Cell::new(cell.row, cell.col);
            position.play(cell).ok()?;
            last = Some(cell);
        }
        Some(Preview {
            position,
            last_move: last,
        })
    }

    /// The chosen mistake's answer and best moves, marked on its board.
    #[must_use]
    pub fn marks(&self) -> Vec<Mark> {
        let Some(graded) = self.chosen() else {
            return Vec::new();
        };
        let mut marks: Vec<Mark> = graded
            .best_moves
            .iter()
            .map(|c| Mark::Letter {
                cell: Cell::new(c.row, c.col),
                text: t!("grader-mark-best"),
                group: 2,
            })
            .collect();
        if let Some(c) = graded.answer_cell {
            marks.push(Mark::Letter {
                cell: Cell::new(c.row, c.col),
                text: t!("grader-mark-answer"),
                group: 0,
            });
        }
        marks
    }

    fn chosen(&self) -> Option<&Graded> {
        match self.report.as_ref()? {
            GradeOutcome::Positions(report) => report.mistakes.get(self.selected?),
            GradeOutcome::Match(_) => None,
        }
    }
}

/// What checking on `board` does, in a line.
fn board_note(board: Board) -> String {
    match board {
        Board::Three => t!("grader-note-three"),
        Board::Four | Board::Five => t!(
            "grader-note-sample",
            count = board.positions().count,
            seed = board.positions().seed
        ),
        Board::Match => t!(
            "grader-note-match",
            games = MatchOptions::default().games,
            strengths = grade::STRENGTHS.len(),
            ms = MatchOptions::default().turn.as_millis() as u64
        ),
    }
}

/// The time the player has, from the engines' settings: for each answer and to start (a
/// match has its own time a move, said in its note).
fn time_note(board: Board, limits: TimeLimits) -> String {
    let seconds = |ms: u64| ms as f64 / 1000.0;
    match board {
        Board::Match => t!("grader-limits-match", start = seconds(limits.start_ms)),
        _ => t!(
            "grader-limits",
            turn = seconds(limits.turn_ms),
            start = seconds(limits.start_ms)
        ),
    }
}

/// The progress bar of a grading under way.
fn progress_ui(ui: &mut Ui, running: &Running) {
    let done = running.done;
    let total = running.board.total();
    let text = if running.board == Board::Match {
        t!("grader-progress-games", done = done, total = total)
    } else {
        t!("grader-progress", asked = done, total = total)
    };
    ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(text));
}

/// The counts and the list of mistakes; a click on one shows it on the board.
fn report_ui(ui: &mut Ui, report: &Report, selected: &mut Option<usize>) {
    ui.add_space(6.0);
    ui.label(t!(
        "grader-asked",
        asked = report.asked,
        total = report.positions
    ));
    if let Some(sample) = &report.sample {
        ui.label(t!(
            "grader-sample",
            seed = sample.seed,
            unsettled = sample.unsettled,
            drawn = sample.drawn,
            nodes = sample.budget_nodes
        ));
    }
    ui.label(t!(
        "grader-time",
        seconds = format!("{:.1}", report.seconds)
    ));
    egui::Grid::new("grader-counts")
        .num_columns(2)
        .show(ui, |ui| {
            let rows = [
                (t!("grader-best"), report.best),
                (t!("grader-wins-missed"), report.wins_missed),
                (t!("grader-draws-thrown"), report.draws_thrown),
                (t!("grader-slower-wins"), report.slower_wins),
                (t!("grader-faster-losses"), report.faster_losses),
                (t!("grader-illegal"), report.illegal),
                (t!("grader-failures"), report.failures),
            ];
            for (name, count) in rows {
                ui.label(name);
                ui.label(count.to_string());
                ui.end_row();
            }
        });
    stopped_ui(ui, report.stopped.as_deref());
    if report.is_perfect() {
        ui.label(RichText::new(t!("grader-perfect")).strong());
        return;
    }
    if report.mistakes.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.label(t!("grader-mistakes"));
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    for (i, graded) in report.mistakes.iter().take(LISTED).enumerate() {
        if ui
            .selectable_label(*selected == Some(i), mistake_text(graded))
            .clicked()
        {
            *selected = if *selected == Some(i) { None } else { Some(i) };
        }
    }
    if report.mistakes.len() > LISTED {
        ui.label(t!("grader-more", count = report.mistakes.len() - LISTED));
    }
}

fn stopped_ui(ui: &mut Ui, stopped: Option<&str>) {
    if let Some(why) = stopped {
        ui.label(
            RichText::new(t!("grader-stopped", reason = why.to_string()))
                .color(ui.visuals().warn_fg_color),
        );
    }
}

/// The match's score at each strength and over all, and its games; a click on a game shows
/// its last position on the board.
fn match_ui(ui: &mut Ui, report: &MatchReport, selected: &mut Option<usize>) {
    ui.add_space(6.0);
    ui.label(t!(
        "grader-time",
        seconds = format!("{:.1}", report.seconds)
    ));
    // Wrapped lines rather than a grid: the scores are long, and the panel may be narrow.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    for (strength, score) in report.strengths.iter().zip(&report.scores) {
        ui.label(t!(
            "grader-against",
            strength = strength_name(strength.name),
            nodes = strength.nodes,
            score = score_text(score)
        ));
    }
    let total = t!("grader-over-all", score = score_text(&report.total));
    ui.label(RichText::new(total).strong());
    stopped_ui(ui, report.stopped.as_deref());
    ui.add_space(4.0);
    ui.label(t!("grader-games"));
    for (i, game) in report.games.iter().enumerate() {
        let text = game_text(i, game, report);
        if ui.selectable_label(*selected == Some(i), text).clicked() {
            *selected = if *selected == Some(i) { None } else { Some(i) };
        }
    }
}

fn strength_name(name: &str) -> String {
    match name {
        "weak" => t!("grader-strength-weak"),
        "medium" => t!("grader-strength-medium"),
        _ => t!("grader-strength-strong"),
    }
}

/// "1 won, 0 drawn, 1 lost: 50% (95% interval 9% to 91%)".
fn score_text(score: &grade::MatchScore) -> String {
    let (mean, low, high) = score.interval.map_or((0.0, 0.0, 0.0), |i| {
        (100.0 * i.mean, 100.0 * i.low, 100.0 * i.high)
    });
    t!(
        "grader-score",
        wins = score.wins,
        draws = score.draws,
        losses = score.losses,
        mean = format!("{mean:.0}"),
        low = format!("{low:.0}"),
        high = format!("{high:.0}")
    )
}

/// One game in words: the strength, the player's colour, the result and how it came.
fn game_text(i: usize, game: &MatchGame, report: &MatchReport) -> String {
    let result = match game.result {
        GameResult::Win => t!("grader-result-win"),
        GameResult::Draw => t!("grader-result-draw"),
        GameResult::Loss => t!("grader-result-loss"),
    };
    let how = match &game.how {
        End::Five => t!("grader-end-five"),
        End::FullBoard => t!("grader-end-full"),
        End::Fault(why) => why.clone(),
    };
    let colour = if game.colour == "black" {
        t!("grader-black")
    } else {
        t!("grader-white")
    };
    t!(
        "grader-game",
        number = i + 1,
        strength = strength_name(report.strengths[game.strength].name),
        colour = colour,
        result = result,
        how = how,
        moves = game.moves.len()
    )
}

/// One mistake in words: what kind, the side to move, the answer and the best moves.
fn mistake_text(graded: &Graded) -> String {
    let kind = match graded.verdict {
        MoveVerdict::Best => t!("grader-best"),
        MoveVerdict::WinMissed => t!("grader-wins-missed"),
        MoveVerdict::DrawThrown => t!("grader-draws-thrown"),
        MoveVerdict::SlowerWin => t!("grader-slower-wins"),
        MoveVerdict::FasterLoss => t!("grader-faster-losses"),
        MoveVerdict::Illegal => t!("grader-illegal"),
        MoveVerdict::Failure => t!("grader-failures"),
    };
    let moves = graded.moves.len();
    let answer = graded.answer.clone().unwrap_or_else(|| "-".to_string());
    let best: Vec<String> = graded
        .best_moves
        .iter()
        .map(|c| format!("{},{}", c.col, c.row))
        .collect();
    t!(
        "grader-mistake",
        kind = kind,
        side = graded.side,
        moves = moves,
        answer = answer,
        best = best.join(" ")
    )
}
