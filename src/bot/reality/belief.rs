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

use rand::rngs::StdRng;

use super::colouring::Csp;
use super::seen;
use super::setups::random_setup;
use super::track::{Segment, Tracked, Tracker, bad, started};
use crate::bot::BotError;
use crate::rules::geometry::Square;
use crate::rules::reality::board::{Chip, ChipId, Kind, Place};
use crate::rules::reality::parts::Parts;
use crate::rules::reality::setup::{Placement, Sealed, Setup};
use crate::rules::reality::view::RealityView;
use crate::rules::reality::{LogEntry, RealityCheck, Settings};
use crate::rules::{Audience, Event, Seat, Status};

/// What a seat believes: the last view, and what it knows of the chips.
pub struct RealityBelief {
    seat: Seat,
    form: Form,
    /// The keys of the positions the views showed since both setups were
    /// in ([`super::seen`]).
    seen: Vec<u64>,
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
        log: log.into_iter().collect(),
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
    /// The belief from the views and, where no view showed it, the setup
    /// the seat remembers sending (`memory=on` never shows the second
    /// setup in to its sender).
    pub fn new(
        seat: Seat,
        views: &[RealityView],
        remembered: Option<Setup>,
    ) -> Result<RealityBelief, BotError> {
        let last = views.last().ok_or(BotError::NoView)?;
        let seen = views.iter().filter_map(seen::of_view).collect();
        if last.ended {
            return Ok(RealityBelief {
                seat,
                form: Form::Known(known(last)?),
                seen,
            });
        }
        let own = views
            .iter()
            .find_map(|v| v.setups[seat.index()].text.as_deref())
            .map(|text| Setup::parse(text).map_err(bad))
            .transpose()?
            .or(remembered);
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
                seen,
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
            seen,
        })
    }

    /// The keys of the positions the game has been in, as the views
    /// showed them.
    pub fn seen(&self) -> &[u64] {
        &self.seen
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
