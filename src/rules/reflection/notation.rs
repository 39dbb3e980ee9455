//! Turns in players' notation. Written in the text's form, each move as its
//! piece letter and squares (`N e3-d5, N e6-d4`; `x` for a capture, `=Q`
//! for a promotion, castling as the king's two-square move); read in that
//! form, in SAN or coordinates for each move (`Nd5, Nd4`, `e3d5 e6d4`), or
//! as the first move alone when its reflection (on two boards, its partner
//! on board 2) is unique. A refusal says which move failed and why.

use crate::rules::ActionError;
use crate::rules::Seat;
use crate::rules::chess::MoveError;
use crate::rules::chesslike::{FORMS, MoveFacts, Notation, Position, Step, StepKind, read_move};
use crate::rules::geometry::Square;

use super::pairs::is_paired;
use super::position::{Board, Played, ReflectionPosition};
use super::turn::Turn;
use super::two_boards::TwoBoards;

/// The forms a turn may be written in, for syntax errors.
pub const TURN_FORMS: &str = "a turn such as \"N e3-d5, N e6-d4\" (a piece and its reflection; \
     the first move alone if its reflection is unique), each move in the text's form, in \
     algebraic notation (Nd5) or as squares (e3d5); \"claim draw\"";

/// One written move of a turn: the text and how it reads.
#[derive(Clone, Copy, Debug)]
struct Written<'a> {
    text: &'a str,
    notation: Notation,
}

/// Splits a turn's text into its one or two moves, joining a lone piece
/// letter to the squares after it (`N e3-d5`).
fn split(text: &str) -> Vec<String> {
    let spaced = text.replace([',', ';'], " ");
    let mut moves: Vec<String> = Vec::new();
    let mut pending: Option<&str> = None;
    for token in spaced.split_whitespace() {
        if token.eq_ignore_ascii_case("and") {
            continue;
        }
        match pending.take() {
            Some(letter) => moves.push(format!("{letter} {token}")),
            None if token.len() == 1 && token.chars().all(|c| c.is_ascii_alphabetic()) => {
                pending = Some(token)
            }
            None => moves.push(token.to_string()),
        }
    }
    if let Some(letter) = pending {
        moves.push(letter.to_string());
    }
    moves
}

/// The facts of a played turn's moves, one for each board move.
fn facts(position: &ReflectionPosition, played: &Played) -> Vec<MoveFacts> {
    match (position.board(), &played.candidate) {
        (Board::Pairs(p), Some(candidate)) => candidate
            .steps()
            .map(|s| p.facts(s, candidate.promotion))
            .collect(),
        (Board::Two(two), _) => played
            .turn
            .moves()
            .zip(&two.boards)
            .filter_map(|(mv, board)| board.step_of(mv).map(|s| board.facts(&s, mv.promotion)))
            .collect(),
        (Board::Pairs(_), None) => Vec::new(),
    }
}

/// Whether the written moves fit a played turn's moves: two moves in
/// either order (on two boards, board 1 first), or one move naming either
/// (on two boards, the board-1 move).
fn fits(two_boards: bool, written: &[Written], moves: &[MoveFacts]) -> bool {
    let fit = |w: &Written, m: &MoveFacts| w.notation.fits(m, true);
    match (written, moves) {
        ([w], [m]) => fit(w, m),
        ([w], [a, b]) => fit(w, a) || (!two_boards && fit(w, b)),
        ([w1, w2], [a, b]) => {
            (fit(w1, a) && fit(w2, b)) || (!two_boards && fit(w1, b) && fit(w2, a))
        }
        _ => false,
    }
}

/// A played turn in the text's form: `N e3-d5, N e6-d4`, `P d7xe8=Q`, with
/// `+` when it leaves an enemy king in check.
pub fn turn_text(position: &ReflectionPosition, played: &Played) -> String {
    let moves: Vec<String> = match position.board() {
        Board::Pairs(p) => played.turn.moves().map(|mv| p.coordinates(mv)).collect(),
        Board::Two(two) => played
            .turn
            .moves()
            .zip(&two.boards)
            .map(|(mv, board)| board.coordinates(mv))
            .collect(),
    };
    let mut text = moves.join(", ");
    if played.next.in_check(position.turn().other()) {
        text.push('+');
    }
    text
}

