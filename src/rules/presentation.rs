//! A game-independent picture of a view: a board diagram and the facts
//! around it. Games build it from their views; `crate::render` turns it into
//! plain text, HTML and images. Nothing here knows any game's rules: a
//! [`Figure`] is only a closed list of the things some game puts on a board,
//! so that a picture can draw each of them.

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
    /// three characters: `N`, `n`, `N/?`), for the text diagram; `figure`
    /// and `marks` are the same knowledge for a picture; `owner` its side.
    Piece {
        label: String,
        owner: Seat,
        figure: Figure,
        marks: Vec<Mark>,
    },
}

impl Cell {
    /// A piece without marks.
    pub fn piece(label: impl Into<String>, owner: Seat, figure: Figure) -> Cell {
        Cell::Piece {
            label: label.into(),
            owner,
            figure,
            marks: Vec::new(),
        }
    }

    /// A piece with marks.
    pub fn marked(label: impl Into<String>, owner: Seat, figure: Figure, marks: Vec<Mark>) -> Cell {
        Cell::Piece {
            label: label.into(),
            owner,
            figure,
            marks,
        }
    }
}

/// The six orthodox chess pieces, as a picture draws them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Role {
    /// The role of an orthodox letter (`K Q R B N P`, either case).
    ///
    /// ```
    /// use arbiter::rules::presentation::Role;
    /// assert_eq!(Role::from_letter('n'), Some(Role::Knight));
    /// assert_eq!(Role::from_letter('U'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<Role> {
        Some(match letter.to_ascii_uppercase() {
            'K' => Role::King,
            'Q' => Role::Queen,
            'R' => Role::Rook,
            'B' => Role::Bishop,
            'N' => Role::Knight,
            'P' => Role::Pawn,
            _ => return None,
        })
    }
}

/// The face a cube shows (Superial Chess): how it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CubeFace {
    /// `o`: pushes orthogonally.
    Pusher,
    /// `+`: hops orthogonally.
    Hopper,
    /// `X`: slashes diagonally.
    Slasher,
}

/// What a picture draws on a square: a closed list of everything some game
/// puts on a board. It is built by a game's view from what that view holds,
/// so it carries nothing the viewer may not know: a chip's down face is
/// `None` wherever the view has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// An orthodox piece.
    Orthodox(Role),
    /// Rebel Chess's Recruiter.
    Recruiter,
    /// A Superial cube showing this face.
    Cube(CubeFace),
    /// The Superial hybrid's black king: a piece that moves as `rider`,
    /// riding a cube that shows `cube`.
    Rider { cube: CubeFace, rider: Role },
    /// A Reality Check chip: its up face, and its down face where the viewer
    /// knows it.
    Chip { up: Role, down: Option<Role> },
}

/// A mark on a piece, drawn as a small sign beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Bluff Chess: the piece carries its side's alter ego (as the viewer
    /// knows it).
    AlterEgo,
    /// Rebel Chess: a converted piece, serving the side that is not the
    /// one it started on.
    Converted,
    /// Reflection Teammate: the piece belongs to its side's second army
    /// (`'` in the text).
    SecondArmy,
    /// Reflection Teammate: the piece has no reflection and moves alone
    /// (`*` in the text).
    Unpaired,
    /// Reality Check: the chip's down face, drawn because this viewer
    /// knows it, is still sealed: its owner's secret at this moment, never
    /// shown to both players (a known down face without it has been).
    Sealed,
}

/// The colour of a square where a game's rules give squares colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shade {
    Black,
    White,
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
    /// The squares' colours, row-major like `cells`, where the game's rules
    /// give squares a colour (Superial Chess); `None` for a board whose
    /// light and dark squares are only there to be read.
    pub shades: Option<Vec<Shade>>,
    /// The kings in check (checkmate included): their squares are tinted.
    #[serde(default)]
    pub check: Vec<Square>,
    /// How many boards stand side by side: the files split into this many
    /// boards of equal width, each drawn apart and lettered from `a`
    /// (Reflection Teammate's two boards: board 2 on files `i`-`p`). One
    /// for every other game.
    #[serde(default = "one_board")]
    pub boards: u8,
    /// The board's edges join (Superial's torus): leaving one edge enters
    /// the opposite one.
    #[serde(default)]
    pub torus: bool,
    /// What lies beside the board, one per side that has something there
    /// (Reality Check's hands), as the viewer may know it.
    #[serde(default)]
    pub hands: Vec<Hand>,
}

