//! The game's options, and what follows from them: the board, the armies,
//! the barriers, the start position and the reflection of a square.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::chesslike::{
    Army, Kind, KindDef, Marks, Piece, Position, Setup, SquareSet, StraightAttack, Variant,
};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{OptionError, Options, Seat};

/// The mark of a piece that has lost its reflection, written `*`.
pub const UNPAIRED: Marks = Marks(1);

/// The option keys.
pub const OPTIONS: &[&str] = &[
    "setup",
    "symmetry",
    "capture-reflection",
    "win",
    "queen-promotion",
];

/// The board and starting armies (`setup=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// 14x14 without the 3x3 corners, four armies.
    Cross14,
    /// 12x12 without the 2x2 corners, four armies, home zones.
    Cross12,
    /// 8x8 without the 2x2 corners, four small armies, home zones.
    Cross8,
    /// 8x8, each player's two armies in one half of the board.
    Halves,
    /// Two orthodox boards, one move on each.
    TwoBoards,
}

impl Layout {
    pub const NAMES: [&'static str; 5] = ["cross14", "cross12", "cross8", "halves", "two-boards"];

    pub fn name(self) -> &'static str {
        Layout::NAMES[self as usize]
    }

    /// The side of the (square) board.
    pub fn side(self) -> u8 {
        match self {
            Layout::Cross14 => 14,
            Layout::Cross12 => 12,
            _ => 8,
        }
    }

    /// The cut corners' side.
    fn cut(self) -> u8 {
        match self {
            Layout::Cross14 => 3,
            Layout::Cross12 | Layout::Cross8 => 2,
            _ => 0,
        }
    }

    pub fn is_cross(self) -> bool {
        matches!(self, Layout::Cross14 | Layout::Cross12 | Layout::Cross8)
    }

    /// Whether the home zones bar moves (cross12 and cross8).
    pub fn has_zones(self) -> bool {
        matches!(self, Layout::Cross12 | Layout::Cross8)
    }

    /// Whether kings castle (all but cross8).
    pub fn castles(self) -> bool {
        self != Layout::Cross8
    }

    /// Whether a queen is a promotion choice only with `queen-promotion=on`.
    pub fn optional_queen(self) -> bool {
        matches!(self, Layout::Cross8 | Layout::Halves)
    }
}

/// How a square is reflected (`symmetry=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    Mirror,
    Reverse,
}

/// How the game is won (`win=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Win {
    /// Checkmate either king; no turn may end with one's own king in check.
    Checkmate,
    /// Capture both kings; kings may stand in check.
    Kings,
}

/// The options of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    pub layout: Layout,
    pub symmetry: Symmetry,
    pub capture_reflection: bool,
    pub win: Win,
    pub queen_promotion: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            layout: Layout::Cross14,
            symmetry: Symmetry::Mirror,
            capture_reflection: false,
            win: Win::Checkmate,
            queen_promotion: true,
        }
    }
}

/// An option value that does not apply to the chosen setup.
fn not_here(key: &str, value: &str, expected: String) -> OptionError {
    OptionError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected,
    }
}

