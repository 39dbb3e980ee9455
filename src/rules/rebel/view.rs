//! What a viewer sees of a Rebel Chess game. Nothing is hidden, so every
//! viewer gets the same facts; only the side drawn at the bottom differs.
//! The view is still its own type, built from the game by
//! [`Game::view`](crate::rules::Game::view).

use serde::Serialize;

use super::{DrawRule, Piece, Role, Seat, Version};
use crate::rules::chess;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Cell, Diagram, Figure, HistoryLine, Mark, Outcome, Presentation, View};

/// How a picture draws a piece of this role: the orthodox six as chess
/// draws them.
fn figure(role: Role) -> Figure {
    match role {
        Role::Orthodox(role) => chess::figure(role),
        Role::Recruiter => Figure::Recruiter,
    }
}

/// A piece where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedPiece {
    pub square: Square,
    pub piece: Piece,
}

/// The last action, for the highlight and the facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastAction {
    pub number: u32,
    pub seat: Seat,
    /// The SAN with its note: `U*a6 (pawn converted)`.
    pub text: String,
    pub from: Square,
    pub to: Square,
}

impl LastAction {
    /// `12.Uc4` or `12...U*a3 (pawn converted)`.
    pub fn numbered(&self) -> String {
        chess::numbered(self.number, self.seat, &self.text)
    }
}

/// A king under attack, and the pieces attacking it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackedKing {
    pub square: Square,
    pub king: Piece,
    pub attackers: Vec<PlacedPiece>,
}

impl AttackedKing {
    /// `White's king on e1 is attacked by Black's rook on e8.`
    pub fn sentence(&self) -> String {
        let by: Vec<String> = self
            .attackers
            .iter()
            .map(|a| format!("{}'s {} on {}", a.piece.color, a.piece.describe(), a.square))
            .collect();
        format!(
            "{}'s {} on {} is attacked by {}.",
            self.king.color,
            self.king.describe(),
            self.square,
            match by.as_slice() {
                [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => by.join(""),
            }
        )
    }
}

/// A Rebel Chess game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RebelView {
    pub version: Version,
    /// The position string (FEN with `U` and `*` marks).
    pub position: String,
    pub pieces: Vec<PlacedPiece>,
    pub bottom: Seat,
    pub turn: Seat,
    /// Whether the side to move is in check (a king of it attacked).
    pub check: bool,
    /// Every attacked king (the Spartans may have two), with its attackers.
    pub attacked: Vec<AttackedKing>,
    pub castling: String,
    pub en_passant: Option<Square>,
    pub halfmove_clock: u32,
    /// Rebel III after a conversionmate: the Rebels' side.
    pub rebels: Option<Seat>,
    pub last: Option<LastAction>,
    pub history: Vec<HistoryLine>,
    pub claimable: Option<DrawRule>,
    pub outcome: Option<Outcome>,
}

impl RebelView {
    /// The converted pieces of `color` (serving it), as `Nd4`.
    fn converted_of(&self, color: Seat) -> Vec<String> {
        self.pieces
            .iter()
            .filter(|p| p.piece.converted && p.piece.color == color)
            .map(|p| {
                let letter = match p.piece.role {
                    Role::PAWN => String::new(),
                    role => role.char().to_string(),
                };
                format!("{letter}{}", p.square)
            })
            .collect()
    }
}

impl View for RebelView {
    fn present(&self) -> Presentation {
        let geometry = Geometry::rectangle(8, 8);
        let mut diagram = Diagram::empty(&geometry, self.bottom);
        for placed in &self.pieces {
            let marks = if placed.piece.converted {
                vec![Mark::Converted]
            } else {
                Vec::new()
            };
            diagram.set(
                placed.square,
                Cell::marked(
                    placed.piece.label(),
                    placed.piece.color,
                    figure(placed.piece.role),
                    marks,
                ),
            );
        }
        for king in &self.attacked {
            diagram.check.push(king.square);
        }
        if let Some(last) = &self.last {
            diagram.highlight = vec![last.from, last.to];
        }

        let mut facts = vec![self.version.title().to_string()];
        chess::turn_facts(&mut facts, self.outcome.as_ref(), self.turn, self.check);
        facts.extend(self.attacked.iter().map(AttackedKing::sentence));
        if let Some(rebels) = self.rebels {
            facts.push(format!(
                "Spartans (two kings): {}; Rebels: {rebels}",
                rebels.other()
            ));
        }
        if let Some(last) = &self.last {
            facts.push(format!("Last move: {}", last.numbered()));
        }
        for color in Seat::BOTH {
            let converted = self.converted_of(color);
            if !converted.is_empty() {
                facts.push(format!(
                    "Converted pieces serving {color}: {}",
                    converted.join(", ")
                ));
            }
        }
        if self.outcome.is_none() {
            chess::draw_facts(
                &mut facts,
                self.en_passant,
                self.claimable,
                self.halfmove_clock,
            );
        }
        let mut legend = vec![
            "K Q R B N P: White's king, queen, rook, bishop, knight, pawn; k q r b n p: Black's"
                .to_string(),
            "U u: White's and Black's Recruiter (leaps two squares diagonally, never captures \
             or checks; recruits an alfil's leap away, but not a king, queen or Recruiter)"
                .to_string(),
            "A * after a letter marks a converted piece: it serves the side of its letter's case \
             (N* is White's, n* Black's) against the side it started on, and its original side's \
             Recruiter can return it"
                .to_string(),
        ];
        if self.version.converted_recruit() {
            legend.push(
                "In this version a converted piece may recruit what it could capture (queens \
                 too, but not a king, a Recruiter or another converted piece), and only a \
                 Recruiter can recruit it"
                    .to_string(),
            );
        }
        Presentation {
            diagram: Some(diagram),
            legend,
            facts,
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        self.history.clone()
    }
}
