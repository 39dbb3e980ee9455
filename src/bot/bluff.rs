//! Bluff Chess for the computer. What a seat cannot see is its opponent's
//! decision still sealed (stay, or a transfer into which piece), and with it
//! where the opponent's alter ego is and whether the opponent must move that
//! piece next; everything else is public or the seat's own, and every
//! earlier decision has been revealed with its salt.
//!
//! The belief is rebuilt from what the views say: the start (the first
//! view: its board, alter egos, commitments and seals), the moves since with
//! their revealed decisions (the last view's history), played through the
//! game's own rules; the seals are put back as the views show them
//! ([`BluffChess::resealed`]); then each decision the opponent may have
//! sealed gives a candidate, and every candidate is checked to give the
//! seat exactly the view it was last told. A start position whose
//! opponent's seal has no move behind it gives a candidate per piece it may
//! have left the alter ego in.

use rand::Rng;
use rand::rngs::StdRng;
use serde::Deserialize;

use super::{BotError, Playable};
use crate::rules::bluff::{BluffAction, BluffChess, Decision, Sealed};
use crate::rules::chess::{Position, Role};
use crate::rules::geometry::Square;
use crate::rules::{Due, Duty, Entropy, Game, HistoryLine, Options, Outcome, Seat, Viewer};

/// What the sampler reads of a Bluff Chess view: its parts, and the view
/// itself, which every candidate must give again.
#[derive(Clone, Debug, Deserialize)]
#[serde(try_from = "serde_json::Value")]
pub struct BluffTold {
    view: serde_json::Value,
    told: Parts,
}

impl TryFrom<serde_json::Value> for BluffTold {
    type Error = serde_json::Error;

    fn try_from(view: serde_json::Value) -> Result<BluffTold, serde_json::Error> {
        let told = serde_json::from_value(view.clone())?;
        Ok(BluffTold { view, told })
    }
}

