//! How the game ends: every cube captured, no legal action, and the draws
//! (repetition, the 50 and 75 turn rules).

use super::{B, W, arrange, at, notations, play, play_all, play_events, refusal};
use crate::rules::{Game, GameResult, Status};

use crate::rules::superial::{SuperialAction, SuperialChess, SuperialChessAction};
use crate::rules::{DrawRule, Ending};

fn result(game: &crate::rules::superial::Superial) -> Option<(GameResult, Ending)> {
    game.outcome().map(|o| (o.result, o.reason.clone()))
}

#[test]
pub(super) fn capturing_the_last_enemy_cube_wins_at_once() {
    let game = arrange(W, "Sc3 pd4", "");
    let (after, events) = play_events(&game, "c3-e5");
    assert_eq!(
        result(&after),
        Some((GameResult::Win(W), Ending::AllCubesCaptured(W.other())))
    );
    assert_eq!(events[1].text, "Black has no cube left: White wins.");
    assert!(after.status().is_finished());
    assert!(after.legal_actions(B).is_empty());
}

#[test]
pub(super) fn random_moves_left_do_not_save_a_side_with_no_cube() {
    let game = arrange(W, "Sc3 pd4", "random-moves=3");
    let after = play(&game, "c3-e5");
    assert_eq!(
        result(&after),
        Some((GameResult::Win(W), Ending::AllCubesCaptured(W.other())))
    );
}

/// Black's pusher on a1, its home colour, walled in: the a-file full to
/// the top and rank 1 full but for f1, which White's f2 closes.
const WALLED: &str = "pa1 Pa2 Pa3 Pa4 Pa5 Pa6 Pb1 Pc1 Pd1 Pe1 Pf2";

#[test]
pub(super) fn a_side_with_no_legal_action_at_its_turn_loses() {
    let game = arrange(W, WALLED, "");
    let (after, events) = play_events(&game, "f2-f1");
    assert_eq!(
        result(&after),
        Some((GameResult::Win(W), Ending::NoLegalAction(W.other())))
    );
    assert_eq!(events[1].text, "Black has no legal action: White wins.");
}

#[test]
pub(super) fn a_random_move_left_is_a_legal_action() {
    let game = arrange(W, WALLED, "random-moves=1");
    let after = play(&game, "f2-f1");
    assert!(after.outcome().is_none());
    assert_eq!(notations(&after), ["random"]);
}

#[test]
pub(super) fn a_position_whose_side_to_act_cannot_act_is_over_from_the_start() {
    let game = at("PPPPPP/PPPPPP/PPPPPP/PPPPPP/PPPPPP/pPPPPP b 0/0", "");
    assert_eq!(
        result(&game),
        Some((GameResult::Win(W), Ending::NoLegalAction(W.other())))
    );
}

/// Eight actions that capture twice each way and come back to the start:
/// White's b3 pushes c3 onto d3 (white: captured), Black's e3 pushes both
/// back (c3 is black: recaptured), the slasher and Black's pusher step out
/// and back.
const CYCLE: [&str; 8] = [
    "b3-c3", "e3-d3", "a6-b5", "d3-e3", "b3-c3", "e3-d3", "b5-a6", "d3-e3",
];

