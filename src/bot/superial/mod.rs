//! Superial Chess for the computer: the classic game (with or without
//! random moves) and the hybrid (an orthodox army against cubes). Neither
//! hides anything, so the state is rebuilt from the public history (see
//! [`layer`](super::layer)); a random move's line names its throw
//! (`random 3 5 5 (c5, black hopper)`), which is replayed as written: the
//! seed of the game is never needed, and never known.
//!
//! Future throws are unknown to the computer as to anyone: in the search,
//! a random move's throw is drawn from the search's own generator (the
//! [`Entropy`](crate::rules::Entropy) it passes to `advance`), a fresh
//! one each time, and the tree keys the move as "random" whatever it
//! threw.
//!
//! The evaluation counts cubes, which never leave the classic board but
//! change teams, by their faces: a slasher (which crosses the edges and
//! jumps in chains) above a hopper above a pusher; and random moves left.
//! In the hybrid, White's pieces by chess's worths against Black's cubes
//! and the pieces they have turned.

mod classic;
mod hybrid;
#[cfg(test)]
mod hybrid_tests;
#[cfg(test)]
mod tests;

use rand::rngs::StdRng;
use serde::Deserialize;

use self::classic::Flat;
use self::hybrid::HybridFlat;
use super::alphabeta;
use super::clock::Clock;
use super::layer::{self, PublicTold};
use super::search::Searched;
use super::{BotError, Budget, Level, Playable};
use crate::rules::chesslike::{Kind, Piece};
use crate::rules::geometry::Square;
use crate::rules::superial::hybrid::{HybridAction, HybridPlay, Man};
use crate::rules::superial::{
    Aspect, CubeAction, Play, SuperialAction, SuperialChess, SuperialChessAction, Throw, Token,
};
use crate::rules::{Entropy, Game, HistoryLine, Options, Seat};

/// What the sampler reads of a view of either form.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum SuperialTold {
    Hybrid { hybrid: PublicTold },
    Classic(PublicTold),
}

impl SuperialTold {
    fn public(&self) -> &PublicTold {
        match self {
            SuperialTold::Hybrid { hybrid } => hybrid,
            SuperialTold::Classic(classic) => classic,
        }
    }
}

impl Playable for SuperialChess {
    type Told = SuperialTold;
    type Belief = SuperialChess;
    type Key = SuperialChessAction;
    const PERFECT_INFORMATION: bool = true;
    /// Captures only turn cubes over, so they answer each other for long:
    /// a capture and its recapture.
    const QUIESCENCE_PLIES: u32 = 2;

    /// The generic alpha-beta search (`bot::alphabeta::generic`) on a
    /// flat position of either form (`classic`, `hybrid`).
    fn searched(
        belief: &SuperialChess,
        seat: Seat,
        level: Level,
        budget: Budget,
        clock: &dyn Clock,
        rng: &mut StdRng,
    ) -> Option<Result<Searched, BotError>> {
        if Playable::standing(belief).actor() != Some(seat) {
            return Some(Err(BotError::NothingToDo));
        }
        let chosen = match belief {
            SuperialChess::Classic(game) => {
                let flat = Flat::of(game);
                alphabeta::generic::choose(&flat, seat, level, budget, clock, rng).map(|chosen| {
                    let action = SuperialChessAction::Classic(flat.action_of(game, chosen.action));
                    (action, chosen.depth, chosen.nodes)
                })
            }
            SuperialChess::Hybrid(game) => {
                let flat = HybridFlat::of(game);
                alphabeta::generic::choose(&flat, seat, level, budget, clock, rng).map(|chosen| {
                    let action = SuperialChessAction::Hybrid(flat.action_of(game, chosen.action));
                    (action, chosen.depth, chosen.nodes)
                })
            }
        };
        Some(chosen.map(|(action, iterations, nodes)| Searched {
            text: belief.notation(seat, &action),
            iterations,
            nodes,
        }))
    }

    fn believe(
        _seat: Seat,
        options: &Options,
        told: &[SuperialTold],
    ) -> Result<SuperialChess, BotError> {
        let public: Vec<PublicTold> = told.iter().map(|t| t.public().clone()).collect();
        layer::rebuild(options, &public, replay)
    }

    fn sample(belief: &SuperialChess, _rng: &mut StdRng) -> SuperialChess {
        belief.clone()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let score = match self {
            SuperialChess::Classic(game) => {
                let mut score = 0.0;
                for (_, cube) in game.board().tokens() {
                    let value = 100.0 + aspect_worth(cube.aspect);
                    score += if cube.team == seat { value } else { -value };
                }
                let left = |s: Seat| f64::from(game.random_left(s));
                score + 20.0 * (left(seat) - left(seat.other()))
            }
            SuperialChess::Hybrid(game) => layer::centipawns(game.position(), seat, hybrid_worth),
        };
        layer::chance(score)
    }

    /// A cube's action that jumps over an enemy token or pushes tokens
    /// (where captures happen), a chess piece's capture or promotion in the
    /// hybrid; a random move is not (what it throws is unknown).
    fn noisy(&self, action: &SuperialChessAction) -> bool {
        match (self, action) {
            (
                SuperialChess::Classic(game),
                SuperialChessAction::Classic(SuperialAction::Play(Play::Cube(cube))),
            ) => cube_noisy(cube, |square| game.board().get(square).map(Token::team)),
            (
                SuperialChess::Hybrid(game),
                SuperialChessAction::Hybrid(HybridAction::Play(play)),
            ) => {
                let position = game.position();
                match play {
                    HybridPlay::Piece(mv) => position.takes(mv) || mv.promotion.is_some(),
                    HybridPlay::Cube { action, .. } => cube_noisy(action, |square| {
                        position.piece_at(square).map(|piece| Man(piece).team())
                    }),
                }
            }
            _ => false,
        }
    }

