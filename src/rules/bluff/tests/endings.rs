//! How a Bluff Chess game ends: empty mate, checkmate, stalemate, the
//! draws (king against king only as a dead position), claims alone or with
//! the move, and what a finished game shows and owes; one test per example
//! and ruling (the number of the ruling in `rules.txt` in brackets).

use super::{Table, finished_with, sq};
use crate::rules::bluff::BluffAction;
use crate::rules::{ActionError, DrawRule, Duty, Ending, Game, GameResult, Seat, View, Viewer};

/// Text rule (10) "empty mate" and ruling 15: in check, and the piece
/// transferred into cannot move: a loss, though another piece could block.
/// The announcement says whether the piece has moves, none of which ends
/// the check, or cannot move at all.
#[test]
fn empty_mate() {
    let mut t = Table::from("kr6/8/4p3/8/8/2N5/P1R5/7K w - - 0 1");
    t.play_all(&["Nd5 t a2", "Rb1+"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::EmptyMate)
    );
    let told = t.told(Viewer::Spectator).join("\n");
    assert!(
        told.contains(
            "Empty mate: White is in check and the pawn on a2, into which White transferred, \
             has no move that ends the check. Black wins."
        ),
        "{told}"
    );

    // The same with the pawn blocked: it cannot move at all.
    let mut t = Table::from("kr6/8/4p3/8/8/p1N5/P1R5/7K w - - 0 1");
    t.play_all(&["Nd5 t a2", "Rb1+"]);
    let told = t.told(Viewer::Spectator).join("\n");
    assert!(
        told.contains(
            "Empty mate: White is in check and the pawn on a2, into which White transferred, \
             cannot move. Black wins."
        ),
        "{told}"
    );
}

/// Ruling 15: empty mate covers a transfer into the king.
#[test]
fn empty_mate_after_a_transfer_into_the_king() {
    let fen = "kr6/8/4p3/8/8/2N5/2R3PP/7K w - - 0 1";
    let mut t = Table::from(fen);
    t.play_all(&["Nd5 transfer h1", "Rb1+"]);
    // Rc1 would block in orthodox chess, but the king must move.
    assert!(!t.game.board().legal_moves().is_empty());
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::EmptyMate)
    );

    // A king transferred into that can step out of check is moved.
    let mut t = Table::from("kr6/8/4p3/8/8/2N5/2R4P/7K w - - 0 1");
    t.play_all(&["Nd5 transfer h1", "Rb1+"]);
    assert!(t.owes(Seat::White, Duty::Move));
    t.play("Kg2");
}

/// Ruling 14: with no legal move at all, checkmate decides, not empty
/// mate ...
#[test]
fn checkmate_before_empty_mate() {
    let mut t = Table::from("kr6/8/4p3/8/8/2N5/6PP/7K w - - 0 1");
    t.play_all(&["Nd5 transfer h1", "Rb1#"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::Checkmate)
    );
}

/// ... and stalemate, not a lost turn.
#[test]
fn stalemate_before_lost_turn() {
    let mut t = Table::from("k5r1/8/3bp3/8/8/p1N5/P7/7K w - - 0 1");
    t.play_all(&["Nd5 t a2", "exd5"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Draw, Ending::Draw(DrawRule::Stalemate))
    );
}

