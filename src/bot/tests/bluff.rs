//! The computer's properties for Bluff Chess: its sampler, that it does not
//! peek at the opponent's sealed decision, and that it keeps its own alter
//! ego out of reach.

use super::*;
use crate::bot::{Budget, ComputerInput, Level, Strategy, computer};
use crate::rules::bluff::{BluffChess, Decision, Sealed};
use crate::rules::{Entropy, Game, Options, Seat};

fn sq(text: &str) -> crate::rules::geometry::Square {
    crate::rules::geometry::Square::parse(text).unwrap()
}

fn new() -> BluffChess {
    BluffChess::new(&Options::default(), &mut Entropy::for_perft()).unwrap()
}

/// A host's start where Black has just sealed a transfer into its king, with
/// no move behind the seal: White must guess among every black piece.
const SEALED_START: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ; ae w:e4 b:e8 ; sealed b:transfer e8 salt 00ff ; committed b ; deciding -";

fn sealed_start() -> BluffChess {
    BluffChess::from_position(SEALED_START, &Options::default()).unwrap()
}

/// Host's starts whose side to move is committed to a piece that cannot
/// move, so the game is made with that turn already lost: White's pawn on
/// a2 is blocked; Black, with a transfer into its e-pawn still sealed
/// (the lost turn reveals it); both sides stuck, so both turns are lost.
const LOST_TURN_STARTS: [&str; 3] = [
    "1k6/8/4p3/3N4/8/p7/P7/7K w - - 2 2 ; ae w:a2 b:- ; sealed - ; committed w ; deciding -",
    "1k6/8/4p3/3N4/8/p7/P7/7K w - - 2 2 ; ae w:a2 b:e6 ; sealed b:transfer e6 salt 00ff ; committed w b ; deciding -",
    "1k6/8/4p3/3N4/8/p7/P7/7K b - - 2 2 ; ae w:a2 b:a3 ; sealed - ; committed w b ; deciding -",
];

fn lost_turn_start(index: usize) -> BluffChess {
    BluffChess::from_position(LOST_TURN_STARTS[index], &Options::default()).unwrap()
}

/// What a seat cannot see of a Bluff Chess game, bar the salts: where the
/// opponent's alter ego is, whether the opponent must move that piece, and
/// the decision it keeps sealed. The salt of that decision is left out: it
/// is drawn at random by the referee and hidden behind SHA-256, so no
/// sampler can reach it, and nothing in the rules depends on it (it is only
/// shown, at the reveal). Everything else of the state the seat sees, and
/// the sampler gives it exactly (`bluff_sampler_gives_the_views_told`).
fn hidden_part(game: &BluffChess, seat: Seat) -> serde_json::Value {
    let them = seat.other();
    serde_json::json!({
        "alter_ego": game.alter_ego(them),
        "committed": game.committed_to(them),
        "sealed": game.sealed(them).map(|s| s.decision),
    })
}

#[test]
fn bluff_sampler_gives_the_views_told() {
    sampler_gives_the_views_told(new, 5, 70);
    sampler_gives_the_views_told(sealed_start, 2, 12);
}

#[test]
fn bluff_sampler_rebuilds_a_turn_lost_as_the_game_was_made() {
    for index in 0..LOST_TURN_STARTS.len() {
        let game = lost_turn_start(index);
        let history = game.view(crate::rules::Viewer::Host).history;
        assert!(
            history
                .iter()
                .all(|line| line.text.starts_with("(turn lost"))
                && !history.is_empty(),
            "start {index}: {history:?}"
        );
        sampler_gives_the_views_told(|| lost_turn_start(index), 2, 12);
        sampler_reaches_the_truth(
            &Options::default(),
            || lost_turn_start(index),
            2,
            6,
            200,
            &hidden_part,
            &listed,
        );
    }
}

#[test]
fn bluff_sampler_reaches_the_truth() {
    sampler_reaches_the_truth(&Options::default(), new, 3, 60, 600, &hidden_part, &listed);
    sampler_reaches_the_truth(
        &Options::default(),
        sealed_start,
        2,
        6,
        600,
        &hidden_part,
        &listed,
    );
}

/// Plays `texts` from the start, as [`Told::play`] does, on a typed game.
fn played(texts: &[(Seat, &str)]) -> (Told, BluffChess) {
    let mut told = Told::new(Box::new(new()));
    let mut game = new();
    for (index, (seat, text)) in texts.iter().enumerate() {
        told.play(*seat, text, index as u64);
        let action = game.parse_action(*seat, text).unwrap();
        game = game
            .apply(*seat, &action, &mut Entropy::new([7; 32], index as u64))
            .unwrap()
            .state;
    }
    assert_eq!(told.game.to_json(), serde_json::to_value(&game).unwrap());
    (told, game)
}

/// The same game with `seat`'s sealed decision made otherwise, under the
/// same commitment: the opponent is told exactly the same.
fn decided_otherwise(truth: &Told, game: &BluffChess, seat: Seat, decision: Decision) -> Told {
    let sealed = game.sealed(seat).unwrap().clone();
    let other = game
        .resealed(
            &sealed.commitment,
            Sealed {
                decision,
                salt: "another salt".to_string(),
                commitment: sealed.commitment.clone(),
            },
        )
        .unwrap();
    assert_ne!(other.alter_ego(seat), game.alter_ego(seat));
    let views = truth.views.clone();
    let now = told_of(&other);
    assert_eq!(
        now[seat.other().index()],
        *views[seat.other().index()].last().unwrap()
    );
    Told {
        game: Box::new(other),
        views,
        sent: truth.sent.clone(),
    }
}

