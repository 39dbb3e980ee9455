//! Board diagrams as text: a compact grid readable in any monospaced font,
//! from the viewer's side, with ranks on the left and files below.

use crate::rules::geometry::Square;
use crate::rules::{Cell, Diagram};

/// The diagram as lines of text. Empty squares are `.`, missing squares are
/// blank, pieces show their labels (White's upper case, Black's lower).
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
    let mut out = String::new();
    for &rank in &ranks {
        let mut line = format!("{:>2} ", rank + 1);
        for &file in &files {
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
    for &file in &files {
        footer.push(' ');
        footer.push_str(&format!("{:<width$}", (b'a' + file) as char));
    }
    out.push_str(footer.trim_end());
    out.push('\n');
    out
}
