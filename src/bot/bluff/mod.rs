//! Bluff Chess for the computer. What a seat cannot see is its opponent's
//! decision still sealed (stay, or a transfer into which piece), and with it
//! where the opponent's alter ego is and whether the opponent must move that
//! piece next; everything else is public or the seat's own, and every
//! earlier decision has been revealed with its salt.
//!
//! The belief is rebuilt from what the views say (`told.rs`): the start
//! (the first view: its board, alter egos, commitments and seals), the
//! moves since with their revealed decisions (the last view's history),
//! played through the game's own rules; the seals are put back as the views show them
//! ([`BluffChess::resealed`]); then each decision the opponent may have
//! sealed gives a candidate, and every candidate is checked to give the
//! seat exactly the view it was last told. A start position whose
//! opponent's seal has no move behind it gives a candidate per piece it may
//! have left the alter ego in.

use rand::Rng;
use rand::rngs::StdRng;

use super::{BotError, Playable};
use crate::rules::bluff::{BluffAction, BluffChess, Decision, Sealed};
use crate::rules::geometry::Square;
use crate::rules::{Due, Duty, Game, Options, Seat, Viewer};

mod exchanges;
mod told;

pub use told::BluffTold;
use told::{inconsistent, replay, reseal, shown, starts};

/// The states a seat cannot tell apart, each with its weight.
pub struct BluffBelief {
    candidates: Vec<(BluffChess, f64)>,
    total: f64,
}

/// An action as the searching seat tells it apart: the opponent's decisions
/// are all one (sealed), its moves are seen without the decision sent with
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BluffKey {
    Seen(BluffAction),
    Sealed,
}

/// How much likelier the opponent is taken to have hidden its alter ego in
/// a piece the seat cannot capture next move than in one it can: a player
/// who transfers mostly transfers to safety, but a random one does not,
/// and staying is the bluff.
const SAFE_WEIGHT: f64 = 3.0;

/// Whether `seat`, to move in `game`, has a legal move capturing the piece
/// on `target` (within its commitment).
fn can_capture(game: &BluffChess, seat: Seat, target: Square) -> bool {
    let position = game.board();
    if position.turn() != seat || game.deciding().is_some() || game.outcome().is_some() {
        return false;
    }
    let committed = game.committed_to(seat);
    let mut found = false;
    position.for_each_legal_move(|mv| {
        if !found
            && committed.is_none_or(|square| mv.from == square)
            && position.captured_square(&mv) == Some(target)
        {
            found = true;
        }
    });
    found
}

/// The candidates for the decision the opponent of `seat` still keeps
/// sealed in `game` (the game itself if there is none), with their weights.
fn hidden_decisions(game: BluffChess, seat: Seat) -> Result<Vec<(BluffChess, f64)>, BotError> {
    let them = seat.other();
    let Some(sealed) = game.sealed(them).cloned() else {
        return Ok(vec![(game, 1.0)]);
    };
    let Some(turn_square) = game
        .view(Viewer::Host)
        .last_move
        .filter(|last| last.seat == them)
        .map(|last| last.to)
    else {
        // A start position's seal: its candidates are the starts'.
        let w = weight(&game, seat);
        return Ok(vec![(game, w)]);
    };
    let mut choices = vec![Decision::Stay];
    for (square, piece) in game.board().pieces_on_board() {
        if piece.color == them && square != turn_square {
            choices.push(Decision::Transfer(square));
        }
    }
    choices
        .into_iter()
        .map(|decision| {
            let candidate = game
                .resealed(
                    &sealed.commitment,
                    Sealed {
                        decision,
                        salt: sealed.salt.clone(),
                        commitment: sealed.commitment.clone(),
                    },
                )
                .map_err(|e| inconsistent(e.to_string()))?;
            let w = weight(&candidate, seat);
            Ok((candidate, w))
        })
        .collect()
}

/// A candidate's weight: [`SAFE_WEIGHT`] if the opponent's alter ego is
/// out of the seat's reach next move, else 1.
fn weight(game: &BluffChess, seat: Seat) -> f64 {
    match game.alter_ego(seat.other()) {
        Some(square) if can_capture(game, seat, square) => 1.0,
        _ => SAFE_WEIGHT,
    }
}

impl Playable for BluffChess {
    type Told = BluffTold;
    type Belief = BluffBelief;
    type Key = BluffKey;

