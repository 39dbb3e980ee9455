//! Reality Check for the computer: every variant (memory, retreat, memory
//! flips, the free setup, the advanced board, dice).
//!
//! What the seat cannot see is the down face of the opponent's chips that
//! were never shown, the chips in the opponent's hand, and during the
//! setup the opponent's sealed setup. [`belief`] follows every chip along
//! the views and draws the hidden faces consistent with all that was ever
//! shown; [`setups`] draws the computer's own sealed setup from its seed
//! (the setups are not listed for the search: there are far too many).
//!
//! The search chooses a quiet move and its flip in two steps
//! ([`Playable::stage`]) and tries Reality Checks and captures before
//! quiet moves ([`Playable::urgency`]): a node lists hundreds of actions,
//! and the few that remove or take a chip are the replies a move is judged
//! by. The evaluation ([`exchanges`]) counts what wins: each side's true
//! chips still in play (the game is won by removing all four), the threats
//! among them, less for a true chip the enemy knows, a little for the
//! faces' reach and against a full hand; a chip the side to move can take
//! counts as taken; and it plays out the Reality Checks on the board a few
//! plies deep, a removal on a guess (of a chip not known true) counting
//! for half a chip.
//! A position that comes back ([`seen`]: chips, up faces, hands, side) is
//! scored even by the search: two players shuffling a knight and flipping
//! the same chip back and forth would otherwise go on for ever.
//! The search reads every score around the difference in true chips at
//! its root ([`Playable::centre`]): three chips to one, losing the last
//! one at once and keeping it were both within a hundredth of a value of
//! 0 or 1, and the search, unable to tell them apart, played at random.

mod belief;
mod colouring;
mod exchanges;
mod seen;
mod setups;
mod track;

use rand::rngs::StdRng;

use self::belief::RealityBelief;
pub use self::setups::random_setup;
use super::{BotError, Playable};
use crate::rules::geometry::Square;
use crate::rules::reality::RealityCheck;
use crate::rules::reality::actions::{self, Action, Forfeit};
use crate::rules::reality::board::{ChipId, Face};
use crate::rules::reality::view::RealityView;
use crate::rules::{Game, Options, Seat};

impl Playable for RealityCheck {
    type Told = RealityView;
    type Belief = RealityBelief;
    type Key = u32;

    const WIDENING: bool = true;

    /// Less exploring than the default 0.5: with progressive widening a
    /// node's few children are the replies that matter, and a line that
    /// loses a true chip should lose its visits quickly. (In memory, 800
    /// iterations a move, against the same search at 0.5: 0.67 over 90
    /// games on three seeds, 54 won and 24 lost; the unchanged search
    /// scored 0.35 against itself on one of them, where 0.3 scored 0.77;
    /// 0.2 won 8 and lost 13 of 22.)
    const EXPLORATION: f64 = 0.3;

    fn believe(
        seat: Seat,
        _options: &Options,
        told: &[RealityView],
    ) -> Result<RealityBelief, BotError> {
        RealityBelief::new(seat, told, None)
    }

    /// The seat's own setup, if it sent one, from what it wrote.
    fn recall(
        seat: Seat,
        _options: &Options,
        told: &[RealityView],
        sent: &[String],
    ) -> Result<RealityBelief, BotError> {
        let setup = sent.iter().find_map(|text| match actions::parse(text) {
            Ok(Action::Setup { setup }) => Some(setup),
            _ => None,
        });
        RealityBelief::new(seat, told, setup)
    }

    fn sample(belief: &RealityBelief, rng: &mut StdRng) -> RealityCheck {
        belief.sample(rng)
    }

    fn seen(belief: &RealityBelief) -> Vec<u64> {
        belief.seen().to_vec()
    }

    fn public_position(&self) -> Option<u64> {
        self.is_started().then(|| seen::of_state(self))
    }

    fn unlisted(belief: &RealityBelief, seat: Seat, rng: &mut StdRng) -> Option<String> {
        (belief.seat() == seat && belief.owes_setup())
            .then(|| {
                let setup = random_setup(&belief.settings(), seat, rng);
                Action::Setup { setup }
            })
            .map(|action| actions::notation(&action))
    }

    /// Every legal action but, with `memory=on`, a memory flip whose
    /// forfeit is a chip on the board: there the seat may not know which
    /// of its own chips are true (its views show no down faces, and the
    /// second setup in is never shown back to its sender), so such a
    /// forfeit could be refused; its hand, always shown, gives the others.
    fn choices_into(&self, seat: Seat, into: &mut Vec<Action>) {
        into.clear();
        into.extend(self.legal_actions(seat));
        if self.settings().memory {
            into.retain(|a| {
                !matches!(
                    a,
                    Action::Memory {
                        forfeit: Forfeit::Square(_),
                        ..
                    }
                )
            });
        }
    }

    /// A quiet move with a flip is chosen in two steps, the move and then
    /// the chip to flip: twenty-odd moves times twenty-odd chips make a
    /// node of hundreds of actions, too many to look past within a move's
    /// time.
    fn stage(&self, observer: Seat, actor: Seat, action: &Action) -> Option<u32> {
        match action {
            Action::Move {
                from,
                to,
                flip: Some(_),
            } => {
                let bare = Action::Move {
                    from: *from,
                    to: *to,
                    flip: None,
                };
                Some(STAGE | self.key(observer, actor, &bare))
            }
            _ => None,
        }
    }