impl Config {
    /// Reads the options, refusing those that do not apply to the setup
    /// (`queen-promotion` given at all where the queen is not optional).
    ///
    /// ```
    /// use arbiter::rules::Options;
    /// use arbiter::rules::reflection::{Config, Layout};
    /// let config = Config::from_options(&Options::parse(["setup=cross8"]).unwrap()).unwrap();
    /// assert_eq!(config.layout, Layout::Cross8);
    /// assert!(!config.queen_promotion);
    /// assert!(Config::from_options(&Options::parse(["setup=two-boards", "win=kings"]).unwrap()).is_err());
    /// assert!(Config::from_options(&Options::parse(["queen-promotion=on"]).unwrap()).is_err());
    /// ```
    pub fn from_options(options: &Options) -> Result<Config, OptionError> {
        options.read(OPTIONS, |read| {
            let layout = match read.choice("setup", &Layout::NAMES, "cross14")? {
                "cross14" => Layout::Cross14,
                "cross12" => Layout::Cross12,
                "cross8" => Layout::Cross8,
                "halves" => Layout::Halves,
                _ => Layout::TwoBoards,
            };
            let symmetry = match read.choice("symmetry", &["mirror", "reverse"], "mirror")? {
                "mirror" => Symmetry::Mirror,
                _ => Symmetry::Reverse,
            };
            let capture_reflection = read.flag("capture-reflection", false)?;
            let win = match read.choice("win", &["checkmate", "kings"], "checkmate")? {
                "checkmate" => Win::Checkmate,
                _ => Win::Kings,
            };
            let queen_promotion = read.flag("queen-promotion", !layout.optional_queen())?;
            let two = layout == Layout::TwoBoards;
            if two && symmetry == Symmetry::Reverse {
                return Err(not_here(
                    "symmetry",
                    "reverse",
                    "mirror (setup=two-boards has no reverse form)".into(),
                ));
            }
            if two && capture_reflection {
                return Err(not_here(
                    "capture-reflection",
                    "on",
                    "off (setup=two-boards has no pairs)".into(),
                ));
            }
            if two && win == Win::Kings {
                return Err(not_here(
                    "win",
                    "kings",
                    "checkmate (setup=two-boards is won by checkmate only)".into(),
                ));
            }
            if let Some(value) = options.get("queen-promotion")
                && !layout.optional_queen()
            {
                return Err(not_here(
                    "queen-promotion",
                    value,
                    format!(
                        "on|off with setup=cross8 or setup=halves only; setup={} always allows \
                         promotion to a queen, so leave the option out",
                        layout.name()
                    ),
                ));
            }
            Ok(Config {
                layout,
                symmetry,
                capture_reflection,
                win,
                queen_promotion,
            })
        })
    }

    /// The options as `KEY=VALUE` words, every key given.
    pub fn options(&self) -> Options {
        let on = |b: bool| if b { "on" } else { "off" };
        let mut words = vec![format!("setup={}", self.layout.name())];
        if self.layout != Layout::TwoBoards {
            words.push(format!(
                "symmetry={}",
                match self.symmetry {
                    Symmetry::Mirror => "mirror",
                    Symmetry::Reverse => "reverse",
                }
            ));
            words.push(format!(
                "capture-reflection={}",
                on(self.capture_reflection)
            ));
            words.push(format!(
                "win={}",
                match self.win {
                    Win::Checkmate => "checkmate",
                    Win::Kings => "kings",
                }
            ));
        }
        if self.layout.optional_queen() {
            words.push(format!("queen-promotion={}", on(self.queen_promotion)));
        }
        Options::parse(words).expect("well-formed options")
    }

    /// The reflection of `square` for `seat`'s pieces: in `mirror`,
    /// White's across the horizontal midline and Black's across the
    /// vertical one (both across the horizontal in halves); in `reverse`, a
    /// half turn. Two-boards has no pairs: White's board-2 move is the
    /// board-1 move mirrored left to right, see [`Config::mirror_file`].
    pub fn reflect(&self, seat: Seat, square: Square) -> Square {
        let n = self.layout.side() - 1;
        let (f, r) = (square.file(), square.rank());
        let (f, r) = match (self.symmetry, self.layout, seat) {
            (Symmetry::Reverse, _, _) => (n - f, n - r),
            (Symmetry::Mirror, Layout::Halves, _) | (Symmetry::Mirror, _, Seat::White) => {
                (f, n - r)
            }
            (Symmetry::Mirror, _, Seat::Black) => (n - f, r),
        };
        Square::new(f, r).expect("a reflected square is on the board")
    }

    /// A square mirrored left to right on an 8x8 board (a<->h).
    pub fn mirror_file(square: Square) -> Square {
        Square::new(7 - square.file(), square.rank()).expect("on the board")
    }

    /// The board of a paired setup.
    pub fn geometry(&self) -> Geometry {
        match self.layout.cut() {
            0 => Geometry::rectangle(8, 8),
            cut => Geometry::with_cut_corners(self.layout.side(), cut),
        }
    }

