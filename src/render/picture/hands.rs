//! The chips beside the board (Reality Check), as crazyhouse boards show
//! their pockets: the hand of the side drawn at the top above the board,
//! the other's below it. A row holds the hand's chips (each a domino of its
//! two faces, or a `?` domino where the viewer may only count them) and
//! its count and limit; a second row, where the side has any, the chips out
//! of play, faded.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::font;
use super::marks::chip_colours;
use super::pieces::Sprite;
use crate::rules::presentation::{Hand, Role};
use crate::rules::{Diagram, Seat};

/// A face's cell on a domino, in pixels.
const FACE: u32 = 22;
const DOMINO_WIDTH: u32 = 2 * FACE + 4;
const DOMINO_HEIGHT: u32 = FACE + 4;
const SPACING: u32 = 4;
const TEXT_SIZE: u32 = 12;
const TEXT: &str = "#333333";

/// The hand drawn above the board (the top side's) and the one below.
fn placed(diagram: &Diagram) -> (Option<&Hand>, Option<&Hand>) {
    let of = |seat: Seat| diagram.hands.iter().find(|h| h.owner == seat);
    (of(diagram.bottom.other()), of(diagram.bottom))
}

fn rows_of(hand: Option<&Hand>) -> u32 {
    match hand {
        None => 0,
        Some(hand) if hand.out.is_empty() => 1,
        Some(_) => 2,
    }
}

/// One row of chips beside the board.
pub(super) const HAND_ROW: u32 = 30;

/// The rows above the board and below it.
pub(super) fn rows(diagram: &Diagram) -> (u32, u32) {
    let (above, below) = placed(diagram);
    (rows_of(above), rows_of(below))
}

/// The words after a hand's chips: its count and its limit.
fn count_words(hand: &Hand) -> String {
    let limit = match hand.limit {
        Some(limit) => format!("limit {limit}"),
        None => "no true chip left".to_string(),
    };
    format!("{} in hand, {limit}", hand.count)
}

const OUT_WORDS: &str = "out of play:";

/// A rough width of a text in the bundled font at [`TEXT_SIZE`].
fn text_width(text: &str) -> u32 {
    text.chars().count() as u32 * TEXT_SIZE * 11 / 20
}

fn dominoes_width(n: usize) -> u32 {
    n as u32 * (DOMINO_WIDTH + SPACING)
}

/// The width the hands' rows take, past the left margin.
pub(super) fn width_needed(diagram: &Diagram) -> u32 {
    diagram
        .hands
        .iter()
        .map(|hand| {
            let first = dominoes_width(hand.count) + text_width(&count_words(hand));
            let second = text_width(OUT_WORDS) + SPACING + dominoes_width(hand.out.len());
            first.max(second)
        })
        .max()
        .unwrap_or(0)
}

/// The drawings the hands use: each face in the ink that reads on its
/// chip.
pub(super) fn sprites(diagram: &Diagram, used: &mut BTreeSet<Sprite>) {
    for hand in &diagram.hands {
        let ink = hand.owner.other();
        for (a, b) in hand.chips.iter().flatten().chain(&hand.out) {
            used.insert(Sprite::Piece(*a, ink));
            used.insert(Sprite::Piece(*b, ink));
        }
    }
}

/// Both hands, in their bands: starting at `left`, the band above the
/// board at `tops.0` and the one below it at `tops.1` (the frame's
/// `hand_tops`).
pub(super) fn draw(out: &mut String, diagram: &Diagram, left: u32, tops: (u32, u32)) {
    let (above, below) = placed(diagram);
    let (top_above, top_below) = tops;
    if let Some(hand) = above {
        row(out, hand, left, top_above);
    }
    if let Some(hand) = below {
        row(out, hand, left, top_below);
    }
}

/// A hand's rows from `(x, y)`: its chips and count, then what is out.
fn row(out: &mut String, hand: &Hand, x: u32, y: u32) {
    let _ = write!(out, "<g id=\"hand-{}\">", seat_name(hand.owner));
    let top = y + (HAND_ROW - DOMINO_HEIGHT) / 2;
    let mut at = x;
    match &hand.chips {
        Some(chips) => {
            for faces in chips {
                domino(out, hand.owner, Some(*faces), at, top);
                at += DOMINO_WIDTH + SPACING;
            }
        }
        None => {
            for _ in 0..hand.count {
                domino(out, hand.owner, None, at, top);
                at += DOMINO_WIDTH + SPACING;
            }
        }
    }
    words(out, &count_words(hand), at + 2, y);
    if !hand.out.is_empty() {
        let y = y + HAND_ROW;
        words(out, OUT_WORDS, x, y);
        let mut at = x + text_width(OUT_WORDS) + SPACING;
        let top = y + (HAND_ROW - DOMINO_HEIGHT) / 2;
        out.push_str("<g id=\"out\" opacity=\"0.55\">");
        for faces in &hand.out {
            domino(out, hand.owner, Some(*faces), at, top);
            at += DOMINO_WIDTH + SPACING;
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::White => "white",
        Seat::Black => "black",
    }
}

fn words(out: &mut String, text: &str, x: u32, y: u32) {
    let _ = write!(
        out,
        "<text x=\"{x}\" y=\"{}\" font-family=\"{}\" font-size=\"{TEXT_SIZE}\" fill=\"{TEXT}\">{text}</text>",
        y + HAND_ROW / 2 + TEXT_SIZE * 7 / 20,
        font::FAMILY
    );
}

/// A chip off the board: a domino in its owner's colours with its two
/// faces, or a `?` where the viewer may not know them.
fn domino(out: &mut String, owner: Seat, faces: Option<(Role, Role)>, x: u32, y: u32) {
    let colours = chip_colours(owner);
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.6\"/>",
        x as f32 + 0.8,
        y as f32 + 0.8,
        DOMINO_WIDTH as f32 - 1.6,
        DOMINO_HEIGHT as f32 - 1.6,
        colours.disc,
        colours.rim
    );
    match faces {
        Some((a, b)) => {
            let scale = FACE as f32 / 45.0;
            for (i, role) in [a, b].into_iter().enumerate() {
                let fx = x + 2 + i as u32 * FACE;
                let _ = write!(
                    out,
                    "<use href=\"#{}\" transform=\"translate({fx} {}) scale({scale})\"/>",
                    Sprite::Piece(role, owner.other()).id(),
                    y + 2
                );
            }
            let _ = write!(
                out,
                "<path d=\"M{mid} {} V{}\" stroke=\"{}\" stroke-width=\"1\"/>",
                y + 4,
                y + DOMINO_HEIGHT - 4,
                colours.rim,
                mid = x + DOMINO_WIDTH / 2
            );
        }
        None => {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"17\" font-weight=\"bold\" \
                 text-anchor=\"middle\" fill=\"{}\">?</text>",
                x + DOMINO_WIDTH / 2,
                y + DOMINO_HEIGHT / 2 + 6,
                font::FAMILY,
                colours.glyph
            );
        }
    }
}
