//! Random legal games through the [`Game`] trait, with random decisions
//! (sent blind or asked for), checking after every action that:
//!
//! - no view of the opponent, no spectator view and no event told to them
//!   holds the salt of a decision still sealed;
//! - the opponent's and the spectator's views are *exactly* the same
//!   whichever decision is behind the seal (the truth is rewritten with
//!   another decision and salt under the same commitment, and the views
//!   compared), so nothing in them depends on the sealed decision;
//! - the events of the action that made a decision, as told to the
//!   opponent and to spectators, are the same for any other decision but
//!   for the commitment itself;
//! - the host's position string round-trips;
//! - and at the end, replaying the log (as JSON, through [`AnyGame`](crate::rules::AnyGame)) from
//!   a new game with the same entropy streams gives the same state.

use crate::rules::bluff::state::Turn;
use crate::rules::bluff::{BluffAction, BluffChess, Decision, Sealed};
use crate::rules::{Entropy, Event, Game, Options, Seat, Status, View, Viewer};

const GAMES: u64 = 200;
const PLIES: usize = 120;

/// The test's own choices (not the game's entropy).
struct Chooser(Entropy);

impl Chooser {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }
}

fn seed(game: u64) -> [u8; 32] {
    let mut seed = [0xb1; 32];
    seed[..8].copy_from_slice(&game.to_be_bytes());
    seed
}

/// A decision of `seat`'s after a move to `turn_square` on `board`: stay
/// half the time, else a transfer to a random other piece.
fn random_decision(
    chooser: &mut Chooser,
    board: &crate::rules::chess::Position,
    seat: Seat,
    turn_square: crate::rules::geometry::Square,
) -> Decision {
    let targets: Vec<_> = board
        .pieces_on_board()
        .into_iter()
        .filter(|(sq, p)| p.color == seat && *sq != turn_square)
        .map(|(sq, _)| sq)
        .collect();
    if targets.is_empty() || chooser.below(2) == 0 {
        Decision::Stay
    } else {
        Decision::Transfer(chooser.pick(&targets))
    }
}

/// Another decision than `decision` after a move to `turn_square`, if any.
fn other_decision(
    board: &crate::rules::chess::Position,
    seat: Seat,
    turn_square: crate::rules::geometry::Square,
    decision: Decision,
) -> Option<Decision> {
    match decision {
        Decision::Transfer(_) => Some(Decision::Stay),
        Decision::Stay => board
            .pieces_on_board()
            .into_iter()
            .find(|(sq, p)| p.color == seat && *sq != turn_square)
            .map(|(sq, _)| Decision::Transfer(sq)),
    }
}

/// The truth rewritten so that `seat`'s sealed decision is `other`, with
/// another salt but the same commitment (which no viewer can tell apart).
fn with_other_decision(game: &BluffChess, seat: Seat, other: Decision) -> BluffChess {
    let mut alt = game.clone();
    let sealed = game.sealed[seat.index()].clone().expect("sealed");
    let forged = Sealed {
        decision: other,
        salt: "5a17".repeat(8),
        commitment: sealed.commitment.clone(),
    };
    let mut turn_square = None;
    for turn in alt.turns.iter_mut().rev() {
        if let Turn::Move {
            seat: s,
            mv,
            decision: Some(d),
            ..
        } = turn
            && *s == seat
            && d.commitment == sealed.commitment
        {
            *d = forged.clone();
            turn_square = Some(mv.to);
            break;
        }
    }
    let turn_square = turn_square.expect("the sealed decision is in the history");
    let i = seat.index();
    match other {
        Decision::Stay => {
            alt.alter[i] = Some(turn_square);
            alt.committed[i] = false;
        }
        Decision::Transfer(square) => {
            alt.alter[i] = Some(square);
            alt.committed[i] = true;
        }
    }
    alt.sealed[i] = Some(forged);
    alt
}