/// Reads what the side to move wrote into one of its legal turns.
pub fn parse_turn(position: &ReflectionPosition, text: &str) -> Result<Turn, ActionError> {
    let text = text.trim();
    let pieces = split(text);
    if pieces.is_empty() || pieces.len() > 2 {
        return Err(ActionError::syntax(text, TURN_FORMS));
    }
    let board_one = match position.board() {
        Board::Pairs(p) => p,
        Board::Two(two) => &two.boards[0],
    };
    let mut written = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let board = match position.board() {
            Board::Two(two) => &two.boards[i],
            Board::Pairs(_) => board_one,
        };
        let notation = read_move(board.variant(), piece).ok_or_else(|| {
            ActionError::syntax(
                piece.clone(),
                format!("{FORMS}; a whole turn is {TURN_FORMS}"),
            )
        })?;
        written.push(Written {
            text: piece,
            notation,
        });
    }
    let two_boards = matches!(position.board(), Board::Two(_));
    let legal = position.legal();
    let found: Vec<&Played> = legal
        .iter()
        .filter(|p| fits(two_boards, &written, &facts(position, p)))
        .collect();
    match found.as_slice() {
        [one] => Ok(one.turn),
        [] => Err(match position.board() {
            Board::Pairs(p) => explain_pairs(position, p, &written, &legal),
            Board::Two(two) => explain_two(position, two, &written),
        }),
        many => Err(ActionError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|p| turn_text(position, p)).collect(),
        }),
    }
}

/// `First move (N e3-d5)` or `Second move (...)`.
fn which(index: usize, written: &Written) -> String {
    format!(
        "{} move ({})",
        if index == 0 { "First" } else { "Second" },
        written.text
    )
}

/// The legal turns that move the piece on `square`, for a hint.
fn hint_for(
    position: &ReflectionPosition,
    p: &Position,
    square: Square,
    legal: &[Played],
) -> String {
    let piece = p.piece_at(square).map_or("piece", |x| p.kind_name(x.kind));
    let turns: Vec<String> = legal
        .iter()
        .filter(|pl| pl.turn.moves().any(|m| m.from == square))
        .map(|pl| turn_text(position, pl))
        .collect();
    if turns.is_empty() {
        format!("Your {piece} on {square} has no legal turn now.")
    } else {
        format!(
            "Legal turns with your {piece} on {square}: {}.",
            turns.join("; ")
        )
    }
}

/// The steps of the side to move's pieces that fit a written move, with
/// the mover's square (relaxed pawns, castling included); without
/// `check_capture`, whether the move is marked as a capture is not looked at.
fn fitting_steps(p: &Position, written: &Written, check_capture: bool) -> Vec<Step> {
    let mut out = Vec::new();
    for square in p.named(written.notation) {
        let mut steps = Vec::new();
        let paired = p.piece_at(square).is_some_and(is_paired);
        p.steps_from(square, paired, &mut steps);
        p.castling_steps(square, &mut steps);
        for step in steps {
            if p.promotions(&step)
                .into_iter()
                .any(|promo| written.notation.fits(&p.facts(&step, promo), check_capture))
            {
                out.push(step);
            }
        }
    }
    out
}

