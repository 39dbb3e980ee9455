//! Rebel Chess (I, II and III) for the computer: a game without hidden
//! information, so its state is rebuilt from the public history (see
//! [`layer`](super::layer)). What is Rebel's own: a history line carries a
//! note of what changed sides (`U*a6 (pawn converted)`), which is not part
//! of the action; the Recruiter's worth; and the actions the search leaves
//! out (a concession, a play that also claims).

use rand::rngs::StdRng;

use super::alphabeta;
use super::clock::Clock;
use super::layer::{self, PublicTold};
use super::search::Searched;
use super::{BotError, Budget, Level, Playable, Standing};
use crate::rules::chesslike::{Kind, Piece};
use crate::rules::rebel::{Play, RebelAction, RebelChess, Role};
use crate::rules::{Entropy, Game, HistoryLine, Options, Seat};

impl Playable for RebelChess {
    type Told = PublicTold;
    type Belief = RebelChess;
    type Key = RebelAction;
    const PERFECT_INFORMATION: bool = true;

    /// The generic alpha-beta search (`bot::alphabeta::generic`).
    fn searched(
        belief: &RebelChess,
        seat: Seat,
        level: Level,
        budget: Budget,
        clock: &dyn Clock,
        rng: &mut StdRng,
    ) -> Option<Result<Searched, BotError>> {
        Some(alphabeta::generic::run::<RebelChess>(
            belief, seat, level, budget, clock, rng,
        ))
    }

    fn believe(
        _seat: Seat,
        options: &Options,
        told: &[PublicTold],
    ) -> Result<RebelChess, BotError> {
        layer::rebuild(options, told, replay)
    }

    fn sample(belief: &RebelChess, _rng: &mut StdRng) -> RebelChess {
        belief.clone()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        layer::chance(layer::centipawns(self.current().layer(), seat, worth))
    }

    /// A capture, a promotion, a recruit (a conversion).
    fn noisy(&self, action: &RebelAction) -> bool {
        match action {
            RebelAction::Play(Play::Move(mv)) => {
                self.current().layer().takes(mv) || mv.promotion.is_some()
            }
            RebelAction::Play(Play::Recruit { .. }) => true,
            _ => false,
        }
    }

    /// The board's key (no position string written), with the Rebels'
    /// side after a conversionmate.
    fn search_key(&self) -> u64 {
        let rebels = self
            .current()
            .rebels()
            .map_or(0, |seat| seat.index() as u64 + 1);
        self.current().layer().search_key() ^ rebels.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Where the game stands, from its outcome and the side to move (no
    /// list of dues built).
    fn standing(&self) -> Standing {
        match self.outcome() {
            Some(outcome) => Standing::Over(outcome.result),
            None => Standing::Acts(self.current().turn()),
        }
    }

    fn urgency(&self, action: &RebelAction) -> u8 {
        u8::from(self.noisy(action))
    }

    fn key(&self, _observer: Seat, _actor: Seat, action: &RebelAction) -> RebelAction {
        *action
    }

    /// Every legal move and recruit, and a draw claim when one may be
    /// made. Left out: a play that also claims (the same play, then a
    /// claim, covers it) and the Rebels' concession (a loss, never better
    /// than playing on while there is a play).
    fn choices_into(&self, seat: Seat, into: &mut Vec<RebelAction>) {
        into.clear();
        if self.outcome().is_some() || self.current().turn() != seat {
            return;
        }
        self.current()
            .each_legal_play(|play| into.push(RebelAction::Play(play)));
        if self.claimable().is_some() {
            into.push(RebelAction::ClaimDraw);
        }
        if into.is_empty() {
            into.extend(self.legal_actions(seat));
        }
    }

    /// A move or recruit takes the rules' own road without its check of
    /// legality (a choice of the search is legal: it came from
    /// [`Playable::choices_into`]), which costs a generation of every
    /// legal action, nor its events ([`RebelChess::successor`]); the rest
    /// by the rules' `apply`.
    fn advance(&self, seat: Seat, action: &RebelAction, entropy: &mut Entropy) -> RebelChess {
        match action {
            RebelAction::Play(play) => self.successor(play),
            other => match self.apply(seat, other, entropy) {
                Ok(applied) => applied.state,
                Err(e) => panic!("a choice of the search was refused: {other:?}: {e}"),
            },
        }
    }
}

/// A line of the history: its action, without the note in brackets of
/// what changed sides (SAN has no space, so the note starts at the first).
fn replay(game: &RebelChess, line: &HistoryLine) -> Result<RebelChess, BotError> {
    let text = line.text.split(" (").next().unwrap_or_default();
    layer::replay_as(game, line, text)
}

/// A piece's worth in centipawns: chess's, and the Recruiter's (it takes
/// nothing but turns enemy pieces into its side's) a minor piece's and a
/// little more. Kings are worth nothing: the game ends before one is lost,
/// but for Rebel III's conversionmate, which the outcome scores.
fn worth(piece: Piece) -> f64 {
    if piece.kind == Role::Recruiter.kind() {
        return 400.0;
    }
    match piece.kind {
        Kind::PAWN => 100.0,
        Kind::KNIGHT => 320.0,
        Kind::BISHOP => 330.0,
        Kind::ROOK => 500.0,
        Kind::QUEEN => 900.0,
        _ => 0.0,
    }
}
