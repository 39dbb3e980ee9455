//! Every example and rule of the text and the rulings while the game goes
//! on (the alter ego, death moves, decisions, commitments, lost turns), one
//! test each (the number of the ruling in `rules.txt` in brackets); how a
//! game ends is in [`super::endings`].

use super::{Table, finished_with, sq};
use crate::rules::bluff::{AlterEgo, BluffAction, Decision};
use crate::rules::entropy::commitment;
use crate::rules::{ActionError, Duty, Ending, Game, GameResult, Seat, Status, View, Viewer};

/// Text rule (2) and ruling 3: the alter ego is in no piece before the
/// first move, then in the turn piece.
#[test]
fn the_alter_ego_rides_in_the_turn_piece() {
    let mut t = Table::start();
    assert_eq!(t.game.alter_ego(Seat::White), None);
    t.play("Nf3");
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("f3")));
    assert_eq!(t.game.alter_ego(Seat::Black), None);
    t.play("e6").play("e4");
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("e4")));
}

/// Ruling 2: castling's turn piece is the king.
#[test]
fn castling_puts_the_alter_ego_in_the_king() {
    let mut t = Table::from("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    t.play("O-O");
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("g1")));
}

/// Text rules (5)-(6): a death move asks for a decision; 1.e4 d5 is one
/// (exd5), 1.e4 is not.
#[test]
fn a_death_move_needs_a_decision() {
    let mut t = Table::start();
    t.play("e4");
    assert!(t.owes(Seat::Black, Duty::Move));
    t.play("d5");
    assert!(t.owes(Seat::Black, Duty::Decision));
    assert_eq!(t.game.status().owes(Seat::White), None);
    // The mover is told once that it was a death move, then asked.
    let told = t.told(Viewer::Seat(Seat::Black));
    assert_eq!(
        told.iter().filter(|e| e.contains("death move")).count(),
        1,
        "{told:?}"
    );
    assert!(
        told.contains(
            &"Your decision, please: write stay, or transfer and the square of another of your \
          pieces (such as: transfer e8)."
                .to_string()
        )
    );
    // Only decisions are legal now, for Black only.
    let actions = t.game.legal_actions(Seat::Black);
    assert!(actions.contains(&BluffAction::Decide(Decision::Stay)));
    assert!(actions.contains(&BluffAction::Decide(Decision::Transfer(sq("e8")))));
    assert!(!actions.contains(&BluffAction::Decide(Decision::Transfer(sq("d5")))));
    assert_eq!(actions.len(), 16);
    assert!(t.game.legal_actions(Seat::White).is_empty());
    assert!(matches!(
        t.game.parse_action(Seat::Black, "Nf6"),
        Err(ActionError::Syntax { .. })
    ));
    assert!(matches!(
        t.game.parse_action(Seat::White, "Nf3"),
        Err(ActionError::NotYourTurn(_))
    ));
    // Ruling 20: no claim while a decision is owed.
    assert!(matches!(
        t.game.parse_action(Seat::Black, "claim draw"),
        Err(ActionError::NotYourTurn(_))
    ));
    t.play("stay");
    assert!(t.owes(Seat::White, Duty::Move));
}

/// Text rule (8) and ruling 10: after a stay, capturing the turn piece
/// captures the alter ego and wins.
#[test]
fn stay_then_capture_wins() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 stay", "exd5"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::White), Ending::AlterEgoCaptured)
    );
    let told = t.told(Viewer::Spectator).join("\n");
    assert!(told.contains("carrying Black's alter ego"), "{told}");
    // The game's end opens everything: Black's stay with its salt.
    assert!(
        told.contains("Black's sealed decision was: stay (salt "),
        "{told}"
    );
}

/// Text rule (7) and ruling 10: a transfer takes effect at once, so the
/// old turn piece is captured without a win ...
#[test]
fn transfer_then_old_turn_piece_captured_is_no_win() {
    let mut t = Table::from("1n2k3/4p3/8/8/3P4/8/8/1R2K3 b - - 0 1");
    t.play("e5 transfer b8");
    assert_eq!(t.game.alter_ego(Seat::Black), Some(sq("b8")));
    t.play("dxe5");
    assert!(matches!(t.status(), Status::Ongoing(_)));
    // ... and Black must now move the knight.
    assert!(t.owes(Seat::Black, Duty::Move));
    assert_eq!(t.game.committed_to(Seat::Black), Some(sq("b8")));
}

/// ... while capturing the piece transferred into wins.
#[test]
fn capturing_the_piece_transferred_into_wins() {
    let mut t = Table::from("1n2k3/4p3/8/8/3P4/8/8/1R2K3 b - - 0 1");
    t.play_all(&["e5 transfer b8", "Rxb8"]);
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::White), Ending::AlterEgoCaptured)
    );
}

