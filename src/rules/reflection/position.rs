//! A Reflection Teammate position of any setup: the options and the board
//! (paired setups on one layer position, or the two boards), with its legal
//! turns, their making, and how the board alone ends a game.

use crate::rules::chesslike::{Position, Setup};
use crate::rules::{PositionError, Seat};

use super::config::{Config, Layout, Win};
use super::pairs::{self, Candidate, Effects, is_paired};
use super::turn::Turn;
use super::two_boards::TwoBoards;

/// The board of one setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    Pairs(Position),
    Two(TwoBoards),
}

/// How the board alone ends a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEnd {
    /// The side to move has no legal turn and a king in check.
    Checkmate { loser: Seat },
    /// The side to move has no legal turn and no king in check (under
    /// `win=kings`, no legal turn at all).
    Stalemate,
    /// `win=kings`: this side has no king left.
    KingsCaptured { loser: Seat },
}

/// A legal turn with the position it leads to and what it did.
#[derive(Clone, Debug)]
pub struct Played {
    pub turn: Turn,
    pub next: ReflectionPosition,
    pub effects: Effects,
    /// The steps (paired setups), for notation.
    pub candidate: Option<Candidate>,
}

/// A position of the game: its options and its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReflectionPosition {
    config: Config,
    board: Board,
}

impl ReflectionPosition {
    /// The start of a setup.
    ///
    /// ```
    /// use arbiter::rules::reflection::{Config, Layout, ReflectionPosition};
    /// let config = Config { layout: Layout::Cross8, queen_promotion: false, ..Config::default() };
    /// let start = ReflectionPosition::start(config);
    /// assert_eq!(start.perft(1), 9);
    /// assert_eq!(start.text(), "N'B'K'R'/P'P'P'P'/rp4p'r'/kp4p'k'/bp4p'b'/np4p'n'/PPPP/NBKR w - - 0 1");
    /// ```
    pub fn start(config: Config) -> ReflectionPosition {
        let board = match config.layout {
            Layout::TwoBoards => Board::Two(TwoBoards::start()),
            _ => Board::Pairs(config.start()),
        };
        ReflectionPosition { config, board }
    }

