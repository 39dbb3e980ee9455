//! A game-independent picture of a view: a board diagram and the facts
//! around it. Games build it from their views; `crate::render` turns it into
//! plain text, HTML and images. Nothing here knows any game.

use serde::{Deserialize, Serialize};

use super::Seat;
use super::geometry::{Geometry, Square};

/// What is on one square of a diagram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    /// Not a square of this board (a hole or a cut corner).
    Missing,
    Empty,
    /// A piece: `label` is its short name as the viewer may know it (one to
    /// three characters: `N`, `n`, `N/?`), `owner` its side.
    Piece {
        label: String,
        owner: Seat,
    },
}

/// A board as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagram {
    pub width: u8,
    pub height: u8,
    /// Row-major from a1: index `rank * width + file`.
    pub cells: Vec<Cell>,
    /// Whose side is drawn at the bottom.
    pub bottom: Seat,
    /// Squares to highlight (the last move).
    pub highlight: Vec<Square>,
}

impl Diagram {
    /// An empty diagram of a board shape; holes are [`Cell::Missing`].
    pub fn empty(geometry: &Geometry, bottom: Seat) -> Diagram {
        let mut cells = vec![Cell::Missing; geometry.area()];
        for square in geometry.squares() {
            cells[geometry.index(square)] = Cell::Empty;
        }
        Diagram {
            width: geometry.width(),
            height: geometry.height(),
            cells,
            bottom,
            highlight: Vec::new(),
        }
    }

    pub fn cell(&self, square: Square) -> &Cell {
        &self.cells[square.rank() as usize * self.width as usize + square.file() as usize]
    }

    pub fn set(&mut self, square: Square, cell: Cell) {
        let index = square.rank() as usize * self.width as usize + square.file() as usize;
        self.cells[index] = cell;
    }

    /// The ranks top to bottom and files left to right as drawn for the
    /// viewer at the bottom.
    pub fn drawing_order(&self) -> (Vec<u8>, Vec<u8>) {
        let ranks: Vec<u8> = (0..self.height).collect();
        let files: Vec<u8> = (0..self.width).collect();
        match self.bottom {
            Seat::White => (ranks.into_iter().rev().collect(), files),
            Seat::Black => (ranks, files.into_iter().rev().collect()),
        }
    }
}

/// Everything a viewer is shown about a game now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presentation {
    pub diagram: Option<Diagram>,
    /// What the labels on the diagram mean, when not obvious.
    pub legend: Vec<String>,
    /// Facts in players' words: whose turn, what is sealed, hands, last move.
    pub facts: Vec<String>,
}
