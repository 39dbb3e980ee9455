//! The project's own piece set, drawn for Arbiter (under the project's
//! licence, MIT OR Apache-2.0; see `assets/pieces/README.md`): Staunton-like
//! silhouettes of paths, circles and polygons in a 45-unit box, and the
//! figures no set has (Rebel Chess's Recruiter, Superial's cubes).
//!
//! Every drawing is a `<g>` with an id, used by `<use>` wherever the piece
//! stands. White's pieces are a light fill with a dark outline, Black's a
//! dark fill with light inner lines, so both read on light and dark squares.

use std::fmt::Write;

use crate::rules::Seat;
use crate::rules::presentation::{CubeFace, Role};

/// The colours of one side's pieces.
#[derive(Clone, Copy)]
pub(super) struct Ink {
    pub body: &'static str,
    pub line: &'static str,
    /// Lines inside the silhouette.
    pub detail: &'static str,
    /// A cube's side faces.
    pub shade: &'static str,
}

pub(super) fn ink(seat: Seat) -> Ink {
    match seat {
        Seat::White => Ink {
            body: "#f9f9f7",
            line: "#1c1c1c",
            detail: "#1c1c1c",
            shade: "#b9b9b4",
        },
        Seat::Black => Ink {
            body: "#2b2b2b",
            line: "#0f0f0f",
            detail: "#eeeeee",
            shade: "#5a5a5a",
        },
    }
}

/// One drawing of the set: what `<use>` refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Sprite {
    Piece(Role, Seat),
    Recruiter(Seat),
    Cube(CubeFace, Seat),
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::White => "white",
        Seat::Black => "black",
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn face_name(face: CubeFace) -> &'static str {
    match face {
        CubeFace::Pusher => "pusher",
        CubeFace::Hopper => "hopper",
        CubeFace::Slasher => "slasher",
    }
}

impl Sprite {
    /// Its id in the SVG: `white-knight`, `black-cube-hopper`.
    pub(super) fn id(self) -> String {
        match self {
            Sprite::Piece(role, seat) => format!("{}-{}", seat_name(seat), role_name(role)),
            Sprite::Recruiter(seat) => format!("{}-recruiter", seat_name(seat)),
            Sprite::Cube(face, seat) => format!("{}-cube-{}", seat_name(seat), face_name(face)),
        }
    }

    /// Its `<g>` element for `<defs>`.
    pub(super) fn definition(self) -> String {
        let (seat, body, details) = match self {
            Sprite::Piece(role, seat) => {
                let (body, details) = orthodox(role);
                (seat, body.to_string(), details)
            }
            Sprite::Recruiter(seat) => (seat, RECRUITER.to_string(), RECRUITER_DETAILS),
            Sprite::Cube(face, seat) => return cube(self.id(), face, ink(seat)),
        };
        let ink = ink(seat);
        let mut out = format!(
            "<g id=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\
             <g fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\">{body}</g>",
            self.id(),
            ink.body,
            ink.line
        );
        if !details.is_empty() {
            let _ = write!(
                out,
                "<path d=\"{details}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.3\"/>",
                ink.detail
            );
        }
        out.push_str("</g>");
        out
    }
}

/// The plinth every piece stands on.
const BASE: &str =
    "<path d=\"M10.5 39.5H34.5V37C34.5 35.3 33.3 34 31.5 34H13.5C11.7 34 10.5 35.3 10.5 37Z\"/>";