    /// Reads a position string of the setup: the layer's (letters, `'` for
    /// a player's second army, `*` for an unpaired piece), or for two
    /// boards `FEN1 | FEN2`; checks that pairs stand on reflected squares
    /// and that the side not to move is not in check (under checkmate).
    pub fn from_text(config: Config, text: &str) -> Result<ReflectionPosition, PositionError> {
        let board = match config.layout {
            Layout::TwoBoards => Board::Two(TwoBoards::from_text(text)?),
            _ => {
                let variant = config.variant();
                let setup = Setup::read(&variant, text)?;
                let position = Position::from_setup(variant, setup)?;
                check_pairs(&config, &position)?;
                let them = position.turn().other();
                if config.win == Win::Checkmate && position.in_check(them) {
                    return Err(PositionError::Malformed(format!(
                        "{them} is in check but it is not {them}'s move"
                    )));
                }
                for seat in Seat::BOTH {
                    let kings = position.royals(seat).len();
                    if kings > 2 || (config.win == Win::Checkmate && kings == 0) {
                        return Err(PositionError::Malformed(format!(
                            "{seat} has {kings} kings"
                        )));
                    }
                }
                Board::Pairs(position)
            }
        };
        Ok(ReflectionPosition { config, board })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position string.
    pub fn text(&self) -> String {
        match &self.board {
            Board::Pairs(p) => p.fen(),
            Board::Two(two) => two.text(),
        }
    }

    pub fn turn(&self) -> Seat {
        match &self.board {
            Board::Pairs(p) => p.turn(),
            Board::Two(two) => two.turn(),
        }
    }

    pub fn fullmove_number(&self) -> u32 {
        match &self.board {
            Board::Pairs(p) => p.fullmove_number(),
            Board::Two(two) => two.boards[0].fullmove_number(),
        }
    }

    /// Turns since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        match &self.board {
            Board::Pairs(p) => p.halfmove_clock(),
            Board::Two(two) => two.halfmove_clock(),
        }
    }

    /// Whether a king of `seat` is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        match &self.board {
            Board::Pairs(p) => p.in_check(seat),
            Board::Two(two) => two.in_check(seat),
        }
    }

    /// Every legal turn of the side to move, made.
    pub fn legal(&self) -> Vec<Played> {
        match &self.board {
            Board::Pairs(p) => {
                if self.kings_gone().is_some() {
                    return Vec::new();
                }
                pairs::legal(&self.config, p)
                    .into_iter()
                    .map(|(candidate, next, effects)| Played {
                        turn: candidate.turn(),
                        next: self.with(Board::Pairs(next)),
                        effects,
                        candidate: Some(candidate),
                    })
                    .collect()
            }
            Board::Two(two) => two
                .legal()
                .into_iter()
                .map(|turn| Played {
                    turn,
                    next: self.with(Board::Two(two.play(&turn))),
                    effects: Effects::default(),
                    candidate: None,
                })
                .collect(),
        }
    }

    /// The legal turns, not made.
    pub fn legal_turns(&self) -> Vec<Turn> {
        match &self.board {
            Board::Pairs(_) if self.kings_gone().is_some() => Vec::new(),
            Board::Pairs(p) => pairs::legal_turns(&self.config, p),
            Board::Two(two) => two.legal(),
        }
    }

    /// Whether the side to move has a legal turn.
    fn has_legal(&self) -> bool {
        match &self.board {
            Board::Pairs(_) if self.kings_gone().is_some() => false,
            Board::Pairs(p) => pairs::has_legal(&self.config, p),
            Board::Two(two) => !two.legal().is_empty(),
        }
    }

    /// Plays a turn if it is legal (making that turn only).
    pub fn play(&self, turn: &Turn) -> Option<Played> {
        self.play_found(turn, false)
    }

    /// [`ReflectionPosition::play`] for a turn chosen among the legal ones
    /// (the computer's search): its candidate found from its own pieces'
    /// steps, not among every candidate.
    pub(crate) fn play_chosen(&self, turn: &Turn) -> Option<Played> {
        self.play_found(turn, true)
    }

    fn play_found(&self, turn: &Turn, chosen: bool) -> Option<Played> {
        match &self.board {
            Board::Pairs(p) => {
                if self.kings_gone().is_some() {
                    return None;
                }
                let candidate = if chosen {
                    pairs::candidate_of(&self.config, p, turn)?
                } else {
                    pairs::candidates(&self.config, p)
                        .into_iter()
                        .find(|c| c.turn() == *turn)?
                };
                let (next, effects) = pairs::make(&self.config, p, &candidate);
                let safe = pairs::kings_safe(&self.config, &next, p.turn());
                safe.then(|| Played {
                    turn: *turn,
                    next: self.with(Board::Pairs(next)),
                    effects,
                    candidate: Some(candidate),
                })
            }
            // The legal turns listed, only the one played made.
            Board::Two(two) => two.legal().contains(turn).then(|| Played {
                turn: *turn,
                next: self.with(Board::Two(two.play(turn))),
                effects: Effects::default(),
                candidate: None,
            }),
        }
    }

    fn with(&self, board: Board) -> ReflectionPosition {
        ReflectionPosition {
            config: self.config,
            board,
        }
    }

    /// Under `win=kings`, the side with no king left.
    fn kings_gone(&self) -> Option<Seat> {
        match &self.board {
            Board::Pairs(p) if self.config.win == Win::Kings => {
                Seat::BOTH.into_iter().find(|s| p.royals(*s).is_empty())
            }
            _ => None,
        }
    }

    /// How the board ends the game now, if it does.
    pub fn end(&self) -> Option<BoardEnd> {
        if let Some(loser) = self.kings_gone() {
            return Some(BoardEnd::KingsCaptured { loser });
        }
        if self.has_legal() {
            return None;
        }
        let us = self.turn();
        Some(if self.config.win == Win::Checkmate && self.in_check(us) {
            BoardEnd::Checkmate { loser: us }
        } else {
            BoardEnd::Stalemate
        })
    }

    /// What makes two positions the same for repetition: the pieces (with
    /// their pairs), the side to move, the castling rights, and the en
    /// passant chances only when a legal turn takes one.
    pub fn repetition_key(&self) -> String {
        let key = |p: &Position, en_passant: bool| {
            let ep = if en_passant {
                p.en_passant_text()
            } else {
                "-".to_string()
            };
            format!(
                "{} {} {} {ep}",
                p.placement(),
                p.turn_char(),
                p.castling_text()
            )
        };
        match &self.board {
            Board::Pairs(p) => {
                let takes =
                    !p.en_passant().is_empty() && pairs::can_take_en_passant(&self.config, p);
                key(p, takes)
            }
            Board::Two(two) => {
                let takes = |i: usize| {
                    !two.boards[i].en_passant().is_empty()
                        && two.legal().iter().any(|t| {
                            let mv = if i == 0 { Some(t.first) } else { t.second };
                            mv.and_then(|m| two.boards[i].step_of(&m)).is_some_and(|s| {
                                matches!(s.kind, crate::rules::chesslike::StepKind::EnPassant)
                            })
                        })
                };
                format!(
                    "{} | {}",
                    key(&two.boards[0], takes(0)),
                    key(&two.boards[1], takes(1))
                )
            }
        }
    }

    /// The number of leaves of the legal turn tree `depth` turns deep.
    pub fn perft(&self, depth: u32) -> u64 {
        match &self.board {
            Board::Pairs(p) => pairs::perft(&self.config, p, depth),
            Board::Two(two) => two.perft(depth),
        }
    }
}

/// Pairs stand on reflected squares: a paired piece's reflection is a
/// paired piece of the same owner and kind from the other army, and no two
/// unpaired pieces that would pair stand on reflected squares.
fn check_pairs(config: &Config, position: &Position) -> Result<(), PositionError> {
    for (square, piece) in position.pieces() {
        let image = config.reflect(piece.owner, square);
        let mate = position
            .piece_at(image)
            .filter(|m| m.owner == piece.owner && m.kind == piece.kind && m.army != piece.army);
        match mate {
            None if is_paired(piece) => {
                return Err(PositionError::Malformed(format!(
                    "the piece on {square} is paired, but its reflection's square {image} holds \
                     no piece of its kind from the other army (mark it {}* if it has lost its \
                     reflection)",
                    position.variant().label(piece)
                )));
            }
            Some(mate) if !(is_paired(piece) && is_paired(mate)) => {
                return Err(PositionError::Malformed(format!(
                    "the pieces on {square} and {image} stand on reflected squares, so they are a \
                     pair: write neither with *"
                )));
            }
            _ => {}
        }
    }
    Ok(())
}