#[test]
fn bluff_choices_depend_only_on_what_the_seat_was_told() {
    // Black's d5 can be taken by exd5: a death move. In one game Black
    // stays in the pawn (exd5 would win), in the other it transfers into
    // the queen, or the knight on b8: White is told the same of all three.
    let (a, game) = played(&[
        (Seat::White, "e4"),
        (Seat::Black, "Nf6"),
        (Seat::White, "Nc3"),
        (Seat::Black, "d5 stay"),
    ]);
    assert_eq!(game.alter_ego(Seat::Black), Some(sq("d5")));
    for decision in [Decision::Transfer(sq("d8")), Decision::Transfer(sq("b8"))] {
        let b = decided_otherwise(&a, &game, Seat::Black, decision);
        no_peeking::<BluffChess>(&a, &b, Seat::White);
    }
}

#[test]
fn a_death_move_is_followed_by_a_transfer_out_of_reach() {
    // White's queen on d5 stands where exd5 takes it, the rook on h1 where
    // Nxh1 takes it; the king and the a-pawn are out of reach.
    let position =
        "4k3/8/4p3/3Q4/8/6n1/P7/4K2R b - - 0 1 ; ae w:d5 b:- ; sealed - ; committed - ; deciding w";
    let told = Told::new(Box::new(
        BluffChess::from_position(position, &Options::default()).unwrap(),
    ));
    for seed in 0..3 {
        let text = computer::<BluffChess>(&ComputerInput {
            seat: Seat::White,
            options: Options::default(),
            strategy: Strategy::Search(Level::MAX),
            budget: Budget::iterations(1500),
            seed,
            told: told.views[Seat::White.index()].clone(),
            sent: told.sent[Seat::White.index()].clone(),
        })
        .unwrap();
        assert!(
            text == "transfer e1" || text == "transfer a2",
            "seed {seed}: {text}"
        );
    }
}

#[test]
fn the_search_takes_a_piece_that_may_carry_the_alter_ego() {
    // Nxd4 is a death move (Qxd4, White having transferred into the
    // queen): if Black stayed, Qxd4 wins the game; if it transferred, Qxd4
    // still wins a knight for a pawn.
    let (told, _) = played(&[
        (Seat::White, "e4"),
        (Seat::Black, "Nc6"),
        (Seat::White, "d4 transfer d1"),
        (Seat::Black, "Nxd4 stay"),
    ]);
    let text = computer::<BluffChess>(&ComputerInput {
        seat: Seat::White,
        options: Options::default(),
        strategy: Strategy::Search(Level::MAX),
        budget: Budget::iterations(3000),
        seed: 5,
        told: told.views[Seat::White.index()].clone(),
        sent: told.sent[Seat::White.index()].clone(),
    })
    .unwrap();
    assert_eq!(text, "Qxd4");
}

#[test]
fn views_that_contradict_each_other_are_refused() {
    let (told, _) = played(&[(Seat::White, "e4"), (Seat::Black, "d5 transfer d8")]);
    let mut views = told.views[Seat::White.index()].clone();
    // The board no longer fits the moves.
    views.last_mut().unwrap()["position"] =
        serde_json::json!("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP2PPP/RNBQKBNR w KQkq - 0 2");
    let input = refused_as_inconsistent::<BluffChess>(Seat::White, Options::default(), views);
    // A revealed decision the moves do not allow.
    let mut views = told.views[Seat::White.index()].clone();
    views.last_mut().unwrap()["history"][1]["text"] = serde_json::json!("d5 transfer d1");
    let input = ComputerInput {
        told: views,
        sent: Vec::new(),
        ..input
    };
    assert!(computer::<BluffChess>(&input).is_err());
}

#[test]
fn a_revealed_decision_cannot_be_made_otherwise() {
    let (_, game) = played(&[
        (Seat::White, "e4"),
        (Seat::Black, "d5 transfer d8"),
        (Seat::White, "Nf3"),
    ]);
    let revealed = game.view(crate::rules::Viewer::Host).decisions[0].clone();
    let error = game
        .resealed(
            &revealed.commitment,
            Sealed {
                decision: Decision::Stay,
                salt: "x".to_string(),
                commitment: revealed.commitment.clone(),
            },
        )
        .unwrap_err();
    assert!(error.to_string().contains("cannot change"), "{error}");
    assert!(
        game.resealed(
            "no such commitment",
            Sealed::new(Decision::Stay, "x".into())
        )
        .is_err()
    );
}

/// White's queen has taken a pawn that a pawn defends: a queen against a
/// pawn as the board stands, a pawn down once Black recaptures. The leaf
/// evaluation counts the exchange, not the board as it stands.
#[test]
fn the_evaluation_plays_out_a_recapture() {
    let recaptured = BluffChess::from_position(
        "4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1 ; ae w:e1 b:e8 ; sealed - ; committed - ; deciding -",
        &Options::default(),
    )
    .unwrap();
    let score = recaptured.evaluate(Seat::White);
    assert!(score < 0.5, "White's queen is lost, scored {score}");
    // The same queen, defended by nothing Black can take it with: a pawn up.
    let safe = BluffChess::from_position(
        "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1 ; ae w:e1 b:e8 ; sealed - ; committed - ; deciding -",
        &Options::default(),
    )
    .unwrap();
    assert!(safe.evaluate(Seat::White) > 0.9);
}
