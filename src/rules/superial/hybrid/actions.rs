//! The hybrid's actions on a position of the chess-like layer: what each
//! side may do (chess moves, cube actions, the king's placement at Black's
//! first capture), check, and what an action does.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::rules::Seat;
use crate::rules::chesslike::{Kind, Move, Position, Step, StepKind};
use crate::rules::geometry::Square;
use crate::rules::superial::board::{Board, Colour, Token};
use crate::rules::superial::moves::{self, CubeAction, Effect};
use crate::rules::superial::reach::{self, Attackers};

use super::men::{Man, board_of, write_back};

/// Where Black's king goes at Black's first capture: which captured piece
/// becomes the king (where it stands when the action ends), and the square
/// its cube stands on (the square the cube ended on, or that piece's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Crown {
    pub piece: Square,
    pub on: Square,
}

/// One action of the hybrid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HybridPlay {
    /// A chess piece's move: White's, Black's turned pieces', and Black's
    /// king's as its piece.
    Piece(Move),
    /// A cube's action (Black's king's as its cube included), with the
    /// king's placement when it makes Black's first capture.
    Cube {
        action: CubeAction,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        crown: Option<Crown>,
    },
}

/// What an action did, for the announcement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Done {
    /// The cube engine's pushes and captures (pieces turned to Black).
    pub effect: Effect,
    /// A chess capture: the square and what left the game.
    pub taken: Option<(Square, Man)>,
    /// Where Black's king was placed, if this action crowned it.
    pub crowned: Option<Square>,
}

/// The square of Black's king, if it has one.
pub fn black_king(position: &Position) -> Option<Square> {
    position
        .pieces()
        .find(|(_, p)| Man(*p).is_king())
        .map(|(s, _)| s)
}

/// The square of White's king, if it has one.
pub fn white_king(position: &Position) -> Option<Square> {
    position.royals(Seat::White).first().copied()
}

/// How many cubes Black has (its king's included).
pub fn cubes(position: &Position) -> usize {
    position
        .pieces()
        .filter(|(_, p)| Man(*p).aspect().is_some())
        .count()
}

/// Whether some cube action of Black's, as the board stands, would
/// capture White's king on `king` (push it onto a black square, hop over
/// it on a black square, slash over it): a captured king turns into a
/// black piece of the king's kind, which only White's king has. Judged by
/// the reverse reach, from the king's square outwards.
fn cubes_take_king(position: &Position, king: Square) -> bool {
    let tables = reach::tables(8);
    let mut cubes = Attackers::default();
    for (square, piece) in position.pieces() {
        let index = square.rank() * 8 + square.file();
        cubes.occupied |= 1 << index;
        if let Some(cube) = Man(piece).cube().filter(|c| c.team == Seat::Black) {
            cubes.add(index, cube.aspect);
        }
    }
    reach::captures(tables, &cubes, Colour::Black, king.rank() * 8 + king.file())
}

/// Whether `seat`'s king is in check: the opponent, if it were to act,
/// would have an action that captures it. Black without a king is never
/// in check.
pub fn in_check(position: &Position, seat: Seat) -> bool {
    match seat {
        Seat::White => white_king(position).is_some_and(|king| {
            position.is_attacked(king, Seat::Black) || cubes_take_king(position, king)
        }),
        Seat::Black => black_king(position).is_some_and(|king| {
            position.is_attacked(king, Seat::White) || taken_en_passant(position, king)
        }),
    }
}

/// Whether a white pawn could take Black's king en passant: the king,
/// moving as a pawn, has just stepped two squares past it.
fn taken_en_passant(position: &Position, king: Square) -> bool {
    position.en_passant().iter().any(|ep| ep.pawn == king)
        && position.pieces().any(|(from, piece)| {
            let mut steps = Vec::new();
            if piece.owner == Seat::White && piece.kind == Kind::PAWN {
                position.steps_from(from, false, &mut steps);
            }
            steps.iter().any(|s| s.capture == Some(king))
        })
}

/// The steps of the side to act's chess pieces (Black's king as its piece
/// included), castling included, judged on the squares alone.
fn piece_steps(position: &Position) -> Vec<Step> {
    let us = position.turn();
    let mut steps = Vec::new();
    let own: Vec<Square> = position
        .pieces()
        .filter(|(_, p)| p.owner == us && Man(*p).is_piece())
        .map(|(s, _)| s)
        .collect();
    for from in own {
        position.steps_from(from, false, &mut steps);
        position.castling_steps(from, &mut steps);
    }
    steps
}

/// Why a castling is refused, cube attacks included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingFault {
    /// The king is in check.
    OutOfCheck,
    /// The king would be in check on the square it crosses (judged with
    /// the rook at home).
    Through(Square),
    /// The king would be in check where it ends.
    Into(Square),
}