/// Ruling 4 (en passant) and ruling 10: a double step that can be taken en
/// passant is a death move, and the capture en passant takes the alter
/// ego.
#[test]
fn en_passant_death_move_and_capture_wins() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let mut t = Table::from(fen);
    t.play("e4");
    assert!(t.owes(Seat::White, Duty::Decision));
    t.play("stay").play("dxe3");
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::AlterEgoCaptured)
    );

    // After a transfer the same capture wins nothing.
    let mut t = Table::from(fen);
    t.play_all(&["e4 transfer e1", "dxe3"]);
    assert!(t.owes(Seat::White, Duty::Move));
    assert_eq!(t.game.committed_to(Seat::White), Some(sq("e1")));
}

/// Ruling 2: a promoted pawn's alter ego passes to the new piece, and
/// capturing that piece wins.
#[test]
fn promotion_carries_the_alter_ego() {
    let mut t = Table::from("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
    t.play("a8=Q");
    assert!(
        t.owes(Seat::White, Duty::Decision),
        "Rxa8 threatens the queen"
    );
    t.play("stay");
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("a8")));
    let view = t.game.view(Viewer::Seat(Seat::White));
    assert!(
        view.present()
            .facts
            .contains(&"Your alter ego is in the queen on a8".to_string())
    );
    t.play("Rxa8");
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::AlterEgoCaptured)
    );
}

/// Ruling 4: a committed opponent's other pieces do not count: after
/// 1.e4 d5 transfer d8, 2.exd5 is a death move (the queen can take), but
/// 2.Ba6 is not (only the b-pawn and the knight could take it).
#[test]
fn death_moves_against_a_committed_opponent() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8"]);
    assert!(t.try_play("exd5").unwrap().state.deciding() == Some(Seat::White));
    let applied = t.try_play("Ba6").unwrap();
    assert_eq!(applied.state.deciding(), None);
    assert_eq!(applied.state.status().owes(Seat::Black), Some(Duty::Move));

    // Without the commitment, Ba6 is a death move.
    let mut t = Table::start();
    t.play_all(&["e4", "e6", "Ba6"]);
    assert!(t.owes(Seat::White, Duty::Decision));
}

/// The order of a turn: the missing decision is asked for after the
/// opponent's sealed decision is revealed to the mover, with its salt.
#[test]
fn missing_decision_is_asked_after_the_reveal() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8"]);
    let sealed = t.game.sealed(Seat::Black).unwrap().clone();
    assert_eq!(sealed.commitment, commitment("transfer d8", &sealed.salt));
    t.play("exd5");
    assert!(t.owes(Seat::White, Duty::Decision));
    let told = t.told(Viewer::Seat(Seat::White)).join("\n");
    assert!(
        told.contains(&format!(
            "Black's sealed decision was: transfer d8 (salt {}",
            sealed.salt
        )),
        "{told}"
    );
    assert!(t.game.sealed(Seat::Black).is_none());
    // The mover's own view shows the reveal and the duty.
    let facts = t.game.view(Viewer::Seat(Seat::White)).present().facts;
    assert!(
        facts
            .iter()
            .any(|f| f.starts_with("Revealed: Black transferred to d8"))
    );
    assert!(facts.iter().any(|f| f.contains("decide now")));
    // A move now is refused: a decision is owed.
    assert!(matches!(t.try_play("Nf3"), Err(ActionError::Syntax { .. })));
    t.play("stay");
    // Black must move the queen, and Qxd5 takes White's alter ego.
    t.play("Qxd5");
    assert_eq!(
        finished_with(&t),
        (GameResult::Win(Seat::Black), Ending::AlterEgoCaptured)
    );
}

/// The decision sent blind in the same line is used at once: the
/// opponent's decision is revealed only after it was made.
#[test]
fn decision_sent_blind_in_the_same_line() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8", "exd5 transfer e1"]);
    assert!(t.owes(Seat::Black, Duty::Move));
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("e1")));
    assert!(t.game.sealed(Seat::White).is_some());
    let told = t.told(Viewer::Seat(Seat::White)).join("\n");
    assert!(told.contains("Black's sealed decision was: transfer d8"));
    assert!(told.contains("Your decision, sealed: transfer e1"));
    // Black is told of a sealed decision, not which.
    let black = t.told(Viewer::Seat(Seat::Black)).join("\n");
    let salt = &t.game.sealed(Seat::White).unwrap().salt;
    assert!(black.contains("White has made a sealed decision (commitment "));
    assert!(!black.contains("transfer e1") && !black.contains(salt.as_str()));
    // Qxd5 takes only a pawn now.
    t.play("Qxd5");
    assert!(t.owes(Seat::White, Duty::Move));
}

