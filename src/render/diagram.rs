//! Board diagrams as text: a compact grid readable in any monospaced font,
//! from the viewer's side, with ranks on the left and files below.

use crate::rules::geometry::Square;
use crate::rules::{Cell, Diagram};

/// The diagram as lines of text. Empty squares are `.`, missing squares are
/// blank, pieces show their labels (White's upper case, Black's lower).
/// Boards side by side stand apart, each lettered from `a`.
///
/// ```
/// use arbiter::rules::geometry::Geometry;
/// use arbiter::rules::{Diagram, Seat};
/// let d = Diagram::empty(&Geometry::rectangle(3, 2), Seat::White);
/// assert_eq!(arbiter::render::diagram::text(&d), " 2  . . .\n 1  . . .\n\n    a b c\n");
/// ```
pub fn text(diagram: &Diagram) -> String {
    let width = diagram
        .cells
        .iter()
        .map(|c| match c {
            Cell::Piece { label, .. } => label.chars().count(),
            _ => 1,
        })
        .max()
        .unwrap_or(1);
    let (ranks, files) = diagram.drawing_order();
    let per_board = files.len() / usize::from(diagram.boards.max(1));
    // Side by side boards stand apart, each with its rank numbers.
    let gap = |column: usize, rank: u8| -> String {
        if column > 0 && column.is_multiple_of(per_board) {
            format!("   {:>2} ", rank + 1)
        } else {
            String::new()
        }
    };
    let mut out = String::new();
    for &rank in &ranks {
        let mut line = format!("{:>2} ", rank + 1);
        for (column, &file) in files.iter().enumerate() {
            line.push_str(&gap(column, rank));
            let square = Square::new(file, rank).expect("diagram squares are on the board");
            let label = match diagram.cell(square) {
                Cell::Missing => " ".to_string(),
                Cell::Empty => ".".to_string(),
                Cell::Piece { label, .. } => label.clone(),
            };
            line.push(' ');
            line.push_str(&format!("{label:<width$}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push('\n');
    let mut footer = "   ".to_string();
    for (column, &file) in files.iter().enumerate() {
        if column > 0 && column.is_multiple_of(per_board) {
            footer.push_str(&" ".repeat(6));
        }
        footer.push(' ');
        let letter = (b'a' + diagram.file_on_board(file)) as char;
        footer.push_str(&format!("{letter:<width$}"));
    }
    out.push_str(footer.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Seat;
    use crate::rules::geometry::Geometry;

    #[test]
    fn two_boards_stand_apart_each_lettered_a_to_h_and_turned_for_the_viewer() {
        let mut d = Diagram::empty(&Geometry::rectangle(4, 2), Seat::White);
        d.boards = 2;
        assert_eq!(
            text(&d),
            " 2  . .    2  . .\n 1  . .    1  . .\n\n    a b       a b\n"
        );
        d.bottom = Seat::Black;
        assert_eq!(
            text(&d),
            " 1  . .    1  . .\n 2  . .    2  . .\n\n    b a       b a\n"
        );
    }
}
