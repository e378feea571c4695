//! Every parser that reads data from outside the program, fed arbitrary and damaged input:
//! positions in text notation, stones placed in any order, saved-game records, the window's
//! saved settings (RON as eframe stores them, and JSON) and rule strings. Each must give an
//! error or a valid value, never panic; and a valid value must survive being written and
//! read back. Damaged input is made from valid input (fields removed, numbers changed, moves
//! moved off the board or repeated), so the checks past the syntax are reached too.

use std::str::FromStr;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Number, Value};
use tictactoe::engine::PlayerKind;
use tictactoe::game::{FirstMover, GameRecord, MOST_GAMES_COUNTED, Mode, Session, Settings, Tally};
use tictactoe::gui::{CustomBoard, Prefs, SavedState, ThemeChoice};
use tictactoe::rules::{Cell, Position, Rule, Side};

/// Cases per property: enough to reach every check, few enough for a few seconds in all.
const CASES: u32 = 96;

// ---- Strategies: rules, games, settings --------------------------------------------------

/// Any valid rule, every board size from 3x3 to 20x20.
fn rules() -> impl Strategy<Value = Rule> {
    (3usize..=20, 3usize..=20, any::<bool>()).prop_flat_map(|(w, h, exact)| {
        (3..=w.max(h)).prop_map(move |k| Rule::new(w, h, k, exact).expect("in range"))
    })
}

/// Small rules, where random play often reaches the end of the game.
fn small_rules() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::TIC_TAC_TOE),
        Just(Rule::new(4, 4, 3, false).unwrap()),
        Just(Rule::new(5, 4, 4, true).unwrap()),
        Just(Rule::new(15, 15, 5, false).unwrap()),
    ]
}

/// The cells of a random game on `rule`, stopping at its end.
fn play_out(rule: Rule, picks: &[u16]) -> (Vec<Cell>, Position) {
    let mut position = Position::new(rule);
    let mut moves = Vec::new();
    for &pick in picks {
        let legal = position.legal_moves();
        if legal.is_empty() || position.is_over() {
            break;
        }
        let cell = legal[usize::from(pick) % legal.len()];
        position.play(cell).expect("a legal move");
        moves.push(cell);
    }
    (moves, position)
}

fn player_kinds() -> impl Strategy<Value = PlayerKind> {
    prop_oneof![
        (
            // At most the cells of the smallest board, so every generated state is in range.
            proptest::option::of(1u32..=9),
            proptest::option::of(100u64..5_000)
        )
            .prop_map(|(depth, time_ms)| PlayerKind::Engine { depth, time_ms }),
        Just(PlayerKind::RuleBased),
        Just(PlayerKind::Random),
    ]
}

fn settings() -> impl Strategy<Value = Settings> {
    (
        small_rules(),
        prop_oneof![
            Just(Mode::HumanVsComputer),
            Just(Mode::Hotseat),
            Just(Mode::ComputerVsComputer)
        ],
        prop_oneof![Just(FirstMover::Human), Just(FirstMover::Computer)],
        player_kinds(),
    )
        .prop_map(|(rule, mode, first, computer)| Settings {
            rule,
            mode,
            first,
            computer,
            engines: Default::default(),
        })
}

/// A game in progress or finished, with its settings.
fn sessions() -> impl Strategy<Value = Session> {
    (settings(), prop::collection::vec(any::<u16>(), 0..40)).prop_map(|(settings, picks)| {
        let (moves, _) = play_out(settings.rule, &picks);
        let mut session = Session::new(settings);
        for cell in moves {
            session.play(cell).expect("a legal move");
        }
        session
    })
}

/// A window state as it would be saved, with a game, a score and preferences.
fn saved_states() -> impl Strategy<Value = SavedState> {
    (
        sessions(),
        0usize..4,
        prop_oneof![
            Just(ThemeChoice::System),
            Just(ThemeChoice::Light),
            Just(ThemeChoice::Dark)
        ],
        (1usize..=30, 1usize..=30, 1usize..=30, any::<bool>()),
        proptest::option::of(1u32..400),
        100u64..=60_000,
        any::<bool>(),
    )
        .prop_map(|(mut session, undo, theme, custom, depth, time, show)| {
            for _ in 0..undo {
                session.undo();
            }
            let (width, height, k, exact) = custom;
            SavedState {
                session,
                prefs: Prefs {
                    theme,
                    custom: CustomBoard {
                        width,
                        height,
                        k,
                        exact,
                    },
                    engine_depth: depth,
                    large_board_time_ms: time,
                    show_values: show,
                    ..Prefs::default()
                },
            }
        })
}

