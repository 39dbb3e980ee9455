//! The order of one turn.
//!
//! One turn, as `RULINGS.md` orders it: the move is applied; if it captured
//! the piece carrying the opponent's alter ego the mover wins. Otherwise the
//! opponent's sealed decision (if any) is revealed, checkmate and the
//! automatic draws are looked at, a draw claimed with the move ends the
//! game, and if the move was a death move the mover decides (in the same
//! action, blind, or in a following `Decide`). Then the turn comes to the
//! opponent, and only then is their commitment looked at
//! ([`BluffChess::begin_turn`]): a committed piece that cannot move loses
//! the turn, or the game when in check (empty mate).

use super::piece_name;
use super::state::{Turn, automatic_outcome};
use super::{BluffChess, Decision, Sealed};
use crate::rules::chess::{self, DrawRule, Move, Position, ending_event};
use crate::rules::geometry::Square;
use crate::rules::{Ending, Entropy, Event, Outcome, Seat};

/// Tells `seat` that the decision sent with `san` was not used: the move
/// ended the game.
fn unused_decision(seat: Seat, san: &str, decision: Option<Decision>, events: &mut Vec<Event>) {
    if let Some(decision) = decision {
        events.push(Event::private(
            seat,
            format!("{san} ended the game, so your decision ({decision}) was not needed and was ignored."),
        ));
    }
}

/// Whether `mv`, played by the side to move in `before`, is a death move:
/// afterwards the opponent has a legal move capturing the turn piece (only
/// from `committed`, the opponent's committed piece, if any).
pub fn is_death_move(before: &Position, mv: &Move, committed: Option<Square>) -> bool {
    let after = before.play(mv);
    after.legal_moves().iter().any(|m| {
        after.captured_square(m) == Some(mv.to) && committed.is_none_or(|square| m.from == square)
    })
}

impl BluffChess {
    /// Ends the game; every decision still sealed is shown to everyone, and
    /// no decision is owed any more.
    pub(super) fn finish(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        for seat in Seat::BOTH {
            self.reveal(seat, events);
        }
        self.deciding = None;
        self.outcome = Some(outcome);
    }

    /// Ends the game, still on, on `seat`'s draw claim: announced in
    /// chess's words, then every sealed decision is shown.
    pub(super) fn settle_claim(&mut self, seat: Seat, reason: DrawRule, events: &mut Vec<Event>) {
        let mut outcome = None;
        chess::settle_claim(&mut outcome, events, seat, reason);
        if let Some(outcome) = outcome {
            self.finish(outcome, events);
        }
    }

    /// Opens `seat`'s sealed decision, if any, to everyone (its opponent has
    /// moved, or the game is over).
    fn reveal(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(sealed) = self.sealed[seat.index()].take() {
            events.push(Event::public(format!(
                "{seat}'s sealed decision was: {} (salt {}, commitment {}; {}).",
                sealed.decision,
                sealed.salt,
                sealed.commitment,
                crate::rules::entropy::COMMITMENT_RULE
            )));
        }
    }

    /// Plays a checked move of `seat`, with the decision sent blind, or
    /// with a draw claim (checked to hold after the move).
    pub(super) fn play_move(
        &mut self,
        seat: Seat,
        mv: &Move,
        decision: Option<Decision>,
        claim: Option<DrawRule>,
        entropy: &mut Entropy,
        events: &mut Vec<Event>,
    ) {
        let them = seat.other();
        let before = self.position.clone();
        let san = before.san(mv);
        let captured = before.captured_square(mv);
        let death = is_death_move(&before, mv, self.committed_to(them));
        self.position = before.play(mv);
        self.record.push(&self.position);
        self.alter[seat.index()] = Some(mv.to);
        self.committed[seat.index()] = false;
        self.turns.push(Turn::Move {
            number: before.fullmove_number(),
            seat,
            mv: *mv,
            san: san.clone(),
            death,
            decision: None,
        });
        events.push(Event::public(format!("{seat} played {san}")));

        if let Some(captured) = captured
            && Some(captured) == self.alter[them.index()]
        {
            events.push(Event::public(format!(
                "{seat} captured {} carrying {them}'s alter ego: {seat} wins.",
                piece_name(&before, captured)
            )));
            self.finish(Outcome::win(seat, Ending::AlterEgoCaptured), events);
            // Gone with its piece; the position string stays loadable.
            self.alter[them.index()] = None;
            self.committed[them.index()] = false;
            unused_decision(seat, &san, decision, events);
            return;
        }
        self.reveal(them, events);
        if let Some(outcome) = automatic_outcome(&self.position, &self.record) {
            events.push(ending_event(&outcome));
            self.finish(outcome, events);
            unused_decision(seat, &san, decision, events);
            return;
        }
        if self.position.is_check() {
            events.push(Event::public("Check."));
        }
        if let Some(reason) = claim {
            // The claim ends the game before any decision or the
            // opponent's turn (and with it an empty mate or lost turn).
            self.settle_claim(seat, reason, events);
            return;
        }
        if death {
            match decision {
                Some(decision) => self.decide(seat, decision, entropy, events),
                None => {
                    self.deciding = Some(seat);
                    events.push(Event::public(format!(
                        "{san} is a death move: {seat} now decides, stay or transfer."
                    )));
                    events.push(Event::private(
                        seat,
                        format!(
                            "Your decision, please: write stay, or transfer and the square of another of your pieces (such as: transfer {}).",
                            self.position.king_square(seat)
                        ),
                    ));
                    return;
                }
            }
        } else if let Some(decision) = decision {
            events.push(Event::private(
                seat,
                format!(
                    "{san} is not a death move, so your decision ({decision}) is not needed and was ignored: your alter ego is in {}.",
                    piece_name(&self.position, mv.to)
                ),
            ));
        }
        self.begin_turn(events);
    }

