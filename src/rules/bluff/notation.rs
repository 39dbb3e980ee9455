//! What players write: `Nf3 stay`, `Nf3 transfer d1`, `transfer d1`,
//! `claim draw`, `Ng8 claim`. (The host's position string is in `fen.rs`.)

use super::{BluffAction, BluffChess, Decision, piece_name};
use crate::rules::chess::{self, MOVE_FORMS, Move, MoveError};
use crate::rules::geometry::Square;
use crate::rules::{ActionError, Seat};

/// What a decision may look like, for syntax errors.
pub const DECISION_FORMS: &str = "stay (or -), or transfer and a square (transfer d1, t d1)";

/// A square of the 8x8 board.
pub(super) fn board_square(text: &str) -> Option<Square> {
    Square::parse(text).filter(|sq| sq.file() < 8 && sq.rank() < 8)
}

/// Reads a whole decision: `stay`, `-`, `transfer d1`, `t d1`,
/// `transfer to d1`. `Ok(None)`: the words are no decision at all;
/// `Err`: they start like one but are malformed (`transfer` without a
/// square).
pub(super) fn read_decision(words: &[&str]) -> Result<Option<Decision>, ActionError> {
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    match lower.as_slice() {
        ["stay" | "-" | "\u{2013}" | "\u{2014}"] => Ok(Some(Decision::Stay)),
        ["transfer" | "t", rest @ ..] => {
            let rest = match rest {
                ["to", rest @ ..] => rest,
                rest => rest,
            };
            match rest {
                [square] => board_square(square)
                    .map(|sq| Some(Decision::Transfer(sq)))
                    .ok_or_else(|| {
                        ActionError::syntax(
                            words.join(" "),
                            format!("a transfer names a square of the board: {DECISION_FORMS}"),
                        )
                    }),
                _ => Err(ActionError::syntax(
                    words.join(" "),
                    format!("a transfer names one square: {DECISION_FORMS}"),
                )),
            }
        }
        _ => Ok(None),
    }
}

/// Splits a trailing decision off a move line: `Nf3 transfer d1` gives
/// `(["Nf3"], Some(transfer d1))`.
fn split_decision<'a>(
    words: &'a [&'a str],
) -> Result<(&'a [&'a str], Option<Decision>), ActionError> {
    let n = words.len();
    for start in [
        n.saturating_sub(3),
        n.saturating_sub(2),
        n.saturating_sub(1),
    ] {
        if start == 0 || start >= n {
            continue;
        }
        let first = words[start].to_ascii_lowercase();
        let starts_decision = matches!(
            first.as_str(),
            "stay" | "-" | "\u{2013}" | "\u{2014}" | "transfer" | "t"
        );
        if starts_decision && let Some(decision) = read_decision(&words[start..])? {
            return Ok((&words[..start], Some(decision)));
        }
    }
    // `Nf3 transfer` (no square) or `Nf3 transfer d1 d2`.
    if let Some(i) = words
        .iter()
        .skip(1)
        .position(|w| matches!(w.to_ascii_lowercase().as_str(), "transfer" | "t"))
    {
        read_decision(&words[i + 1..])?;
    }
    Ok((words, None))
}

