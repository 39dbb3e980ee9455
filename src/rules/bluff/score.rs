//! Bluff Chess for the archive: the game as a chess score (PGN) and its
//! sealed decisions, opened. Both read the truth; the referee hands them
//! out only once the game has ended, or to the host.

use super::BluffChess;
use super::state::Turn;
use crate::rules::{Game, Score, ScoreTurn, Seat, Secret};

/// Orthodox SAN; each sealed decision in a comment after its death
/// move (with its commitment and salt), its reveal in a comment after
/// the opponent's next turn, and a lost turn as a null move.
pub(super) fn score(game: &BluffChess) -> Score {
    let mut turns = Vec::new();
    // Decisions made and not yet shown to the opponent.
    let mut unrevealed: [Option<String>; 2] = [None, None];
    for turn in &game.turns {
        let (number, seat, san, mut comments) = match turn {
            Turn::Move {
                number,
                seat,
                san,
                decision,
                ..
            } => {
                let comments = match decision {
                    Some(sealed) => {
                        unrevealed[seat.index()] = Some(format!(
                            "{seat}'s decision after {}",
                            move_label(*number, *seat, san)
                        ));
                        vec![format!(
                            "{seat} decides: {} (sealed; commitment {}, salt {})",
                            sealed.decision, sealed.commitment, sealed.salt
                        )]
                    }
                    None => Vec::new(),
                };
                (*number, *seat, Some(san.clone()), comments)
            }
            Turn::Lost {
                number,
                seat,
                square,
            } => (
                *number,
                *seat,
                None,
                vec![format!(
                    "{seat}'s turn is lost: the piece on {square} could not move"
                )],
            ),
        };
        if let Some(what) = unrevealed[seat.other().index()].take() {
            comments.push(format!("{what} is revealed to {seat}"));
        }
        turns.push(ScoreTurn {
            number,
            seat,
            san,
            comments,
        });
    }
    Score {
        variant: Some(BluffChess::TITLE),
        fen: game.position.fen(),
        turns,
    }
}

pub(super) fn secrets(game: &BluffChess) -> Vec<Secret> {
    let mut secrets: Vec<Secret> = game
        .turns
        .iter()
        .filter_map(|turn| match turn {
            Turn::Move {
                number,
                seat,
                san,
                decision: Some(sealed),
                ..
            } => Some(Secret {
                seat: *seat,
                what: format!("decision after {}", move_label(*number, *seat, san)),
                text: sealed.decision.to_string(),
                salt: sealed.salt.clone(),
                commitment: sealed.commitment.clone(),
            }),
            _ => None,
        })
        .collect();
    // A decision sealed in a start position has no move in the game.
    for seat in Seat::BOTH {
        if let Some(sealed) = &game.sealed[seat.index()]
            && !secrets.iter().any(|s| s.commitment == sealed.commitment)
        {
            secrets.push(Secret {
                seat,
                what: "decision sealed in the start position".to_string(),
                text: sealed.decision.to_string(),
                salt: sealed.salt.clone(),
                commitment: sealed.commitment.clone(),
            });
        }
    }
    secrets
}

/// `12. Nf3` or `12... Nf6`.
fn move_label(number: u32, seat: Seat, san: &str) -> String {
    match seat {
        Seat::White => format!("{number}. {san}"),
        Seat::Black => format!("{number}... {san}"),
    }
}
