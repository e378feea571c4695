//! Certificates: what the prover writes, the independent checker accepts, and any damage
//! to a certificate makes the checker refuse it.

use std::sync::atomic::AtomicBool;

use serde_json::{Value, json};
use tictactoe::certificate::verify;
use tictactoe::engine::prover::certificate::certify;
use tictactoe::rules::{Position, Rule, Side};

fn certificate_of(rule: &str) -> Value {
    let rule: Rule = rule.parse().unwrap();
    let stop = AtomicBool::new(false);
    let certificate = certify(&Position::new(rule), Side::X, &stop).unwrap();
    serde_json::to_value(&certificate).unwrap()
}

fn check(value: &Value) -> Result<tictactoe::certificate::Checked, String> {
    verify(&value.to_string()).map_err(|e| e.to_string())
}

#[test]
fn proofs_of_drawn_boards_are_accepted() {
    for rule in ["4,4,4", "6,6,5", "7,6,5"] {
        let certificate = certificate_of(rule);
        let checked = check(&certificate).unwrap_or_else(|e| panic!("{rule}: {e}"));
        assert!(checked.draw, "{rule}");
        assert_eq!(checked.maker, Side::X);
        eprintln!(
            "{rule}: {} nodes, {} bytes",
            checked.nodes,
            certificate.to_string().len()
        );
    }
}

/// The record board: 7x7 with five in a row. Its certificate has 114,243 nodes (9.3 MB of
/// JSON), since the defender's answers prefer replies that end the tree at once.
#[test]
fn the_proof_of_7_7_5_is_accepted() {
    let certificate = certificate_of("7,7,5");
    let checked = check(&certificate).unwrap_or_else(|e| panic!("7,7,5: {e}"));
    assert!(checked.draw);
    assert_eq!(checked.maker, Side::X);
}

#[test]
fn a_win_has_no_draw_certificate() {
    let stop = AtomicBool::new(false);
    let rule: Rule = "4,4,3".parse().unwrap();
    assert!(certify(&Position::new(rule), Side::X, &stop).is_err());
}

/// The first node of `kind` in the certificate, by index.
fn first_node(certificate: &Value, kind: &str) -> usize {
    certificate["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|n| n.get(kind).is_some())
        .unwrap_or_else(|| panic!("no {kind} node"))
}

#[test]
fn damaged_certificates_are_refused() {
    let good = certificate_of("6,6,5");
    assert!(check(&good).is_ok());

    // A pairing with one pair taken out leaves a line uncovered (or the pairs overlap).
    let mut bad = good.clone();
    let n = first_node(&bad, "pairing");
    bad["nodes"][n]["pairing"].as_array_mut().unwrap().pop();
    assert!(
        check(&bad).unwrap_err().contains("holds no pair"),
        "{:?}",
        check(&bad)
    );

    // A maker move left unanswered.
    let mut bad = good.clone();
    let n = first_node(&bad, "maker");
    bad["nodes"][n]["maker"].as_array_mut().unwrap().pop();
    assert!(check(&bad).unwrap_err().contains("not answered"));

    // A pair moved onto a cell of another pair.
    let mut bad = good.clone();
    let n = first_node(&bad, "pairing");
    let pairs = bad["nodes"][n]["pairing"].as_array_mut().unwrap();
    let other = pairs[1][0].clone();
    pairs[0][0] = other;
    assert!(check(&bad).is_err());

    // A leaf claimed by the potential where the potential is too high.
    let mut bad = good.clone();
    bad["nodes"][0] = json!("potential");
    assert!(check(&bad).unwrap_err().contains("potential"));

    // A child that does not exist, another rule, another format, and plain garbage.
    let mut bad = good.clone();
    let n = first_node(&bad, "maker");
    bad["nodes"][n]["maker"][0][1] = json!(1_000_000);
    assert!(check(&bad).unwrap_err().contains("does not exist"));
    let mut bad = good.clone();
    bad["rule"] = json!({"width": 7, "height": 7, "k": 5, "exact": false});
    assert!(check(&bad).is_err());
    let mut bad = good.clone();
    bad["format"] = json!("something else");
    assert!(check(&bad).unwrap_err().contains("format"));
    assert!(verify("{ not json").is_err());
}