    /// The variant of a paired setup: the board, four armies, the zones or
    /// the halves' line, the promotion choices, the unpaired mark, and
    /// paired pawns attacking straight ahead.
    pub fn variant(&self) -> Arc<Variant> {
        let geometry = self.geometry();
        let n = self.layout.side() - 1;
        let line = |f: &dyn Fn(Square) -> bool| SquareSet::from_fn(geometry.squares(), f);
        let armies = if self.layout.is_cross() {
            vec![
                Army::new(Seat::White, "South", "", (0, 1), line(&|s| s.rank() == 1)),
                Army::new(
                    Seat::White,
                    "North",
                    "'",
                    (0, -1),
                    line(&|s| s.rank() == n - 1),
                ),
                Army::new(Seat::Black, "West", "", (1, 0), line(&|s| s.file() == 1)),
                Army::new(
                    Seat::Black,
                    "East",
                    "'",
                    (-1, 0),
                    line(&|s| s.file() == n - 1),
                ),
            ]
        } else {
            let (low, high) = (line(&|s| s.rank() == 1), line(&|s| s.rank() == n - 1));
            vec![
                Army::new(Seat::White, "South", "", (0, 1), low),
                Army::new(Seat::White, "North", "'", (0, -1), high),
                Army::new(Seat::Black, "South", "", (0, 1), low),
                Army::new(Seat::Black, "North", "'", (0, -1), high),
            ]
        };
        let mut promotions = vec![Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        if self.queen_promotion {
            promotions.insert(0, Kind::QUEEN);
        }
        let mut variant = Variant::new(geometry.clone(), KindDef::orthodox(), armies, promotions)
            .with_mark_suffixes(vec![(UNPAIRED, '*')])
            .with_straight_attack(StraightAttack::UnlessMarked(UNPAIRED));
        if self.layout.has_zones() {
            let edge = |v: u8| v <= 1 || v >= n - 1;
            variant =
                variant.with_zones(vec![line(&|s| edge(s.rank())), line(&|s| edge(s.file()))]);
        }
        if self.layout == Layout::Halves {
            variant = variant.with_capture_split(line(&|s| s.file() <= 3));
        }
        Arc::new(variant)
    }

    /// The start of a paired setup: the North and East armies of the mirror
    /// diagram (in halves, both players' upper armies), and their
    /// reflections; every piece paired, every king and rook free to castle
    /// where the setup allows it.
    pub fn start(&self) -> Position {
        let variant = self.variant();
        let n = self.layout.side() - 1;
        let mut setup = Setup::empty(&variant);
        let mut kept: Vec<(Square, Piece)> = Vec::new();
        let mut place = |file: u8, rank: u8, letter: char, owner: Seat, army: u8| {
            let kind = variant.kind_of_letter(letter).expect("a piece letter");
            let square = Square::new(file, rank).expect("on the board");
            kept.push((square, Piece::new(owner, kind, army)));
        };
        match self.layout {
            Layout::Halves => {
                for (i, letter) in "RNBK".chars().enumerate() {
                    place(i as u8, 7, letter, Seat::White, 1);
                    place(i as u8, 6, 'P', Seat::White, 1);
                }
                for (i, letter) in "KBNR".chars().enumerate() {
                    place(4 + i as u8, 7, letter, Seat::Black, 3);
                    place(4 + i as u8, 6, 'P', Seat::Black, 3);
                }
            }
            _ => {
                let (north, east) = match self.layout {
                    Layout::Cross14 => ("RNBKQBNR", "RNBQKBNR"),
                    Layout::Cross12 => ("RNBQKBNR", "RNBQKBNR"),
                    _ => ("NBKR", "RKBN"),
                };
                let cut = self.layout.cut();
                for (i, letter) in north.chars().enumerate() {
                    place(cut + i as u8, n, letter, Seat::White, 1);
                    place(cut + i as u8, n - 1, 'P', Seat::White, 1);
                }
                // Top down, from the highest rank that exists.
                for (i, letter) in east.chars().enumerate() {
                    place(n, n - cut - i as u8, letter, Seat::Black, 3);
                    place(n - 1, n - cut - i as u8, 'P', Seat::Black, 3);
                }
            }
        }
        for (square, piece) in kept {
            let image = self.reflect(piece.owner, square);
            setup.cells[variant.geometry.index(square)] = Some(piece);
            setup.cells[variant.geometry.index(image)] = Some(Piece {
                army: piece.army - 1,
                ..piece
            });
            if self.layout.castles() && matches!(piece.kind, Kind::KING | Kind::ROOK) {
                setup.castling.insert(square);
                setup.castling.insert(image);
            }
        }
        Position::from_setup(variant, setup).expect("the start position is valid")
    }
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.options())
    }
}
