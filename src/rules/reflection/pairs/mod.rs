//! The paired setups (cross14, cross12, cross8, halves): turns of a pair or
//! of one unpaired piece, judged on the position before the turn, and the
//! end of a turn (captures and capture-reflection, promotion, re-pairing,
//! the swap, then check).

use crate::rules::Seat;
use crate::rules::chesslike::{Kind, Move, Piece, Position, Step, StepKind, Trial};
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

/// The pseudo-legal steps of one piece, castling included, into `out`
/// (cleared first).
fn steps(position: &Position, from: Square, relaxed: bool, out: &mut Vec<Step>) {
    out.clear();
    position.steps_from(from, relaxed, out);
    // Only a piece with a castling right castles (asked first: most have none).
    if position.castling().contains(from) {
        position.castling_steps(from, out);
    }
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
    !a.passes_over(b.to) && !b.passes_over(a.to)
}

/// Every candidate turn of the side to move, judged on the squares (not yet
/// on check): unpaired pieces alone, paired pieces with their reflections.
pub fn candidates(config: &Config, position: &Position) -> Vec<Candidate> {
    let us = position.turn();
    let mut out = Vec::new();
    // Step lists kept across pieces: no allocation a piece.
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for (from, piece) in position.pieces_of(us) {
        let single = |step: Step, out: &mut Vec<Candidate>| {
            for promotion in position.promotions(&step) {
                out.push(Candidate {
                    steps: [Some(step), None],
                    promotion,
                });
            }
        };
        if !is_paired(piece) {
            steps(position, from, false, &mut mine);
            for &step in &mine {
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
        steps(position, image, relaxed, &mut theirs);
        // By destination (stably: the pairs keep the generator's order),
        // each step's reflections found by bisection.
        theirs.sort_by_key(|t| t.to);
        steps(position, from, relaxed, &mut mine);
        for &step in &mine {
            if !rook_matches(position, &step, true) {
                continue;
            }
            let target = config.reflect(us, step.to);
            let first = theirs.partition_point(|t| t.to < target);
            for other in theirs[first..].iter().take_while(|t| t.to == target) {
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

/// The candidate a turn writes, found among its own pieces' steps alone
/// (the first that [`candidates`] would list with that turn): the
/// computer's search plays its choices this way, without listing every
/// candidate again.
pub fn candidate_of(config: &Config, position: &Position, turn: &Turn) -> Option<Candidate> {
    let us = position.turn();
    let from = turn.first.from;
    let piece = position.piece_at(from).filter(|p| p.owner == us)?;
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let fits = |candidate: Candidate| (candidate.turn() == *turn).then_some(candidate);
    if !is_paired(piece) {
        steps(position, from, false, &mut mine);
        return mine
            .iter()
            .filter(|step| step.to == turn.first.to && rook_matches(position, step, false))
            .filter(|step| {
                !matches!(step.kind, StepKind::Castle { .. }) || castling_safe(position, &[**step])
            })
            .flat_map(|step| {
                position.promotions(step).map(|promotion| Candidate {
                    steps: [Some(*step), None],
                    promotion,
                })
            })
            .find_map(fits);
    }
    let image = config.reflect(us, from);
    let mate = position.piece_at(image)?;
    if mate.army < piece.army || turn.second.map(|mv| mv.from) != Some(image) {
        return None;
    }
    let relaxed = position.is_pawn(piece);
    steps(position, image, relaxed, &mut theirs);
    steps(position, from, relaxed, &mut mine);
    for step in mine.iter().filter(|s| s.to == turn.first.to) {
        if !rook_matches(position, step, true) {
            continue;
        }
        let target = config.reflect(us, step.to);
        // In the generator's order: the order `candidates` keeps among
        // steps to one square.
        for other in theirs.iter().filter(|t| t.to == target) {
            if !rook_matches(position, other, true) || !pair_allowed(position, step, other) {
                continue;
            }
            if matches!(step.kind, StepKind::Castle { .. })
                && !castling_safe(position, &[*step, *other])
            {
                continue;
            }
            for promotion in position.promotions(step) {
                let candidate = Candidate {
                    steps: [Some(*step), Some(*other)],
                    promotion,
                };
                if let Some(found) = fits(candidate) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// Makes a candidate turn and its end: captures and capture-reflection,
/// promotion, re-pairing, the swap. The side to move is then the other.
pub fn make(config: &Config, position: &Position, candidate: &Candidate) -> (Position, Effects) {
    let mut next = position.begin_turn();
    let effects = make_in(config, position, candidate, &mut next);
    (next, effects)
}

/// [`make`] into a position the caller keeps (overwritten; its buffers
/// reused).
fn make_in(
    config: &Config,
    position: &Position,
    candidate: &Candidate,
    next: &mut Position,
) -> Effects {
    position.begin_turn_in(next);
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
    repair(config, next, &mut effects);
    swap(config, next, &mut effects);
    next.end_turn(zeroing);
    effects
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

/// The pairs of pawns that swap at the end of a turn: two paired pawns
/// each on the square straight ahead of the other (each pair once, from
/// its first army's pawn).
fn swaps<'a>(
    config: &'a Config,
    position: &'a Position,
) -> impl Iterator<Item = (Square, Square)> + 'a {
    position
        .pieces()
        .filter(|(_, p)| position.is_pawn(*p) && is_paired(*p))
        .filter_map(|(square, pawn)| {
            let image = config.reflect(pawn.owner, square);
            let (fx, fy) = position.variant().army(pawn.army).forward;
            let ahead = position.variant().geometry.offset(square, fx, fy);
            let mate = position.piece_at(image)?;
            if ahead != Some(image) || mate.army < pawn.army || !position.is_pawn(mate) {
                return None;
            }
            let (mx, my) = position.variant().army(mate.army).forward;
            (position.variant().geometry.offset(image, mx, my) == Some(square))
                .then_some((square, image))
        })
}

/// Two paired pawns each on the square straight ahead of the other
/// exchange squares (and the en passant chance of either ends). A pawn is
/// in one pair only, so every swap is found before any is made (and the
/// list is empty, unallocated, on most turns).
fn swap(config: &Config, position: &mut Position, effects: &mut Effects) {
    let swaps: Vec<(Square, Square)> = swaps(config, position).collect();
    for (square, image) in swaps {
        let (pawn, mate) = (position.piece_at(square), position.piece_at(image));
        position.set(square, mate);
        position.set(image, pawn);
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
    let mut judge = Judge::new(config, position);
    candidates(config, position)
        .into_iter()
        .filter(|c| judge.safe(config, position, c))
        .map(|c| c.turn())
        .collect()
}

/// Whether the side to move has a legal turn: the first one found ends
/// the look (a game's every turn asks, for mate and stalemate).
pub fn has_legal(config: &Config, position: &Position) -> bool {
    let mut judge = Judge::new(config, position);
    candidates(config, position)
        .iter()
        .any(|c| judge.safe(config, position, c))
}

/// Whether a legal turn takes en passant (judged, not made).
pub fn can_take_en_passant(config: &Config, position: &Position) -> bool {
    let mut judge = Judge::new(config, position);
    candidates(config, position)
        .iter()
        .filter(|c| c.steps().any(|s| s.kind == StepKind::EnPassant))
        .any(|c| judge.safe(config, position, c))
}

/// Judges whether candidates of one position leave the mover's kings
/// safe, as [`kings_safe`] judges the positions they make, without making
/// them: each is tried on a board of the position and taken back.
///
/// Of the end of a turn, capture-reflection and the lost pairs are tried
/// too (an unpaired pawn no longer attacks straight ahead). New pairs and
/// swaps are the mover's alone, whose pieces do not attack their own
/// kings, and a swap exchanges two occupied squares: the opponent's
/// pieces neither move nor pair during the turn, so their pawns swap only
/// where a set-up position already had them ready to (a played turn
/// would have swapped them): there each candidate is made.
#[derive(Default)]
struct Judge {
    trial: Trial,
    make_each: bool,
}

impl Judge {
    fn new(config: &Config, position: &Position) -> Judge {
        let mut judge = Judge::default();
        judge.reset(config, position, false);
        judge
    }

    /// Starts on `position`; `made` when a turn made it, which swapped
    /// every pair ready to (perft's positions below its root).
    fn reset(&mut self, config: &Config, position: &Position, made: bool) {
        let them = position.turn().other();
        self.trial.reset(position, position.turn());
        self.make_each = !made
            && swaps(config, position)
                .any(|(square, _)| position.piece_at(square).is_some_and(|p| p.owner == them));
    }

    fn safe(&mut self, config: &Config, position: &Position, candidate: &Candidate) -> bool {
        if config.win == Win::Kings {
            return true;
        }
        if self.make_each {
            let (next, _) = make(config, position, candidate);
            return kings_safe(config, &next, position.turn());
        }
        // Capture-reflection may take an opponent's blocker off the board.
        let removes = config.capture_reflection
            && candidate.steps().any(|s| {
                s.capture
                    .and_then(|sq| position.piece_at(sq))
                    .is_some_and(is_paired)
            });
        if !removes && candidate.steps().all(|s| self.trial.quiet(position, s)) {
            return true;
        }
        let trial = &mut self.trial;
        let mut captured = [None; 2];
        for (slot, step) in captured.iter_mut().zip(candidate.steps()) {
            *slot = trial
                .step(position, step)
                .zip(step.capture)
                .map(|(piece, square)| (square, piece));
        }
        for (square, piece) in captured.into_iter().flatten() {
            if !is_paired(piece) {
                continue;
            }
            let image = config.reflect(piece.owner, square);
            let Some(mate) = trial
                .piece_at(position, image)
                .filter(|p| p.owner == piece.owner)
            else {
                continue;
            };
            // Removed, or unpaired (an unpaired pawn attacks nothing
            // straight ahead).
            let left = (!config.capture_reflection).then(|| Piece {
                marks: mate.marks.with(UNPAIRED),
                ..mate
            });
            trial.set(position, image, left);
        }
        let safe = !trial.royals_attacked(position);
        trial.undo();
        safe
    }
}

/// Whether `us` may stand in the position a turn made: no king attacked,
/// or any (under `win=kings`, where a king may be left en prise).
pub fn kings_safe(config: &Config, next: &Position, us: Seat) -> bool {
    config.win == Win::Kings || !next.in_check(us)
}

/// The number of leaves of the legal turn tree `depth` turns deep (a game
/// already won by capturing the kings has none).
pub fn perft(config: &Config, position: &Position, depth: u32) -> u64 {
    perft_with(config, position, depth, false, &mut Spares::default())
}

/// Perft with a spare position and judge a ply, reused.
fn perft_with(
    config: &Config,
    position: &Position,
    depth: u32,
    made: bool,
    spares: &mut Spares,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if config.win == Win::Kings && position.royals(position.turn()).is_empty() {
        return 0;
    }
    let candidates = candidates(config, position);
    let mut judge = spares.judges.pop().unwrap_or_default();
    judge.reset(config, position, made);
    let count = if depth == 1 {
        // The last ply is judged on the board, not made.
        candidates
            .iter()
            .filter(|c| judge.safe(config, position, c))
            .count() as u64
    } else {
        let mut next = spares.positions.pop().unwrap_or_else(|| position.clone());
        let mut count = 0;
        for candidate in &candidates {
            if judge.safe(config, position, candidate) {
                make_in(config, position, candidate, &mut next);
                count += perft_with(config, &next, depth - 1, true, spares);
            }
        }
        spares.positions.push(next);
        count
    };
    spares.judges.push(judge);
    count
}

/// The positions and judges perft reuses, one a ply.
#[derive(Default)]
struct Spares {
    positions: Vec<Position>,
    judges: Vec<Judge>,
}

#[cfg(test)]
mod tests;
