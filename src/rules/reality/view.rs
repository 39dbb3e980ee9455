//! What one viewer may see, built only from the knowledge bookkeeping.
//!
//! A down face reaches a view only through [`knows_down`]: the host and the
//! archive of a finished game see everything; otherwise (and never under
//! `memory=on`) a viewer sees an owner's own down faces and the faces shown
//! publicly since the chip last left a hand. A chip in the opponent's hand
//! is only counted. The view's types hold no field for anything else.
//!
//! A line of news told to one seat (`Your chip ... is in your hand.`)
//! reaches that seat's view only: never the opponent's, a spectator's, the
//! host's or the archive's, whose boards and hands show the same facts.

use serde::{Deserialize, Serialize};

use super::board::{ChipId, Face, Kind, Place, list};
use super::legal::die_meaning;
use super::{RealityCheck, Settings};
use crate::rules::geometry::Square;
use crate::rules::presentation::{Hand, Role as Drawn};
use crate::rules::{
    Audience, Cell, Diagram, Duty, Figure, HistoryLine, Mark, Presentation, Seat, Status, View,
    Viewer,
};

/// A chip on the board as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChipView {
    pub square: Square,
    pub owner: Seat,
    pub up: Face,
    /// Filled only when the viewer may know it.
    pub down: Option<Face>,
    /// Both sides have seen both faces (shown only with `memory=off`).
    pub public: bool,
}

/// A hand: its size, and its chips when the viewer may know them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandView {
    pub count: usize,
    pub chips: Option<Vec<Kind>>,
}

/// A captured chip awaiting its owner's keep or refuse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimboView {
    pub owner: Seat,
    pub up: Face,
    pub down: Option<Face>,
}

/// Dice still owed a flip this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollView {
    pub dice: Vec<u8>,
    /// The chips that meet the first die.
    pub candidates: Vec<Square>,
}

/// A seat's setup as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupView {
    pub submitted: bool,
    pub commitment: Option<String>,
    /// The setup's text: to its own seat while sealed, to all at the end.
    pub text: Option<String>,
    /// The salt: at the end only.
    pub salt: Option<String>,
}

/// What one viewer may see of a game of Reality Check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RealityView {
    pub viewer: Viewer,
    pub settings: Settings,
    pub status: Status,
    pub number: u32,
    pub chips: Vec<ChipView>,
    pub hands: [HandView; 2],
    /// The hand limits; `None` for a side with no true chip left (which
    /// has lost).
    pub limits: [Option<usize>; 2],
    /// Chips out of play (always shown with both faces when they left).
    pub out: [Vec<Kind>; 2],
    pub limbo: Option<LimboView>,
    pub roll: Option<RollView>,
    /// The chips the side to move may not flip (the opponent's last flips
    /// and drops).
    pub no_flip: Vec<Square>,
    pub drop_squares: [Vec<Square>; 2],
    pub setups: [SetupView; 2],
    /// What the latest turn revealed, as this viewer was told.
    pub reveals: Vec<String>,
    pub history: Vec<HistoryLine>,
    pub highlight: Vec<Square>,
    /// Whether the game is over, by its rules or (the archive) outside
    /// them: nothing is sealed any more.
    pub ended: bool,
}

/// The one gate through which a down face enters a view: `all` for the
/// host, and for everyone once the game is over (the archive).
pub fn knows_down(game: &RealityCheck, viewer: Viewer, all: bool, id: ChipId) -> bool {
    if all {
        return true;
    }
    if game.settings.memory {
        return false;
    }
    game.chip(id).public || viewer == Viewer::Seat(id.seat)
}

/// Builds `viewer`'s view of `game`.
pub fn build(game: &RealityCheck, viewer: Viewer) -> RealityView {
    assemble(game, viewer, game.outcome.is_some())
}

/// The archive of a game whose match has ended, perhaps outside the rules
/// (a resignation, say): everything, nothing marked sealed.
pub fn archive(game: &RealityCheck) -> RealityView {
    assemble(game, Viewer::Host, true)
}