/// Why the step `step`, if it castles, may not be made: castling is never
/// out of, through or into check.
pub fn castling_fault(position: &Position, step: &Step) -> Option<CastlingFault> {
    let StepKind::Castle { rook_to, .. } = step.kind else {
        return None;
    };
    let us = position.turn();
    if in_check(position, us) {
        Some(CastlingFault::OutOfCheck)
    } else if in_check(&position.castling_crossed(&[*step]), us) {
        Some(CastlingFault::Through(rook_to))
    } else if in_check(
        &make(
            position,
            &HybridPlay::Piece(Move::new(step.from, step.to, None)),
        )
        .0,
        us,
    ) {
        Some(CastlingFault::Into(step.to))
    } else {
        None
    }
}

/// Every legal action of the side to act.
pub fn legal_plays(position: &Position) -> Vec<HybridPlay> {
    let mut plays = Vec::new();
    let _ = visit_legal_plays(position, &mut |play| {
        plays.push(play);
        ControlFlow::Continue(())
    });
    plays
}

/// Whether the side to act has a legal action: found at the first, not
/// by listing them all (the end of the game is judged after every
/// action).
pub fn has_legal_play(position: &Position) -> bool {
    visit_legal_plays(position, &mut |_| ControlFlow::Break(())).is_break()
}

/// Hands each legal action of the side to act to `found`, in
/// [`legal_plays`]' order, until it breaks.
fn visit_legal_plays(
    position: &Position,
    found: &mut impl FnMut(HybridPlay) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let us = position.turn();
    // Each action is made into one scratch position (no copy allocated an
    // action), as `make` makes it.
    let mut next = position.clone();
    for step in piece_steps(position) {
        if castling_fault(position, &step).is_some() {
            continue;
        }
        for promotion in position.promotions(&step) {
            position.begin_turn_in(&mut next);
            next.make(&step, promotion);
            next.end_turn(position.is_zeroing(&step));
            if !in_check(&next, us) {
                found(HybridPlay::Piece(Move::new(step.from, step.to, promotion)))?;
            }
        }
    }
    if us == Seat::Black {
        let board = board_of(position);
        let crowning = black_king(position).is_none();
        for action in moves::actions(&board, Seat::Black) {
            let mut after = board.clone();
            let effect = moves::play(&mut after, &action);
            if crowning && effect.captured.is_empty() {
                // No king before, none after: nothing to leave in check.
                found(HybridPlay::Cube {
                    action,
                    crown: None,
                })?;
                continue;
            }
            let mut crowns = vec![None];
            if crowning {
                let end = match &action {
                    CubeAction::Move(mv) => mv.to(),
                    CubeAction::Change { at, .. } => *at,
                };
                crowns = effect
                    .captured
                    .iter()
                    .flat_map(|&piece| [end, piece].map(|on| Some(Crown { piece, on })))
                    .collect();
            }
            for crown in crowns {
                position.begin_turn_in(&mut next);
                let mut board = after.clone();
                if let Some(crown) = crown {
                    crowned(&mut board, &action, crown);
                }
                write_back(&board, &mut next);
                if !in_check(&next, us) {
                    found(HybridPlay::Cube {
                        action: action.clone(),
                        crown,
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Places Black's king on the board after its first capture, `action`:
/// the captured piece `crown.piece` rides the capturing cube on
/// `crown.on`.
fn crowned(board: &mut Board<Man>, action: &CubeAction, crown: Crown) {
    let CubeAction::Move(mv) = action else {
        return;
    };
    let end = mv.to();
    let aspect = board
        .get(end)
        .and_then(Man::aspect)
        .expect("the capturing cube");
    let piece = board.get(crown.piece).expect("the captured piece");
    board.set(end, None);
    board.set(crown.piece, None);
    board.set(crown.on, Some(Man::king(aspect, piece.0.kind)));
}

/// The position after a legal action, and what it did.
///
/// # Panics
/// If a chess move has no step here (the caller checked legality).
pub fn make(position: &Position, play: &HybridPlay) -> (Position, Done) {
    let mut next = position.begin_turn();
    let mut done = Done::default();
    match play {
        HybridPlay::Piece(mv) => {
            let step = position.step_of(mv).expect("a legal move");
            done.taken = step
                .capture
                .and_then(|sq| position.piece_at(sq).map(|p| (sq, Man(p))));
            next.make(&step, mv.promotion);
            next.end_turn(position.is_zeroing(&step));
        }
        HybridPlay::Cube { action, crown } => {
            let mut board = board_of(&next);
            done.effect = moves::play(&mut board, action);
            if let (Some(crown), CubeAction::Move(_)) = (crown, action) {
                crowned(&mut board, action, *crown);
                done.crowned = Some(crown.on);
            }
            write_back(&board, &mut next);
            next.end_turn(!done.effect.captured.is_empty());
        }
    }
    (next, done)
}

/// The number of leaves of the legal action tree `depth` actions deep,
/// counted on the flat position ([`super::flat`]).
pub fn perft(position: &Position, depth: u32) -> u64 {
    super::flat::count::perft(&super::flat::Node::of(position), depth)
}

/// [`perft`] by listing and making the layer's plays: the general path,
/// which the flat position is checked against.
#[cfg(test)]
pub fn perft_by_plays(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let plays = legal_plays(position);
    if depth == 1 {
        return plays.len() as u64;
    }
    plays
        .iter()
        .map(|play| perft_by_plays(&make(position, play).0, depth - 1))
        .sum()
}
