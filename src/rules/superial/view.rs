//! What a viewer sees of a Superial Chess game: everything (the game hides
//! nothing), drawn from the viewer's side.

use serde::Serialize;

use super::board::Cube;
use super::display::{Last, colour_map, draw_facts, face, shade};
use super::game::Superial;
use crate::rules::chess::{DrawRule, bottom_seat, numbered, turn_facts};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Cell, Diagram, Figure, HistoryLine, Outcome, Presentation, Seat, View, Viewer};

/// A cube where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedCube {
    pub square: Square,
    pub cube: Cube,
}

/// A Superial Chess game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SuperialView {
    /// The position string.
    pub position: String,
    pub size: u8,
    pub cubes: Vec<PlacedCube>,
    /// The side drawn at the bottom: Black for Black's player, else White.
    pub bottom: Seat,
    pub turn: Seat,
    /// Random moves each player had (0 for a game without).
    pub random_moves: u8,
    /// Random moves left, White's and Black's.
    pub random_left: [u8; 2],
    /// Whether the viewer is a player with a random move left, in a game
    /// still on: only they are told how to write one.
    pub may_throw: bool,
    /// Actions since the last capture or random move.
    pub quiet: u32,
    pub claimable: Option<DrawRule>,
    pub last: Option<Last>,
    pub history: Vec<HistoryLine>,
    pub outcome: Option<Outcome>,
}

impl SuperialView {
    /// The view of `game` for `viewer`: the one place views are made.
    pub(super) fn build(game: &Superial, viewer: Viewer) -> SuperialView {
        SuperialView {
            position: game.setup().write(),
            size: game.board.size(),
            cubes: game
                .board
                .tokens()
                .map(|(square, cube)| PlacedCube { square, cube })
                .collect(),
            bottom: bottom_seat(viewer),
            turn: game.side,
            random_moves: game.settings.random_moves,
            random_left: game.random_left,
            may_throw: match viewer {
                Viewer::Seat(seat) => game.outcome.is_none() && game.random_left(seat) > 0,
                Viewer::Spectator | Viewer::Host => false,
            },
            quiet: game.quiet,
            claimable: game.claimable(),
            last: game.last.clone(),
            history: game.history.clone(),
            outcome: game.outcome.clone(),
        }
    }
}

impl View for SuperialView {
    fn present(&self) -> Presentation {
        let geometry = Geometry::rectangle(self.size, self.size);
        let mut diagram = Diagram::empty(&geometry, self.bottom);
        for placed in &self.cubes {
            diagram.set(
                placed.square,
                Cell::piece(
                    placed.cube.label(),
                    placed.cube.team,
                    Figure::Cube(face(placed.cube.aspect)),
                ),
            );
        }
        shade(&mut diagram);
        // Slashers cross the edges.
        diagram.torus = true;
        if let Some(last) = &self.last {
            diagram.highlight = last.squares.clone();
        }

        let mut facts = Vec::new();
        turn_facts(&mut facts, self.outcome.as_ref(), self.turn, false);
        if let Some(last) = &self.last {
            facts.push(format!(
                "Last action: {}",
                numbered(last.number, last.seat, &last.text)
            ));
        }
        let count = |team| self.cubes.iter().filter(|p| p.cube.team == team).count();
        facts.push(format!(
            "Cubes: White {}, Black {}",
            count(Seat::White),
            count(Seat::Black)
        ));
        if self.random_moves > 0 || self.random_left != [0, 0] {
            facts.push(format!(
                "Random moves left: White {}, Black {}{}",
                self.random_left[0],
                self.random_left[1],
                if self.may_throw {
                    " (write: random)"
                } else {
                    ""
                }
            ));
        }
        if self.outcome.is_none() {
            draw_facts(
                &mut facts,
                self.claimable,
                self.quiet,
                "Turns without a capture or random move",
            );
        }

        let mut legend = colour_map(&diagram);
        legend.extend([
            "Wo W+ WX: White's pusher, hopper, slasher; Bo B+ BX: Black's".to_string(),
            "Home colours: white for White's cubes, black for Black's".to_string(),
            "A cube changes aspect only off its home colour".to_string(),
        ]);
        Presentation {
            diagram: Some(diagram),
            legend,
            facts,
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        self.history.clone()
    }
}
