//! The algorithms compared on the position on the board: plain minimax, alpha-beta in board
//! order, with move ordering, with the transposition table, with symmetry, and the full
//! engine. A table of nodes, cut-offs, table hits, time and value per method, and a bar chart
//! of the node counts on a log scale, drawn with egui's painter. The comparison runs on the
//! window's driver as the lab's job ([`CompareRequest`]), on a worker of its own; it can be
//! stopped, and is dropped (and so stopped) when the position changes.

use egui::{Align2, Color32, FontId, Rect, RichText, Sense, Stroke, Ui, Vec2};

use crate::engine::Value;
use crate::game::{Driver, Pending};
use crate::lab::{
    Agreement, CompareProgress, CompareRequest, CompareUpdate, Comparison, DepthReason, LabUpdate,
    Method, MethodResult, NotComparable, WhyNotFewer,
};
use crate::rules::Position;
use crate::t;

use super::words::value_words;

/// What the comparison of one position found, while it runs and once it is done.
struct ComparisonRun {
    /// Results as they come in.
    results: Vec<MethodResult>,
    running: Option<Method>,
    /// The comparison, or what went wrong.
    done: Option<Result<Comparison, String>>,
    /// Stopped before it was done.
    stopped: bool,
}

impl ComparisonRun {
    /// Takes in one of the comparison's updates.
    fn take(&mut self, update: CompareUpdate) {
        match update {
            LabUpdate::Progress(CompareProgress::Started { method, .. }) => {
                self.running = Some(method);
            }
            LabUpdate::Progress(CompareProgress::Finished { result, .. }) => {
                self.running = None;
                self.results.push(result);
            }
            LabUpdate::Done(found) => {
                self.running = None;
                self.done = Some(match found {
                    Ok(comparison) => {
                        self.results.clone_from(&comparison.results);
                        Ok(*comparison)
                    }
                    Err(e) => Err(e.to_string()),
                });
            }
            LabUpdate::Failed(message) => {
                self.running = None;
                self.done = Some(Err(message));
            }
        }
    }
}

/// The compare view.
pub struct Compare {
    driver: Driver,
    /// The comparison of the position it was asked for.
    run: Pending<Position, CompareUpdate, ComparisonRun>,
}

impl Compare {
    /// The compare view, comparing on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> Compare {
        Compare {
            driver,
            run: Pending::default(),
        }
    }

    /// Stops the comparison running; what it found stays.
    pub fn stop(&mut self) {
        if !self.run.is_running() {
            return;
        }
        self.run.stop();
        if let Some(run) = self.run.asked_mut() {
            run.running = None;
            run.stopped = true;
        }
    }

    /// Takes in what the comparison of the position on the board sent; one of another
    /// position forgets itself (and stops).
    pub fn poll(&mut self, position: &Position) {
        while let Some((update, run)) = self.run.next(position) {
            run.take(update);
        }
        if !self.run.is_running()
            && let Some(run) = self.run.asked_mut()
        {
            // Done, or ended without a word: nothing more will come.
            run.running = None;
        }
    }

    fn start(&mut self, position: &Position) {
        let ticket = self.driver.request(CompareRequest::new(position.clone()));
        let run = ComparisonRun {
            results: Vec::new(),
            running: None,
            done: None,
            stopped: false,
        };
        self.run.ask(position.clone(), ticket, run);
    }

    pub fn ui(&mut self, ui: &mut Ui, position: &Position) {
        ui.label(RichText::new(t!("lab-compare-intro")).weak());
        ui.add_space(4.0);
        if position.is_over() {
            ui.label(t!("lab-game-over"));
            return;
        }
        let running = self.run.is_running();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new(t!("lab-compare-start")))
                .clicked()
            {
                self.start(position);
            }
            if running && ui.button(t!("lab-stop")).clicked() {
                self.stop();
            }
        });
        let Some(run) = self.run.kept(position) else {
            return;
        };
        if let Some(method) = run.running {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("lab-compare-running", method = method_name(method)));
            });
        }
        if let Some(Ok(comparison)) = &run.done {
            ui.label(depth_words(comparison));
        }
        if let Some(Err(e)) = &run.done {
            ui.colored_label(ui.visuals().error_fg_color, e.as_str());
        }
        if run.stopped {
            ui.label(t!("lab-compare-cancelled"));
        }
        if run.results.is_empty() {
            return;
        }
        ui.separator();
        table_ui(ui, &run.results);
        ui.add_space(6.0);
        ui.label(RichText::new(t!("lab-compare-chart")).strong());
        chart_ui(ui, &run.results);
        if let Some(Ok(comparison)) = &run.done {
            ui.add_space(4.0);
            verdict_ui(ui, comparison);
        }
    }
}