// ---- Damage --------------------------------------------------------------------------

/// One change to a JSON document.
#[derive(Clone, Debug)]
enum Damage {
    Remove,
    Replace(Value),
    /// An array element written twice (a move played twice).
    Repeat,
}

/// Numbers and values a hand edit or a broken disk might leave.
fn odd_values() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        Just(Value::from(0)),
        Just(Value::from(-1)),
        Just(Value::from(u64::MAX)),
        (0u64..40).prop_map(Value::from),
        any::<f64>().prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        ".{0,12}".prop_map(Value::String),
        Just(Value::Array(Vec::new())),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"row": 99, "col": 0})),
    ]
}

fn damages() -> impl Strategy<Value = Damage> {
    prop_oneof![
        Just(Damage::Remove),
        Just(Damage::Repeat),
        odd_values().prop_map(Damage::Replace),
        odd_values().prop_map(Damage::Replace),
    ]
}

/// One step of a path into a JSON document.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    At(usize),
}

/// The paths of every value inside `value` (not `value` itself).
fn paths(value: &Value) -> Vec<Vec<Step>> {
    let mut all = Vec::new();
    let mut stack = vec![(Vec::new(), value)];
    while let Some((path, v)) = stack.pop() {
        let children: Vec<(Step, &Value)> = match v {
            Value::Object(map) => map.iter().map(|(k, v)| (Step::Key(k.clone()), v)).collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (Step::At(i), v))
                .collect(),
            _ => Vec::new(),
        };
        for (step, child) in children {
            let mut child_path: Vec<Step> = path.clone();
            child_path.push(step);
            all.push(child_path.clone());
            stack.push((child_path, child));
        }
    }
    all
}

/// Applies `damage` at `path` (which must lead somewhere in `value`).
fn damage(value: &mut Value, path: &[Step], damage: &Damage) {
    let (last, parent_path) = path.split_last().expect("a path inside the document");
    let mut parent = value;
    for step in parent_path {
        parent = match step {
            Step::Key(k) => &mut parent[k.as_str()],
            Step::At(i) => &mut parent[*i],
        };
    }
    match (parent, last, damage) {
        (Value::Object(map), Step::Key(k), Damage::Remove) => {
            map.remove(k);
        }
        (Value::Array(items), Step::At(i), Damage::Remove) => {
            items.remove(*i);
        }
        (Value::Array(items), Step::At(i), Damage::Repeat) => {
            let copy = items[*i].clone();
            items.insert(*i, copy);
        }
        (Value::Object(map), Step::Key(k), Damage::Repeat) => {
            // Not a list: write the value as a list of itself twice.
            let copy = map[k].clone();
            map.insert(k.clone(), Value::Array(vec![copy.clone(), copy]));
        }
        (parent, step, Damage::Replace(new)) => {
            let slot = match step {
                Step::Key(k) => &mut parent[k.as_str()],
                Step::At(i) => &mut parent[*i],
            };
            *slot = new.clone();
        }
        _ => unreachable!("paths lead to object keys and array indices"),
    }
}

/// `text` with up to three of its changes applied, chosen by `picks`.
fn damaged_json(text: &str, picks: &[(Index, Damage)]) -> String {
    let mut value: Value = serde_json::from_str(text).expect("valid JSON");
    for (pick, change) in picks {
        let all = paths(&value);
        if all.is_empty() {
            break;
        }
        damage(&mut value, &all[pick.index(all.len())], change);
    }
    value.to_string()
}

fn json_damage() -> impl Strategy<Value = Vec<(Index, Damage)>> {
    prop::collection::vec((any::<Index>(), damages()), 1..=3)
}

/// Text edits for RON: a number replaced, a span cut out, or text put in.
#[derive(Clone, Debug)]
enum TextEdit {
    Number(Index, String),
    Cut(Index, usize),
    Insert(Index, String),
}

