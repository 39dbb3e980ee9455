//! The position as both seats see it, as one number: where each chip
//! stands and which face it shows, the side to act, and how many chips
//! each hand and each out-pile holds. The search compares it with the
//! positions the game has already been in ([`Playable::seen`]), read from
//! the seat's views, so the same key must come from a view and from a
//! state.
//!
//! [`Playable::seen`]: crate::bot::Playable::seen

use crate::rules::geometry::Square;
use crate::rules::reality::RealityCheck;
use crate::rules::reality::board::{Face, Kind};
use crate::rules::reality::view::RealityView;
use crate::rules::{Seat, Status};

/// The key of `game`'s position (once both setups are in).
pub(super) fn of_state(game: &RealityCheck) -> u64 {
    let chips = game
        .chips_on_board()
        .map(|(id, square)| (square, id.seat, game.chip_of(id).up));
    let count = |seat| {
        (
            game.hand_of(seat).len(),
            Kind::ALL.iter().filter(|k| game.is_out(seat, **k)).count(),
        )
    };
    key(chips, game.side(), Seat::BOTH.map(count))
}

/// The key of the position a view shows, `None` before both setups are
/// in or once the game is over.
pub(super) fn of_view(view: &RealityView) -> Option<u64> {
    let side = match &view.status {
        Status::Ongoing(dues) if view.setups.iter().all(|s| s.submitted) => dues.first()?.seat,
        _ => return None,
    };
    let chips = view.chips.iter().map(|c| (c.square, c.owner, c.up));
    let count = |seat: Seat| (view.hands[seat.index()].count, view.out[seat.index()].len());
    Some(key(chips, side, Seat::BOTH.map(count)))
}

/// The chips mixed one by one and summed, so their order does not matter.
fn key(
    chips: impl Iterator<Item = (Square, Seat, Face)>,
    side: Seat,
    counts: [(usize, usize); 2],
) -> u64 {
    let chips = chips.fold(0u64, |sum, (square, seat, face)| {
        let packed = u64::from(square.file()) << 12
            | u64::from(square.rank()) << 4
            | (seat.index() as u64) << 3
            | face as u64;
        sum.wrapping_add(mix(packed))
    });
    let [(white_hand, white_out), (black_hand, black_out)] = counts;
    let rest = (side.index() as u64) << 40
        | (white_hand as u64) << 32
        | (white_out as u64) << 24
        | (black_hand as u64) << 16
        | (black_out as u64) << 8
        | 0xff;
    chips ^ mix(rest)
}

/// SplitMix64's finaliser: spreads a packed value over all 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
