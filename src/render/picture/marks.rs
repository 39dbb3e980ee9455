//! What a picture draws besides plain pieces: Reality Check's two-faced
//! chips, the Superial hybrid's king riding its cube, and the signs that
//! mark a piece (alter ego, converted, second army, unpaired, sealed). All in the
//! 45-unit box of a square, like the pieces, and large enough to read at
//! mail size: no sign is under 14 units (about 14 px on a 44 px square).
//! Each sign has a shape of its own and a light halo, so that none is told
//! by its colour alone and each reads on light and dark squares.

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

/// The colours of a side's chips: a disc in the side's colour, a rim that
/// sets it off from any square, and its faces drawn in the other side's
/// ink so that they stand out on the disc (the disc, not the face, says
/// whose chip it is).
pub(super) struct ChipColours {
    pub disc: &'static str,
    pub rim: &'static str,
    /// Text on the disc (the `?` of an unknown face).
    pub glyph: &'static str,
}

pub(super) fn chip_colours(owner: Seat) -> ChipColours {
    match owner {
        Seat::White => ChipColours {
            disc: "#fbfbf8",
            rim: "#1c1c1c",
            glyph: "#1c1c1c",
        },
        Seat::Black => ChipColours {
            disc: "#262626",
            rim: "#000000",
            glyph: "#ffffff",
        },
    }
}

/// The face sprites a chip of `owner` uses.
pub(super) fn chip_sprite(role: Role, owner: Seat) -> Sprite {
    Sprite::Piece(role, owner.other())
}

/// A Reality Check chip: a disc in its owner's colour, its up face large,
/// and its down face on a second, smaller disc at the lower right (the
/// chip's underside peeking out): the piece where the viewer knows it, a
/// large `?` on a dashed disc where not.
pub(super) fn chip(out: &mut String, owner: Seat, up: Role, down: Option<Role>) {
    let c = chip_colours(owner);
    let _ = write!(
        out,
        "<circle cx=\"19.5\" cy=\"19.5\" r=\"18\" fill=\"{disc}\" stroke=\"#ffffff\" stroke-width=\"3.2\"/>\
         <circle cx=\"19.5\" cy=\"19.5\" r=\"18\" fill=\"{disc}\" stroke=\"{rim}\" stroke-width=\"1.6\"/>",
        disc = c.disc,
        rim = c.rim,
    );
    place(out, chip_sprite(up, owner), 19.5, 18.5, 0.72);
    let dashes = if down.is_some() {
        ""
    } else {
        " stroke-dasharray=\"3 2\""
    };
    let _ = write!(
        out,
        "<circle cx=\"32.5\" cy=\"32.5\" r=\"12\" fill=\"{disc}\" stroke=\"#ffffff\" stroke-width=\"3.4\"/>\
         <circle cx=\"32.5\" cy=\"32.5\" r=\"12\" fill=\"{disc}\" stroke=\"{rim}\" stroke-width=\"1.6\"{dashes}/>",
        disc = c.disc,
        rim = c.rim,
    );
    match down {
        Some(role) => place(out, chip_sprite(role, owner), 32.5, 32.0, 0.52),
        None => {
            let _ = write!(
                out,
                "<text x=\"32.5\" y=\"39.2\" font-family=\"{}\" font-size=\"19\" font-weight=\"bold\" \
                 text-anchor=\"middle\" fill=\"{}\">?</text>",
                font::FAMILY,
                c.glyph
            );
        }
    }
}

/// The hybrid's black king: its cube, large, with the piece it moves as on
/// a light plate at the upper right, and a king's badge (a gold cross on a
/// dark disc) at the upper left.
pub(super) fn rider(out: &mut String, owner: Seat, cube: CubeFace, rider: Role) {
    place(out, Sprite::Cube(cube, owner), 19.0, 25.0, 0.86);
    let _ = write!(
        out,
        "<circle cx=\"32.5\" cy=\"12.5\" r=\"12\" fill=\"#f4f4f2\" stroke=\"#ffffff\" stroke-width=\"3\"/>\
         <circle cx=\"32.5\" cy=\"12.5\" r=\"12\" fill=\"#f4f4f2\" stroke=\"#1c1c1c\" stroke-width=\"1.4\"/>"
    );
    place(out, Sprite::Piece(rider, owner), 32.5, 12.0, 0.56);
    let _ = write!(
        out,
        "<circle cx=\"8\" cy=\"8\" r=\"7.5\" fill=\"#1c1c1c\" stroke=\"#ffffff\" stroke-width=\"2.4\"/>\
         <path d=\"{CROSS}\" fill=\"#f2b705\"/>"
    );
}