fn one_board() -> u8 {
    1
}

/// A side's chips beside the board (Reality Check): its hand, how many it
/// may hold, and its chips out of play, as the viewer may know them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub owner: Seat,
    /// How many chips are in the hand.
    pub count: usize,
    /// The hand's chips, each by its two faces, where the viewer may know
    /// them; `None` where the viewer may only count them.
    pub chips: Option<Vec<(Role, Role)>>,
    /// The most chips the hand may hold; `None` for a side that has no true
    /// chip left.
    pub limit: Option<usize>,
    /// The side's chips out of play, each by its two faces.
    pub out: Vec<(Role, Role)>,
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
            shades: None,
            check: Vec::new(),
            boards: 1,
            torus: false,
            hands: Vec::new(),
        }
    }

    /// Gives every square the colour `shade` says (for games whose rules
    /// colour the squares).
    pub fn shade_with(&mut self, shade: impl Fn(Square) -> Shade) {
        let mut shades = Vec::with_capacity(self.cells.len());
        for rank in 0..self.height {
            for file in 0..self.width {
                shades.push(shade(Square::new(file, rank).expect("diagram squares fit")));
            }
        }
        self.shades = Some(shades);
    }

    /// The colour the rules give `square`, if they give colours.
    pub fn shade(&self, square: Square) -> Option<Shade> {
        self.shades
            .as_ref()
            .map(|s| s[square.rank() as usize * self.width as usize + square.file() as usize])
    }

    pub fn cell(&self, square: Square) -> &Cell {
        &self.cells[square.rank() as usize * self.width as usize + square.file() as usize]
    }

    pub fn set(&mut self, square: Square, cell: Cell) {
        let index = square.rank() as usize * self.width as usize + square.file() as usize;
        self.cells[index] = cell;
    }

    /// The ranks top to bottom and files left to right as drawn for the
    /// viewer at the bottom. Side by side boards keep their order (board 1
    /// on the left) and each is turned for the viewer on its own.
    pub fn drawing_order(&self) -> (Vec<u8>, Vec<u8>) {
        let ranks: Vec<u8> = (0..self.height).collect();
        let ranks = match self.bottom {
            Seat::White => ranks.into_iter().rev().collect(),
            Seat::Black => ranks,
        };
        let files = self
            .board_files()
            .into_iter()
            .flat_map(|board| match self.bottom {
                Seat::White => board,
                Seat::Black => board.into_iter().rev().collect(),
            })
            .collect();
        (ranks, files)
    }

    /// The files of each board, board 1 first, in file order.
    pub fn board_files(&self) -> Vec<Vec<u8>> {
        let boards = self.boards.max(1);
        let per_board = self.width / boards;
        (0..boards)
            .map(|b| (b * per_board..(b + 1) * per_board).collect())
            .collect()
    }

    /// The files of one board (`file` counted from its own left edge as
    /// White sees it): 0 for `a` on every board.
    pub fn file_on_board(&self, file: u8) -> u8 {
        file % (self.width / self.boards.max(1))
    }

    /// Marks every king of `seat` on the diagram as in check (for games
    /// where a side has one king, found on the board as drawn).
    pub fn mark_check(&mut self, seat: Seat) {
        for rank in 0..self.height {
            for file in 0..self.width {
                let square = Square::new(file, rank).expect("diagram squares fit");
                let king = matches!(
                    self.cell(square),
                    Cell::Piece { owner, figure: Figure::Orthodox(Role::King) | Figure::Rider { .. }, .. }
                        if *owner == seat
                );
                if king {
                    self.check.push(square);
                }
            }
        }
    }

    /// The diagram as `seat` sees it: the same board turned for that side
    /// (a finished game's archive is one view, drawn from each player's
    /// own side).
    pub fn turned_for(mut self, seat: Seat) -> Diagram {
        self.bottom = seat;
        self
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
