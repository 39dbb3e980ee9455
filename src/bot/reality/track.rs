//! Following each chip of a game of Reality Check along the views one seat
//! was told: the segments of its life (see `belief`), what each view's news
//! line shows of the action, and what every face shown fixes.

use std::collections::HashMap;

use crate::bot::BotError;
use crate::rules::Seat;
use crate::rules::geometry::Square;
use crate::rules::reality::LogEntry;
use crate::rules::reality::board::{Face, Kind};
use crate::rules::reality::setup::Setup;
use crate::rules::reality::view::RealityView;

/// A stretch of one chip's life that the seat can follow.
#[derive(Clone, Debug)]
pub(super) struct Segment {
    pub(super) seat: Seat,
    /// The step it began at, and the step it ended at (exclusive).
    pub(super) start: u32,
    pub(super) end: Option<u32>,
    /// The face up when it entered the board (none for a chip out of play).
    pub(super) entry: Option<Face>,
    pub(super) known: Option<Kind>,
}

impl Segment {
    pub(super) fn overlaps(&self, other: &Segment) -> bool {
        self.start < other.end.unwrap_or(u32::MAX) && other.start < self.end.unwrap_or(u32::MAX)
    }
}

/// A chip on the board (or awaiting keep or refuse), followed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tracked {
    pub(super) owner: Seat,
    pub(super) seg: usize,
    pub(super) up: Face,
    pub(super) public: bool,
}

pub(super) fn bad(text: impl Into<String>) -> BotError {
    BotError::Inconsistent(text.into())
}

/// A kind as a set of one: kinds are sets of bits, a bit per kind (the
/// hands the tracker records, the domains the colouring draws from).
pub(super) fn bit(kind: Kind) -> u16 {
    1 << kind.index()
}

/// A set of kinds, a bit per kind.
pub(super) fn mask(kinds: &[Kind]) -> u16 {
    kinds.iter().fold(0, |m, k| m | bit(*k))
}

/// One action as its news line tells it.
pub(super) struct Line {
    pub(super) actor: Seat,
    pub(super) head: Vec<String>,
    pub(super) notes: String,
    pub(super) text: String,
}

/// The newest move line of a view's news: `White: c3-c4 flip e6 (...).`
pub(super) fn news_line(view: &RealityView) -> Option<Line> {
    let (actor, text) = view.reveals.iter().rev().find_map(|r| {
        Seat::BOTH.into_iter().find_map(|s| {
            r.strip_prefix(&format!("{s}: "))
                .map(|rest| (s, rest.strip_suffix('.').unwrap_or(rest).to_string()))
        })
    })?;
    let (head, notes) = match text.find(" (") {
        Some(i) => (&text[..i], text[i + 2..].trim_end_matches(')').to_string()),
        None => (text.as_str(), String::new()),
    };
    Some(Line {
        actor,
        head: head
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect(),
        notes,
        text,
    })
}

/// The flips a line's notes report: `e6 n->r`, `3: only e6 qualifies,
/// flipped n->r`, a memory flip's `d7 n->r, e7 b->p`.
pub(super) fn flips_in(notes: &str) -> Vec<(Square, Face, Face)> {
    let mut flips = Vec::new();
    let mut pending: Option<Square> = None;
    for part in notes.split([';', ',']) {
        let words: Vec<&str> = part.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            if let Some((from, to)) = word.split_once("->") {
                let faces = single(from).zip(single(to));
                let square = if i > 0 && words[i - 1] != "flipped" {
                    Square::parse(words[i - 1])
                } else {
                    pending
                };
                if let (Some((from, to)), Some(square)) = (faces, square) {
                    flips.push((square, from, to));
                }
            }
            if *word == "only" {
                pending = words.get(i + 1).and_then(|w| Square::parse(w));
            }
        }
    }
    flips
}

pub(super) fn single(text: &str) -> Option<Face> {
    let mut chars = text.chars();
    let face = Face::from_letter(chars.next()?)?;
    chars.next().is_none().then_some(face)
}

/// A Reality Check's note: the capturer's and the captured chip's kinds.
pub(super) fn checked_in(notes: &str) -> Option<(Kind, Kind)> {
    let after = |key: &str| {
        let at = notes.find(key)? + key.len();
        Kind::parse(notes.get(at..at + 3)?)
    };
    Some((after("the capturer is ")?, after("the captured chip ")?))
}

/// Kinds in `now` and not in `before`.
pub(super) fn added(before: &[Kind], now: &[Kind]) -> Vec<Kind> {
    now.iter()
        .filter(|k| !before.contains(k))
        .copied()
        .collect()
}

pub(super) fn own_hand(view: &RealityView, seat: Seat) -> Vec<Kind> {
    view.hands[seat.index()].chips.clone().unwrap_or_default()
}

pub(super) fn started(view: &RealityView) -> bool {
    view.setups.iter().all(|s| s.submitted)
}

