//! Certificates: what the prover writes, the independent checker accepts, and any damage
//! to a certificate makes the checker refuse it.

use std::sync::atomic::AtomicBool;

use serde_json::{Value, json};
use tictactoe::prover::certify::{BinarySink, certify, certify_bytes, certify_json};
use tictactoe::rules::{Position, Rule, Side};
use tictactoe::verify::{verify, verify_bytes, verify_file};

/// The certificate of the empty board in the second format (JSON).
fn certificate_of(rule: &str) -> Value {
    let rule: Rule = rule.parse().unwrap();
    let stop = AtomicBool::new(false);
    let certificate = certify_json(&Position::new(rule), Side::X, &stop, &mut |_| {}).unwrap();
    serde_json::to_value(&certificate).unwrap()
}

/// The certificate of the empty board in the third format (binary).
fn binary_of(rule: &str) -> Vec<u8> {
    let rule: Rule = rule.parse().unwrap();
    let stop = AtomicBool::new(false);
    certify_bytes(&Position::new(rule), Side::X, &stop, &mut |_| {})
        .unwrap()
        .0
}

fn check_bytes(bytes: &[u8]) -> Result<tictactoe::verify::Checked, String> {
    verify_bytes(bytes).map_err(|e| e.to_string())
}

fn check(value: &Value) -> Result<tictactoe::verify::Checked, String> {
    verify(&value.to_string()).map_err(|e| e.to_string())
}

#[test]
fn proofs_of_drawn_boards_are_accepted() {
    for rule in ["4,4,4", "6,6,5", "7,6,5"] {
        let certificate = certificate_of(rule);
        let checked = check(&certificate).unwrap_or_else(|e| panic!("{rule}: {e}"));
        assert!(checked.draw, "{rule}");
        assert_eq!(checked.maker, Side::X);
        let binary = binary_of(rule);
        let streamed = check_bytes(&binary).unwrap_or_else(|e| panic!("{rule}: {e}"));
        assert!(streamed.draw, "{rule}");
        assert!(streamed.nodes <= checked.nodes, "{rule}");
        eprintln!(
            "{rule}: JSON {} nodes, {} bytes; binary {} nodes, {} references, {} bytes",
            checked.nodes,
            certificate.to_string().len(),
            streamed.nodes,
            streamed.references,
            binary.len()
        );
    }
}

