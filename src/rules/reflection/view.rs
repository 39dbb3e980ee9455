//! What a viewer sees of a game. The game hides nothing, so every viewer
//! gets the same facts; only the side drawn at the bottom differs. The
//! view is built in one place ([`build`]) and drawn in another
//! ([`View::present`]).

use serde::Serialize;

use crate::rules::chess::{draw_facts, numbered, turn_facts};
use crate::rules::chesslike::{DrawRule, Position};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Cell, Diagram, Figure, HistoryLine, Mark, Outcome, Presentation, Seat, View};

use super::config::{Config, Layout, Symmetry, UNPAIRED};
use super::position::{Board, ReflectionPosition};
use super::turn::Turn;

/// The last turn played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastTurn {
    pub number: u32,
    pub seat: Seat,
    pub text: String,
    pub turn: Turn,
}

/// A game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReflectionView {
    pub config: Config,
    /// The position string.
    pub position: String,
    pub bottom: Seat,
    pub turn: Seat,
    /// Whether a king of the side to move is attacked.
    pub check: bool,
    /// The board, or on two boards both side by side (board 2 on the
    /// diagram's files i-p, drawn apart and lettered a-h).
    pub diagram: Diagram,
    pub last_turn: Option<LastTurn>,
    pub history: Vec<HistoryLine>,
    /// Squares where a pawn may be taken en passant now.
    pub en_passant: Vec<Square>,
    pub claimable: Option<DrawRule>,
    pub halfmove_clock: u32,
    pub outcome: Option<Outcome>,
}

/// The diagram of a board: every piece by its label (letter, `'` for the
/// second army, `*` for unpaired) and its figure with the same marks,
/// missing squares blank, drawn at `offset` files to the right.
fn draw(diagram: &mut Diagram, position: &Position, offset: u8) {
    let geometry = &position.variant().geometry;
    for square in geometry.squares() {
        let at = Square::new(square.file() + offset, square.rank()).expect("within 16 files");
        let cell = match position.piece_at(square) {
            None => Cell::Empty,
            Some(piece) => {
                let variant = position.variant();
                if piece.owner == position.turn()
                    && variant.kind(piece.kind).royal
                    && position.is_attacked(square, piece.owner.other())
                {
                    diagram.check.push(at);
                }
                let mut marks = Vec::new();
                if !variant.army(piece.army).suffix.is_empty() {
                    marks.push(Mark::SecondArmy);
                }
                if piece.marks.has(UNPAIRED) {
                    marks.push(Mark::Unpaired);
                }
                let role = piece.kind.drawn().expect("orthodox pieces only");
                Cell::marked(
                    variant.label(piece),
                    piece.owner,
                    Figure::Orthodox(role),
                    marks,
                )
            }
        };
        diagram.set(at, cell);
    }
}

/// The en passant squares a legal turn may take now.
fn en_passant_squares(position: &ReflectionPosition) -> Vec<Square> {
    let mut squares = Vec::new();
    for played in position.legal() {
        for mv in played.turn.moves() {
            let boards: Vec<&Position> = match position.board() {
                Board::Pairs(p) => vec![p],
                Board::Two(two) => two.boards.iter().collect(),
            };
            for board in boards {
                let ep = board
                    .step_of(mv)
                    .filter(|s| s.kind == crate::rules::chesslike::StepKind::EnPassant);
                if let Some(step) = ep
                    && board
                        .piece_at(mv.from)
                        .is_some_and(|p| p.owner == position.turn())
                    && !squares.contains(&step.to)
                {
                    squares.push(step.to);
                }
            }
        }
    }
    squares
}

