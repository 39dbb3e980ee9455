//! Legal move generation and perft.
//!
//! Moves are generated legal, not pseudo-legal and then tested: the king
//! steps only to unattacked squares; with one checker the other pieces may
//! only capture it or block; with two only the king moves; a pinned piece
//! stays on the line through its king and pinner. En passant, the one move
//! that can uncover a check along a rank by removing two pieces, is tried
//! on the occupancy. The generator reports to a [`Sink`], so perft counts
//! the last ply with `count_ones` without building moves.

use super::bitboard::{
    self, Bitboard, KING, KNIGHT, PAWN_ATTACKS, RANK_1, RANK_8, Squares, between, bishop_attacks,
    bit, line, rook_attacks,
};
use super::position::{Position, home_rank};
use super::{CastleSide, Move, Role};
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// Receives generated moves: a piece on `from` may go to each square of
/// `to`.
trait Sink {
    fn moves(&mut self, from: u8, to: Bitboard);
    /// A pawn reaching the last rank: each square with each promotion.
    fn promotions(&mut self, from: u8, to: Bitboard);
    /// Whether the sink has heard enough: the generator stops at the next
    /// piece.
    fn full(&self) -> bool {
        false
    }
}

/// Whether there is any legal move.
struct Any(bool);

impl Sink for Any {
    fn moves(&mut self, _: u8, to: Bitboard) {
        self.0 |= to != 0;
    }

    fn promotions(&mut self, _: u8, to: Bitboard) {
        self.0 |= to != 0;
    }

    fn full(&self) -> bool {
        self.0
    }
}

struct Collect(Vec<Move>);

impl Sink for Collect {
    fn moves(&mut self, from: u8, to: Bitboard) {
        let from = bitboard::square(from);
        self.0
            .extend(Squares(to).map(|to| Move::new(from, bitboard::square(to))));
    }

    fn promotions(&mut self, from: u8, to: Bitboard) {
        let from = bitboard::square(from);
        for to in Squares(to) {
            let to = bitboard::square(to);
            self.0
                .extend(Role::PROMOTIONS.map(|role| Move::with_promotion(from, to, role)));
        }
    }
}

/// Hands each legal move to a function.
struct Each<F>(F);

impl<F: FnMut(Move)> Sink for Each<F> {
    fn moves(&mut self, from: u8, to: Bitboard) {
        let from = bitboard::square(from);
        for to in Squares(to) {
            (self.0)(Move::new(from, bitboard::square(to)));
        }
    }

    fn promotions(&mut self, from: u8, to: Bitboard) {
        let from = bitboard::square(from);
        for to in Squares(to) {
            let to = bitboard::square(to);
            for role in Role::PROMOTIONS {
                (self.0)(Move::with_promotion(from, to, role));
            }
        }
    }
}

struct Count(usize);

impl Sink for Count {
    fn moves(&mut self, _: u8, to: Bitboard) {
        self.0 += to.count_ones() as usize;
    }

    fn promotions(&mut self, _: u8, to: Bitboard) {
        self.0 += 4 * to.count_ones() as usize;
    }
}