/// A cross in the king's badge at the upper left.
const CROSS: &str = "M6.6 2.6H9.4V5.6H12.4V8.4H9.4V13.4H6.6V8.4H3.6V5.6H6.6Z";

/// A mark's sign in a corner of the square, with a light halo so that it
/// reads on dark squares and dark pieces.
pub(super) fn mark(out: &mut String, mark: Mark, owner: Seat) {
    match mark {
        // A large gold star at the upper right, outlined dark inside a
        // white halo: its shape reads on any square and in grey.
        Mark::AlterEgo => {
            let _ = write!(
                out,
                "<path d=\"{STAR}\" fill=\"#f2b705\" stroke=\"#ffffff\" stroke-width=\"3.6\" stroke-linejoin=\"round\"/>\
                 <path d=\"{STAR}\" fill=\"#f2b705\" stroke=\"#4a3400\" stroke-width=\"1.4\" stroke-linejoin=\"round\"/>"
            );
        }
        // A disc in the colours of the side the piece started on, with a
        // bent arrow (it changed sides), at the upper left.
        Mark::Converted => {
            let other = ink(owner.other());
            let _ = write!(
                out,
                "<circle cx=\"8.5\" cy=\"8.5\" r=\"7.6\" fill=\"{body}\" stroke=\"#ffffff\" stroke-width=\"3.4\"/>\
                 <circle cx=\"8.5\" cy=\"8.5\" r=\"7.6\" fill=\"{body}\" stroke=\"#c62828\" stroke-width=\"2\"/>\
                 <path d=\"M5 11.5A4 4 0 0 1 11.2 5.6\" fill=\"none\" stroke=\"{line}\" stroke-width=\"1.6\"/>\
                 <path d=\"M9.2 3.8L12.6 5.2L10.8 8.4Z\" fill=\"{line}\"/>",
                body = other.body,
                line = other.detail,
            );
        }
        // A blue badge with a white 2, at the upper right: the second army
        // (`'` in the text).
        Mark::SecondArmy => {
            let _ = write!(
                out,
                "<circle cx=\"37\" cy=\"8\" r=\"7.5\" fill=\"{SECOND_ARMY_INK}\" stroke=\"#ffffff\" stroke-width=\"2.4\"/>\
                 <text x=\"37\" y=\"12.6\" font-family=\"{}\" font-size=\"13\" font-weight=\"bold\" \
                 text-anchor=\"middle\" fill=\"#ffffff\">2</text>",
                font::FAMILY
            );
        }
        // A dark padlock with a white keyhole at the lower left, by the
        // down face it locks (its first element carries the class
        // `sealed`, for the pages' tests).
        Mark::Sealed => {
            let _ = write!(
                out,
                "<path class=\"sealed\" d=\"{PADLOCK_SHACKLE}\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"5\"/>\
                 <path d=\"{PADLOCK_BODY}\" fill=\"#ffffff\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\"/>\
                 <path d=\"{PADLOCK_SHACKLE}\" fill=\"none\" stroke=\"#1c1c1c\" stroke-width=\"2\"/>\
                 <path d=\"{PADLOCK_BODY}\" fill=\"#1c1c1c\"/>\
                 <circle cx=\"8\" cy=\"39.6\" r=\"1.5\" fill=\"#ffffff\"/>\
                 <path d=\"M7.3 40H8.7V42.6H7.3Z\" fill=\"#ffffff\"/>"
            );
        }
        // An open ring at the upper left: alone, without a reflection.
        Mark::Unpaired => {
            let _ = write!(
                out,
                "<circle cx=\"8\" cy=\"8\" r=\"5.8\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"5.6\"/>\
                 <circle cx=\"8\" cy=\"8\" r=\"5.8\" fill=\"none\" stroke=\"#c62828\" stroke-width=\"3\"/>"
            );
        }
    }
}

/// A padlock at the lower left (Reality Check): the down face is sealed.
const PADLOCK_SHACKLE: &str = "M4.4 37V33.6A3.6 3.6 0 0 1 11.6 33.6V37";
const PADLOCK_BODY: &str = "M1.8 36.4H14.2V44.4H1.8Z";

/// The colour of the second army's badge.
pub(crate) const SECOND_ARMY_INK: &str = "#1d4ed8";

/// A five-pointed star at the upper right, 24 units across.
const STAR: &str = "M32.6 0.4L35.7 8.2L44.0 8.7L37.5 14.0L39.7 22.1L32.6 17.6L25.5 22.1L27.7 14.0L21.2 8.7L29.5 8.2Z";
