//! The truth of a Bluff Chess game and what it allows now (whose turn,
//! which moves and decisions, each refusal). The order of one turn is in
//! [`super::turn`]; the game behind the [`Game`](crate::rules::Game) trait,
//! which ties the truth to its position string, notation, views and score,
//! is in [`super::game`], above them all.

use serde::{Deserialize, Serialize};

use super::{Decision, Sealed, piece_name};
use crate::rules::chess::{DrawRecord, DrawRule, Move, Position, automatic_outcome_where};
use crate::rules::geometry::Square;
use crate::rules::{ActionError, Due, Duty, Outcome, PositionError, Seat};

/// One turn of the game, as it happened (sealed parts included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Turn {
    /// A move, with the decision made after it if it was a death move.
    Move {
        number: u32,
        seat: Seat,
        #[serde(rename = "move")]
        mv: Move,
        /// SAN in the position it was played in.
        san: String,
        /// Whether it was a death move (a decision was or is owed).
        death: bool,
        decision: Option<Sealed>,
    },
    /// A turn lost because the piece transferred into could not move.
    Lost {
        number: u32,
        seat: Seat,
        /// The committed piece's square.
        square: Square,
    },
}

/// A game of Bluff Chess in progress: the whole truth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BluffChess {
    pub(super) position: Position,
    pub(super) record: DrawRecord,
    /// Where each seat's alter ego really is (by [`Seat::index`]); `None`
    /// before that seat's first move.
    pub(super) alter: [Option<Square>; 2],
    /// Whether a seat transferred at its last decision and must move that
    /// piece (the one carrying its alter ego) on its next turn.
    pub(super) committed: [bool; 2],
    /// Each seat's last decision while the opponent has not yet seen it.
    pub(super) sealed: [Option<Sealed>; 2],
    /// The seat that made a death move without a decision and owes one now.
    pub(super) deciding: Option<Seat>,
    pub(super) turns: Vec<Turn>,
    pub(super) outcome: Option<Outcome>,
}

/// The dead position of Bluff Chess: king against king. Any other piece
/// may carry an alter ego, and a king can capture it, so with any other
/// piece on the board the game can still be won (`RULINGS.md`).
fn bare_kings(position: &Position) -> bool {
    position.pieces_on_board().len() == 2
}

/// Checkmate or an automatic draw, with Bluff's dead position.
pub(super) fn automatic_outcome(position: &Position, record: &DrawRecord) -> Option<Outcome> {
    automatic_outcome_where(position, record, bare_kings)
}

impl BluffChess {
    /// A game from its parts, checked for consistency; the turn is then
    /// begun (a committed piece that cannot move is dealt with at once) and
    /// the game may be over at once.
    pub(super) fn from_parts(
        position: Position,
        alter: [Option<Square>; 2],
        committed: [bool; 2],
        sealed: [Option<Sealed>; 2],
        deciding: Option<Seat>,
    ) -> Result<BluffChess, PositionError> {
        let bad = |text: String| Err(PositionError::Illegal(text));
        for seat in Seat::BOTH {
            let i = seat.index();
            if let Some(square) = alter[i]
                && position.piece_at(square).map(|p| p.color) != Some(seat)
            {
                return bad(format!(
                    "{seat}'s alter ego is on {square}, where {seat} has no piece"
                ));
            }
            if committed[i] && alter[i].is_none() {
                return bad(format!("{seat} is committed but has no alter ego"));
            }
            if let Some(sealed) = &sealed[i] {
                if position.turn() != seat.other() || deciding.is_some() {
                    return bad(format!(
                        "{seat}'s decision can only be sealed while {} is to move",
                        seat.other()
                    ));
                }
                let consistent = match sealed.decision {
                    Decision::Stay => !committed[i] && alter[i].is_some(),
                    Decision::Transfer(square) => committed[i] && alter[i] == Some(square),
                };
                if !consistent {
                    return bad(format!(
                        "{seat}'s sealed decision ({}) does not match its alter ego and commitment",
                        sealed.decision
                    ));
                }
            }
        }
        if let Some(seat) = deciding {
            let i = seat.index();
            if position.turn() != seat.other() || alter[i].is_none() || committed[i] {
                return bad(format!(
                    "{seat} can only owe a decision right after its move, with its alter ego in the turn piece"
                ));
            }
        }
        let record = DrawRecord::new(&position);
        let mut game = BluffChess {
            position,
            record,
            alter,
            committed,
            sealed,
            deciding,
            turns: Vec::new(),
            outcome: None,
        };
        if let Some(outcome) = automatic_outcome(&game.position, &game.record) {
            game.finish(outcome, &mut Vec::new());
        } else if game.deciding.is_none() {
            game.begin_turn(&mut Vec::new());
        }
        Ok(game)
    }

    /// The board now.
    pub fn board(&self) -> &Position {
        &self.position
    }

    /// Where `seat`'s alter ego really is (truth: host only).
    pub fn alter_ego(&self, seat: Seat) -> Option<Square> {
        self.alter[seat.index()]
    }

    /// The piece `seat` must move on its next turn, after a transfer.
    pub fn committed_to(&self, seat: Seat) -> Option<Square> {
        if self.committed[seat.index()] {
            self.alter[seat.index()]
        } else {
            None
        }
    }

    /// `seat`'s decision that its opponent has not seen yet (truth).
    pub fn sealed(&self, seat: Seat) -> Option<&Sealed> {
        self.sealed[seat.index()].as_ref()
    }

