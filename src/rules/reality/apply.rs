//! The effects of an action, told as events to whom they concern.
//!
//! Every action also adds a line to the log: the actor's own text, and the
//! text the opponent and spectators may read (a drop's down face and a
//! setup stay out of it). Events are built the same way: a public event
//! speaks only of what was shown on the table, a private one of the
//! recipient's own chips.

use super::actions::{Action, Forfeit};
use super::board::{Chip, ChipId, Face, Kind, Place, Shape, list};
use super::legal::{FlipMode, die_meaning};
use super::setup::{Sealed, Setup};
use super::{LogEntry, RealityCheck};
use crate::rules::entropy::commitment;
use crate::rules::geometry::Square;
use crate::rules::{Applied, Ending, Entropy, Event, Outcome, Seat};

/// What one action produced, gathered as it is applied.
#[derive(Default)]
struct Report {
    events: Vec<Event>,
    /// Public notes on the action's results: flips, rolls, reveals.
    notes: Vec<String>,
}

/// `n->r`: a flip as shown, in the owner's case.
fn turned(owner: Seat, from: Face, to: Face) -> String {
    format!("{}->{}", from.letter_of(owner), to.letter_of(owner))
}

/// `N/R`: both faces of a chip, up first, in the owner's case.
fn both(id: ChipId, up: Face) -> String {
    format!(
        "{}/{}",
        up.letter_of(id.seat),
        id.kind.other(up).letter_of(id.seat)
    )
}

