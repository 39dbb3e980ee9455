//! The two-board game: orthodox chess on two boards at once, one move on
//! each a turn, by pieces of one kind; White's board-2 move mirrors the
//! board-1 move left to right, Black's is the same move. Each board is a
//! layer [`Position`] under orthodox chess's rule (board 2 starts with
//! White's king on d1, which castles to b1 or f1).

use std::collections::HashSet;

use crate::rules::chesslike::{Move, Position, Step, Variant};
use crate::rules::{PositionError, Seat};

use super::config::Config;
use super::turn::Turn;

const BOARD_1: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BOARD_2: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w a1,d1,h1,a8,e8,h8 - 0 1";

/// Both boards; the side to move and the counters are the same on each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoBoards {
    pub boards: [Position; 2],
}

impl TwoBoards {
    pub fn start() -> TwoBoards {
        TwoBoards::from_text(&format!("{BOARD_1} | {BOARD_2}")).expect("the start is valid")
    }

    /// Reads `FEN1 | FEN2`: each board one king a side, the same side to
    /// move on both, that side's opponent in check on neither.
    pub fn from_text(text: &str) -> Result<TwoBoards, PositionError> {
        let (one, two) = text
            .split_once('|')
            .ok_or_else(|| PositionError::Malformed("two boards are written FEN1 | FEN2".into()))?;
        let read = |fen: &str, n: usize| {
            Position::from_fen(Variant::orthodox(), fen.trim())
                .map_err(|e| PositionError::Malformed(format!("board {n}: {e}")))
        };
        let boards = [read(one, 1)?, read(two, 2)?];
        if boards[0].turn() != boards[1].turn() {
            return Err(PositionError::Malformed(
                "the same side must be to move on both boards".into(),
            ));
        }
        for (n, board) in boards.iter().enumerate() {
            for seat in Seat::BOTH {
                if board.royals(seat).len() != 1 {
                    return Err(PositionError::Malformed(format!(
                        "board {}: {seat} must have one king",
                        n + 1
                    )));
                }
            }
            if board.in_check(board.turn().other()) {
                return Err(PositionError::Malformed(format!(
                    "board {}: {} is in check but it is not {0}'s move",
                    n + 1,
                    board.turn().other()
                )));
            }
        }
        Ok(TwoBoards { boards })
    }

    /// `FEN1 | FEN2`.
    pub fn text(&self) -> String {
        format!("{} | {}", self.boards[0].fen(), self.boards[1].fen())
    }

    pub fn turn(&self) -> Seat {
        self.boards[0].turn()
    }

    /// The board-2 move that goes with a board-1 move of `seat`.
    pub fn partner(seat: Seat, mv: &Move) -> Move {
        match seat {
            Seat::White => Move::new(
                Config::mirror_file(mv.from),
                Config::mirror_file(mv.to),
                mv.promotion,
            ),
            Seat::Black => *mv,
        }
    }

    /// The legal turns: a legal board-1 move whose partner is a legal
    /// board-2 move of a piece of the same kind.
    pub fn legal(&self) -> Vec<Turn> {
        let seat = self.turn();
        let second: HashSet<Move> = self.boards[1].legal_moves().into_iter().collect();
        self.boards[0]
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let other = TwoBoards::partner(seat, &mv);
                let kind = |board: &Position, m: &Move| board.piece_at(m.from).map(|p| p.kind);
                (second.contains(&other)
                    && kind(&self.boards[0], &mv) == kind(&self.boards[1], &other))
                .then_some(Turn {
                    first: mv,
                    second: Some(other),
                })
            })
            .collect()
    }

    /// Plays a legal turn.
    pub fn play(&self, turn: &Turn) -> TwoBoards {
        let second = turn.second.expect("a two-board turn has two moves");
        TwoBoards {
            boards: [
                self.boards[0].play(&turn.first),
                self.boards[1].play(&second),
            ],
        }
    }

    /// Whether a king of `seat` is in check on either board.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.boards.iter().any(|b| b.in_check(seat))
    }

    /// Turns since the last capture or pawn move on either board.
    pub fn halfmove_clock(&self) -> u32 {
        self.boards[0]
            .halfmove_clock()
            .min(self.boards[1].halfmove_clock())
    }

    /// The number of leaves of the legal turn tree `depth` turns deep
    /// (the last turn counted, not made).
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_in(depth, &mut Vec::new())
    }

    /// Perft with the boards a turn is made into and the step lists kept a
    /// ply, reused: the legal steps of each board paired as
    /// [`TwoBoards::legal`] pairs them, each turn copied and made.
    fn perft_in(&self, depth: u32, spares: &mut Vec<Spare>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut spare = spares.pop().unwrap_or_else(|| Spare {
            next: self.clone(),
            steps: [Vec::with_capacity(64), Vec::with_capacity(64)],
        });
        let seat = self.turn();
        let [one, two] = &self.boards;
        one.legal_steps_into(&mut spare.steps[0]);
        two.legal_steps_into(&mut spare.steps[1]);
        let mut count = 0;
        let [first, second] = &spare.steps;
        for step in first {
            let partner = TwoBoards::partner(seat, &Move::new(step.from, step.to, None));
            let kind = |board: &Position, from| board.piece_at(from).map(|p| p.kind);
            let Some(other) = second
                .iter()
                .find(|s| s.from == partner.from && s.to == partner.to)
            else {
                continue;
            };
            if kind(one, step.from) != kind(two, other.from) {
                continue;
            }
            // Pieces of one kind reaching the same rank: both promote or
            // neither, to the same kinds.
            for promotion in one.promotions(step) {
                if depth == 1 {
                    count += 1;
                    continue;
                }
                let [next_one, next_two] = &mut spare.next.boards;
                for (board, next, step) in [(one, next_one, step), (two, next_two, other)] {
                    board.begin_turn_in(next);
                    next.make(step, promotion);
                    next.end_turn(board.is_zeroing(step));
                }
                count += spare.next.perft_in(depth - 1, spares);
            }
        }
        spares.push(spare);
        count
    }
}

/// What two-board perft keeps a ply.
struct Spare {
    next: TwoBoards,
    steps: [Vec<Step>; 2],
}
