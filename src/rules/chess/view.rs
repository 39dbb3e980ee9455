//! What a viewer sees of a chess game. Chess hides nothing, so every
//! viewer gets the same facts; only the side drawn at the bottom differs.

use serde::Serialize;

use super::Role;
use super::Seat;
use super::draws::DrawRule;
use super::position::Position;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::presentation::Role as Drawn;
use crate::rules::{Cell, Diagram, Figure, HistoryLine, Outcome, Presentation, View};

/// How a picture draws a chess piece of this role.
pub(crate) fn figure(role: Role) -> Figure {
    Figure::Orthodox(match role {
        Role::King => Drawn::King,
        Role::Queen => Drawn::Queen,
        Role::Rook => Drawn::Rook,
        Role::Bishop => Drawn::Bishop,
        Role::Knight => Drawn::Knight,
        Role::Pawn => Drawn::Pawn,
    })
}

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
        numbered(self.number, self.seat, &self.san)
    }
}

/// A move's text with its number: `12.Nf3` for White, `12...Nf6` for Black.
pub(crate) fn numbered(number: u32, seat: Seat, text: &str) -> String {
    match seat {
        Seat::White => format!("{number}.{text}"),
        Seat::Black => format!("{number}...{text}"),
    }
}

/// The facts on whose move it is: the side to move and whether it is in
/// check. Once the game is over there is none: the referee's status line
/// says how it ended, once.
pub(crate) fn turn_facts(
    facts: &mut Vec<String>,
    outcome: Option<&Outcome>,
    turn: Seat,
    check: bool,
) {
    match outcome {
        Some(_) => {}
        None => {
            facts.push(format!("{turn} to move"));
            if check {
                facts.push(format!("{turn} is in check"));
            }
        }
    }
}

/// The facts of a game still on: a usable en passant square, a claimable
/// draw, and a long stretch without capture or pawn move.
pub(crate) fn draw_facts(
    facts: &mut Vec<String>,
    en_passant: Option<Square>,
    claimable: Option<DrawRule>,
    halfmove_clock: u32,
) {
    if let Some(square) = en_passant {
        facts.push(format!("En passant capture possible on {square}"));
    }
    if let Some(reason) = claimable {
        facts.push(format!("Draw claimable: {reason} (write: claim draw)"));
    }
    if halfmove_clock >= 80 {
        facts.push(format!(
            "Moves without a capture or pawn move: {} (a draw may be claimed at 50, and is \
             automatic at 75)",
            halfmove_clock / 2
        ));
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
    pub claimable: Option<DrawRule>,
    pub outcome: Option<Outcome>,
}

impl View for ChessView {
    fn present(&self) -> Presentation {
        let geometry = Geometry::rectangle(8, 8);
        let mut diagram = Diagram::empty(&geometry, self.bottom);
        for (square, piece) in self.position.pieces_on_board() {
            diagram.set(
                square,
                Cell::piece(piece.char().to_string(), piece.color, figure(piece.role)),
            );
        }
        if let Some(last) = &self.last_move {
            diagram.highlight = vec![last.from, last.to];
        }
        if self.check {
            diagram.mark_check(self.turn);
        }

        let mut facts = Vec::new();
        turn_facts(&mut facts, self.outcome.as_ref(), self.turn, self.check);
        if let Some(last) = &self.last_move {
            facts.push(format!("Last move: {}", last.numbered()));
        }
        if self.outcome.is_none() {
            draw_facts(
                &mut facts,
                self.en_passant,
                self.claimable,
                self.halfmove_clock,
            );
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