    /// Reality Checks first, then other captures and memory flips: a node
    /// has hundreds of quiet moves with a flip, and the few actions that
    /// remove or take a chip are the replies a move must be judged by. A
    /// retreat (`retreat=on`: taking one's own chip back to hand) threatens
    /// nothing, so it waits with the quiet moves.
    fn urgency(&self, action: &Action) -> u8 {
        match action {
            Action::Capture { from, to, .. }
                if self.settings().retreat
                    && chip_at(self, *from).map(|c| c.seat)
                        == chip_at(self, *to).map(|c| c.seat) =>
            {
                0
            }
            Action::Capture { check: true, .. } => 3,
            Action::Capture { check: false, .. } | Action::Memory { .. } => 2,
            Action::Drop { .. } => 1,
            Action::Setup { .. }
            | Action::Move { .. }
            | Action::Flip { .. }
            | Action::Keep
            | Action::Refuse => 0,
        }
    }

    /// The flips owed to the dice: with `dice=2` the enemy's reply would
    /// otherwise be three choices below the move.
    fn finishes_turn(&self, _actor: Seat) -> bool {
        self.owes_dice_flip()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        self.evaluate_around(seat, 0.0)
    }

    /// The difference in true chips in play, public: a search two chips
    /// up or down would otherwise see every line at nearly 1 or 0, losing
    /// the last chip hardly below keeping it, and play at random.
    fn centre(&self, seat: Seat) -> f64 {
        self.true_chips_in_play(seat) as f64 - self.true_chips_in_play(seat.other()) as f64
    }

    fn evaluate_around(&self, seat: Seat, centre: f64) -> f64 {
        let score = exchanges::settled(&exchanges::Board::of(self), seat);
        value(score - centre)
    }

    /// An even worth, centred: a side ahead does not take going round in
    /// circles for keeping its lead, nor a side behind for losing ground.
    fn even_around(centre: f64) -> f64 {
        value(-centre)
    }

    /// The action as `observer` tells it apart, packed in a number: the
    /// opponent's drop without its down face, the opponent's memory flip
    /// without its forfeit. A Reality Check also carries whether its
    /// capturer is true: the actor knows it, and the check shows it to
    /// both, so the opponent is searched as checking with its true chips
    /// rather than as guessing like the observer.
    fn key(&self, observer: Seat, actor: Seat, action: &Action) -> u32 {
        let own = observer == actor;
        let sq = |s: &Square| 1 + u32::from(s.file()) * 10 + u32::from(s.rank());
        let face = |f: &Face| *f as u32;
        match action {
            Action::Setup { .. } => 0,
            Action::Move { from, to, flip } => {
                1 | sq(from) << 4 | sq(to) << 11 | flip.as_ref().map_or(0, sq) << 18
            }
            Action::Flip { square } => 2 | sq(square) << 4,
            Action::Drop { up, down, to } => {
                let down = if own { 1 + face(down) } else { 0 };
                3 | sq(to) << 4 | face(up) << 11 | down << 13
            }
            Action::Capture { from, to, check } => {
                let known = !own && *check && true_at(self, *from);
                4 | sq(from) << 4 | sq(to) << 11 | u32::from(*check) << 18 | u32::from(known) << 19
            }
            Action::Keep => 5,
            Action::Refuse => 6,
            Action::Memory {
                first,
                second,
                forfeit,
            } => {
                let forfeit = match forfeit {
                    _ if !own => 0,
                    Forfeit::Square(s) => sq(s),
                    Forfeit::Hand(kind) => 100 + kind.index() as u32,
                };
                7 | sq(first) << 4 | sq(second) << 11 | forfeit << 18
            }
        }
    }
}

/// The chip on `square`, if any.
fn chip_at(game: &RealityCheck, square: Square) -> Option<ChipId> {
    game.chips_on_board()
        .find(|(_, sq)| *sq == square)
        .map(|(id, _)| id)
}

/// Whether the chip on `square` is a true chip (false if there is none).
fn true_at(game: &RealityCheck, square: Square) -> bool {
    chip_at(game, square).is_some_and(|id| id.kind.is_true())
}

/// A worth (in true chips, centred) as a value from 0 to 1.
fn value(worth: f64) -> f64 {
    1.0 / (1.0 + (-SHARPNESS * worth).exp())
}

/// How steeply a difference in worth becomes a value: the search's
/// exploration is set for values spread over 0 to 1, and the terms that
/// make progress (a face's reach, a full hand, pressing a lead) move the
/// worth by hundredths, which at a slope of 1 the search cannot tell from
/// its exploring. At 3 a true chip is worth 0.95 against 0.5. (Against
/// greedy at 3,000 iterations, 32 games each: 0.64 at 1, 0.75 at 3, 0.63
/// at 6 over 16; see BENCHMARKS.md. The greedy player, which takes the
/// best value, is the same at any slope.)
const SHARPNESS: f64 = 3.0;

/// The mark of a stage's key (no action's key has this bit).
const STAGE: u32 = 1 << 31;
