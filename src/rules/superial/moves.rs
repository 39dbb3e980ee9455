//! The cube engine: what a cube may do (moves with their pushes, hop chains
//! and slash chains, aspect changes), and what doing it does to the board.
//!
//! Everything here is generic over [`Token`], so the hybrid's board, where
//! chess pieces stand among the cubes, uses the same code: a chess piece is
//! pushed, hopped and slashed like any token, and a capture turns it over.

use serde::{Deserialize, Serialize};

use super::board::{Aspect, Board, Colour, Cube, Token};
use crate::rules::Seat;
use crate::rules::geometry::{Geometry, Square};

/// The four orthogonal directions: pushers and hoppers.
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The four diagonal directions: slashers.
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One leg of a move: the token jumped on the way, if any, and the square
/// landed on. A pusher's step (the push is implied), a hopper's two-square
/// move and a slasher's diagonal step jump nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Square>,
    pub to: Square,
}

/// A cube's move: its legs, and the aspect it turns to at the end, if it
/// changes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub steps: Vec<Step>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aspect: Option<Aspect>,
}

impl Move {
    /// Where the cube ends.
    pub fn to(&self) -> Square {
        self.steps.last().map_or(self.from, |s| s.to)
    }

    /// Whether it jumps anything (a hop or slash chain).
    pub fn is_chain(&self) -> bool {
        self.steps.iter().any(|s| s.over.is_some())
    }

    /// The same path, without an aspect change.
    pub fn path(&self) -> Move {
        Move {
            aspect: None,
            ..self.clone()
        }
    }

    /// Every square the move touches: start, jumped cubes and landings.
    pub fn squares(&self) -> Vec<Square> {
        let mut squares = vec![self.from];
        for step in &self.steps {
            squares.extend(step.over);
            squares.push(step.to);
        }
        squares
    }
}

/// One action of a cube: a move, or an aspect change instead of moving.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeAction {
    Move(Move),
    Change { at: Square, aspect: Aspect },
}

impl CubeAction {
    /// The square of the cube that acts.
    pub fn from(&self) -> Square {
        match self {
            CubeAction::Move(mv) => mv.from,
            CubeAction::Change { at, .. } => *at,
        }
    }
}

/// What an action did besides moving its cube.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The tokens a pusher moved, where each now stands.
    pub pushed: Vec<Square>,
    /// The tokens captured (turned over), where each now stands.
    pub captured: Vec<Square>,
}

/// Whether a cube of `team` may change aspect on `square`: only off its
/// home colour.
pub fn may_change(team: Seat, square: Square) -> bool {
    Colour::of(square) != Colour::home(team)
}

/// Every action of `team`'s cubes, cube by cube from a1: each path without
/// and (off the home colour) with each aspect change, and the aspect
/// changes instead of moving.
pub fn actions<T: Token>(board: &Board<T>, team: Seat) -> Vec<CubeAction> {
    let mut actions = Vec::new();
    for (square, token) in board.tokens() {
        if token.team() == team
            && let Some(cube) = token.cube()
        {
            actions.extend(actions_of(board, square, cube));
        }
    }
    actions
}

/// Every action of the cube `cube` on `from`.
pub fn actions_of<T: Token>(board: &Board<T>, from: Square, cube: Cube) -> Vec<CubeAction> {
    let mut actions = Vec::new();
    for path in paths(board, from, cube.aspect) {
        let to = path.to();
        actions.push(CubeAction::Move(path.clone()));
        if may_change(cube.team, to) {
            for aspect in cube.aspect.others() {
                actions.push(CubeAction::Move(Move {
                    aspect: Some(aspect),
                    ..path.clone()
                }));
            }
        }
    }
    if may_change(cube.team, from) {
        for aspect in cube.aspect.others() {
            actions.push(CubeAction::Change { at: from, aspect });
        }
    }
    actions
}

/// Every path of a cube of `aspect` on `from` (no aspect changes).
pub fn paths<T: Token>(board: &Board<T>, from: Square, aspect: Aspect) -> Vec<Move> {
    let mut found = Vec::new();
    match aspect {
        Aspect::Pusher => pusher(board, from, &mut found),
        Aspect::Hopper => hopper(board, from, &mut found),
        Aspect::Slasher => slasher(board, from, &mut found),
    }
    found
        .into_iter()
        .map(|steps| Move {
            from,
            steps,
            aspect: None,
        })
        .collect()
}

/// The squares a pusher stepping from `from` to `to` pushes, nearest
/// first, or `None` when the line has no empty square at its far end.
pub(super) fn push_line<T: Token>(
    board: &Board<T>,
    from: Square,
    to: Square,
) -> Option<Vec<Square>> {
    let (df, dr) = direction(from, to);
    let mut line = Vec::new();
    let mut at = to;
    while !board.is_empty(at) {
        line.push(at);
        at = board.flat().offset(at, df, dr)?;
    }
    Some(line)
}

/// The unit step from one square to an orthogonally adjacent one.
fn direction(from: Square, to: Square) -> (i8, i8) {
    (
        (to.file() as i8 - from.file() as i8).signum(),
        (to.rank() as i8 - from.rank() as i8).signum(),
    )
}

fn pusher<T: Token>(board: &Board<T>, from: Square, found: &mut Vec<Vec<Step>>) {
    for (df, dr) in ORTHOGONAL {
        if let Some(to) = board.flat().offset(from, df, dr)
            && push_line(board, from, to).is_some()
        {
            found.push(vec![Step { over: None, to }]);
        }
    }
}

