//! Your own player: the lab's view that checks a player a learner wrote (any program that
//! speaks the Gomocup protocol) against perfect play on every position of tic-tac-toe
//! ([`crate::grade`]). The grading runs on a thread of its own, with a progress bar; the
//! report counts each kind of mistake, and a mistake chosen in the list is shown on the
//! board (a preview, never played) with the player's answer and the best moves marked.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use egui::{RichText, TextEdit, Ui};

use super::Preview;
use super::marks::Mark;
use crate::grade::{self, Graded, Limits, Report, Verdict};
use crate::protocol::engine::EngineCommand;
use crate::rules::{Cell, Position, Rule};
use crate::t;

/// The positions grading asks, for the progress bar before the first answer.
const POSITIONS: usize = 4520;
/// The mistakes listed; the rest are counted.
const LISTED: usize = 200;

/// A grading under way.
struct Running {
    asked: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    report: Receiver<Report>,
}

impl Drop for Running {
    fn drop(&mut self) {
        // The grading thread stops at its next answer, and the player with it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The view's state.
#[derive(Default)]
pub struct GraderView {
    /// The player's command line, as typed.
    command: String,
    running: Option<Running>,
    report: Option<Report>,
    /// Why the last grading could not start.
    problem: Option<String>,
    /// The mistake shown on the board.
    selected: Option<usize>,
}

impl GraderView {
    /// Stops a grading under way (the lab closed).
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// Reads the grading's report once it is done.
    pub fn poll(&mut self) {
        let Some(running) = &self.running else {
            return;
        };
        match running.report.try_recv() {
            Ok(report) => {
                self.report = Some(report);
                self.selected = None;
                self.running = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => self.running = None,
        }
    }

    fn start(&mut self, repaint: egui::Context) {
        let Some(command) = EngineCommand::parse(&self.command) else {
            self.problem = Some(t!("grader-no-command"));
            return;
        };
        self.problem = None;
        self.report = None;
        self.selected = None;
        let asked = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (to, report) = mpsc::channel();
        let (seen, stopped) = (asked.clone(), stop.clone());
        std::thread::Builder::new()
            .name("grader".into())
            .spawn(move || {
                let report = grade::grade(&command, Limits::default(), &mut |n, _| {
                    seen.store(n, Ordering::Relaxed);
                    repaint.request_repaint_after(Duration::from_millis(100));
                    !stopped.load(Ordering::Relaxed)
                });
                let _ = to.send(report);
                repaint.request_repaint();
            })
            .expect("a thread can be started");
        self.running = Some(Running {
            asked,
            stop,
            report,
        });
    }

    pub fn ui(&mut self, ui: &mut Ui) {
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
            let asked = running.asked.load(Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(asked as f32 / POSITIONS as f32).text(t!(
                    "grader-progress",
                    asked = asked,
                    total = POSITIONS
                )),
            );
            if ui.button(t!("grader-stop")).clicked() {
                self.running = None;
            }
            return;
        }
        if ui.button(t!("grader-check")).clicked() {
            self.start(ui.ctx().clone());
        }
        if let Some(problem) = &self.problem {
            ui.label(RichText::new(problem).color(ui.visuals().warn_fg_color));
        }
        if let Some(report) = &self.report {
            let mut selected = self.selected;
            report_ui(ui, report, &mut selected);
            self.selected = selected;
        }
    }

    /// The chosen mistake's position, for the board.
    #[must_use]
    pub fn preview(&self) -> Option<Preview> {
        let graded = self.chosen()?;
        let (position, last_move) = position_of(graded)?;
        Some(Preview {
            position,
            last_move,
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
        self.report.as_ref()?.mistakes.get(self.selected?)
    }
}

/// The position a graded answer was asked in, and its last move.
fn position_of(graded: &Graded) -> Option<(Position, Option<Cell>)> {
    let mut position = Position::new(Rule::TIC_TAC_TOE);
    let mut last = None;
    for cell in &graded.moves {
        let cell = Cell::new(cell.row, cell.col);
        position.play(cell).ok()?;
        last = Some(cell);
    }
    Some((position, last))
}

/// The counts and the list of mistakes; a click on one shows it on the board.
fn report_ui(ui: &mut Ui, report: &Report, selected: &mut Option<usize>) {
    ui.add_space(6.0);
    ui.label(t!(
        "grader-asked",
        asked = report.asked,
        total = report.positions
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
    if let Some(why) = &report.stopped {
        ui.label(
            RichText::new(t!("grader-stopped", reason = why.clone()))
                .color(ui.visuals().warn_fg_color),
        );
    }
    if report.is_perfect() {
        ui.label(RichText::new(t!("grader-perfect")).strong());
        return;
    }
    if report.mistakes.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.label(t!("grader-mistakes"));
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

/// One mistake in words: what kind, the side to move, the answer and the best moves.
fn mistake_text(graded: &Graded) -> String {
    let kind = match graded.verdict {
        Verdict::Best => t!("grader-best"),
        Verdict::WinMissed => t!("grader-wins-missed"),
        Verdict::DrawThrown => t!("grader-draws-thrown"),
        Verdict::SlowerWin => t!("grader-slower-wins"),
        Verdict::FasterLoss => t!("grader-faster-losses"),
        Verdict::Illegal => t!("grader-illegal"),
        Verdict::Failure => t!("grader-failures"),
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