/// The record board: 7x7 with five in a row. Its certificate in the third format shares
/// positions reached again and their mirror images: 6,390 nodes and 732 references (134 KB),
/// where the second format's tree has 46,523 nodes (4.1 MB).
#[test]
fn the_proof_of_7_7_5_is_accepted() {
    let binary = binary_of("7,7,5");
    let checked = check_bytes(&binary).unwrap_or_else(|e| panic!("7,7,5: {e}"));
    assert!(checked.draw);
    assert_eq!(checked.maker, Side::X);
    assert!(
        checked.references > 0 && checked.nodes < 46_523,
        "{checked:?}"
    );
    // The file is read as a stream, as `verify` reads it.
    let path = std::env::temp_dir().join(format!("certificate-775-{}.cert", std::process::id()));
    std::fs::write(&path, &binary).unwrap();
    let from_file = verify_file(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(from_file.unwrap(), checked);
}

#[test]
fn a_win_has_no_draw_certificate() {
    let stop = AtomicBool::new(false);
    let rule: Rule = "4,4,3".parse().unwrap();
    assert!(certify_json(&Position::new(rule), Side::X, &stop, &mut |_| {}).is_err());
    assert!(certify_bytes(&Position::new(rule), Side::X, &stop, &mut |_| {}).is_err());
}

/// A writer whose table of shared nodes is tiny forgets nodes and writes them again: a
/// larger certificate, still valid. (On 7,7,5: on 7,6,5 the certificate is so small that
/// the order in which the search meets its pairings matters more than the sharing.)
#[test]
fn a_writer_with_a_small_table_writes_a_larger_valid_certificate() {
    let position = Position::new("7,7,5".parse().unwrap());
    let stop = AtomicBool::new(false);
    let mut sink = BinarySink::new(Vec::new(), &position, Side::X).unwrap();
    let written = certify(&position, Side::X, &stop, &mut |_| {}, &mut sink, 8).unwrap();
    let (small, _) = sink.finish().unwrap();
    let checked = check_bytes(&small).unwrap();
    assert_eq!(checked.nodes as u64, written.nodes);
    let full = check_bytes(&binary_of("7,7,5")).unwrap();
    assert!(
        checked.nodes > full.nodes,
        "{} {}",
        checked.nodes,
        full.nodes
    );
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

/// One record of the third format: its tag and the numbers after it (counts included).
#[derive(Clone, Debug)]
struct Record {
    tag: u8,
    numbers: Vec<u64>,
}

fn read_varint(bytes: &[u8], at: &mut usize) -> u64 {
    let mut value = 0;
    let mut shift = 0;
    loop {
        let byte = bytes[*at];
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return value;
        }
        shift += 7;
    }
}

fn write_varint(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// The header (two lines) and the records of a certificate of the third format, up to its
/// end record.
fn decode(bytes: &[u8]) -> (Vec<u8>, Vec<Record>) {
    let second = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .unwrap()
        .0;
    let header = bytes[..=second].to_vec();
    let mut at = second + 1;
    let mut records = Vec::new();
    loop {
        let tag = bytes[at];
        at += 1;
        if tag == 0xff {
            return (header, records);
        }
        let mut numbers = Vec::new();
        let mut take = |n: usize, numbers: &mut Vec<u64>| {
            for _ in 0..n {
                numbers.push(read_varint(bytes, &mut at));
            }
        };
        match tag {
            0x01 | 0x04 | 0x05 => {}
            0x02 => take(1, &mut numbers),
            0x06 => take(2, &mut numbers),
            0x03 | 0x10 => {
                take(1, &mut numbers);
                let n = numbers[0] as usize * if tag == 0x03 { 2 } else { 1 };
                take(n, &mut numbers);
            }
            0x11 => {
                for _ in 0..2 {
                    let start = numbers.len();
                    take(1, &mut numbers);
                    let n = numbers[start] as usize * 2;
                    take(n, &mut numbers);
                }
            }
            other => panic!("record {other:#x}"),
        }
        records.push(Record { tag, numbers });
    }
}

/// The file of `records` after `header`, with a right node count and hash.
fn encode(header: &[u8], records: &[Record]) -> Vec<u8> {
    let mut out = header.to_vec();
    let mut nodes = 0;
    for record in records {
        out.push(record.tag);
        nodes += u64::from((0x01..=0x05).contains(&record.tag));
        record
            .numbers
            .iter()
            .for_each(|&n| write_varint(&mut out, n));
    }
    out.push(0xff);
    write_varint(&mut out, nodes);
    let hash = out.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    out.extend_from_slice(&hash.to_le_bytes());
    out
}

#[test]
fn the_binary_format_reads_back_as_written() {
    let good = binary_of("7,6,5");
    let (header, records) = decode(&good);
    assert_eq!(encode(&header, &records), good);
    assert!(records.iter().any(|r| r.tag == 0x06 && r.numbers[1] != 0));
}

#[test]
fn damaged_binary_certificates_are_refused() {
    let good = binary_of("7,6,5");
    assert!(check_bytes(&good).is_ok());

    // Cut short anywhere.
    for len in (0..good.len()).step_by(37).chain([good.len() - 1]) {
        let error = check_bytes(&good[..len]).unwrap_err();
        assert!(
            error.contains("cut short") || error.contains("not a certificate"),
            "{len}: {error}"
        );
    }
    // A byte added at the end.
    let mut longer = good.clone();
    longer.push(0);
    assert!(check_bytes(&longer).unwrap_err().contains("follow the end"));
    // Any byte changed, the header's included.
    for at in (0..good.len()).step_by(7) {
        let mut bad = good.clone();
        bad[at] ^= 0x20;
        assert!(check_bytes(&bad).is_err(), "byte {at} changed and accepted");
    }
    let mut bad = good.clone();
    let middle = good.len() / 2;
    bad[middle] ^= 1;
    let error = check_bytes(&bad).unwrap_err();
    assert!(error.contains("damaged"), "{error}");
}

/// Damage that keeps the file's hash right, as a forger would: the checker refuses it by
/// what the records say, naming the node.
#[test]
fn forged_binary_records_are_refused() {
    let good = binary_of("7,6,5");
    let (header, records) = decode(&good);
    let references: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].tag == 0x06)
        .collect();

    // A reference to a node not written before it.
    let mut bad = records.clone();
    bad[references[0]].numbers[0] = 1_000_000;
    let error = check_bytes(&encode(&header, &bad)).unwrap_err();
    assert!(error.contains("not written before it"), "{error}");

    // A reference to a node whose check has not finished: the root.
    let mut bad = records.clone();
    bad[references[0]].numbers[0] = 0;
    let error = check_bytes(&encode(&header, &bad)).unwrap_err();
    assert!(error.contains("has not finished"), "{error}");

    // A shared node reached with another position: a later reference pointed at an earlier
    // reference's node, which is another position.
    let first = records[references[0]].numbers[0];
    let later = references
        .iter()
        .copied()
        .find(|&i| records[i].numbers[0] != first)
        .expect("references to two nodes");
    let mut bad = records.clone();
    bad[later].numbers[0] = first;
    let error = check_bytes(&encode(&header, &bad)).unwrap_err();
    assert!(
        error.contains(&format!(
            "node {first}: reached again as a different position"
        )),
        "{error}"
    );

    // A shared node reached by the wrong symmetry: some other symmetry of a reference to a
    // position that is not itself symmetric is refused as another position; where the
    // position is symmetric but its zone is not, the parent's zone check refuses it. No
    // other kind of error appears.
    let mut refused = 0;
    for &i in &references {
        for symmetry in 0..4 {
            if symmetry == records[i].numbers[1] {
                continue;
            }
            let mut bad = records.clone();
            bad[i].numbers[1] = symmetry;
            if let Err(error) = check_bytes(&encode(&header, &bad)) {
                assert!(
                    error.contains("reached again as a different position")
                        || error.contains("which does not answer it"),
                    "{error}"
                );
                refused += 1;
            }
        }
    }
    assert!(refused > 0);

    // A symmetry the board does not have (7x6 has four).
    let mut bad = records.clone();
    bad[references[0]].numbers[1] = 4;
    let error = check_bytes(&encode(&header, &bad)).unwrap_err();
    assert!(error.contains("which this board does not have"), "{error}");

    // A pairing with a pair taken out, the count kept right.
    let pairing = records.iter().position(|r| r.tag == 0x03).unwrap();
    let mut bad = records.clone();
    let numbers = &mut bad[pairing].numbers;
    numbers.truncate(numbers.len() - 2);
    numbers[0] -= 1;
    let error = check_bytes(&encode(&header, &bad)).unwrap_err();
    assert!(error.contains("holds no pair"), "{error}");

    // A maker node's cuts left out: the next record is not a branch or the cuts.
    let cuts = records.iter().position(|r| r.tag == 0x11).unwrap();
    let mut bad = records.clone();
    bad.remove(cuts);
    let error = check_bytes(&encode(&header, &bad)).unwrap_err();
    assert!(error.starts_with("node "), "{error}");

    // Another rule in the header.
    let text = String::from_utf8(header.clone()).unwrap();
    let other = text.replace("\"width\":7", "\"width\":8");
    assert_ne!(other, text);
    assert!(check_bytes(&encode(other.as_bytes(), &records)).is_err());
}
