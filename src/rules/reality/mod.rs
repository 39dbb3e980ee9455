//! Reality Check (Andrew Juell, 1998): chess with two-faced chips on 39
//! squares, where nothing is quite what it seems.
//!
//! This is the game with the richest hidden information, and so the test of
//! the truth-versus-view design:
//!
//! - [`RealityCheck`] is the truth: every chip's owner, both faces, which is
//!   up, where it is, and the knowledge bookkeeping ([`board::Chip::public`]:
//!   whether both faces have been shown publicly since the chip last left a
//!   hand). The up face is always public and an owner always knows their
//!   own chips, so that one flag is all there is to track.
//! - [`view::RealityView`] is what one viewer may see, built only from that
//!   bookkeeping: its down faces are `Option<Face>`, filled only when known.
//!
//! Turns and duties: both seats owe a [`Duty::Sealed`] setup first; then the
//! side to move owes a [`Duty::Move`], or a [`Duty::Decision`] when a chip of
//! theirs awaits `keep`/`refuse` (at the start of their turn) or when a die
//! they rolled is met by more than one chip (`flip SQUARE`, right after the
//! move). Rolls and salts come from the [`Entropy`] passed to `apply`.
//!
//! The parts: [`board`] (faces, chips, boards, moves), [`setup`] (the sealed
//! setup and its commitment), [`actions`] (notation), `legal` (the legal
//! actions), `refusal` (why one is refused), `apply` (effects and events),
//! [`view`], [`position`] (the position string), [`parts`] (a state as its
//! parts, and read-only looks at it) and `rules.txt` (the player-facing
//! rules page, which
//! documents the notation and the position string and settles the open
//! points, each pinned by a test in `tests`).

pub mod actions;
mod apply;
pub mod board;
mod legal;
pub mod parts;
pub mod position;
mod refusal;
pub mod setup;
pub mod view;

#[cfg(test)]
pub(crate) mod tests;

use serde::{Deserialize, Serialize};

use self::actions::Action;
use self::board::{Chip, ChipId, Grid, Kind, Place, Shape};
use self::setup::Sealed;
use self::view::RealityView;
use super::geometry::Square;
use super::{
    ActionError, Applied, Due, Duty, Entropy, Event, Game, OptionError, Options, Outcome,
    PositionError, Seat, Status, Viewer,
};
use crate::rules::shared::SharedList;

/// The game's options, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub shape: Shape,
    /// Variant Zero: views show no down faces and no move list until the end.
    pub memory: bool,
    /// Variant One: capturing one's own chips.
    pub retreat: bool,
    /// Variant Two: memory flips.
    pub memory_flips: bool,
    /// Variants Three/Four: free setup within the half or zone.
    pub free: bool,
    /// 0, 1 or 2 dice.
    pub dice: u8,
}

impl Settings {
    pub fn read(options: &Options) -> Result<Settings, OptionError> {
        options.read(RealityCheck::OPTIONS, |r| {
            let shape = match r.choice("board", &["basic", "advanced"], "basic")? {
                "advanced" => Shape::Advanced,
                _ => Shape::Basic,
            };
            let default_setup = if shape == Shape::Advanced {
                "free"
            } else {
                "fixed"
            };
            let free = r.choice("setup", &["fixed", "free"], default_setup)? == "free";
            if shape == Shape::Advanced && !free {
                return Err(OptionError::BadValue {
                    key: "setup".to_string(),
                    value: "fixed".to_string(),
                    expected: "free (the advanced board has no diagram to set up from)".to_string(),
                });
            }
            Ok(Settings {
                shape,
                memory: r.flag("memory", false)?,
                retreat: r.flag("retreat", false)?,
                memory_flips: r.flag("memory-flips", false)?,
                free,
                dice: r
                    .choice("dice", &["0", "1", "2"], "0")?
                    .parse()
                    .expect("a digit"),
            })
        })
    }
}

/// One line of the history, as the actor and as everyone else may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub number: u32,
    pub seat: Seat,
    /// The actor's own text (their sealed parts included).
    pub own: String,
    /// What the opponent and spectators may read.
    pub public: String,
}

/// The whole truth of one game of Reality Check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RealityCheck {
    settings: Settings,
    /// Every chip, indexed by seat and [`Kind::index`].
    chips: [[Chip; 10]; 2],
    /// The sealed setups, with their salts (None until sent; None for both
    /// in a game started from a position string).
    setups: [Option<Sealed>; 2],
    /// Whether both setups are in (play has begun).
    started: bool,
    /// Who acts now (once started).
    side: Seat,
    /// The full-move number: White's first turn is 1.
    number: u32,
    /// The chips each seat flipped or dropped on its latest turn (the turn in
    /// progress for the side to move), while they stay on the board.
    touched: [Vec<ChipId>; 2],
    /// Dice still to be met by flips this turn, the first one now.
    roll: Vec<u8>,
    /// Where each seat may drop.
    drops: [Vec<Square>; 2],
    outcome: Option<Outcome>,
    /// Shared between copies: the search copies the game at every step.
    log: SharedList<LogEntry>,
    /// The events of the latest turn (what the last action revealed).
    reveals: Vec<Event>,
    /// The turn those events belong to: seat and number (0 in the setup).
    reveal_turn: Option<(Seat, u32)>,
    /// The squares the last action touched (all public), to highlight.
    highlight: Vec<Square>,
}

