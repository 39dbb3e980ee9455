//! Reflection Teammate for the computer, every setup and option: a game
//! without hidden information, so its state is rebuilt from the public
//! history (see [`layer`](super::layer)), each turn (a piece and its
//! reflection together, or an unpaired piece alone, or a move on each of
//! two boards) read back by the game's own notation.
//!
//! The evaluation follows the win condition: under `win=checkmate` the
//! kings are worth nothing (the game ends before one falls), under
//! `win=kings` each is worth more than a queen and the last one most (its
//! capture ends the game, which the outcome scores).

use rand::rngs::StdRng;

use super::alphabeta;
use super::clock::Clock;
use super::layer::{self, PublicTold};
use super::search::Searched;
use super::{BotError, Budget, Level, Playable, Standing};
use crate::rules::chesslike::{Kind, Move, Piece, Position};
use crate::rules::reflection::{Board, ReflectionAction, ReflectionTeammate, Win};
use crate::rules::{Entropy, Game, Options, Seat};

impl Playable for ReflectionTeammate {
    type Told = PublicTold;
    type Belief = ReflectionTeammate;
    type Key = ReflectionAction;
    const PERFECT_INFORMATION: bool = true;

    /// The generic alpha-beta search (`bot::alphabeta::generic`).
    fn searched(
        belief: &ReflectionTeammate,
        seat: Seat,
        level: Level,
        budget: Budget,
        clock: &dyn Clock,
        rng: &mut StdRng,
    ) -> Option<Result<Searched, BotError>> {
        Some(alphabeta::generic::run::<ReflectionTeammate>(
            belief, seat, level, budget, clock, rng,
        ))
    }

    fn believe(
        _seat: Seat,
        options: &Options,
        told: &[PublicTold],
    ) -> Result<ReflectionTeammate, BotError> {
        layer::rebuild(options, told, layer::replay_text)
    }

    fn sample(belief: &ReflectionTeammate, _rng: &mut StdRng) -> ReflectionTeammate {
        belief.clone()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let king = match self.config().win {
            Win::Checkmate => 0.0,
            Win::Kings => 1200.0,
        };
        let worth = |piece: Piece| match piece.kind {
            Kind::PAWN => 100.0,
            Kind::KNIGHT => 320.0,
            Kind::BISHOP => 330.0,
            Kind::ROOK => 500.0,
            Kind::QUEEN => 900.0,
            _ => king,
        };
        let score = match self.current().board() {
            Board::Pairs(position) => layer::centipawns(position, seat, worth),
            Board::Two(two) => two
                .boards
                .iter()
                .map(|position| layer::centipawns(position, seat, worth))
                .sum(),
        };
        layer::chance(score)
    }

    /// A turn's captures and promotions, one rank each: with hundreds of
    /// turns a node, the search must meet the replies that take material
    /// before the quiet ones.
    fn urgency(&self, action: &ReflectionAction) -> u8 {
        let (ReflectionAction::Turn(turn) | ReflectionAction::TurnAndClaim(turn)) = action else {
            return 0;
        };
        let forcing =
            |position: &Position, mv: &Move| u8::from(position.takes(mv) || mv.promotion.is_some());
        match self.current().board() {
            Board::Pairs(position) => turn.moves().map(|mv| forcing(position, mv)).sum(),
            Board::Two(two) => turn
                .moves()
                .zip(&two.boards)
                .map(|(mv, position)| forcing(position, mv))
                .sum(),
        }
    }

    /// A turn is made alone (it came from [`Playable::choices_into`]: no
    /// list of legal turns made to check it), without its events; the
    /// rest by the rules' `apply`.
    fn advance(
        &self,
        seat: Seat,
        action: &ReflectionAction,
        entropy: &mut Entropy,
    ) -> ReflectionTeammate {
        if let ReflectionAction::Turn(turn) = action
            && let Some(next) = self.after_turn(turn)
        {
            return next;
        }
        match self.apply(seat, action, entropy) {
            Ok(applied) => applied.state,
            Err(e) => panic!("a choice of the search was refused: {action:?}: {e}"),
        }
    }

    /// The boards' keys (no position string written).
    fn search_key(&self) -> u64 {
        match self.current().board() {
            Board::Pairs(position) => position.search_key(),
            Board::Two(two) => {
                let [one, other] = &two.boards;
                one.search_key() ^ other.search_key().rotate_left(17)
            }
        }
    }

    /// Where the game stands, from its outcome and the side to move (no
    /// list of dues built).
    fn standing(&self) -> Standing {
        match self.outcome() {
            Some(outcome) => Standing::Over(outcome.result),
            None => Standing::Acts(self.current().turn()),
        }
    }

    fn key(&self, _observer: Seat, _actor: Seat, action: &ReflectionAction) -> ReflectionAction {
        *action
    }

    /// Every legal turn, and a draw claim when one may be made; a turn
    /// that also claims is left out (the same turn, then a claim, covers
    /// it, and finding those turns costs a repetition key each).
    fn choices_into(&self, seat: Seat, into: &mut Vec<ReflectionAction>) {
        into.clear();
        if self.outcome().is_some() || self.current().turn() != seat {
            return;
        }
        into.extend(
            self.current()
                .legal_turns()
                .into_iter()
                .map(ReflectionAction::Turn),
        );
        if self.claimable().is_some() {
            into.push(ReflectionAction::ClaimDraw);
        }
    }
}
