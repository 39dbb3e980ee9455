//! Random games with random options. At every step:
//! - every view shows a down face exactly when its viewer may know it,
//!   judged by a knowledge tracker kept here from the actions and the
//!   states before and after (not from the game's own bookkeeping);
//! - no view, and no refusal, changes when the chips hidden from that
//!   viewer are shuffled among themselves (the view cannot depend on them);
//! - the legal actions are distinct, all accepted, their notation reads
//!   back, and the quick "any action?" agrees with the list;
//! - the position string reads back to the same position and actions.
//!
//! At the end the log replays, from the same entropy streams, to the same
//! state, and the state survives serialisation.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;
use crate::rules::reality::actions::{self, Action};
use crate::rules::reality::board::{Chip, ChipId, Face, Kind, Place, Shape};
use crate::rules::reality::view::RealityView;
use crate::rules::{View, Viewer};

const SEED: [u8; 32] = [42; 32];

fn pick<T: Clone>(rng: &mut Entropy, items: &[T]) -> T {
    items[rng.below(items.len() as u64) as usize].clone()
}

fn shuffle<T>(rng: &mut Entropy, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

/// A random legal setup, written as a player would (Black in lowercase).
pub(crate) fn random_setup(game: &RealityCheck, seat: Seat, rng: &mut Entropy) -> String {
    let settings = game.settings();
    let letters = |up: Face, down: Face| format!("{}/{}", up.letter_of(seat), down.letter_of(seat));
    let mut words = Vec::new();
    if settings.free {
        let mut area = settings.shape.setup_area(seat);
        shuffle(rng, &mut area);
        let mut kinds = Kind::ALL.to_vec();
        shuffle(rng, &mut kinds);
        for (square, kind) in area.iter().zip(&kinds[..9]) {
            let (a, b) = kind.faces();
            let (up, down) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            words.push(format!("{square}={}", letters(up, down)));
        }
        words.push(format!("hand={}", kinds[9].name_of(seat)));
    } else {
        'retry: loop {
            let mut kinds = Kind::ALL.to_vec();
            shuffle(rng, &mut kinds);
            words.clear();
            for (square, face) in Shape::home(seat) {
                let Some(i) = kinds.iter().position(|k| k.has(face)) else {
                    continue 'retry;
                };
                let kind = kinds.remove(i);
                words.push(format!("{square}={}", letters(face, kind.other(face))));
            }
            words.push(format!("hand={}", kinds[0].name()));
            break;
        }
    }
    format!("setup {}", words.join(" "))
}

/// Who knows both faces of each chip: kept from what the table showed.
struct Tracker {
    public: HashMap<ChipId, bool>,
}

impl Tracker {
    fn update(&mut self, before: &RealityCheck, action: &Action, after: &RealityCheck) {
        let mover = before.side;
        for (id, b) in before.all() {
            let a = after.chip(id);
            let known = self.public.entry(id).or_insert(false);
            match (b.place, a.place) {
                (_, Place::Hand) | (Place::Hand, _) | (Place::Box, _) => *known = false,
                (_, Place::Out) => *known = true,
                (Place::Board(_), Place::Board(_)) if b.up != a.up => *known = true,
                _ => {}
            }
            // Flips that leave the up face as it was (a true chip):
            let flipped_now = after.touched[mover.index()].contains(&id)
                && !before.touched[mover.index()].contains(&id)
                && matches!(b.place, Place::Board(_));
            if flipped_now && matches!(a.place, Place::Board(_)) {
                *known = true;
            }
        }
        if let Action::Capture {
            from,
            to,
            check: true,
        } = *action
        {
            let grid = before.grid();
            for square in [from, to] {
                let id = grid.at(square).expect("a Reality Check's chips");
                if !matches!(after.chip(id).place, Place::Hand | Place::Out) {
                    self.public.insert(id, true);
                }
            }
        }
    }
}

fn entitled(game: &RealityCheck, tracker: &Tracker, viewer: Viewer, id: ChipId) -> bool {
    game.outcome.is_some()
        || (!game.settings().memory && (viewer == Viewer::Seat(id.seat) || tracker.public[&id]))
}

