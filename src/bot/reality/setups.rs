//! The computer's own sealed setup, and the setups its sampler imagines for
//! an opponent whose setup is sealed: drawn at random among the legal ones,
//! with a lean towards the sensible.
//!
//! With the fixed setup the up faces are the diagram's and only the chips
//! behind them are chosen: any chip showing the square's face, and the
//! one left over in hand; half the time a true chip is kept back in hand,
//! where it cannot be caught. With the free setup the nine squares are
//! drawn from the half (or zone), the squares further from the enemy
//! likelier, each chip with either face up.

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::rules::Seat;
use crate::rules::geometry::Square;
use crate::rules::reality::Settings;
use crate::rules::reality::board::{Face, Kind, Shape};
use crate::rules::reality::setup::{Placement, Setup};

/// A legal setup for `seat`, drawn from `rng`.
pub fn random_setup(settings: &Settings, seat: Seat, rng: &mut StdRng) -> Setup {
    let setup = if settings.free {
        free(settings.shape, seat, rng)
    } else {
        fixed(seat, rng)
    };
    debug_assert!(
        setup.check(settings.shape, settings.free, seat).is_ok(),
        "{}",
        setup.text()
    );
    setup
}

fn fixed(seat: Seat, rng: &mut StdRng) -> Setup {
    let home = Shape::home(seat);
    loop {
        let mut kinds: Vec<Kind> = Kind::ALL.to_vec();
        kinds.shuffle(rng);
        // Keep a true chip back half the time: put it last, out of reach
        // of the squares below.
        if rng.random_bool(0.5)
            && let Some(i) = kinds.iter().position(|k| k.is_true() && !k.has(Face::P))
        {
            let kind = kinds.remove(i);
            kinds.push(kind);
        }
        let mut order: Vec<usize> = (0..home.len()).collect();
        order.shuffle(rng);
        let mut placements = Vec::new();
        for &i in &order {
            let (square, up) = home[i];
            let Some(at) = kinds.iter().position(|k| k.has(up)) else {
                break;
            };
            let kind = kinds.remove(at);
            placements.push(Placement {
                square,
                up,
                down: kind.other(up),
            });
        }
        if placements.len() == home.len() {
            return canonical(placements, kinds[0]);
        }
    }
}

fn free(shape: Shape, seat: Seat, rng: &mut StdRng) -> Setup {
    let area = shape.setup_area(seat);
    // Weight: the further from the middle of the board, the likelier.
    let depth = |sq: &Square| -> u32 {
        let rank = u32::from(sq.rank());
        match (shape, seat) {
            (Shape::Basic, Seat::White) => 4 - rank,
            (Shape::Basic, Seat::Black) => rank - 4,
            (Shape::Advanced, _) => 2,
        }
    };
    let mut squares: Vec<Square> = Vec::new();
    let mut left = area.clone();
    while squares.len() < 9 {
        let total: u32 = left.iter().map(|s| depth(s) * depth(s)).sum();
        let mut pick = rng.random_range(0..total);
        let i = left
            .iter()
            .position(|s| {
                let w = depth(s) * depth(s);
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .expect("a weight is picked");
        squares.push(left.remove(i));
    }
    let mut kinds: Vec<Kind> = Kind::ALL.to_vec();
    kinds.shuffle(rng);
    let hand = kinds.pop().expect("ten chips");
    let placements = squares
        .into_iter()
        .zip(kinds)
        .map(|(square, kind)| {
            let (a, b) = kind.faces();
            let (up, down) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
            Placement { square, up, down }
        })
        .collect();
    canonical(placements, hand)
}

fn canonical(mut placements: Vec<Placement>, hand: Kind) -> Setup {
    placements.sort_by_key(|p| (p.square.rank(), p.square.file()));
    Setup { placements, hand }
}
