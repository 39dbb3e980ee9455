//! The draw rules: 50-move claim and 75-move automatic, threefold claim and
//! fivefold automatic, the en passant subtlety of "the same position".

use super::pos;
use crate::rules::chess::{Chess, ChessAction, DrawRecord, DrawRule, Position};
use crate::rules::{ActionError, Ending, Entropy, Game, GameResult, Options, Seat, Status};

fn game(fen: &str) -> Chess {
    Chess::from_position(fen, &Options::default()).unwrap()
}

/// Plays texts in turn, failing on any refusal.
fn play(mut game: Chess, texts: &[&str]) -> Chess {
    for text in texts {
        let seat = game.current().turn();
        let action = game
            .parse_action(seat, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game = game
            .apply(seat, &action, &mut Entropy::for_perft())
            .unwrap()
            .state;
    }
    game
}

fn outcome(game: &Chess) -> Option<(GameResult, Ending)> {
    game.outcome().map(|o| (o.result, o.reason.clone()))
}

const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn threefold_is_claimed_and_fivefold_is_automatic() {
    let start = Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    // Twice round: the start position stands for the third time.
    let twice = play(start.clone(), &[SHUFFLE, SHUFFLE].concat());
    assert_eq!(twice.record().repetitions(), 3);
    assert_eq!(twice.claimable(), Some(DrawRule::ThreefoldRepetition));
    assert_eq!(
        twice.status(),
        Status::Ongoing(vec![crate::rules::Due {
            seat: Seat::White,
            duty: crate::rules::Duty::Move
        }])
    );
    assert!(matches!(
        twice.parse_action(Seat::Black, "claim draw"),
        Err(ActionError::NotYourTurn(_))
    ));
    for text in ["claim", "claim draw", " Claim Draw "] {
        assert_eq!(
            twice.parse_action(Seat::White, text),
            Ok(ChessAction::ClaimDraw)
        );
    }
    assert!(
        twice
            .legal_actions(Seat::White)
            .contains(&ChessAction::ClaimDraw)
    );
    let claimed = play(twice.clone(), &["claim draw"]);
    assert_eq!(
        outcome(&claimed),
        Some((
            GameResult::Draw,
            Ending::Claimed(DrawRule::ThreefoldRepetition)
        ))
    );

    // Not claimed: play goes on until the fifth time, which ends the game.
    let four = play(twice.clone(), &SHUFFLE);
    assert_eq!(four.record().repetitions(), 4);
    assert_eq!(four.outcome(), None);
    let five = play(four, &SHUFFLE);
    assert_eq!(
        outcome(&five),
        Some((GameResult::Draw, Ending::Draw(DrawRule::FivefoldRepetition)))
    );
    assert!(matches!(
        five.parse_action(Seat::White, "e4"),
        Err(ActionError::Finished(_))
    ));

    // Once the repetition is left, no claim.
    let left = play(twice, &["e4"]);
    assert_eq!(left.claimable(), None);
    let err = left.parse_action(Seat::Black, "claim").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("There is no draw to claim: the position has occurred once"),
        "{err}"
    );
}

