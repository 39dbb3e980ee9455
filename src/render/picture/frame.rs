//! Where everything goes in a picture, in pixels: the board (or boards,
//! side by side with a gap), the coordinates around them, the band around a
//! torus's edges, and the bands for the hands above and below.

use crate::rules::Diagram;
use crate::rules::geometry::Square;

/// The margin left of a board, where its rank numbers stand.
const NUMBERS: u32 = 22;
/// The margin below the board, where its file letters stand.
const LETTERS: u32 = 22;
const TOP: u32 = 6;
const RIGHT: u32 = 8;
/// The band around a torus board, where its edges' arrows are drawn.
const SEAM: u32 = 12;

pub(super) struct Frame {
    /// A square's side.
    pub square: u32,
    /// The left edge of the first board, and the top edge of the boards.
    pub left: u32,
    pub top: u32,
    pub width: u32,
    pub height: u32,
    /// Files left to right and ranks top to bottom, as drawn.
    pub files: Vec<u8>,
    pub ranks: Vec<u8>,
    /// Files on each board, and the room between two boards.
    pub per_board: usize,
    pub gap: u32,
    /// The band around a torus board (0 for any other).
    pub seam: u32,
}

impl Frame {
    pub fn of(diagram: &Diagram) -> Frame {
        let boards = u32::from(diagram.boards.max(1));
        let longest = u32::from(diagram.width.max(diagram.height)).max(1);
        // 44 px up to 11 squares, fewer for the largest boards (37 px for
        // 14x14, 32 px for two boards side by side).
        let square = (520 / longest).clamp(24, 44);
        let seam = if diagram.torus { SEAM } else { 0 };
        let (ranks, files) = diagram.drawing_order();
        let per_board = files.len() / boards as usize;
        let gap = NUMBERS + 2 * seam;
        let (rows_above, rows_below) = super::hands::rows(diagram);
        let left = NUMBERS + seam;
        let top = TOP + super::hands::HAND_ROW * rows_above + seam;
        let boards_width = square * u32::from(diagram.width) + gap * (boards - 1);
        let width = left + boards_width + seam + RIGHT;
        let width = width.max(super::hands::width_needed(diagram) + left + RIGHT);
        Frame {
            square,
            left,
            top,
            width,
            height: top
                + square * u32::from(diagram.height)
                + seam
                + LETTERS
                + super::hands::HAND_ROW * rows_below,
            files,
            ranks,
            per_board,
            gap,
            seam,
        }
    }

    /// The top left corner of the square drawn in `column` and `row`.
    pub fn corner(&self, column: usize, row: usize) -> (u32, u32) {
        let board = (column / self.per_board.max(1)) as u32;
        (
            self.left + self.square * column as u32 + self.gap * board,
            self.top + self.square * row as u32,
        )
    }

    /// Each board's left edge and width, board 1 first.
    pub fn boards(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.files.len() / self.per_board.max(1)).map(|b| {
            let (x, _) = self.corner(b * self.per_board, 0);
            (x, self.square * self.per_board as u32)
        })
    }

    /// The boards' bottom edge.
    pub fn bottom(&self) -> u32 {
        self.top + self.square * self.ranks.len() as u32
    }

    /// Every square as drawn: column, row and the square.
    pub fn squares(&self) -> impl Iterator<Item = (usize, usize, Square)> + '_ {
        self.ranks.iter().enumerate().flat_map(move |(row, &rank)| {
            self.files.iter().enumerate().map(move |(column, &file)| {
                let square = Square::new(file, rank).expect("diagram squares are on the board");
                (column, row, square)
            })
        })
    }

    /// A font size for the coordinates that fits the margins.
    pub fn coordinate_size(&self) -> u32 {
        (self.square * 3 / 10).clamp(10, 13)
    }

    /// The top of the hand band above the board and of the one below it.
    pub fn hand_tops(&self) -> (u32, u32) {
        (TOP, self.bottom() + self.seam + LETTERS)
    }
}