    fn urgency(&self, action: &SuperialChessAction) -> u8 {
        u8::from(self.noisy(action))
    }

    fn key(
        &self,
        _observer: Seat,
        _actor: Seat,
        action: &SuperialChessAction,
    ) -> SuperialChessAction {
        action.clone()
    }

    /// Every play (a random move among them while the seat has one), and
    /// a draw claim when one may be made; a play that also claims is left
    /// out (the same play, then a claim, covers it, and finding those
    /// plays costs a whole play each).
    fn choices_into(&self, seat: Seat, into: &mut Vec<SuperialChessAction>) {
        into.clear();
        match self {
            SuperialChess::Classic(game) => {
                into.extend(
                    game.plays(seat)
                        .into_iter()
                        .map(|p| SuperialChessAction::Classic(SuperialAction::Play(p))),
                );
                if !into.is_empty() && game.claimable().is_some() {
                    into.push(SuperialChessAction::Classic(SuperialAction::ClaimDraw));
                }
            }
            SuperialChess::Hybrid(game) => {
                into.extend(
                    game.plays(seat)
                        .into_iter()
                        .map(|p| SuperialChessAction::Hybrid(HybridAction::Play(p))),
                );
                if !into.is_empty() && game.claimable().is_some() {
                    into.push(SuperialChessAction::Hybrid(HybridAction::ClaimDraw));
                }
            }
        }
    }

    /// A hybrid play takes the rules' own road without its check of
    /// legality (a choice of the search is legal: it came from
    /// [`Playable::choices_into`]), which costs a generation of every
    /// legal play; the rest by the rules' `apply`.
    fn advance(
        &self,
        seat: Seat,
        action: &SuperialChessAction,
        entropy: &mut Entropy,
    ) -> SuperialChess {
        match (self, action) {
            (
                SuperialChess::Hybrid(game),
                SuperialChessAction::Hybrid(HybridAction::Play(play)),
            ) => SuperialChess::Hybrid(Box::new(game.after(seat, play).0)),
            _ => match self.apply(seat, action, entropy) {
                Ok(applied) => applied.state,
                Err(e) => panic!("a choice of the search was refused: {action:?}: {e}"),
            },
        }
    }
}

/// A line of the history: a random move with the throw it names, any
/// other action by the game's notation.
fn replay(game: &SuperialChess, line: &HistoryLine) -> Result<SuperialChess, BotError> {
    let throw = line.text.strip_prefix("random ").map(|rest| {
        let numbers: Vec<u8> = rest
            .split_whitespace()
            .take(3)
            .filter_map(|n| n.parse().ok())
            .collect();
        match numbers[..] {
            [file, rank, face] => Ok(Throw { file, rank, face }),
            _ => Err(BotError::BadView(format!("{}: no throw", line.text))),
        }
    });
    match (game, throw) {
        (SuperialChess::Classic(classic), Some(throw)) => {
            let next = classic
                .after_throw(line.seat, throw?)
                .map_err(|e| BotError::Inconsistent(format!("{}: {e}", line.text)))?;
            Ok(SuperialChess::Classic(Box::new(next)))
        }
        _ => layer::replay_text(game, line),
    }
}

/// Whether a cube's action jumps over an enemy token or pushes a line of
/// tokens (where its captures happen), `team_at` telling whose token
/// stands where.
fn cube_noisy(action: &CubeAction, team_at: impl Fn(Square) -> Option<Seat>) -> bool {
    let CubeAction::Move(mv) = action else {
        return false;
    };
    let Some(mover) = team_at(mv.from) else {
        return false;
    };
    // A push moves a whole line, an enemy token in it wherever it stands.
    let pushes = mv
        .steps
        .first()
        .is_some_and(|step| team_at(step.to).is_some());
    pushes
        || mv
            .steps
            .iter()
            .filter_map(|step| step.over)
            .any(|square| team_at(square) == Some(mover.other()))
}

/// A cube's worth above a plain cube's, by the face it shows.
fn aspect_worth(aspect: Aspect) -> f64 {
    match aspect {
        Aspect::Pusher => 0.0,
        Aspect::Hopper => 15.0,
        Aspect::Slasher => 25.0,
    }
}

/// A man's worth in the hybrid, in centipawns: a chess piece chess's
/// (White's king nothing: the game ends before it falls), a cube about a
/// rook's (each capture of a cube's turns a White piece Black's), Black's
/// king its cube and its piece.
fn hybrid_worth(piece: Piece) -> f64 {
    let man = Man(piece);
    let chess = match piece.kind {
        Kind::PAWN => 100.0,
        Kind::KNIGHT => 320.0,
        Kind::BISHOP => 330.0,
        Kind::ROOK => 500.0,
        Kind::QUEEN => 900.0,
        _ => 0.0,
    };
    match man.aspect() {
        Some(aspect) if man.is_king() => 450.0 + aspect_worth(aspect) + chess,
        Some(aspect) => 450.0 + aspect_worth(aspect),
        None => chess,
    }
}