/// What `viewer` sees: the view as JSON and as presented.
fn seen(game: &BluffChess, viewer: Viewer) -> (String, crate::rules::Presentation) {
    let view = game.view(viewer);
    (serde_json::to_string(&view).unwrap(), view.present())
}

/// The board picture `viewer` is mailed (PNG bytes).
fn picture(game: &BluffChess, viewer: Viewer) -> Vec<u8> {
    let presentation = game.view(viewer).present();
    crate::render::picture::png(presentation.diagram.as_ref().expect("a board"))
}

/// The texts of `events` told to `viewer`, commitments blotted out.
fn told(events: &[Event], viewer: Viewer, commitments: &[&str]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.audience.includes(viewer))
        .map(|e| {
            commitments
                .iter()
                .fold(e.text.clone(), |text, c| text.replace(c, "<commitment>"))
        })
        .collect()
}

#[derive(Default, Debug)]
struct Seen {
    decisions: usize,
    asked: usize,
    reveals: usize,
    lost_turns: usize,
    endings: std::collections::BTreeMap<String, usize>,
}

#[test]
fn random_games_leak_nothing_and_replay() {
    let mut stats = Seen::default();
    let (mut alternatives, mut pictures) = (0, 0);
    for number in 0..GAMES {
        let seed = seed(number);
        let mut chooser = Chooser(Entropy::new([0x5e; 32], number));
        let mut game = BluffChess::new(&Options::default(), &mut Entropy::new(seed, 0)).unwrap();
        let mut log: Vec<(Seat, BluffAction)> = Vec::new();
        // Every event told so far to each seat and to spectators.
        let mut heard: Vec<Event> = Vec::new();

        for _ in 0..PLIES {
            let Status::Ongoing(dues) = game.status() else {
                break;
            };
            let seat = dues[0].seat;
            let actions = game.legal_actions(seat);
            assert!(!actions.is_empty(), "{}", game.position());
            let mut action = chooser.pick(&actions);
            if matches!(
                action,
                BluffAction::ClaimDraw | BluffAction::MoveAndClaim(_)
            ) && chooser.below(4) != 0
            {
                action = actions[0];
            }
            if let BluffAction::Decide(_) = action {
                let turn_square = game.alter_ego(seat).unwrap();
                action = BluffAction::Decide(random_decision(
                    &mut chooser,
                    game.board(),
                    seat,
                    turn_square,
                ));
            }
            if let BluffAction::Move { mv, decision: None } = action
                && chooser.below(2) == 0
            {
                let after = game.board().play(&mv);
                let decision = random_decision(&mut chooser, &after, seat, mv.to);
                action = BluffAction::Move {
                    mv,
                    decision: Some(decision),
                };
            }
            // The notation reads back as the same action.
            let text = game.notation(seat, &action);
            assert_eq!(game.parse_action(seat, &text), Ok(action), "{text}");

            let stream = log.len() as u64 + 1;
            let applied = game
                .apply(seat, &action, &mut Entropy::new(seed, stream))
                .unwrap_or_else(|e| panic!("{text} refused: {e}"));
            let made = applied.state.sealed(seat).filter(|s| {
                game.sealed(seat)
                    .is_none_or(|old| old.commitment != s.commitment)
            });

            // The decision's events to the others do not depend on it.
            if let Some(sealed) = made
                && applied.state.outcome().is_none()
            {
                stats.decisions += 1;
                let (board, turn_square) = match action {
                    BluffAction::Move { mv, .. } => (game.board().play(&mv), mv.to),
                    _ => (game.board().clone(), game.alter_ego(seat).unwrap()),
                };
                if let Some(other) = other_decision(&board, seat, turn_square, sealed.decision) {
                    let alt_action = match action {
                        BluffAction::Move { mv, .. } => BluffAction::Move {
                            mv,
                            decision: Some(other),
                        },
                        _ => BluffAction::Decide(other),
                    };
                    let alt = game
                        .apply(seat, &alt_action, &mut Entropy::new(seed, stream))
                        .unwrap();
                    let alt_commitment = &alt.state.sealed(seat).unwrap().commitment;
                    let blot = [sealed.commitment.as_str(), alt_commitment.as_str()];
                    for viewer in [Viewer::Seat(seat.other()), Viewer::Spectator] {
                        assert_eq!(
                            told(&applied.events, viewer, &blot),
                            told(&alt.events, viewer, &blot),
                            "{text}"
                        );
                    }
                }
            }
            if matches!(action, BluffAction::Decide(_)) {
                stats.asked += 1;
            }
            stats.reveals += applied
                .events
                .iter()
                .filter(|e| e.text.contains("sealed decision was"))
                .count();
            stats.lost_turns += applied
                .events
                .iter()
                .filter(|e| e.text.contains("loses this turn"))
                .count();
            heard.extend(applied.events);
            game = applied.state;
            log.push((seat, action));

            // Nothing sealed shows to those it is sealed from.
            for owner in Seat::BOTH {
                let Some(sealed) = game.sealed(owner) else {
                    continue;
                };
                if game.outcome().is_some() {
                    continue;
                }
                for viewer in [Viewer::Seat(owner.other()), Viewer::Spectator] {
                    let (json, presentation) = seen(&game, viewer);
                    assert!(!json.contains(&sealed.salt), "{json}");
                    assert!(!format!("{presentation:?}").contains(&sealed.salt));
                    for event in heard.iter().filter(|e| e.audience.includes(viewer)) {
                        assert!(!event.text.contains(&sealed.salt), "{}", event.text);
                    }
                }
                let turns = game.turns();
                let Some(Turn::Move { mv, .. }) = turns.iter().rev().find(
                    |t| matches!(t, Turn::Move { seat, decision: Some(d), .. } if *seat == owner && d.commitment == sealed.commitment),
                ) else {
                    panic!("the sealed decision is in the history");
                };
                if let Some(other) = other_decision(game.board(), owner, mv.to, sealed.decision) {
                    let alt = with_other_decision(&game, owner, other);
                    for viewer in [Viewer::Seat(owner.other()), Viewer::Spectator] {
                        assert_eq!(seen(&game, viewer), seen(&alt, viewer), "{viewer:?}");
                    }
                    // The board picture the opponent is mailed, to the byte
                    // (one such state in 20: rendering is the slow part).
                    alternatives += 1;
                    if alternatives % 20 == 0 {
                        let viewer = Viewer::Seat(owner.other());
                        assert_eq!(picture(&game, viewer), picture(&alt, viewer));
                        // The owner, who knows, is shown the difference.
                        let owner = Viewer::Seat(owner);
                        assert_ne!(picture(&game, owner), picture(&alt, owner));
                        pictures += 1;
                    }
                }
            }

            // The host's position string round-trips.
            let position = game.position();
            let back = BluffChess::from_position(&position, &Options::default()).unwrap();
            assert_eq!(back.position(), position);
        }

        if let Some(outcome) = game.outcome() {
            *stats.endings.entry(outcome.reason.to_string()).or_default() += 1;
        }

        // Replaying the log reproduces the state.
        let mut replayed: Box<dyn crate::rules::AnyGame> =
            Box::new(BluffChess::new(&Options::default(), &mut Entropy::new(seed, 0)).unwrap());
        for (i, (seat, action)) in log.iter().enumerate() {
            let json = serde_json::to_value(action).unwrap();
            replayed = replayed
                .replay(*seat, &json, &mut Entropy::new(seed, i as u64 + 1))
                .unwrap()
                .state;
        }
        assert_eq!(
            replayed.to_json(),
            crate::rules::AnyGame::to_json(&game),
            "game {number}"
        );
    }
    eprintln!("{stats:?}, {pictures} pictures compared");
    assert!(pictures > 80, "{pictures} pictures compared");
    assert!(stats.decisions > 100 && stats.asked > 20 && stats.reveals > 100);
    assert!(
        stats
            .endings
            .get("alter ego captured")
            .copied()
            .unwrap_or(0)
            > 20
    );
}
