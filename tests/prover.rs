//! The prover against the exact search: every value it proves on small boards must be the
//! value the engine's full algorithm finds by searching to the end.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tictactoe::engine::{Engine, EngineConfig, Limits, Value};
use tictactoe::lab::{WinSearch, winning_line};
use tictactoe::prover::{
    ProverConfig, Resume, ResumeError, SaveReport, Verdict, prove, prove_resumable,
};
use tictactoe::rules::{Position, Rule};

fn rule(text: &str) -> Rule {
    text.parse().unwrap()
}

/// The prover's verdict, which must be proved (no limit is set).
fn proved(position: &Position) -> Verdict {
    let stop = AtomicBool::new(false);
    let proof = prove(position, &ProverConfig::default(), &stop, &mut |_| {}).unwrap();
    proof.verdict
}

/// The engine's value, searched to the end.
fn exact(engine: &mut Engine, position: &Position) -> Verdict {
    if let Some(outcome) = position.outcome() {
        return if outcome.winner().is_some() {
            Verdict::Loss
        } else {
            Verdict::Draw
        };
    }
    let stop = AtomicBool::new(false);
    let found = engine.search(position, &Limits::default(), &stop, &mut |_| {});
    match found.value {
        Value::Win { .. } => Verdict::Win,
        Value::Loss { .. } => Verdict::Loss,
        Value::Draw => Verdict::Draw,
        Value::Unknown => panic!("the exact search did not finish on {position:?}"),
    }
}

fn engine_for(rule: &Rule) -> Engine {
    let config = EngineConfig {
        tt_megabytes: 16,
        ..EngineConfig::default()
    };
    Engine::for_rule(config, rule)
}

/// Compares prover and engine on `position`, counting each verdict.
fn compare(engine: &mut Engine, position: &Position, counts: &mut [usize; 3]) {
    let (p, e) = (proved(position), exact(engine, position));
    assert_eq!(
        p,
        e,
        "prover and exact search differ on {}",
        position.to_notation()
    );
    let slot = match p {
        Verdict::Win => 0,
        Verdict::Loss => 1,
        _ => 2,
    };
    counts[slot] += 1;
}

#[test]
fn the_empty_boards_of_the_known_values() {
    assert_eq!(proved(&Position::new(rule("3,3,3"))), Verdict::Draw);
    assert_eq!(proved(&Position::new(rule("4,4,4"))), Verdict::Draw);
    assert_eq!(proved(&Position::new(rule("4,4,3"))), Verdict::Win);
    assert_eq!(proved(&Position::new(rule("5,5,4"))), Verdict::Draw);
    assert_eq!(proved(&Position::new(rule("6,6,5"))), Verdict::Draw);
}

/// With two threads sharing out the first moves (one per position up to symmetry), the same
/// values: the Maker-Breaker draws, a Maker-Breaker win that is a real win (6,5,4, 4,4,3),
/// and positions where the attacker to move has a few stones.
#[test]
fn two_threads_prove_the_same_values() {
    let config = ProverConfig {
        threads: 2,
        ..ProverConfig::default()
    };
    let stop = AtomicBool::new(false);
    let cases = [
        ("4,4,3", None, Verdict::Win),
        ("5,5,4", None, Verdict::Draw),
        ("6,5,4", None, Verdict::Win),
        ("7,6,5", None, Verdict::Draw),
        ("4,4,4", Some("x.../.o../..../...."), Verdict::Draw),
        (
            "5,5,4",
            Some("...../.x.../..o../...../....."),
            Verdict::Draw,
        ),
    ];
    for (rule_text, notation, expected) in cases {
        let rule = rule(rule_text);
        let position = match notation {
            Some(text) => Position::from_notation(rule, text).unwrap(),
            None => Position::new(rule),
        };
        let found = prove(&position, &config, &stop, &mut |_| {}).unwrap();
        assert_eq!(found.verdict, expected, "{rule_text} {notation:?}");
        assert_eq!(found.verdict, proved(&position), "{rule_text} {notation:?}");
    }
}