fn text_edits() -> impl Strategy<Value = Vec<TextEdit>> {
    let numbers = prop_oneof![
        Just("0".to_string()),
        Just("-1".to_string()),
        Just(u64::MAX.to_string()),
        Just("99999999999999999999999".to_string()),
        Just("1.5".to_string()),
        Just("1e400".to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        (0u32..40).prop_map(|n| n.to_string()),
    ];
    let edit = prop_oneof![
        4 => (any::<Index>(), numbers).prop_map(|(i, n)| TextEdit::Number(i, n)),
        1 => (any::<Index>(), 1usize..12).prop_map(|(i, n)| TextEdit::Cut(i, n)),
        1 => (any::<Index>(), "[(),:a-z0-9\"\\[\\] ]{1,8}").prop_map(|(i, s)| TextEdit::Insert(i, s)),
    ];
    prop::collection::vec(edit, 1..=3)
}

/// The byte ranges of the unsigned number literals in `text`.
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// The char boundary at or before `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn edit_text(text: &str, edits: &[TextEdit]) -> String {
    let mut text = text.to_string();
    for edit in edits {
        match edit {
            TextEdit::Number(pick, number) => {
                let spans = number_spans(&text);
                if let Some(&(start, end)) = spans.get(pick.index(spans.len().max(1))) {
                    text.replace_range(start..end, number);
                }
            }
            TextEdit::Cut(pick, len) => {
                let start = boundary(&text, pick.index(text.len() + 1));
                let end = boundary(&text, start + len);
                text.replace_range(start..end, "");
            }
            TextEdit::Insert(pick, inserted) => {
                let at = boundary(&text, pick.index(text.len() + 1));
                text.insert_str(at, inserted);
            }
        }
    }
    text
}

// ---- What a valid value must satisfy ----------------------------------------------------

/// A session read from a saved-game record: written and read back, it is the same game.
fn assert_record_round_trips(session: &Session) -> Result<(), TestCaseError> {
    let again = Session::from_json(&session.to_json())
        .map_err(|e| TestCaseError::fail(format!("its own record is refused: {e}")))?;
    prop_assert_eq!(again.moves(), session.moves());
    prop_assert_eq!(again.settings(), session.settings());
    prop_assert_eq!(again.position(), session.position());
    Ok(())
}