/// Follows the chips along the views.
pub(super) struct Tracker {
    pub(super) me: Seat,
    pub(super) memory: bool,
    pub(super) segments: Vec<Segment>,
    pub(super) board: HashMap<Square, Tracked>,
    pub(super) limbo: Option<Tracked>,
    pub(super) initial: [Vec<(Square, usize)>; 2],
    pub(super) this_turn: Vec<Square>,
    pub(super) time: u32,
    /// The move lines, for the log when the views show none (`memory=on`).
    pub(super) lines: Vec<LogEntry>,
    /// The seat's own hand after each step (a bit per kind): with
    /// `memory=on` the seat may never have seen its own setup (the second
    /// setup in starts the game at once), and the hand, always shown in
    /// full, is what tells its own chips apart.
    pub(super) own_hands: Vec<(u32, u16)>,
}

impl Tracker {
    pub(super) fn segment(
        &mut self,
        seat: Seat,
        entry: Option<Face>,
        known: Option<Kind>,
    ) -> usize {
        self.segments.push(Segment {
            seat,
            start: self.time,
            end: None,
            entry,
            known,
        });
        self.segments.len() - 1
    }

    pub(super) fn learn(&mut self, seg: usize, kind: Kind) -> Result<(), BotError> {
        let segment = &mut self.segments[seg];
        if segment.entry.is_some_and(|f| !kind.has(f)) {
            return Err(bad(format!("{kind:?} cannot have shown its entry face")));
        }
        match segment.known {
            Some(k) if k != kind => Err(bad(format!("a chip shown as {k:?} and as {kind:?}"))),
            _ => {
                segment.known = Some(kind);
                Ok(())
            }
        }
    }

    pub(super) fn end(&mut self, seg: usize) {
        self.segments[seg].end = Some(self.time);
    }

    /// The chips of the first view once play has begun.
    pub(super) fn begin(
        &mut self,
        view: &RealityView,
        own: Option<&Setup>,
    ) -> Result<(), BotError> {
        for chip in &view.chips {
            let mut known = chip.down.map(|d| Kind::of(chip.up, d));
            if chip.owner == self.me
                && let Some(p) =
                    own.and_then(|s| s.placements.iter().find(|p| p.square == chip.square))
            {
                known = Some(p.kind());
            }
            let seg = self.segment(chip.owner, Some(chip.up), None);
            if let Some(kind) = known {
                self.learn(seg, kind)?;
            }
            self.board.insert(
                chip.square,
                Tracked {
                    owner: chip.owner,
                    seg,
                    up: chip.up,
                    public: chip.public,
                },
            );
            self.initial[chip.owner.index()].push((chip.square, seg));
        }
        for seat in Seat::BOTH {
            for kind in &view.out[seat.index()] {
                self.segment(seat, None, Some(*kind));
            }
        }
        self.own_hands
            .push((self.time, mask(&own_hand(view, self.me))));
        if let Some(limbo) = &view.limbo {
            let seg = self.segment(limbo.owner, Some(limbo.up), None);
            if let Some(d) = limbo.down {
                self.learn(seg, Kind::of(limbo.up, d))?;
            }
            self.limbo = Some(Tracked {
                owner: limbo.owner,
                seg,
                up: limbo.up,
                public: false,
            });
        }
        Ok(())
    }

    pub(super) fn take(&mut self, square: Square) -> Result<Tracked, BotError> {
        self.board
            .remove(&square)
            .ok_or_else(|| bad(format!("no chip followed on {square}")))
    }