/// The body of an orthodox piece (drawn filled and outlined) and its inner
/// lines (a path drawn in the detail colour).
fn orthodox(role: Role) -> (String, &'static str) {
    match role {
        Role::Pawn => (
            format!(
                "<path d=\"M15 34C17.5 30.5 19.6 26.6 20.3 22H25C25.7 26.6 27.5 30.5 30 34Z\"/>\
                 <path d=\"M16.5 22.8C16.5 20.6 18.5 19.2 20.5 18.6H24.5C26.5 19.2 28.5 20.6 28.5 22.8Z\"/>\
                 <circle cx=\"22.5\" cy=\"13.6\" r=\"5.4\"/>{BASE}"
            ),
            "M17.5 22.8H27.5M14 36.2H31",
        ),
        Role::Rook => (
            format!(
                "<path d=\"M14.5 30.5H30.5L29.5 18H15.5Z\"/>\
                 <path d=\"M12.5 34H32.5L30.8 30.5H14.2Z\"/>\
                 <path d=\"M12 18H33V9.5H28.8V12.5H24.6V9.5H20.4V12.5H16.2V9.5H12Z\"/>{BASE}"
            ),
            "M15.5 18H29.5M14.8 30.5H30.2M17 24H28M14 36.2H31",
        ),
        Role::Bishop => (
            format!(
                "<path d=\"M15 34H30L28.6 29.5H16.4Z\"/>\
                 <path d=\"M22.5 10C17.2 14.2 14.8 18.8 14.8 22.7C14.8 26 16.8 28 18 29.5H27C28.2 28 30.2 26 30.2 22.7C30.2 18.8 27.8 14.2 22.5 10Z\"/>\
                 <circle cx=\"22.5\" cy=\"7.9\" r=\"2.4\"/>{BASE}"
            ),
            "M25.8 15.6L20.6 21.4M18 29.5H27M14 36.2H31",
        ),
        Role::Knight => (
            format!(
                "<path d=\"M14.5 34C14.2 30.5 15.6 27.2 19.6 23.6L16.2 25.6C14.5 27.2 12.4 28.1 10.7 27.5C8.6 26.8 8.3 24.6 9.3 22.9L14.1 14.6C15.2 12.3 17.1 10.9 19.6 10.3L22.4 5.2L24.8 9.9C30.6 11.2 34.2 16.6 33.6 24.5C33.3 28.2 32.2 31.4 31.2 34Z\"/>{BASE}"
            ),
            "M17.8 15.2A1.1 1.1 0 1 0 17.81 15.2M11.3 24.6L12.1 24.1M25.6 11.6C29.4 14.4 30.9 19.6 30.4 26.2C30.2 28.6 29.7 31 29 33M14 36.2H31",
        ),
        Role::Queen => (
            format!(
                "<path d=\"M13.8 34H31.2L30.2 30H14.8Z\"/>\
                 <path d=\"M14.8 30H30.2L34.6 15.2L28.2 23.6L28.4 11.6L24.2 22.6L22.5 9.8L20.8 22.6L16.6 11.6L16.8 23.6L10.4 15.2Z\"/>\
                 <circle cx=\"10.4\" cy=\"14\" r=\"2.2\"/><circle cx=\"16.6\" cy=\"10.2\" r=\"2.2\"/>\
                 <circle cx=\"22.5\" cy=\"8.4\" r=\"2.2\"/><circle cx=\"28.4\" cy=\"10.2\" r=\"2.2\"/>\
                 <circle cx=\"34.6\" cy=\"14\" r=\"2.2\"/>{BASE}"
            ),
            "M15.2 27H29.8M14.8 30H30.2M14 36.2H31",
        ),
        Role::King => (
            format!(
                "<path d=\"M21.2 4.5H23.8V7.6H26.9V10.2H23.8V14.5H21.2V10.2H18.1V7.6H21.2Z\"/>\
                 <path d=\"M19.3 21.5C19.3 17.4 20.6 14.5 22.5 14.5C24.4 14.5 25.7 17.4 25.7 21.5Z\"/>\
                 <path d=\"M14.6 30C11.2 26.2 10 21.2 13.2 18.6C16.6 15.9 20.6 18 22.5 21.6C24.4 18 28.4 15.9 31.8 18.6C35 21.2 33.8 26.2 30.4 30Z\"/>\
                 <path d=\"M13.8 34H31.2L30.4 30H14.6Z\"/>{BASE}"
            ),
            "M22.5 21.8V29.6M15.2 26.6H29.8M14 36.2H31",
        ),
    }
}

/// Rebel Chess's Recruiter: a standard-bearer, a swallow-tailed flag on a
/// pole over a stand (a shape no orthodox piece has).
const RECRUITER: &str = "<path d=\"M15 34H30L27.2 29H17.8Z\"/>\
     <path d=\"M21.3 29V9.2H23.7V29Z\"/>\
     <path d=\"M23.7 9.6H35.2L31.2 14.2L35.2 18.8H23.7Z\"/>\
     <circle cx=\"22.5\" cy=\"7.4\" r=\"2.3\"/>\
     <path d=\"M10.5 39.5H34.5V37C34.5 35.3 33.3 34 31.5 34H13.5C11.7 34 10.5 35.3 10.5 37Z\"/>";

const RECRUITER_DETAILS: &str = "M17.8 29H27.2M26 14.2H30M14 36.2H31";

/// A cube seen from above and a little to the left: its top face with the
/// aspect's symbol, and two side faces in shade.
fn cube(id: String, face: CubeFace, ink: Ink) -> String {
    let symbol = match face {
        CubeFace::Pusher => "<circle cx=\"20.5\" cy=\"20.5\" r=\"6.2\" fill=\"none\"/>",
        CubeFace::Hopper => "<path d=\"M20.5 12.2V28.8M12.2 20.5H28.8\"/>",
        CubeFace::Slasher => "<path d=\"M14.3 14.3L26.7 26.7M26.7 14.3L14.3 26.7\"/>",
    };
    format!(
        "<g id=\"{id}\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\
         <path d=\"M35.5 8L39.5 12V39.5H12L8 35.5H35.5Z\" fill=\"{shade}\" stroke=\"{line}\" stroke-width=\"1.5\"/>\
         <path d=\"M35.5 35.5L39.5 39.5\" stroke=\"{line}\" stroke-width=\"1.2\"/>\
         <rect x=\"5.5\" y=\"5.5\" width=\"30\" height=\"30\" rx=\"2.5\" fill=\"{body}\" stroke=\"{line}\" stroke-width=\"1.5\"/>\
         <g stroke=\"{detail}\" stroke-width=\"3.4\">{symbol}</g></g>",
        shade = ink.shade,
        line = ink.line,
        body = ink.body,
        detail = ink.detail,
    )
}