/// The positions of 4x4 with four in a row reachable in play with at least `min_stones`
/// stones, one per symmetry class, compared with the exact search.
fn positions_of_4x4(min_stones: usize) {
    let rule = rule("4,4,4");
    let mut engine = engine_for(&rule);
    let mut seen = HashSet::new();
    let mut stack = vec![Position::new(rule)];
    let mut counts = [0usize; 3];
    while let Some(position) = stack.pop() {
        if !seen.insert(position.canonical_hash()) {
            continue;
        }
        if position.stones() >= min_stones {
            compare(&mut engine, &position, &mut counts);
        }
        for cell in position.legal_moves() {
            let mut next = position.clone();
            next.play(cell).unwrap();
            stack.push(next);
        }
    }
    let compared: usize = counts.iter().sum();
    eprintln!("4,4,4: {compared} positions of {min_stones}+ stones: {counts:?} (win, loss, draw)");
    assert!(compared > 0);
}

#[test]
fn late_positions_of_4x4_agree_with_the_exact_search() {
    positions_of_4x4(14);
}

/// All of them: long (run with `cargo test --release --test integration prover:: -- --ignored`).
#[test]
#[ignore]
fn every_position_of_4x4_agrees_with_the_exact_search() {
    positions_of_4x4(0);
}

/// Random positions reached by random play, stopped before the game ends.
fn random_sample(rule_text: &str, samples: usize, seed: u64) {
    let rule = rule(rule_text);
    let mut engine = engine_for(&rule);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut counts = [0usize; 3];
    for _ in 0..samples {
        let mut position = Position::new(rule);
        let stones = rng.random_range(0..rule.cells() - 2);
        for _ in 0..stones {
            let moves = position.legal_moves();
            let cell = moves[rng.random_range(0..moves.len())];
            let mut next = position.clone();
            next.play(cell).unwrap();
            if next.is_over() {
                break;
            }
            position = next;
        }
        compare(&mut engine, &position, &mut counts);
    }
    eprintln!("{rule_text}: {samples} random positions: {counts:?} (win, loss, draw)");
    assert_eq!(counts.iter().sum::<usize>(), samples);
}

#[test]
fn random_positions_of_5x5_agree_with_the_exact_search() {
    random_sample("5,5,4", 30, 5);
}

#[test]
fn random_positions_of_6x4_agree_with_the_exact_search() {
    random_sample("6,4,4", 30, 6);
}

/// The large samples: long (run with `cargo test --release --test integration prover:: -- --ignored`).
#[test]
#[ignore]
fn many_random_positions_agree_with_the_exact_search() {
    random_sample("5,5,4", 1000, 55);
    random_sample("6,4,4", 1000, 64);
}

/// The winning lines the lab plays out, checked against the exact search: a line is given
/// exactly when the side to move wins, it is legal, the winner makes K in a row at its end,
/// and every position on it where the winner moves is still a win by the exact search.
fn winning_lines_agree(rule_text: &str, samples: usize, seed: u64) {
    let rule = rule(rule_text);
    let mut engine = engine_for(&rule);
    let mut rng = StdRng::seed_from_u64(seed);
    let stop = AtomicBool::new(false);
    let mut lines = 0;
    for _ in 0..samples {
        let mut position = Position::new(rule);
        let stones = rng.random_range(0..rule.cells() / 2);
        for _ in 0..stones {
            let moves = position.legal_moves();
            let mut next = position.clone();
            next.play(moves[rng.random_range(0..moves.len())]).unwrap();
            if next.is_over() {
                break;
            }
            position = next;
        }
        let value = exact(&mut engine, &position);
        match winning_line(&position, 0, &stop) {
            WinSearch::Line(line) => {
                assert_eq!(value, Verdict::Win, "{}", position.to_notation());
                assert_eq!(line.winner, position.side_to_move());
                let mut play = position.clone();
                for &cell in &line.moves {
                    if play.side_to_move() == line.winner {
                        assert_eq!(exact(&mut engine, &play), Verdict::Win);
                    }
                    play.play(cell).unwrap();
                }
                assert_eq!(play.winner(), Some(line.winner));
                lines += 1;
            }
            WinSearch::NoWin { .. } => {
                assert_ne!(value, Verdict::Win, "{}", position.to_notation());
            }
            other => panic!("{other:?} on {}", position.to_notation()),
        }
    }
    eprintln!("{rule_text}: {lines} winning lines of {samples} positions");
    assert!(lines > 0);
}

