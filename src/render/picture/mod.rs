//! Board pictures: a [`Diagram`] drawn as SVG, and rasterised to PNG for
//! mail. The picture is made from the viewer's diagram only, like the text
//! board, so it shows exactly what the text shows: the same squares from
//! the same side, the same pieces, marks and last move.
//!
//! - [`svg`] is self-contained (no external reference; the pieces are
//!   `<defs>` used by `<use>`), so a web page can show it as it is. Its
//!   text names the bundled font first and common fonts after it.
//! - [`png`] renders that SVG with resvg, a pure-Rust rasteriser, with the
//!   bundled font only (no system fonts), so the bytes depend on the
//!   diagram alone: two diagrams that are equal give the same PNG.
//!
//! What is drawn, and the licences of the font and pieces, are in
//! `docs/pictures.md`.

mod edges;
mod encode;
mod font;
mod frame;
mod hands;
mod marks;
mod pieces;
#[cfg(test)]
mod references;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::fmt::Write;

use resvg::{tiny_skia, usvg};

use crate::rules::{Cell, Diagram, Figure, Seat, Shade};
use frame::Frame;
#[cfg(test)]
pub(crate) use marks::SECOND_ARMY_INK;
use pieces::Sprite;

/// Plain boards: light and dark squares, and the last move's squares.
const LIGHT: &str = "#ecd9b6";
const DARK: &str = "#b38a64";
const LIGHT_MOVED: &str = "#dcd577";
const DARK_MOVED: &str = "#b4a43f";
/// Boards whose squares' colours are rules (Superial): white and black
/// squares, kept distinct from the white and black pieces; the last move is
/// framed, so that the square keeps its colour.
const RULED_WHITE: &str = "#f4f4f2";
const RULED_BLACK: &str = "#7c7c7c";
const MOVED_FRAME: &str = "#e8a300";
/// Opaque, so that a dark-mode mail client shows the picture as it is.
const BACKGROUND: &str = "#ffffff";
const COORDINATES: &str = "#5c5c5c";

/// A picture's size in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

/// The size [`png`] gives `diagram` (the SVG's width and height too).
pub fn size(diagram: &Diagram) -> Size {
    let frame = Frame::of(diagram);
    Size {
        width: frame.width,
        height: frame.height,
    }
}

/// The drawings a figure uses.
fn sprites(figure: Figure, owner: Seat, out: &mut BTreeSet<Sprite>) {
    match figure {
        Figure::Orthodox(role) => {
            out.insert(Sprite::Piece(role, owner));
        }
        Figure::Recruiter => {
            out.insert(Sprite::Recruiter(owner));
        }
        Figure::Cube(face) => {
            out.insert(Sprite::Cube(face, owner));
        }
        Figure::Rider { cube, rider } => {
            out.insert(Sprite::Cube(cube, owner));
            out.insert(Sprite::Piece(rider, owner));
        }
        Figure::Chip { up, down } => {
            out.insert(marks::chip_sprite(up, owner));
            if let Some(down) = down {
                out.insert(marks::chip_sprite(down, owner));
            }
        }
    }
}

/// The board as an SVG document, from the viewer's side: squares (missing
/// squares are not drawn), the last move, a king in check, the pieces with
/// their marks, the coordinates, a torus's joined edges and the hands
/// beside the board.
///
/// ```
/// use arbiter::rules::geometry::Geometry;
/// use arbiter::rules::{Diagram, Seat};
/// let svg = arbiter::render::picture::svg(&Diagram::empty(&Geometry::rectangle(8, 8), Seat::White));
/// assert!(svg.starts_with("<svg") && svg.contains("id=\"sq-h8\""));
/// ```
pub fn svg(diagram: &Diagram) -> String {
    let frame = Frame::of(diagram);
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\"><rect width=\"{w}\" height=\"{h}\" fill=\"{BACKGROUND}\"/>",
        w = frame.width,
        h = frame.height,
    );

    let mut used = BTreeSet::new();
    for cell in &diagram.cells {
        if let Cell::Piece { figure, owner, .. } = cell {
            sprites(*figure, *owner, &mut used);
        }
    }
    hands::sprites(diagram, &mut used);
    if !used.is_empty() || !diagram.check.is_empty() {
        out.push_str("<defs>");
        for sprite in &used {
            out.push_str(&sprite.definition());
        }
        if !diagram.check.is_empty() {
            out.push_str(CHECK_GLOW);
        }
        out.push_str("</defs>");
    }

    squares(&mut out, diagram, &frame);
    check(&mut out, diagram, &frame);
    coordinates(&mut out, diagram, &frame);
    if diagram.torus {
        edges::torus(&mut out, &frame);
    }
    hands::draw(&mut out, diagram, frame.left, frame.hand_tops());
    let scale = frame.square as f32 / 45.0;
    for (column, row, square) in frame.squares() {
        let Cell::Piece {
            figure,
            owner,
            marks: signs,
            ..
        } = diagram.cell(square)
        else {
            continue;
        };
        let (x, y) = frame.corner(column, row);
        let _ = write!(
            out,
            "<g id=\"on-{square}\" transform=\"translate({x} {y}) scale({scale})\">"
        );
        match *figure {
            Figure::Orthodox(role) => use_sprite(&mut out, Sprite::Piece(role, *owner)),
            Figure::Recruiter => use_sprite(&mut out, Sprite::Recruiter(*owner)),
            Figure::Cube(face) => use_sprite(&mut out, Sprite::Cube(face, *owner)),
            Figure::Rider { cube, rider } => marks::rider(&mut out, *owner, cube, rider),
            Figure::Chip { up, down } => marks::chip(&mut out, *owner, up, down),
        }
        for sign in signs {
            marks::mark(&mut out, *sign, *owner);
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}

/// What the SVG draws on `square` (`e4`): the markup of its piece with
/// its marks, empty for an empty square. For tests that read pictures.
#[cfg(test)]
pub(crate) fn drawn_on<'a>(svg: &'a str, square: &str) -> &'a str {
    let start = format!("<g id=\"on-{square}\"");
    match svg.find(&start) {
        Some(at) => {
            let rest = &svg[at..];
            &rest[..rest.find("</g>").expect("every piece group is closed")]
        }
        None => "",
    }
}

