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
    let certificate = certify(&Position::new(rule), Side::X, &stop, &mut |_| {}).unwrap();
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

/// The record board: 7x7 with five in a row. Its certificate has 46,523 nodes (4.1 MB of
/// JSON), with the defender's answers preferring replies that end the tree at once and maker
/// moves answered by zones and by stronger moves.
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
    assert!(certify(&Position::new(rule), Side::X, &stop, &mut |_| {}).is_err());
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
    let n = first_node(&bad, "maker_cut");
    let cut = &mut bad["nodes"][n]["maker_cut"];
    if cut["zoned"].as_array_mut().unwrap().pop().is_none() {
        cut["branches"][0][0].as_array_mut().unwrap().pop();
    }
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
    let n = first_node(&bad, "maker_cut");
    bad["nodes"][n]["maker_cut"]["branches"][0][1] = json!(1_000_000);
    assert!(check(&bad).unwrap_err().contains("does not exist"));
    let mut bad = good.clone();
    bad["rule"] = json!({"width": 7, "height": 7, "k": 5, "exact": false});
    assert!(check(&bad).is_err());
    let mut bad = good.clone();
    bad["format"] = json!("something else");
    assert!(check(&bad).unwrap_err().contains("format"));
    assert!(verify("{ not json").is_err());
}

/// The first maker node with at least `branches` branches and one entry in `list`.
fn cut_with(certificate: &Value, branches: usize, list: &str) -> usize {
    certificate["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|n| {
            n.get("maker_cut").is_some_and(|cut| {
                cut["branches"].as_array().unwrap().len() >= branches
                    && !cut[list].as_array().unwrap().is_empty()
            })
        })
        .unwrap_or_else(|| panic!("no maker node with {branches} branches and {list}"))
}

#[test]
fn zones_and_dominated_moves_are_checked_not_trusted() {
    let good = certificate_of("7,6,5");
    let checked = check(&good).unwrap();
    assert!(checked.zoned > 0 && checked.dominated > 0, "{checked:?}");

    // A move said to lie outside a sibling's zone that the sibling's refutation uses: the
    // writer searches a branch only when every earlier branch's zone holds its cell, so the
    // last branch's cells lie in the first branch's zone.
    let mut bad = good.clone();
    let n = cut_with(&bad, 2, "zoned");
    let cut = &mut bad["nodes"][n]["maker_cut"];
    let last = cut["branches"].as_array_mut().unwrap().pop().unwrap();
    let gone = cut["branches"].as_array().unwrap().len();
    for entry in cut["zoned"].as_array_mut().unwrap() {
        if entry[1] == json!(gone) {
            entry[1] = json!(0);
        }
    }
    for cell in last[0].as_array().unwrap() {
        cut["zoned"].as_array_mut().unwrap().push(json!([cell, 0]));
    }
    let error = check(&bad).unwrap_err();
    assert!(error.contains("lies in the zone of branch 0"), "{error}");
    let mut bad = good.clone();
    let n = cut_with(&bad, 1, "zoned");
    bad["nodes"][n]["maker_cut"]["zoned"][0][1] = json!(99);
    let error = check(&bad).unwrap_err();
    assert!(error.contains("there is no branch 99"), "{error}");

    // A move said to be dominated by a cell on the same lines (itself), and by a taken cell.
    let n = cut_with(&good, 1, "dominated");
    let weak = good["nodes"][n]["maker_cut"]["dominated"][0][0].clone();
    let mut bad = good.clone();
    bad["nodes"][n]["maker_cut"]["dominated"][0][1] = weak.clone();
    let error = check(&bad).unwrap_err();
    assert!(error.contains("does not dominate"), "{error}");
    let mut bad = good.clone();
    bad["nodes"][n]["maker_cut"]["dominated"][0][1] = json!(1_000_000);
    let error = check(&bad).unwrap_err();
    assert!(error.contains("does not dominate"), "{error}");
    let mut bad = good.clone();
    let taken = first_taken_cell(&good, n);
    bad["nodes"][n]["maker_cut"]["dominated"][0][1] = json!(taken);
    let error = check(&bad).unwrap_err();
    assert!(error.contains("does not dominate"), "{error}");

    // A shared node reached as another position: the root's second branch pointed at the
    // first branch's child.
    let mut bad = good.clone();
    let first = bad["nodes"][0]["maker_cut"]["branches"][0][1].clone();
    bad["nodes"][0]["maker_cut"]["branches"][1][1] = first;
    let error = check(&bad).unwrap_err();
    assert!(
        error.contains("reached again as a different position"),
        "{error}"
    );
}

/// A cell taken at node `n`: the cell the breaker played just above it.
fn first_taken_cell(certificate: &Value, n: usize) -> u64 {
    let nodes = certificate["nodes"].as_array().unwrap();
    nodes
        .iter()
        .find_map(|node| {
            let breaker = node.get("breaker")?;
            (breaker[1].as_u64()? == n as u64).then(|| breaker[0].as_u64().unwrap())
        })
        .expect("a breaker move above the node")
}

/// Certificates of the first format (every maker move a branch) are still read.
#[test]
fn a_certificate_of_the_first_format_is_read() {
    let mut old = certificate_of("4,4,4");
    old["format"] = json!("tictactoe maker-breaker proof 1");
    for node in old["nodes"].as_array_mut().unwrap() {
        if let Some(cut) = node.get("maker_cut").cloned() {
            assert!(cut["zoned"].as_array().unwrap().is_empty());
            assert!(cut["dominated"].as_array().unwrap().is_empty());
            *node = json!({ "maker": cut["branches"] });
        }
    }
    assert!(check(&old).unwrap().draw);
    // The second format's nodes are refused in a certificate of the first.
    let mut mixed = certificate_of("7,6,5");
    mixed["format"] = json!("tictactoe maker-breaker proof 1");
    let error = check(&mixed).unwrap_err();
    assert!(error.contains("second format"), "{error}");
}
