//! The hybrid's men on the chess-like layer: the orthodox kinds and a
//! motionless cube kind owned by Black, so that the layer gives chess moves
//! their blocking and their captures of cubes; a cube's aspect, and Black's
//! king riding its cube, are marks on the piece. [`Man`] is the same piece
//! seen by the cube engine as a [`Token`].

use std::sync::{Arc, OnceLock};

use crate::rules::Seat;
use crate::rules::chesslike::{Army, Kind, KindDef, Marks, Piece, Position, SquareSet, Variant};
use crate::rules::geometry::Geometry;
use crate::rules::superial::board::{Aspect, Board, Cube, Token};

/// The cube: a kind with no movement of its own (the cube engine moves
/// it), so that for the layer it only stands, blocks and is captured.
pub const CUBE: Kind = Kind(6);

/// The mark of Black's king: the piece rides a cube, whose aspect is
/// marked beside it.
pub const KING: Marks = Marks(8);

/// The army of each seat in the hybrid's variant.
pub fn army(seat: Seat) -> u8 {
    match seat {
        Seat::White => 0,
        Seat::Black => 1,
    }
}

/// An aspect as a mark.
fn aspect_mark(aspect: Aspect) -> Marks {
    match aspect {
        Aspect::Pusher => Marks(1),
        Aspect::Hopper => Marks(2),
        Aspect::Slasher => Marks(4),
    }
}

/// The hybrid's variant: orthodox chess on 8x8 with the cube kind added
/// (written `*`, which no move text can name). Built once.
pub fn variant() -> Arc<Variant> {
    static HYBRID: OnceLock<Arc<Variant>> = OnceLock::new();
    HYBRID
        .get_or_init(|| {
            let geometry = Geometry::rectangle(8, 8);
            let rank = |r: u8| SquareSet::from_fn(geometry.squares(), |s| s.rank() == r);
            let armies = vec![
                Army::new(Seat::White, "White", "", (0, 1), rank(1)),
                Army::new(Seat::Black, "Black", "", (0, -1), rank(6)),
            ];
            let mut kinds = KindDef::orthodox();
            kinds.push(KindDef::new('*', "cube", Vec::new()));
            Arc::new(Variant::new(
                geometry,
                kinds,
                armies,
                vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT],
            ))
        })
        .clone()
}

/// A man of the hybrid: a chess piece of either side, one of Black's
/// cubes, or Black's king (a chess piece riding a cube).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man(pub Piece);

impl Man {
    /// A chess piece of `owner`.
    pub fn piece(owner: Seat, kind: Kind) -> Man {
        Man(Piece::new(owner, kind, army(owner)))
    }

    /// One of Black's cubes.
    pub fn cube(aspect: Aspect) -> Man {
        let mut piece = Piece::new(Seat::Black, CUBE, army(Seat::Black));
        piece.marks = aspect_mark(aspect);
        Man(piece)
    }

    /// Black's king: a piece of `kind` riding a cube of `aspect`.
    pub fn king(aspect: Aspect, kind: Kind) -> Man {
        let mut piece = Piece::new(Seat::Black, kind, army(Seat::Black));
        piece.marks = aspect_mark(aspect).with(KING);
        Man(piece)
    }

    /// The aspect of its cube, for a cube or Black's king.
    pub fn aspect(self) -> Option<Aspect> {
        Aspect::ALL
            .into_iter()
            .find(|a| self.0.marks.has(aspect_mark(*a)))
    }

    /// Whether it is Black's king.
    pub fn is_king(self) -> bool {
        self.0.marks.has(KING)
    }

    /// Whether it is a plain cube (not the king).
    pub fn is_cube(self) -> bool {
        self.0.kind == CUBE
    }

    /// Whether it moves as a chess piece (every man but a plain cube; the
    /// king as its piece too).
    pub fn is_piece(self) -> bool {
        !self.is_cube()
    }
}

impl Token for Man {
    fn team(self) -> Seat {
        self.0.owner
    }

    fn cube(self) -> Option<Cube> {
        self.aspect().map(|aspect| Cube::new(self.0.owner, aspect))
    }

    fn with_aspect(self, aspect: Aspect) -> Man {
        let marks = Aspect::ALL
            .into_iter()
            .fold(self.0.marks, |m, a| m.without(aspect_mark(a)))
            .with(aspect_mark(aspect));
        Man(Piece { marks, ..self.0 })
    }

    /// A captured chess piece turns into the other side's piece of the
    /// same kind (a white pawn into a black pawn, which moves down).
    fn turned(self) -> Man {
        Man::piece(self.0.owner.other(), self.0.kind)
    }
}

/// The board of a position, as the cube engine sees it.
pub fn board_of(position: &Position) -> Board<Man> {
    let mut board = Board::empty(8);
    for (square, piece) in position.pieces() {
        board.set(square, Some(Man(piece)));
    }
    board
}

/// Writes the cube engine's board back into the position.
pub fn write_back(board: &Board<Man>, position: &mut Position) {
    for square in board.squares() {
        position.set(square, board.get(square).map(|m| m.0));
    }
}

/// A man in words: `White's knight`, `Black's hopper`, `Black's king (a
/// knight riding a pusher)`.
pub fn describe(man: Man) -> String {
    let name = |kind| variant().kind(kind).name;
    match man.aspect() {
        Some(aspect) if man.is_king() => {
            format!("Black's king (a {} riding a {aspect})", name(man.0.kind))
        }
        Some(aspect) => format!("Black's {aspect}"),
        None => format!("{}'s {}", man.team(), name(man.0.kind)),
    }
}