    /// One action, from the view before it to the view after it.
    pub(super) fn step(&mut self, prev: &RealityView, next: &RealityView) -> Result<(), BotError> {
        let line = news_line(next).ok_or_else(|| bad("a move without its news line"))?;
        self.time += 1;
        self.lines.push(LogEntry {
            number: prev.number,
            seat: line.actor,
            own: line.text.clone(),
            public: line.text.clone(),
        });
        let actor = line.actor;
        let outs = Seat::BOTH.map(|s| added(&prev.out[s.index()], &next.out[s.index()]));
        let square = |word: &str| Square::parse(word).ok_or_else(|| bad(format!("{word:?}")));
        let words: Vec<&str> = line.head.iter().map(String::as_str).collect();
        // Chips that left the board this step, for their out-pile kind.
        let mut flipped = Vec::new();
        match words.as_slice() {
            ["keep"] => {
                let held = self
                    .limbo
                    .take()
                    .ok_or_else(|| bad("keep without a chip"))?;
                self.end(held.seg);
            }
            ["refuse"] => {
                let held = self
                    .limbo
                    .take()
                    .ok_or_else(|| bad("refuse without a chip"))?;
                if let [kind] = outs[held.owner.index()].as_slice() {
                    self.learn(held.seg, *kind)?;
                }
                self.end(held.seg);
            }
            ["flip", _] => {}
            ["drop", _, to] => {
                let to = square(to)?;
                let chip = next
                    .chips
                    .iter()
                    .find(|c| c.square == to)
                    .ok_or_else(|| bad(format!("no chip dropped on {to}")))?;
                let known = if actor == self.me {
                    match added(&own_hand(next, actor), &own_hand(prev, actor)).as_slice() {
                        [kind] => Some(*kind),
                        _ => return Err(bad("a drop that left the hand as it was")),
                    }
                } else {
                    None
                };
                let seg = self.segment(actor, Some(chip.up), None);
                if let Some(kind) = known {
                    self.learn(seg, kind)?;
                }
                self.board.insert(
                    to,
                    Tracked {
                        owner: actor,
                        seg,
                        up: chip.up,
                        public: false,
                    },
                );
            }
            ["memory", a, b, rest @ ..] => {
                let (a, b) = (square(a)?, square(b)?);
                for (sq, from, to) in flips_in(&line.notes) {
                    self.flip(sq, from, to, &mut flipped)?;
                }
                let gone = |sq: Square| !next.chips.iter().any(|c| c.square == sq);
                if gone(a) && gone(b) {
                    for sq in [a, b] {
                        let chip = self.take(sq)?;
                        self.end(chip.seg);
                    }
                } else if let ["forfeit", f] = rest
                    && let Some(sq) = Square::parse(f)
                    && gone(sq)
                {
                    let chip = self.take(sq)?;
                    if let [kind] = outs[actor.index()].as_slice() {
                        self.learn(chip.seg, *kind)?;
                    }
                    self.end(chip.seg);
                }
                flipped.clear();
            }
            [capture] | [capture, "check!"] if capture.contains('x') => {
                let (from, to) = capture.split_once('x').expect("checked");
                let (from, to) = (square(from)?, square(to)?);
                let mut mover = self.take(from)?;
                let mut target = self.take(to)?;
                if words.len() == 2 {
                    let (a, b) = checked_in(&line.notes)
                        .ok_or_else(|| bad("a Reality Check without its faces"))?;
                    self.learn(mover.seg, a)?;
                    self.learn(target.seg, b)?;
                    mover.public = true;
                    target.public = true;
                }
                self.board.insert(to, mover);
                let owner = target.owner;
                if owner != actor && next.limbo.is_some() {
                    self.limbo = Some(target);
                } else {
                    if owner != actor
                        && let [kind] = outs[owner.index()].as_slice()
                    {
                        self.learn(target.seg, *kind)?;
                    }
                    self.end(target.seg);
                }
            }
            [mv, ..] if mv.contains('-') => {
                let (from, to) = mv.split_once('-').expect("checked");
                let (from, to) = (square(from)?, square(to)?);
                let chip = self.take(from)?;
                self.board.insert(to, chip);
            }
            _ => return Err(bad(format!("an action not understood: {}", line.text))),
        }
        if !words.starts_with(&["memory"]) {
            for (sq, from, to) in flips_in(&line.notes) {
                self.flip(sq, from, to, &mut flipped)?;
            }
        }
        for seat in Seat::BOTH {
            for kind in &outs[seat.index()] {
                self.segment(seat, None, Some(*kind));
            }
        }
        self.this_turn = if next.roll.is_some() {
            let mut done = if prev.roll.is_some() {
                std::mem::take(&mut self.this_turn)
            } else {
                Vec::new()
            };
            done.extend(flipped);
            done
        } else {
            Vec::new()
        };
        self.own_hands
            .push((self.time, mask(&own_hand(next, self.me))));
        self.reconcile(next)
    }

    pub(super) fn flip(
        &mut self,
        square: Square,
        from: Face,
        to: Face,
        flipped: &mut Vec<Square>,
    ) -> Result<(), BotError> {
        let chip = *self
            .board
            .get(&square)
            .ok_or_else(|| bad(format!("a flip on {square}, where no chip is followed")))?;
        if chip.up != from {
            return Err(bad(format!(
                "a flip from {from:?} of a chip showing {:?}",
                chip.up
            )));
        }
        self.learn(chip.seg, Kind::of(from, to))?;
        let chip = self.board.get_mut(&square).expect("just seen");
        chip.up = to;
        chip.public = true;
        flipped.push(square);
        Ok(())
    }

    /// The chips followed must be the chips the view shows; what the view
    /// shows of their faces is learnt.
    pub(super) fn reconcile(&mut self, view: &RealityView) -> Result<(), BotError> {
        if view.chips.len() != self.board.len() {
            return Err(bad("the chips followed are not the chips shown"));
        }
        for chip in &view.chips {
            let tracked = *self
                .board
                .get(&chip.square)
                .ok_or_else(|| bad(format!("a chip on {} not followed", chip.square)))?;
            if tracked.owner != chip.owner || tracked.up != chip.up {
                return Err(bad(format!(
                    "the chip on {} is not as followed",
                    chip.square
                )));
            }
            if let Some(d) = chip.down {
                self.learn(tracked.seg, Kind::of(chip.up, d))?;
            }
            if !self.memory {
                self.board.get_mut(&chip.square).expect("seen").public = chip.public;
            }
        }
        match (&view.limbo, self.limbo) {
            (None, None) => Ok(()),
            (Some(shown), Some(held)) if shown.owner == held.owner && shown.up == held.up => {
                if let Some(d) = shown.down {
                    self.learn(held.seg, Kind::of(shown.up, d))?;
                }
                Ok(())
            }
            _ => Err(bad(
                "the captured chip awaiting a decision is not as followed",
            )),
        }
    }
}