/// Builds the view of a position (the game's only place for it).
pub fn build(
    position: &ReflectionPosition,
    bottom: Seat,
    last_turn: Option<LastTurn>,
    history: Vec<HistoryLine>,
    claimable: Option<DrawRule>,
    outcome: Option<Outcome>,
) -> ReflectionView {
    let config = *position.config();
    let mut diagram = match position.board() {
        Board::Pairs(p) => {
            let mut diagram = Diagram::empty(&p.variant().geometry, bottom);
            draw(&mut diagram, p, 0);
            diagram
        }
        Board::Two(two) => {
            let mut diagram = Diagram::empty(&Geometry::rectangle(16, 8), bottom);
            draw(&mut diagram, &two.boards[0], 0);
            draw(&mut diagram, &two.boards[1], 8);
            diagram.boards = 2;
            diagram
        }
    };
    if let Some(last) = &last_turn {
        let two = config.layout == Layout::TwoBoards;
        for (i, mv) in last.turn.moves().enumerate() {
            let shift = |sq: Square| {
                let offset = if two && i == 1 { 8 } else { 0 };
                Square::new(sq.file() + offset, sq.rank()).expect("within 16 files")
            };
            diagram.highlight.push(shift(mv.from));
            diagram.highlight.push(shift(mv.to));
        }
    }
    let over = outcome.is_some();
    ReflectionView {
        config,
        position: position.text(),
        bottom,
        turn: position.turn(),
        check: position.in_check(position.turn()),
        diagram,
        last_turn,
        history,
        en_passant: if over {
            Vec::new()
        } else {
            en_passant_squares(position)
        },
        claimable,
        halfmove_clock: position.halfmove_clock(),
        outcome,
    }
}

/// The legend: the letters, the armies, the marks, and how squares reflect.
fn legend(config: &Config) -> Vec<String> {
    let mut lines = vec![
        "K Q R B N P: king, queen, rook, bishop, knight, pawn; upper case White, lower case \
         Black"
            .to_string(),
    ];
    match config.layout {
        Layout::TwoBoards => {
            lines.push(
                "Board 1 is drawn on the left, board 2 on the right, each lettered a-h".to_string(),
            );
            return lines;
        }
        Layout::Halves => lines.push(
            "No mark: a player's South army (pawns move up); ' after the letter: the North \
             army (pawns move down)"
                .to_string(),
        ),
        _ => lines.push(
            "No mark: White's South and Black's West army (pawns move up, and right); ' after \
             the letter: White's North and Black's East army (pawns move down, and left)"
                .to_string(),
        ),
    }
    lines.push("*: a piece without its reflection, which moves alone".to_string());
    let example = |seat: Seat, name: &str| {
        let square = Square::parse(name).expect("a square");
        format!("{name}-{}", config.reflect(seat, square))
    };
    lines.push(match (config.symmetry, config.layout) {
        (Symmetry::Reverse, _) => format!(
            "Reflections are a half turn apart: {}, {}",
            example(Seat::White, "e2"),
            example(Seat::Black, "b5")
        ),
        (Symmetry::Mirror, Layout::Halves) => format!(
            "Reflections mirror each other top to bottom: {}",
            example(Seat::White, "b2")
        ),
        (Symmetry::Mirror, _) => format!(
            "White's reflections mirror top to bottom ({}), Black's left to right ({})",
            example(Seat::White, "e2"),
            example(Seat::Black, "b5")
        ),
    });
    lines
}

impl View for ReflectionView {
    fn present(&self) -> Presentation {
        let mut facts = Vec::new();
        turn_facts(&mut facts, self.outcome.as_ref(), self.turn, self.check);
        if let Some(last) = &self.last_turn {
            facts.push(format!(
                "Last turn: {}",
                numbered(last.number, last.seat, &last.text)
            ));
        }
        if self.outcome.is_none() {
            for square in &self.en_passant {
                facts.push(format!("En passant capture possible on {square}"));
            }
            draw_facts(&mut facts, None, self.claimable, self.halfmove_clock);
        }
        facts.push(format!("Options: {}", self.config));
        Presentation {
            diagram: Some(self.diagram.clone()),
            legend: legend(&self.config),
            facts,
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        self.history.clone()
    }
}