fn hopper<T: Token>(board: &Board<T>, from: Square, found: &mut Vec<Vec<Step>>) {
    let flat = board.flat();
    // The start is empty while the cube is under way.
    let occupied = |sq: Square| sq != from && !board.is_empty(sq);
    for (df, dr) in ORTHOGONAL {
        if let Some(middle) = flat.offset(from, df, dr)
            && let Some(to) = flat.offset(middle, df, dr)
            && !occupied(middle)
            && !occupied(to)
        {
            found.push(vec![Step { over: None, to }]);
        }
    }
    let mut chain = Chain {
        found,
        steps: Vec::new(),
        visited: vec![from],
    };
    hops(flat, &occupied, from, &mut chain);
}

/// A chain under construction: its legs, the squares stood on (the start
/// included), and the finished chains so far.
struct Chain<'a> {
    found: &'a mut Vec<Vec<Step>>,
    steps: Vec<Step>,
    visited: Vec<Square>,
}

impl Chain<'_> {
    /// Takes a leg, records the chain so far, explores on with `more`, and
    /// takes the leg back.
    fn leg(&mut self, step: Step, more: impl FnOnce(&mut Self)) {
        self.steps.push(step);
        self.visited.push(step.to);
        self.found.push(self.steps.clone());
        more(self);
        self.steps.pop();
        self.visited.pop();
    }
}

fn hops(flat: &Geometry, occupied: &dyn Fn(Square) -> bool, at: Square, chain: &mut Chain<'_>) {
    for (df, dr) in ORTHOGONAL {
        let Some(over) = flat.offset(at, df, dr) else {
            continue;
        };
        if !occupied(over) || chain.steps.iter().any(|s| s.over == Some(over)) {
            continue;
        }
        for (ef, er) in ORTHOGONAL {
            if (ef, er) == (-df, -dr) {
                continue;
            }
            let Some(to) = flat.offset(over, ef, er) else {
                continue;
            };
            if occupied(to) || chain.visited.contains(&to) {
                continue;
            }
            let step = Step {
                over: Some(over),
                to,
            };
            chain.leg(step, |chain| hops(flat, occupied, to, chain));
        }
    }
}

fn slasher<T: Token>(board: &Board<T>, from: Square, found: &mut Vec<Vec<Step>>) {
    let torus = board.torus();
    let occupied = |sq: Square| sq != from && !board.is_empty(sq);
    for (df, dr) in DIAGONAL {
        if let Some(to) = torus.offset(from, df, dr)
            && !occupied(to)
        {
            found.push(vec![Step { over: None, to }]);
        }
    }
    let mut chain = Chain {
        found,
        steps: Vec::new(),
        visited: vec![from],
    };
    slashes(torus, &occupied, from, &mut chain);
}

fn slashes(torus: &Geometry, occupied: &dyn Fn(Square) -> bool, at: Square, chain: &mut Chain<'_>) {
    for (df, dr) in DIAGONAL {
        let Some(over) = torus.offset(at, df, dr) else {
            continue;
        };
        let Some(to) = torus.offset(over, df, dr) else {
            continue;
        };
        if !occupied(over) || occupied(to) || chain.visited.contains(&to) {
            continue;
        }
        let step = Step {
            over: Some(over),
            to,
        };
        chain.leg(step, |chain| slashes(torus, occupied, to, chain));
    }
}

/// Plays a cube action that [`actions`] generated, on `board`: moves the
/// cube, pushes, captures and changes aspect. Returns what it did to other
/// tokens.
///
/// # Panics
/// If no cube stands on the action's square (the caller checked legality).
pub fn play<T: Token>(board: &mut Board<T>, action: &CubeAction) -> Effect {
    let mut effect = Effect::default();
    match action {
        CubeAction::Change { at, aspect } => {
            let token = board.get(*at).expect("a cube to change");
            board.set(*at, Some(token.with_aspect(*aspect)));
        }
        CubeAction::Move(mv) => {
            let token = board.get(mv.from).expect("a cube to move");
            let cube = token.cube().expect("only cubes move by the cube rules");
            let home = Colour::home(cube.team);
            board.set(mv.from, None);
            let capture = |board: &mut Board<T>, square: Square, effect: &mut Effect| {
                if let Some(victim) = board.get(square)
                    && victim.team() != cube.team
                {
                    board.set(square, Some(victim.turned()));
                    effect.captured.push(square);
                }
            };
            match cube.aspect {
                Aspect::Pusher => {
                    let to = mv.to();
                    let (df, dr) = direction(mv.from, to);
                    let line = push_line(board, mv.from, to).expect("a legal push");
                    // The far end first, so that no token is overwritten.
                    let mut pushed = Vec::new();
                    for &square in line.iter().rev() {
                        let ahead = board.flat().offset(square, df, dr).expect("checked");
                        board.set(ahead, board.get(square));
                        board.set(square, None);
                        pushed.push(ahead);
                    }
                    pushed.reverse();
                    for &square in &pushed {
                        if Colour::of(square) == home {
                            capture(board, square, &mut effect);
                        }
                    }
                    effect.pushed = pushed;
                }
                Aspect::Hopper => {
                    for over in mv.steps.iter().filter_map(|s| s.over) {
                        if Colour::of(over) == home {
                            capture(board, over, &mut effect);
                        }
                    }
                }
                Aspect::Slasher => {
                    for over in mv.steps.iter().filter_map(|s| s.over) {
                        capture(board, over, &mut effect);
                    }
                }
            }
            let moved = match mv.aspect {
                Some(aspect) => token.with_aspect(aspect),
                None => token,
            };
            board.set(mv.to(), Some(moved));
        }
    }
    effect
}