impl BluffChess {
    /// Reads what `seat` wrote into an action that is legal now.
    pub(super) fn parse(&self, seat: Seat, text: &str) -> Result<BluffAction, ActionError> {
        if let Some(outcome) = &self.outcome {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        let cleaned = text.replace(',', " ");
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        let line = words.join(" ");
        if chess::is_claim(&line.to_ascii_lowercase()) {
            self.check_move_turn(seat)?;
            return match self.claimable() {
                Some(_) => Ok(BluffAction::ClaimDraw),
                None => Err(self.no_claim()),
            };
        }
        if let Some(decision) = read_decision(&words)? {
            self.check_decision_turn(seat)?;
            let turn_square = self.alter[seat.index()].expect("a decider has an alter ego");
            BluffChess::check_decision(&self.position, seat, turn_square, decision)?;
            return Ok(BluffAction::Decide(decision));
        }
        if self.deciding == Some(seat) {
            return Err(ActionError::syntax(
                words.join(" "),
                format!("your decision after the death move: {DECISION_FORMS}"),
            ));
        }
        self.check_move_turn(seat)?;
        if let Some(head) = chess::strip_claim(&line) {
            return self.parse_move_and_claim(seat, head);
        }
        let (move_words, decision) = split_decision(&words)?;
        if move_words.is_empty() {
            return Err(ActionError::syntax(text.trim(), expected_forms()));
        }
        let mv = self.read_move(seat, &move_words.join(" "))?;
        if let Some(decision) = decision {
            let after = self.position.play(&mv);
            BluffChess::check_decision(&after, seat, mv.to, decision)?;
        }
        Ok(BluffAction::Move { mv, decision })
    }

    /// Reads `Ng8 claim` (the `claim` already split off): a move after
    /// which a draw can be claimed. The claim ends the game, so a decision
    /// with it is refused as pointless.
    fn parse_move_and_claim(&self, seat: Seat, head: &str) -> Result<BluffAction, ActionError> {
        let words: Vec<&str> = head.split_whitespace().collect();
        let (move_words, decision) = split_decision(&words)?;
        let move_text = move_words.join(" ");
        if decision.is_some() {
            return Err(ActionError::illegal(format!(
                "A draw claim ends the game, so no decision goes with it: write {move_text} claim."
            )));
        }
        let mv = self.read_move(seat, &move_text)?;
        match self.claimable_after(&mv) {
            Some(_) => Ok(BluffAction::MoveAndClaim(mv)),
            None => Err(self.no_claim_after(&mv)),
        }
    }

    /// Reads a move text for `seat` (the side to move), within its
    /// commitment: `Nd2` means the committed knight when both could go.
    fn read_move(&self, seat: Seat, text: &str) -> Result<Move, ActionError> {
        let committed = self.committed_to(seat);
        match (self.position.parse_move(text), committed) {
            (Ok(mv), Some(square)) if mv.from != square => Err(self.commitment_error(square)),
            (Ok(mv), _) => Ok(mv),
            (Err(MoveError::Ambiguous { text, candidates }), Some(square)) => {
                let fitting: Vec<(Move, String)> = candidates
                    .into_iter()
                    .filter_map(|san| {
                        let mv = self.position.parse_move(&san).ok()?;
                        (mv.from == square).then_some((mv, san))
                    })
                    .collect();
                match fitting.as_slice() {
                    [] => Err(self.commitment_error(square)),
                    [(mv, _)] => Ok(*mv),
                    many => Err(ActionError::Ambiguous {
                        text,
                        candidates: many.iter().map(|(_, san)| san.clone()).collect(),
                    }),
                }
            }
            (Err(MoveError::Illegal { reason, .. }), Some(square)) => {
                let moves = self
                    .position
                    .san_list(&self.position.legal_moves_from(square));
                Err(ActionError::illegal_with_hint(
                    reason,
                    format!(
                        "You transferred into {} and must move it: {}.",
                        piece_name(&self.position, square),
                        moves.join(", ")
                    ),
                ))
            }
            (Err(err), _) => Err(self.move_error(err)),
        }
    }

    /// A player-facing error from an engine one.
    pub(super) fn move_error(&self, err: MoveError) -> ActionError {
        match err {
            MoveError::Syntax { text } => ActionError::syntax(text, expected_forms()),
            MoveError::Illegal { reason, hint, .. } => {
                ActionError::illegal_with_hint(reason, hint.to_string())
            }
            MoveError::Ambiguous { text, candidates } => {
                ActionError::Ambiguous { text, candidates }
            }
        }
    }

    /// Why no draw can be claimed now (in the words of the game `chess`).
    pub(super) fn no_claim(&self) -> ActionError {
        chess::no_claim(self.record.repetitions(), self.position.halfmove_clock())
    }

    /// Why the legal move `mv` gives no draw to claim.
    pub(super) fn no_claim_after(&self, mv: &Move) -> ActionError {
        let after = self.position.play(mv);
        chess::no_claim_after(
            &self.position.san(mv),
            self.record.after(&after).repetitions(),
            after.halfmove_clock(),
        )
    }
}

fn expected_forms() -> String {
    format!(
        "{MOVE_FORMS}, followed if you like by your decision ({DECISION_FORMS}) or by claim; or \
         claim draw"
    )
}
