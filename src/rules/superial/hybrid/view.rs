//! What a viewer sees of a hybrid game: everything (nothing is hidden),
//! drawn from the viewer's side.

use serde::Serialize;

use super::actions;
use super::game::Hybrid;
use super::men::{Man, variant};
use super::position;
use crate::rules::chess::{DrawRule, bottom_seat, numbered, turn_facts};
use crate::rules::chesslike::Kind;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::superial::board::Token;
use crate::rules::superial::display::{Last, colour_map, draw_facts, face, shade};
use crate::rules::{Cell, Diagram, Figure, HistoryLine, Outcome, Presentation, Seat, View, Viewer};

/// A man where it stands, with its board label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedMan {
    pub square: Square,
    /// `K` `q` for chess pieces, `Bo` `B+` `BX` for cubes, `o/n` for
    /// Black's king (a knight riding a pusher).
    pub label: String,
    pub owner: Seat,
    /// The same man for a picture.
    pub figure: Figure,
}

/// How a picture draws a man.
pub fn figure(man: Man) -> Figure {
    let role = || man.0.kind.drawn().expect("an orthodox kind");
    match man.aspect() {
        Some(aspect) if man.is_king() => Figure::Rider {
            cube: face(aspect),
            rider: role(),
        },
        Some(aspect) => Figure::Cube(face(aspect)),
        None => Figure::Orthodox(role()),
    }
}

/// A man's label on the board.
pub fn label(man: Man) -> String {
    let letter = |kind: Kind, seat: Seat| {
        let c = kind.standard_letter().expect("an orthodox kind");
        match seat {
            Seat::White => c,
            Seat::Black => c.to_ascii_lowercase(),
        }
    };
    match man.aspect() {
        Some(aspect) if man.is_king() => {
            format!("{}/{}", aspect.symbol(), letter(man.0.kind, Seat::Black))
        }
        Some(aspect) => format!("B{}", aspect.symbol()),
        None => letter(man.0.kind, man.team()).to_string(),
    }
}

/// Black's king as the board shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlackKing {
    pub square: Square,
    /// Its legend line: `o/p: Black's king, a pawn (p) riding a pusher
    /// (o)`.
    pub legend: String,
}

impl BlackKing {
    /// The king `man` on `square`.
    fn of(square: Square, man: Man) -> BlackKing {
        let aspect = man.aspect().expect("the king rides a cube");
        let kind = variant().kind(man.0.kind).name;
        let letter = label(Man::piece(Seat::Black, man.0.kind));
        BlackKing {
            square,
            legend: format!(
                "{}: Black's king, a {kind} ({letter}) riding a {aspect} ({})",
                label(man),
                aspect.symbol()
            ),
        }
    }
}

/// A hybrid game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HybridView {
    /// The position string.
    pub position: String,
    pub men: Vec<PlacedMan>,
    pub bottom: Seat,
    pub turn: Seat,
    /// The side to act is in check (checkmate included: the picture marks
    /// the mated king).
    pub check: bool,
    /// Black's king, once it has one.
    pub black_king: Option<BlackKing>,
    pub halfmoves: u32,
    pub claimable: Option<DrawRule>,
    pub last: Option<Last>,
    pub history: Vec<HistoryLine>,
    pub outcome: Option<Outcome>,
}

impl HybridView {
    pub(crate) fn build(game: &Hybrid, viewer: Viewer) -> HybridView {
        let pos = game.position();
        HybridView {
            position: position::write(pos),
            men: pos
                .pieces()
                .map(|(square, piece)| PlacedMan {
                    square,
                    label: label(Man(piece)),
                    owner: piece.owner,
                    figure: figure(Man(piece)),
                })
                .collect(),
            bottom: bottom_seat(viewer),
            turn: game.side(),
            check: actions::in_check(pos, game.side()),
            black_king: actions::black_king(pos)
                .map(|square| BlackKing::of(square, Man(pos.piece_at(square).expect("the king")))),
            halfmoves: pos.halfmove_clock(),
            claimable: game.claimable(),
            last: game.last().cloned(),
            history: game.history().to_vec(),
            outcome: game.outcome().cloned(),
        }
    }
}

impl View for HybridView {
    fn present(&self) -> Presentation {
        let geometry = Geometry::rectangle(8, 8);
        let mut diagram = Diagram::empty(&geometry, self.bottom);
        for man in &self.men {
            diagram.set(
                man.square,
                Cell::piece(man.label.clone(), man.owner, man.figure),
            );
        }
        shade(&mut diagram);
        // Slashers cross the edges.
        diagram.torus = true;
        if let Some(last) = &self.last {
            diagram.highlight = last.squares.clone();
        }
        if self.check {
            diagram.mark_check(self.turn);
        }
        let mut facts = Vec::new();
        turn_facts(&mut facts, self.outcome.as_ref(), self.turn, self.check);
        if let Some(last) = &self.last {
            facts.push(format!(
                "Last action: {}",
                numbered(last.number, last.seat, &last.text)
            ));
        }
        let cubes = self
            .men
            .iter()
            .filter(|m| m.owner == Seat::Black && m.label.starts_with('B'))
            .count();
        facts.push(match &self.black_king {
            Some(king) => format!(
                "Black's king rides its cube on {}; Black's cubes: {}",
                king.square,
                cubes + 1
            ),
            None => format!(
                "Black's cubes: {cubes}; Black's first capture makes its king (write the king's \
                 square after the action: d4-d3 K@d2)"
            ),
        });
        if self.outcome.is_none() {
            draw_facts(
                &mut facts,
                self.claimable,
                self.halfmoves,
                "Moves without a capture or pawn move",
            );
        }
        let mut legend = colour_map(&diagram);
        legend.extend([
            "K Q R B N P: White's pieces; q r b n p: Black's (captured by cubes)".to_string(),
            "Bo B+ BX: Black's pusher, hopper, slasher (home colour black)".to_string(),
        ]);
        legend.extend(self.black_king.iter().map(|king| king.legend.clone()));
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