/// A method's name in the window's language.
#[must_use]
pub fn method_name(method: Method) -> String {
    match method {
        Method::Minimax => t!("lab-method-minimax"),
        Method::AlphaBeta => t!("lab-method-alpha-beta"),
        Method::Ordering => t!("lab-method-ordering"),
        Method::Table => t!("lab-method-table"),
        Method::Symmetry => t!("lab-method-symmetry"),
        Method::Full => t!("lab-method-full"),
    }
}

/// A count with thousands separated: 549,946.
#[must_use]
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A time as the table shows it: milliseconds below ten seconds.
fn duration(elapsed: std::time::Duration) -> String {
    let ms = elapsed.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 10_000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}

fn depth_words(comparison: &Comparison) -> String {
    let plan = comparison.depth;
    match plan.reason {
        DepthReason::TooLarge { .. } => t!("lab-compare-depth-limited", plies = plan.plies),
        _ if plan.to_end => t!("lab-compare-depth-end", plies = plan.plies),
        _ => t!("lab-compare-depth-asked", plies = plan.plies),
    }
}

/// The table, in body text like the words around it.
fn table_ui(ui: &mut Ui, results: &[MethodResult]) {
    egui::Grid::new("lab-compare-table")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for head in [
                t!("lab-compare-method"),
                t!("lab-compare-nodes"),
                t!("lab-compare-cutoffs"),
                t!("lab-compare-hits"),
                t!("lab-compare-time"),
                t!("lab-compare-value"),
            ] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for r in results {
                ui.label(method_name(r.method));
                ui.label(count(r.nodes));
                ui.label(count(r.cutoffs));
                ui.label(count(r.tt_hits));
                ui.label(duration(r.elapsed));
                let value = if r.score.is_none() {
                    t!("lab-compare-stopped")
                } else if r.value == Value::Unknown {
                    r.score.map_or_else(String::new, |s| format!("e(P) {s}"))
                } else {
                    value_words(r.value)
                };
                ui.label(value);
                ui.end_row();
            }
        });
}

