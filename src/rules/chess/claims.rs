//! Draw claims as players write them, and the referee's answers: the
//! claim alone or with a move, the refusal that says where the counts
//! stand, and the ending a granted claim makes. Shared by the variants
//! built on the chess engine.

use crate::rules::{ActionError, DrawRule, Ending, Event, Outcome, Seat};

/// Where the claimable draws stand, as the end of a sentence: the current
/// position's `repetitions` and the half-move clock.
pub(crate) fn draw_counts(repetitions: usize, halfmove_clock: u32) -> String {
    let times = match repetitions {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    };
    let moves = match halfmove_clock / 2 {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    format!(
        "the position has occurred {times} (three times are needed), and {moves} by each side \
         have been played since the last capture or pawn move (50 are needed)."
    )
}

/// The refusal of a draw claim in a position that has occurred
/// `repetitions` times, `halfmove_clock` half-moves after the last capture
/// or pawn move; it says how to claim with a move.
pub(crate) fn no_claim(repetitions: usize, halfmove_clock: u32) -> ActionError {
    ActionError::illegal_with_hint(
        format!(
            "There is no draw to claim: {}",
            draw_counts(repetitions, halfmove_clock)
        ),
        "To claim with the move that repeats a position, write the move followed by \"claim\" \
         (for example: Nf3 claim).",
    )
}

/// The refusal of `MOVE claim` when the move (`san`) gives no draw to
/// claim: the counts as they would stand after it.
pub(crate) fn no_claim_after(san: &str, repetitions: usize, halfmove_clock: u32) -> ActionError {
    ActionError::illegal(format!(
        "{san} would give no draw to claim: after it {}",
        draw_counts(repetitions, halfmove_clock)
    ))
}

/// Ends a game on a draw claim: the outcome and its announcement. A
/// checkmate or an automatic draw the move itself brought about stands, and
/// the "may claim" hint of that move is dropped once the claim is made.
pub(crate) fn settle_claim(
    outcome: &mut Option<Outcome>,
    events: &mut Vec<Event>,
    seat: Seat,
    reason: DrawRule,
) {
    if outcome.is_some() {
        return;
    }
    *outcome = Some(Outcome::draw(Ending::Claimed(reason)));
    events.retain(|e| !e.text.contains("may claim"));
    events.push(Event::public(format!(
        "{seat} claimed a draw by {reason}. The game is drawn."
    )));
}

/// Whether a (lower-case) text is a bare draw claim.
pub(crate) fn is_claim(lower: &str) -> bool {
    matches!(
        lower,
        "claim" | "claim draw" | "claim a draw" | "claim the draw" | "draw claim"
    )
}

/// Splits a trailing claim off a text: `Nf3 claim` gives `Some("Nf3")`.
pub(crate) fn strip_claim(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    for suffix in [" claim draw", " claim a draw", " claim the draw", " claim"] {
        if lower.ends_with(suffix) && text.is_char_boundary(text.len() - suffix.len()) {
            let head = text[..text.len() - suffix.len()].trim();
            return (!head.is_empty()).then_some(head);
        }
    }
    None
}
