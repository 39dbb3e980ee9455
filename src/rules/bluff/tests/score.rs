//! The game as a chess score, for PGN: decisions, reveals and lost turns
//! in comments, a lost turn as a null move.

use super::Table;
use crate::rules::{Game, Seat};

#[test]
fn a_lost_turn_is_a_null_move_and_each_decision_is_revealed_after_the_opponents_turn() {
    let mut t = Table::from("k7/8/4p3/8/8/p1N5/P7/7K w - - 0 1");
    t.play_all(&["Nd5 transfer a2", "Kb8", "Kc8"]);
    let score = t.game.score().unwrap();
    assert_eq!(score.variant, Some("Bluff Chess"));
    assert_eq!(score.fen, t.game.board().fen());
    let turns: Vec<(u32, Seat, Option<&str>)> = score
        .turns
        .iter()
        .map(|turn| (turn.number, turn.seat, turn.san.as_deref()))
        .collect();
    assert_eq!(
        turns,
        [
            (1, Seat::White, Some("Nd5")),
            (1, Seat::Black, Some("Kb8")),
            (2, Seat::White, None),
            (2, Seat::Black, Some("Kc8")),
        ]
    );
    let secret = &t.game.secrets()[0];
    assert_eq!(
        score.turns[0].comments,
        [format!(
            "White decides: transfer a2 (sealed; commitment {}, salt {})",
            secret.commitment, secret.salt
        )]
    );
    assert!(secret.verifies());
    assert_eq!(
        score.turns[1].comments,
        ["White's decision after 1. Nd5 is revealed to Black"]
    );
    assert_eq!(
        score.turns[2].comments,
        ["White's turn is lost: the piece on a2 could not move"]
    );
}
