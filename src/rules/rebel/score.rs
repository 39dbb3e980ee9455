//! Rebel Chess for the archive: the game as a chess score (PGN).

use super::{Play, RebelChess};
use crate::rules::{Score, ScoreTurn};

/// Moves in SAN (the Recruiter as `U`); a recruit has no SAN in PGN's
/// grammar (`U*d4`), so it is a null move with the recruit in a comment,
/// as is every change of sides.
pub(super) fn score(game: &RebelChess) -> Score {
    let turns = game
        .moves()
        .iter()
        .enumerate()
        .map(|(ply, played)| {
            let (number, seat) = game.move_number(ply);
            let mut comments = Vec::new();
            let san = match played.play {
                Play::Move(_) => Some(played.san.to_string()),
                Play::Recruit { .. } => {
                    comments.push(format!("recruit {}", played.san));
                    None
                }
            };
            comments.extend(played.note.as_deref().map(str::to_string));
            ScoreTurn {
                number,
                seat,
                san,
                comments,
            }
        })
        .collect();
    Score {
        variant: Some(game.version().title()),
        fen: game.current().fen(),
        turns,
    }
}
