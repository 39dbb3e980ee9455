//! The chess-like layer: what the games that move chess pieces share, on
//! any board [`geometry`](crate::rules::geometry) supports (any size up to
//! 16x16, holes, cut corners).
//!
//! - [`Variant`]: the rules of movement as data: the board, the kinds of
//!   pieces ([`KindDef`]: letters, leaps and rides, pawn, royal, castling
//!   part), the armies ([`Army`]: owner, pawn direction, double-step line,
//!   and the promotion squares that follow from the board), and barriers
//!   (zones no move may leave for another, a line no capture may cross).
//! - [`Piece`]: an owner, a kind, an army and a game's [`Marks`]
//!   (Reflection's unpaired, Rebel's converted).
//! - [`Position`]: a board of pieces with the side to move, castling rights
//!   (unmoved kings and rooks), en passant chances and counters, read from
//!   and written to a FEN-like string; the steps of one piece
//!   ([`Position::steps_from`], [`Position::castling_steps`]), attacks
//!   ([`Position::is_attacked`]), making steps; and orthodox chess's rule
//!   on top ([`Position::legal_moves`], [`Position::play`],
//!   [`Position::perft`]), which plays chess and the boards of
//!   Reflection's two-board game.
//! - [`read_move`] and [`Position::san`], [`Position::coordinates`]: one
//!   reader and writer of moves for every board, parameterised by the
//!   variant's letters, with the orthodox engine's typed [`MoveError`];
//!   why a written move fits none ([`Position::why_not`]) and why a piece
//!   cannot go to a square ([`Position::obstacle`]).
//! - [`DrawRecord`]: repetition and the turn-count rules.
//!
//! # Representation
//!
//! A position is a mailbox: one cell per square of the board's bounding
//! rectangle, by [`Geometry::index`](crate::rules::geometry::Geometry::index),
//! each an `Option<Piece>` of four bytes, and beside it each side's
//! occupied squares as a 256-bit set (`attack.rs`: `Occupancy`, kept in
//! step by every write). Everything that follows from the board and the
//! kinds is computed once, when the variant is built, and shared with its
//! positions behind an `Arc` (`tables.rs`, `attack.rs`): every square's
//! neighbour along every vector a piece moves or attacks by (holes, edges
//! and wrapping already applied) and the squares a rider passes along it
//! (a list, nearest first), each kind's movements and each army's pawn
//! vectors as indices into those, each square's zone and side of the
//! capture split; and per square, as bit sets, the squares a leaper could
//! attack it from and each rider's line out of it. The generator walks
//! the lists; the attack test runs outward from the attacked square,
//! looking for a leaper only where the attacking side stands on a leap
//! square, and for a rider only along the lines where it has a piece.
//!
//! Legality under the orthodox rule is decided without playing most steps,
//! piece by piece as the steps are generated: not in check, a step can
//! expose a royal piece only by leaving the first square along one of the
//! variant's ride-attack lines from it when the next piece beyond is an
//! enemy attacking along that line (a pin), so only the pinned pieces'
//! steps, the royal pieces' own, en passant and castling are played, on a
//! scratch copy of the cells, and unmade; every other piece's steps are
//! kept as generated, with no second pass over the list. In check with
//! one royal piece, another piece's step is tried only if it captures the
//! single checker or lands between it and the royal on its line (none is,
//! against two checkers). The legal steps are handed on as they are found
//! ([`Position::each_legal_step`]), so a caller that only counts them
//! lists none. The sets stay 256 bits wide on every board: on the 8x8
//! boards the profile puts the set operations under a tenth of perft's
//! time (the walk along the lists and the steps themselves are the rest),
//! so no narrower width is kept beside them. Two ways of reading the
//! sets wider were measured and not kept (issue 30): counting a free
//! piece's steps at perft's last ply from the sets (a leap by one square,
//! a ride by its nearest blocker and a population count) was slower than
//! walking the lists, the population count being a sequence of
//! instructions on the baseline x86-64 target, and finding the nearest
//! piece on an attack line by a bit scan instead of the walk gained
//! nothing measurable. Perft (and
//! Reflection's) copies each move into a position kept a ply
//! ([`Position::begin_turn_in`]), so a search allocates nothing a move,
//! and counts its last ply without making it (Rebel's without listing
//! it); castling rights are normalised only after a turn that wrote a
//! square holding one. A search keys its transposition table by
//! [`Position::search_key`], a fold of the occupied squares' pieces, the
//! side to move and the rights, with no text written.
//!
//! A game whose turns are more than the orthodox rule (Reflection
//! Teammate's pairs, with their end-of-turn rules) judges a turn's safety
//! on a [`Trial`]: a scratch copy of the cells kept a ply, the turn's
//! steps (and what else it takes off the board) made with an undo list,
//! the attack test run from the watched side's royals, and undone. The
//! trial also keeps, from its reset, whether a royal is attacked and the
//! side's pieces first along a rider's line from one
//! ([`Trial::quiet`]; not only the pinned ones, since a turn may move two
//! pieces off one line): a step of any other piece cannot expose a royal
//! and is passed without being tried. Perft counts its last ply this way
//! rather than making it.
//!
//! Orthodox chess keeps its bitboard engine ([`crate::rules::chess`]) as
//! the fast path; both engines run `tests/data/chess.perft`.
//!
//! A game that is more than one move a turn (Reflection Teammate's pairs)
//! builds its turns from the steps: judge every step on the position the
//! turn starts from, then [`Position::begin_turn`], [`Position::make`] each
//! one, apply its own end-of-turn rules, and [`Position::end_turn`].
//!
//! ```
//! use arbiter::rules::chesslike::{Position, Variant};
//! let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! let pos = Position::from_fen(Variant::orthodox(), start).unwrap();
//! assert_eq!(pos.perft(2), 400);
//! let mv = pos.parse_move("e4").unwrap();
//! assert_eq!(pos.play(&mv).fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! ```

mod attack;
mod bits;
mod fen;
mod legal;
mod movegen;
mod notation;
mod pieces;
mod position;
mod record;
mod san;
mod squares;
mod step;
mod tables;
#[cfg(test)]
mod tests;
mod trial;
mod variant;

pub use notation::{FORMS, MoveFacts, Notation, read_move};
pub use pieces::{CastlingRole, Kind, KindDef, Marks, Mode, Movement, Piece, Reach};
pub use position::{EnPassant, Position, Setup, SetupError};
pub use record::{DrawRecord, DrawRule};
pub use san::{IllegalHint, MoveError};
pub use squares::SquareSet;
pub use step::{CastleSide, Move, MoveTextError, Step, StepKind};
pub use trial::Trial;
pub use variant::{Army, StraightAttack, Variant};
