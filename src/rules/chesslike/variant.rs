//! A variant as data: the board's geometry, the kinds of pieces, the
//! armies (an owner, a pawn direction, a double-step line and the
//! promotion squares that follow from the board), and the barriers some
//! games put on moves.

use std::sync::{Arc, OnceLock};

use super::bits::AttackTables;
use super::pieces::{Kind, KindDef, Marks, Piece, Reach};
use super::squares::SquareSet;
use super::tables::Tables;
use crate::rules::Seat;
use crate::rules::geometry::{Geometry, Square};

/// One army: a group of one player's pieces whose pawns share a direction.
/// Orthodox chess has one a side; Reflection Teammate two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    pub owner: Seat,
    /// In players' words: `South`.
    pub name: &'static str,
    /// Written after a piece's letter in position strings and diagrams to
    /// tell the owner's armies apart; empty for the first.
    pub suffix: &'static str,
    /// The pawns' step ahead, in files and ranks.
    pub forward: (i8, i8),
    /// Where its pawns may step two squares.
    pub double_step: SquareSet,
    /// Where its pawns promote: every square from which none of the three
    /// squares ahead exists or may be entered (see [`Variant::allows`]);
    /// computed from the board.
    promotion: SquareSet,
}

impl Army {
    pub fn new(
        owner: Seat,
        name: &'static str,
        suffix: &'static str,
        forward: (i8, i8),
        double_step: SquareSet,
    ) -> Army {
        Army {
            owner,
            name,
            suffix,
            forward,
            double_step,
            promotion: SquareSet::EMPTY,
        }
    }

    /// The two diagonal steps ahead.
    pub fn diagonals(&self) -> [(i8, i8); 2] {
        let (fx, fy) = self.forward;
        // The sideways unit vector is the forward one turned a quarter.
        let (sx, sy) = (fy, fx);
        [(fx + sx, fy + sy), (fx - sx, fy - sy)]
    }

    pub fn promotion_squares(&self) -> SquareSet {
        self.promotion
    }
}

/// Whether a variant's pawns attack straight ahead too (Reflection
/// Teammate's paired pawns may capture straight ahead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StraightAttack {
    Never,
    /// Pawns that do not bear these marks.
    UnlessMarked(Marks),
}

/// The rules of piece movement of one variant, as data. Built once per
/// game configuration and shared (behind an [`Arc`]) by its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub geometry: Geometry,
    pub kinds: Vec<KindDef>,
    pub armies: Vec<Army>,
    /// What pawns may promote to.
    pub promotions: Vec<Kind>,
    /// Zones no move may leave for another zone (Reflection Teammate's
    /// home zones on the 12x12 and 8x8 cross boards).
    pub zones: Vec<SquareSet>,
    /// No capture may start inside this set and end outside it, or the
    /// other way round (Reflection Teammate's halves).
    pub capture_split: Option<SquareSet>,
    pub straight_attack: StraightAttack,
    /// A mark and the character written after a marked piece's letter.
    pub mark_suffixes: Vec<(Marks, char)>,
    /// Capturing leaps and rides of the kinds: vector and kinds bit mask.
    leap_attacks: Vec<(i8, i8, u32)>,
    ride_attacks: Vec<(i8, i8, u32)>,
    /// Neighbours, zones and movements by dense index (`tables.rs`).
    pub(super) tables: Tables,
    /// Where attackers of each square may stand, as bit sets (`attack.rs`).
    pub(super) attack: AttackTables,
}

impl Variant {
    /// A variant with no barriers, marks or straight attacks.
    ///
    /// # Panics
    /// With more than 32 kinds or 256 armies: variants are constants of
    /// the games.
    pub fn new(
        geometry: Geometry,
        kinds: Vec<KindDef>,
        armies: Vec<Army>,
        promotions: Vec<Kind>,
    ) -> Variant {
        assert!(kinds.len() <= 32 && armies.len() <= 256);
        let mut variant = Variant {
            geometry,
            kinds,
            armies,
            promotions,
            zones: Vec::new(),
            capture_split: None,
            straight_attack: StraightAttack::Never,
            mark_suffixes: Vec::new(),
            leap_attacks: Vec::new(),
            ride_attacks: Vec::new(),
            tables: Tables::default(),
            attack: AttackTables::default(),
        };
        variant.derive();
        variant
    }

