//! What one seat knows of a game of Reality Check, read from every view it
//! was told, and the draw of a full state consistent with all of it.
//!
//! The views show every up face, and the down faces the seat may know; the
//! move lines (in the latest turn's news, which every view carries, with
//! `memory=on` too) show each action and what it revealed. From them the
//! belief follows each chip as a *segment*: a stretch of its life on the
//! board (or awaiting keep or refuse), from the setup or a drop to its
//! capture, refusal or forfeit. A segment's chip is one of the kinds
//! showing its face when it entered, unless a flip, a Reality Check or a
//! memory flip showed both faces, which fixes it for the whole stretch. A
//! chip out of play is a segment from then on. The one rule tying
//! segments together is that each side has one chip of each kind: two
//! segments of a side alive at the same time are different kinds. A hand
//! holds what the board, the limbo and the out-pile do not, so a drop took
//! a chip that was in hand; the seat's own hand is shown in full.
//!
//! Drawing a state is then a list colouring of an interval graph: the
//! segments whose kind is unknown, in the order they began, each get a kind
//! among those it may be that no overlapping segment has, depth first with
//! the choices in random order and pruning when a later segment runs out
//! of kinds. Every consistent assignment can come out (the search takes
//! each choice with some chance), and every one that comes out is
//! consistent, so each draw gives the seat exactly the view it was told.

use std::collections::HashMap;

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::setups::random_setup;
use crate::bot::BotError;
use crate::rules::geometry::Square;
use crate::rules::reality::board::{Chip, ChipId, Face, Kind, Place};
use crate::rules::reality::parts::Parts;
use crate::rules::reality::setup::{Placement, Sealed, Setup};
use crate::rules::reality::view::RealityView;
use crate::rules::reality::{LogEntry, RealityCheck, Settings};
use crate::rules::{Audience, Event, Seat, Status};

/// What a seat believes: the last view, and what it knows of the chips.
pub struct RealityBelief {
    seat: Seat,
    form: Form,
}

enum Form {
    /// The game is over: the archive shows everything.
    Known(RealityCheck),
    /// The setups are not both in: the seat's own setup (if sent) and the
    /// parts of the state the views show.
    Setup {
        own: Option<Setup>,
        template: Parts,
        commitments: [Option<String>; 2],
    },
    Play(Box<Play>),
}

/// A game under way, as the seat follows it.
struct Play {
    segments: Vec<Segment>,
    board: Vec<(Square, Tracked)>,
    limbo: Option<Tracked>,
    /// The segments the setups began with, on their squares.
    initial: [Vec<(Square, usize)>; 2],
    /// The chips the side to act flipped this turn (a roll still owed).
    this_turn: Vec<Square>,
    no_flip: Vec<Square>,
    out: [Vec<Kind>; 2],
    commitments: [Option<String>; 2],
    csp: [Csp; 2],
    template: Parts,
}

/// A stretch of one chip's life that the seat can follow.
#[derive(Clone, Debug)]
struct Segment {
    seat: Seat,
    /// The step it began at, and the step it ended at (exclusive).
    start: u32,
    end: Option<u32>,
    /// The face up when it entered the board (none for a chip out of play).
    entry: Option<Face>,
    known: Option<Kind>,
}

impl Segment {
    fn overlaps(&self, other: &Segment) -> bool {
        self.start < other.end.unwrap_or(u32::MAX) && other.start < self.end.unwrap_or(u32::MAX)
    }
}

/// A chip on the board (or awaiting keep or refuse), followed.
#[derive(Clone, Copy, Debug)]
struct Tracked {
    owner: Seat,
    seg: usize,
    up: Face,
    public: bool,
}

fn bad(text: impl Into<String>) -> BotError {
    BotError::Inconsistent(text.into())
}

/// One action as its news line tells it.
struct Line {
    actor: Seat,
    head: Vec<String>,
    notes: String,
    text: String,
}

