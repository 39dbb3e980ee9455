//! What a viewer sees of a chess game. Chess hides nothing, so every
//! viewer gets the same facts; only the side drawn at the bottom differs.

use serde::Serialize;

use super::Seat;
use super::draws::DrawReason;
use super::position::Position;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Cell, Diagram, HistoryLine, Outcome, Presentation, View};

/// The last move played, for the diagram's highlight and the facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    pub number: u32,
    pub seat: Seat,
    pub san: String,
    pub from: Square,
    pub to: Square,
}

impl LastMove {
    /// `12.Nf3` or `12...Nf6`.
    pub fn numbered(&self) -> String {
        match self.seat {
            Seat::White => format!("{}.{}", self.number, self.san),
            Seat::Black => format!("{}...{}", self.number, self.san),
        }
    }
}

/// A chess game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChessView {
    /// The position, serialised as its FEN.
    pub position: Position,
    /// The side drawn at the bottom: Black for Black's player, else White.
    pub bottom: Seat,
    pub turn: Seat,
    /// Whether the side to move is in check.
    pub check: bool,
    /// FEN's castling field: `KQkq`, `-`.
    pub castling: String,
    /// The en passant square when a capture there is legal now.
    pub en_passant: Option<Square>,
    pub halfmove_clock: u32,
    pub last_move: Option<LastMove>,
    pub history: Vec<HistoryLine>,
    /// The draw the side to move may claim now.
    pub claimable: Option<DrawReason>,
    pub outcome: Option<Outcome>,
}

impl View for ChessView {
    fn present(&self) -> Presentation {
        let geometry = Geometry::rectangle(8, 8);
        let mut diagram = Diagram::empty(&geometry, self.bottom);
        for (square, piece) in self.position.pieces_on_board() {
            diagram.set(
                square,
                Cell::Piece {
                    label: piece.char().to_string(),
                    owner: piece.color,
                },
            );
        }
        if let Some(last) = &self.last_move {
            diagram.highlight = vec![last.from, last.to];
        }

        let mut facts = Vec::new();
        match &self.outcome {
            Some(outcome) => facts.push(format!("Game over: {outcome}")),
            None => {
                facts.push(format!("{} to move", self.turn));
                if self.check {
                    facts.push(format!("{} is in check", self.turn));
                }
            }
        }
        if let Some(last) = &self.last_move {
            facts.push(format!("Last move: {}", last.numbered()));
        }
        if self.outcome.is_none() {
            if let Some(square) = self.en_passant {
                facts.push(format!("En passant capture possible on {square}"));
            }
            if let Some(reason) = self.claimable {
                facts.push(format!("Draw claimable: {reason} (write: claim draw)"));
            }
            if self.halfmove_clock >= 80 {
                facts.push(format!(
                    "Moves without a capture or pawn move: {} (a draw may be claimed at 50, and is automatic at 75)",
                    self.halfmove_clock / 2
                ));
            }
        }
        Presentation {
            diagram: Some(diagram),
            legend: vec![
                "K Q R B N P: White's king, queen, rook, bishop, knight, pawn; k q r b n p: Black's".to_string(),
            ],
            facts,
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        self.history.clone()
    }
}
