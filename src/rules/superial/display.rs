//! What the views of both forms share: the last action, the faces and
//! square colours of a picture, the text board's colour map, and the draw
//! facts.

use serde::{Deserialize, Serialize};

use super::board::{Aspect, Colour};
use crate::rules::chess::DrawRule;
use crate::rules::geometry::Square;
use crate::rules::presentation::CubeFace;
use crate::rules::{Diagram, Seat, Shade};

/// The last action, for the highlight and the facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Last {
    pub number: u32,
    pub seat: Seat,
    /// Its notation, with the throw for a random move.
    pub text: String,
    /// The squares it touched.
    pub squares: Vec<Square>,
}

/// The face a picture draws for an aspect.
pub(crate) fn face(aspect: Aspect) -> CubeFace {
    match aspect {
        Aspect::Pusher => CubeFace::Pusher,
        Aspect::Hopper => CubeFace::Hopper,
        Aspect::Slasher => CubeFace::Slasher,
    }
}

/// Gives the diagram's squares their colours (a1 black), for a picture.
pub(crate) fn shade(diagram: &mut Diagram) {
    diagram.shade_with(|square| match Colour::of(square) {
        Colour::Black => Shade::Black,
        Colour::White => Shade::White,
    });
}

/// The square colours drawn as the diagram is, for the text board:
/// `#` black, `-` white.
pub(crate) fn colour_map(diagram: &Diagram) -> Vec<String> {
    let (ranks, files) = diagram.drawing_order();
    let mut lines = vec!["Square colours (# black, - white):".to_string()];
    for &rank in &ranks {
        let cells: Vec<&str> = files
            .iter()
            .map(|&file| {
                let square = Square::new(file, rank).expect("on the board");
                match Colour::of(square) {
                    Colour::Black => "#",
                    Colour::White => "-",
                }
            })
            .collect();
        lines.push(format!("{:>2}  {}", rank + 1, cells.join(" ")));
    }
    let names: Vec<String> = files
        .iter()
        .map(|f| ((b'a' + f) as char).to_string())
        .collect();
    lines.push(format!("    {}", names.join(" ")));
    lines
}

/// The draw facts of a game still on: a draw the side to act may claim,
/// and the count toward the 50 and 75 rules once it nears them (`quiet`
/// half-moves of `what`).
pub(crate) fn draw_facts(
    facts: &mut Vec<String>,
    claimable: Option<DrawRule>,
    quiet: u32,
    what: &str,
) {
    if let Some(reason) = claimable {
        facts.push(format!("Draw claimable: {reason} (write: claim draw)"));
    }
    if quiet >= 80 {
        facts.push(format!(
            "{what}: {} by each side (a draw may be claimed at 50, and is automatic at 75)",
            quiet / 2
        ));
    }
}