/// Horizontal bars of the node counts on a log scale, with a tick at every power of ten.
fn chart_ui(ui: &mut Ui, results: &[MethodResult]) {
    let most = results.iter().map(|r| r.nodes).max().unwrap_or(1).max(10);
    let decades = (most as f64).log10().ceil().max(1.0);
    let row = 22.0;
    let name_width = 112.0;
    let width = ui.available_width().max(name_width + 80.0);
    let height = row * results.len() as f32 + 18.0;
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    let text = ui.visuals().text_color();
    let weak = ui.visuals().weak_text_color();
    let bars = Rect::from_min_max(
        rect.min + Vec2::new(name_width, 0.0),
        // Room on the right for the longest bar's count and the last tick's label.
        rect.max - Vec2::new(48.0, 18.0),
    );
    let x_of = |n: u64| {
        let fraction = ((n.max(1) as f64).log10() / decades) as f32;
        bars.min.x + fraction * bars.width()
    };
    for decade in 0..=decades as u32 {
        let x = x_of(10u64.pow(decade));
        painter.line_segment(
            [egui::pos2(x, bars.min.y), egui::pos2(x, bars.max.y)],
            Stroke::new(1.0, weak.gamma_multiply(0.4)),
        );
        painter.text(
            egui::pos2(x, bars.max.y + 2.0),
            Align2::CENTER_TOP,
            format!("1e{decade}"),
            FontId::proportional(10.0),
            weak,
        );
    }
    for (i, r) in results.iter().enumerate() {
        let y = bars.min.y + i as f32 * row;
        painter.text(
            egui::pos2(rect.min.x, y + row / 2.0),
            Align2::LEFT_CENTER,
            method_name(r.method),
            FontId::proportional(11.0),
            text,
        );
        let bar = Rect::from_min_max(
            egui::pos2(bars.min.x, y + 3.0),
            egui::pos2(x_of(r.nodes).max(bars.min.x + 2.0), y + row - 3.0),
        );
        painter.rect_filled(bar, 2.0, bar_colour(i));
        painter.text(
            bar.right_center() + Vec2::new(3.0, 0.0),
            Align2::LEFT_CENTER,
            count(r.nodes),
            FontId::proportional(10.0),
            text,
        );
    }
    let words: Vec<String> = results
        .iter()
        .map(|r| format!("{}: {}", method_name(r.method), count(r.nodes)))
        .collect();
    ui.label(RichText::new(t!("lab-compare-chart-words", bars = words.join("; "))).weak());
}

fn bar_colour(i: usize) -> Color32 {
    super::marks::group_colour(i + 1).gamma_multiply(0.8)
}

/// Whether the values agree, and where a step did not visit fewer nodes, why.
fn verdict_ui(ui: &mut Ui, comparison: &Comparison) {
    let results = &comparison.results;
    let agreement = match comparison.agreement {
        Agreement::Agree { compared } if compared == results.len() => {
            t!("lab-compare-agree", count = compared)
        }
        Agreement::Agree { compared } => {
            let names: Vec<String> = results
                .iter()
                .filter(|r| r.agrees == Some(true))
                .map(|r| method_name(r.method))
                .collect();
            t!(
                "lab-compare-agree-some",
                count = compared,
                methods = names.join(&t!("list-separator"))
            )
        }
        Agreement::Disagree => t!("lab-compare-disagree"),
        Agreement::TooFew { .. } => t!("lab-compare-too-few"),
    };
    ui.label(RichText::new(agreement).strong());
    // A row left out of the comparison says why, so a value unlike the others is explained.
    for r in results {
        if let Some(why) = r.not_comparable {
            let reason = match why {
                NotComparable::Stopped => t!("lab-compare-why-stopped"),
                NotComparable::KnowledgeAtHorizon => t!("lab-compare-why-knowledge"),
                NotComparable::Patterns => t!("lab-compare-why-patterns"),
            };
            ui.label(t!(
                "lab-compare-not-compared",
                method = method_name(r.method),
                reason = reason
            ));
        }
    }
    for step in &comparison.progression {
        if step.fewer {
            continue;
        }
        let why = step.why_not.map_or_else(String::new, why_words);
        ui.label(t!(
            "lab-compare-not-fewer",
            method = method_name(step.method),
            previous = method_name(step.previous),
            why = why
        ));
    }
    if comparison.cancelled {
        ui.label(t!("lab-compare-cancelled"));
    }
}

fn why_words(why: WhyNotFewer) -> String {
    match why {
        WhyNotFewer::Stopped => t!("lab-why-stopped"),
        WhyNotFewer::NothingToCut => t!("lab-why-nothing-to-cut"),
        WhyNotFewer::OrderingMissed => t!("lab-why-ordering-missed"),
        WhyNotFewer::NoTranspositions => t!("lab-why-no-transpositions"),
        WhyNotFewer::TableChangedOrder => t!("lab-why-table-changed-order"),
        WhyNotFewer::NoSymmetricTwins => t!("lab-why-no-symmetric-twins"),
        WhyNotFewer::Deepening => t!("lab-why-deepening"),
        WhyNotFewer::DifferentTrees => t!("lab-why-different-trees"),
    }
}