    fn believe(seat: Seat, options: &Options, told: &[BluffTold]) -> Result<BluffBelief, BotError> {
        let (Some(first), Some(last)) = (told.first(), told.last()) else {
            return Err(BotError::NoView);
        };
        let mut candidates = Vec::new();
        let mut refusal = None;
        for start in starts(seat, &first.told)? {
            let game = BluffChess::from_position(&start, options)
                .map_err(|e| BotError::BadView(e.to_string()))?;
            let rebuilt = replay(game, &last.told.history).and_then(|mut game| {
                if let Some(outcome) = &last.told.outcome
                    && game.outcome().is_none()
                {
                    // Ended outside the moves: a claim, a resignation, time.
                    game.conclude(outcome.clone());
                }
                reseal(game, &first.told, &last.told)
            });
            let game = match rebuilt {
                Ok(game) => game,
                Err(e) => {
                    refusal = Some(e);
                    continue;
                }
            };
            for (candidate, w) in hidden_decisions(game, seat)? {
                if shown(&candidate, seat) == last.view {
                    candidates.push((candidate, w));
                } else {
                    refusal = Some(inconsistent(
                        "the moves lead to a game that shows the seat another view",
                    ));
                }
            }
        }
        if candidates.is_empty() {
            return Err(refusal.unwrap_or_else(|| inconsistent("no game fits the views")));
        }
        let total = candidates.iter().map(|(_, w)| w).sum();
        Ok(BluffBelief { candidates, total })
    }

    fn sample(belief: &BluffBelief, rng: &mut StdRng) -> BluffChess {
        let mut pick = rng.random_range(0.0..belief.total);
        for (candidate, w) in &belief.candidates {
            if pick < *w {
                return candidate.clone();
            }
            pick -= w;
        }
        belief.candidates[belief.candidates.len() - 1].0.clone()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        evaluate(self, seat)
    }

    fn key(&self, observer: Seat, actor: Seat, action: &BluffAction) -> BluffKey {
        if actor == observer {
            return BluffKey::Seen(*action);
        }
        match action {
            BluffAction::Decide(_) => BluffKey::Sealed,
            BluffAction::Move { mv, .. } => BluffKey::Seen(BluffAction::Move {
                mv: *mv,
                decision: None,
            }),
            other => BluffKey::Seen(*other),
        }
    }

    /// The moves (without a decision: one is made after a death move, once
    /// the opponent's is revealed), a draw claim where one may be made, or
    /// the decisions owed; a move that also claims is left out (the claim
    /// can follow it), which spares a look at every move's position.
    fn choices_into(&self, seat: Seat, into: &mut Vec<BluffAction>) {
        into.clear();
        match self.due() {
            Some(Due {
                seat: due,
                duty: Duty::Decision,
            }) if due == seat => {
                into.push(BluffAction::Decide(Decision::Stay));
                into.extend(
                    self.transfer_targets(seat)
                        .into_iter()
                        .map(|square| BluffAction::Decide(Decision::Transfer(square))),
                );
            }
            Some(Due {
                seat: due,
                duty: Duty::Move,
            }) if due == seat => {
                let committed = self.committed_to(seat);
                self.board().for_each_legal_move(|mv| {
                    if committed.is_none_or(|square| mv.from == square) {
                        into.push(BluffAction::Move { mv, decision: None });
                    }
                });
                if self.claimable().is_some() {
                    into.push(BluffAction::ClaimDraw);
                }
            }
            _ => {}
        }
    }
}

/// How good `game` is for `seat`, 0 to 1: a side to move that can capture
/// the other's alter ego has as good as won; otherwise the board after the
/// captures that follow (`exchanges.rs`: material and a little placement,
/// with the exchanges on the board played out, so a piece left hanging or
/// a capture into a recapture counts as it ends, not as it stands).
fn evaluate(game: &BluffChess, seat: Seat) -> f64 {
    if let Some(Due {
        seat: actor,
        duty: Duty::Move,
    }) = game.due()
        && let Some(target) = game.alter_ego(actor.other())
        && can_capture(game, actor, target)
    {
        return if actor == seat { 0.97 } else { 0.03 };
    }
    let position = game.board();
    // A side still deciding may yet move its alter ego: not a target.
    let mut egos = [game.alter_ego(Seat::White), game.alter_ego(Seat::Black)];
    if let Some(deciding) = game.deciding() {
        egos[deciding.index()] = None;
    }
    let to_move = position.turn();
    let committed = if game.deciding().is_none() {
        game.committed_to(to_move)
    } else {
        None
    };
    let score = exchanges::settled(position, egos, committed);
    let diff = if to_move == seat { score } else { -score };
    1.0 / (1.0 + (-diff / 400.0).exp())
}
