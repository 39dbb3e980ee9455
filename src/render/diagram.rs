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

/// The Unicode figurine of an orthodox piece letter, if it is one.
fn figurine(label: &str) -> Option<char> {
    Some(match label {
        "K" => '♔',
        "Q" => '♕',
        "R" => '♖',
        "B" => '♗',
        "N" => '♘',
        "P" => '♙',
        "k" => '♚',
        "q" => '♛',
        "r" => '♜',
        "b" => '♝',
        "n" => '♞',
        "p" => '♟',
        _ => return None,
    })
}

/// The diagram as an HTML table (a board picture that every mail client
/// shows: no images, no scripts). Orthodox pieces are drawn as figurines,
/// other labels as text.
pub fn html(diagram: &Diagram) -> String {
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let (ranks, files) = diagram.drawing_order();
    let mut out = String::from(
        "<table style=\"border-collapse:collapse;font-family:'DejaVu Sans',Arial,sans-serif;\">",
    );
    for &rank in &ranks {
        out.push_str(&format!(
            "<tr><th style=\"padding:0 6px;color:#666;font-weight:normal\">{}</th>",
            rank + 1
        ));
        for &file in &files {
            let square = Square::new(file, rank).expect("diagram squares are on the board");
            let dark = (file + rank) % 2 == 0;
            let highlighted = diagram.highlight.contains(&square);
            let background = match (diagram.cell(square), highlighted, dark) {
                (Cell::Missing, _, _) => "transparent",
                (_, true, true) => "#aaa23a",
                (_, true, false) => "#cdd26a",
                (_, false, true) => "#b58863",
                (_, false, false) => "#f0d9b5",
            };
            let content = match diagram.cell(square) {
                Cell::Piece { label, .. } => match figurine(label) {
                    Some(c) => c.to_string(),
                    None => escape(label),
                },
                _ => String::new(),
            };
            out.push_str(&format!(
                "<td title=\"{square}\" style=\"width:36px;height:36px;text-align:center;\
                 vertical-align:middle;font-size:26px;background:{background}\">{content}</td>"
            ));
        }
        out.push_str("</tr>");
    }
    out.push_str("<tr><th></th>");
    for &file in &files {
        out.push_str(&format!(
            "<th style=\"color:#666;font-weight:normal\">{}</th>",
            (b'a' + file) as char
        ));
    }
    out.push_str("</tr></table>");
    out
}