/// Ruling 7: a decision sent with a move that is not a death move is
/// ignored, and only the mover is told.
#[test]
fn decision_on_an_ordinary_move_is_ignored() {
    let mut t = Table::start();
    t.play("e4 transfer d1");
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("e4")));
    assert!(t.game.sealed(Seat::White).is_none());
    assert_eq!(t.game.committed_to(Seat::White), None);
    let mine = t.told(Viewer::Seat(Seat::White)).join("\n");
    assert!(mine.contains("not a death move"), "{mine}");
    let theirs = t.told(Viewer::Seat(Seat::Black)).join("\n");
    assert!(
        !theirs.contains("death") && !theirs.contains("transfer"),
        "{theirs}"
    );
}

/// Ruling 9: a transfer to an empty square, an enemy piece or the turn
/// piece is refused; the king is a fine target.
#[test]
fn transfer_targets() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5"]);
    for (text, needle) in [
        ("transfer d4", "no piece on d4"),
        ("transfer e4", "White's"),
        ("transfer d5", "turn piece"),
    ] {
        match t.try_play(text) {
            Err(ActionError::Illegal { reason, hint }) => {
                assert!(reason.contains(needle), "{text}: {reason}");
                assert!(hint.unwrap().contains("You may transfer to"), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    t.play("transfer e8");
    assert_eq!(t.game.committed_to(Seat::Black), Some(sq("e8")));

    // The same checks hold for a decision sent with the move.
    let mut t = Table::start();
    t.play("e4");
    assert!(matches!(
        t.try_play("d5 transfer d7"),
        Err(ActionError::Illegal { .. })
    ));
}

/// Ruling 8: the blind decision is checked even when the move turns out
/// not to be a death move, so a refusal says nothing about the
/// opponent's commitment.
#[test]
fn blind_decision_is_checked_on_any_move() {
    let mut t = Table::start();
    t.play("e4");
    match t.try_play("Nf6 transfer e4") {
        Err(ActionError::Illegal { reason, .. }) => assert!(reason.contains("White's")),
        other => panic!("{other:?}"),
    }
}

/// Text rule (9) and ruling 12: the committed piece must be moved; another
/// piece is refused with a hint naming the committed piece and its moves.
#[test]
fn committed_piece_must_be_moved() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8", "Ba6"]);
    match t.try_play("Nf6") {
        Err(ActionError::Illegal { reason, hint }) => {
            assert!(reason.contains("the queen on d8"), "{reason}");
            let hint = hint.unwrap();
            assert!(hint.contains("Qd7") && hint.contains("Qd6"), "{hint}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        t.game
            .view(Viewer::Seat(Seat::Black))
            .present()
            .facts
            .contains(&"You must move the piece on d8 (you transferred into it)".to_string())
    );
    let legal = t.game.legal_actions(Seat::Black);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, BluffAction::Move { mv, .. } if mv.from == sq("d8")))
    );
    t.play("Qd6");
    assert_eq!(t.game.committed_to(Seat::Black), None);
}

/// Ruling 12: `Nd2` means the committed knight when both could go, and
/// castling is not a move of a committed rook.
#[test]
fn commitment_reads_moves_and_castling() {
    let mut t = Table::from("4k3/8/8/1p6/8/5N2/P7/1N2K3 w - - 0 1");
    t.play_all(&["a4 t b1", "Ke7"]);
    assert_eq!(
        t.parse("Nd2").unwrap(),
        BluffAction::Move {
            mv: "b1d2".parse().unwrap(),
            decision: None
        }
    );
    assert!(matches!(t.parse("Nfd2"), Err(ActionError::Illegal { .. })));

    let mut t = Table::from("4k3/8/8/1p6/8/8/P7/R3K2R w KQ - 0 1");
    t.play_all(&["a4 t h1", "Kd7"]);
    assert!(matches!(t.parse("O-O"), Err(ActionError::Illegal { .. })));
    t.play("Rg1");
}

/// Text rule (9), rulings 13, 16, 17: a transfer into a piece that cannot
/// move when the turn comes loses that turn; the commitment lapses.
#[test]
fn lost_turn_after_transfer_into_an_immobile_piece() {
    let mut t = Table::from("k7/8/4p3/8/8/p1N5/P7/7K w - - 0 1");
    t.play("Nd5 transfer a2");
    assert_eq!(t.game.committed_to(Seat::White), Some(sq("a2")));
    t.play("Kb8");
    // White's turn came and passed: Black to move again, on the same board.
    assert!(t.owes(Seat::Black, Duty::Move));
    assert_eq!(t.game.board().fen(), "1k6/8/4p3/3N4/8/p7/P7/7K b - - 3 2");
    assert_eq!(t.game.committed_to(Seat::White), None);
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("a2")));
    let told = t.told(Viewer::Spectator).join("\n");
    assert!(told.contains("White loses this turn"), "{told}");
    let history = t.game.view(Viewer::Spectator).history();
    assert!(history.last().unwrap().text.starts_with("(turn lost"));
    // Ruling 17: White may move any piece next turn.
    t.play("Kc8").play("Nb6+");
    assert!(t.owes(Seat::Black, Duty::Move));
    assert_eq!(t.game.alter_ego(Seat::White), Some(sq("b6")));
}

