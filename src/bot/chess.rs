//! Chess for the computer: a game without hidden information, so the views
//! determine the state. It is rebuilt from what the views say in public:
//! the position the game started from (the first view's FEN) and the moves
//! since (the last view's history, in SAN), played through the game's own
//! rules and checked against the last view's FEN.

use rand::rngs::StdRng;
use serde::Deserialize;

use super::alphabeta;
use super::clock::Clock;
use super::search::Searched;
use super::{BotError, Budget, Level, Playable, Standing};
use crate::rules::chess::{Chess, ChessAction, Position, Role};
use crate::rules::{Entropy, Game, HistoryLine, Options, Seat};

/// What the sampler reads of a chess view.
#[derive(Clone, Debug, Deserialize)]
pub struct ChessTold {
    /// The position's FEN.
    position: String,
    history: Vec<HistoryLine>,
}

impl Playable for Chess {
    type Told = ChessTold;
    type Belief = Chess;
    type Key = ChessAction;
    const PERFECT_INFORMATION: bool = true;

    fn believe(_seat: Seat, options: &Options, told: &[ChessTold]) -> Result<Chess, BotError> {
        let (Some(first), Some(last)) = (told.first(), told.last()) else {
            return Err(BotError::NoView);
        };
        let start =
            Position::from_fen(&first.position).map_err(|e| BotError::BadView(e.to_string()))?;
        let mut game = Chess::from_position(&start.fen(), options)
            .map_err(|e| BotError::BadView(e.to_string()))?;
        let mut entropy = Entropy::for_perft();
        for line in &last.history {
            let action = game
                .parse_action(line.seat, &line.text)
                .map_err(|e| BotError::Inconsistent(format!("{}: {e}", line.text)))?;
            game = game
                .apply(line.seat, &action, &mut entropy)
                .map_err(|e| BotError::Inconsistent(format!("{}: {e}", line.text)))?
                .state;
        }
        if game.position() != last.position {
            return Err(BotError::Inconsistent(format!(
                "the moves lead to {}, the view shows {}",
                game.position(),
                last.position
            )));
        }
        Ok(game)
    }

    fn sample(belief: &Chess, _rng: &mut StdRng) -> Chess {
        belief.clone()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let score = centipawns(self.current(), seat);
        1.0 / (1.0 + (-score / 400.0).exp())
    }

    fn key(&self, _observer: Seat, _actor: Seat, action: &ChessAction) -> ChessAction {
        *action
    }

    /// Every legal move, and a draw claim when one may be made; a move that
    /// also claims is left out (the search can claim a move later, and
    /// finding those moves costs a move generation per move).
    fn choices_into(&self, seat: Seat, into: &mut Vec<ChessAction>) {
        into.clear();
        if self.outcome().is_some() || self.current().turn() != seat {
            return;
        }
        self.current()
            .for_each_legal_move(|mv| into.push(ChessAction::Move(mv)));
        if self.claimable().is_some() {
            into.push(ChessAction::ClaimDraw);
        }
    }

    /// The alpha-beta search (`bot::alphabeta::chess`).
    fn searched(
        belief: &Chess,
        seat: Seat,
        level: Level,
        budget: Budget,
        clock: &dyn Clock,
        rng: &mut StdRng,
    ) -> Option<Result<Searched, BotError>> {
        Some(alphabeta::chess::run(
            belief, seat, level, budget, clock, rng,
        ))
    }

    fn standing(&self) -> Standing {
        match self.outcome() {
            Some(outcome) => Standing::Over(outcome.result),
            None => Standing::Acts(self.current().turn()),
        }
    }

    /// A move takes the engine's road ([`Chess::successor`]: the state
    /// `apply` makes, without its checks and events).
    fn advance(&self, seat: Seat, action: &ChessAction, entropy: &mut Entropy) -> Chess {
        match action {
            ChessAction::Move(mv) => self.successor(mv),
            other => match self.apply(seat, other, entropy) {
                Ok(applied) => applied.state,
                Err(e) => panic!("a choice of the search was refused: {other:?}: {e}"),
            },
        }
    }
}

/// A piece's worth in centipawns (Bluff Chess's evaluation counts the same).
pub(super) fn worth(role: Role) -> f64 {
    match role {
        Role::Pawn => 100.0,
        Role::Knight => 320.0,
        Role::Bishop => 330.0,
        Role::Rook => 500.0,
        Role::Queen => 900.0,
        Role::King => 0.0,
    }
}

/// The position for `seat`, in centipawns: material, pawns' advance, minor
/// pieces towards the centre, and, for a side ahead by more than a minor
/// piece, the losing king driven to the edge with the winning king close
/// (so a won ending is pressed to mate rather than drawn by the move
/// rules).
fn centipawns(position: &Position, seat: Seat) -> f64 {
    let mut material = [0.0f64; 2];
    let mut placement = [0.0f64; 2];
    let mut kings = [(0i32, 0i32); 2];
    for (square, piece) in position.pieces_on_board() {
        let side = piece.color.index();
        let (file, rank) = (square.file() as i32, square.rank() as i32);
        let advance = match piece.color {
            Seat::White => rank,
            Seat::Black => 7 - rank,
        };
        // 0 at the edge to 3 in the centre.
        let central = 3 - (2 * file - 7).abs().max((2 * rank - 7).abs()) / 2;
        material[side] += worth(piece.role);
        placement[side] += match piece.role {
            Role::Pawn => 4.0 * advance as f64 + if advance >= 5 { 20.0 } else { 0.0 },
            Role::Knight | Role::Bishop => 8.0 * central as f64,
            Role::Queen => 3.0 * central as f64,
            Role::Rook | Role::King => 0.0,
        };
        if piece.role == Role::King {
            kings[side] = (file, rank);
        }
    }
    let me = seat.index();
    let them = seat.other().index();
    let mut score = material[me] - material[them] + placement[me] - placement[them];
    let lead = material[me] - material[them];
    if lead.abs() > 300.0 {
        let (winner, loser) = if lead > 0.0 { (me, them) } else { (them, me) };
        let (lf, lr) = kings[loser];
        let edge = (2 * lf - 7).abs().max((2 * lr - 7).abs()) as f64;
        let (wf, wr) = kings[winner];
        let apart = ((wf - lf).abs() + (wr - lr).abs()) as f64;
        let press = 10.0 * edge + 6.0 * (14.0 - apart);
        score += if lead > 0.0 { press } else { -press };
    }
    score
}