#[derive(Clone, Debug, Deserialize)]
struct Parts {
    /// The board's FEN.
    position: String,
    due: Option<Due>,
    sides: [SideTold; 2],
    decisions: Vec<DecisionTold>,
    history: Vec<HistoryLine>,
    outcome: Option<Outcome>,
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

/// The states a seat cannot tell apart, each with its weight.
pub struct BluffBelief {
    candidates: Vec<(BluffChess, f64)>,
    total: f64,
}

/// An action as the searching seat tells it apart: the opponent's decisions
/// are all one (sealed), its moves are seen without the decision sent with
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BluffKey {
    Seen(BluffAction),
    Sealed,
}

/// How much likelier the opponent is taken to have hidden its alter ego in
/// a piece the seat cannot capture next move than in one it can: a player
/// who transfers mostly transfers to safety, but a random one does not,
/// and staying is the bluff.
const SAFE_WEIGHT: f64 = 3.0;

/// The salt of a seal whose salt the seat was not shown (it is never
/// shown to it while sealed; a candidate's is never looked at).
const UNKNOWN_SALT: &str = "unknown";

fn inconsistent(text: impl Into<String>) -> BotError {
    BotError::Inconsistent(text.into())
}

fn seat_letter(seat: Seat) -> char {
    match seat {
        Seat::White => 'w',
        Seat::Black => 'b',
    }
}

/// The start positions the first view allows: the host's position string
/// for each place the opponent's alter ego may be in, if its seal has no
/// move behind it (one string otherwise).
fn starts(seat: Seat, first: &Parts) -> Result<Vec<String>, BotError> {
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
fn replay(start: BluffChess, history: &[HistoryLine]) -> Result<BluffChess, BotError> {
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
fn shown(game: &BluffChess, seat: Seat) -> serde_json::Value {
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
fn reseal(mut game: BluffChess, first: &Parts, last: &Parts) -> Result<BluffChess, BotError> {
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

/// Whether `seat`, to move in `game`, has a legal move capturing the piece
/// on `target` (within its commitment).
fn can_capture(game: &BluffChess, seat: Seat, target: Square) -> bool {
    let position = game.board();
    if position.turn() != seat || game.deciding().is_some() || game.outcome().is_some() {
        return false;
    }
    let committed = game.committed_to(seat);
    let mut found = false;
    position.for_each_legal_move(|mv| {
        if !found
            && committed.is_none_or(|square| mv.from == square)
            && position.captured_square(&mv) == Some(target)
        {
            found = true;
        }
    });
    found
}

/// The candidates for the decision the opponent of `seat` still keeps
/// sealed in `game` (the game itself if there is none), with their weights.
fn hidden_decisions(game: BluffChess, seat: Seat) -> Result<Vec<(BluffChess, f64)>, BotError> {
    let them = seat.other();
    let Some(sealed) = game.sealed(them).cloned() else {
        return Ok(vec![(game, 1.0)]);
    };
    let Some(turn_square) = game
        .view(Viewer::Host)
        .last_move
        .filter(|last| last.seat == them)
        .map(|last| last.to)
    else {
        // A start position's seal: its candidates are the starts'.
        let w = weight(&game, seat);
        return Ok(vec![(game, w)]);
    };
    let mut choices = vec![Decision::Stay];
    for (square, piece) in game.board().pieces_on_board() {
        if piece.color == them && square != turn_square {
            choices.push(Decision::Transfer(square));
        }
    }
    choices
        .into_iter()
        .map(|decision| {
            let candidate = game
                .resealed(
                    &sealed.commitment,
                    Sealed {
                        decision,
                        salt: sealed.salt.clone(),
                        commitment: sealed.commitment.clone(),
                    },
                )
                .map_err(|e| inconsistent(e.to_string()))?;
            let w = weight(&candidate, seat);
            Ok((candidate, w))
        })
        .collect()
}

/// A candidate's weight: [`SAFE_WEIGHT`] if the opponent's alter ego is
/// out of the seat's reach next move, else 1.
fn weight(game: &BluffChess, seat: Seat) -> f64 {
    match game.alter_ego(seat.other()) {
        Some(square) if can_capture(game, seat, square) => 1.0,
        _ => SAFE_WEIGHT,
    }
}

impl Playable for BluffChess {
    type Told = BluffTold;
    type Belief = BluffBelief;
    type Key = BluffKey;

    fn believe(seat: Seat, options: &Options, told: &[BluffTold]) -> Result<BluffBelief, BotError> {
        let (Some(first), Some(last)) = (told.first(), told.last()) else {
            return Err(BotError::NoView);
        };
        let mut candidates = Vec::new();
        let mut refusal = None;
        for start in starts(seat, &first.told)? {
            let game = BluffChess::from_position(&start, options)
                .map_err(|e| BotError::BadView(e.to_string()))?;
            let rebuilt = replay(game, &last.told.history).and_then(|mut game| {
                if let Some(outcome) = &last.told.outcome
                    && game.outcome().is_none()
                {
                    // Ended outside the moves: a claim, a resignation, time.
                    game.conclude(outcome.clone());
                }
                reseal(game, &first.told, &last.told)
            });
            let game = match rebuilt {
                Ok(game) => game,
                Err(e) => {
                    refusal = Some(e);
                    continue;
                }
            };
            for (candidate, w) in hidden_decisions(game, seat)? {
                if shown(&candidate, seat) == last.view {
                    candidates.push((candidate, w));
                } else {
                    refusal = Some(inconsistent(
                        "the moves lead to a game that shows the seat another view",
                    ));
                }
            }
        }
        if candidates.is_empty() {
            return Err(refusal.unwrap_or_else(|| inconsistent("no game fits the views")));
        }
        let total = candidates.iter().map(|(_, w)| w).sum();
        Ok(BluffBelief { candidates, total })
    }

    fn sample(belief: &BluffBelief, rng: &mut StdRng) -> BluffChess {
        let mut pick = rng.random_range(0.0..belief.total);
        for (candidate, w) in &belief.candidates {
            if pick < *w {
                return candidate.clone();
            }
            pick -= w;
        }
        belief.candidates[belief.candidates.len() - 1].0.clone()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        evaluate(self, seat)
    }

    fn key(&self, observer: Seat, actor: Seat, action: &BluffAction) -> BluffKey {
        if actor == observer {
            return BluffKey::Seen(*action);
        }
        match action {
            BluffAction::Decide(_) => BluffKey::Sealed,
            BluffAction::Move { mv, .. } => BluffKey::Seen(BluffAction::Move {
                mv: *mv,
                decision: None,
            }),
            other => BluffKey::Seen(*other),
        }
    }

    /// The moves (without a decision: one is made after a death move, once
    /// the opponent's is revealed), a draw claim where one may be made, or
    /// the decisions owed; a move that also claims is left out (the claim
    /// can follow it), which spares a look at every move's position.
    fn choices_into(&self, seat: Seat, into: &mut Vec<BluffAction>) {
        into.clear();
        match self.due() {
            Some(Due {
                seat: due,
                duty: Duty::Decision,
            }) if due == seat => {
                into.push(BluffAction::Decide(Decision::Stay));
                into.extend(
                    self.transfer_targets(seat)
                        .into_iter()
                        .map(|square| BluffAction::Decide(Decision::Transfer(square))),
                );
            }
            Some(Due {
                seat: due,
                duty: Duty::Move,
            }) if due == seat => {
                let committed = self.committed_to(seat);
                self.board().for_each_legal_move(|mv| {
                    if committed.is_none_or(|square| mv.from == square) {
                        into.push(BluffAction::Move { mv, decision: None });
                    }
                });
                if self.claimable().is_some() {
                    into.push(BluffAction::ClaimDraw);
                }
            }
            _ => {}
        }
    }
}

/// A piece's worth in centipawns.
fn worth(role: Role) -> f64 {
    match role {
        Role::Pawn => 100.0,
        Role::Knight => 320.0,
        Role::Bishop => 330.0,
        Role::Rook => 500.0,
        Role::Queen => 900.0,
        Role::King => 0.0,
    }
}

/// How good `game` is for `seat`, 0 to 1: a side to move that can capture
/// the other's alter ego has as good as won; otherwise material and a
/// little placement, less the danger to each side's alter ego (in a piece
/// the other side attacks).
fn evaluate(game: &BluffChess, seat: Seat) -> f64 {
    let position = game.board();
    if let Some(Due {
        seat: actor,
        duty: Duty::Move,
    }) = game.due()
        && let Some(target) = game.alter_ego(actor.other())
        && can_capture(game, actor, target)
    {
        return if actor == seat { 0.97 } else { 0.03 };
    }
    let mut score = [0.0f64; 2];
    for (square, piece) in position.pieces_on_board() {
        let side = piece.color.index();
        let (file, rank) = (square.file() as i32, square.rank() as i32);
        let advance = match piece.color {
            Seat::White => rank,
            Seat::Black => 7 - rank,
        };
        let central = 3 - (2 * file - 7).abs().max((2 * rank - 7).abs()) / 2;
        score[side] += worth(piece.role)
            + match piece.role {
                Role::Pawn => 4.0 * advance as f64,
                Role::Knight | Role::Bishop => 8.0 * central as f64,
                _ => 0.0,
            };
    }
    // An alter ego in a piece attacked and undefended: not yet lost (the
    // attacker may not be free to take it), but in danger.
    for side in Seat::BOTH {
        if game.deciding() != Some(side)
            && let Some(square) = game.alter_ego(side)
            && position
                .piece_at(square)
                .is_some_and(|p| p.role != Role::King)
            && position.is_attacked(square, side.other())
            && !position.is_attacked(square, side)
        {
            score[side.index()] -= 100.0;
        }
    }
    let diff = score[seat.index()] - score[seat.other().index()];
    1.0 / (1.0 + (-diff / 400.0).exp())
}