#[test]
fn a_claim_may_come_with_the_move_that_repeats() {
    let start = Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    let before = play(start, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    assert_eq!(before.claimable(), None);
    let action = before.parse_action(Seat::Black, "Ng8 claim").unwrap();
    assert!(matches!(action, ChessAction::MoveAndClaim(_)));
    assert!(before.legal_actions(Seat::Black).contains(&action));
    assert_eq!(before.notation(Seat::Black, &action), "Ng8 claim");
    let drawn = play(before.clone(), &["Ng8 claim draw"]);
    assert_eq!(
        outcome(&drawn),
        Some((
            GameResult::Draw,
            Ending::Claimed(DrawRule::ThreefoldRepetition)
        ))
    );
    assert_eq!(drawn.moves().len(), 8);
    // A move that repeats nothing cannot carry a claim; nothing is played.
    let err = before.parse_action(Seat::Black, "Nc6 claim").unwrap_err();
    assert!(matches!(err, ActionError::Illegal { .. }), "{err:?}");
}

#[test]
fn fifty_moves_are_claimed_and_seventy_five_are_automatic() {
    // King and rook against king: enough to mate, so only the count draws.
    let almost = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 60");
    assert_eq!(almost.claimable(), None);
    assert!(matches!(
        almost.parse_action(Seat::White, "claim"),
        Err(ActionError::Illegal { .. })
    ));
    let fifty = play(almost.clone(), &["Ra2"]);
    assert_eq!(fifty.claimable(), Some(DrawRule::FiftyMoveRule));
    assert_eq!(fifty.outcome(), None);
    let claimed = play(fifty, &["claim draw"]);
    assert_eq!(
        outcome(&claimed),
        Some((GameResult::Draw, Ending::Claimed(DrawRule::FiftyMoveRule)))
    );
    // With the move that completes the fifty.
    let with_move = play(almost, &["Ra2 claim"]);
    assert_eq!(
        outcome(&with_move),
        Some((GameResult::Draw, Ending::Claimed(DrawRule::FiftyMoveRule)))
    );

    let late = game("4k3/8/8/8/8/8/8/R3K3 w - - 148 90");
    let late = play(late, &["Ra2"]);
    assert_eq!(late.outcome(), None, "149 half-moves");
    let late = play(late, &["Kd7"]);
    assert_eq!(
        outcome(&late),
        Some((
            GameResult::Draw,
            Ending::Draw(DrawRule::SeventyFiveMoveRule)
        ))
    );

    // A mate on the 75th move stands.
    let mating = game("k7/8/1K6/8/8/8/8/7R w - - 149 100");
    let mated = play(mating, &["Rh8"]);
    assert_eq!(
        outcome(&mated),
        Some((GameResult::Win(Seat::White), Ending::Checkmate))
    );

    // A capture or pawn move starts the count again.
    let reset = play(game("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60"), &["e4"]);
    assert_eq!(reset.current().halfmove_clock(), 0);
    assert_eq!(reset.claimable(), None);
}

#[test]
fn an_en_passant_chance_makes_a_position_different() {
    // After e2-e4 the pawn on d4 may take en passant: that position is not
    // the same as the later ones with the same placement, where it may not.
    let mut position = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    position = position.play(&"e2e4".parse().unwrap());
    assert_eq!(
        position.legal_en_passant().map(|s| s.to_string()),
        Some("e3".to_string())
    );
    let mut record = DrawRecord::new(&position);
    let mut counts = Vec::new();
    for _ in 0..3 {
        for uci in ["e8e7", "e1f1", "e7e8", "f1e1"] {
            position = position.play(&uci.parse().unwrap());
            record.push(&position);
        }
        counts.push(record.repetitions());
    }
    assert_eq!(
        counts,
        [1, 2, 3],
        "the first occurrence had the en passant chance"
    );
    assert_eq!(
        record.claimable(&position),
        Some(DrawRule::ThreefoldRepetition)
    );

    // An en passant square no pawn can use changes nothing.
    let mut position = Position::startpos().play(&"e2e4".parse().unwrap());
    let mut record = DrawRecord::new(&position);
    for uci in ["g8f6", "g1f3", "f6g8", "f3g1"] {
        position = position.play(&uci.parse().unwrap());
        record.push(&position);
    }
    assert_eq!(record.repetitions(), 2);
    assert_eq!(record.keys().len(), 5);
    assert_eq!(record.len(), 5);
}

#[test]
fn automatic_draws_of_the_position() {
    // Stalemate by a move.
    let stalemating = play(game("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), &["Qf7"]);
    assert_eq!(
        outcome(&stalemating),
        Some((GameResult::Draw, Ending::Draw(DrawRule::Stalemate)))
    );
    // A capture leaving bare kings.
    let bare = play(game("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"), &["Kxe2"]);
    assert_eq!(
        outcome(&bare),
        Some((
            GameResult::Draw,
            Ending::Draw(DrawRule::InsufficientMaterial)
        ))
    );
    // Set up already over.
    let dead = game("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert!(dead.status().is_finished());
    assert_eq!(Game::perft(&dead, 1), 0);
}

/// The repetition key, kept as bitboards, reads and writes as the FEN
/// without its counters (and `-` for an en passant square no pawn can
/// use), as it always has in stored games; equal keys are equal texts.
#[test]
fn repetition_keys_write_and_read_as_the_fen_without_counters() {
    use crate::rules::chess::RepetitionKey;
    let positions = super::random_positions(400, 21);
    for position in &positions {
        let key = position.repetition_key();
        let mut setup = position.setup();
        setup.en_passant = position.legal_en_passant();
        let fen = setup.fen();
        let end = fen.rmatch_indices(' ').nth(1).unwrap().0;
        assert_eq!(key.to_string(), fen[..end]);
        let json = serde_json::to_value(key).unwrap();
        assert_eq!(json, serde_json::json!(fen[..end]));
        assert_eq!(serde_json::from_value::<RepetitionKey>(json).unwrap(), key);
    }
    for (a, b) in positions.iter().zip(positions.iter().skip(1)) {
        assert_eq!(
            a.repetition_key() == b.repetition_key(),
            a.repetition_key().to_string() == b.repetition_key().to_string()
        );
    }
    for bad in ["", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr w KQkq -"] {
        assert!(serde_json::from_value::<RepetitionKey>(serde_json::json!(bad)).is_err());
    }
}

/// The outcome after a move, from the replies counted once, is the one
/// the position imposes by the rules' own tests.
#[test]
fn the_counted_outcome_is_the_automatic_one() {
    let mut checked = 0;
    for position in super::random_positions(300, 22) {
        let record = DrawRecord::new(&position);
        for mv in position.legal_moves() {
            let next = position.play(&mv);
            let mut after = record.clone();
            after.push(&next);
            let game = Chess::from_start(position.clone());
            let played = game
                .apply(
                    position.turn(),
                    &ChessAction::Move(mv),
                    &mut Entropy::for_perft(),
                )
                .unwrap()
                .state;
            assert_eq!(
                played.outcome(),
                crate::rules::chess::automatic_outcome(&next, &after).as_ref(),
                "{} after {mv}",
                position.fen()
            );
            checked += 1;
        }
    }
    assert!(checked > 3000);
}