    /// Makes `seat`'s decision after its death move: sealed with a fresh
    /// salt; a transfer moves the alter ego at once and commits.
    pub(super) fn decide(
        &mut self,
        seat: Seat,
        decision: Decision,
        entropy: &mut Entropy,
        events: &mut Vec<Event>,
    ) {
        let sealed = Sealed::new(decision, entropy.salt());
        if let Decision::Transfer(square) = decision {
            self.alter[seat.index()] = Some(square);
            self.committed[seat.index()] = true;
        }
        events.push(Event::private(
            seat,
            format!(
                "Your decision, sealed: {decision} (salt {}, commitment {}).",
                sealed.salt, sealed.commitment
            ),
        ));
        events.push(Event::public(format!(
            "{seat} has made a sealed decision (commitment {}; it is revealed with its salt after the next move, and {}).",
            sealed.commitment,
            crate::rules::entropy::COMMITMENT_RULE
        )));
        if let Some(Turn::Move {
            decision: slot,
            seat: mover,
            ..
        }) = self.turns.last_mut()
            && *mover == seat
        {
            *slot = Some(sealed.clone());
        }
        self.sealed[seat.index()] = Some(sealed);
        self.deciding = None;
    }

    /// The turn has come to the side to move: a committed piece without a
    /// legal move loses the game in check (empty mate), else the turn,
    /// which passes (a null move) while the commitment lapses.
    pub(super) fn begin_turn(&mut self, events: &mut Vec<Event>) {
        while self.outcome.is_none() {
            let seat = self.position.turn();
            let Some(square) = self.committed_to(seat) else {
                return;
            };
            if !self.position.legal_moves_from(square).is_empty() {
                return;
            }
            let name = piece_name(&self.position, square);
            if self.position.is_check() {
                let stuck = if self.position.has_moves_ignoring_check(square) {
                    "has no move that ends the check"
                } else {
                    "cannot move"
                };
                events.push(Event::public(format!(
                    "Empty mate: {seat} is in check and {name}, into which {seat} transferred, {stuck}. {} wins.",
                    seat.other()
                )));
                self.finish(Outcome::win(seat.other(), Ending::EmptyMate), events);
                return;
            }
            // Not in check: the pass is sound.
            let Some(passed) = self.position.passed() else {
                return;
            };
            self.turns.push(Turn::Lost {
                number: self.position.fullmove_number(),
                seat,
                square,
            });
            self.committed[seat.index()] = false;
            self.position = passed;
            self.record.push(&self.position);
            events.push(Event::public(format!(
                "{seat} loses this turn: {name}, into which {seat} transferred, has no legal move. The commitment lapses and the alter ego stays in it. {} to move.",
                seat.other()
            )));
            // The opponent's decision is then seen (it cannot be sealed:
            // a death move would have given the committed piece a capture).
            self.reveal(seat.other(), events);
            if let Some(outcome) = automatic_outcome(&self.position, &self.record) {
                events.push(ending_event(&outcome));
                self.finish(outcome, events);
            }
        }
    }
}