#[test]
fn winning_lines_agree_with_the_exact_search() {
    winning_lines_agree("4,4,3", 40, 43);
    winning_lines_agree("5,4,4", 40, 54);
    winning_lines_agree("5,5,4", 20, 55);
}

/// A long proof with the defender to move (no split over threads, one long search) keeps
/// reporting and stops at its time limit, however long its current pass would run.
#[test]
fn a_long_proof_reports_and_stops_at_its_time_limit() {
    let rule = rule("8,8,5");
    let position = Position::from_notation(
        rule,
        "......../......../......../...xo.../...x..../......../......../........",
    )
    .unwrap();
    let config = ProverConfig {
        time: Some(std::time::Duration::from_millis(2500)),
        ..ProverConfig::default()
    };
    let stop = AtomicBool::new(false);
    let mut reports = Vec::new();
    let found = prove(&position, &config, &stop, &mut |p| reports.push(p.nodes)).unwrap();
    assert_eq!(found.verdict, Verdict::Unknown);
    assert!(found.stopped);
    // The limit is 2.5 s; a loaded machine may take a while to notice, not a whole pass.
    assert!(found.stats.elapsed.as_secs_f64() < 30.0, "{found:?}");
    assert!(reports.len() >= 2, "reports: {reports:?}");
    assert!(reports.windows(2).all(|w| w[0] <= w[1]), "{reports:?}");
    assert!(reports.last().is_some_and(|&n| n > 0), "{reports:?}");
}

fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tictactoe-resume-{}-{name}", std::process::id()))
}

/// Proves `position` in runs of at most `budget` nodes a search, each resumed from the
/// file the one before saved at its stop; the verdict and how many runs it took.
fn proved_in_runs(
    position: &Position,
    budget: u64,
    path: &std::path::Path,
    threads: fn(usize) -> usize,
) -> (Verdict, usize) {
    for run in 1..=100 {
        let config = ProverConfig {
            node_limit: Some(budget),
            threads: threads(run),
            ..ProverConfig::default()
        };
        let stop = AtomicBool::new(false);
        let resume = Resume::open(path, Duration::from_secs(300), position).unwrap();
        if run > 1 {
            assert!(!resume.is_new());
            assert!(resume.positions() > 0 || resume.finished_searches() > 0);
        }
        let saves = AtomicUsize::new(0);
        let on_save = |saved: Result<SaveReport, ResumeError>| {
            saved.unwrap();
            saves.fetch_add(1, Ordering::Relaxed);
        };
        let proof = prove_resumable(
            position,
            &config,
            Some(resume),
            &stop,
            &mut |_| {},
            &on_save,
        )
        .unwrap();
        assert_eq!(
            saves.load(Ordering::Relaxed),
            1,
            "one save at the stop or the end"
        );
        if proof.verdict != Verdict::Unknown {
            return (proof.verdict, run);
        }
        assert!(proof.stopped, "a run out of budget stops the proof");
    }
    panic!("{position:?} was not proved in 100 runs of {budget} nodes");
}

/// Proves the position of `rule_text` (`notation`, or the empty board) in runs stopped by a
/// node `budget`, each resumed from the file (run `n` on `threads(n)` threads), and checks
/// that it gives the value of one run.
fn resumes_to_the_same_value(
    rule_text: &str,
    notation: &str,
    budget: u64,
    threads: fn(usize) -> usize,
) {
    let rule = rule(rule_text);
    let position = if notation.is_empty() {
        Position::new(rule)
    } else {
        Position::from_notation(rule, notation).unwrap()
    };
    let threads_of_runs = threads(1) * 10 + threads(2);
    let path = scratch(&format!("{rule_text}-{}-{threads_of_runs}", notation.len()));
    let _ = std::fs::remove_file(&path);
    let every = Duration::from_secs(300);
    assert!(Resume::open(&path, every, &position).unwrap().is_new());
    let (verdict, runs) = proved_in_runs(&position, budget, &path, threads);
    assert_eq!(verdict, proved(&position), "{rule_text} {notation}");
    assert!(
        runs > 1,
        "{rule_text}: the budget was to stop the first run"
    );
    // The file of a finished proof gives the value at once, with no table.
    let resume = Resume::open(&path, every, &position).unwrap();
    assert_eq!(resume.positions(), 0);
    assert_eq!(proved_in_runs(&position, 1, &path, threads), (verdict, 1));
    eprintln!("{rule_text} {notation}: {verdict} in {runs} runs");
    std::fs::remove_file(&path).unwrap();
}

