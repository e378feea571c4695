//! The computer's lessons from lost games in the window: it notices when the computer has
//! lost to a person, works out the lesson on a thread of its own (the window never waits for
//! the searches that takes), and shows in the side panel how many lessons there are, with a
//! button that forgets them. The lessons themselves are the game layer's
//! ([`crate::game::lessons`]).

use std::sync::{Arc, Mutex};

use egui::Ui;

use crate::engine::PlayerKind;
use crate::game::lessons::{LESSONS_FILE, lesson_of};
use crate::game::{Lessons, LostGame, Player, Session, SharedLessons};
use crate::t;

/// The lessons, what went wrong with them, and which game was looked at last.
pub struct LessonsView {
    shared: SharedLessons,
    /// Why the lessons could not be read or written, as the player is told.
    problem: Arc<Mutex<Option<String>>>,
    /// Set while a lost game is being learned from.
    learning: Arc<Mutex<bool>>,
    /// The session generation looked at last.
    checked: Option<u64>,
    /// The count shown, kept for frames when a worker holds the lessons.
    count: usize,
    repaint: Arc<dyn Fn() + Send + Sync>,
}

impl LessonsView {
    /// Lessons kept in memory only (the window under test).
    #[must_use]
    pub fn in_memory(repaint: impl Fn() + Send + Sync + 'static) -> LessonsView {
        LessonsView::over(Lessons::in_memory(), None, repaint)
    }

    /// The lessons of the file in the user's data folder (the folder eframe keeps the
    /// settings in); a file that cannot be read is said in the panel and starts afresh.
    #[must_use]
    pub fn from_data_folder(repaint: impl Fn() + Send + Sync + 'static) -> LessonsView {
        let Some(dir) = crate::install::data_folder(crate::install::APP_ID) else {
            return LessonsView::in_memory(repaint);
        };
        match Lessons::load(&dir.join(LESSONS_FILE)) {
            Ok(lessons) => LessonsView::over(lessons, None, repaint),
            Err(e) => LessonsView::over(Lessons::in_memory(), Some(e.to_string()), repaint),
        }
    }

    fn over(
        lessons: Lessons,
        problem: Option<String>,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> LessonsView {
        LessonsView {
            count: lessons.len(),
            shared: Arc::new(Mutex::new(lessons)),
            problem: Arc::new(Mutex::new(problem)),
            learning: Arc::new(Mutex::new(false)),
            checked: None,
            repaint: Arc::new(repaint),
        }
    }

    /// The lessons, for the move driver.
    #[must_use]
    pub fn shared(&self) -> SharedLessons {
        self.shared.clone()
    }

    /// Looks at the game on the board: once a person has beaten the engine, the lesson of
    /// that game is worked out on a thread of its own and remembered.
    pub fn watch(&mut self, session: &Session) {
        // The count the panel shows, read when no worker holds the lessons.
        if let Ok(lessons) = self.shared.try_lock() {
            self.count = lessons.len();
        }
        let generation = session.generation();
        if self.checked == Some(generation) {
            return;
        }
        self.checked = Some(generation);
        let Some(winner) = session.position().winner() else {
            return;
        };
        let computer = winner.other();
        let beaten = matches!(session.player(winner), Player::Human)
            && matches!(
                session.player(computer),
                Player::Computer(PlayerKind::Engine { .. })
            );
        if !beaten {
            return;
        }
        let game = LostGame {
            rule: *session.position().rule(),
            moves: session.moves().to_vec(),
            computer,
        };
        let (shared, problem, learning) = (
            self.shared.clone(),
            self.problem.clone(),
            self.learning.clone(),
        );
        let repaint = self.repaint.clone();
        set(&learning, true);
        let started = std::thread::Builder::new()
            .name("lessons".to_string())
            .spawn(move || {
                // The searches run without the lessons locked; only the remembering does.
                if let Some(lesson) = lesson_of(&game)
                    && let Ok(mut lessons) = shared.lock()
                    && let Err(e) = lessons.remember(lesson)
                {
                    set(&problem, Some(e.to_string()));
                }
                set(&learning, false);
                repaint();
            });
        if started.is_err() {
            set(&self.learning, false);
        }
    }

    /// The panel's section: how many lessons, and the button that forgets them; whether it
    /// was pressed, for the app to apply ([`LessonsView::forget`]).
    #[must_use]
    pub fn ui(&self, ui: &mut Ui) -> bool {
        ui.strong(t!("lessons-heading"));
        if self.learning.lock().is_ok_and(|l| *l) {
            ui.label(t!("lessons-learning"));
        } else {
            ui.label(t!("lessons-learned", count = self.count));
        }
        if let Some(reason) = self.problem.lock().ok().and_then(|p| p.clone()) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                t!("lessons-problem", reason = reason),
            );
        }
        ui.add_enabled(self.count > 0, egui::Button::new(t!("lessons-forget")))
            .on_hover_text(t!("lessons-forget-hover"))
            .clicked()
    }

    /// Forgets every lesson (and says so in the file, if they are kept in one).
    pub fn forget(&mut self) {
        if let Ok(mut lessons) = self.shared.lock() {
            let outcome = lessons.forget();
            self.count = lessons.len();
            set(&self.problem, outcome.err().map(|e| e.to_string()));
        }
    }
}

fn set<T>(cell: &Mutex<T>, value: T) {
    if let Ok(mut guard) = cell.lock() {
        *guard = value;
    }
}
