//! What a picture draws besides plain pieces: Reality Check's two-faced
//! chips, the Superial hybrid's king riding its cube, and the small signs
//! that mark a piece (alter ego, converted, second army, unpaired). All in
//! the 45-unit box of a square, like the pieces.

use std::fmt::Write;

use super::font;
use super::pieces::{Sprite, ink};
use crate::rules::presentation::{CubeFace, Role};
use crate::rules::{Mark, Seat};

/// A sprite at `scale`, centred on (`x`, `y`) of the square's box.
fn place(out: &mut String, sprite: Sprite, x: f32, y: f32, scale: f32) {
    let _ = write!(
        out,
        "<use href=\"#{}\" transform=\"translate({} {}) scale({}) translate(-22.5 -22.5)\"/>",
        sprite.id(),
        x,
        y,
        scale
    );
}

/// A Reality Check chip: a disc with a rim in its owner's colours, its up
/// face large in the middle, and its down face smaller on a badge at the
/// lower right: the piece where the viewer knows it, `?` on a dashed badge
/// where not.
pub(super) fn chip(out: &mut String, owner: Seat, up: Role, down: Option<Role>) {
    let ink = ink(owner);
    // Black's disc is lighter than Black's pieces, so the face reads on it.
    let (disc, rim, badge, edge) = match owner {
        Seat::White => (ink.body, ink.detail, "#dde3ea", "#1c1c1c"),
        Seat::Black => ("#6e6e6e", ink.detail, "#a9a9a9", "#0f0f0f"),
    };
    let _ = write!(
        out,
        "<circle cx=\"21.5\" cy=\"21.5\" r=\"19\" fill=\"{disc}\" stroke=\"{}\" stroke-width=\"1.5\"/>\
         <circle cx=\"21.5\" cy=\"21.5\" r=\"16.4\" fill=\"none\" stroke=\"{rim}\" stroke-width=\"0.9\"/>",
        ink.line
    );
    place(out, Sprite::Piece(up, owner), 20.0, 19.6, 0.64);
    let dashes = if down.is_some() {
        ""
    } else {
        " stroke-dasharray=\"2.4 1.8\""
    };
    let _ = write!(
        out,
        "<circle cx=\"34.2\" cy=\"34.2\" r=\"10.3\" fill=\"{badge}\" stroke=\"{edge}\" stroke-width=\"1.2\"{dashes}/>"
    );
    match down {
        Some(role) => place(out, Sprite::Piece(role, owner), 34.2, 33.8, 0.46),
        None => {
            let _ = write!(
                out,
                "<text x=\"34.2\" y=\"39.6\" font-family=\"{}\" font-size=\"15\" text-anchor=\"middle\" fill=\"{edge}\">?</text>",
                font::FAMILY
            );
        }
    }
}

/// The hybrid's black king: its cube, with the piece it moves as standing
/// on it, and a gold cross at the upper left for the king.
pub(super) fn rider(out: &mut String, owner: Seat, cube: CubeFace, rider: Role) {
    place(out, Sprite::Cube(cube, owner), 15.5, 27.5, 0.68);
    place(out, Sprite::Piece(rider, owner), 28.5, 18.5, 0.84);
    let _ = write!(
        out,
        "<path d=\"{CROSS}\" fill=\"#f2b705\" stroke=\"#ffffff\" stroke-width=\"2.4\" stroke-linejoin=\"round\"/>\
         <path d=\"{CROSS}\" fill=\"#f2b705\" stroke=\"#7a5600\" stroke-width=\"0.9\" stroke-linejoin=\"round\"/>"
    );
}

/// A small cross at the upper left (the hybrid king's sign).
const CROSS: &str = "M5.2 1.2H8.4V4.2H11.4V7.4H8.4V12.8H5.2V7.4H2.2V4.2H5.2Z";

/// A mark's sign in a corner of the square, with a light halo so that it
/// reads on dark squares and dark pieces.
pub(super) fn mark(out: &mut String, mark: Mark, owner: Seat) {
    match mark {
        // A gold star at the upper right.
        Mark::AlterEgo => {
            let _ = write!(
                out,
                "<path d=\"{STAR}\" fill=\"#f2b705\" stroke=\"#ffffff\" stroke-width=\"2.4\" stroke-linejoin=\"round\"/>\
                 <path d=\"{STAR}\" fill=\"#f2b705\" stroke=\"#7a5600\" stroke-width=\"0.9\" stroke-linejoin=\"round\"/>"
            );
        }
        // A disc in the colours of the side the piece started on, ringed
        // in red, at the upper left.
        Mark::Converted => {
            let other = ink(owner.other());
            let _ = write!(
                out,
                "<circle cx=\"7.5\" cy=\"7.5\" r=\"5.2\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"3.6\"/>\
                 <circle cx=\"7.5\" cy=\"7.5\" r=\"5.2\" fill=\"{}\" stroke=\"#c62828\" stroke-width=\"1.8\"/>",
                other.body, other.body
            );
        }
        // A prime, as the text writes `'`, at the upper right.
        Mark::SecondArmy => {
            let _ = write!(
                out,
                "<path d=\"M39.5 3.5L36.5 11.5\" stroke=\"#ffffff\" stroke-width=\"4.6\" stroke-linecap=\"round\"/>\
                 <path d=\"M39.5 3.5L36.5 11.5\" stroke=\"{SECOND_ARMY_INK}\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>"
            );
        }
        // A small open ring at the upper left: alone, without a reflection.
        Mark::Unpaired => {
            let _ = write!(
                out,
                "<circle cx=\"6.8\" cy=\"6.8\" r=\"3.6\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"4.4\"/>\
                 <circle cx=\"6.8\" cy=\"6.8\" r=\"3.6\" fill=\"none\" stroke=\"#c62828\" stroke-width=\"2\"/>"
            );
        }
    }
}

/// The colour of the second army's prime.
pub(crate) const SECOND_ARMY_INK: &str = "#1d4ed8";

/// A five-pointed star at the upper right.
const STAR: &str = "M37.5 0.8L39.5 5.4L44.4 5.6L40.6 8.7L41.9 13.4L37.5 10.7L33.1 13.4L34.4 8.7L30.6 5.6L35.5 5.4Z";
