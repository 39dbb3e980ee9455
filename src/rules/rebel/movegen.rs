//! Legal moves and recruits, attacks and check, perft.
//!
//! Actions are generated pseudo-legal, then each is played and kept only if
//! none of the mover's kings is attacked afterwards (Rebel III's Rebels,
//! with no king, keep them all, but for a return that would leave the
//! returned king attacked). Kings are never captured: no position has a
//! king attacked on the other side's turn (a conversionmate that would
//! leave the new king attacked is an ordinary checkmate), and the move
//! generator leaves kings out of every capture.

use super::position::{RebelPosition, home_rank};
use super::{CastleSide, Move, Play, Role};
use crate::rules::Seat;
use crate::rules::chess::bitboard::{
    self, Bitboard, KING, KNIGHT, PAWN_ATTACKS, RANK_1, RANK_8, Squares, between, bishop_attacks,
    bit, leaper_table, rook_attacks,
};
use crate::rules::chess::{self};
use crate::rules::geometry::Square;

/// `ALFIL[sq]`: the squares two steps diagonally from `sq`, where a
/// Recruiter moves (when empty) and recruits (when an enemy stands there).
pub(super) static ALFIL: [Bitboard; 64] = leaper_table(&[(2, 2), (2, -2), (-2, -2), (-2, 2)]);

