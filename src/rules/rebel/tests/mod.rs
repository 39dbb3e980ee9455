//! Tests of Rebel Chess, with shared helpers.
//!
//! - `rules`: a test for every sentence of the text and the rulings;
//! - `conversionmate`: Rebel III's settled points and endings;
//! - `notation`: SAN out, the accepted forms in, typed errors;
//! - `perft`: the pinned start counts and the independent cross-check;
//! - `game`: the game through the `Game` trait, views, the store.

mod conversionmate;
mod game;
mod mailbox;
mod notation;
mod perft;
mod rules;

use super::{Play, RebelChess, RebelPosition, Version};
use crate::rules::{Entropy, Event, Game, Options};

pub(super) use crate::rules::chess::tests::{Rng, sq};

pub(super) fn pos(fen: &str, version: Version) -> RebelPosition {
    RebelPosition::from_fen(fen, version).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays SAN texts from a position.
pub(super) fn after(mut position: RebelPosition, texts: &[&str]) -> RebelPosition {
    for text in texts {
        let play = position
            .parse_play(text)
            .unwrap_or_else(|e| panic!("{text} in {position:?}: {e}"));
        position = position.play(&play);
    }
    position
}

/// Whether a SAN (or any accepted) text is a legal action.
pub(super) fn legal(position: &RebelPosition, text: &str) -> bool {
    position.parse_play(text).is_ok()
}

/// The stored form of a play.
pub(super) fn play(text: &str) -> Play {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub(super) fn options(version: u8) -> Options {
    Options::parse([format!("version={version}")]).unwrap()
}

pub(super) fn new_game(version: u8) -> RebelChess {
    RebelChess::new(&options(version), &mut Entropy::for_perft()).unwrap()
}

pub(super) fn game_at(fen: &str, version: u8) -> RebelChess {
    RebelChess::from_position(fen, &options(version)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays texts through the trait, each by the seat to move; returns the
/// game and the last action's events.
pub(super) fn play_game(mut game: RebelChess, texts: &[&str]) -> (RebelChess, Vec<Event>) {
    let mut events = Vec::new();
    for text in texts {
        let seat = game.current().turn();
        let action = game
            .parse_action(seat, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let applied = game
            .apply(seat, &action, &mut Entropy::for_perft())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        events = applied.events;
        game = applied.state;
    }
    (game, events)
}

pub(super) fn texts(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.text.as_str()).collect()
}

/// The board actions of a position in SAN, sorted.
pub(super) fn sans(position: &RebelPosition) -> Vec<String> {
    let mut list = position.legal_sans();
    list.sort();
    list
}

/// Positions the random tests start from: the start and some with
/// converted pieces, open lines, castling and promotions near.
pub(super) const STARTS: &[&str] = &[
    "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBUPPP/R3K2R w KQkq - 0 1",
    "r3k2r/pP*ppu1pp/1b3nbN/nP6/BBP1P3/q4N2/Pp*1P2PP/R2Q1RK1 w kq - 0 1",
    "4k3/1u6/8/2n*1b3/8/3U4/5P*2/R3K3 b Q - 0 1",
    // Rebel III only: Spartans and Rebels, before and after a return.
    "r1b1K*2r/pp1u1ppp/2n5/8/8/8/PPPU1PPP/R3K2R b KQ - 0 1 rebels:b",
    "r3k2r/pp1u1ppp/2n*5/8/8/2B*5/PPPU1PPP/R3K2R w KQ - 0 1 rebels:b",
    // Rebel III: conversionmates near.
    "6k1/5ppp/4u3/8/8/8/1B*6/R*3K3 w - - 0 1",
];

/// `count` positions met on random legal walks from [`STARTS`].
pub(super) fn random_positions(count: usize, seed: u64, version: Version) -> Vec<RebelPosition> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let Ok(mut position) = RebelPosition::from_fen(STARTS[rng.below(STARTS.len())], version)
        else {
            continue;
        };
        let plies = 1 + rng.below(100);
        for _ in 0..plies {
            if position.board_end().is_some() {
                break;
            }
            let plays = position.legal_plays();
            // Recruits are rare among the moves; favour them a little.
            let recruits: Vec<&Play> = plays.iter().filter(|p| p.is_recruit()).collect();
            let choice = if !recruits.is_empty() && rng.below(3) == 0 {
                *recruits[rng.below(recruits.len())]
            } else {
                plays[rng.below(plays.len())]
            };
            position = position.play(&choice);
            if rng.below(4) == 0 {
                out.push(position.clone());
            }
        }
        out.push(position);
    }
    out.truncate(count);
    out
}