    /// Orthodox chess: 8x8, the six kinds, White's army going up from rank
    /// 2 and Black's down from rank 7, promotion to Q R B N. Built once.
    pub fn orthodox() -> Arc<Variant> {
        static ORTHODOX: OnceLock<Arc<Variant>> = OnceLock::new();
        ORTHODOX
            .get_or_init(|| {
                let geometry = Geometry::rectangle(8, 8);
                let rank = |r: u8| SquareSet::from_fn(geometry.squares(), |s| s.rank() == r);
                let armies = vec![
                    Army::new(Seat::White, "White", "", (0, 1), rank(1)),
                    Army::new(Seat::Black, "Black", "", (0, -1), rank(6)),
                ];
                Arc::new(Variant::new(
                    geometry,
                    KindDef::orthodox(),
                    armies,
                    vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT],
                ))
            })
            .clone()
    }

    pub fn with_zones(mut self, zones: Vec<SquareSet>) -> Variant {
        self.zones = zones;
        self.derive();
        self
    }

    pub fn with_capture_split(mut self, split: SquareSet) -> Variant {
        self.capture_split = Some(split);
        self.derive();
        self
    }

    pub fn with_straight_attack(mut self, straight: StraightAttack) -> Variant {
        self.straight_attack = straight;
        self
    }

    pub fn with_mark_suffixes(mut self, suffixes: Vec<(Marks, char)>) -> Variant {
        self.mark_suffixes = suffixes;
        self
    }

    /// Recomputes what follows from the board and the kinds.
    fn derive(&mut self) {
        let promotion: Vec<SquareSet> = self
            .armies
            .iter()
            .map(|army| {
                SquareSet::from_fn(self.geometry.squares(), |sq| {
                    let (fx, fy) = army.forward;
                    let ahead = [(fx, fy), army.diagonals()[0], army.diagonals()[1]];
                    ahead.iter().all(|&(df, dr)| {
                        self.geometry
                            .offset(sq, df, dr)
                            .is_none_or(|to| !self.zones_allow(sq, to))
                    })
                })
            })
            .collect();
        for (army, set) in self.armies.iter_mut().zip(promotion) {
            army.promotion = set;
        }
        self.leap_attacks.clear();
        self.ride_attacks.clear();
        for (k, def) in self.kinds.iter().enumerate() {
            for m in def.movements.iter().filter(|m| m.mode.captures()) {
                let list = match m.reach {
                    Reach::Leap => &mut self.leap_attacks,
                    Reach::Ride => &mut self.ride_attacks,
                };
                match list
                    .iter_mut()
                    .find(|(df, dr, _)| (*df, *dr) == (m.df, m.dr))
                {
                    Some(entry) => entry.2 |= 1 << k,
                    None => list.push((m.df, m.dr, 1 << k)),
                }
            }
        }
        let pawn_steps: Vec<_> = self
            .armies
            .iter()
            .map(|army| (army.forward, army.diagonals()))
            .collect();
        self.tables = Tables::new(
            &self.geometry,
            &self.kinds,
            &pawn_steps,
            &self.zones,
            self.capture_split.as_ref(),
            &self.leap_attacks,
            &self.ride_attacks,
        );
        self.attack = AttackTables::new(&self.tables, self.geometry.area());
    }

    pub fn kind(&self, kind: Kind) -> &KindDef {
        &self.kinds[kind.index()]
    }

    pub fn army(&self, army: u8) -> &Army {
        &self.armies[army as usize]
    }

    /// The armies of one owner, with their indices.
    pub fn armies_of(&self, owner: Seat) -> impl Iterator<Item = (u8, &Army)> {
        self.armies
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.owner == owner)
            .map(|(i, a)| (i as u8, a))
    }

    /// The kind written with this letter (either case).
    pub fn kind_of_letter(&self, letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == upper)
            .map(|i| Kind(i as u8))
    }

    /// A piece's letter: upper case for White, lower case for Black.
    pub fn letter(&self, piece: Piece) -> char {
        let letter = self.kind(piece.kind).letter;
        match piece.owner {
            Seat::White => letter,
            Seat::Black => letter.to_ascii_lowercase(),
        }
    }

    /// A piece as position strings and diagrams write it: its letter, its
    /// army's suffix, and its marks' suffixes.
    pub fn label(&self, piece: Piece) -> String {
        let mut label = String::new();
        self.write_label(piece, &mut label);
        label
    }

    /// [`Variant::label`] written at the end of `out` (a position string
    /// is written a label a piece, with no text made for each).
    pub fn write_label(&self, piece: Piece, out: &mut String) {
        out.push(self.letter(piece));
        out.push_str(self.army(piece.army).suffix);
        for (mark, c) in &self.mark_suffixes {
            if piece.marks.has(*mark) {
                out.push(*c);
            }
        }
    }

    /// Whether a pawn of `army` promotes on `square`.
    pub fn promotes(&self, army: u8, square: Square) -> bool {
        self.army(army).promotion.contains(square)
    }

    fn zones_allow(&self, from: Square, to: Square) -> bool {
        let zone = |sq: Square| self.zones.iter().position(|z| z.contains(sq));
        match (zone(from), zone(to)) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        }
    }

    /// Whether the variant's barriers let a move (or, with `capture`, a
    /// capture) go from `from` to `to`: it may not leave one zone for
    /// another, and a capture may not cross the capture split.
    pub fn allows(&self, from: Square, to: Square, capture: bool) -> bool {
        if !self.zones.is_empty() && !self.zones_allow(from, to) {
            return false;
        }
        match &self.capture_split {
            Some(split) if capture => split.contains(from) == split.contains(to),
            _ => true,
        }
    }

    /// Whether a pawn attacks the square straight ahead of it.
    pub fn attacks_straight(&self, pawn: Piece) -> bool {
        match self.straight_attack {
            StraightAttack::Never => false,
            StraightAttack::UnlessMarked(marks) => !pawn.marks.has(marks),
        }
    }
}