fn check_view(game: &RealityCheck, tracker: &Tracker, viewer: Viewer) {
    let view = game.view(viewer);
    let grid = game.grid();
    let finished = game.outcome.is_some();
    assert_eq!(view.chips.len(), game.on_board().count());
    for chip in &view.chips {
        let id = grid.at(chip.square).expect("a view shows only real chips");
        let truth = game.chip(id);
        assert_eq!((chip.owner, chip.up), (id.seat, truth.up));
        assert_eq!(
            chip.down.is_some(),
            entitled(game, tracker, viewer, id),
            "{viewer:?} {chip:?} {}",
            game.position()
        );
        if let Some(down) = chip.down {
            assert_eq!(down, id.kind.other(truth.up));
        }
    }
    for seat in Seat::BOTH {
        let hand = &view.hands[seat.index()];
        assert_eq!(hand.count, game.hand(seat).len());
        assert_eq!(
            hand.chips.is_some(),
            finished || viewer == Viewer::Seat(seat)
        );
        let setup = &view.setups[seat.index()];
        assert!(setup.salt.is_none() || finished);
        assert!(
            setup.text.is_none() || finished || (viewer == Viewer::Seat(seat) && !game.started)
        );
    }
    if let Some(limbo) = &view.limbo {
        let id = game.limbo(limbo.owner).expect("a chip in limbo");
        assert_eq!(limbo.down.is_some(), entitled(game, tracker, viewer, id));
    }
    if game.settings().memory && !finished {
        assert!(view.history().is_empty());
    }
}

/// Swaps chips hidden from `viewer` among themselves where the table
/// cannot tell them apart: same owner and same up face on the board, or a
/// hand chip for a board chip it could stand in for.
fn scramble(game: &RealityCheck, viewer: Viewer, rng: &mut Entropy) -> RealityCheck {
    let mut twin = game.clone();
    if game.outcome.is_some() {
        return twin;
    }
    let seats: Vec<Seat> = match viewer {
        Viewer::Seat(seat) => vec![seat.other()],
        Viewer::Spectator => Seat::BOTH.to_vec(),
        Viewer::Host => Vec::new(),
    };
    let memory = game.settings().memory;
    for _ in 0..8 {
        let Some(&seat) = seats.get(rng.below(seats.len().max(1) as u64) as usize) else {
            break;
        };
        let hidden: Vec<ChipId> = Kind::ALL
            .into_iter()
            .map(|kind| ChipId { seat, kind })
            .filter(|id| {
                let chip = twin.chip(*id);
                matches!(chip.place, Place::Board(_)) && (!chip.public || memory)
            })
            .collect();
        let hand: Vec<ChipId> = twin
            .hand(seat)
            .into_iter()
            .map(|kind| ChipId { seat, kind })
            .collect();
        if hidden.is_empty() {
            break;
        }
        let a = pick(rng, &hidden);
        let others: Vec<ChipId> = hidden
            .iter()
            .chain(&hand)
            .copied()
            .filter(|b| *b != a && b.kind.has(twin.chip(a).up))
            .filter(|b| twin.chip(*b).place == Place::Hand || twin.chip(*b).up == twin.chip(a).up)
            .collect();
        if others.is_empty() {
            continue;
        }
        let b = pick(rng, &others);
        let (ca, cb) = (*twin.chip(a), *twin.chip(b));
        if cb.place == Place::Hand {
            *twin.chip_mut(b) = Chip {
                up: ca.up,
                place: ca.place,
                public: ca.public,
            };
            *twin.chip_mut(a) = Chip {
                up: a.kind.faces().0,
                place: Place::Hand,
                public: false,
            };
        } else {
            *twin.chip_mut(a) = Chip {
                place: cb.place,
                public: cb.public,
                ..ca
            };
            *twin.chip_mut(b) = Chip {
                place: ca.place,
                public: ca.public,
                ..cb
            };
        }
        for touched in twin.touched.iter_mut() {
            for id in touched.iter_mut() {
                if *id == a {
                    *id = b;
                } else if *id == b {
                    *id = a;
                }
            }
        }
    }
    twin
}

fn json(view: &RealityView) -> serde_json::Value {
    serde_json::to_value(view).expect("views serialise")
}

