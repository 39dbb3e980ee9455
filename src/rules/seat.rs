//! The two seats of every game, and who may be looking at one.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the two sides of every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    White,
    Black,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::White, Seat::Black];

    /// The opponent.
    pub fn other(self) -> Seat {
        match self {
            Seat::White => Seat::Black,
            Seat::Black => Seat::White,
        }
    }

    /// 0 for White, 1 for Black: for arrays indexed by seat.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
        }
    }

    /// `White` or `Black`.
    pub fn title(self) -> &'static str {
        match self {
            Seat::White => "White",
            Seat::Black => "Black",
        }
    }

    pub fn parse(text: &str) -> Option<Seat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Seat::White),
            "black" | "b" => Some(Seat::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// Who is looking at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// A player: their own secrets, nothing of the opponent's.
    Seat(Seat),
    /// Anyone else: only what is public.
    Spectator,
    /// Everything, with the parts still hidden from the players marked as
    /// such. This is the host's view while a game is played, and the archive
    /// once it has ended (by the rules, by resignation or by agreement), when
    /// the referee shows it to everyone: at the end, all becomes public.
    Host,
}