/// A window state that was read: its numbers are in the panel's ranges once corrected,
/// and it reads back as itself.
fn assert_state_is_usable(mut state: SavedState) -> Result<(), TestCaseError> {
    state.correct();
    prop_assert!(state.correct().is_empty(), "correcting twice changed more");
    let prefs = &state.prefs;
    prop_assert!((100..=60_000).contains(&prefs.large_board_time_ms));
    prop_assert!(prefs.engine_depth.is_none_or(|d| d >= 1));
    if let PlayerKind::Engine { depth, time_ms } = &state.session.settings().computer {
        prop_assert!(depth.is_none_or(|d| d >= 1));
        prop_assert!(time_ms.is_none_or(|t| (100..=60_000).contains(&t)));
    }
    let text = ron::to_string(&state).expect("a state serialises");
    let again: SavedState = ron::from_str(&text)
        .map_err(|e| TestCaseError::fail(format!("its own RON is refused: {e}\n{text}")))?;
    prop_assert_eq!(ron::to_string(&again).unwrap(), text);
    prop_assert_eq!(again.session.moves(), state.session.moves());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    // ---- Positions --------------------------------------------------------------------

    #[test]
    fn any_text_is_a_position_or_an_error(rule in rules(), text in "\\PC{0,80}") {
        if let Ok(position) = Position::from_notation(rule, &text) {
            let again = Position::from_notation(rule, &position.to_notation()).unwrap();
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn notation_like_text_is_a_position_or_an_error(
        rule in small_rules(),
        rows in prop::collection::vec("[xXoO. ?]{2,6}", 2..6),
        random_rows in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 0..30),
    ) {
        // Either rows of random cells, or a real game's notation with one row changed.
        let text = if random_rows {
            rows.join("/")
        } else {
            let (_, position) = play_out(rule, &picks);
            let mut lines: Vec<String> =
                position.to_notation().split('/').map(str::to_string).collect();
            let i = picks.first().map_or(0, |&p| usize::from(p) % lines.len());
            lines[i] = rows[0].clone();
            lines.join("/")
        };
        if let Ok(position) = Position::from_notation(rule, &text) {
            // Blanks are allowed only around rows, and the notation is written in lower case.
            prop_assert_eq!(position.to_notation(), text.replace(' ', "").to_lowercase());
            let again = Position::from_notation(rule, &position.to_notation()).unwrap();
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn any_stones_are_a_position_or_an_error(
        rule in rules(),
        stones in prop::collection::vec((0usize..24, 0usize..24, any::<bool>()), 0..40),
    ) {
        let stones: Vec<(Cell, Side)> = stones
            .into_iter()
            .map(|(row, col, x)| (Cell::new(row, col), if x { Side::X } else { Side::O }))
            .collect();
        if let Ok(position) = Position::from_stones(rule, &stones) {
            prop_assert_eq!(position.stones(), stones.len());
            let again = Position::from_notation(rule, &position.to_notation()).unwrap();
            prop_assert_eq!(again.outcome(), position.outcome());
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn stones_of_real_games_in_any_order_give_the_position(
        rule in small_rules(),
        picks in prop::collection::vec(any::<u16>(), 0..40),
        order in any::<Index>(),
    ) {
        let (moves, played) = play_out(rule, &picks);
        let mut stones: Vec<(Cell, Side)> = moves
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, if i % 2 == 0 { Side::X } else { Side::O }))
            .collect();
        if !stones.is_empty() {
            let turn = order.index(stones.len());
            stones.rotate_left(turn);
        }
        let position = Position::from_stones(rule, &stones).unwrap();
        prop_assert_eq!(position.to_notation(), played.to_notation());
        prop_assert_eq!(position.side_to_move(), played.side_to_move());
        prop_assert_eq!(position.outcome().map(|o| o.winner()), played.outcome().map(|o| o.winner()));
    }

    // ---- Saved-game records --------------------------------------------------------------

    #[test]
    fn any_text_is_a_record_or_an_error(text in "\\PC{0,120}") {
        if let Ok(session) = Session::from_json(&text) {
            assert_record_round_trips(&session)?;
        }
        let _ = GameRecord::from_json(&text);
    }

    #[test]
    fn valid_records_round_trip(session in sessions()) {
        let text = session.to_json();
        let (record, position) = GameRecord::from_json(&text).unwrap();
        prop_assert_eq!(&position, session.position());
        prop_assert_eq!(record.to_json(), text.clone());
        let read = Session::from_json(&text).unwrap();
        assert_record_round_trips(&read)?;
    }

    #[test]
    fn damaged_records_are_refused_or_read_whole(session in sessions(), picks in json_damage()) {
        let text = damaged_json(&session.to_json(), &picks);
        match Session::from_json(&text) {
            Ok(read) => {
                assert_record_round_trips(&read)?;
                // Whatever was read, its moves are a legal game on its board.
                let mut position = Position::new(read.settings().rule);
                for &cell in read.moves() {
                    prop_assert!(position.play(cell).is_ok());
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let _ = GameRecord::from_json(&text);
    }

    #[test]
    fn records_with_moves_off_the_board_or_repeated_are_refused(
        session in sessions(),
        which in any::<Index>(),
        off in 0usize..3,
        repeat in any::<bool>(),
    ) {
        let moves = session.moves().len();
        prop_assume!(moves > 0);
        let mut value: Value = serde_json::from_str(&session.to_json()).unwrap();
        let i = which.index(moves);
        let rule = session.settings().rule;
        if repeat {
            let copy = value["moves"][i].clone();
            value["moves"].as_array_mut().unwrap().push(copy);
        } else {
            let (field, size) = if off == 0 { ("row", rule.height()) } else { ("col", rule.width()) };
            value["moves"][i][field] = Value::from(size + off);
        }
        let error = Session::from_json(&value.to_string()).unwrap_err().to_string();
        prop_assert!(error.contains("impossible") || error.contains("over"), "{}", error);
    }

    // ---- The window's saved settings ------------------------------------------------------

    #[test]
    fn any_text_is_saved_settings_or_an_error(text in "\\PC{0,120}") {
        if let Ok(state) = ron::from_str::<SavedState>(&text) {
            assert_state_is_usable(state)?;
        }
        if let Ok(state) = serde_json::from_str::<SavedState>(&text) {
            assert_state_is_usable(state)?;
        }
        let loaded = SavedState::from_storage(Some(&text));
        assert_state_is_usable(loaded.state)?;
    }

    #[test]
    fn saved_settings_round_trip(state in saved_states()) {
        let text = ron::to_string(&state).unwrap();
        let loaded = SavedState::from_storage(Some(&text));
        prop_assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
        prop_assert_eq!(ron::to_string(&loaded.state).unwrap(), text);
        let json = serde_json::to_string(&state).unwrap();
        let from_json: SavedState = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(serde_json::to_string(&from_json).unwrap(), json);
    }

    #[test]
    fn damaged_ron_settings_give_a_usable_state(state in saved_states(), edits in text_edits()) {
        let text = edit_text(&ron::to_string(&state).unwrap(), &edits);
        if let Ok(read) = ron::from_str::<SavedState>(&text) {
            assert_state_is_usable(read)?;
        }
        let loaded = SavedState::from_storage(Some(&text));
        assert_state_is_usable(loaded.state)?;
    }

    #[test]
    fn damaged_json_settings_give_a_usable_state(state in saved_states(), picks in json_damage()) {
        let text = damaged_json(&serde_json::to_string(&state).unwrap(), &picks);
        if let Ok(read) = serde_json::from_str::<SavedState>(&text) {
            assert_state_is_usable(read)?;
        }
    }

    #[test]
    fn out_of_range_numbers_in_settings_are_corrected(
        state in saved_states(),
        time in any::<u64>(),
        depth in any::<u32>(),
        custom in any::<(usize, usize, usize)>(),
        wins in any::<u32>(),
    ) {
        let mut state = state;
        state.prefs.large_board_time_ms = time;
        state.prefs.engine_depth = Some(depth);
        (state.prefs.custom.width, state.prefs.custom.height, state.prefs.custom.k) = custom;
        let text = ron::to_string(&state).unwrap();
        let full_score = text.contains("wins:0");
        // Every copy of the score: the current one is written under its old name too.
        let text = text.replace("wins:0", &format!("wins:{wins}"));
        let loaded = SavedState::from_storage(Some(&text));
        let possible_score = wins <= MOST_GAMES_COUNTED;
        let in_range = (100..=60_000).contains(&time) && (1..=400).contains(&depth)
            && [custom.0, custom.1, custom.2].iter().all(|v| (1..=30).contains(v))
            && (possible_score || !full_score);
        prop_assert_eq!(loaded.problem.is_none(), in_range, "{:?}", loaded.problem);
        let tally: Tally = loaded.state.session.tally();
        if full_score {
            prop_assert_eq!(tally.wins, if possible_score { wins } else { 0 });
        }
        assert_state_is_usable(loaded.state)?;
    }

    // ---- Rule strings ---------------------------------------------------------------------

    #[test]
    fn any_text_is_a_rule_or_an_error(text in "\\PC{0,20}") {
        if let Ok(rule) = Rule::from_str(&text) {
            prop_assert_eq!(Rule::from_str(&rule.to_string()).unwrap(), rule);
        }
    }

    #[test]
    fn rule_like_text_is_a_rule_or_an_error(
        numbers in prop::collection::vec(
            prop_oneof![
                (0u64..30).prop_map(|n| n.to_string()),
                any::<u64>().prop_map(|n| n.to_string()),
                Just("-3".to_string()),
                Just(" 4 ".to_string()),
                Just(String::new()),
            ],
            0..5,
        ),
    ) {
        let text = numbers.join(",");
        match Rule::from_str(&text) {
            Ok(rule) => {
                prop_assert_eq!(Rule::from_str(&rule.to_string()).unwrap(), rule);
                prop_assert!((3..=20).contains(&rule.width()) && (3..=20).contains(&rule.height()));
                prop_assert!(rule.k() >= 3 && rule.k() <= rule.width().max(rule.height()));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}