fn assemble(game: &RealityCheck, viewer: Viewer, ended: bool) -> RealityView {
    let all = ended || viewer == Viewer::Host;
    let down = |id: ChipId, up: Face| knows_down(game, viewer, all, id).then(|| id.kind.other(up));
    let mut chips: Vec<ChipView> = game
        .on_board()
        .map(|(id, square)| {
            let chip = game.chip(id);
            ChipView {
                square,
                owner: id.seat,
                up: chip.up,
                down: down(id, chip.up),
                public: (all || !game.settings.memory) && chip.public,
            }
        })
        .collect();
    chips.sort_by_key(|c| (c.square.rank(), c.square.file()));
    let hands = Seat::BOTH.map(|seat| {
        let hand = game.hand(seat);
        HandView {
            count: hand.len(),
            chips: (all || viewer == Viewer::Seat(seat)).then_some(hand),
        }
    });
    let out = Seat::BOTH.map(|seat| {
        Kind::ALL
            .into_iter()
            .filter(|k| game.chip(ChipId { seat, kind: *k }).place == Place::Out)
            .collect()
    });
    let limbo = game
        .started
        .then(|| game.limbo(game.side))
        .flatten()
        .map(|id| {
            let up = game.chip(id).up;
            LimboView {
                owner: id.seat,
                up,
                down: down(id, up),
            }
        });
    let roll = game.roll.first().map(|&die| RollView {
        dice: game.roll.clone(),
        candidates: game.die_candidates(die),
    });
    let mut no_flip: Vec<Square> = game.touched[game.side.other().index()]
        .iter()
        .filter_map(|id| match game.chip(*id).place {
            Place::Board(sq) => Some(sq),
            _ => None,
        })
        .collect();
    no_flip.sort_by_key(|s| (s.rank(), s.file()));
    let setups = Seat::BOTH.map(|seat| {
        let sealed = game.setups[seat.index()].as_ref();
        let own_while_sealed = viewer == Viewer::Seat(seat) && !game.started;
        SetupView {
            submitted: game.started || sealed.is_some(),
            commitment: sealed.map(|s| s.commitment.clone()),
            text: sealed
                .filter(|_| all || own_while_sealed)
                .map(|s| s.setup.text()),
            salt: sealed.filter(|_| all).map(|s| s.salt.clone()),
        }
    });
    let reveals = game
        .reveals
        .iter()
        .filter(|e| match e.audience {
            Audience::Everyone => true,
            Audience::Seat(seat) => viewer == Viewer::Seat(seat),
        })
        .map(|e| e.text.clone())
        .collect();
    let history = if game.settings.memory && !all {
        Vec::new()
    } else {
        game.log
            .oldest_first()
            .map(|entry| HistoryLine {
                number: entry.number,
                seat: entry.seat,
                text: if all || viewer == Viewer::Seat(entry.seat) {
                    entry.own.clone()
                } else {
                    entry.public.clone()
                },
            })
            .collect()
    };
    RealityView {
        viewer,
        settings: game.settings,
        status: crate::rules::Game::status(game),
        number: game.number,
        chips,
        hands,
        limits: Seat::BOTH.map(|s| (game.trues_in_play(s) > 0).then(|| game.limit(s))),
        out,
        limbo,
        roll,
        no_flip,
        drop_squares: game.drops.clone(),
        setups,
        reveals,
        history,
        highlight: game.highlight.clone(),
        ended,
    }
}

/// A chip's label: `N` (up face only) or `N/R` (both known); Black lowercase.
/// How a picture draws a face.
fn drawn(face: Face) -> Drawn {
    match face {
        Face::P => Drawn::Pawn,
        Face::N => Drawn::Knight,
        Face::B => Drawn::Bishop,
        Face::R => Drawn::Rook,
    }
}

impl ChipView {
    /// The chip as a picture draws it: the up face, and the down face only
    /// where this view holds it.
    fn figure(&self) -> Figure {
        Figure::Chip {
            up: drawn(self.up),
            down: self.down.map(drawn),
        }
    }

