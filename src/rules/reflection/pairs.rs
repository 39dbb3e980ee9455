//! The paired setups (cross14, cross12, cross8, halves): turns of a pair or
//! of one unpaired piece, judged on the position before the turn, and the
//! end of a turn (captures and capture-reflection, promotion, re-pairing,
//! the swap, then check).

use crate::rules::Seat;
use crate::rules::chesslike::{Kind, Move, Piece, Position, Step, StepKind};
use crate::rules::geometry::Square;

use super::config::{Config, UNPAIRED, Win};
use super::turn::Turn;

/// A turn as the rules see it: one or two steps (a pair's first is the
/// piece of the player's first army), with one promotion for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub steps: [Option<Step>; 2],
    pub promotion: Option<Kind>,
}

impl Candidate {
    pub fn steps(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().flatten()
    }

    pub fn turn(&self) -> Turn {
        let mv = |s: &Step| Move::new(s.from, s.to, self.promotion);
        Turn {
            first: mv(self.steps[0].as_ref().expect("a first step")),
            second: self.steps[1].as_ref().map(mv),
        }
    }
}

/// What a turn did, for the events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// The pieces captured, with their squares.
    pub captured: Vec<(Square, Piece)>,
    /// Reflections removed with a captured piece (capture-reflection).
    pub removed: Vec<(Square, Piece)>,
    /// Pieces left without a reflection.
    pub unpaired: Vec<Square>,
    /// New pairs: the squares of both pieces.
    pub paired: Vec<(Square, Square)>,
    /// Swapped pairs of pawns.
    pub swapped: Vec<(Square, Square)>,
}

/// Whether a piece is paired.
pub fn is_paired(piece: Piece) -> bool {
    !piece.marks.has(UNPAIRED)
}

/// The pseudo-legal steps of one piece, castling included.
fn steps(position: &Position, from: Square, relaxed: bool) -> Vec<Step> {
    let mut out = Vec::new();
    position.steps_from(from, relaxed, &mut out);
    position.castling_steps(from, &mut out);
    out
}

/// Whether a castling's rook is paired as its king is.
fn rook_matches(position: &Position, step: &Step, king_paired: bool) -> bool {
    match step.kind {
        StepKind::Castle { rook_from, .. } => position
            .piece_at(rook_from)
            .is_some_and(|rook| is_paired(rook) == king_paired),
        _ => true,
    }
}

/// Whether the castling kings of a turn may castle: none in check before
/// the turn, none in check with the kings one square along.
fn castling_safe(position: &Position, castles: &[Step]) -> bool {
    if castles.is_empty() {
        return true;
    }
    let us = position.turn();
    let attacked = |p: &Position, sq: Square| p.is_attacked(sq, us.other());
    if castles.iter().any(|s| attacked(position, s.from)) {
        return false;
    }
    let crossed = position.castling_crossed(castles);
    castles.iter().all(|s| match s.kind {
        StepKind::Castle { rook_to, .. } => !attacked(&crossed, rook_to),
        _ => true,
    })
}