    /// The seat that owes a decision now.
    pub fn deciding(&self) -> Option<Seat> {
        self.deciding
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The draw the side to move may claim now.
    pub fn claimable(&self) -> Option<DrawRule> {
        if self.outcome.is_some() || self.deciding.is_some() {
            return None;
        }
        self.record.claimable(&self.position)
    }

    /// The draw the side to move could claim with `mv` (a legal move), in
    /// the position it makes.
    pub(super) fn claimable_after(&self, mv: &Move) -> Option<DrawRule> {
        let after = self.position.play(mv);
        self.record.after(&after).claimable(&after)
    }

    /// The seat that owes an action now, and what.
    pub fn due(&self) -> Option<Due> {
        if self.outcome.is_some() {
            return None;
        }
        Some(match self.deciding {
            Some(seat) => Due {
                seat,
                duty: Duty::Decision,
            },
            None => Due {
                seat: self.position.turn(),
                duty: Duty::Move,
            },
        })
    }

    /// The legal moves of `seat` now: the orthodox ones, only those of the
    /// committed piece after a transfer.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.due()
            != Some(Due {
                seat,
                duty: Duty::Move,
            })
        {
            return Vec::new();
        }
        let mut moves = self.position.legal_moves();
        if let Some(square) = self.committed_to(seat) {
            moves.retain(|m| m.from == square);
        }
        moves
    }

    /// The squares `seat` may transfer to after its death move: its other
    /// pieces (empty unless it owes a decision).
    pub fn transfer_targets(&self, seat: Seat) -> Vec<Square> {
        if self.deciding != Some(seat) {
            return Vec::new();
        }
        let turn_square = self.alter[seat.index()];
        self.position
            .pieces_on_board()
            .into_iter()
            .filter(|(square, piece)| piece.color == seat && Some(*square) != turn_square)
            .map(|(square, _)| square)
            .collect()
    }

    /// Checks that `seat` owes a move now.
    pub(super) fn check_move_turn(&self, seat: Seat) -> Result<(), ActionError> {
        if let Some(outcome) = &self.outcome {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        match self.deciding {
            Some(decider) if decider == seat => Err(ActionError::NotYourTurn(
                "You owe the decision for your death move first: write stay, or transfer and a square (such as: transfer d1).".to_string(),
            )),
            Some(decider) => Err(ActionError::NotYourTurn(format!(
                "{decider} is deciding after a death move; your move comes next."
            ))),
            None if self.position.turn() != seat => Err(ActionError::NotYourTurn(format!(
                "It is {}'s move.",
                self.position.turn()
            ))),
            None => Ok(()),
        }
    }

    /// Checks that `seat` owes a decision now.
    pub(super) fn check_decision_turn(&self, seat: Seat) -> Result<(), ActionError> {
        if let Some(outcome) = &self.outcome {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        match self.deciding {
            Some(decider) if decider == seat => Ok(()),
            Some(decider) => Err(ActionError::NotYourTurn(format!(
                "{decider} is deciding after a death move; your move comes next."
            ))),
            None if self.position.turn() == seat => Err(ActionError::NotYourTurn(
                "You owe a move, not a decision: a decision follows a death move (write it after the move, such as: Nf3 stay)."
                    .to_string(),
            )),
            None => Err(ActionError::NotYourTurn(format!(
                "It is {}'s move.",
                self.position.turn()
            ))),
        }
    }

    /// Checks a move of the side to move: orthodox legality, then the
    /// commitment.
    pub(super) fn check_move(&self, mv: &Move) -> Result<(), ActionError> {
        let seat = self.position.turn();
        if !self.position.legal_moves().contains(mv) {
            // Let the engine explain, from the move's own text.
            return Err(match self.position.parse_move(&mv.to_string()) {
                Err(err) => self.move_error(err),
                Ok(_) => ActionError::illegal(format!("{mv} is not a legal move.")),
            });
        }
        if let Some(square) = self.committed_to(seat)
            && mv.from != square
        {
            return Err(self.commitment_error(square));
        }
        Ok(())
    }

    /// The refusal of a move by a committed player of another piece.
    pub(super) fn commitment_error(&self, square: Square) -> ActionError {
        let name = piece_name(&self.position, square);
        let moves = self
            .position
            .san_list(&self.position.legal_moves_from(square));
        ActionError::illegal_with_hint(
            format!(
                "You transferred your alter ego into {name}: this turn you must move that piece."
            ),
            format!("Its legal moves: {}.", moves.join(", ")),
        )
    }

    /// Checks a decision of `seat`, whose turn piece stands on
    /// `turn_square` of `board` (the board after the death move).
    pub(super) fn check_decision(
        board: &Position,
        seat: Seat,
        turn_square: Square,
        decision: Decision,
    ) -> Result<(), ActionError> {
        let Decision::Transfer(square) = decision else {
            return Ok(());
        };
        let targets = || {
            let squares: Vec<String> = board
                .pieces_on_board()
                .into_iter()
                .filter(|(sq, p)| p.color == seat && *sq != turn_square)
                .map(|(sq, _)| sq.to_string())
                .collect();
            format!("You may transfer to {}.", squares.join(", "))
        };
        if square == turn_square {
            return Err(ActionError::illegal_with_hint(
                format!(
                    "The piece on {square} is your turn piece: a transfer goes to another piece."
                ),
                format!("To keep your alter ego in it, write stay. {}", targets()),
            ));
        }
        match board.piece_at(square) {
            Some(piece) if piece.color == seat => Ok(()),
            Some(piece) => Err(ActionError::illegal_with_hint(
                format!(
                    "The {} on {square} is {}'s: you can only transfer into your own pieces.",
                    piece.role.name(),
                    piece.color
                ),
                targets(),
            )),
            None => Err(ActionError::illegal_with_hint(
                format!("There is no piece on {square} to transfer into."),
                targets(),
            )),
        }
    }

    /// The turns, for the view.
    pub(super) fn turns(&self) -> &[Turn] {
        &self.turns
    }
}
