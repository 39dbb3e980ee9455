//! A state of Reality Check as its parts, and read-only looks at a state.
//!
//! A game's truth is nothing but its parts: the settings, where every chip
//! is and which face it shows, the sealed setups, whose turn it is and
//! what it still owes, the log. [`Parts`] names each of them and
//! [`RealityCheck::from_parts`] puts a state together from them, taken as
//! given (the checked ways in are the start and the position string); the
//! looks below read what a state holds without a way to change it. They
//! stay with the rules because they are the state's own face: only the
//! rules know what a state is made of, and a state built from parts plays
//! on by the same rules as any other. Nothing here decides a rule.
//!
//! Their user is the computer player (`crate::bot`, a room above this
//! one), which builds the states a seat cannot tell apart from what that
//! seat was told; the drawing of those states, its sampling, is the bot's
//! and lives there.

use super::board::{Chip, ChipId, Grid, Kind, Place};
use super::setup::Sealed;
use super::{LogEntry, RealityCheck, Settings};
use crate::rules::geometry::Square;
use crate::rules::shared::SharedList;
use crate::rules::{Event, Outcome, Seat};

/// Every part of a state, as [`RealityCheck::from_parts`] takes them.
#[derive(Clone, Debug)]
pub struct Parts {
    pub settings: Settings,
    /// Every chip, indexed by seat and [`Kind::index`].
    pub chips: [[Chip; 10]; 2],
    pub setups: [Option<Sealed>; 2],
    /// Whether both setups are in.
    pub started: bool,
    /// Who acts now (once started).
    pub side: Seat,
    pub number: u32,
    /// The chips each seat flipped or dropped on its latest turn.
    pub touched: [Vec<ChipId>; 2],
    /// Dice still owed a flip this turn.
    pub roll: Vec<u8>,
    /// Where each seat may drop.
    pub drops: [Vec<Square>; 2],
    pub outcome: Option<Outcome>,
    pub log: SharedList<LogEntry>,
    /// What the latest turn revealed.
    pub reveals: Vec<Event>,
    /// The turn those events belong to (see `RealityCheck`).
    pub reveal_turn: Option<(Seat, u32)>,
    pub highlight: Vec<Square>,
}

impl RealityCheck {
    /// The state made of `parts`, taken as they are: the caller answers for
    /// their agreeing with each other and with the rules.
    pub fn from_parts(parts: Parts) -> RealityCheck {
        RealityCheck {
            settings: parts.settings,
            chips: parts.chips,
            setups: parts.setups,
            started: parts.started,
            side: parts.side,
            number: parts.number,
            touched: parts.touched,
            roll: parts.roll,
            drops: parts.drops,
            outcome: parts.outcome,
            log: parts.log,
            reveals: parts.reveals,
            reveal_turn: parts.reveal_turn,
            highlight: parts.highlight,
        }
    }

    /// Whether both setups are in.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Who acts now (once started).
    pub fn side(&self) -> Seat {
        self.side
    }

    /// Whether the side acting owes only the flips its dice still call for
    /// (`dice=1|2`): once they are made, the turn passes.
    pub fn owes_dice_flip(&self) -> bool {
        !self.roll.is_empty()
    }

    /// The chip `id`.
    pub fn chip_of(&self, id: ChipId) -> &Chip {
        self.chip(id)
    }

    /// The chips on the board and their squares, White's first.
    pub fn chips_on_board(&self) -> impl Iterator<Item = (ChipId, Square)> + '_ {
        self.on_board()
    }

    /// Which chip stands where now.
    pub fn board(&self) -> Grid<'static> {
        self.grid()
    }

    /// The chips in `seat`'s hand.
    pub fn hand_of(&self, seat: Seat) -> Vec<Kind> {
        self.hand(seat)
    }

    /// `seat`'s true chips still in play.
    pub fn true_chips_in_play(&self, seat: Seat) -> usize {
        self.trues_in_play(seat)
    }

    /// `seat`'s hand limit.
    pub fn hand_limit(&self, seat: Seat) -> usize {
        self.limit(seat)
    }

    /// Whether `seat`'s chip of `kind` is out of play.
    pub fn is_out(&self, seat: Seat, kind: Kind) -> bool {
        self.chip(ChipId { seat, kind }).place == Place::Out
    }
}