/// Text rule (3): checkmate wins.
#[test]
fn checkmate_wins() {
    let mut t = Table::start();
    t.play_all(&["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::Checkmate)
    );
}

/// Ruling 19: stalemate draws.
#[test]
fn stalemate_draws() {
    let mut t = Table::from("k7/8/8/2Q5/8/8/8/7K w - - 0 1");
    t.play("Qb6");
    assert_eq!(
        finished_with(&t),
        (GameResult::Draw, Ending::Draw(DrawRule::Stalemate))
    );
}

/// Ruling 20: a draw may be claimed with the move that makes it; the
/// claim ends the game at once, and the move must make it.
#[test]
fn claim_with_the_move_that_repeats() {
    let mut t = Table::start();
    t.play_all(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    // Not before the third occurrence, and not with a decision.
    match t.try_play("Nh5 claim") {
        Err(ActionError::Illegal { reason, .. }) => {
            assert!(
                reason.starts_with("Nh5 would give no draw to claim"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        t.try_play("Ng8 stay claim").unwrap_err().to_string(),
        "A draw claim ends the game, so no decision goes with it: write Ng8 claim."
    );
    assert_eq!(
        t.parse("Ng8 claim"),
        Ok(BluffAction::MoveAndClaim("f6g8".parse().unwrap()))
    );
    assert!(
        t.game
            .legal_actions(Seat::Black)
            .contains(&t.parse("Ng8 claim").unwrap())
    );
    t.play("Ng8 claim");
    assert_eq!(
        finished_with(&t),
        (
            GameResult::Draw,
            Ending::Claimed(DrawRule::ThreefoldRepetition)
        )
    );
    assert_eq!(
        t.told(Viewer::Spectator),
        [
            "Black played Ng8",
            "Black claimed a draw by threefold repetition. The game is drawn."
        ]
    );
}

/// Ruling 22: the claim comes before the opponent's turn: here Rb1+ would
/// empty-mate White (committed to a blocked pawn), but with the claim
/// that completes the 50 moves the game is drawn, and White's sealed
/// transfer is shown.
#[test]
fn claim_with_a_move_ends_the_game_before_the_opponents_turn() {
    let t = Table::from(
        "kr6/8/8/8/8/p7/P7/7K b - - 99 80 ; ae w:a2 b:a8 ; sealed w:transfer a2 salt 00 ; committed w",
    );
    let mated = t.try_play("Rb1+").unwrap().state;
    assert_eq!(
        mated.outcome().map(|o| o.reason.clone()),
        Some(Ending::EmptyMate)
    );
    let claimed = t.try_play("Rb1+ claim").unwrap();
    assert_eq!(
        claimed.state.outcome().map(|o| o.reason.clone()),
        Some(Ending::Claimed(DrawRule::FiftyMoveRule))
    );
    let told: Vec<&str> = claimed.events.iter().map(|e| e.text.as_str()).collect();
    assert!(
        told.iter()
            .any(|e| e.starts_with("White's sealed decision was: transfer a2 (salt 00")),
        "{told:?}"
    );
    assert!(told.iter().all(|e| !e.contains("Empty mate")), "{told:?}");
}

/// Rulings 18 and 20: threefold repetition of the board may be claimed,
/// on one's turn, and not before. The start position counts though no
/// alter ego was anywhere then: only the board is compared.
#[test]
fn claim_draw_by_repetition() {
    let mut t = Table::start();
    assert!(matches!(
        t.parse("claim draw"),
        Err(ActionError::Illegal { .. })
    ));
    t.play_all(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    assert!(
        t.game
            .legal_actions(Seat::White)
            .contains(&BluffAction::ClaimDraw)
    );
    assert!(matches!(
        t.game.parse_action(Seat::Black, "claim draw"),
        Err(ActionError::NotYourTurn(_))
    ));
    t.play("claim draw");
    assert_eq!(
        finished_with(&t),
        (
            GameResult::Draw,
            Ending::Claimed(DrawRule::ThreefoldRepetition)
        )
    );
}

/// Rulings 6 and 7: a decision sent with a move that ends the game is
/// ignored, and only its sender is told so.
#[test]
fn decision_with_a_mating_move_is_ignored() {
    let mut t = Table::start();
    t.play_all(&["f3", "e5", "g4", "Qh4# stay"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::Checkmate)
    );
    let note = "Qh4# ended the game, so your decision (stay) was not needed and was ignored.";
    assert!(
        t.told(Viewer::Seat(Seat::Black))
            .contains(&note.to_string()),
        "{:?}",
        t.told(Viewer::Seat(Seat::Black))
    );
    assert!(
        !t.told(Viewer::Seat(Seat::White))
            .join(" ")
            .contains("ignored")
    );
    // The same for the capture of the alter ego.
    let mut t = Table::start();
    t.play_all(&["e4", "d5 stay", "exd5 transfer d1"]);
    assert!(
        t.told(Viewer::Seat(Seat::White))
            .iter()
            .any(|e| e.starts_with("exd5 ended the game, so your decision (transfer d1)"))
    );
}

/// Ruling 6: a death move that ends the game by an automatic draw asks for
/// no decision.
#[test]
fn automatic_draw_needs_no_decision() {
    let mut t = Table::from("k7/8/4p3/8/8/2N5/8/7K w - - 149 80");
    t.play("Nd5");
    assert_eq!(
        finished_with(&t),
        (
            GameResult::Draw,
            Ending::Draw(DrawRule::SeventyFiveMoveRule)
        )
    );
}

/// After the game ends, no view says that anyone must still move a piece or
/// is deciding; a finished game owes no decision.
#[test]
fn a_finished_game_owes_nothing() {
    let mut t = Table::from("kr6/8/4p3/8/8/2N5/6PP/7K w - - 0 1");
    t.play_all(&["Nd5 transfer h1", "Rb1#"]);
    assert_eq!(t.game.committed_to(Seat::White), Some(sq("h1")));
    for viewer in [
        Viewer::Seat(Seat::White),
        Viewer::Seat(Seat::Black),
        Viewer::Spectator,
    ] {
        let facts = t.game.view(viewer).present().facts;
        assert!(
            facts
                .iter()
                .all(|f| !f.contains("must move") && !f.contains("deciding")),
            "{facts:?}"
        );
        let had = match viewer {
            Viewer::Seat(Seat::White) => {
                "You had transferred into the king on h1 when the game ended"
            }
            _ => "White had transferred into the king on h1 when the game ended",
        };
        assert!(facts.contains(&had.to_string()), "{facts:?}");
    }
    // A position set up dead while a decision was owed owes none.
    let game = crate::rules::bluff::BluffChess::from_position(
        "k7/8/8/8/8/8/8/K7 b - - 0 1 ; ae w:a1 ; deciding w",
        &crate::rules::Options::default(),
    )
    .unwrap();
    assert_eq!(game.deciding(), None);
    assert!(game.position().ends_with("; deciding -"));
}

/// Ruling 21: the end of the game opens the sealed decisions to everyone.
#[test]
fn the_end_opens_everything() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 stay"]);
    let salt = t.game.sealed(Seat::Black).unwrap().salt.clone();
    assert!(!t.view_json(Viewer::Seat(Seat::White)).contains(&salt));
    t.play("exd5");
    // The game is over: Black's stay, with its salt, is told to everyone
    // and shown in every view.
    assert!(t.told(Viewer::Spectator).join("\n").contains(&salt));
    let view = t.game.view(Viewer::Seat(Seat::White));
    assert!(view.everything);
    assert!(t.view_json(Viewer::Spectator).contains(&salt));
    assert!(view.history().iter().any(|h| h.text == "d5 stay"));
}

/// Ruling 19: king against king is a dead draw ...
#[test]
fn king_against_king_draws() {
    let mut t = Table::from("k7/8/8/8/8/8/1p6/K7 w - - 0 1");
    t.play("Kxb2");
    assert_eq!(
        finished_with(&t),
        (
            GameResult::Draw,
            Ending::Draw(DrawRule::InsufficientMaterial)
        )
    );
}

/// ... but while any other piece is on the board it may carry an alter ego
/// and be captured, even by a lone king: K+B v K, K+N v K and same-coloured
/// bishops, which chess calls dead, play on.
#[test]
fn a_minor_piece_left_is_no_dead_draw() {
    // K+B v K: the bishop that carries White's alter ego stands next to
    // Black's king; White stays, and the king takes it.
    let mut t = Table::from("k1B5/8/8/8/8/8/8/7K w - - 0 1");
    assert!(t.owes(Seat::White, Duty::Move));
    t.play("Bb7+");
    assert!(t.owes(Seat::White, Duty::Decision));
    t.play_all(&["stay", "Kxb7"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::AlterEgoCaptured)
    );

    // Bishops on squares of one colour, and bishop against knight.
    for fen in [
        "k7/8/8/2B5/8/8/7b/K7 w - - 0 1",
        "k7/8/8/2B5/8/8/7n/K7 w - - 0 1",
    ] {
        let mut t = Table::from(fen);
        t.play("Ba7");
        assert!(t.owes(Seat::White, Duty::Decision), "{fen}");
        t.play_all(&["stay", "Kxa7"]);
        assert_eq!(
            finished_with(&t),
            (GameResult::Win(Seat::Black), Ending::AlterEgoCaptured),
            "{fen}"
        );
    }
    // A knight alone with its king plays on too.
    let t = Table::from("k7/8/8/8/8/8/8/KN6 w - - 0 1");
    assert!(t.owes(Seat::White, Duty::Move));
}