/// A pawn's single and double step from `from`, onto empty squares, in
/// its owner's direction, the double one from its owner's pawn rank.
fn pushes(color: Seat, from: u8, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let (one, start_rank) = match color {
        Seat::White => (from + 8, 1),
        Seat::Black => (from.wrapping_sub(8), 6),
    };
    if one >= 64 || occupied & bit(one) != 0 {
        return (0, 0);
    }
    if from >> 3 != start_rank {
        return (bit(one), 0);
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
    (bit(one), double)
}

impl RebelPosition {
    /// The pieces of `by` that attack `sq`, sliders seen through
    /// `occupied`. Recruiters attack nothing.
    pub(super) fn attackers(&self, sq: u8, by: Seat, occupied: Bitboard) -> Bitboard {
        let role = |r: Role| self.by_role[r.index()];
        let queens = role(Role::Queen);
        let attackers = (KNIGHT[sq as usize] & role(Role::Knight))
            | (KING[sq as usize] & role(Role::King))
            | (PAWN_ATTACKS[by.other().index()][sq as usize] & role(Role::Pawn))
            | (bishop_attacks(sq, occupied) & (role(Role::Bishop) | queens))
            | (rook_attacks(sq, occupied) & (role(Role::Rook) | queens));
        attackers & self.by_color[by.index()]
    }

    /// Whether one of `color`'s kings is attacked.
    pub(super) fn king_attacked(&self, color: Seat) -> bool {
        let occupied = self.occupied();
        Squares(self.pieces(color, Role::King))
            .any(|k| self.attackers(k, color.other(), occupied) != 0)
    }

    /// Every attacked king, of either side (kings of `Seat::BOTH` order,
    /// a1 first), with the squares of the pieces attacking it.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Square, Version};
    /// let p = RebelPosition::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", Version::One).unwrap();
    /// assert!(p.attacked_kings().is_empty());
    /// let p = RebelPosition::from_fen("R3k3/8/8/8/8/8/8/4K3 b - - 0 1", Version::One).unwrap();
    /// let sq = |s: &str| Square::parse(s).unwrap();
    /// assert_eq!(p.attacked_kings(), [(sq("e8"), vec![sq("a8")])]);
    /// ```
    pub fn attacked_kings(&self) -> Vec<(Square, Vec<Square>)> {
        let occupied = self.occupied();
        Seat::BOTH
            .into_iter()
            .flat_map(|color| {
                Squares(self.pieces(color, Role::King)).filter_map(move |k| {
                    let attackers = self.attackers(k, color.other(), occupied);
                    (attackers != 0).then(|| {
                        (
                            bitboard::square(k),
                            Squares(attackers).map(bitboard::square).collect(),
                        )
                    })
                })
            })
            .collect()
    }

    /// The pieces giving check to `color`'s kings.
    pub(super) fn checkers(&self, color: Seat) -> Bitboard {
        let occupied = self.occupied();
        Squares(self.pieces(color, Role::King))
            .fold(0, |all, k| all | self.attackers(k, color.other(), occupied))
    }

    /// The squares the piece on `sq` attacks (where it could capture).
    fn attacks_from(&self, sq: u8, color: Seat, role: Role, occupied: Bitboard) -> Bitboard {
        let i = sq as usize;
        match role {
            Role::Pawn => PAWN_ATTACKS[color.index()][i],
            Role::Knight => KNIGHT[i],
            Role::Bishop => bishop_attacks(sq, occupied),
            Role::Rook => rook_attacks(sq, occupied),
            Role::Queen => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
            Role::King => KING[i],
            Role::Recruiter => 0,
        }
    }

    /// The squares the piece on `from` could move to by its move alone,
    /// ignoring the king's safety (castling left out).
    pub(super) fn pseudo_move_targets(&self, from: u8) -> Bitboard {
        let Some(piece) = self.piece_at_index(from) else {
            return 0;
        };
        let occupied = self.occupied();
        let ours = self.by_color[piece.color.index()];
        // Kings are never captured.
        let theirs = self.by_color[piece.color.other().index()] & !self.by_role[Role::King.index()];
        match piece.role {
            Role::Pawn => {
                let (one, two) = pushes(piece.color, from, occupied);
                let ep = match self.ep {
                    Some(ep) if piece.color == self.turn => bit(ep),
                    _ => 0,
                };
                one | two | (PAWN_ATTACKS[piece.color.index()][from as usize] & (theirs | ep))
            }
            Role::Recruiter => ALFIL[from as usize] & !occupied,
            role => {
                self.attacks_from(from, piece.color, role, occupied) & !ours & (theirs | !occupied)
            }
        }
    }

    /// The enemy pieces the piece on `from` could recruit, ignoring the
    /// king's safety: for a Recruiter, an alfil's leap away, anything but
    /// a queen, a Recruiter or an unconverted king (a converted king is
    /// Rebel III's returned king); for a converted piece in II and III,
    /// whatever it could capture but a king, a Recruiter or a converted
    /// piece.
    pub(super) fn pseudo_recruit_targets(&self, from: u8) -> Bitboard {
        let Some(piece) = self.piece_at_index(from) else {
            return 0;
        };
        let role = |r: Role| self.by_role[r.index()];
        let theirs = self.by_color[piece.color.other().index()];
        let kings = role(Role::King);
        let recruiters = role(Role::Recruiter);
        match piece.role {
            Role::Recruiter => {
                ALFIL[from as usize]
                    & theirs
                    & !role(Role::Queen)
                    & !recruiters
                    & !(kings & !self.converted)
            }
            _ if piece.converted && self.version.converted_recruit() => {
                self.attacks_from(from, piece.color, piece.role, self.occupied())
                    & theirs
                    & !self.converted
                    & !kings
                    & !recruiters
            }
            _ => 0,
        }
    }

    /// Every pseudo-legal action of the side to move.
    fn pseudo_plays(&self, recruits: bool, out: &mut Vec<Play>) {
        let us = self.turn;
        let last_rank = match us {
            Seat::White => RANK_8,
            Seat::Black => RANK_1,
        };
        for from in Squares(self.by_color[us.index()]) {
            let from_sq = bitboard::square(from);
            let targets = self.pseudo_move_targets(from);
            let promotes = self.by_role[Role::Pawn.index()] & bit(from) != 0;
            for to in Squares(targets) {
                let to_sq = bitboard::square(to);
                if promotes && bit(to) & last_rank != 0 {
                    for role in chess::Role::PROMOTIONS {
                        out.push(Play::Move(Move::with_promotion(from_sq, to_sq, role)));
                    }
                } else {
                    out.push(Play::Move(Move::new(from_sq, to_sq)));
                }
            }
            if recruits {
                for target in Squares(self.pseudo_recruit_targets(from)) {
                    out.push(Play::Recruit {
                        from: from_sq,
                        target: bitboard::square(target),
                    });
                }
            }
        }
        for side in CastleSide::BOTH {
            if self.castle_obstacle(side).is_none() {
                let rank = home_rank(us);
                let from = bitboard::square(rank * 8 + 4);
                let to = bitboard::square(rank * 8 + side.king_to_file());
                out.push(Play::Move(Move::new(from, to)));
            }
        }
    }

    /// Why castling to `side` is not possible now, or `None` if it is.
    pub(super) fn castle_obstacle(&self, side: CastleSide) -> Option<CastleObstacle> {
        let us = self.turn;
        if !self.castling.has(us, side) {
            return Some(CastleObstacle::NoRight);
        }
        let rank = home_rank(us) * 8;
        let king = rank + 4;
        let rook = rank + side.rook_files().0;
        let king_to = rank + side.king_to_file();
        let occupied = self.occupied();
        if between(king, rook) & occupied != 0 {
            return Some(CastleObstacle::Blocked);
        }
        if self.attackers(king, us.other(), occupied) != 0 {
            return Some(CastleObstacle::InCheck);
        }
        for sq in Squares(between(king, king_to) | bit(king_to)) {
            if self.attackers(sq, us.other(), occupied) != 0 {
                return Some(CastleObstacle::Attacked(bitboard::square(sq)));
            }
        }
        None
    }

    /// The legal actions, recruits optional.
    pub(super) fn generate(&self, recruits: bool) -> Vec<Play> {
        let mut plays = Vec::with_capacity(64);
        self.pseudo_plays(recruits, &mut plays);
        // Tested even for a side with no king: a return may give it one.
        plays.retain(|p| !self.play_raw(p).king_attacked(self.turn));
        plays
    }

    /// Every legal action of the side to move (moves and recruits), in a
    /// fixed order: by square, moves before recruits, castling last.
    pub fn legal_plays(&self) -> Vec<Play> {
        self.generate(true)
    }

    /// The legal moves alone (no recruits).
    pub fn legal_moves(&self) -> Vec<Play> {
        self.generate(false)
    }

    /// Whether the side to move has a legal action.
    pub fn has_legal_play(&self) -> bool {
        !self.generate(true).is_empty()
    }

    /// Whether Rebel III's Rebels, their king returned, have just given
    /// check: the game is decided, whatever the Spartans could play.
    pub(super) fn rebels_have_checked(&self) -> bool {
        match self.rebels {
            Some(rebels) => {
                self.turn != rebels && self.king_count(rebels) > 0 && self.king_attacked(self.turn)
            }
            None => false,
        }
    }

    /// The number of leaves of the tree of board actions `depth` plies
    /// deep (moves and recruits; draw claims and concessions are not board
    /// actions). A Rebel III conversionmate is played on; a position the
    /// Rebels have won by check has no children.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// assert_eq!(RebelPosition::startpos(Version::One).perft(3), 8780);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, true)
    }

    /// Perft with recruiting left out: the tree of moves alone (for the
    /// cross-check against an orthodox-style count).
    pub fn perft_without_recruits(&self, depth: u32) -> u64 {
        self.perft_with(depth, false)
    }

    fn perft_with(&self, depth: u32, recruits: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.rebels_have_checked() {
            return 0;
        }
        let plays = self.generate(recruits);
        if depth == 1 {
            return plays.len() as u64;
        }
        plays
            .iter()
            .map(|p| self.play(p).perft_with(depth - 1, recruits))
            .sum()
    }

    /// The legal en passant square, if a capture there is legal now.
    pub fn legal_en_passant(&self) -> Option<Square> {
        let square = bitboard::square(self.ep?);
        self.legal_moves()
            .iter()
            .any(|p| matches!(p, Play::Move(mv) if mv.to == square && self.is_en_passant(mv)))
            .then_some(square)
    }
}

/// Why a castling is not possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CastleObstacle {
    /// The king or that rook has moved, or was captured or recruited.
    NoRight,
    Blocked,
    InCheck,
    Attacked(Square),
}