impl RealityCheck {
    fn fresh(settings: Settings) -> RealityCheck {
        let chip = Chip {
            up: board::Face::P,
            place: Place::Box,
            public: false,
        };
        let mut chips = [[chip; 10]; 2];
        for row in chips.iter_mut() {
            for (kind, chip) in Kind::ALL.iter().zip(row.iter_mut()) {
                chip.up = kind.faces().0;
            }
        }
        RealityCheck {
            settings,
            chips,
            setups: [None, None],
            started: false,
            side: Seat::White,
            number: 1,
            touched: [Vec::new(), Vec::new()],
            roll: Vec::new(),
            drops: [Vec::new(), Vec::new()],
            outcome: None,
            log: SharedList::new(),
            reveals: Vec::new(),
            reveal_turn: None,
            highlight: Vec::new(),
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn chip(&self, id: ChipId) -> &Chip {
        &self.chips[id.seat.index()][id.kind.index()]
    }

    fn chip_mut(&mut self, id: ChipId) -> &mut Chip {
        &mut self.chips[id.seat.index()][id.kind.index()]
    }

    /// Every chip, White's first.
    fn all(&self) -> impl Iterator<Item = (ChipId, &Chip)> + '_ {
        Seat::BOTH.into_iter().flat_map(move |seat| {
            Kind::ALL.into_iter().map(move |kind| {
                let id = ChipId { seat, kind };
                (id, self.chip(id))
            })
        })
    }

    /// The chips on the board and their squares.
    fn on_board(&self) -> impl Iterator<Item = (ChipId, Square)> + '_ {
        self.all().filter_map(|(id, chip)| match chip.place {
            Place::Board(sq) => Some((id, sq)),
            _ => None,
        })
    }

    fn grid(&self) -> Grid<'static> {
        Grid::new(self.settings.shape.geometry(), self.on_board())
    }

    /// The chips in `seat`'s hand.
    fn hand(&self, seat: Seat) -> Vec<Kind> {
        Kind::ALL
            .into_iter()
            .filter(|k| self.chip(ChipId { seat, kind: *k }).place == Place::Hand)
            .collect()
    }

    /// `seat`'s true chips still in play (board, hand, or awaiting a keep).
    fn trues_in_play(&self, seat: Seat) -> usize {
        Kind::ALL
            .into_iter()
            .filter(|k| k.is_true() && self.chip(ChipId { seat, kind: *k }).place != Place::Out)
            .count()
    }

    /// The hand limit: true chips in play minus one. Public, since true chips
    /// leave play only with both faces shown.
    fn limit(&self, seat: Seat) -> usize {
        self.trues_in_play(seat).saturating_sub(1)
    }

    fn over_limit(&self, seat: Seat) -> bool {
        self.hand(seat).len() > self.limit(seat)
    }
}

impl Game for RealityCheck {
    type Action = Action;
    type View = RealityView;

    const NAME: &'static str = "reality-check";
    const TITLE: &'static str = "Reality Check";
    const OPTIONS: &'static [&'static str] = &[
        "board",
        "memory",
        "retreat",
        "memory-flips",
        "setup",
        "dice",
    ];

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<Self, OptionError> {
        Ok(RealityCheck::fresh(Settings::read(options)?))
    }

    fn from_position(text: &str, options: &Options) -> Result<Self, PositionError> {
        position::read(text, options)
    }

    fn position(&self) -> String {
        position::write(self)
    }

    fn status(&self) -> Status {
        if let Some(outcome) = &self.outcome {
            return Status::Finished(outcome.clone());
        }
        if !self.started {
            let dues = Seat::BOTH
                .into_iter()
                .filter(|s| self.setups[s.index()].is_none())
                .map(|seat| Due {
                    seat,
                    duty: Duty::Sealed,
                })
                .collect();
            return Status::Ongoing(dues);
        }
        let duty = if self.limbo(self.side).is_some() || !self.roll.is_empty() {
            Duty::Decision
        } else {
            Duty::Move
        };
        Status::Ongoing(vec![Due {
            seat: self.side,
            duty,
        }])
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, ActionError> {
        let action = actions::parse(text)?;
        self.check(seat, &action)?;
        Ok(action)
    }

    fn apply(
        &self,
        seat: Seat,
        action: &Action,
        entropy: &mut Entropy,
    ) -> Result<Applied<Self>, ActionError> {
        self.check(seat, action)?;
        Ok(self.play(seat, action, entropy))
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.actions(seat)
    }

    fn notation(&self, _seat: Seat, action: &Action) -> String {
        actions::notation(action)
    }

    fn view(&self, viewer: Viewer) -> RealityView {
        view::build(self, viewer)
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        self.outcome = Some(outcome);
        self.reveal_setups()
    }

    fn archive(&self) -> RealityView {
        view::archive(self)
    }

    fn secrets(&self) -> Vec<super::Secret> {
        Seat::BOTH
            .into_iter()
            .filter_map(|seat| {
                let sealed = self.setups[seat.index()].as_ref()?;
                Some(super::Secret {
                    seat,
                    what: "setup".to_string(),
                    text: sealed.setup.text(),
                    salt: sealed.salt.clone(),
                    commitment: sealed.commitment.clone(),
                })
            })
            .collect()
    }
}
