//! What a Bluff Chess seat was told, read back into a game: the parts of
//! its views, the start the first view allows (before any turn lost as
//! the game was made), the moves since replayed with their revealed
//! decisions, and the seals put back as the views show them.

use serde::Deserialize;

use crate::bot::BotError;
use crate::rules::bluff::{BluffAction, BluffChess, Decision, Sealed};
use crate::rules::chess::Position;
use crate::rules::geometry::Square;
use crate::rules::{Due, Duty, Entropy, Game, HistoryLine, Outcome, Seat, Viewer};

/// What the sampler reads of a Bluff Chess view: its parts, and the view
/// itself, which every candidate must give again.
#[derive(Clone, Debug, Deserialize)]
#[serde(try_from = "serde_json::Value")]
pub struct BluffTold {
    pub(super) view: serde_json::Value,
    pub(super) told: Parts,
}

impl TryFrom<serde_json::Value> for BluffTold {
    type Error = serde_json::Error;

    fn try_from(view: serde_json::Value) -> Result<BluffTold, serde_json::Error> {
        let told = serde_json::from_value(view.clone())?;
        Ok(BluffTold { view, told })
    }
}

#[derive(Clone, Debug, Deserialize)]
pub(super) struct Parts {
    /// The board's FEN.
    position: String,
    due: Option<Due>,
    sides: [SideTold; 2],
    decisions: Vec<DecisionTold>,
    pub(super) history: Vec<HistoryLine>,
    pub(super) outcome: Option<Outcome>,
}

#[derive(Clone, Debug, Deserialize)]
struct SideTold {
    alter_ego: AlterTold,
    committed: Option<Square>,
    sealed: Option<SealTold>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
enum AlterTold {
    Nowhere,
    In(Square),
    Sealed,
    Captured,
}

#[derive(Clone, Debug, Deserialize)]
struct SealTold {
    commitment: String,
    opened: Option<Opened>,
}

#[derive(Clone, Debug, Deserialize)]
struct Opened {
    decision: Decision,
    salt: String,
}

#[derive(Clone, Debug, Deserialize)]
struct DecisionTold {
    commitment: String,
    opened: Option<Opened>,
}

/// The salt of a seal whose salt the seat was not shown (it is never
/// shown to it while sealed; a candidate's is never looked at).
pub(super) const UNKNOWN_SALT: &str = "unknown";

pub(super) fn inconsistent(text: impl Into<String>) -> BotError {
    BotError::Inconsistent(text.into())
}

pub(super) fn seat_letter(seat: Seat) -> char {
    match seat {
        Seat::White => 'w',
        Seat::Black => 'b',
    }
}

/// The start positions the first view allows: the host's position string
/// for each place the opponent's alter ego may be in, if its seal has no
/// move behind it (one string otherwise).
pub(super) fn starts(seat: Seat, first: &Parts) -> Result<Vec<String>, BotError> {
    // Turns lost as the game was made (a host's start whose side to move
    // is committed to a piece that cannot move): the first view shows the
    // game after them, and its history holds only them. The start is the
    // position before them, where the rules lose those turns again.
    let lost: Vec<Seat> = first
        .history
        .iter()
        .filter(|line| line.text.starts_with('('))
        .map(|line| line.seat)
        .collect();
    let position = before_lost_turns(&first.position, &lost)?;
    let mut ae = Vec::new();
    let mut sealed = Vec::new();
    let mut committed = Vec::new();
    let mut open = None;
    for side in Seat::BOTH {
        let told = &first.sides[side.index()];
        let letter = seat_letter(side);
        match told.alter_ego {
            AlterTold::In(square) => ae.push(format!("{letter}:{square}")),
            AlterTold::Nowhere | AlterTold::Captured => ae.push(format!("{letter}:-")),
            AlterTold::Sealed => open = Some(side),
        }
        if told.committed.is_some() || lost.contains(&side) {
            committed.push(letter.to_string());
        }
        if let Some(seal) = &told.sealed
            && let Some(opened) = &seal.opened
        {
            sealed.push(format!("{letter}:{} salt {}", opened.decision, opened.salt));
        }
    }
    let deciding = match first.due {
        Some(Due {
            seat,
            duty: Duty::Decision,
        }) => seat_letter(seat).to_string(),
        _ => "-".to_string(),
    };
    let string = |ae: &[String], sealed: &[String], committed: &[String]| {
        let list = |items: &[String], sep: &str| {
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(sep)
            }
        };
        format!(
            "{position} ; ae {} ; sealed {} ; committed {} ; deciding {deciding}",
            ae.join(" "),
            list(sealed, ", "),
            list(committed, " "),
        )
    };
    let Some(them) = open else {
        return Ok(vec![string(&ae, &sealed, &committed)]);
    };
    if them == seat {
        return Err(inconsistent("the seat's own alter ego is hidden from it"));
    }
    // Stayed in, or transferred into, any of the opponent's pieces.
    let board =
        Position::from_fen(&first.position).map_err(|e| BotError::BadView(e.to_string()))?;
    let letter = seat_letter(them);
    let mut all = Vec::new();
    for (square, piece) in board.pieces_on_board() {
        if piece.color != them {
            continue;
        }
        let mut ae = ae.clone();
        ae.push(format!("{letter}:{square}"));
        for decision in [Decision::Stay, Decision::Transfer(square)] {
            let mut sealed = sealed.clone();
            sealed.push(format!("{letter}:{decision} salt {UNKNOWN_SALT}"));
            let mut committed = committed.clone();
            if decision != Decision::Stay {
                committed.push(letter.to_string());
            }
            all.push(string(&ae, &sealed, &committed));
        }
    }
    Ok(all)
}

