//! What the computer's three full-information games past chess share:
//! Rebel Chess, Reflection Teammate and Superial Chess (its hybrid on the
//! chess-like layer, its classic game on the cube board).
//!
//! - [`PublicTold`] and [`rebuild`]: none of them hides anything, so the
//!   views determine the state. It is rebuilt from what the views say in
//!   public, as chess's is: the position the game started from (the first
//!   view's position string) and the actions since (the last view's
//!   history), each played through the game's own rules, and checked
//!   against the last view's position string. A game whose history line
//!   is more than its action (Rebel's notes, Superial's thrown cubes)
//!   passes its own way of replaying one.
//! - [`centipawns`]: material and placement over the layer's pieces, each
//!   game giving its own worths; [`chance`] turns it into a value in
//!   [0, 1].

use serde::Deserialize;

use super::BotError;
use crate::rules::chesslike::{Piece, Position};
use crate::rules::{Entropy, Game, HistoryLine, Options, Outcome, Seat};

/// What the sampler reads of a view of these games: the position string,
/// the history, and the outcome once there is one.
#[derive(Clone, Debug, Deserialize)]
pub struct PublicTold {
    pub(super) position: String,
    pub(super) history: Vec<HistoryLine>,
    #[serde(default)]
    pub(super) outcome: Option<Outcome>,
}

/// How a game replays one line of its public history.
pub(super) type Replay<G> = fn(&G, &HistoryLine) -> Result<G, BotError>;

/// The state the views `told` determine, for a game with `options`:
/// started from the first view's position, each action of the last view's
/// history replayed by `replay`, and checked against the last view's
/// position (and, for a game stopped outside the board, its outcome).
pub(super) fn rebuild<G: Game>(
    options: &Options,
    told: &[PublicTold],
    replay: Replay<G>,
) -> Result<G, BotError> {
    let (Some(first), Some(last)) = (told.first(), told.last()) else {
        return Err(BotError::NoView);
    };
    let mut game =
        G::from_position(&first.position, options).map_err(|e| BotError::BadView(e.to_string()))?;
    for line in &last.history {
        game = replay(&game, line)?;
    }
    if game.position() != last.position {
        return Err(BotError::Inconsistent(format!(
            "the actions lead to {}, the view shows {}",
            game.position(),
            last.position
        )));
    }
    if let Some(outcome) = &last.outcome
        && !game.status().is_finished()
    {
        // Resigned, agreed or stopped by the host: nothing on the board
        // says so, the view does.
        game.conclude(outcome.clone());
    }
    Ok(game)
}

/// Plays the line's text for its seat, as a mail's would be: read by the
/// game's notation and applied. (None of these games draws from the seed
/// when replaying: a random move's throw is in its line, see Superial's.)
pub(super) fn replay_text<G: Game>(game: &G, line: &HistoryLine) -> Result<G, BotError> {
    replay_as(game, line, &line.text)
}

/// Plays `text` for the line's seat.
pub(super) fn replay_as<G: Game>(game: &G, line: &HistoryLine, text: &str) -> Result<G, BotError> {
    let refused = |e: crate::rules::ActionError| BotError::Inconsistent(format!("{text}: {e}"));
    let action = game.parse_action(line.seat, text).map_err(refused)?;
    Ok(game
        .apply(line.seat, &action, &mut Entropy::for_perft())
        .map_err(refused)?
        .state)
}

/// The position for `seat`, in centipawns, over the layer's pieces: the
/// material (each piece worth what `worth` says, for its owner), pawns'
/// advance along their army's direction, and the pieces' nearness to the
/// centre of the board; and, for a side ahead by more than a minor piece,
/// the losing side's royal pieces driven to the edge with the winning
/// side's close (so that a won ending is pressed to mate rather than drawn
/// by the turn rules), as chess's evaluation does.
pub(super) fn centipawns(position: &Position, seat: Seat, worth: impl Fn(Piece) -> f64) -> f64 {
    let variant = position.variant();
    let geometry = &variant.geometry;
    let (width, height) = (geometry.width() as i32, geometry.height() as i32);
    let mut material = [0.0f64; 2];
    let mut placement = [0.0f64; 2];
    let mut royals: [Vec<(i32, i32)>; 2] = [Vec::new(), Vec::new()];
    for (square, piece) in position.pieces() {
        let (file, rank) = (square.file() as i32, square.rank() as i32);
        let side = piece.owner.index();
        material[side] += worth(piece);
        let kind = variant.kind(piece.kind);
        if kind.royal {
            royals[side].push((file, rank));
        } else if kind.pawn {
            let (fx, fy) = variant.army(piece.army).forward;
            // Steps taken from the army's own edge.
            let advance = match (fx.signum(), fy.signum()) {
                (1, _) => file,
                (-1, _) => width - 1 - file,
                (_, 1) => rank,
                _ => height - 1 - rank,
            };
            placement[side] += 4.0 * advance as f64;
        } else if !kind.movements.is_empty() {
            let central = (width.max(height) - 1 - edge_distance(file, rank, width, height)) as f64;
            placement[side] += 1.5 * central;
        }
    }
    let (me, them) = (seat.index(), seat.other().index());
    let lead = material[me] - material[them];
    let mut score = lead + placement[me] - placement[them];
    if lead.abs() > 300.0 {
        let (winner, loser) = if lead > 0.0 { (me, them) } else { (them, me) };
        let span = (width + height) as f64;
        let mut press = 0.0;
        for &(lf, lr) in &royals[loser] {
            press += 5.0 * edge_distance(lf, lr, width, height) as f64;
            if let Some(apart) = royals[winner]
                .iter()
                .map(|&(wf, wr)| (wf - lf).abs() + (wr - lr).abs())
                .min()
            {
                press += 6.0 * (span - apart as f64);
            }
        }
        score += if lead > 0.0 { press } else { -press };
    }
    score
}

/// How far a square is from the centre, in half-squares along the farther
/// axis: 0 or 1 in the middle, the board's side less one at the edge.
fn edge_distance(file: i32, rank: i32, width: i32, height: i32) -> i32 {
    (2 * file - (width - 1))
        .abs()
        .max((2 * rank - (height - 1)).abs())
}

/// A score in centipawns as a value in [0, 1]: a pawn ahead is a little
/// better than even, a queen ahead nearly won.
pub(super) fn chance(centipawns: f64) -> f64 {
    1.0 / (1.0 + (-centipawns / 400.0).exp())
}