/// The newest move line of a view's news: `White: c3-c4 flip e6 (...).`
fn news_line(view: &RealityView) -> Option<Line> {
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
fn flips_in(notes: &str) -> Vec<(Square, Face, Face)> {
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

fn single(text: &str) -> Option<Face> {
    let mut chars = text.chars();
    let face = Face::from_letter(chars.next()?)?;
    chars.next().is_none().then_some(face)
}

/// A Reality Check's note: the capturer's and the captured chip's kinds.
fn checked_in(notes: &str) -> Option<(Kind, Kind)> {
    let after = |key: &str| {
        let at = notes.find(key)? + key.len();
        Kind::parse(notes.get(at..at + 3)?)
    };
    Some((after("the capturer is ")?, after("the captured chip ")?))
}

/// Kinds in `now` and not in `before`.
fn added(before: &[Kind], now: &[Kind]) -> Vec<Kind> {
    now.iter()
        .filter(|k| !before.contains(k))
        .copied()
        .collect()
}

fn own_hand(view: &RealityView, seat: Seat) -> Vec<Kind> {
    view.hands[seat.index()].chips.clone().unwrap_or_default()
}

fn started(view: &RealityView) -> bool {
    view.setups.iter().all(|s| s.submitted)
}

/// Follows the chips along the views.
struct Tracker {
    me: Seat,
    memory: bool,
    segments: Vec<Segment>,
    board: HashMap<Square, Tracked>,
    limbo: Option<Tracked>,
    initial: [Vec<(Square, usize)>; 2],
    this_turn: Vec<Square>,
    time: u32,
    /// The move lines, for the log when the views show none (`memory=on`).
    lines: Vec<LogEntry>,
    /// The seat's own hand after each step (a bit per kind): with
    /// `memory=on` the seat may never have seen its own setup (the second
    /// setup in starts the game at once), and the hand, always shown in
    /// full, is what tells its own chips apart.
    own_hands: Vec<(u32, u16)>,
}

impl Tracker {
    fn segment(&mut self, seat: Seat, entry: Option<Face>, known: Option<Kind>) -> usize {
        self.segments.push(Segment {
            seat,
            start: self.time,
            end: None,
            entry,
            known,
        });
        self.segments.len() - 1
    }

    fn learn(&mut self, seg: usize, kind: Kind) -> Result<(), BotError> {
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

    fn end(&mut self, seg: usize) {
        self.segments[seg].end = Some(self.time);
    }

    /// The chips of the first view once play has begun.
    fn begin(&mut self, view: &RealityView, own: Option<&Setup>) -> Result<(), BotError> {
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

    fn take(&mut self, square: Square) -> Result<Tracked, BotError> {
        self.board
            .remove(&square)
            .ok_or_else(|| bad(format!("no chip followed on {square}")))
    }

    /// One action, from the view before it to the view after it.
    fn step(&mut self, prev: &RealityView, next: &RealityView) -> Result<(), BotError> {
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

    fn flip(
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
    fn reconcile(&mut self, view: &RealityView) -> Result<(), BotError> {
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

/// The segments of one side whose kind is unknown, and what ties them.
#[derive(Default)]
struct Csp {
    /// Unknown segments, in the order they began.
    vars: Vec<usize>,
    /// The kinds each may be (a bit per kind), given the known segments.
    domains: Vec<u16>,
    /// For each, the later unknown segments alive at the same time.
    later: Vec<Vec<usize>>,
    /// For each, all the unknown segments alive at the same time.
    near: Vec<Vec<usize>>,
}

fn bit(kind: Kind) -> u16 {
    1 << kind.index()
}

fn mask(kinds: &[Kind]) -> u16 {
    kinds.iter().fold(0, |m, k| m | bit(*k))
}

impl Csp {
    /// `hands`: the side's hand at some steps, where it was shown (a chip
    /// in hand then is no segment's alive then).
    fn new(seat: Seat, segments: &[Segment], hands: &[(u32, u16)]) -> Result<Csp, BotError> {
        let own: Vec<usize> = (0..segments.len())
            .filter(|&i| segments[i].seat == seat)
            .collect();
        for (n, &i) in own.iter().enumerate() {
            for &j in &own[n + 1..] {
                let (a, b) = (&segments[i], &segments[j]);
                if a.known.is_some() && a.known == b.known && a.overlaps(b) {
                    return Err(bad(format!("two chips {:?} at once", a.known)));
                }
            }
        }
        let mut vars: Vec<usize> = own
            .iter()
            .copied()
            .filter(|&i| segments[i].known.is_none())
            .collect();
        vars.sort_by_key(|&i| (segments[i].start, i));
        let domains = vars
            .iter()
            .map(|&v| {
                let segment = &segments[v];
                let mut domain = Kind::ALL
                    .into_iter()
                    .filter(|k| segment.entry.is_none_or(|f| k.has(f)))
                    .fold(0u16, |d, k| d | bit(k));
                for &(time, hand) in hands {
                    if segment.start <= time && time < segment.end.unwrap_or(u32::MAX) {
                        domain &= !hand;
                    }
                }
                for &o in &own {
                    if let Some(kind) = segments[o].known
                        && segments[o].overlaps(segment)
                    {
                        domain &= !bit(kind);
                    }
                }
                domain
            })
            .collect();
        let later = (0..vars.len())
            .map(|n| {
                (n + 1..vars.len())
                    .filter(|&m| segments[vars[n]].overlaps(&segments[vars[m]]))
                    .collect()
            })
            .collect();
        let near = (0..vars.len())
            .map(|n| {
                (0..vars.len())
                    .filter(|&m| m != n && segments[vars[n]].overlaps(&segments[vars[m]]))
                    .collect()
            })
            .collect();
        Ok(Csp {
            vars,
            domains,
            later,
            near,
        })
    }

    /// A kind for every unknown segment, drawn as the module says; `None`
    /// if there is none.
    fn draw(&self, rng: &mut StdRng) -> Option<Vec<Kind>> {
        let mut domains = self.domains.clone();
        let mut chosen = vec![Kind::PP; self.vars.len()];
        if !self.assign(0, &mut domains, &mut chosen, rng) {
            return None;
        }
        self.shuffle(&mut chosen, rng);
        Some(chosen)
    }

    /// Random steps among the consistent assignments, each proposal as
    /// likely as its reverse and taken when it keeps the assignment
    /// consistent: a segment's kind changed to one no segment alive with
    /// it has, or two segments' kinds swapped. The depth-first draw favours
    /// some assignments; these steps spread the draws towards all of them
    /// alike.
    fn shuffle(&self, chosen: &mut [Kind], rng: &mut StdRng) {
        let n = self.vars.len();
        if n == 0 {
            return;
        }
        let free = |chosen: &[Kind], v: usize, kind: Kind, except: usize| {
            self.domains[v] & bit(kind) != 0
                && self.near[v]
                    .iter()
                    .all(|&m| m == except || chosen[m] != kind)
        };
        for _ in 0..(6 * n).max(24) {
            let u = rng.random_range(0..n);
            if rng.random_bool(0.5) {
                let kind = Kind::ALL[rng.random_range(0..Kind::ALL.len())];
                if free(chosen, u, kind, usize::MAX) {
                    chosen[u] = kind;
                }
            } else {
                let v = rng.random_range(0..n);
                let (ku, kv) = (chosen[u], chosen[v]);
                if u != v && free(chosen, u, kv, v) && free(chosen, v, ku, u) {
                    chosen.swap(u, v);
                }
            }
        }
    }

    fn assign(&self, n: usize, domains: &mut [u16], chosen: &mut [Kind], rng: &mut StdRng) -> bool {
        if n == self.vars.len() {
            return true;
        }
        let mut options: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| domains[n] & bit(*k) != 0)
            .collect();
        options.shuffle(rng);
        for kind in options {
            let saved: Vec<u16> = self.later[n].iter().map(|&m| domains[m]).collect();
            let mut alive = true;
            for &m in &self.later[n] {
                domains[m] &= !bit(kind);
                alive &= domains[m] != 0;
            }
            if alive {
                chosen[n] = kind;
                if self.assign(n + 1, domains, chosen, rng) {
                    return true;
                }
            }
            for (&m, d) in self.later[n].iter().zip(saved) {
                domains[m] = d;
            }
        }
        false
    }
}

/// The parts every view shows alike, before the chips are drawn.
fn template(seat: Seat, last: &RealityView, log: Vec<LogEntry>) -> Parts {
    let started = started(last);
    let side = match &last.status {
        Status::Ongoing(dues) if started => dues.first().map_or(Seat::White, |d| d.seat),
        _ => Seat::White,
    };
    let reveals = last
        .reveals
        .iter()
        .map(|text| Event {
            audience: if text.starts_with("You") {
                Audience::Seat(seat)
            } else {
                Audience::Everyone
            },
            text: text.clone(),
        })
        .collect();
    let reveal_turn = log.last().map(|l| (l.seat, l.number));
    let outcome = match &last.status {
        Status::Finished(outcome) => Some(outcome.clone()),
        Status::Ongoing(_) => None,
    };
    let box_chips = Kind::ALL.map(|k| Chip {
        up: k.faces().0,
        place: Place::Box,
        public: false,
    });
    Parts {
        settings: last.settings,
        chips: [box_chips; 2],
        setups: [None, None],
        started,
        side,
        number: last.number,
        touched: [Vec::new(), Vec::new()],
        roll: last
            .roll
            .as_ref()
            .map(|r| r.dice.clone())
            .unwrap_or_default(),
        drops: last.drop_squares.clone(),
        outcome,
        log,
        reveals,
        reveal_turn,
        highlight: last.highlight.clone(),
    }
}

/// The log as the view shows it (both texts alike: the seat's view shows
/// its own text for its lines and the public one for the others').
fn shown_log(view: &RealityView) -> Vec<LogEntry> {
    view.history
        .iter()
        .map(|l| LogEntry {
            number: l.number,
            seat: l.seat,
            own: l.text.clone(),
            public: l.text.clone(),
        })
        .collect()
}

fn setup_lines(views: &[RealityView], seat: Seat) -> Vec<LogEntry> {
    let mut lines = Vec::new();
    let mut seen = [false; 2];
    for view in views {
        for s in Seat::BOTH {
            let shown = &view.setups[s.index()];
            if seen[s.index()] {
                continue;
            }
            if let Some(c) = &shown.commitment {
                seen[s.index()] = true;
                let public = format!("setup (sealed; commitment {c})");
                let own = match (&shown.text, s == seat) {
                    (Some(text), true) => format!("setup {text}"),
                    _ => public.clone(),
                };
                lines.push(LogEntry {
                    number: 0,
                    seat: s,
                    own,
                    public,
                });
            }
        }
    }
    lines
}

impl RealityBelief {
    pub fn new(seat: Seat, views: &[RealityView]) -> Result<RealityBelief, BotError> {
        let last = views.last().ok_or(BotError::NoView)?;
        if last.ended {
            return Ok(RealityBelief {
                seat,
                form: Form::Known(known(last)?),
            });
        }
        let own = views
            .iter()
            .find_map(|v| v.setups[seat.index()].text.as_deref())
            .map(|text| Setup::parse(text).map_err(bad))
            .transpose()?;
        let commitments = last.setups.clone().map(|s| s.commitment);
        let memory = last.settings.memory;
        let log = if memory {
            setup_lines(views, seat)
        } else {
            shown_log(last)
        };
        if !started(last) {
            return Ok(RealityBelief {
                seat,
                form: Form::Setup {
                    own,
                    template: template(seat, last, log),
                    commitments,
                },
            });
        }
        let first = views
            .iter()
            .position(started)
            .expect("the last view is started");
        let mut tracker = Tracker {
            me: seat,
            memory,
            segments: Vec::new(),
            board: HashMap::new(),
            limbo: None,
            initial: [Vec::new(), Vec::new()],
            this_turn: Vec::new(),
            time: 0,
            lines: Vec::new(),
            own_hands: Vec::new(),
        };
        tracker.begin(&views[first], own.as_ref())?;
        for pair in views[first..].windows(2) {
            tracker.step(&pair[0], &pair[1])?;
        }
        let mut log = log;
        if memory {
            log.append(&mut tracker.lines);
        }
        let csp = Seat::BOTH.map(|s| {
            let hands: &[(u32, u16)] = if s == seat { &tracker.own_hands } else { &[] };
            Csp::new(s, &tracker.segments, hands)
        });
        let [white, black] = csp;
        let csp = [white?, black?];
        let mut board: Vec<(Square, Tracked)> = tracker.board.into_iter().collect();
        board.sort_by_key(|(sq, _)| (sq.rank(), sq.file()));
        let play = Play {
            segments: tracker.segments,
            board,
            limbo: tracker.limbo,
            initial: tracker.initial,
            this_turn: tracker.this_turn,
            no_flip: last.no_flip.clone(),
            out: last.out.clone(),
            commitments,
            csp,
            template: template(seat, last, log),
        };
        let mut rng = <StdRng as rand::SeedableRng>::seed_from_u64(0);
        for csp in &play.csp {
            if csp.draw(&mut rng).is_none() {
                return Err(bad("no chips fit everything shown"));
            }
        }
        Ok(RealityBelief {
            seat,
            form: Form::Play(Box::new(play)),
        })
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The settings of the game.
    pub fn settings(&self) -> Settings {
        match &self.form {
            Form::Known(game) => *game.settings(),
            Form::Setup { template, .. } => template.settings,
            Form::Play(play) => play.template.settings,
        }
    }

    /// Whether the seat owes its sealed setup now.
    pub fn owes_setup(&self) -> bool {
        matches!(&self.form, Form::Setup { commitments, .. } if commitments[self.seat.index()].is_none())
    }

    /// A full state drawn among those consistent with the belief.
    pub fn sample(&self, rng: &mut StdRng) -> RealityCheck {
        match &self.form {
            Form::Known(game) => game.clone(),
            Form::Setup {
                own,
                template,
                commitments,
            } => {
                let mut parts = template.clone();
                for seat in Seat::BOTH {
                    let Some(commitment) = &commitments[seat.index()] else {
                        continue;
                    };
                    let setup = match own {
                        Some(own) if seat == self.seat => own.clone(),
                        _ => random_setup(&parts.settings, seat, rng),
                    };
                    parts.setups[seat.index()] = Some(Sealed {
                        setup,
                        salt: String::new(),
                        commitment: commitment.clone(),
                    });
                }
                RealityCheck::from_parts(parts)
            }
            Form::Play(play) => play.sample(rng),
        }
    }
}

impl Play {
    fn sample(&self, rng: &mut StdRng) -> RealityCheck {
        let mut kinds: Vec<Option<Kind>> = self.segments.iter().map(|s| s.known).collect();
        for csp in &self.csp {
            let drawn = csp
                .draw(rng)
                .expect("a belief is made only when its chips can be drawn");
            for (&v, kind) in csp.vars.iter().zip(drawn) {
                kinds[v] = Some(kind);
            }
        }
        let kind_of = |seg: usize| kinds[seg].expect("every segment has a kind");
        let mut parts = self.template.clone();
        parts.chips = [0, 1].map(|_| {
            Kind::ALL.map(|k| Chip {
                up: k.faces().0,
                place: Place::Hand,
                public: false,
            })
        });
        let mut put = |seat: Seat, kind: Kind, chip: Chip| {
            parts.chips[seat.index()][kind.index()] = chip;
        };
        for (square, chip) in &self.board {
            put(
                chip.owner,
                kind_of(chip.seg),
                Chip {
                    up: chip.up,
                    place: Place::Board(*square),
                    public: chip.public,
                },
            );
        }
        if let Some(chip) = &self.limbo {
            put(
                chip.owner,
                kind_of(chip.seg),
                Chip {
                    up: chip.up,
                    place: Place::Limbo,
                    public: chip.public,
                },
            );
        }
        for seat in Seat::BOTH {
            for kind in &self.out[seat.index()] {
                put(
                    seat,
                    *kind,
                    Chip {
                        up: kind.faces().0,
                        place: Place::Out,
                        public: true,
                    },
                );
            }
        }
        let id_at = |square: &Square| {
            self.board
                .iter()
                .find(|(sq, _)| sq == square)
                .map(|(_, chip)| ChipId {
                    seat: chip.owner,
                    kind: kind_of(chip.seg),
                })
        };
        let side = parts.side;
        parts.touched[side.other().index()] = self.no_flip.iter().filter_map(id_at).collect();
        parts.touched[side.index()] = self.this_turn.iter().filter_map(id_at).collect();
        for seat in Seat::BOTH {
            let Some(commitment) = &self.commitments[seat.index()] else {
                continue;
            };
            let mut placements: Vec<Placement> = self.initial[seat.index()]
                .iter()
                .map(|&(square, seg)| {
                    let kind = kind_of(seg);
                    let up = self.segments[seg].entry.expect("a chip on the board");
                    Placement {
                        square,
                        up,
                        down: kind.other(up),
                    }
                })
                .collect();
            placements.sort_by_key(|p| (p.square.rank(), p.square.file()));
            let hand = Kind::ALL
                .into_iter()
                .find(|k| !placements.iter().any(|p| p.kind() == *k))
                .unwrap_or(Kind::PP);
            parts.setups[seat.index()] = Some(Sealed {
                setup: Setup { placements, hand },
                salt: String::new(),
                commitment: commitment.clone(),
            });
        }
        RealityCheck::from_parts(parts)
    }
}

/// The whole state from the archive of a finished game, which shows all.
fn known(view: &RealityView) -> Result<RealityCheck, BotError> {
    let log = shown_log(view);
    let mut parts = template(Seat::White, view, log);
    parts.started = started(view);
    parts.reveals = view.reveals.iter().map(Event::public).collect();
    for seat in Seat::BOTH {
        for kind in view.hands[seat.index()].chips.clone().unwrap_or_default() {
            parts.chips[seat.index()][kind.index()] = Chip {
                up: kind.faces().0,
                place: Place::Hand,
                public: false,
            };
        }
        for kind in &view.out[seat.index()] {
            parts.chips[seat.index()][kind.index()] = Chip {
                up: kind.faces().0,
                place: Place::Out,
                public: true,
            };
        }
        let shown = &view.setups[seat.index()];
        if let (Some(text), Some(salt), Some(commitment)) =
            (&shown.text, &shown.salt, &shown.commitment)
        {
            parts.setups[seat.index()] = Some(Sealed {
                setup: Setup::parse(text).map_err(bad)?,
                salt: salt.clone(),
                commitment: commitment.clone(),
            });
        }
    }
    let mut ids = HashMap::new();
    for chip in &view.chips {
        let down = chip
            .down
            .ok_or_else(|| bad("an archive without a down face"))?;
        let kind = Kind::of(chip.up, down);
        ids.insert(
            chip.square,
            ChipId {
                seat: chip.owner,
                kind,
            },
        );
        parts.chips[chip.owner.index()][kind.index()] = Chip {
            up: chip.up,
            place: Place::Board(chip.square),
            public: chip.public,
        };
    }
    parts.side = match (&view.limbo, view.history.last()) {
        (Some(limbo), _) => limbo.owner,
        (None, Some(line)) if line.number > 0 => {
            let stays = line.text.starts_with("keep")
                || line.text.starts_with("refuse")
                || view.roll.is_some();
            if stays { line.seat } else { line.seat.other() }
        }
        _ => Seat::White,
    };
    if let Some(limbo) = &view.limbo {
        let down = limbo
            .down
            .ok_or_else(|| bad("an archive without a down face"))?;
        let kind = Kind::of(limbo.up, down);
        parts.chips[limbo.owner.index()][kind.index()] = Chip {
            up: limbo.up,
            place: Place::Limbo,
            public: false,
        };
    }
    let side = parts.side;
    parts.touched[side.other().index()] = view
        .no_flip
        .iter()
        .filter_map(|s| ids.get(s).copied())
        .collect();
    Ok(RealityCheck::from_parts(parts))
}