/// Texts a player might send, legal or not.
fn random_text(game: &RealityCheck, rng: &mut Entropy) -> String {
    let squares: Vec<String> = game
        .settings()
        .shape
        .geometry()
        .squares()
        .map(|s| s.to_string())
        .collect();
    let s = |rng: &mut Entropy| pick(rng, &squares);
    let face = |rng: &mut Entropy| pick(rng, &['P', 'N', 'B', 'R']);
    match rng.below(10) {
        0 => format!("{}-{} flip {}", s(rng), s(rng), s(rng)),
        1 => format!("{}-{}", s(rng), s(rng)),
        2 => format!("{}x{}", s(rng), s(rng)),
        3 => format!("rc {}x{}", s(rng), s(rng)),
        4 => format!("drop {}/{} {}", face(rng), face(rng), s(rng)),
        5 => format!("memory {} {} forfeit {}", s(rng), s(rng), s(rng)),
        6 => format!(
            "memory {} {} forfeit {}{}",
            s(rng),
            s(rng),
            face(rng),
            face(rng)
        ),
        7 => format!("flip {}", s(rng)),
        8 => pick(
            rng,
            &[
                "keep".to_string(),
                "refuse".to_string(),
                "c3-c4 flip".to_string(),
            ],
        ),
        _ => {
            let legal = notations(game, game.side);
            if legal.is_empty() {
                "keep".to_string()
            } else {
                pick(rng, &legal)
            }
        }
    }
}

/// Plays one random game; returns whether it finished and the kinds of
/// action played.
fn run(seed: u64, opts: &str) -> (bool, std::collections::BTreeSet<&'static str>) {
    let mut kinds = std::collections::BTreeSet::new();
    let mut rng = Entropy::new(SEED, seed);
    let mut game = new_game(opts);
    let mut log: Vec<(Seat, Action, u64)> = Vec::new();
    let mut tracker = Tracker {
        public: HashMap::new(),
    };
    let mut order = Seat::BOTH;
    shuffle(&mut rng, &mut order);
    for seat in order {
        let text = random_setup(&game, seat, &mut rng);
        let action = game
            .parse_action(seat, &text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let stream = log.len() as u64;
        let next = game
            .apply(seat, &action, &mut Entropy::new(SEED, stream))
            .unwrap()
            .state;
        tracker.update(&game, &action, &next);
        check_view(&next, &tracker, Viewer::Seat(seat.other()));
        log.push((seat, action, stream));
        game = next;
    }
    for _ply in 0..160 {
        for viewer in [
            Viewer::Seat(Seat::White),
            Viewer::Seat(Seat::Black),
            Viewer::Spectator,
        ] {
            check_view(&game, &tracker, viewer);
            let twin = scramble(&game, viewer, &mut rng);
            assert_eq!(
                json(&game.view(viewer)),
                json(&twin.view(viewer)),
                "{viewer:?} {}",
                game.position()
            );
            if let Viewer::Seat(seat) = viewer {
                for _ in 0..6 {
                    let text = random_text(&game, &mut rng);
                    assert_eq!(
                        game.parse_action(seat, &text),
                        twin.parse_action(seat, &text),
                        "{seat:?} {text}"
                    );
                }
            }
        }
        if game.outcome.is_some() {
            break;
        }
        let reread = at(&game.position(), opts);
        assert_eq!(reread.position(), game.position());
        let seat = game.side;
        let legal = game.legal_actions(seat);
        assert_eq!(reread.legal_actions(seat), legal);
        assert!(
            !legal.is_empty() && game.has_action(seat),
            "{}",
            game.position()
        );
        assert!(game.legal_actions(seat.other()).is_empty());
        let texts: Vec<String> = legal.iter().map(actions::notation).collect();
        let mut distinct = texts.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), texts.len(), "duplicate actions");
        for _ in 0..12 {
            let i = rng.below(legal.len() as u64) as usize;
            assert_eq!(game.parse_action(seat, &texts[i]).as_ref(), Ok(&legal[i]));
        }
        // Lean towards the rarer actions so that games reach them.
        let rare: Vec<Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::Move { .. }))
            .cloned()
            .collect();
        let action = if !rare.is_empty() && rng.below(3) > 0 {
            pick(&mut rng, &rare)
        } else {
            pick(&mut rng, &legal)
        };
        kinds.insert(match action {
            Action::Setup { .. } => "setup",
            Action::Move { .. } => "move",
            Action::Flip { .. } => "flip",
            Action::Drop { .. } => "drop",
            Action::Capture { check: false, .. } => "capture",
            Action::Capture { check: true, .. } => "reality check",
            Action::Keep => "keep",
            Action::Refuse => "refuse",
            Action::Memory { .. } => "memory",
        });
        let stream = log.len() as u64;
        let next = game
            .apply(seat, &action, &mut Entropy::new(SEED, stream))
            .unwrap()
            .state;
        tracker.update(&game, &action, &next);
        log.push((seat, action, stream));
        game = next;
    }
    let mut replayed = new_game(opts);
    for (seat, action, stream) in &log {
        replayed = replayed
            .apply(*seat, action, &mut Entropy::new(SEED, *stream))
            .unwrap()
            .state;
    }
    assert_eq!(replayed, game);
    let stored = serde_json::to_value(&game).unwrap();
    assert_eq!(
        serde_json::from_value::<RealityCheck>(stored).unwrap(),
        game
    );
    (game.outcome.is_some(), kinds)
}