impl RealityCheck {
    /// Applies a checked action.
    pub(super) fn play(
        &self,
        seat: Seat,
        action: &Action,
        entropy: &mut Entropy,
    ) -> Applied<RealityCheck> {
        let mut next = self.clone();
        let key = if self.started {
            (self.side, self.number)
        } else {
            (seat, 0)
        };
        if next.reveal_turn != Some(key) {
            next.reveals.clear();
            next.reveal_turn = Some(key);
        }
        let mut report = Report::default();
        let (own, public) = match *action {
            Action::Setup { ref setup } => next.setup(seat, setup, entropy, &mut report),
            Action::Move { from, to, flip } => next.quiet(from, to, flip, entropy, &mut report),
            Action::Flip { square } => {
                let shown = next.flip_at(square);
                report.notes.push(format!("{square} {shown}"));
                next.roll.remove(0);
                next.resolve_dice(&mut report);
                next.end_turn_unless_rolling();
                (format!("flip {square}"), format!("flip {square}"))
            }
            Action::Drop { up, down, to } => {
                let id = ChipId {
                    seat,
                    kind: Kind::of(up, down),
                };
                *next.chip_mut(id) = Chip {
                    up,
                    place: Place::Board(to),
                    public: false,
                };
                next.touched[seat.index()].push(id);
                report.events.push(Event::private(
                    seat,
                    format!("You dropped {up}/{down} on {to}."),
                ));
                next.end_turn();
                (
                    format!("drop {up}/{down} {to}"),
                    format!("drop {} {to}", up.letter_of(seat)),
                )
            }
            Action::Capture { from, to, check } => next.capture(seat, from, to, check, &mut report),
            Action::Keep => {
                let id = next.limbo(seat).expect("checked: a chip awaits");
                next.place(id, Place::Hand);
                report.notes.push(format!(
                    "the hand holds {}, over the limit of {}: this turn is a drop",
                    next.hand(seat).len(),
                    next.limit(seat)
                ));
                ("keep".to_string(), "keep".to_string())
            }
            Action::Refuse => {
                let id = next.limbo(seat).expect("checked: a chip awaits");
                let shown = both(id, next.chip(id).up);
                next.place(id, Place::Out);
                report.notes.push(format!("{shown} leaves play"));
                ("refuse".to_string(), "refuse".to_string())
            }
            Action::Memory {
                first,
                second,
                forfeit,
            } => next.memory(seat, first, second, forfeit, &mut report),
        };
        next.highlight = match *action {
            Action::Move { from, to, flip } => {
                [Some(from), Some(to), flip].into_iter().flatten().collect()
            }
            Action::Capture { from, to, .. } => vec![from, to],
            Action::Drop { to, .. } => vec![to],
            Action::Flip { square } => vec![square],
            Action::Memory { first, second, .. } => vec![first, second],
            Action::Setup { .. } | Action::Keep | Action::Refuse => Vec::new(),
        };
        let number = if self.started { self.number } else { 0 };
        let summary = if report.notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", report.notes.join("; "))
        };
        next.log.push(LogEntry {
            number,
            seat,
            own: format!("{own}{summary}"),
            public: format!("{public}{summary}"),
        });
        if self.started {
            report
                .events
                .insert(0, Event::public(format!("{seat}: {public}{summary}.")));
        }
        next.settle(&mut report);
        // What a turn revealed, for the views until the next turn; the
        // setups are news of their own notices only (a sealed setup
        // reveals nothing, and the views show the commitments).
        if self.started {
            next.reveals.extend(report.events.iter().cloned());
        }
        Applied {
            state: next,
            events: report.events,
        }
    }

    /// Moves a chip; a chip leaving the board leaves the flip bookkeeping,
    /// and one entering a hand becomes anonymous again.
    fn place(&mut self, id: ChipId, place: Place) {
        if !matches!(place, Place::Board(_)) {
            for touched in self.touched.iter_mut() {
                touched.retain(|t| *t != id);
            }
        }
        let chip = self.chip_mut(id);
        chip.place = place;
        match place {
            Place::Hand => chip.public = false,
            Place::Out => chip.public = true,
            Place::Box | Place::Board(_) | Place::Limbo => {}
        }
    }

    /// Flips the chip on `square` publicly; returns `n->r`.
    fn flip_at(&mut self, square: Square) -> String {
        let id = self.grid().at(square).expect("checked: a chip to flip");
        let side = self.side;
        let chip = self.chip_mut(id);
        let from = chip.up;
        chip.up = id.kind.other(from);
        chip.public = true;
        let to = chip.up;
        self.touched[side.index()].push(id);
        turned(id.seat, from, to)
    }

    fn setup(
        &mut self,
        seat: Seat,
        setup: &Setup,
        entropy: &mut Entropy,
        report: &mut Report,
    ) -> (String, String) {
        let text = setup.text();
        let salt = entropy.salt();
        let sealed_commitment = commitment(&text, &salt);
        self.setups[seat.index()] = Some(Sealed {
            setup: setup.clone(),
            salt,
            commitment: sealed_commitment.clone(),
        });
        report.events.push(Event::private(
            seat,
            format!(
                "Your setup is in: {text}. Its commitment is {sealed_commitment}; the salt stays sealed until the game ends."
            ),
        ));
        report.events.push(Event::public(format!(
            "{seat}'s setup is in (commitment {sealed_commitment})."
        )));
        if self.setups.iter().all(Option::is_some) {
            self.start(report);
        }
        (
            format!("setup {text}"),
            format!("setup (sealed; commitment {sealed_commitment})"),
        )
    }

    /// Both setups are in: the chips go on the board.
    fn start(&mut self, report: &mut Report) {
        let mut commitments = Vec::new();
        for seat in Seat::BOTH {
            let sealed = self.setups[seat.index()]
                .clone()
                .expect("both setups are in");
            for p in &sealed.setup.placements {
                *self.chip_mut(ChipId {
                    seat,
                    kind: p.kind(),
                }) = Chip {
                    up: p.up,
                    place: Place::Board(p.square),
                    public: false,
                };
            }
            self.chip_mut(ChipId {
                seat,
                kind: sealed.setup.hand,
            })
            .place = Place::Hand;
            self.drops[seat.index()] = match (self.settings.shape, self.settings.free) {
                (Shape::Basic, false) => Shape::home(seat).into_iter().map(|(sq, _)| sq).collect(),
                (Shape::Basic, true) => sealed.setup.placements.iter().map(|p| p.square).collect(),
                (Shape::Advanced, _) => Shape::zone(seat),
            };
            self.drops[seat.index()].sort_by_key(|s| (s.rank(), s.file()));
            commitments.push(format!("{seat} {}", sealed.commitment));
        }
        self.started = true;
        self.side = Seat::White;
        self.number = 1;
        report.events.push(Event::public(format!(
            "Both setups are in; each side now sees the other's up faces. Commitments: {}; each setup is revealed with its salt when the game ends, and {}. White moves first.",
            commitments.join(", "),
            crate::rules::entropy::COMMITMENT_RULE
        )));
    }

    fn quiet(
        &mut self,
        from: Square,
        to: Square,
        flip: Option<Square>,
        entropy: &mut Entropy,
        report: &mut Report,
    ) -> (String, String) {
        let mode = self.flip_mode();
        let id = self.grid().at(from).expect("checked: a chip to move");
        self.place(id, Place::Board(to));
        let mut text = format!("{from}-{to}");
        match mode {
            FlipMode::None => {}
            FlipMode::Choose => match flip {
                Some(square) => {
                    let shown = self.flip_at(square);
                    text = format!("{text} flip {square}");
                    report.notes.push(format!("{square} {shown}"));
                }
                None => report.notes.push("no chip may be flipped".to_string()),
            },
            FlipMode::Dice => {
                self.roll = (0..self.settings.dice).map(|_| entropy.die()).collect();
                let dice: Vec<String> = self.roll.iter().map(u8::to_string).collect();
                report.notes.push(format!("rolls {}", dice.join(" and ")));
                self.resolve_dice(report);
            }
        }
        self.end_turn_unless_rolling();
        (text.clone(), text)
    }

    /// Meets the dice in order while at most one chip qualifies; stops when
    /// the mover must choose.
    fn resolve_dice(&mut self, report: &mut Report) {
        while let Some(&die) = self.roll.first() {
            let meaning = die_meaning(die, self.side);
            match self.die_candidates(die).as_slice() {
                [] => report
                    .notes
                    .push(format!("{die}: no chip qualifies ({meaning}), no flip")),
                [only] => {
                    let only = *only;
                    let shown = self.flip_at(only);
                    report
                        .notes
                        .push(format!("{die}: only {only} qualifies, flipped {shown}"));
                }
                many => {
                    report.notes.push(format!(
                        "{die}: {} chooses which to flip ({meaning}): {}",
                        self.side,
                        list(many)
                    ));
                    return;
                }
            }
            self.roll.remove(0);
        }
    }

    fn end_turn_unless_rolling(&mut self) {
        if self.roll.is_empty() {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        let previous = self.side;
        self.side = previous.other();
        if previous == Seat::Black {
            self.number += 1;
        }
        self.touched[self.side.index()].clear();
    }

    /// A captured chip goes to its owner's hand, or waits for the owner's
    /// keep or refuse when the hand is at its limit. Returns the note.
    fn send_to_hand(&mut self, id: ChipId, square: Square, report: &mut Report) -> String {
        let owner = id.seat;
        let faces = both(id, self.chip(id).up);
        if self.hand(owner).len() + 1 > self.limit(owner) {
            self.place(id, Place::Limbo);
            report.events.push(Event::private(
                owner,
                format!("Your chip {faces} was captured on {square}; your hand is at its limit: `keep` or `refuse` it."),
            ));
            format!(
                "{owner}'s hand is at its limit of {}: {owner} keeps or refuses the chip at the start of their turn",
                self.limit(owner)
            )
        } else {
            self.place(id, Place::Hand);
            report.events.push(Event::private(
                owner,
                format!("Your chip {faces} from {square} is in your hand."),
            ));
            format!("the chip goes to {owner}'s hand")
        }
    }

    fn capture(
        &mut self,
        seat: Seat,
        from: Square,
        to: Square,
        check: bool,
        report: &mut Report,
    ) -> (String, String) {
        let grid = self.grid();
        let mover = grid.at(from).expect("checked: a capturer");
        let target = grid.at(to).expect("checked: a target");
        let shows = self.chip(target).up.letter_of(target.seat);
        if target.seat == seat {
            self.place(target, Place::Hand);
            report
                .notes
                .push(format!("{seat} takes back its own chip showing {shows}"));
            report.events.push(Event::private(
                seat,
                format!(
                    "Your chip {} from {to} is back in your hand.",
                    both(target, self.chip(target).up)
                ),
            ));
        } else if check {
            let (mover_up, target_up) = (self.chip(mover).up, self.chip(target).up);
            self.chip_mut(mover).public = true;
            self.chip_mut(target).public = true;
            report.notes.push(format!(
                "Reality Check: the capturer is {}, the captured chip {}",
                both(mover, mover_up),
                both(target, target_up)
            ));
            if mover.kind.is_true() && target.kind.is_true() {
                self.place(target, Place::Out);
                report
                    .notes
                    .push("both are true: the captured chip leaves play".to_string());
            } else {
                report.notes.push("not both true".to_string());
                let note = self.send_to_hand(target, to, report);
                report.notes.push(note);
            }
            report.notes.push(format!(
                "the capturer stays {} up",
                mover_up.letter_of(seat)
            ));
        } else {
            report.notes.push(format!("takes the chip showing {shows}"));
            let note = self.send_to_hand(target, to, report);
            report.notes.push(note);
        }
        self.place(mover, Place::Board(to));
        self.end_turn();
        let text = if check {
            format!("{from}x{to} check!")
        } else {
            format!("{from}x{to}")
        };
        (text.clone(), text)
    }

    fn memory(
        &mut self,
        seat: Seat,
        first: Square,
        second: Square,
        forfeit: Forfeit,
        report: &mut Report,
    ) -> (String, String) {
        let grid = self.grid();
        let (a, b) = (
            grid.at(first).expect("checked"),
            grid.at(second).expect("checked"),
        );
        let hidden_a = a.kind.other(self.chip(a).up);
        let hidden_b = b.kind.other(self.chip(b).up);
        let shown_a = self.flip_at(first);
        let shown_b = self.flip_at(second);
        report
            .notes
            .push(format!("{first} {shown_a}, {second} {shown_b}"));
        let forfeit_text = match forfeit {
            Forfeit::Square(sq) => sq.to_string(),
            Forfeit::Hand(kind) => kind.name(),
        };
        let own = format!("memory {first} {second} forfeit {forfeit_text}");
        if hidden_a == hidden_b {
            self.place(a, Place::Hand);
            self.place(b, Place::Hand);
            report.notes.push(format!(
                "the hidden faces match: both go to {}'s hand",
                seat.other()
            ));
            self.end_turn();
            (own, format!("memory {first} {second}"))
        } else {
            let (id, from) = match forfeit {
                Forfeit::Square(sq) => (grid.at(sq).expect("checked"), format!("from {sq}")),
                Forfeit::Hand(kind) => (ChipId { seat, kind }, "from hand".to_string()),
            };
            let shown = both(id, id.kind.faces().0);
            self.place(id, Place::Out);
            report.notes.push(format!(
                "the hidden faces differ: {seat} forfeits the true chip {shown} {from}, which leaves play"
            ));
            self.end_turn();
            (own.clone(), own)
        }
    }

    /// After every action: has someone won? Otherwise, can the side to act
    /// act at all? The end reveals both setups and their salts.
    fn settle(&mut self, report: &mut Report) {
        if self.outcome.is_some() || !self.started {
            return;
        }
        let side = self.side;
        self.outcome =
            if let Some(loser) = Seat::BOTH.into_iter().find(|s| self.trues_in_play(*s) == 0) {
                Some(Outcome::win(loser.other(), Ending::TrueChipsGone(loser)))
            } else if !self.has_action(side) {
                let reason = if self.over_limit(side) {
                    Ending::NoDropSquare(side)
                } else {
                    Ending::NoLegalAction(side)
                };
                Some(Outcome::win(side.other(), reason))
            } else {
                None
            };
        // How it ended is the referee's status line, told once; here only
        // what the end reveals.
        if self.outcome.is_none() {
            return;
        }
        report.events.extend(self.reveal_setups());
    }

    /// The end of a game shows both sealed setups with their salts.
    pub(super) fn reveal_setups(&self) -> Vec<Event> {
        let mut events = Vec::new();
        for seat in Seat::BOTH {
            if let Some(sealed) = &self.setups[seat.index()] {
                events.push(Event::public(format!(
                    "{seat}'s setup was: {} (salt {}; commitment {}; {}).",
                    sealed.setup.text(),
                    sealed.salt,
                    sealed.commitment,
                    crate::rules::entropy::COMMITMENT_RULE
                )));
            }
        }
        events
    }

    /// Whether the side to act has any legal action: [`Self::actions`]
    /// without listing every flip (it runs after every action).
    pub(super) fn has_action(&self, seat: Seat) -> bool {
        if self.limbo(seat).is_some() || !self.roll.is_empty() {
            return true;
        }
        let can_drop = !self.hand(seat).is_empty() && !self.free_drop_squares(seat).is_empty();
        if self.over_limit(seat) {
            return can_drop;
        }
        let grid = self.grid();
        let (hand, limit) = (self.hand(seat).len(), self.limit(seat));
        let first = self.first_turn();
        let mut theirs = 0;
        let mut forfeit = self.hand(seat).iter().any(|k| k.is_true());
        for (id, from) in self.on_board() {
            if id.seat != seat {
                theirs += 1;
                continue;
            }
            forfeit |= id.kind.is_true();
            let (quiet, takes) = grid.reach(from, self.chip(id).up);
            if !quiet.is_empty() {
                return true;
            }
            let capture = takes.iter().any(|t| {
                grid.at(*t).is_some_and(|target| {
                    target.seat != seat || (self.settings.retreat && hand < limit)
                })
            });
            if capture && !first {
                return true;
            }
        }
        !first && (can_drop || (self.settings.memory_flips && theirs >= 2 && forfeit))
    }
}

impl RealityCheck {
    /// Settles the outcome of a position read from a string (no events).
    pub(super) fn conclude(&mut self) {
        self.settle(&mut Report::default());
    }
}