/// The fill of `square`'s rect in the SVG, if the square is drawn.
#[cfg(test)]
pub(crate) fn fill_of<'a>(svg: &'a str, square: &str) -> Option<&'a str> {
    let at = svg.find(&format!("<rect id=\"sq-{square}\""))?;
    let rest = &svg[at..];
    let fill = &rest[rest.find("fill=\"")? + 6..];
    Some(&fill[..fill.find('"')?])
}

fn use_sprite(out: &mut String, sprite: Sprite) {
    let _ = write!(out, "<use href=\"#{}\"/>", sprite.id());
}

/// The squares (each with its id, `sq-e4`, and no element for a missing
/// one) and the last move's highlight.
fn squares(out: &mut String, diagram: &Diagram, frame: &Frame) {
    let size = frame.square;
    for (column, row, square) in frame.squares() {
        if *diagram.cell(square) == Cell::Missing {
            continue;
        }
        let (x, y) = frame.corner(column, row);
        let moved = diagram.highlight.contains(&square);
        let fill = match diagram.shade(square) {
            Some(Shade::White) => RULED_WHITE,
            Some(Shade::Black) => RULED_BLACK,
            None => {
                let dark = (square.file() + square.rank()) % 2 == 0;
                match (dark, moved) {
                    (true, true) => DARK_MOVED,
                    (true, false) => DARK,
                    (false, true) => LIGHT_MOVED,
                    (false, false) => LIGHT,
                }
            }
        };
        let _ = write!(
            out,
            "<rect id=\"sq-{square}\" x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\"/>"
        );
    }
    if diagram.shades.is_some() {
        for (column, row, square) in frame.squares() {
            if diagram.highlight.contains(&square) && *diagram.cell(square) != Cell::Missing {
                let (x, y) = frame.corner(column, row);
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                     stroke=\"{MOVED_FRAME}\" stroke-width=\"3\"/>",
                    x as f32 + 1.5,
                    y as f32 + 1.5,
                    size as f32 - 3.0,
                    size as f32 - 3.0
                );
            }
        }
    }
}

/// Rank numbers left of each board and file letters below, from the
/// viewer's side; every board's files are lettered from `a`.
fn coordinates(out: &mut String, diagram: &Diagram, frame: &Frame) {
    let font_size = frame.coordinate_size();
    let _ = write!(
        out,
        "<g font-family=\"{}\" font-size=\"{font_size}\" fill=\"{COORDINATES}\" text-anchor=\"middle\">",
        font::FAMILY
    );
    for (board_left, _) in frame.boards() {
        for (row, rank) in frame.ranks.iter().enumerate() {
            let (_, y) = frame.corner(0, row);
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                board_left - frame.seam - 11,
                y + frame.square / 2 + font_size * 7 / 20,
                rank + 1
            );
        }
    }
    let bottom = frame.bottom() + frame.seam;
    for (column, file) in frame.files.iter().enumerate() {
        let (x, _) = frame.corner(column, 0);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            x + frame.square / 2,
            bottom + 4 + font_size,
            (b'a' + diagram.file_on_board(*file)) as char
        );
    }
    out.push_str("</g>");
}

/// The tint under a king in check, as lichess draws it: red at the
/// centre fading to the square's colour.
const CHECK_GLOW: &str = "<radialGradient id=\"check-glow\" r=\"0.71\">\
     <stop offset=\"0\" stop-color=\"#ff0000\"/>\
     <stop offset=\"0.25\" stop-color=\"#e70000\"/>\
     <stop offset=\"0.89\" stop-color=\"#a90000\" stop-opacity=\"0\"/>\
     </radialGradient>";
/// The frame inside a checked king's square: its shape tells the check
/// where red does not read (colour-blind eyes, a dark square).
const CHECK_FRAME: &str = "#7f0000";

/// The kings in check: their squares glow red and are framed.
fn check(out: &mut String, diagram: &Diagram, frame: &Frame) {
    let size = frame.square as f32;
    for (column, row, square) in frame.squares() {
        if !diagram.check.contains(&square) || *diagram.cell(square) == Cell::Missing {
            continue;
        }
        let (x, y) = frame.corner(column, row);
        let _ = write!(
            out,
            "<rect id=\"check-{square}\" x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"url(#check-glow)\"/>\
             <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{CHECK_FRAME}\" stroke-width=\"2.5\"/>",
            x as f32 + 1.25,
            y as f32 + 1.25,
            size - 2.5,
            size - 2.5
        );
    }
}

/// The picture as PNG bytes: [`svg`] rendered with the bundled font, in
/// at most 256 colours.
pub fn png(diagram: &Diagram) -> Vec<u8> {
    let options = usvg::Options {
        fontdb: font::database(),
        font_family: "Arimo".to_string(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&svg(diagram), &options).expect("our SVG is well-formed");
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).expect("a picture has some size");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode::indexed_png(&pixmap)
}
