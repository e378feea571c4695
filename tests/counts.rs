//! Whole-tree counts of small boards against the figures in tests/fixtures/counts.txt,
//! through the library and once through the binary's `count --json`.

use std::process::Command;

use tictactoe::rules::perft::{self, Counts};
use tictactoe::rules::{Position, Rule};

/// One line of the fixture: a rule and its expected counts.
fn fixture() -> Vec<(Rule, Counts)> {
    include_str!("fixtures/counts.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let rule: Rule = fields[0].parse().expect("rule");
            let n: Vec<u64> = fields[1..]
                .iter()
                .map(|f| f.parse().expect("count"))
                .collect();
            let counts = Counts {
                games: n[0],
                x_wins: n[1],
                o_wins: n[2],
                draws: n[3],
                positions: n[4],
                terminal_positions: n[5],
                positions_up_to_symmetry: n[6],
                terminal_up_to_symmetry: n[7],
                games_up_to_symmetry: n[8],
            };
            (rule, counts)
        })
        .collect()
}

#[test]
fn tic_tac_toe_counts_from_the_literature() {
    let counts = perft::count(Rule::TIC_TAC_TOE).unwrap();
    assert_eq!(counts.games, 255_168);
    assert_eq!(
        (counts.x_wins, counts.o_wins, counts.draws),
        (131_184, 77_904, 46_080)
    );
    assert_eq!(counts.positions, 5_478);
    assert_eq!(counts.terminal_positions, 958);
    assert_eq!(counts.positions_up_to_symmetry, 765);
    assert_eq!(counts.terminal_up_to_symmetry, 138);
    assert_eq!(counts.games_up_to_symmetry, 26_830);
}

#[test]
fn fixture_boards() {
    let boards = fixture();
    assert!(boards.len() >= 3);
    for (rule, expected) in boards {
        assert_eq!(perft::count(rule).unwrap(), expected, "{rule}");
    }
}

#[test]
fn games_by_length_add_up() {
    // Classic perft by ply: the games of each length are the sequences that end there.
    let mut p = Position::new(Rule::TIC_TAC_TOE);
    assert_eq!(perft::perft(&mut p, 9), 127_872);
    assert_eq!(perft::perft(&mut p, 5), 15_120);
}

#[test]
fn count_through_the_binary() {
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["count", "--rule", "3,3,3", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "3,3,3");
    assert_eq!(json["games"], 255_168);
    assert_eq!(json["x_wins"], 131_184);
    assert_eq!(json["o_wins"], 77_904);
    assert_eq!(json["draws"], 46_080);
    assert_eq!(json["positions"], 5_478);
    assert_eq!(json["terminal_positions"], 958);
    assert_eq!(json["positions_up_to_symmetry"], 765);
    assert_eq!(json["games_up_to_symmetry"], 26_830);
}

#[test]
fn the_binary_refuses_boards_too_large_to_count() {
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["count", "--rule", "5,5,4"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("16 cells"),
        "{stderr}"
    );
}