/// Why no legal turn of a paired setup fits what was written.
fn explain_pairs(
    position: &ReflectionPosition,
    p: &Position,
    written: &[Written],
    legal: &[Played],
) -> ActionError {
    let config = position.config();
    let us = p.turn();
    let all_hint = || {
        let mut turns: Vec<String> = legal.iter().map(|pl| turn_text(position, pl)).collect();
        turns.truncate(40);
        if turns.is_empty() {
            "You have no legal turn.".to_string()
        } else {
            format!("Some of your legal turns: {}.", turns.join("; "))
        }
    };
    // The first move must be a move of its piece's kind on its own.
    let own = |i: usize, w: &Written| {
        let paired = p
            .named(w.notation)
            .iter()
            .all(|sq| p.piece_at(*sq).is_some_and(is_paired));
        p.why_not(w.notation, paired).map(|reason| {
            let hint = match p.named(w.notation).as_slice() {
                [one] => hint_for(position, p, *one, legal),
                _ => all_hint(),
            };
            ActionError::illegal_with_hint(format!("{}: {reason}", which(i, w)), hint)
        })
    };
    if let Some(err) = own(0, &written[0]) {
        return err;
    }
    let first = fitting_steps(p, &written[0], true);
    let Some(step) = first.first() else {
        return ActionError::illegal_with_hint("No legal turn fits.", all_hint());
    };
    let from = step.from;
    let piece = p.piece_at(from).expect("a step moves a piece");
    let name = p.kind_name(piece.kind);
    let hint = hint_for(position, p, from, legal);
    let illegal = |reason: String| ActionError::illegal_with_hint(reason, hint.clone());
    if let StepKind::Castle { rook_from, .. } = step.kind
        && p.piece_at(rook_from)
            .is_some_and(|r| is_paired(r) != is_paired(piece))
    {
        return illegal(if is_paired(piece) {
            format!(
                "Paired kings castle only with paired rooks; the rook on {rook_from} has no \
                 reflection."
            )
        } else {
            format!(
                "A king without its reflection castles only with a rook without one; the rook \
                 on {rook_from} is paired."
            )
        });
    }
    if !is_paired(piece) {
        if let Some(second) = written.get(1) {
            return illegal(format!(
                "Your {name} on {from} has no reflection and moves alone: write its move only \
                 ({} is a second move).",
                second.text
            ));
        }
        return illegal(king_reason(p, step, &written[0]));
    }
    // The second move, if written, must be the reflected one.
    let image = config.reflect(us, from);
    let image_to = config.reflect(us, step.to);
    let mirror_text = format!("{} {image}-{image_to}", p.variant().kind(piece.kind).letter);
    if let Some(second) = written.get(1) {
        let reflected = |check_capture: bool| {
            fitting_steps(p, second, check_capture)
                .iter()
                .any(|s| s.from == image && s.to == image_to)
        };
        let (fits, fits_but_for_x) = (reflected(true), reflected(false));
        if !fits && fits_but_for_x {
            return illegal(format!(
                "{}: there is nothing to capture on {image_to}, so the reflected move is written \
                 without x: {mirror_text}.",
                which(1, second)
            ));
        }
        // The reflected move itself, written but impossible, is explained
        // below with the reflection.
        let names_reflection = match second.notation {
            Notation::Normal {
                kind,
                from_file,
                from_rank,
                to,
                ..
            } => {
                to == image_to
                    && kind.is_none_or(|k| k == piece.kind)
                    && from_file.is_none_or(|f| f == image.file())
                    && from_rank.is_none_or(|r| r == image.rank())
            }
            Notation::Castle(_) => false,
        };
        if !fits && !names_reflection {
            return illegal(format!(
                "{}: your {name} on {from} moves with its reflection on {image}, which must make \
                 the reflected move {mirror_text}.",
                which(1, second)
            ));
        }
    }
    let mut theirs = Vec::new();
    p.steps_from(image, true, &mut theirs);
    p.castling_steps(image, &mut theirs);
    let Some(other) = theirs.iter().find(|s| s.to == image_to) else {
        let reason = match p.obstacle(image, image_to, true) {
            Some(why) => format!("{why}."),
            None => read_move(p.variant(), &mirror_text.replace(' ', ""))
                .and_then(|n| p.why_not(n, true))
                .map(|reason| lower_first(&reason))
                .unwrap_or_else(|| format!("your {name} on {image} cannot move to {image_to}.")),
        };
        return illegal(format!(
            "Your {name} on {from} moves with its reflection, which cannot make the reflected \
             move {mirror_text}: {reason}"
        ));
    };
    if p.is_pawn(piece) {
        let (ca, cb) = (step.capture.is_some(), other.capture.is_some());
        let straight = step.is_straight();
        if straight && ca && cb {
            return illegal(
                "Two pawns of a pair may both move straight ahead only if at least one of them \
                 does not capture."
                    .to_string(),
            );
        }
        if !straight && !ca && !cb {
            return illegal(
                "Two pawns of a pair may move diagonally only if at least one of them captures."
                    .to_string(),
            );
        }
    }
    if step.path().contains(&other.to) || other.path().contains(&step.to) {
        return illegal(format!(
            "The two moves cross: neither piece may pass over the other's destination ({} and \
             {}).",
            step.to, other.to
        ));
    }
    let promotion = |w: &Written| match w.notation {
        Notation::Normal { promotion, .. } => promotion,
        Notation::Castle(_) => None,
    };
    if let (Some(a), Some(Some(b))) = (promotion(&written[0]), written.get(1).map(promotion))
        && a != b
    {
        return illegal("The two pawns of a pair promote to the same kind of piece.".to_string());
    }
    illegal(king_reason(p, step, &written[0]))
}