#[test]
pub(super) fn captures_do_not_forget_earlier_positions_and_threefold_repetition_may_be_claimed() {
    let start = arrange(W, "Pb3 pc3 pe3 Sa6", "");
    let once = play_all(&start, &CYCLE);
    assert_eq!(once.board(), start.board());
    assert_eq!((once.repetitions(), once.quiet()), (2, 2));
    assert_eq!(once.claimable(), None);
    assert_eq!(
        SuperialChess::Classic(Box::new(once.clone())).draw_claim(W),
        None
    );
    let refused = refusal(&once, "claim draw").to_string();
    assert!(
        refused.contains("the position has occurred twice (three times are needed)"),
        "{refused}"
    );
    let (twice, events) = CYCLE
        .iter()
        .fold((once, Vec::new()), |(g, _), t| play_events(&g, t));
    assert_eq!(twice.repetitions(), 3);
    assert_eq!(
        events.last().unwrap().text,
        "White may claim a draw by threefold repetition."
    );
    assert!(notations(&twice).contains(&"claim draw".to_string()));
    // The referee's `draw` command claims it too (and only for the side
    // to act).
    let form = SuperialChess::Classic(Box::new(twice.clone()));
    assert_eq!(
        form.draw_claim(W),
        Some(SuperialChessAction::Classic(SuperialAction::ClaimDraw))
    );
    assert_eq!(form.draw_claim(B), None);

    let (drawn, events) = play_events(&twice, "claim draw");
    assert_eq!(
        result(&drawn),
        Some((
            GameResult::Draw,
            Ending::Claimed(DrawRule::ThreefoldRepetition)
        ))
    );
    assert_eq!(
        events[0].text,
        "White claimed a draw by threefold repetition. The game is drawn."
    );
}

#[test]
pub(super) fn the_action_that_repeats_a_position_may_carry_the_claim() {
    let start = arrange(W, "Pb3 pc3 pe3 Sa6", "");
    let almost = play_all(&start, &[&CYCLE[..], &CYCLE[..7]].concat());
    assert!(
        refusal(&almost, "d3-d4 claim")
            .to_string()
            .contains("would give no draw")
    );
    let drawn = play(&almost, "d3-e3 claim");
    assert_eq!(
        result(&drawn),
        Some((
            GameResult::Draw,
            Ending::Claimed(DrawRule::ThreefoldRepetition)
        ))
    );
}

#[test]
pub(super) fn the_fifth_occurrence_draws_by_itself() {
    let start = arrange(W, "Pb3 pc3 pe3 Sa6", "");
    let four = play_all(
        &start,
        &[&CYCLE[..], &CYCLE[..], &CYCLE[..], &CYCLE[..7]].concat(),
    );
    assert!(four.outcome().is_none());
    assert_eq!(four.repetitions(), 4, "Black to act, after b5-a6");
    let (drawn, events) = play_events(&four, "d3-e3");
    assert_eq!(drawn.repetitions(), 5);
    assert_eq!(
        result(&drawn),
        Some((GameResult::Draw, Ending::Draw(DrawRule::FivefoldRepetition)))
    );
    assert_eq!(events.last().unwrap().text, "Draw by fivefold repetition.");
}

#[test]
pub(super) fn fifty_turns_each_without_capture_or_random_move_may_be_claimed() {
    let game = at("p5/6/6/6/6/5P w 0/0 99 60", "");
    assert_eq!(game.claimable(), None);
    let (after, events) = play_events(&game, "f1-f2");
    assert_eq!(after.quiet(), 100);
    assert_eq!(
        events.last().unwrap().text,
        "Black may claim a draw by 50-move rule."
    );
    let drawn = play(&after, "claim draw");
    assert_eq!(
        result(&drawn),
        Some((GameResult::Draw, Ending::Claimed(DrawRule::FiftyMoveRule)))
    );
}

#[test]
pub(super) fn seventy_five_turns_each_draw_by_themselves() {
    let game = at("p5/6/6/6/6/5P w 0/0 149 80", "");
    let (after, events) = play_events(&game, "f1-f2");
    assert_eq!(
        result(&after),
        Some((
            GameResult::Draw,
            Ending::Draw(DrawRule::SeventyFiveMoveRule)
        ))
    );
    assert_eq!(events.last().unwrap().text, "Draw by 75-move rule.");
    assert!(matches!(after.status(), Status::Finished(_)));
}

#[test]
pub(super) fn an_aspect_change_counts_as_a_turn_and_a_capture_starts_the_count_afresh() {
    let game = at("p5/6/6/6/6/5P b 0/0 10 60", "");
    let after = play(&game, "a6=X");
    assert_eq!(after.quiet(), 11);
    let game = at("6/6/3p2/2S3/6/p5 w 0/0 40 10", "");
    assert_eq!(game.quiet(), 40);
    assert_eq!(play(&game, "c3-e5").quiet(), 0);
}
