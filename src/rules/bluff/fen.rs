//! The host's position string of Bluff Chess: FEN plus the Bluff state,
//! read into and written from a game's parts, so that this file depends on
//! no other of the game's files but the notation of a decision.
//!
//! The position string is the FEN followed by four sections, each after
//! ` ; `, in this order when written (any order, any subset when read; a
//! plain FEN is a game where no one has moved yet):
//!
//! ```text
//! <FEN> ; ae w:e4 b:- ; sealed b:transfer d8 salt 0f1e... ; committed b ; deciding -
//! ```
//! - `ae`: where each alter ego is (`-`: in no piece yet; `x`: captured
//!   with its piece, which ended the game);
//! - `sealed`: decisions the opponent has not seen, with their salts
//!   (`-` for none; entries separated by `,`);
//! - `committed`: the seats that transferred and must move that piece
//!   (`-`, `w`, `b` or `w b`);
//! - `deciding`: the seat that made a death move and owes its decision
//!   (its alter ego is then in the turn piece).

use super::Sealed;
use super::notation::{board_square, read_decision};
use crate::rules::chess::Position;
use crate::rules::geometry::Square;
use crate::rules::{PositionError, Seat};

fn seat_letter(seat: Seat) -> char {
    match seat {
        Seat::White => 'w',
        Seat::Black => 'b',
    }
}

/// A game's parts, as the position string holds them.
pub(super) struct Parts {
    pub position: Position,
    pub alter: [Option<Square>; 2],
    pub committed: [bool; 2],
    pub sealed: [Option<Sealed>; 2],
    pub deciding: Option<Seat>,
    /// The seat whose alter ego was captured: it has lost.
    pub lost: Option<Seat>,
}

/// The host's position string: FEN plus the Bluff state.
pub(super) fn write(game: &Parts) -> String {
    let square = |seat: Seat| match game.alter[seat.index()] {
        _ if game.lost == Some(seat) => "x".to_string(),
        Some(square) => square.to_string(),
        None => "-".to_string(),
    };
    let sealed: Vec<String> = Seat::BOTH
        .iter()
        .filter_map(|seat| {
            game.sealed[seat.index()]
                .as_ref()
                .map(|s| format!("{}:{} salt {}", seat_letter(*seat), s.decision, s.salt))
        })
        .collect();
    let committed: Vec<String> = Seat::BOTH
        .iter()
        .filter(|seat| game.committed[seat.index()])
        .map(|seat| seat_letter(*seat).to_string())
        .collect();
    let list = |items: Vec<String>, sep: &str| {
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(sep)
        }
    };
    format!(
        "{} ; ae w:{} b:{} ; sealed {} ; committed {} ; deciding {}",
        game.position.fen(),
        square(Seat::White),
        square(Seat::Black),
        list(sealed, ", "),
        list(committed, " "),
        game.deciding
            .map_or("-".to_string(), |s| seat_letter(s).to_string()),
    )
}

/// Reads the host's position string (see the module's documentation).
pub(super) fn read(text: &str) -> Result<Parts, PositionError> {
    let bad = |what: String| PositionError::Malformed(what);
    let mut sections = text.split(';');
    let fen = sections.next().unwrap_or_default();
    let position = Position::from_fen(fen.trim())?;
    let mut alter = [None; 2];
    let mut committed = [false; 2];
    let mut sealed: [Option<Sealed>; 2] = [None, None];
    let mut deciding = None;
    let mut lost = None;
    let mut seen: Vec<String> = Vec::new();
    for section in sections {
        let words: Vec<&str> = section.split_whitespace().collect();
        let Some((key, rest)) = words.split_first() else {
            continue;
        };
        let key = key.to_ascii_lowercase();
        if seen.contains(&key) {
            return Err(bad(format!("section {key:?} is given twice")));
        }
        seen.push(key.clone());
        let seat_of = |text: &str| {
            Seat::parse(text).ok_or_else(|| bad(format!("{text:?} is not a seat (w or b)")))
        };
        match key.as_str() {
            "ae" => {
                for word in rest {
                    let (seat, square) = word.split_once(':').ok_or_else(|| {
                        bad(format!("alter ego {word:?}: expected w:e4, b:- or b:x"))
                    })?;
                    let seat = seat_of(seat)?;
                    alter[seat.index()] = match square {
                        "-" => None,
                        "x" => {
                            lost = Some(seat);
                            None
                        }
                        text => Some(
                            board_square(text)
                                .ok_or_else(|| bad(format!("{text:?} is not a square")))?,
                        ),
                    };
                }
            }
            "sealed" => {
                let body = rest.join(" ");
                if body == "-" {
                    continue;
                }
                for entry in body.split(',') {
                    let entry = entry.trim();
                    let malformed =
                        || bad(format!("sealed {entry:?}: expected b:transfer d8 salt HEX"));
                    let (seat, rest) = entry.split_once(':').ok_or_else(malformed)?;
                    let seat = seat_of(seat)?;
                    let (decision, salt) = rest.split_once(" salt ").ok_or_else(malformed)?;
                    let decision_words: Vec<&str> = decision.split_whitespace().collect();
                    let decision = read_decision(&decision_words)
                        .ok()
                        .flatten()
                        .ok_or_else(malformed)?;
                    let salt = salt.trim();
                    if salt.is_empty() || salt.contains(char::is_whitespace) {
                        return Err(malformed());
                    }
                    sealed[seat.index()] = Some(Sealed::new(decision, salt.to_string()));
                }
            }
            "committed" => {
                for word in rest.iter().filter(|w| **w != "-") {
                    committed[seat_of(word)?.index()] = true;
                }
            }
            "deciding" => match rest {
                ["-"] | [] => {}
                [seat] => deciding = Some(seat_of(seat)?),
                _ => return Err(bad("deciding: expected w, b or -".to_string())),
            },
            other => {
                return Err(bad(format!(
                    "unknown section {other:?} (expected ae, sealed, committed, deciding)"
                )));
            }
        }
    }
    Ok(Parts {
        position,
        alter,
        committed,
        sealed,
        deciding,
        lost,
    })
}
