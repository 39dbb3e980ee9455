//! The sealed setup: which chip stands where with which face up, and which
//! chip stays in hand.
//!
//! Written `setup d1=R/R c2=N/B ... hand=PN` (squares in any order, spaces or
//! commas between). Its canonical text, the one that is committed to, lists
//! the squares from a1 upwards, rank by rank, then the hand:
//! `d1=R/R c2=N/B d2=B/B ... hand=PN`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::board::{Face, Kind, Shape};
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// One chip of a setup on its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub square: Square,
    pub up: Face,
    pub down: Face,
}

impl Placement {
    pub fn kind(&self) -> Kind {
        Kind::of(self.up, self.down)
    }
}

/// A player's setup: nine chips on the board, one in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// In canonical order (rank by rank from a1).
    pub placements: Vec<Placement>,
    pub hand: Kind,
}

/// The form of a setup, for syntax errors.
pub const SETUP_FORM: &str = "a setup is written `setup SQUARE=UP/DOWN ... hand=CHIP`, nine squares and the chip kept in hand, for example `setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR`";

impl Setup {
    /// Reads the words after `setup`. Only the form is checked here; see
    /// [`Setup::check`] for the rules.
    pub fn parse(words: &str) -> Result<Setup, String> {
        let mut placements = Vec::new();
        let mut hand = None;
        for word in words
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("{word:?} is not SQUARE=UP/DOWN"))?;
            if key.eq_ignore_ascii_case("hand") {
                if hand.is_some() {
                    return Err("the hand is given twice".to_string());
                }
                hand = Some(Kind::parse(value).ok_or_else(|| {
                    format!("{value:?} is not a chip (write its two faces, as NR)")
                })?);
                continue;
            }
            let square = Square::parse(key).ok_or_else(|| format!("{key:?} is not a square"))?;
            let (up, down) = value
                .split_once('/')
                .and_then(|(u, d)| Some((single_face(u)?, single_face(d)?)))
                .ok_or_else(|| format!("{value:?} is not UP/DOWN (as N/R)"))?;
            placements.push(Placement { square, up, down });
        }
        let hand =
            hand.ok_or_else(|| "the chip kept in hand is missing (hand=CHIP)".to_string())?;
        placements.sort_by_key(|p| (p.square.rank(), p.square.file()));
        Ok(Setup { placements, hand })
    }

    /// The canonical text (without the leading `setup`): what is committed.
    pub fn text(&self) -> String {
        let mut words: Vec<String> = self
            .placements
            .iter()
            .map(|p| format!("{}={}/{}", p.square, p.up, p.down))
            .collect();
        words.push(format!("hand={}", self.hand.name()));
        words.join(" ")
    }

    /// Checks a setup against the rules: nine distinct squares where `seat`
    /// may set up, ten distinct chips, and (fixed setup) the diagram's up
    /// faces on the home squares. The message speaks only of the player's
    /// own setup.
    pub fn check(&self, shape: Shape, free: bool, seat: Seat) -> Result<(), String> {
        let mut seen = BTreeSet::new();
        for kind in self
            .placements
            .iter()
            .map(Placement::kind)
            .chain([self.hand])
        {
            if !seen.insert(kind) {
                return Err(format!(
                    "the chip {} is used twice (each chip once: nine on the board, one in hand)",
                    kind.name()
                ));
            }
        }
        if self.placements.len() != 9 {
            return Err(format!(
                "a setup places nine chips on the board, not {}",
                self.placements.len()
            ));
        }
        let squares: BTreeSet<Square> = self.placements.iter().map(|p| p.square).collect();
        if squares.len() != 9 {
            return Err("a square is given twice".to_string());
        }
        if free {
            let area = shape.setup_area(seat);
            if let Some(p) = self.placements.iter().find(|p| !area.contains(&p.square)) {
                let where_ = match shape {
                    Shape::Basic => match seat {
                        Seat::White => "your half (ranks 1-4)",
                        Seat::Black => "your half (ranks 6-9)",
                    },
                    Shape::Advanced => "your zone",
                };
                return Err(format!("{} is not in {where_}", p.square));
            }
        } else {
            for (square, face) in Shape::home(seat) {
                match self.placements.iter().find(|p| p.square == square) {
                    None => {
                        return Err(format!(
                            "{square} is one of your home squares and needs a chip"
                        ));
                    }
                    Some(p) if p.up != face => {
                        return Err(format!(
                            "{square} must show {face} as in the diagram, not {}",
                            p.up
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }
}

fn single_face(text: &str) -> Option<Face> {
    let mut chars = text.chars();
    let face = Face::from_letter(chars.next()?)?;
    chars.next().is_none().then_some(face)
}

/// A setup as the state keeps it: the canonical text is committed with a
/// salt drawn when the setup arrived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    pub setup: Setup,
    pub salt: String,
    pub commitment: String,
}