    /// A down face this view holds that was never shown to both players
    /// is marked sealed while the game is on (the host's and the archive
    /// site's boards tell sealed faces from revealed ones; a seat sees
    /// which of its own faces its opponent has not seen).
    fn marks(&self, ended: bool) -> Vec<Mark> {
        if self.down.is_some() && !self.public && !ended {
            vec![Mark::Sealed]
        } else {
            Vec::new()
        }
    }
}

fn label(owner: Seat, up: Face, down: Option<Face>) -> String {
    match down {
        Some(d) => format!("{}/{}", up.letter_of(owner), d.letter_of(owner)),
        None => up.letter_of(owner).to_string(),
    }
}

fn kinds(seat: Seat, kinds: &[Kind]) -> String {
    kinds
        .iter()
        .map(|k| k.name_of(seat))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A chip off the board as a picture draws it: its two faces.
fn faces(kind: &Kind) -> (Drawn, Drawn) {
    let (a, b) = kind.faces();
    (drawn(a), drawn(b))
}

impl RealityView {
    /// `seat`'s hand beside the board, as this view holds it: its chips
    /// only where the view has them, else their count.
    fn hand(&self, seat: Seat) -> Hand {
        let hand = &self.hands[seat.index()];
        Hand {
            owner: seat,
            count: hand.count,
            chips: hand.chips.as_ref().map(|c| c.iter().map(faces).collect()),
            limit: self.limits[seat.index()],
            out: self.out[seat.index()].iter().map(faces).collect(),
        }
    }

    fn status_fact(&self) -> String {
        match &self.status {
            // The referee's status line says how it ended, once.
            Status::Finished(_) => String::new(),
            Status::Ongoing(dues) if dues.iter().any(|d| d.duty == Duty::Sealed) => {
                let words: Vec<String> = Seat::BOTH
                    .iter()
                    .map(|s| {
                        let setup = &self.setups[s.index()];
                        match &setup.commitment {
                            Some(c) => format!("{s}'s setup is in (commitment {c})"),
                            None => format!("{s}'s setup is awaited"),
                        }
                    })
                    .collect();
                format!("Setup: {}.", words.join("; "))
            }
            Status::Ongoing(dues) => {
                let Some(due) = dues.first() else {
                    return String::new();
                };
                let seat = due.seat;
                if let Some(limbo) = &self.limbo {
                    format!(
                        "{seat} to decide: keep or refuse the captured chip {} (`keep` makes this turn a drop).",
                        label(limbo.owner, limbo.up, limbo.down)
                    )
                } else if let Some(roll) = &self.roll {
                    format!(
                        "{seat} to flip for the die {} ({}): `flip SQUARE`, one of {}.",
                        roll.dice[0],
                        die_meaning(roll.dice[0], seat),
                        list(&roll.candidates)
                    )
                } else if self.ended {
                    format!("Play stopped at move {}, with {seat} to play.", self.number)
                } else {
                    format!("Move {}: {seat} to play.", self.number)
                }
            }
        }
    }
}

impl View for RealityView {
    fn present(&self) -> Presentation {
        let geometry = self.settings.shape.geometry();
        let bottom = match self.viewer {
            Viewer::Seat(seat) => seat,
            _ => Seat::White,
        };
        let mut diagram = Diagram::empty(geometry, bottom);
        for chip in &self.chips {
            diagram.set(
                chip.square,
                Cell::marked(
                    label(chip.owner, chip.up, chip.down),
                    chip.owner,
                    chip.figure(),
                    chip.marks(self.ended),
                ),
            );
        }
        diagram.highlight = self.highlight.clone();
        let in_setup =
            matches!(&self.status, Status::Ongoing(d) if d.iter().any(|d| d.duty == Duty::Sealed));
        if !in_setup {
            diagram.hands = Seat::BOTH.map(|seat| self.hand(seat)).to_vec();
        }
        let mut legend = vec![
            "N: a chip showing a knight (P pawn, N knight, B bishop, R rook); White uppercase, Black lowercase."
                .to_string(),
            "N/R: knight up, rook down (the down face is shown only where you know it).".to_string(),
        ];
        // Said only where the picture has a padlock to explain.
        if self
            .chips
            .iter()
            .any(|chip| !chip.marks(self.ended).is_empty())
        {
            legend.push(
                "A padlock beside a chip (in the picture): its down face is still sealed, its \
                 owner's secret; a down face without one has been shown to both players."
                    .to_string(),
            );
        }
        let mut facts: Vec<String> = Some(self.status_fact())
            .filter(|f| !f.is_empty())
            .into_iter()
            .collect();
        for seat in Seat::BOTH.into_iter().filter(|_| !in_setup) {
            let hand = &self.hands[seat.index()];
            let chips = match &hand.chips {
                Some(chips) if !chips.is_empty() => format!(" ({})", kinds(seat, chips)),
                _ => String::new(),
            };
            let limit = match self.limits[seat.index()] {
                Some(limit) => format!("limit {limit}"),
                None => "no true chip left".to_string(),
            };
            facts.push(format!(
                "{seat}'s hand: {} chip{}{chips}; {limit}.",
                hand.count,
                if hand.count == 1 { "" } else { "s" },
            ));
        }
        let out: Vec<String> = Seat::BOTH
            .iter()
            .filter(|s| !self.out[s.index()].is_empty())
            .map(|s| format!("{s} {}", kinds(*s, &self.out[s.index()])))
            .collect();
        if !out.is_empty() {
            facts.push(format!("Out of play: {}.", out.join("; ")));
        }
        let public: Vec<String> = self
            .chips
            .iter()
            .filter(|c| c.public)
            .map(|c| format!("{} {}", c.square, label(c.owner, c.up, c.down)))
            .collect();
        if !public.is_empty() {
            facts.push(format!("Shown to both sides: {}.", public.join(", ")));
        }
        if !self.no_flip.is_empty() && self.roll.is_none() && self.limbo.is_none() {
            facts.push(format!(
                "Not to be flipped this turn: {}.",
                list(&self.no_flip)
            ));
        }
        if let Viewer::Seat(seat) = self.viewer {
            let squares = &self.drop_squares[seat.index()];
            if !squares.is_empty() {
                facts.push(format!("Your drop squares: {}.", list(squares)));
            }
        }
        for seat in Seat::BOTH {
            let setup = &self.setups[seat.index()];
            match (&setup.text, &setup.salt) {
                (Some(text), Some(salt)) if self.ended => {
                    facts.push(format!("{seat}'s setup was: {text} (salt {salt})."))
                }
                (Some(text), Some(salt)) => {
                    facts.push(format!("{seat}'s setup (sealed): {text} (salt {salt})."))
                }
                (Some(text), None) => facts.push(format!("Your setup (sealed): {text}.")),
                _ => {}
            }
        }
        let commitments: Vec<String> = Seat::BOTH
            .iter()
            .filter_map(|s| {
                self.setups[s.index()]
                    .commitment
                    .as_ref()
                    .map(|c| format!("{s} {c}"))
            })
            .collect();
        if !commitments.is_empty()
            && !matches!(&self.status, Status::Ongoing(d) if d.iter().any(|d| d.duty == Duty::Sealed))
        {
            facts.push(format!("Setup commitments: {}.", commitments.join(", ")));
        }
        facts.extend(self.reveals.iter().map(|r| format!("Last: {r}")));
        let options = &self.settings;
        facts.push(format!(
            "Options: board={} memory={} retreat={} memory-flips={} setup={} dice={}.",
            options.shape.name(),
            on(options.memory),
            on(options.retreat),
            on(options.memory_flips),
            if options.free { "free" } else { "fixed" },
            options.dice
        ));
        Presentation {
            diagram: Some(diagram),
            legend,
            facts,
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        self.history.clone()
    }
}

fn on(flag: bool) -> &'static str {
    if flag { "on" } else { "off" }
}