/// The lost turn is sound with an en passant chance pending: it lapses.
#[test]
fn lost_turn_clears_en_passant() {
    // White committed to the blocked a2 pawn; Black's f7-f5 gives White's
    // e5 pawn an en passant capture it may not use (it is not committed).
    let mut t = Table::from("k7/5p2/4p3/4P3/8/p1N5/P7/7K w - - 0 1");
    t.play("Nd5 transfer a2");
    assert_eq!(t.game.committed_to(Seat::White), Some(sq("a2")));
    t.play("f5");
    assert!(t.owes(Seat::Black, Duty::Move));
    assert_eq!(t.game.board().en_passant(), None);
}

/// The host sees every sealed part, marked as such; the opponent sees
/// only the commitment; the alter ego is hidden behind it.
#[test]
fn views_of_a_sealed_decision() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8"]);
    let sealed = t.game.sealed(Seat::Black).unwrap().clone();
    let white = t.game.view(Viewer::Seat(Seat::White));
    assert_eq!(white.sides[1].alter_ego, AlterEgo::Sealed);
    assert_eq!(white.sides[1].committed, None);
    assert_eq!(white.sides[1].sealed.as_ref().unwrap().opened, None);
    let facts = white.present().facts;
    assert!(
        facts.contains(&format!(
            "Black's decision is sealed (commitment {}…)",
            &sealed.commitment[..12]
        )),
        "{facts:?}"
    );
    assert!(white.history().iter().any(|h| h.text == "d5 (sealed)"));

    let black = t.game.view(Viewer::Seat(Seat::Black));
    assert_eq!(black.sides[1].alter_ego, AlterEgo::In(sq("d8")));
    assert!(
        black
            .history()
            .iter()
            .any(|h| h.text == "d5 transfer d8 (sealed)")
    );

    let host = t.game.view(Viewer::Host);
    let facts = host.present().facts;
    assert!(
        facts.iter().any(|f| f.starts_with(&format!(
            "Sealed from White: Black's transfer d8 (salt {}",
            sealed.salt
        ))),
        "{facts:?}"
    );
    let spectator = t.view_json(Viewer::Spectator);
    assert!(!spectator.contains(&sealed.salt) && !spectator.contains("d8\"}"));
}

/// Ruling 17: while White is committed to the a2 pawn, Re7 (which the
/// knight could take) is no death move; after White's lost turn the
/// commitment has lapsed and Rc7 (which the knight could take) is one.
#[test]
fn after_a_lost_turn_all_pieces_count_again() {
    let mut t = Table::from("k7/7r/4p3/8/8/p1N5/P7/1K6 w - - 0 1");
    t.play_all(&["Nd5 t a2", "Re7"]);
    assert!(
        t.told(Viewer::Spectator)
            .join(" ")
            .contains("White loses this turn")
    );
    assert!(t.owes(Seat::Black, Duty::Move));
    t.play("Rc7");
    assert!(t.owes(Seat::Black, Duty::Decision));
}

/// The alter ego's mark on the board (the picture's star, the text's `*`)
/// shows where the viewer knows the alter ego to be, and nowhere while
/// the decision that placed it is sealed from them.
#[test]
fn the_alter_ego_mark_shows_only_what_the_viewer_knows() {
    use crate::rules::{Cell, Mark};
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8"]);
    let marked = |viewer: Viewer| -> Vec<String> {
        let diagram = t.game.view(viewer).present().diagram.unwrap();
        let mut squares = Vec::new();
        for (i, cell) in diagram.cells.iter().enumerate() {
            if let Cell::Piece { marks, label, .. } = cell {
                assert_eq!(marks.contains(&Mark::AlterEgo), label.ends_with('*'));
                if marks.contains(&Mark::AlterEgo) {
                    let square = crate::rules::geometry::Square::new(i as u8 % 8, i as u8 / 8);
                    squares.push(square.unwrap().to_string());
                }
            }
        }
        squares
    };
    assert_eq!(marked(Viewer::Seat(Seat::Black)), ["e4", "d8"]);
    assert_eq!(marked(Viewer::Seat(Seat::White)), ["e4"]);
    assert_eq!(marked(Viewer::Spectator), ["e4"]);
}