fn options_text() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0u8..3,
    )
        .prop_map(|(advanced, memory, retreat, flips, free, dice)| {
            let on = |b: bool| if b { "on" } else { "off" };
            let board = if advanced {
                "board=advanced"
            } else if free {
                "setup=free"
            } else {
                "setup=fixed"
            };
            format!(
                "{board} memory={} retreat={} memory-flips={} dice={dice}",
                on(memory),
                on(retreat),
                on(flips)
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn random_games_never_leak_and_replay_to_the_same_state(seed in any::<u64>(), opts in options_text()) {
        run(seed, &opts);
    }
}

#[test]
fn a_fixed_sweep_of_random_games_plays_every_kind_of_action_and_finishes_games() {
    let mut finished = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let opts = [
            "",
            "retreat=on memory-flips=on",
            "board=advanced dice=2",
            "setup=free dice=1 memory=on",
        ][seed % 4];
        let (over, played) = run(seed as u64, opts);
        finished += usize::from(over);
        kinds.extend(played);
    }
    assert!(finished >= 3, "only {finished} of 12 games finished");
    let all = [
        "move",
        "flip",
        "drop",
        "capture",
        "reality check",
        "keep",
        "refuse",
        "memory",
    ];
    assert!(all.iter().all(|k| kinds.contains(k)), "{kinds:?}");
}

/// The board picture (PNG) a seat is mailed.
fn picture(game: &RealityCheck, viewer: Viewer) -> Vec<u8> {
    let presentation = game.view(viewer).present();
    crate::render::picture::png(presentation.diagram.as_ref().expect("a board"))
}

/// The board picture a seat is mailed is the same, to the byte, for two
/// states that differ only in chips hidden from that seat; the host, who
/// sees every down face, is shown the difference.
#[test]
fn the_picture_is_the_same_whatever_a_seat_may_not_know() {
    let (mut compared, mut seen_by_host) = (0, 0);
    for (number, opts) in ["", "board=advanced", "setup=free", "retreat=on dice=1"]
        .iter()
        .enumerate()
    {
        let mut rng = Entropy::new(SEED, 1000 + number as u64);
        let mut game = new_game(opts);
        for seat in Seat::BOTH {
            let text = random_setup(&game, seat, &mut rng);
            let action = game.parse_action(seat, &text).unwrap();
            game = game
                .apply(seat, &action, &mut Entropy::new(SEED, 0))
                .unwrap()
                .state;
        }
        for ply in 0..96u64 {
            if game.outcome.is_some() {
                break;
            }
            if ply % 8 == 4 {
                for seat in Seat::BOTH {
                    let viewer = Viewer::Seat(seat);
                    let twin = scramble(&game, viewer, &mut rng);
                    if twin == game {
                        continue;
                    }
                    assert_eq!(
                        picture(&game, viewer),
                        picture(&twin, viewer),
                        "{seat:?} {}",
                        game.position()
                    );
                    compared += 1;
                    if picture(&game, Viewer::Host) != picture(&twin, Viewer::Host) {
                        seen_by_host += 1;
                    }
                }
            }
            let seat = game.side;
            let action = pick(&mut rng, &game.legal_actions(seat));
            game = game
                .apply(seat, &action, &mut Entropy::new(SEED, ply + 1))
                .unwrap()
                .state;
        }
    }
    assert!(compared >= 20, "{compared} pictures compared");
    assert!(seen_by_host * 2 >= compared, "{seen_by_host} of {compared}");
}