/// Why a turn that the squares allow is still illegal: the kings.
fn king_reason(p: &Position, step: &Step, written: &Written) -> String {
    if matches!(step.kind, StepKind::Castle { .. }) {
        "A king may not castle out of check or across a square where it would be in check."
            .to_string()
    } else if p.is_check() {
        format!(
            "You are in check, and {} does not end the check.",
            written.text
        )
    } else {
        format!("{} would leave one of your kings in check.", written.text)
    }
}

/// Why no legal two-board turn fits what was written.
fn explain_two(position: &ReflectionPosition, two: &TwoBoards, written: &[Written]) -> ActionError {
    let seat = position.turn();
    let relation = match seat {
        Seat::White => "the mirror image (a<->h) of the board-1 move",
        Seat::Black => "the same move as on board 1",
    };
    let board_error = |i: usize, w: &Written| match two.boards[i].parse_move(w.text) {
        Ok(mv) => Ok(mv),
        Err(MoveError::Illegal { reason, hint, .. }) => Err(ActionError::illegal_with_hint(
            format!("On board {}: {reason}", i + 1),
            hint.to_string(),
        )),
        Err(MoveError::Ambiguous { candidates, .. }) => Err(ActionError::Ambiguous {
            text: format!("{} (board {})", w.text, i + 1),
            candidates,
        }),
        Err(MoveError::Syntax { text }) => Err(ActionError::syntax(text, TURN_FORMS)),
    };
    let first = match board_error(0, &written[0]) {
        Ok(mv) => mv,
        Err(err) => return err,
    };
    let partner = TwoBoards::partner(seat, &first);
    let partner_text = two.boards[1].coordinates(&partner);
    if let Some(second) = written.get(1) {
        let mv = match board_error(1, second) {
            Ok(mv) => mv,
            Err(err) => return err,
        };
        if mv != partner {
            return ActionError::illegal(format!(
                "On board 2 you must play {relation}: {partner_text}, not {}.",
                second.text
            ));
        }
    }
    let kinds = |board: &Position, from| board.piece_at(from).map(|x| x.kind);
    if kinds(&two.boards[0], first.from) != kinds(&two.boards[1], partner.from) {
        return ActionError::illegal(format!(
            "Both moves must be made by pieces of the same kind, and on board 2 {relation} \
             ({partner_text}) moves another kind of piece."
        ));
    }
    match two.boards[1].parse_move(&format!("{}{}", partner.from, partner.to)) {
        Err(MoveError::Illegal { reason, hint, .. }) => ActionError::illegal_with_hint(
            format!(
                "On board 2, {relation} ({partner_text}) is not legal: {}",
                match two.boards[1].obstacle(partner.from, partner.to, false) {
                    Some(why) => format!("{why}."),
                    None => lower_first(&reason),
                }
            ),
            hint.to_string(),
        ),
        _ => ActionError::illegal(format!(
            "On board 2 you must play {relation} ({partner_text})."
        )),
    }
}

/// A sentence made the end of another: its first letter in lower case.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
        .unwrap_or_default()
}