/// A panic on the searching thread (here in the caller's `on_save`, as when a test's save
/// fails on a full disk) reaches the caller; before, the watching thread waited for the
/// gone search for ever.
#[test]
fn a_panic_while_saving_reaches_the_caller() {
    let path = scratch("panic");
    let _ = std::fs::remove_file(&path);
    let (sent, outcome) = std::sync::mpsc::channel();
    let proving = path.clone();
    std::thread::spawn(move || {
        let position = Position::new(rule("6,5,4"));
        let config = ProverConfig {
            node_limit: Some(1_000),
            threads: 1,
            ..ProverConfig::default()
        };
        let resume = Resume::open(&proving, Duration::from_secs(300), &position).unwrap();
        let stop = AtomicBool::new(false);
        let on_save = |_: Result<SaveReport, ResumeError>| panic!("the save failed");
        let proved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            prove_resumable(
                &position,
                &config,
                Some(resume),
                &stop,
                &mut |_| {},
                &on_save,
            )
        }));
        let _ = sent.send(proved.is_err());
    });
    let panicked = outcome.recv_timeout(Duration::from_secs(600));
    let _ = std::fs::remove_file(&path);
    assert_eq!(panicked, Ok(true), "the panic reached the caller");
}

/// A win: the Maker-Breaker search, then the real game's.
#[test]
fn a_win_stopped_and_resumed_is_the_win_of_one_run() {
    resumes_to_the_same_value("6,5,4", "", 100_000, |_| 1);
}

/// A draw, its openings searched in turn.
#[test]
fn a_draw_stopped_and_resumed_is_the_draw_of_one_run() {
    resumes_to_the_same_value("7,6,5", "", 300, |_| 1);
}

/// O to move: both sides searched, X's win found after O's search.
#[test]
fn a_loss_stopped_and_resumed_is_the_loss_of_one_run() {
    resumes_to_the_same_value(
        "6,5,4",
        "....../....../..x.../....../......",
        150_000,
        |_| 1,
    );
}

#[test]
fn a_saved_proof_of_another_position_or_a_damaged_one_is_refused() {
    let path = scratch("other");
    let _ = std::fs::remove_file(&path);
    let seven = Position::new(rule("7,6,5"));
    proved_in_runs(&seven, 300, &path, |_| 1);
    let every = Duration::from_secs(300);
    let other = Resume::open(&path, every, &Position::new(rule("7,7,5"))).err();
    let Some(error @ ResumeError::OtherProof { .. }) = other else {
        panic!("another rule: {other:?}");
    };
    assert!(error.to_string().contains("7,6,5"), "{error}");
    let moved = Position::from_notation(
        rule("7,6,5"),
        "......./......./...x.../......./......./.......",
    );
    let other = Resume::open(&path, every, &moved.unwrap()).err();
    assert!(
        matches!(other, Some(ResumeError::OtherProof { .. })),
        "{other:?}"
    );
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let damaged = Resume::open(&path, every, &seven).err();
    assert!(
        matches!(damaged, Some(ResumeError::Damaged { .. })),
        "{damaged:?}"
    );
    std::fs::remove_file(&path).unwrap();
}

/// Two threads sharing one table save it while they search; a win resumed on two threads,
/// and a draw whose runs take turns on two threads and on one (each reads the other's
/// file), give the value of one run.
#[test]
fn a_proof_on_two_threads_stopped_and_resumed_is_the_proof_of_one_run() {
    resumes_to_the_same_value("6,5,4", "", 100_000, |_| 2);
    resumes_to_the_same_value("7,6,5", "", 300, |run| 1 + run % 2);
}