impl Position {
    /// Every legal move, in a fixed order (by piece square, then target).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut sink = Collect(Vec::with_capacity(48));
        self.generate(&mut sink);
        sink.0
    }

    /// Hands every legal move to `each`, in the order of
    /// [`Position::legal_moves`], without building a list of them.
    pub fn for_each_legal_move(&self, each: impl FnMut(Move)) {
        self.generate(&mut Each(each));
    }

    /// The number of legal moves, without building them.
    pub fn count_legal_moves(&self) -> usize {
        let mut sink = Count(0);
        self.generate(&mut sink);
        sink.0
    }

    /// Whether the side to move has a legal move: as counting them, but
    /// done at the first piece that has one (usually the king).
    ///
    /// ```
    /// use arbiter::rules::chess::Position;
    /// assert!(Position::startpos().has_legal_move());
    /// let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
    /// assert!(!mated.has_legal_move());
    /// ```
    pub fn has_legal_move(&self) -> bool {
        let mut sink = Any(false);
        self.generate(&mut sink);
        sink.0
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    /// The number of leaf positions `depth` plies deep (the last ply counted
    /// in bulk).
    ///
    /// ```
    /// use arbiter::rules::chess::Position;
    /// assert_eq!(Position::startpos().perft(3), 8902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|mv| self.play(mv).perft(depth - 1))
                .sum(),
        }
    }

    /// Whether the piece on `from` has a move by its movement alone, its
    /// king's safety aside: false for a piece hemmed in by its own pieces
    /// or a blocked pawn. Tells a piece that cannot move at all from one
    /// whose every move leaves (or keeps) its king in check.
    ///
    /// ```
    /// use arbiter::rules::chess::{Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.has_moves_ignoring_check(Square::parse("g1").unwrap()));
    /// assert!(!pos.has_moves_ignoring_check(Square::parse("f1").unwrap()));
    /// ```
    pub fn has_moves_ignoring_check(&self, from: Square) -> bool {
        bitboard::index(from).is_some_and(|i| self.pseudo_targets(i) != 0)
    }

    /// The squares the piece on `from` could reach by its move alone,
    /// ignoring checks and pins (en passant included, castling left out):
    /// for explaining why a move is illegal.
    pub(super) fn pseudo_targets(&self, from: u8) -> Bitboard {
        let Some(piece) = self.piece_at_index(from) else {
            return 0;
        };
        let occupied = self.occupied();
        let ours = self.by_color[piece.color.index()];
        let theirs = self.by_color[piece.color.other().index()];
        let targets = match piece.role {
            Role::Pawn => {
                let (one, two) = pushes(piece.color, from, occupied);
                let ep = match self.ep {
                    Some(ep) if piece.color == self.turn => bit(ep),
                    _ => 0,
                };
                one | two | (PAWN_ATTACKS[piece.color.index()][from as usize] & (theirs | ep))
            }
            Role::Knight => KNIGHT[from as usize],
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            Role::King => KING[from as usize],
        };
        targets & !ours
    }

    fn generate(&self, sink: &mut impl Sink) {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let king = self.king(us);
        let checkers = self.checkers();

        // The king: to any square not attacked once it has left its own.
        let without_king = occupied ^ bit(king);
        let mut king_targets = 0;
        for to in Squares(KING[king as usize] & !ours) {
            if self.attackers(to, them, without_king) == 0 {
                king_targets |= bit(to);
            }
        }
        sink.moves(king, king_targets);

        if checkers.count_ones() > 1 || sink.full() {
            return;
        }
        // Where the other pieces may go: anywhere not ours, or, in check,
        // onto the checker or between it and the king.
        let target = match Squares(checkers).next() {
            Some(checker) => checkers | between(king, checker),
            None => !ours,
        };
        let pinned = self.pinned(king);
        let restrict = |from: u8, targets: Bitboard| {
            if pinned & bit(from) != 0 {
                targets & line(king, from)
            } else {
                targets
            }
        };

        for from in Squares(self.pieces(us, Role::Knight) & !pinned) {
            sink.moves(from, KNIGHT[from as usize] & target);
        }
        if sink.full() {
            return;
        }
        let queens = self.pieces(us, Role::Queen);
        for from in Squares(self.pieces(us, Role::Bishop) | queens) {
            sink.moves(
                from,
                restrict(from, bishop_attacks(from, occupied) & target),
            );
        }
        for from in Squares(self.pieces(us, Role::Rook) | queens) {
            sink.moves(from, restrict(from, rook_attacks(from, occupied) & target));
        }
        if sink.full() {
            return;
        }
        let last_rank = match us {
            Seat::White => RANK_8,
            Seat::Black => RANK_1,
        };
        for from in Squares(self.pieces(us, Role::Pawn)) {
            let (one, two) = pushes(us, from, occupied);
            let captures = PAWN_ATTACKS[us.index()][from as usize] & theirs;
            let targets = restrict(from, (one | two | captures) & target);
            if targets & last_rank != 0 {
                sink.promotions(from, targets);
            } else {
                sink.moves(from, targets);
            }
        }

        if let Some(ep) = self.ep {
            let captured = ep ^ 8; // the square beside the capturer, behind ep
            for from in
                Squares(PAWN_ATTACKS[them.index()][ep as usize] & self.pieces(us, Role::Pawn))
            {
                let after = (occupied ^ bit(from) ^ bit(captured)) | bit(ep);
                let attackers = self.attackers(king, them, after) & !bit(captured);
                if attackers == 0 {
                    sink.moves(from, bit(ep));
                }
            }
        }

        if checkers == 0 {
            for side in CastleSide::BOTH {
                if let Some(to) = self.castle_target(side) {
                    sink.moves(king, bit(to));
                }
            }
        }
    }

    /// The king's destination when castling to `side` is legal now.
    fn castle_target(&self, side: CastleSide) -> Option<u8> {
        self.castle_obstacle(side)
            .is_none()
            .then(|| home_rank(self.turn) * 8 + side.king_to_file())
    }

    /// Why castling to `side` is not legal now, or `None` if it is.
    pub(super) fn castle_obstacle(&self, side: CastleSide) -> Option<CastleObstacle> {
        let us = self.turn;
        if !self.castling.has(us, side) {
            return Some(CastleObstacle::NoRight);
        }
        let rank = home_rank(us) * 8;
        let king = rank + 4;
        let (rook, _) = side.rook_files();
        let rook = rank + rook;
        let king_to = rank + side.king_to_file();
        if between(king, rook) & self.occupied() != 0 {
            return Some(CastleObstacle::Blocked);
        }
        if self.checkers() != 0 {
            return Some(CastleObstacle::InCheck);
        }
        for sq in Squares(between(king, king_to) | bit(king_to)) {
            if self.attackers(sq, us.other(), self.occupied()) != 0 {
                return Some(CastleObstacle::Attacked(bitboard::square(sq)));
            }
        }
        None
    }

    /// Our pieces that stand alone between our king and an enemy slider.
    fn pinned(&self, king: u8) -> Bitboard {
        let us = self.turn;
        let them = us.other();
        let queens = self.pieces(them, Role::Queen);
        let snipers = (rook_attacks(king, 0) & (self.pieces(them, Role::Rook) | queens))
            | (bishop_attacks(king, 0) & (self.pieces(them, Role::Bishop) | queens));
        let occupied = self.occupied();
        let mut pinned = 0;
        for sniper in Squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.by_color[us.index()];
            }
        }
        pinned
    }

    /// The en passant square when a capture there is legal now.
    pub fn legal_en_passant(&self) -> Option<Square> {
        let ep = self.ep?;
        // No pawn beside the one that stepped: no capture to check.
        let capturers = PAWN_ATTACKS[self.turn.other().index()][ep as usize]
            & self.pieces(self.turn, Role::Pawn);
        if capturers == 0 {
            return None;
        }
        let square = bitboard::square(ep);
        self.legal_moves()
            .iter()
            .any(|m| m.to == square && self.is_en_passant(m))
            .then_some(square)
    }
}

/// Why a castling is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CastleObstacle {
    /// The king or that rook has moved (or the rook was captured).
    NoRight,
    /// A piece stands between the king and the rook.
    Blocked,
    InCheck,
    /// The king would pass through or land on an attacked square.
    Attacked(Square),
}

/// A pawn's single and double step from `from`, onto empty squares.
fn pushes(color: Seat, from: u8, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let (one, start_rank) = match color {
        Seat::White => (from + 8, 1),
        Seat::Black => (from.wrapping_sub(8), 6),
    };
    if one >= 64 || occupied & bit(one) != 0 {
        return (0, 0);
    }
    let single = bit(one);
    if from >> 3 != start_rank {
        return (single, 0);
    }
    let two = match color {
        Seat::White => one + 8,
        Seat::Black => one - 8,
    };
    let double = if occupied & bit(two) == 0 {
        bit(two)
    } else {
        0
    };
    (single, double)
}
