use super::*;

fn place(seat: Seat, number: usize, of: usize) -> Step {
    Step::Place { seat, number, of }
}

#[test]
fn free_is_play_from_the_first_stone() {
    let opening = Opening::new(OpeningRule::Free);
    for stones in [0, 3, 5, 10] {
        assert_eq!(opening.step(stones), Step::Play);
    }
    assert_eq!(opening.opener_side(), Side::X);
    assert_eq!(opening.actor_now(4), Actor::Side(Side::X));
    assert_eq!(opening.actor_now(5), Actor::Side(Side::O));
}

#[test]
fn swap_asks_for_three_stones_then_the_choosers_colour() {
    let mut opening = Opening::new(OpeningRule::Swap);
    assert_eq!(opening.step(0), place(Seat::Opener, 1, 3));
    assert_eq!(opening.step(2), place(Seat::Opener, 3, 3));
    let choose = Step::Choose {
        seat: Seat::Chooser,
        place_two: false,
    };
    assert_eq!(opening.step(3), choose);
    assert_eq!(opening.choose(2, Choice::Black), Err(ChoiceError::NotNow));
    assert_eq!(
        opening.choose(3, Choice::PlaceTwo),
        Err(ChoiceError::NotOffered)
    );
    opening.choose(3, Choice::Black).unwrap();
    assert_eq!(opening.step(3), Step::Play);
    // The chooser took black: the opener plays white, and is to move.
    assert_eq!(opening.opener_side(), Side::O);
    assert_eq!(opening.actor_now(3), Actor::Side(Side::O));
    assert_eq!(opening.choose(3, Choice::White), Err(ChoiceError::NotNow));
}

#[test]
fn taking_white_leaves_the_opener_black() {
    let mut opening = Opening::new(OpeningRule::Swap);
    opening.choose(3, Choice::White).unwrap();
    assert_eq!(opening.opener_side(), Side::X);
}

#[test]
fn swap2_hands_the_choice_back_after_two_more() {
    let mut opening = Opening::new(OpeningRule::Swap2);
    assert_eq!(
        opening.step(3),
        Step::Choose {
            seat: Seat::Chooser,
            place_two: true
        }
    );
    opening.choose(3, Choice::PlaceTwo).unwrap();
    assert_eq!(opening.step(3), place(Seat::Chooser, 1, 2));
    assert_eq!(opening.step(4), place(Seat::Chooser, 2, 2));
    assert_eq!(
        opening.step(5),
        Step::Choose {
            seat: Seat::Opener,
            place_two: false
        }
    );
    assert_eq!(
        opening.choose(5, Choice::PlaceTwo),
        Err(ChoiceError::NotOffered)
    );
    opening.choose(5, Choice::White).unwrap();
    assert_eq!(opening.step(5), Step::Play);
    // The opener chose white and moves now, as white.
    assert_eq!(opening.opener_side(), Side::O);
    assert_eq!(opening.actor_now(5), Actor::Side(Side::O));
    // Who made what, looking back.
    assert_eq!(opening.actor_of_stone(2), Actor::Seat(Seat::Opener));
    assert_eq!(opening.actor_of_stone(4), Actor::Seat(Seat::Chooser));
    assert_eq!(opening.actor_of_choice(0), Actor::Seat(Seat::Chooser));
    assert_eq!(opening.actor_of_choice(1), Actor::Seat(Seat::Opener));
    assert_eq!(opening.actor_of_stone(5), Actor::Side(Side::O));
}

#[test]
fn undo_takes_back_a_choice_only_where_it_was_made_and_redo_makes_it_again() {
    let mut opening = Opening::new(OpeningRule::Swap2);
    opening.choose(3, Choice::PlaceTwo).unwrap();
    // Two stones came after the choice: they go back first.
    assert!(!opening.take_back(5));
    assert!(!opening.take_back(4));
    assert!(opening.take_back(3));
    assert!(opening.choices().is_empty());
    assert!(!opening.redo(2));
    assert!(opening.redo(3));
    assert_eq!(opening.choices(), [Choice::PlaceTwo]);
    // A new stone or choice forgets what was taken back.
    assert!(opening.take_back(3));
    opening.placed();
    assert!(!opening.redo(3));
}

#[test]
fn a_saved_opening_is_checked_against_its_stones() {
    let mut opening = Opening::new(OpeningRule::Swap2);
    assert!(opening.check(2).is_ok());
    assert!(opening.check(3).is_ok());
    let err = opening.check(4).unwrap_err();
    assert!(err.contains("stone 4"), "{err}");
    opening.choose(3, Choice::PlaceTwo).unwrap();
    assert!(opening.check(2).unwrap_err().contains("due after 3 stones"));
    assert!(opening.check(5).is_ok());
    assert!(opening.check(6).is_err());
    opening.choose(5, Choice::Black).unwrap();
    assert!(opening.check(40).is_ok());
    let bad = Opening {
        rule: OpeningRule::Swap,
        choices: vec![Choice::PlaceTwo],
        undone: Vec::new(),
    };
    assert!(bad.check(3).unwrap_err().contains("two more"));
}

#[test]
fn only_five_in_a_row_on_a_large_board_opens_by_swap() {
    assert!(applies(&Rule::RENJU));
    assert!(!applies(&Rule::TIC_TAC_TOE));
    assert_eq!(OpeningRule::Swap2.on(&Rule::TIC_TAC_TOE), OpeningRule::Free);
    assert_eq!(OpeningRule::Swap2.on(&Rule::RENJU), OpeningRule::Swap2);
}