/// The board's FEN before `lost` (the seats whose turns were lost as the
/// game was made, in order) passed their turns: each lost turn gave the
/// move to the other seat, counted a half-move, and after Black's began a
/// new move number.
fn before_lost_turns(fen: &str, lost: &[Seat]) -> Result<String, BotError> {
    if lost.is_empty() {
        return Ok(fen.to_string());
    }
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let number = |field: Option<&String>| {
        field
            .and_then(|f| f.parse::<u32>().ok())
            .ok_or_else(|| BotError::BadView(format!("a board without move counts: {fen}")))
    };
    let (mut halfmoves, mut moves) = (number(fields.get(4))?, number(fields.get(5))?);
    for &seat in lost.iter().rev() {
        halfmoves = halfmoves.saturating_sub(1);
        if seat == Seat::Black {
            moves = moves.saturating_sub(1).max(1);
        }
        fields[1] = seat_letter(seat).to_string();
    }
    fields[4] = halfmoves.to_string();
    fields[5] = moves.to_string();
    Ok(fields.join(" "))
}

/// Replays `history` from `start`: each move with the decision the line
/// shows; a decision the seat was not shown is replayed as a stay, to be
/// made otherwise by [`BluffChess::resealed`].
pub(super) fn replay(start: BluffChess, history: &[HistoryLine]) -> Result<BluffChess, BotError> {
    let mut game = start;
    let mut entropy = Entropy::for_perft();
    for line in history {
        if line.text.starts_with('(') {
            // A lost turn: the rules pass it themselves.
            continue;
        }
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let (san, rest) = words
            .split_first()
            .ok_or_else(|| inconsistent("an empty line in the history"))?;
        let rest: Vec<&str> = rest
            .iter()
            .copied()
            .filter(|w| *w != "(sealed)" && *w != "(deciding)")
            .collect();
        let sealed_from_me = rest.is_empty() && line.text.ends_with("(sealed)");
        let mv = match game.parse_action(line.seat, san) {
            Ok(BluffAction::Move { mv, .. }) => mv,
            Ok(other) => {
                return Err(inconsistent(format!(
                    "{}: not a move: {other:?}",
                    line.text
                )));
            }
            Err(e) => return Err(inconsistent(format!("{}: {e}", line.text))),
        };
        let decision = if sealed_from_me {
            Some(Decision::Stay)
        } else if rest.is_empty() {
            None
        } else {
            let text = format!("{san} {}", rest.join(" "));
            match game.parse_action(line.seat, &text) {
                Ok(BluffAction::Move { decision, .. }) => decision,
                _ => return Err(inconsistent(format!("{}: unreadable decision", line.text))),
            }
        };
        game = game
            .apply(line.seat, &BluffAction::Move { mv, decision }, &mut entropy)
            .map_err(|e| inconsistent(format!("{}: {e}", line.text)))?
            .state;
    }
    Ok(game)
}

/// What `seat` is shown of `game`, as the referee shows it.
pub(super) fn shown(game: &BluffChess, seat: Seat) -> serde_json::Value {
    let view = if game.outcome().is_some() {
        game.archive()
    } else {
        game.view(Viewer::Seat(seat))
    };
    serde_json::to_value(view).unwrap_or_default()
}

/// Puts back the seals the seat was shown (the replay sealed with salts of
/// its own), in the order the decisions were made; a start position's
/// seals, which have no move, by the first view's commitments.
pub(super) fn reseal(
    mut game: BluffChess,
    first: &Parts,
    last: &Parts,
) -> Result<BluffChess, BotError> {
    let host = game.view(Viewer::Host);
    if host.decisions.len() != last.decisions.len() {
        return Err(inconsistent(format!(
            "the moves make {} decisions, the view shows {}",
            host.decisions.len(),
            last.decisions.len()
        )));
    }
    let mut renamed: Vec<(String, String)> = Vec::new();
    for (made, told) in host.decisions.iter().zip(&last.decisions) {
        let opened = made.opened.as_ref().expect("the host sees every decision");
        let sealed = match &told.opened {
            Some(o) => Sealed {
                decision: o.decision,
                salt: o.salt.clone(),
                commitment: told.commitment.clone(),
            },
            None => Sealed {
                decision: opened.decision,
                salt: UNKNOWN_SALT.to_string(),
                commitment: told.commitment.clone(),
            },
        };
        renamed.push((made.commitment.clone(), told.commitment.clone()));
        game = game
            .resealed(&made.commitment, sealed)
            .map_err(|e| inconsistent(e.to_string()))?;
    }
    // A seal of the start position, still sealed.
    for side in Seat::BOTH {
        let (Some(now), Some(told)) = (
            &host.sides[side.index()].sealed,
            &first.sides[side.index()].sealed,
        ) else {
            continue;
        };
        if renamed.iter().any(|(made, _)| *made == now.commitment) {
            continue;
        }
        let opened = now.opened.as_ref().expect("the host sees every seal");
        let salt = told
            .opened
            .as_ref()
            .map_or(UNKNOWN_SALT.to_string(), |o| o.salt.clone());
        game = game
            .resealed(
                &now.commitment,
                Sealed {
                    decision: opened.decision,
                    salt,
                    commitment: told.commitment.clone(),
                },
            )
            .map_err(|e| inconsistent(e.to_string()))?;
    }
    Ok(game)
}