/// Whether a pair of steps may be made together: the pawns' rule (both
/// diagonal only if one captures, both straight only if one does not) and
/// neither path holding the other's target.
fn pair_allowed(position: &Position, a: &Step, b: &Step) -> bool {
    let pawn = position
        .piece_at(a.from)
        .is_some_and(|p| position.is_pawn(p));
    if pawn {
        let (ca, cb) = (a.capture.is_some(), b.capture.is_some());
        let ok = match (a.kind, b.kind) {
            (StepKind::PawnStraight, StepKind::PawnStraight) => !(ca && cb),
            (StepKind::PawnDouble { .. }, StepKind::PawnDouble { .. }) => true,
            (
                StepKind::PawnDiagonal | StepKind::EnPassant,
                StepKind::PawnDiagonal | StepKind::EnPassant,
            ) => ca || cb,
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    !a.path().contains(&b.to) && !b.path().contains(&a.to)
}

/// Every candidate turn of the side to move, judged on the squares (not yet
/// on check): unpaired pieces alone, paired pieces with their reflections.
pub fn candidates(config: &Config, position: &Position) -> Vec<Candidate> {
    let us = position.turn();
    let mut out = Vec::new();
    let own: Vec<(Square, Piece)> = position.pieces().filter(|(_, p)| p.owner == us).collect();
    for (from, piece) in own {
        let single = |step: Step, out: &mut Vec<Candidate>| {
            for promotion in position.promotions(&step) {
                out.push(Candidate {
                    steps: [Some(step), None],
                    promotion,
                });
            }
        };
        if !is_paired(piece) {
            for step in steps(position, from, false) {
                if rook_matches(position, &step, false)
                    && (!matches!(step.kind, StepKind::Castle { .. })
                        || castling_safe(position, &[step]))
                {
                    single(step, &mut out);
                }
            }
            continue;
        }
        let image = config.reflect(us, from);
        // Each pair once, from its first army's piece.
        let Some(mate) = position.piece_at(image) else {
            continue;
        };
        if mate.army < piece.army {
            continue;
        }
        let relaxed = position.is_pawn(piece);
        let theirs = steps(position, image, relaxed);
        for step in steps(position, from, relaxed) {
            if !rook_matches(position, &step, true) {
                continue;
            }
            let target = config.reflect(us, step.to);
            for other in theirs.iter().filter(|t| t.to == target) {
                if !rook_matches(position, other, true) || !pair_allowed(position, &step, other) {
                    continue;
                }
                if matches!(step.kind, StepKind::Castle { .. })
                    && !castling_safe(position, &[step, *other])
                {
                    continue;
                }
                for promotion in position.promotions(&step) {
                    out.push(Candidate {
                        steps: [Some(step), Some(*other)],
                        promotion,
                    });
                }
            }
        }
    }
    out
}

/// Makes a candidate turn and its end: captures and capture-reflection,
/// promotion, re-pairing, the swap. The side to move is then the other.
pub fn make(config: &Config, position: &Position, candidate: &Candidate) -> (Position, Effects) {
    let mut next = position.begin_turn();
    let mut effects = Effects::default();
    let mut zeroing = false;
    for step in candidate.steps() {
        zeroing |= position.is_zeroing(step);
        if let Some(piece) = next.make(step, candidate.promotion) {
            let square = step.capture.expect("a capture has a square");
            effects.captured.push((square, piece));
        }
    }
    // The reflections of the captured pieces leave, or lose their pair.
    for &(square, piece) in &effects.captured.clone() {
        if !is_paired(piece) {
            continue;
        }
        let image = config.reflect(piece.owner, square);
        let Some(mate) = next.piece_at(image).filter(|p| p.owner == piece.owner) else {
            continue;
        };
        if config.capture_reflection {
            next.set(image, None);
            effects.removed.push((image, mate));
        } else {
            next.set(
                image,
                Some(Piece {
                    marks: mate.marks.with(UNPAIRED),
                    ..mate
                }),
            );
            effects.unpaired.push(image);
        }
    }
    repair(config, &mut next, &mut effects);
    swap(config, &mut next, &mut effects);
    next.end_turn(zeroing);
    (next, effects)
}

/// Two unpaired pieces of one player, of one kind and different armies, on
/// reflected squares become a pair.
fn repair(config: &Config, position: &mut Position, effects: &mut Effects) {
    let singles: Vec<(Square, Piece)> = position.pieces().filter(|(_, p)| !is_paired(*p)).collect();
    for (square, piece) in singles {
        let image = config.reflect(piece.owner, square);
        let Some(mate) = position.piece_at(image) else {
            continue;
        };
        let fits = !is_paired(mate)
            && mate.owner == piece.owner
            && mate.kind == piece.kind
            && mate.army != piece.army
            && !is_paired(position.piece_at(square).expect("still there"));
        if fits {
            for (sq, p) in [(square, piece), (image, mate)] {
                position.set(
                    sq,
                    Some(Piece {
                        marks: p.marks.without(UNPAIRED),
                        ..p
                    }),
                );
            }
            effects.paired.push((square, image));
        }
    }
}

/// Two paired pawns each on the square straight ahead of the other
/// exchange squares (and the en passant chance of either ends).
fn swap(config: &Config, position: &mut Position, effects: &mut Effects) {
    let pawns: Vec<(Square, Piece)> = position
        .pieces()
        .filter(|(_, p)| position.is_pawn(*p) && is_paired(*p))
        .collect();
    for (square, pawn) in pawns {
        let image = config.reflect(pawn.owner, square);
        let (fx, fy) = position.variant().army(pawn.army).forward;
        let ahead = position.variant().geometry.offset(square, fx, fy);
        let Some(mate) = position.piece_at(image) else {
            continue;
        };
        // Once per pair, from its first army's pawn.
        if ahead != Some(image) || mate.army < pawn.army || !position.is_pawn(mate) {
            continue;
        }
        let (mx, my) = position.variant().army(mate.army).forward;
        if position.variant().geometry.offset(image, mx, my) != Some(square) {
            continue;
        }
        position.set(square, Some(mate));
        position.set(image, Some(pawn));
        position.retain_en_passant(|ep| ep.pawn != square && ep.pawn != image);
        effects.swapped.push((square, image));
    }
}

/// The legal turns: candidates that (under `win=checkmate`) leave none of
/// the mover's kings in check.
pub fn legal(config: &Config, position: &Position) -> Vec<(Candidate, Position, Effects)> {
    let us = position.turn();
    candidates(config, position)
        .into_iter()
        .filter_map(|c| {
            let (next, effects) = make(config, position, &c);
            kings_safe(config, &next, us).then_some((c, next, effects))
        })
        .collect()
}

/// The legal turns, not kept once made (the search's choices).
pub fn legal_turns(config: &Config, position: &Position) -> Vec<Turn> {
    candidates(config, position)
        .into_iter()
        .filter(|c| safe(config, position, c))
        .map(|c| c.turn())
        .collect()
}

/// Whether the side to move has a legal turn: the first one found ends
/// the look (a game's every turn asks, for mate and stalemate).
pub fn has_legal(config: &Config, position: &Position) -> bool {
    candidates(config, position)
        .iter()
        .any(|c| safe(config, position, c))
}

/// Whether a candidate leaves its side's kings safe.
fn safe(config: &Config, position: &Position, candidate: &Candidate) -> bool {
    kings_safe(
        config,
        &make(config, position, candidate).0,
        position.turn(),
    )
}

/// Whether `us` may stand in the position a turn made: no king attacked,
/// or any (under `win=kings`, where a king may be left en prise).
pub fn kings_safe(config: &Config, next: &Position, us: Seat) -> bool {
    config.win == Win::Kings || !next.in_check(us)
}

/// The number of leaves of the legal turn tree `depth` turns deep (a game
/// already won by capturing the kings has none).
pub fn perft(config: &Config, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if config.win == Win::Kings && position.royals(position.turn()).is_empty() {
        return 0;
    }
    let us = position.turn();
    let mut count = 0;
    for candidate in candidates(config, position) {
        let (next, _) = make(config, position, &candidate);
        if !kings_safe(config, &next, us) {
            continue;
        }
        count += if depth == 1 {
            1
        } else {
            perft(config, &next, depth - 1)
        };
    }
    count
}
